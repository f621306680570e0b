; Text objects in Helix (docs.helix-editor.com/textobjects.html): a template or a layout is a
; type (`mat`, `]t`), its cell the inside (`mit`); each value in an argument list a parameter
; (`mia`, `]a`); comments (`mac`, `]c`); and each cell an entry.
(template_declaration) @class.around

(template_declaration
  body: (cell) @class.inside)

(layout_declaration) @class.around

(layout_declaration
  body: (cell) @class.inside)

(cell) @entry.around

(arguments
  (_) @parameter.inside)

(comment) @comment.inside

(comment)+ @comment.around
