-- Indentation for Trellis that never changes what a file means. By the offside rule a line
-- indented deeper than the line its cell began on continues that cell, so:
--
-- - a line in braces goes one 'shiftwidth' deeper than the line where the cell holding the
--   `{` began, and a line starting with `}` back to that line;
-- - a line deeper than the first line of its cell is a continuation: it keeps its distance
--   from that line (it moves as far as that line moves, and only then);
-- - a line that starts a cell is never put deeper than the first line of the cell before it
--   in its block (so it never turns into a continuation), and one already deeper than where
--   the block's cells go stays where it is;
-- - lines outside braces keep their indentation, and lines inside `(…)` or `[…]` (JSON in
--   `json(…)`, `action-data(…)`) move with the line they continue.
--
-- Vim's `=` asks for one line at a time, top to bottom, after it has re-indented the lines
-- above: a continuation must move as far as its cell's first line did, which the buffer no
-- longer shows. So the indents of a whole run are worked out at its first line, from the
-- buffer as it was, and the following lines of the same run (same changedtick, nothing but
-- blank lines skipped) are answered from them. `=` does not say where its range ends: when
-- it ends inside a cell whose first line it moved, the continuation lines below are moved
-- after it (`carry`). Columns count spaces and tabs alike, as the parser does, and lines
-- re-indented get spaces ('expandtab', set by ftplugin/trellis.lua).
local M = {}

local runs = {} -- buffer → the run of `=` in progress

local keywords = {
  target = true, mylayout = true, preview = true, use = true, template = true, layout = true,
  rows = true, cols = true, fill = true, wrap = true, rtl = true, _ = true,
}

local function name_char(c)
  return c ~= '' and (c:match('[%w_]') ~= nil or c:byte() >= 128)
end

-- The name or keyword at `i` as the lexer reads it (`card-1` is one name; after a keyword a
-- hyphen and a digit start a number: `fill-2` is `fill -2`).
local function word_at(text, i)
  local j = i
  while name_char(text:sub(j, j)) do
    j = j + 1
  end
  while text:sub(j, j) == '-' do
    local after = text:sub(j + 1, j + 1)
    if not name_char(after) or after == '_' or (keywords[text:sub(i, j - 1)] and after:match('%d')) then
      break
    end
    j = j + 1
    while name_char(text:sub(j, j)) do
      j = j + 1
    end
  end
  return text:sub(i, j - 1)
end

-- Whether the code at `i` is a size: a number, percent or ratio, `fill`, `wrap` or `_`.
local function size_at(text, i)
  if text:find('^%-?%.?%d', i) then
    return true
  end
  local word = word_at(text, i)
  return word == 'fill' or word == 'wrap' or word == '_'
end

local closer_of = { ['{'] = '}', ['('] = ')', ['['] = ']' }

-- Pops up to and including the innermost open `opener`, and returns it; nothing when none
-- is open above the file's level.
local function close(stack, opener)
  for index = #stack, 2, -1 do
    if stack[index].kind == opener then
      local closed = stack[index]
      for _ = index, #stack do
        table.remove(stack)
      end
      return closed
    end
  end
end

-- Works out the indentation of `lines` (a list of strings) when lines `first` and on are
-- re-indented and the lines above stay as they are; from line `tail` on (if given) only the
-- lines that must move with a line above do. Returns the new and old columns by line number,
-- and the brackets open where the loop stopped (before line `stop`, else at the end).
local function compute(lines, first, width, stop, tail)
  local new, old = {}, {}
  -- The file's level; then one entry a bracket. A block (`{` outside parentheses) knows
  -- where its cell began (`parent`), where its cells go (`target`), the first line of its
  -- latest cell that is not deeper than the one before (`anchor`: old and new columns), and
  -- the line where its latest cell began (`start`, a new column).
  local stack = { { file = true, block = true, start = 0 } }
  for number = 1, math.min(#lines, (stop or #lines + 1) - 1) do
    local text = lines[number]
    local x = #text:match('^[ \t]*')
    local i = x + 1
    old[number] = x
    if i <= #text then
      local top = stack[#stack]
      local first_char = text:sub(i, i)
      local comment = text:find('^//', i) ~= nil
      local column, anchor, closer_line
      -- Lines above the run stay; below the line where it ended, only what must move does.
      local fixed, carried = number < first, tail and number >= tail
      if not top.block then
        -- Inside (…) or […]: with the line that opened the bracket, a closer on its level.
        if carried then
          column = x
        elseif first_char == closer_of[top.kind] then
          column = new[top.line]
        else
          column = x + new[top.line] - old[top.line]
        end
      elseif first_char == '}' and not top.file then
        column = carried and x or top.parent
        closer_line = true
      else
        local a = top.anchor
        if top.file then
          column = x
          anchor = not comment and not (a and x > a.old)
        elseif a and x > a.old then
          column = x + a.new - a.old -- a continuation of the anchor's cell, or deeper still
        else
          column = carried and x or math.max(x, top.target)
          if a then
            column = math.min(column, a.new)
          end
          anchor = not comment
        end
      end
      if fixed then
        column = x
      end
      new[number] = column
      if anchor then
        top.anchor = { old = x, new = column }
        top.start = column
      elseif top.block and not comment and not closer_line and size_at(text, i) then
        top.start = column
      end

      -- The brackets on the line; strings and comments skipped.
      local began_here = false -- a cell began on this line after its first token
      local mark -- a block whose latest cell begins on this line if code comes next in it
      while i <= #text do
        local c = text:sub(i, i)
        if c == ' ' or c == '\t' then
          i = i + 1
        elseif c == '/' and text:sub(i + 1, i + 1) == '/' then
          break
        else
          local current = stack[#stack]
          if mark and current == mark then
            -- Code after `{`, or after `}` (`} | 30`): a cell that began on this line, so the
            -- lines below are deeper or not than this one.
            mark.anchor = { old = x, new = column }
            mark.start = column
          end
          mark = nil
          if c == '"' then
            local j = i + 1
            while j <= #text and text:sub(j, j) ~= '"' do
              j = j + (text:sub(j, j) == '\\' and 2 or 1)
            end
            i = j + 1
          elseif c == '{' and current.block then
            local parent = began_here and column or current.start
            mark = { kind = '{', block = true, line = number, parent = parent, target = parent + width, start = parent + width }
            table.insert(stack, mark)
            began_here = true
          elseif closer_of[c] then
            table.insert(stack, { kind = c, block = false, line = number })
          elseif c == '}' or c == ')' or c == ']' then
            local closed = close(stack, c == '}' and '{' or c == ')' and '(' or '[')
            if closed and closed.block then
              mark = stack[#stack]
              began_here = true
            end
          elseif (c == ';' or c == '|') and current.block then
            began_here = true
          end
          if c ~= '"' then
            i = i + 1
          end
        end
      end
      -- A line break inside `(…)` and outside any `{…}` or `[…]` there ends the arguments.
      while stack[#stack].kind == '(' do
        table.remove(stack)
      end
    end
  end
  return new, old, stack
end

local function column_of(text)
  return #text:match('^[ \t]*')
end

-- The indent for a blank line being typed (`o`, `O`, `cc`): one step into a block (or
-- bracket) opened at the end of the line above, else whatever 'autoindent' gives.
local function blank_line(buffer, number, width)
  local lines = vim.api.nvim_buf_get_lines(buffer, 0, number, false)
  local new, _, stack = compute(lines, number, width, number)
  local top = stack[#stack]
  local above = number - 1
  while above > 0 and lines[above]:match('^%s*$') do
    above = above - 1
  end
  if above == 0 or top.file then
    return -1
  end
  if top.block then
    return (top.line == above and not top.anchor) and top.target or -1
  end
  local code = lines[above]:gsub('%s*//.*$', ''):gsub('%s+$', '')
  return code:match('[{(%[]$') and new[above] + width or -1
end

-- After a run of `=` that ended inside a cell whose first line it moved (`=ip`, `==`, a
-- Visual `=`): the cell's continuation lines below the run move as far (one undo step with
-- the `=`), else they would stop being deeper and become cells of their own.
local function carry(buffer, run)
  if runs[buffer] ~= run or not vim.api.nvim_buf_is_loaded(buffer) then
    return
  end
  runs[buffer] = nil
  local lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, false)
  if #lines ~= run.count or run.last == #lines then
    return
  end
  local original = {}
  for number, line in ipairs(lines) do
    -- The buffer must be as the run left it.
    local x, rest = column_of(line), run.rest[number]
    local expected = (number >= run.first and number <= run.last) and run.new[number] or run.old[number]
    if line:sub(x + 1) ~= rest or (rest ~= '' and x ~= expected) then
      return
    end
    original[number] = (' '):rep(run.old[number]) .. rest
  end
  local new = compute(original, run.first, run.width, nil, run.last + 1)
  local changed = false
  for number = run.last + 1, #lines do
    if run.rest[number] ~= '' and new[number] ~= run.old[number] then
      if not changed then
        pcall(vim.cmd, 'undojoin')
        changed = true
      end
      vim.api.nvim_buf_set_lines(buffer, number - 1, number, false, { (' '):rep(new[number]) .. run.rest[number] })
    end
  end
end

-- Whether a run's continuation lines are still to be carried (for tests: they are once the
-- editor has run its event loop).
function M.pending(buffer)
  return runs[buffer or vim.api.nvim_get_current_buf()] ~= nil
end

-- The indentexpr: the column for line `number` of the current buffer, -1 to keep it.
function M.get(number)
  local buffer = vim.api.nvim_get_current_buf()
  local width = vim.fn.shiftwidth()
  local text = vim.api.nvim_buf_get_lines(buffer, number - 1, number, false)[1] or ''
  if text:match('^%s*$') then
    runs[buffer] = nil
    return blank_line(buffer, number, width)
  end
  local tick, count = vim.api.nvim_buf_get_changedtick(buffer), vim.api.nvim_buf_line_count(buffer)
  local run = runs[buffer]
  local valid = run and run.tick == tick and run.count == count and run.width == width
    and number > run.last and run.old[number] == column_of(text) and run.rest[number] == text:sub(run.old[number] + 1)
  if valid then
    -- The lines between the last one asked and this one were blank (`=` skips those), and
    -- the last one has the column given for it.
    local between = vim.api.nvim_buf_get_lines(buffer, run.last - 1, number - 1, false)
    valid = column_of(between[1]) == run.new[run.last]
    for index = 2, #between do
      valid = valid and between[index]:match('^%s*$') ~= nil
    end
  end
  if not valid then
    for other in pairs(runs) do
      if not vim.api.nvim_buf_is_loaded(other) then
        runs[other] = nil
      end
    end
    local lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, false)
    local new, old = compute(lines, number, width)
    local rest = {}
    for index, line in ipairs(lines) do
      rest[index] = line:sub(old[index] + 1)
    end
    run = { tick = tick, count = count, width = width, new = new, old = old, rest = rest, first = number }
    runs[buffer] = run
    vim.schedule(function()
      carry(buffer, run)
    end)
  end
  run.last = number
  local column = run.new[number]
  if column == run.old[number] and not text:find('^ *\t') then
    return -1
  end
  -- A column, also for a line that stays: Vim would measure its tabs as 'tabstop' columns
  -- (and write that many spaces), where Trellis counts one column a tab.
  return column
end

M.compute = compute

return M
