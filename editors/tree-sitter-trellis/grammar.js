/**
 * The Trellis grammar for tree-sitter: the same language as grammar/trellis.ebnf (which is
 * normative), for highlighting, folding, indentation and navigation in editors that use
 * tree-sitter (Neovim, Emacs 30, Helix, Zed).
 *
 * Line breaks carry meaning in one place here: the offside rule. A cell continues on a later
 * line only when that line is indented deeper than the line the cell began on; src/scanner.c
 * decides, and emits `_line_end` where a line break ends the cells of its line (any other
 * line break is a `_newline`, an extra). It also lexes the braces of blocks, to remember the
 * indentation outside each block.
 */
/* eslint-disable no-undef */

/** `items` separated by at least one of `separator`, with any number of them around. */
const separated = (item, separator) => seq(repeat(separator), optional(seq(item, repeat(seq(repeat1(separator), item)), repeat(separator))));

module.exports = grammar({
  name: 'trellis',

  externals: ($) => [
    $._line_end,
    $._newline,
    $._block_open,
    $._block_close,
    $._cell_start,
    $._item_start,
    // Never produced: where the parser could take one, the scanner learns that a part of that
    // kind may continue the cell (the offside rule continues a cell only with such a part).
    $._reference_may_follow,
    $._attribute_may_follow,
    $._split_may_follow,
    $._repeat_may_follow,
    $._error_sentinel,
  ],

  extras: ($) => [/[ \t\r\n\f\uFEFF]/, $._newline, $.comment],

  word: ($) => $.identifier,

  rules: {
    source_file: ($) => separated($._item, choice(';', $._line_end)),

    _item: ($) => choice($.target_directive, $.preview_directive, $.use_directive, $.template_declaration, $.layout_declaration, $.cell),

    // ---------- Directives ----------

    target_directive: ($) => seq($._item_start, 'target', optional('mylayout'), field('version', $.number)),

    preview_directive: ($) => seq($._item_start, 'preview', field('viewport', $.viewport), optional(field('label', $.string)), optional('rtl')),

    use_directive: ($) => seq($._item_start, 'use', field('path', $.string)),

    template_declaration: ($) =>
      seq(
        $._item_start,
        'template',
        field('name', $.identifier),
        alias($._block_open, '{'),
        separated(field('body', $.cell), choice(';', $._line_end)),
        alias($._block_close, '}'),
      ),

    layout_declaration: ($) => seq($._item_start, 'layout', field('name', $.identifier), field('body', $.cell)),

    // ---------- Cells ----------

    cell: ($) =>
      prec.right(
        seq(
          $._cell_start,
          choice(
          seq($.size, optional($.template_reference), repeat($.attribute), optional($.split), optional($.repeat)),
          seq($.template_reference, repeat($.attribute), optional($.split), optional($.repeat)),
          seq(repeat1($.attribute), optional($.split), optional($.repeat)),
          seq($.split, optional($.repeat)),
          $.repeat,
          ),
        ),
      ),

    size: ($) => choice($.number, $.percent, $.ratio, 'fill', 'wrap', '_'),

    template_reference: ($) => seq(optional($._reference_may_follow), $.identifier),

    repeat: ($) => seq(optional($._repeat_may_follow), '*', field('count', $.number)),

    split: ($) => seq(optional($._split_may_follow), field('axis', choice('rows', 'cols')), choice($.block, $.inline_list)),

    block: ($) => seq(alias($._block_open, '{'), separated($.cell, choice(';', '|', $._line_end)), alias($._block_close, '}')),

    inline_list: ($) => prec.right(seq($.cell, repeat(seq('|', $.cell)))),

    // ---------- Attributes ----------

    attribute: ($) =>
      seq(
        optional($._attribute_may_follow),
        choice(
          seq(field('name', $.identifier), field('arguments', $.arguments)),
          prec.right(seq(field('name', choice('anchor', 'placeholder')), optional(field('arguments', $.arguments)))),
        ),
      ),

    arguments: ($) => seq('(', repeat($._argument), ')'),

    _argument: ($) => choice($._value, $.viewport, $.color, $.identifier, '|', ':', ',', 'fill', 'wrap', 'rtl'),

    _value: ($) => choice($.number, $.percent, $.ratio, $.string, $.json_object, $.json_array, $.true, $.false, $.null),

    json_object: ($) => seq('{', repeat(choice($._value, $.identifier, ':', ',')), '}'),

    json_array: ($) => seq('[', repeat(choice($._value, $.identifier, ':', ',')), ']'),

    true: (_) => 'true',
    false: (_) => 'false',
    null: (_) => 'null',

    // ---------- Tokens ----------

    identifier: (_) => /[A-Za-z_\p{XID_Start}][A-Za-z0-9_\p{XID_Continue}]*(-[A-Za-z0-9\p{XID_Continue}][A-Za-z0-9_\p{XID_Continue}]*)*/,

    number: (_) => /-?([0-9]+(\.[0-9]+)?|\.[0-9]+)([eE][+-]?[0-9]+)?/,

    percent: (_) => /-?([0-9]+(\.[0-9]+)?|\.[0-9]+)([eE][+-]?[0-9]+)?%/,

    ratio: (_) => /-?[0-9]+\/[0-9]+/,

    viewport: (_) => /([0-9]+(\.[0-9]+)?|\.[0-9]+)x(([0-9]+(\.[0-9]+)?|\.[0-9]+)|wrap)(@([0-9]+(\.[0-9]+)?|\.[0-9]+)x)?/,

    color: (_) => /#[A-Za-z0-9_]*/,

    string: (_) => token(seq('"', repeat(choice(/[^"\\\n]+/, /\\./)), '"')),

    comment: (_) => token(seq('//', /[^\n]*/)),
  },
});
