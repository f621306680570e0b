; Indentation in Neovim's capture names: a block's cells one level in, its `}` back out.
; A continuation line (deeper than its cell's first line) is the writer's choice: lines that
; are not in a new block keep the indentation they have.
(block) @indent.begin
(template_declaration) @indent.begin
(arguments) @indent.begin

(block
  "}" @indent.end @indent.branch)

(template_declaration
  "}" @indent.end @indent.branch)

(arguments
  ")" @indent.end @indent.branch)

(comment) @indent.auto
