; Indentation in Helix (docs.helix-editor.com/guides/indent.html): the cells of a block or a
; template one level in, the closing brace back out; the same for multi-line arguments and the
; JSON values inside them. A continuation line of a cell keeps the indentation it was given.
[
  (block)
  (template_declaration)
  (arguments)
  (json_object)
  (json_array)
] @indent

[
  "}"
  ")"
  "]"
] @outdent
