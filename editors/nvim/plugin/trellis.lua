-- Trellis for Neovim: `//` comments, and trellis-lsp on .trellis files and *.grid.json.
-- Neovim 0.11+ uses lsp/trellis.lua through vim.lsp.enable; older versions (0.7 to 0.10)
-- start the same configuration with vim.lsp.start_client.
if vim.g.loaded_trellis then
  return
end
vim.g.loaded_trellis = true

local group = vim.api.nvim_create_augroup('trellis', { clear = true })

vim.api.nvim_create_autocmd('FileType', {
  group = group,
  pattern = 'trellis',
  callback = function()
    vim.bo.commentstring = '// %s'
    vim.bo.comments = '://'
    vim.bo.shiftwidth = 2
    vim.bo.expandtab = true
  end,
})

local function config()
  local ok, found = pcall(dofile, vim.api.nvim_get_runtime_file('lsp/trellis.lua', false)[1] or '')
  if ok and type(found) == 'table' then
    return vim.deepcopy(found)
  end
  return { cmd = { 'trellis-lsp' }, filetypes = { 'trellis' }, settings = { trellis = {} } }
end

local function is_grid_json(buffer)
  return vim.api.nvim_buf_get_name(buffer):match('%.grid%.json$') ~= nil
end

if vim.lsp.config ~= nil and vim.lsp.enable ~= nil then
  -- 0.11+: grid JSON too, then enable.
  vim.lsp.config('trellis', { filetypes = { 'trellis', 'json' }, root_dir = function(buffer, on_dir)
    if vim.bo[buffer].filetype == 'trellis' or is_grid_json(buffer) then
      on_dir(vim.fs.root(buffer, { '.git', 'Package.swift' }) or vim.fn.getcwd())
    end
  end })
  vim.lsp.enable('trellis')
  return
end

-- 0.7 to 0.10: one client for every Trellis buffer.
local client_id = nil

local function attach(buffer)
  if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
    local settings = config()
    client_id = vim.lsp.start_client({
      name = 'trellis',
      cmd = settings.cmd,
      root_dir = vim.fn.getcwd(),
      init_options = settings.settings and settings.settings.trellis or {},
      settings = settings.settings,
    })
  end
  if client_id ~= nil then
    vim.lsp.buf_attach_client(buffer, client_id)
  end
end

vim.api.nvim_create_autocmd('FileType', {
  group = group,
  pattern = { 'trellis', 'json' },
  callback = function(event)
    if vim.bo[event.buf].filetype == 'trellis' or is_grid_json(event.buf) then
      attach(event.buf)
    end
  end,
})
