" Indentation for Trellis that never changes what a file means (lua/trellis/indent.lua): a line
" in braces goes one 'shiftwidth' deeper than the line where its block's cell began, `}` back to
" that line; a line deeper than the first line of its cell continues that cell and keeps its
" distance from it; a cell is never pushed deeper than the cell before it; lines outside braces
" stay where they are.
if exists('b:did_indent')
  finish
endif
let b:did_indent = 1

setlocal indentexpr=TrellisIndent(v:lnum) indentkeys=0},0),0],!^F,o,O autoindent
let b:undo_indent = 'setlocal indentexpr< indentkeys< autoindent<'

if exists('*TrellisIndent')
  finish
endif

function! TrellisIndent(lnum) abort
  return luaeval('require("trellis.indent").get(_A)', a:lnum)
endfunction
