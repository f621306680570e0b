-- trellis-lsp for Neovim 0.11+: put this folder on 'runtimepath', then
--   vim.lsp.enable('trellis')
-- Settings (all optional) go in `settings.trellis`: viewports, target, rtl, diagnosticsBaseURL.
return {
  cmd = { 'trellis-lsp' },
  filetypes = { 'trellis' },
  root_markers = { '.git', 'Package.swift' },
  settings = { trellis = {} },
}
