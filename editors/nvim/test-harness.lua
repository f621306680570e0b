-- The machinery of test.lua: runs its steps in a coroutine that yields to the editor while it
-- waits (so keys, server messages and timers are handled as in real use), types keys, finds
-- things in buffers and windows, counts checks, and quits with status 1 on any failure.
local M = {}
local failures, passes = {}, {}
local test -- the coroutine running the steps
vim.o.showmode = false
vim.opt.shortmess:append('c')

function M.check(ok, what, detail)
  if ok then
    table.insert(passes, what)
  else
    table.insert(failures, what .. (detail and (': ' .. detail) or ''))
  end
  return ok
end
local check = M.check

local function finish()
  local version = vim.version()
  local name = string.format('Neovim %d.%d.%d', version.major, version.minor, version.patch)
  if #failures > 0 then
    io.stderr:write('\nFAIL (' .. name .. ')\n  ' .. table.concat(failures, '\n  ') .. '\n')
    vim.cmd('cquit 1')
  else
    io.stdout:write('\n' .. #passes .. ' checks passed on ' .. name .. '\n')
    vim.cmd('qall!')
  end
end

local function resume()
  local ok, err = coroutine.resume(test)
  if not ok then
    check(false, 'the test script', debug.traceback(test, err))
    finish()
  end
end

-- Runs `steps` (a function) to its end, or fails after `seconds`.
function M.run(steps, seconds)
  test = coroutine.create(function()
    steps()
    finish()
  end)
  vim.defer_fn(function()
    check(false, 'finished within ' .. seconds .. ' s')
    finish()
  end, seconds * 1000)
  resume()
end

-- Lets the editor run (keys, server messages, timers) for `ms` milliseconds.
local function sleep(ms)
  vim.defer_fn(resume, ms)
  coroutine.yield()
end

-- Waits until `condition` returns a true value, and returns it (nil after `ms`).
function M.wait_for(condition, ms)
  local deadline = vim.loop.now() + (ms or 20000)
  repeat
    local ok, value = pcall(condition)
    if ok and value then
      return value
    end
    sleep(50)
  until vim.loop.now() > deadline
end
local wait_for = M.wait_for

-- Types keys as the user would, with mappings.
function M.type_keys(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'mt', false)
end

function M.mode()
  return vim.api.nvim_get_mode().mode
end

function M.lines(buffer)
  return vim.api.nvim_buf_get_lines(buffer or 0, 0, -1, false)
end
local lines = M.lines

-- The language server clients attached to a buffer.
function M.clients(buffer)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = buffer })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(buffer))
end
local clients = M.clients

function M.codes(buffer)
  local found = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
    local lsp = diagnostic.user_data and diagnostic.user_data.lsp or {}
    table.insert(found, tostring(diagnostic.code or lsp.code))
  end
  return found
end

-- Diagnostics drawn in the buffer (underlines or virtual text), not only stored.
function M.drawn_diagnostics(buffer)
  local count = 0
  for _, namespace in pairs(vim.diagnostic.get_namespaces()) do
    local data = namespace.user_data or {}
    for _, drawn in ipairs({ data.underline_ns, data.virt_text_ns }) do
      count = count + #vim.api.nvim_buf_get_extmarks(buffer, drawn, 0, -1, {})
    end
  end
  return count
end

-- Opens a file of the test folder (written first if `text` is given) and waits for the server.
function M.open(name, text)
  local path = vim.env.TRELLIS_TEST_DIR .. '/' .. name
  if text then
    vim.fn.writefile(vim.split(text, '\n', true), path)
  end
  vim.cmd('edit! ' .. vim.fn.fnameescape(path))
  local buffer = vim.api.nvim_get_current_buf()
  check(wait_for(function()
    return #clients(buffer) > 0
  end), name .. ': trellis-lsp attached')
  return buffer
end

-- Puts the cursor on the first match of a Lua pattern (at its start, or at `offset` in it),
-- on a line followed by one that matches `next` if given. Returns the line's number.
function M.go_to(pattern, offset, next)
  local all = lines()
  for number, text in ipairs(all) do
    local column = text:find(pattern)
    if column and (next == nil or (all[number + 1] or ''):find(next)) then
      vim.api.nvim_win_set_cursor(0, { number, column - 1 + (offset or 0) })
      return number
    end
  end
  check(false, 'found ' .. pattern)
end

local function floating_windows()
  return vim.tbl_filter(function(window)
    return vim.api.nvim_win_get_config(window).relative ~= ''
  end, vim.api.nvim_list_wins())
end

-- The text of the first floating window (a hover), or nil.
function M.floating_text()
  local window = floating_windows()[1]
  return window and table.concat(lines(vim.api.nvim_win_get_buf(window)), '\n')
end

-- The words of the completion menu once it shows (typed keys opened it), or an empty list.
function M.completion_words()
  return M.wait_for(function()
    local found = {}
    for _, item in ipairs(vim.fn.complete_info({ 'items' }).items) do
      table.insert(found, item.word)
    end
    return #found > 0 and found
  end) or {}
end

function M.close_floating_windows()
  for _, window in ipairs(floating_windows()) do
    vim.api.nvim_win_close(window, true)
  end
end

return M
