; Trellis highlighting in Zed's capture names (zed.dev/docs/extensions/languages), for the
; grammar in editors/tree-sitter-trellis. Each node gets one capture, matching the classes of
; the TextMate grammar and of trellis-lsp's semantic tokens: templates are types, layouts are
; the file's definitions, attribute names are properties.

(comment) @comment

[
  "target"
  "mylayout"
  "preview"
  "use"
  "rtl"
  "template"
  "layout"
  "rows"
  "cols"
] @keyword

[
  "fill"
  "wrap"
  "_"
] @constant

(template_declaration
  name: (identifier) @type)

(template_reference
  (identifier) @type)

(layout_declaration
  name: (identifier) @function)

(attribute
  name: (identifier) @property)

(attribute
  name: [
    "anchor"
    "placeholder"
  ] @property)

(arguments
  (identifier) @constant)

(json_object
  (identifier) @constant)

(json_array
  (identifier) @constant)

[
  (number)
  (percent)
  (ratio)
  (viewport)
] @number

(color) @constant

(string) @string

[
  (true)
  (false)
] @boolean

(null) @constant

"*" @operator

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
