; Matching pairs in Zed: the braces of blocks, templates and JSON objects, the parentheses of
; attribute arguments, the brackets of JSON arrays.
("(" @open ")" @close)
("{" @open "}" @close)
("[" @open "]" @close)
