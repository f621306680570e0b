-- Indentation checks for test.lua (Neovim 0.7 and 0.10): `gg=G` and `==` leave every example
-- and every ```trellis block of docs/*.md and README.md as it is; misindented texts move where
-- they belong, `=` over part of a cell carries its continuation lines, typing indents; and a
-- property: texts made by shuffling the indentation of those (and of two made-up texts with
-- what they lack) that `trellis build` accepts build to the same JSON after `gg=G`, and after
-- `=` over a random range. Needs `trellis` on PATH and the repository's examples/, docs/ and
-- README.md two folders up (test-0.10.sh copies them).
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local root = vim.fn.fnamemodify(here, ':h:h')

local function read(path)
  return table.concat(vim.fn.readfile(path, 'b'), '\n')
end

-- Every example and doc block, as { name = …, text = … }.
local function corpus()
  local texts = {}
  for _, path in ipairs(vim.fn.globpath(root, 'examples/**/*.trellis', false, true)) do
    table.insert(texts, { name = path:sub(#root + 2), text = read(path) })
  end
  local documents = vim.fn.globpath(root, 'docs/*.md', false, true)
  table.insert(documents, root .. '/README.md')
  for _, path in ipairs(documents) do
    local block, start
    for number, line in ipairs(vim.fn.readfile(path)) do
      if block then
        if line == '```' then
          table.insert(texts, { name = path:sub(#root + 2) .. ':' .. start, text = table.concat(block, '\n') .. '\n' })
          block = nil
        else
          table.insert(block, line)
        end
      elseif line == '```trellis' then
        block, start = {}, number + 1
      end
    end
  end
  return texts
end

local function scratch(text)
  local buffer = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_set_current_buf(buffer)
  vim.api.nvim_buf_set_lines(buffer, 0, -1, false, vim.split(text, '\n', true))
  vim.bo[buffer].filetype = 'trellis'
  return buffer
end

local function text_of(buffer)
  return table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), '\n')
end

-- Lets the editor run until the indentation has carried continuation lines (lua/trellis/indent.lua).
local function settle(buffer)
  vim.wait(2000, function()
    return not require('trellis.indent').pending(buffer)
  end, 1)
end

-- The text after `keys` (normal mode, no mappings) in a Trellis buffer.
local function after(text, keys)
  local buffer = scratch(text)
  vim.cmd('silent normal! ' .. keys)
  settle(buffer)
  local result = text_of(buffer)
  vim.api.nvim_buf_delete(buffer, { force = true })
  return result
end

-- What `==` changes on each line alone, from the last line up (so no run is reused).
local function lines_moved_one_by_one(text)
  local buffer = scratch(text)
  local changed = {}
  for number = vim.api.nvim_buf_line_count(buffer), 1, -1 do
    vim.cmd('silent ' .. number .. 'normal! ==')
    settle(buffer)
    local now = text_of(buffer)
    if now ~= text then
      table.insert(changed, number .. ': == made it\n' .. now)
      vim.api.nvim_buf_set_lines(buffer, 0, -1, false, vim.split(text, '\n', true))
    end
  end
  vim.api.nvim_buf_delete(buffer, { force = true })
  return changed
end

-- Runs `trellis build --compact --out-dir` on each file, a few at a time, and returns for each
-- the JSON files it wrote (names and contents), or false when the build failed.
local function build_all(paths)
  local codes, results = {}, {}
  local running = 0
  for index, path in ipairs(paths) do
    vim.wait(30000, function()
      return running < 8
    end, 5)
    vim.fn.delete(path .. '.out', 'rf')
    running = running + 1
    vim.fn.jobstart({ 'trellis', 'build', '--compact', '--out-dir', path .. '.out', path }, {
      on_exit = function(_, code)
        codes[index] = code
        running = running - 1
      end,
    })
  end
  vim.wait(30000, function()
    return running == 0
  end, 5)
  for index, path in ipairs(paths) do
    local json = false
    if codes[index] == 0 then
      local names = vim.fn.readdir(path .. '.out')
      table.sort(names)
      json = {}
      for _, name in ipairs(names) do
        table.insert(json, name .. '\n' .. read(path .. '.out/' .. name))
      end
      json = table.concat(json, '\n')
    end
    results[index] = json
  end
  return results
end

-- A seeded generator (Park–Miller), the same on every Lua.
local function generator(seed)
  local state = seed
  return function(low, high)
    state = state * 16807 % 2147483647
    return low + state % (high - low + 1)
  end
end

-- `text` with its indentation shuffled one of several ways.
local function perturbed(text, random)
  local lines = vim.split(text, '\n', true)
  local way = random(1, 5)
  local from, to, shift, factor = random(1, #lines), random(1, #lines), random(-4, 6), ({ 0, 0.5, 1.5, 2, 3 })[random(1, 5)]
  from, to = math.min(from, to), math.max(from, to)
  for number, line in ipairs(lines) do
    local indent, rest = line:match('^([ \t]*)(.*)$')
    local column = #indent
    if rest ~= '' then
      if way == 1 and random(1, 3) == 1 then
        column = math.max(0, column + random(-4, 4))
      elseif way == 2 and random(1, 2) == 1 then
        column = random(0, 8)
      elseif way == 3 and number >= from and number <= to then
        column = math.max(0, column + shift)
      elseif way == 4 then
        column = math.floor(column * factor)
      end
      indent = (' '):rep(column)
      if way == 5 and column > 0 and random(1, 3) == 1 then
        indent = '\t' .. (' '):rep(column - 1) -- a tab counts one column, as a space
      end
      lines[number] = indent .. rest
    end
  end
  return table.concat(lines, '\n')
end

return function(t)
  local check = t.check
  local texts = corpus()
  check(#texts > 20, 'the indentation corpus has the examples and doc blocks', #texts .. ' texts')

  local lines, moved = 0, {}
  for _, entry in ipairs(texts) do
    lines = lines + #vim.split(entry.text, '\n', true)
    local result = after(entry.text, 'gg=G')
    if result ~= entry.text then
      table.insert(moved, entry.name .. ' after gg=G:\n' .. result)
    end
    for _, change in ipairs(lines_moved_one_by_one(entry.text)) do
      table.insert(moved, entry.name .. ':' .. change)
    end
  end
  check(#moved == 0, 'gg=G and == leave the ' .. lines .. ' lines of every example and doc block as they are', table.concat(moved, '\n'))

  local cases = {
    { 'layout a rows {\n50% padding(5)\n  tag(1)\nfill\n}', 'layout a rows {\n  50% padding(5)\n    tag(1)\n  fill\n}' },
    { 'rows {\n  fill cols {\n  a\n      }\n}', 'rows {\n  fill cols {\n    a\n  }\n}' },
    { 'rows {\n  50% padding(5)\n      bottom-borderline(color red) rows {\n  a\n      b\n        }\n}',
      'rows {\n  50% padding(5)\n      bottom-borderline(color red) rows {\n    a\n        b\n  }\n}' },
    { 'rows {\n  a\n    // note\n      b\n}', 'rows {\n  a\n    // note\n      b\n}' },
    -- The cell on the `{` line begins at its line's indentation: a line below it at column 0
    -- starts a cell, and stays no deeper than that line.
    { '  rows { a\ntag(1)\n}', '  rows { a\n  tag(1)\n  }' },
    { 'rows {\n    a\n  b\n      tag(1)\n}', 'rows {\n    a\n  b\n      tag(1)\n}' },
  }
  for _, case in ipairs(cases) do
    local result = after(case[1], 'gg=G')
    check(result == case[2], 'gg=G: ' .. vim.inspect(case[1]), vim.inspect(result) .. ', not ' .. vim.inspect(case[2]))
  end
  -- `=` over some lines: the lines above stay, so nothing is moved under them; a cell's first
  -- line moved carries its continuation lines below the range along.
  for _, case in ipairs({
    { '3G=j', 'layout a rows {\n50% padding(5)\n  tag(1)\nfill\n}', 'layout a rows {\n50% padding(5)\n  tag(1)\nfill\n}' },
    { '2G==', 'layout a rows {\n50% padding(5)\n  tag(1)\n   spacing(2)\nfill\n  tag(2)\n}',
      'layout a rows {\n  50% padding(5)\n    tag(1)\n     spacing(2)\nfill\n  tag(2)\n}' },
    { '2G=j', 'rows {\n50% padding(5)\nfill padding(1)\n  tag(1)\n}', 'rows {\n  50% padding(5)\n  fill padding(1)\n    tag(1)\n}' },
  }) do
    local result = after(case[2], case[1])
    check(result == case[3], case[1] .. ' on ' .. vim.inspect(case[2]), vim.inspect(result) .. ', not ' .. vim.inspect(case[3]))
  end

  -- Typing: a new line after a continuation that opens a block goes one step in from where
  -- the cell began, and `}` back there.
  local buffer = scratch('rows {\n  50% padding(5)\n      bottom-borderline(color red) rows {\n  }\n}')
  vim.api.nvim_win_set_cursor(0, { 3, 0 })
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('oa<CR>}<Esc>', true, false, true), 'xt', false)
  local typed = vim.api.nvim_buf_get_lines(buffer, 3, 5, false)
  check(vim.deep_equal(typed, { '    a', '  }' }), 'a line typed after `… rows {` goes one step in from its cell\'s first line', vim.inspect(typed))
  vim.api.nvim_buf_delete(buffer, { force = true })

  -- The property: shuffled indentation, rebuilt after gg=G (and, for every fourth variant,
  -- after `=` over some of its lines). TRELLIS_INDENT_VARIANTS and TRELLIS_INDENT_SEED change
  -- how many variants and which.
  local folder = vim.env.TRELLIS_TEST_DIR .. '/indent'
  vim.fn.mkdir(folder .. '/after', 'p')
  vim.fn.mkdir(folder .. '/range', 'p')
  -- And what the corpus lacks: JSON over several lines, cells on `{` and `}` lines, lists
  -- and a repetition on the line after their keyword.
  local extra = {
    'template a { fill padding(1) }\nlayout x rows {\n  50% action-data({\n    "a": [1,\n      2],\n    "b": {"c": "}"}\n'
      .. '  }) tag(1)\n    padding(2)\n  fill cols { a\n    tag(3)\n      spacing(1)\n  } * 2\n  20 cols 10 | fill\n'
      .. '  fill cols\n    10 | 20\n  40; 50 padding(1)\n    tag(4)\n  wrap rows { 10; 20 } | fill\n  a\n    anchor\n'
      .. '  // a note\n  json({"x-note": 1,\n        "x-other": [2]})\n    placeholder\n}\n',
    'layout y\n    padding(3) rows {\n  fill cols { 10\n    tag(1)\n  20 } | 30\n    tag(5)\n  40 cols { 1; 2 } ; 50\n'
      .. '    tag(6)\n  wrap rows {\n    10\n  }\n    * 2\n  fill cols {\n      5\n    6 padding(1)\n        tag(7)\n  }\n}\n',
  }
  local seeds = vim.list_extend({}, texts)
  for number, text in ipairs(extra) do
    table.insert(seeds, { name = 'extra' .. number, text = text })
  end
  local originals = {}
  for index, entry in ipairs(seeds) do
    originals[index] = folder .. '/original' .. index .. '.trellis'
    vim.fn.writefile(vim.split(entry.text, '\n', true), originals[index], 'b')
  end
  local built = build_all(originals)
  local buildable = {}
  for index, entry in ipairs(seeds) do
    if built[index] then
      table.insert(buildable, entry)
    end
  end
  check(#buildable > 15 and built[#seeds] and built[#seeds - 1], 'the texts to shuffle build', #buildable .. ' of ' .. #seeds)

  local count = tonumber(vim.env.TRELLIS_INDENT_VARIANTS) or 300
  local random = generator(tonumber(vim.env.TRELLIS_INDENT_SEED) or 20251125)
  local variants, before_paths = {}, {}
  for number = 1, count do
    local entry = buildable[(number - 1) % #buildable + 1]
    variants[number] = { name = entry.name, text = perturbed(entry.text, random) }
    before_paths[number] = folder .. '/variant' .. number .. '.trellis'
    vim.fn.writefile(vim.split(variants[number].text, '\n', true), before_paths[number], 'b')
  end
  local before = build_all(before_paths)
  local runs, after_paths = {}, {} -- { variant number, keys, text after }
  local kept, changed = 0, 0
  for number, variant in ipairs(variants) do
    if before[number] then
      kept = kept + 1
      local keys = { 'gg=G' }
      if number % 4 == 0 then
        local total = #vim.split(variant.text, '\n', true)
        local from, to = random(1, total), random(1, total)
        table.insert(keys, math.min(from, to) .. 'G=' .. math.max(from, to) .. 'G')
      end
      for _, typed in ipairs(keys) do
        local result = after(variant.text, typed)
        if typed == 'gg=G' and result ~= variant.text then
          changed = changed + 1
        end
        table.insert(runs, { number, typed, result })
        -- The same file name in another folder: a bare cell's layout is named after its file.
        table.insert(after_paths, folder .. (typed == 'gg=G' and '/after/' or '/range/') .. 'variant' .. number .. '.trellis')
        vim.fn.writefile(vim.split(result, '\n', true), after_paths[#after_paths], 'b')
      end
    end
  end
  local rebuilt = build_all(after_paths)
  local differ = {}
  for index, run in ipairs(runs) do
    local number, typed, result = unpack(run)
    if rebuilt[index] ~= before[number] then
      table.insert(differ, string.format('variant %d of %s:\n%s\nafter %s:\n%s\nJSON before: %s\nJSON after:  %s',
        number, variants[number].name, variants[number].text, typed, result, before[number], tostring(rebuilt[index])))
    end
  end
  check(kept >= count / 2 and changed >= kept / 3, 'enough shuffled variants build, and gg=G moves lines in many',
    kept .. ' of ' .. count .. ' build, gg=G changes ' .. changed)
  check(#differ == 0, 'gg=G keeps the JSON of every shuffled variant that builds', table.concat(differ, '\n\n', 1, math.min(#differ, 3)))
  io.stdout:write(string.format('\nindentation: %d texts (%d lines), %d changed by gg=G or ==; %d of %d shuffled variants build, '
    .. 'gg=G re-indents %d, %d more runs of =; %d built to other JSON\n', #texts, lines, #moved, kept, count, changed,
    #runs - kept, #differ))
end
