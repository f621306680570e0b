-- What the package does when trellis-lsp attaches to a buffer: diagnostics shown while typing,
-- inlay hints on 0.10+, and the keymaps and options Neovim sets by itself only in later versions
-- (`K`, `[d`, `]d`, 'omnifunc' and, for Trellis files, 'formatexpr' before 0.10; `grn`, `gra`,
-- `grr` before 0.11; `gd` everywhere). A key the user has mapped already is left alone.
--
-- A JSON buffer gets them only while it is a grid dictionary, as the server decides (checked
-- when the server attaches and each time the buffer is written): other JSON keeps `K`, `gd`
-- and 'omnifunc' as they were. 'formatexpr' is never set for JSON, which the server does not
-- format: `gq` stays with Vim or the user's JSON tools.
local M = {}

local function option(name, default)
  local value = vim.g['trellis_' .. name]
  if value == nil then
    return default
  end
  return value
end

-- What the package set per buffer: { keys = { lhs, … }, omnifunc = true, hints = true }.
local installed = {}

local function map(buffer, lhs, rhs, desc)
  vim.api.nvim_buf_call(buffer, function()
    if vim.fn.maparg(lhs, 'n') == '' then
      vim.keymap.set('n', lhs, rhs, { buffer = buffer, desc = 'Trellis: ' .. desc })
      table.insert(installed[buffer].keys, lhs)
    end
  end)
end

local function diagnostics_while_typing(client)
  local namespaces = { vim.lsp.diagnostic.get_namespace(client.id) }
  if vim.fn.has('nvim-0.10') == 1 then
    table.insert(namespaces, vim.lsp.diagnostic.get_namespace(client.id, true))
  end
  for _, namespace in ipairs(namespaces) do
    vim.diagnostic.config({ update_in_insert = true }, namespace)
  end
end

-- The keys of a grid dictionary in either dialect (Sources/TrellisSyntax/GridSchema.swift).
local grid_keys = {}
for _, key in ipairs({ 'size', 'padding', 'space', 'spacing', 'gravity', 'overlap', 'anchor', 'placeholder',
  'tag', 'action', 'action-data', 'top-borderline', 'left-borderline', 'bottom-borderline',
  'right-borderline', 'rows', 'cols' }) do
  grid_keys[key] = true
end

-- Whether JSON text is a grid dictionary as trellis-lsp decides (GridDictionaryShape): an
-- object at the root with a grid key among its members, or with no member. Tolerant as the
-- server is: the root's keys read before a syntax error count.
function M.is_grid_dictionary(text)
  local index = text:find('[^ \t\r\n]', text:sub(1, 3) == '\239\187\191' and 4 or 1)
  if not index or text:sub(index, index) ~= '{' then
    return false
  end
  local depth, members = 0, 0
  while true do
    index = text:find('[{}%[%]"]', index)
    if not index then
      return members == 0
    end
    local c = text:sub(index, index)
    if c == '"' then
      local stop = index + 1
      while true do
        stop = text:find('["\\\n]', stop)
        if not stop or text:sub(stop, stop) ~= '\\' then
          break
        end
        stop = stop + 2
      end
      if not stop or text:sub(stop, stop) == '\n' then
        return members == 0
      end
      if depth == 1 and text:find('^[ \t\r\n]*:', stop + 1) then
        members = members + 1
        local key = text:sub(index + 1, stop - 1)
        if key:find('\\', 1, true) then
          local ok, decoded = pcall(vim.json.decode, '"' .. key .. '"')
          key = ok and decoded or key
        end
        if grid_keys[key] then
          return true
        end
      end
      index = stop + 1
    else
      depth = depth + ((c == '{' or c == '[') and 1 or -1)
      if depth == 0 then
        return members == 0
      end
      index = index + 1
    end
  end
end

local function is_grid_buffer(buffer)
  if vim.api.nvim_buf_get_name(buffer):lower():match('%.grid%.json$') then
    return true
  end
  return M.is_grid_dictionary(table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), '\n'))
end

local function install(client, buffer, json)
  installed[buffer] = { keys = {} }
  if vim.fn.has('nvim-0.10') == 1 and option('inlay_hints', true) and client.server_capabilities.inlayHintProvider
    and not vim.lsp.inlay_hint.is_enabled({ bufnr = buffer }) then
    vim.lsp.inlay_hint.enable(true, { bufnr = buffer })
    installed[buffer].hints = true
  end
  map(buffer, 'gd', vim.lsp.buf.definition, 'go to definition')
  if vim.fn.has('nvim-0.11') == 0 then
    map(buffer, 'grn', vim.lsp.buf.rename, 'rename')
    map(buffer, 'gra', vim.lsp.buf.code_action, 'code action')
    map(buffer, 'grr', vim.lsp.buf.references, 'references')
  end
  if vim.fn.has('nvim-0.10') == 0 then
    map(buffer, 'K', vim.lsp.buf.hover, 'hover')
    map(buffer, '[d', vim.diagnostic.goto_prev, 'previous diagnostic')
    map(buffer, ']d', vim.diagnostic.goto_next, 'next diagnostic')
    if vim.bo[buffer].omnifunc == '' then
      vim.bo[buffer].omnifunc = 'v:lua.vim.lsp.omnifunc'
      installed[buffer].omnifunc = true
    end
    if not json and vim.bo[buffer].formatexpr == '' then
      vim.bo[buffer].formatexpr = 'v:lua.vim.lsp.formatexpr(#{timeout_ms: 5000})'
    end
  end
end

-- Takes back what install set in a JSON buffer that is no longer a grid dictionary.
local function uninstall(buffer)
  local set = installed[buffer]
  installed[buffer] = nil
  for _, lhs in ipairs(set.keys) do
    pcall(vim.keymap.del, 'n', lhs, { buffer = buffer })
  end
  if set.omnifunc and vim.bo[buffer].omnifunc == 'v:lua.vim.lsp.omnifunc' then
    vim.bo[buffer].omnifunc = ''
  end
  if set.hints then
    vim.lsp.inlay_hint.enable(false, { bufnr = buffer })
  end
end

local function update_json(client, buffer, attaching)
  local attached = attaching or (vim.lsp.get_client_by_id(client.id) ~= nil and vim.lsp.buf_is_attached(buffer, client.id))
  local grid = attached and is_grid_buffer(buffer)
  if grid and not installed[buffer] then
    install(client, buffer, true)
  elseif not grid and installed[buffer] then
    uninstall(buffer)
  end
end

function M.buffer(client, buffer)
  if option('update_in_insert', true) then
    diagnostics_while_typing(client)
  end
  if vim.bo[buffer].filetype == 'toml' then
    install(client, buffer, true) -- the project file: hover, completion; no formatting
    return
  end
  if vim.bo[buffer].filetype ~= 'json' then
    install(client, buffer, false)
    return
  end
  update_json(client, buffer, true)
  local group = vim.api.nvim_create_augroup('trellis_json_' .. buffer, { clear = true })
  vim.api.nvim_create_autocmd('BufWritePost', {
    group = group,
    buffer = buffer,
    callback = function()
      update_json(client, buffer)
    end,
  })
  vim.api.nvim_create_autocmd('BufWipeout', {
    group = group,
    buffer = buffer,
    callback = function()
      installed[buffer] = nil
      pcall(vim.api.nvim_del_augroup_by_id, group)
    end,
  })
end

return M
