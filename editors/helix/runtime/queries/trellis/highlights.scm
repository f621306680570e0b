; Trellis highlighting in Helix's scopes (docs.helix-editor.com/themes.html#scopes), for the
; grammar in editors/tree-sitter-trellis. Each node gets one capture, matching the classes of
; the TextMate grammar and of trellis-lsp's semantic tokens: templates are types, layouts
; namespaces, attribute names attributes.

(comment) @comment.line

[
  "target"
  "preview"
  "use"
] @keyword.directive

[
  "template"
  "layout"
] @keyword.storage.type

[
  "mylayout"
  "rtl"
] @keyword.storage.modifier

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
  name: (identifier) @type)

(template_reference
  (identifier) @type)

(layout_declaration
  name: (identifier) @namespace)

(attribute
  name: (identifier) @attribute)

(attribute
  name: [
    "anchor"
    "placeholder"
  ] @attribute)

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
] @constant.numeric

(color) @constant

(string) @string

[
  (true)
  (false)
] @constant.builtin.boolean

(null) @constant.builtin

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
