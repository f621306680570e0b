; Highlights for Trellis, in the capture names Neovim and the tree-sitter CLI use. The
; semantic tokens of trellis-lsp refine them (docs/lsp.md): the same words, the parser's
; classification.

(comment) @comment

[
  "target"
  "preview"
  "use"
  "template"
  "layout"
] @keyword

"mylayout" @keyword.modifier
"rtl" @keyword.modifier

[
  "rows"
  "cols"
] @keyword

[
  "fill"
  "wrap"
  "_"
] @constant.builtin

(template_declaration
  name: (identifier) @type.definition)

(layout_declaration
  name: (identifier) @function)

(template_reference
  (identifier) @type)

(attribute
  name: (identifier) @property)

(attribute
  name: [
    "anchor"
    "placeholder"
  ] @property)

(arguments
  (identifier) @variable.member)

(json_object
  (string) @string)

(size
  [
    (number)
    (percent)
    (ratio)
  ] @number)

(number) @number
(percent) @number
(ratio) @number
(viewport) @number
(color) @constant
(string) @string

[
  (true)
  (false)
] @boolean

(null) @constant.builtin

(repeat
  "*" @operator)

[
  "|"
  ";"
  ","
  ":"
] @punctuation.delimiter

[
  "("
  ")"
  "{"
  "}"
  "["
  "]"
] @punctuation.bracket
