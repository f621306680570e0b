-- Starts trellis-lsp for a buffer on Neovim 0.7 to 0.10 (0.11+ uses vim.lsp.enable): the
-- configuration in lsp/trellis.lua with vim.g.trellis_lsp over it, one client per project root.
local M = {}

function M.config()
  local path = vim.api.nvim_get_runtime_file('lsp/trellis.lua', false)[1]
  local config = path and dofile(path) or {}
  return vim.tbl_deep_extend('force', config, vim.g.trellis_lsp or {})
end

-- The nearest folder at or above the file's that holds one of the markers (as 0.11's
-- root_markers), else the file's folder.
local function root(file, markers)
  local folder = vim.fn.fnamemodify(file, ':p:h')
  local nearest
  for _, marker in ipairs(markers or {}) do
    local directory, plain = vim.fn.finddir(marker, folder .. ';'), vim.fn.findfile(marker, folder .. ';')
    local found = directory ~= '' and vim.fn.fnamemodify(directory, ':p:h:h')
      or plain ~= '' and vim.fn.fnamemodify(plain, ':p:h')
      or nil
    if found and (nearest == nil or #found > #nearest) then
      nearest = found
    end
  end
  return nearest or folder
end

local warned = false
local clients = {} -- root folder → client id (0.7, which has no vim.lsp.start)

function M.start(buffer)
  local config = M.config()
  local file = vim.api.nvim_buf_get_name(buffer)
  if file == '' or vim.bo[buffer].buftype ~= '' or not vim.tbl_contains(config.filetypes, vim.bo[buffer].filetype) then
    return
  end
  -- Of TOML buffers, the project file alone.
  if vim.bo[buffer].filetype == 'toml' and vim.fn.fnamemodify(file, ':t') ~= 'trellis.toml' then
    return
  end
  if vim.fn.executable(config.cmd[1]) == 0 then
    if not warned then
      warned = true
      vim.notify(config.cmd[1] .. ' is not on PATH: Trellis files get highlighting only', vim.log.levels.WARN)
    end
    return
  end
  local settings = {
    name = 'trellis',
    cmd = config.cmd,
    root_dir = root(file, config.root_markers),
    settings = config.settings,
    init_options = config.init_options or (config.settings or {}).trellis,
  }
  if vim.lsp.start then
    vim.api.nvim_buf_call(buffer, function()
      vim.lsp.start(settings, { bufnr = buffer })
    end)
    return
  end
  local id = clients[settings.root_dir]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    settings.on_attach = require('trellis.attach').buffer
    id = vim.lsp.start_client(settings)
    clients[settings.root_dir] = id
  end
  if id then
    vim.lsp.buf_attach_client(buffer, id)
  end
end

return M
