-- trellis-lsp's client configuration, read by Neovim 0.11+ (`vim.lsp.enable('trellis')`, which
-- plugin/trellis.lua calls) and by the package itself on older versions. Change it with
-- `vim.lsp.config('trellis', { … })` on 0.11+, or `vim.g.trellis_lsp = { … }` on any version.
-- Settings (all optional) go in `settings.trellis`: viewports, target, rtl, diagnosticsBaseURL.
-- JSON buffers get the server too: it answers for grid dictionaries and ignores other JSON.
return {
  cmd = { 'trellis-lsp' },
  filetypes = { 'trellis', 'json' },
  -- The nearest project file first: a project's files `use` each other's templates.
  root_markers = { 'trellis.toml', '.git', 'Package.swift' },
  settings = { trellis = {} },
}
