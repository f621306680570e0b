; Indentation in Zed: the cells of a block or a template one level in, and the closing brace
; back out; the same for multi-line arguments and JSON values inside them.
(block
  "}" @end) @indent

(template_declaration
  "}" @end) @indent

(arguments
  ")" @end) @indent

(json_object
  "}" @end) @indent

(json_array
  "]" @end) @indent
