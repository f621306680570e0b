-- Headless test of the Neovim package with the real trellis-lsp (run by test.sh):
-- a broken copy of demo 4 gets diagnostics, a hover on the product row shows its frames
-- and arithmetic, and inlay hints carry the computed lengths.
local failures = {}
local function check(condition, message)
  if not condition then
    table.insert(failures, message)
  end
end

local folder = vim.env.TRELLIS_TEST_DIR
local example = folder .. '/GridLayoutDemo4.trellis'
local broken = folder .. '/broken.trellis'

-- The broken copy: `,` between two cells (S007).
vim.cmd('edit ' .. vim.fn.fnameescape(broken))
local buffer = vim.api.nvim_get_current_buf()
check(vim.bo[buffer].filetype == 'trellis', 'filetype is ' .. vim.bo[buffer].filetype)
vim.wait(30000, function()
  return #vim.diagnostic.get(buffer) > 0
end, 50)
local codes = {}
for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
  table.insert(codes, tostring(diagnostic.code or (diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code)))
end
check(vim.tbl_contains(codes, 'S007'), 'diagnostics on the broken copy: ' .. table.concat(codes, ','))

-- The example: a hover on `fill cols {` of the product row, and inlay hints.
vim.cmd('edit ' .. vim.fn.fnameescape(example))
buffer = vim.api.nvim_get_current_buf()
vim.wait(30000, function()
  return #vim.lsp.buf_get_clients(buffer) > 0
end, 50)
local line
local lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, false)
for number, text in ipairs(lines) do
  if text == '  fill cols {' and (lines[number + 1] or ''):match('^    card') and line == nil then
    line = number - 1
  end
end
check(line ~= nil, 'the product row is in the example')
local position = { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = { line = line or 0, character = 3 } }
local hover = vim.lsp.buf_request_sync(buffer, 'textDocument/hover', position, 30000) or {}
local text = ''
for _, reply in pairs(hover) do
  if reply.result and reply.result.contents then
    text = reply.result.contents.value or ''
  end
end
check(text:find('(667 − 20 − 120 − 20 − 150 − 5) / 2 = 176', 1, true) ~= nil, 'hover: ' .. text)
check(text:find('| 375x667@2x |', 1, true) ~= nil and text:find('0,305 375×176', 1, true) ~= nil, 'hover frame: ' .. text)

local range = { start = { line = line or 0, character = 0 }, ['end'] = { line = (line or 0) + 1, character = 0 } }
local hints = vim.lsp.buf_request_sync(buffer, 'textDocument/inlayHint', { textDocument = position.textDocument, range = range }, 30000) or {}
local labels = {}
for _, reply in pairs(hints) do
  for _, hint in ipairs(reply.result or {}) do
    table.insert(labels, hint.label)
  end
end
check(vim.tbl_contains(labels, '▸ 176'), 'inlay hints: ' .. table.concat(labels, ' '))

if #failures > 0 then
  io.stderr:write('FAIL\n' .. table.concat(failures, '\n') .. '\n')
  vim.cmd('cquit 1')
else
  io.stdout:write('nvim: diagnostics, hover and inlay hints OK\n')
  vim.cmd('qall!')
end
