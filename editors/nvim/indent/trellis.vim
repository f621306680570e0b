" Indentation for Trellis: a line after one that opens `{`, `(` or `[` goes one 'shiftwidth'
" deeper, a line that starts by closing one lines up with the line that opened it. Every other
" line keeps its indentation: it decides which cell a line continues, so only you know it.
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
  let line = getline(a:lnum)
  let close = matchstr(line, '^\s*\zs[})\]]')
  if close !=# ''
    let open = {'}': '{', ')': '(', ']': '['}[close]
    call cursor(a:lnum, 1)
    let opener = searchpair('\V' . open, '', '\V' . close, 'bW',
          \ 'synIDattr(synID(line("."), col("."), 0), "name") =~# "String\\|Comment"')
    return opener > 0 ? indent(opener) : -1
  endif
  let previous = prevnonblank(a:lnum - 1)
  if previous > 0 && substitute(getline(previous), '\s*//.*$', '', '') =~# '[{([]\s*$'
    return indent(previous) + shiftwidth()
  endif
  return -1
endfunction
