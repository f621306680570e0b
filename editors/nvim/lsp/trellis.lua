-- trellis-lsp's client configuration, read by Neovim 0.11+ (`vim.lsp.enable('trellis')`, which
-- plugin/trellis.lua calls) and by the package itself on older versions. Change it with
-- `vim.lsp.config('trellis', { … })` on 0.11+, or `vim.g.trellis_lsp = { … }` on any version.
-- Settings (all optional) go in `settings.trellis`: viewports, target, rtl, diagnosticsBaseURL.
-- JSON buffers get the server too: it answers for grid dictionaries and ignores other JSON.
-- Of TOML buffers, the project file alone (trellis.toml): its mistakes, hovers and completion.
local markers = { 'trellis.toml', '.git', 'Package.swift' }
return {
  cmd = { 'trellis-lsp' },
  filetypes = { 'trellis', 'json', 'toml' },
  -- The nearest project file first: a project's files `use` each other's templates.
  root_markers = markers,
  -- 0.11+: no client for a TOML buffer other than trellis.toml (Cargo.toml, say).
  root_dir = function(buffer, on_dir)
    local file = vim.api.nvim_buf_get_name(buffer)
    if vim.bo[buffer].filetype == 'toml' and vim.fs.basename(file) ~= 'trellis.toml' then
      return
    end
    on_dir(vim.fs.root(buffer, markers) or vim.fs.dirname(file))
  end,
  settings = { trellis = {} },
}
