" Vim syntax for Trellis (.trellis): the highlighting of Neovim before 0.10, and of later ones
" until the tree-sitter parser is built. Follows editors/grammars/trellis.tmLanguage.json.
if exists('b:current_syntax')
  finish
endif

syn iskeyword @,48-57,_,-,192-255

" A name where a cell starts is a template use; everything below takes precedence.
syn match trellisTemplateUse /\k\@<!\%(\a\|_\|[^\x00-\x7f]\)\k*/
" Numbers as grammar/trellis.ebnf spells them: `12`, `1.5`, `.5`, `1e2`, `-1E+2%`, `1/3`.
syn match trellisNumber /\k\@<!-\=\%(\d\+\%(\.\d\+\)\=\|\.\d\+\)\%([eE][-+]\=\d\+\)\=\%(%\|\/\d\+\)\=/
syn match trellisDimension /\k\@<!\%(\d\+\%(\.\d\+\)\=\|\.\d\+\)\%([eE][-+]\=\d\+\)\=x\%(\%(\d\+\%(\.\d\+\)\=\|\.\d\+\)\%([eE][-+]\=\d\+\)\=\|wrap\)\%(@\%(\d\+\%(\.\d\+\)\=\|\.\d\+\)\%([eE][-+]\=\d\+\)\=x\)\=\>/ contained
syn match trellisRepeat /\*/
syn match trellisSeparator /[|;]/
syn match trellisBrace /[{}]/
syn region trellisString start=/"/ skip=/\\\\\|\\"/ end=/"\|$/ contains=trellisEscape
syn match trellisEscape /\\\%(["\\/bfnrt]\|u\x\{4}\)/ contained
syn match trellisComment +//.*$+ contains=@Spell

" Directives and declarations.
syn keyword trellisDirective target nextgroup=trellisRuntime skipwhite
syn keyword trellisRuntime mylayout contained
syn region trellisPreview matchgroup=trellisDirective start=/^\s*\zspreview\>/ end=/$/ keepend contains=trellisDimension,trellisString,trellisRtl,trellisComment
syn region trellisUse matchgroup=trellisDirective start=/^\s*\zsuse\>/ end=/$/ keepend contains=trellisString,trellisComment
syn keyword trellisRtl rtl contained
syn keyword trellisDeclaration template nextgroup=trellisTemplateName skipwhite
syn keyword trellisDeclaration layout nextgroup=trellisLayoutName skipwhite
syn match trellisTemplateName /\k\+/ contained
syn match trellisLayoutName /\k\+/ contained

" Cells: splits, size words, flags.
syn keyword trellisSplit rows cols
syn keyword trellisSize fill wrap _
syn keyword trellisAttribute anchor placeholder nextgroup=trellisArguments

" Attributes: `name(` then arguments that end at `)` or the line's end (JSON ones at `)`).
syn match trellisAttribute /\k\+\ze(/ nextgroup=trellisArguments
syn match trellisAttribute /\<\%(gravity\|overlap\)\ze(/ nextgroup=trellisGravityArguments
syn match trellisAttribute /\<\%(top\|left\|bottom\|right\)-borderline\ze(/ nextgroup=trellisBorderlineArguments
syn match trellisAttribute /\<\%(json\|action-data\)\ze(/ nextgroup=trellisJSONArguments
syn region trellisArguments matchgroup=trellisParenthesis start=/(/ end=/)\|$/ contained contains=trellisString,trellisColor,trellisDimension,trellisNumber,trellisBoolean,trellisSelector
syn region trellisGravityArguments matchgroup=trellisParenthesis start=/(/ end=/)\|$/ contained contains=trellisGravity,trellisSeparator
syn region trellisBorderlineArguments matchgroup=trellisParenthesis start=/(/ end=/)\|$/ contained contains=trellisField,trellisColor,trellisString,trellisNumber
syn region trellisJSONArguments matchgroup=trellisParenthesis start=/(/ end=/)/ contained contains=trellisString,trellisNumber,trellisJSONConstant,trellisJSONPunctuation
syn match trellisSelector /\%(\a\|_\|[^\x00-\x7f]\)\k*:\?/ contained
syn keyword trellisBoolean true false contained
syn keyword trellisJSONConstant true false null contained
syn match trellisJSONPunctuation /[{}[\]:,]/ contained
syn keyword trellisGravity top bottom left right leading trailing centerX centerY width height contained
syn keyword trellisField color thick head tail offset dash contained
syn match trellisColor /#\x*/ contained
syn match trellisColor /#\%(\x\{8}\|\x\{6}\)\>/ contained
syn case ignore
syn keyword trellisColor black darkgray lightgray white gray red green cyan yellow magenta orange purple brown clear contained
syn case match

hi def link trellisComment Comment
hi def link trellisDirective PreProc
hi def link trellisRuntime Constant
hi def link trellisRtl Keyword
hi def link trellisDeclaration Keyword
hi def link trellisTemplateName Type
hi def link trellisLayoutName Function
hi def link trellisTemplateUse Type
hi def link trellisSplit Keyword
hi def link trellisSize Constant
hi def link trellisNumber Number
hi def link trellisDimension Number
hi def link trellisRepeat Operator
hi def link trellisSeparator Delimiter
hi def link trellisBrace Delimiter
hi def link trellisParenthesis Delimiter
hi def link trellisAttribute Identifier
hi def link trellisGravity Constant
hi def link trellisField Special
hi def link trellisColor Constant
hi def link trellisString String
hi def link trellisEscape SpecialChar
hi def link trellisSelector String
hi def link trellisBoolean Boolean
hi def link trellisJSONConstant Constant
hi def link trellisJSONPunctuation Delimiter

let b:current_syntax = 'trellis'
