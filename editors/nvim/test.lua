-- Headless test of the Neovim package with the real trellis-lsp, run by test.sh (Neovim 0.7) and
-- test-0.10.sh (0.10). It types keys as a user would and checks what the editor then holds:
-- a diagnostic drawn while still typing, `K` hover, inlay hints (0.10+), `gd`, indentation
-- (test-indent.lua), omni completion, a quick fix through `gra`, `grn` rename, a template renamed
-- in the files that `use` it (not open), `gq` formatting, highlight groups, and grid and other
-- JSON. Machinery in test-harness.lua.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local t = dofile(here .. '/test-harness.lua')
local indentation_everywhere = dofile(here .. '/test-indent.lua')
local check, wait_for, type_keys, mode, lines = t.check, t.wait_for, t.type_keys, t.mode, t.lines
local open, go_to, codes = t.open, t.go_to, t.codes
local modern = vim.fn.has('nvim-0.10') == 1

local demo = table.concat(vim.fn.readfile(vim.env.TRELLIS_TEST_DIR .. '/GridLayoutDemo4.trellis'), '\n')

local function diagnostics_while_typing()
  local buffer = open('typing.trellis', demo)
  go_to('^  120 // banner', 5)
  type_keys('i, 20 ')
  local shown = wait_for(function()
    return mode() == 'i' and vim.tbl_contains(codes(buffer), 'S007') and t.drawn_diagnostics(buffer) > 0
  end)
  check(shown, 'S007 drawn while still in insert mode', mode() .. ' ' .. table.concat(codes(buffer), ','))
  type_keys('<Esc>')
  wait_for(function()
    return mode() == 'n'
  end)
end

local function hover()
  open('GridLayoutDemo4.trellis')
  go_to('^  fill cols {$', 2, '^    card')
  type_keys('K')
  local text = wait_for(t.floating_text) or ''
  check(text:find('(667 − 20 − 120 − 20 − 150 − 5) / 2 = 176', 1, true), 'K shows the arithmetic of the product row', text)
  check(text:find('0,305 375×176', 1, true), 'K shows the frame of the product row', text)
  t.close_floating_windows()
end

local function inlay_hints()
  local buffer = open('GridLayoutDemo4.trellis')
  local row = go_to('^  fill cols {$', 0, '^    card') - 1
  check(vim.lsp.inlay_hint.is_enabled({ bufnr = buffer }), 'inlay hints enabled on attach')
  local labels = wait_for(function()
    local found = {}
    for _, item in ipairs(vim.lsp.inlay_hint.get({ bufnr = buffer, range = { start = { line = row, character = 0 }, ['end'] = { line = row + 1, character = 0 } } })) do
      local label = item.inlay_hint.label
      table.insert(found, type(label) == 'string' and label or label[1].value)
    end
    return #found > 0 and found
  end) or {}
  check(vim.tbl_contains(labels, '▸ 176'), 'inlay hint ▸ 176 on the product row', table.concat(labels, ' '))
end

local function definition()
  open('GridLayoutDemo4.trellis')
  go_to('^    card tag%(1002%)', 4)
  type_keys('gd')
  local line = wait_for(function()
    local text = vim.api.nvim_get_current_line()
    return text:find('^template') and text
  end)
  check(line == 'template card {', 'gd on a template use goes to its declaration', line or vim.api.nvim_get_current_line())
end

local function indentation()
  local buffer = open('indent.trellis', demo)
  local number = go_to('^  5$')
  type_keys('A cols {<CR>1<CR>}<Esc>')
  local typed = wait_for(function()
    local block = vim.api.nvim_buf_get_lines(buffer, number - 1, number + 2, false)
    return mode() == 'n' and block[3]:find('}', 1, true) and block
  end) or {}
  check(vim.deep_equal(typed, { '  5 cols {', '    1', '  }' }), 'typing a block indents it by braces', vim.inspect(typed))
  vim.cmd('edit!')
end

local function completion_items()
  open('completion.trellis', demo)
  go_to('^  5$')
  type_keys('A <C-x><C-o>')
  local words = t.completion_words()
  type_keys('<C-e><Esc>')
  local offered = table.concat(words, ' ')
  for _, word in ipairs({ 'padding(', 'spacing(', 'tag(', 'rows', 'cols', 'card' }) do
    check(offered:find(word, 1, true), '<C-x><C-o> after a size offers ' .. word, offered)
  end
  check(not offered:find('$', 1, true), 'completion items are plain text, no snippet syntax', offered)
  check(wait_for(function()
    return mode() == 'n'
  end), 'back in normal mode')
  vim.cmd('edit!')
end

local function completion()
  local buffer = open('completion.trellis', demo)
  local number = go_to('^  5$')
  type_keys('A pad<C-x><C-o>')
  local line = wait_for(function()
    local text = lines(buffer)[number]
    return text:match('^  5 pad.') and text
  end) or ''
  type_keys('<Esc>')
  check(line:match('^  5 padding%([%w ]+%)$'), 'omni completion of `pad` writes padding(…) without snippet syntax', line)
end

local function code_action()
  local buffer = open('broken.trellis')
  check(wait_for(function()
    return vim.tbl_contains(codes(buffer), 'S007')
  end), 'broken.trellis gets S007', table.concat(codes(buffer), ','))
  local number = go_to(' , 20', 1)
  local offered = {}
  -- The menu of actions: the user picks the fix (the title the server gives it).
  vim.ui.select = function(items, options, choose)
    for index, item in ipairs(items) do
      local title = options.format_item and options.format_item(item) or tostring(item)
      table.insert(offered, title)
      if title:find('replace with', 1, true) then
        return choose(item, index)
      end
    end
    choose(nil, nil)
  end
  type_keys('gra')
  local line = wait_for(function()
    local text = lines(buffer)[number]
    return not text:find(',', 1, true) and text
  end)
  check(line == '  120 ; 20 // banner', 'gra applies the fix of S007', (line or lines(buffer)[number]) .. ' (offered: ' .. table.concat(offered, '; ') .. ')')
end

local function rename()
  local buffer = open('rename.trellis', demo)
  go_to('^template card', 9)
  type_keys('grn')
  check(wait_for(function()
    return mode() == 'c'
  end), 'grn asks for the new name')
  type_keys('<C-u>tile<CR>')
  local text = wait_for(function()
    local all = table.concat(lines(buffer), '\n')
    return not all:find('\n%s*card tag') and all
  end) or ''
  local _, uses = text:gsub('\n    tile tag%(100[23]%) rows {', '')
  check(text:find('\ntemplate tile {', 1, true) and uses == 4, 'grn renames the template and its 4 uses', uses .. ' uses')
end

-- Uses of `word` as a whole name in `all` (lines), comments left out.
local function uses_of(all, word)
  local count = 0
  for _, line in ipairs(all) do
    local _, found = line:gsub('//.*', ''):gsub('%f[%w_-]' .. word .. '%f[^%w_-]', '')
    count = count + found
  end
  return count
end

local function buffer_of(path)
  for _, buffer in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(buffer) == path then
      return buffer
    end
  end
end

-- `use`: shop/ is a scratch copy of examples/shop, its workspace root marked by trellis.toml
-- (the package's first root marker). Renaming `product` at a use in
-- layouts/everyday.trellis renames it in cards.trellis, which defines it, and in the other
-- layouts, none of them open: Neovim opens them as buffers to apply the edit, and once
-- written the files on disk say so. everyday.trellis is clean before and after.
local function rename_across_files()
  local shop = vim.env.TRELLIS_TEST_DIR .. '/shop'
  local everyday_path = shop .. '/layouts/everyday.trellis'
  local published = 0
  local counter = vim.api.nvim_create_autocmd('DiagnosticChanged', {
    callback = function(event)
      if vim.api.nvim_buf_get_name(event.buf) == everyday_path then
        published = published + 1
      end
    end,
  })
  local everyday = open('shop/layouts/everyday.trellis')
  local client = t.clients(everyday)[1]
  local root = client and client.config.root_dir
  check(root == shop, 'shop/layouts/everyday.trellis: the workspace root is shop/', tostring(root))
  check(wait_for(function()
    return published > 0 and #codes(everyday) == 0
  end), 'everyday.trellis, using ../cards.trellis, is clean', table.concat(codes(everyday), ','))
  local others = { 'cards.trellis', 'layouts/campaign.trellis', 'layouts/holiday.trellis' }
  for _, name in ipairs(others) do
    check(buffer_of(shop .. '/' .. name) == nil, name .. ' is not open before the rename')
  end
  go_to('cols product', 6)
  local before = published
  vim.lsp.buf.rename('item')
  check(wait_for(function()
    for _, name in ipairs(others) do
      local buffer = buffer_of(shop .. '/' .. name)
      if not buffer or uses_of(lines(buffer), 'item') == 0 then
        return false
      end
    end
    return uses_of(lines(everyday), 'item') > 0
  end), 'vim.lsp.buf.rename(\'item\') opens and edits cards.trellis, campaign.trellis and holiday.trellis')
  -- Written as `:wa` would, but only the shop's buffers.
  for _, buffer in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(buffer):sub(1, #shop + 1) == shop .. '/' and vim.bo[buffer].modified then
      vim.api.nvim_buf_call(buffer, function()
        vim.cmd('silent write')
      end)
    end
  end
  for _, expected in ipairs({ { 'layouts/everyday.trellis', 4 }, { 'layouts/holiday.trellis', 4 }, { 'layouts/campaign.trellis', 1 } }) do
    local name, count = expected[1], expected[2]
    local disk = vim.fn.readfile(shop .. '/' .. name)
    local items, products = uses_of(disk, 'item'), uses_of(disk, 'product')
    check(items == count and products == 0, name .. ' on disk uses item ' .. count .. ' times and product never',
      items .. ' item, ' .. products .. ' product')
  end
  local cards = vim.fn.readfile(shop .. '/cards.trellis')
  check(vim.tbl_contains(cards, 'template item {') and uses_of(cards, 'product') == 0,
    'cards.trellis on disk declares template item { and no product', table.concat(cards, '\n'))
  check(wait_for(function()
    return published > before and #codes(everyday) == 0
  end), 'everyday.trellis is still clean after the rename', table.concat(codes(everyday), ','))
  vim.api.nvim_del_autocmd(counter)
  vim.g.trellis_lsp = nil
end

-- The project file: trellis.toml gets the server (its mistakes, `K`, completion); another TOML
-- file does not.
local function project_file()
  vim.fn.mkdir(vim.env.TRELLIS_TEST_DIR .. '/project', 'p')
  local buffer = open('project/trellis.toml', '[project]\ntarget = 2\n\n[lint]\ndisabel = ["M112"]\nerror = []')
  check(wait_for(function()
    return vim.tbl_contains(codes(buffer), 'P002')
  end), 'trellis.toml: P002 for `disabel`', table.concat(codes(buffer), ','))
  go_to('^target', 1)
  type_keys('K')
  local text = wait_for(t.floating_text) or ''
  check(text:find('project.target', 1, true), 'K on `target` says what it is', text)
  t.close_floating_windows()
  go_to('^error = %[%]', 9)
  type_keys('a"M11<C-x><C-o>')
  local words = t.completion_words()
  type_keys('<C-e><Esc>')
  check(vim.tbl_contains(words, 'M117'), '<C-x><C-o> in `error = ["M11` offers the codes', table.concat(words, ' '))
  check(wait_for(function()
    return mode() == 'n'
  end), 'back in normal mode')
  vim.cmd('edit!')
  vim.fn.writefile({ '[package]', 'name = "x"' }, vim.env.TRELLIS_TEST_DIR .. '/project/Cargo.toml')
  vim.cmd('edit! ' .. vim.fn.fnameescape(vim.env.TRELLIS_TEST_DIR .. '/project/Cargo.toml'))
  vim.wait(500)
  check(#t.clients(vim.api.nvim_get_current_buf()) == 0, 'Cargo.toml gets no trellis-lsp')
end

local function formatting()
  local messy = demo:gsub('\n  5\n', '\n  5   \n'):gsub('fill cols 20%% %* 5 //', 'fill  cols   20%%*5 //')
  local buffer = open('format.trellis', messy)
  type_keys('gggqG')
  local text = wait_for(function()
    local all = table.concat(lines(buffer), '\n')
    return all ~= messy and all
  end) or messy
  check(text == demo, 'gq formats the file to trellis fmt\'s form', vim.inspect(vim.split(text, '\n', true)))
end

-- Words on lines of demo 4 and their highlight: the group of syntax/trellis.vim, and the
-- tree-sitter capture once the parser is built (0.10+).
local highlight_cases = {
  { '^layout home padding%(10 0 10 0%) tag%(1000%) rows {', {
    { 'layout', 'trellisDeclaration', '@keyword' }, { 'home', 'trellisLayoutName', '@function' },
    { 'padding', 'trellisAttribute', '@property' }, { '10', 'trellisNumber', '@number' },
    { '1000', 'trellisNumber', '@number' }, { 'rows', 'trellisSplit', '@keyword' },
    { '{', 'trellisBrace', '@punctuation.bracket' } } },
  { '^template card {', { { 'card', 'trellisTemplateName', '@type.definition' } } },
  { '^    card tag%(1002%) rows {', { { 'card', 'trellisTemplateUse', '@type' }, { 'tag', 'trellisAttribute', '@property' } } },
  { '^  120 // banner', { { '120', 'trellisNumber', '@number' }, { '//', 'trellisComment', '@comment' } } },
  { '^preview 320x568@2x "iPhone SE"', { { 'preview', 'trellisDirective', '@keyword' },
    { '320x568@2x', 'trellisDimension', '@number' }, { '"iPhone', 'trellisString', '@string' } } },
  { '^      fill cols 20%% %* 5', { { 'fill', 'trellisSize', '@constant.builtin' },
    { '20%', 'trellisNumber', '@number' }, { '*', 'trellisRepeat', '@operator' } } },
  { 'bottom%-borderline%(color', { { 'bottom-borderline', 'trellisAttribute', '@property' },
    { 'color', 'trellisField', '@variable.member' }, { '#EEEEEE', 'trellisColor', '@constant' } } },
}

local function groups_at(buffer, row, column, tree_sitter)
  local groups = {}
  if tree_sitter then
    for _, capture in ipairs(vim.treesitter.get_captures_at_pos(buffer, row, column)) do
      table.insert(groups, '@' .. capture.capture)
    end
  else
    table.insert(groups, vim.fn.synIDattr(vim.fn.synID(row + 1, column + 1, 1), 'name'))
  end
  return groups
end

local function highlights()
  local buffer = open('GridLayoutDemo4.trellis')
  local tree_sitter = modern and #vim.api.nvim_get_runtime_file('parser/trellis.so', false) > 0
  if tree_sitter then
    check(vim.treesitter.highlighter.active[buffer] and vim.bo[buffer].syntax == '', 'tree-sitter highlights instead of syntax/trellis.vim')
  else
    check(vim.b[buffer].current_syntax == 'trellis', 'syntax/trellis.vim highlights')
  end
  for _, case in ipairs(highlight_cases) do
    local number = go_to(case[1])
    local text = lines(buffer)[number] or ''
    for _, word in ipairs(case[2]) do
      local group = tree_sitter and word[3] or word[2]
      local column = text:find(word[1], 1, true)
      local groups = column and groups_at(buffer, number - 1, column - 1, tree_sitter) or {}
      check(vim.tbl_contains(groups, group), 'line ' .. number .. ': `' .. word[1] .. '` is ' .. group, table.concat(groups, ' '))
    end
  end
end

-- Numbers as the grammar spells them are one number each in syntax/trellis.vim, and a `use`
-- line is its keyword, its path and its comment.
local function number_highlights()
  local buffer = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_set_current_buf(buffer)
  vim.api.nvim_buf_set_lines(buffer, 0, -1, false, { 'rows 1e2 | .5 | 1E+2% | -1.5e-3 | 1/3 padding(.5)', 'preview 1e3x.5e3@2x', 'use "cards.trellis" // x' })
  vim.bo[buffer].syntax = 'trellis'
  for _, case in ipairs({ { 1, '1e2', 'trellisNumber' }, { 1, '.5', 'trellisNumber' }, { 1, '1E+2%', 'trellisNumber' },
    { 1, '-1.5e-3', 'trellisNumber' }, { 1, '1/3', 'trellisNumber' }, { 1, '(.5', 'trellisNumber', 1 },
    { 2, '1e3x.5e3@2x', 'trellisDimension' }, { 3, 'use', 'trellisDirective' }, { 3, '"cards.trellis"', 'trellisString' },
    { 3, '// x', 'trellisComment' } }) do
    local text = vim.api.nvim_buf_get_lines(buffer, case[1] - 1, case[1], false)[1]
    local start = text:find(case[2], 1, true) + (case[4] or 0)
    local groups = {}
    for column = start, text:find(case[2], 1, true) + #case[2] - 1 do
      groups[vim.fn.synIDattr(vim.fn.synID(case[1], column, 1), 'name')] = true
    end
    check(vim.deep_equal(groups, { [case[3]] = true }), '`' .. case[2] .. '` is one ' .. case[3], vim.inspect(groups))
  end
  vim.api.nvim_buf_delete(buffer, { force = true })
end

-- The keys the package mapped in a buffer.
local function trellis_keys(buffer)
  local keys = {}
  for _, mapping in ipairs(vim.api.nvim_buf_get_keymap(buffer, 'n')) do
    if (mapping.desc or ''):find('^Trellis:') then
      table.insert(keys, mapping.lhs)
    end
  end
  table.sort(keys)
  return keys
end

-- Any JSON buffer gets the server; it answers for grid dictionaries and ignores the rest. The
-- package maps keys and sets options only in grid dictionaries, and never 'formatexpr' in JSON.
local function grid_json()
  local other = open('package.json', '{ "name": "x", "version": "1.0.0", "description": "a package that is not a grid dictionary", "dependencies": {} }')
  local grid = open('home.json', '{\n  "rows": [\n    { "size": 100 },\n    { "size": "150%" }\n  ]\n}')
  check(vim.bo[grid].filetype == 'json' and vim.bo[other].filetype == 'json', 'JSON keeps the json filetype')
  check(wait_for(function()
    return #vim.diagnostic.get(grid) > 0
  end), 'a grid dictionary in home.json gets diagnostics')
  check(#vim.diagnostic.get(other) == 0, 'other JSON gets none', table.concat(codes(other), ','))
  local expected = vim.fn.has('nvim-0.11') == 1 and { 'gd' } or modern and { 'gd', 'gra', 'grn', 'grr' }
    or { 'K', '[d', ']d', 'gd', 'gra', 'grn', 'grr' }
  check(vim.deep_equal(trellis_keys(grid), expected), 'the package maps ' .. table.concat(expected, ' ') .. ' in a grid dictionary',
    table.concat(trellis_keys(grid), ' '))
  check(#trellis_keys(other) == 0, 'and nothing in other JSON', table.concat(trellis_keys(other), ' '))
  if not modern then
    check(vim.bo[grid].omnifunc == 'v:lua.vim.lsp.omnifunc' and vim.bo[other].omnifunc == '',
      '\'omnifunc\' set in the grid dictionary only', vim.bo[grid].omnifunc .. ' / ' .. vim.bo[other].omnifunc)
    check(vim.bo[grid].formatexpr == '' and vim.bo[other].formatexpr == '', '\'formatexpr\' set in no JSON buffer',
      vim.bo[grid].formatexpr .. ' / ' .. vim.bo[other].formatexpr)
  end
  go_to('{ "size": 100')
  type_keys('K')
  local text = wait_for(t.floating_text) or ''
  check(text:find('size `100`', 1, true), 'K on a grid object in JSON shows its hover', text)
  t.close_floating_windows()

  -- `gq` in other JSON is Vim's: the long line wraps at 'textwidth'.
  vim.cmd('buffer ' .. other)
  vim.bo[other].textwidth = 40
  type_keys('gggqq')
  local wrapped = wait_for(function()
    return #lines(other) > 1 and lines(other)
  end, 3000)
  check(wrapped, 'gq wraps a long line of other JSON', vim.inspect(lines(other)) .. ' formatexpr=' .. vim.bo[other].formatexpr)
  vim.cmd('edit!')

  -- A JSON buffer that becomes a grid dictionary gets the keys when written, and loses them
  -- when it stops being one.
  local later = open('later.json', '{ "name": "x" }')
  check(#trellis_keys(later) == 0, 'no keys in later.json while it is not a grid dictionary', table.concat(trellis_keys(later), ' '))
  vim.api.nvim_buf_set_lines(later, 0, -1, false, { '{ "rows": [ { "size": 20 } ] }' })
  vim.cmd('silent write')
  check(wait_for(function()
    return vim.tbl_contains(trellis_keys(later), 'gd')
  end, 5000), 'gd mapped once later.json is written as a grid dictionary',
    table.concat(trellis_keys(later), ' '))
  vim.api.nvim_buf_set_lines(later, 0, -1, false, { '{ "name": "y" }' })
  vim.cmd('silent write')
  check(wait_for(function()
    return #trellis_keys(later) == 0
  end, 5000), 'and unmapped once it is written as other JSON', table.concat(trellis_keys(later), ' '))

  -- The test of a grid dictionary, as the server's.
  local is_grid = require('trellis.attach').is_grid_dictionary
  for text, grid_dictionary in pairs({ ['{}'] = true, ['{ "cols": [] }'] = true, ['\239\187\191{"x": {"rows": 1}, "space": 1}'] = true,
    ['{"a": "}", "tag": 1'] = true, ['{"ro\\u0077s": []}'] = true, ['{ "name": "x" }'] = false, ['[{"rows": []}]'] = false,
    ['{"x": {"rows": []}}'] = false, [''] = false, ['"rows"'] = false }) do
    check(is_grid(text) == grid_dictionary, vim.inspect(text) .. (grid_dictionary and ' is' or ' is not') .. ' a grid dictionary')
  end
end

t.run(function()
  diagnostics_while_typing()
  hover()
  if modern then
    inlay_hints()
  end
  definition()
  indentation()
  indentation_everywhere(t)
  completion_items()
  completion()
  code_action()
  rename()
  rename_across_files()
  project_file()
  formatting()
  highlights()
  number_highlights()
  grid_json()
end, 100)
