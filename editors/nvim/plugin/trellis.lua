-- Trellis for Neovim 0.7+: trellis-lsp for Trellis and JSON buffers (non-grid JSON is ignored
-- by the server) and the project file, trellis.toml (no other TOML), and the per-buffer setup
-- of lua/trellis/attach.lua. Neovim 0.11+ enables lsp/trellis.lua with vim.lsp.enable; 0.7 to
-- 0.10 start it from lua/trellis/client.lua.
if vim.g.loaded_trellis then
  return
end
vim.g.loaded_trellis = true

local group = vim.api.nvim_create_augroup('trellis', { clear = true })

if vim.fn.has('nvim-0.8') == 1 then
  vim.api.nvim_create_autocmd('LspAttach', {
    group = group,
    callback = function(event)
      local client = vim.lsp.get_client_by_id(event.data.client_id)
      if client and client.name == 'trellis' then
        require('trellis.attach').buffer(client, event.buf)
      end
    end,
  })
end

if vim.fn.has('nvim-0.11') == 1 then
  if vim.g.trellis_lsp then
    vim.lsp.config('trellis', vim.g.trellis_lsp)
  end
  vim.lsp.enable('trellis')
  return
end

vim.api.nvim_create_autocmd('FileType', {
  group = group,
  pattern = { 'trellis', 'json', 'toml' },
  callback = function(event)
    require('trellis.client').start(event.buf)
  end,
})

-- Buffers opened before the plugin was loaded (by a plugin manager, say).
for _, buffer in ipairs(vim.api.nvim_list_bufs()) do
  if vim.api.nvim_buf_is_loaded(buffer) then
    require('trellis.client').start(buffer)
  end
end
