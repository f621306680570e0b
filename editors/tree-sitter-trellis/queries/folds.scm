; Folds: templates, blocks of cells, and argument lists that span lines.
[
  (template_declaration)
  (block)
  (arguments)
  (json_object)
  (json_array)
] @fold
