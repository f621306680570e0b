; Zed's outline: templates and layouts by name (the language server's document symbols add
; their cells).
(template_declaration
  "template" @context
  name: (identifier) @name) @item

(layout_declaration
  "layout" @context
  name: (identifier) @name) @item
