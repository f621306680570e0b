// The external scanner of the Trellis grammar: the offside rule and the braces of blocks.
//
// A cell continues on a later line only when that line is indented deeper than the line the
// cell began on (grammar/trellis.ebnf). The scanner keeps two indentations: `line`, of the
// line being read, and `cells`, of the line the innermost open cell began on. Every cell
// begins with `_cell_start`, an empty token that sets `cells` to `line`. At a line break where
// the parser may end a cell, the next line that holds a token (blank lines and comment lines
// do not count) continues the cell when it is deeper than `cells`: the line break is then a
// `_newline`, an extra. Otherwise it is a `_line_end`, which ends the open cells (only a block
// or the file takes it). Every other line break is a `_newline` too, so `line` is always known.
//
// A block's `{` saves `cells` and its `}` restores it, so that the cell holding the block goes
// on by its own first line. An item of the file (a directive, a template, a layout) begins
// with `_item_start`, which sets `cells` too. A deeper line continues the cell only with a
// part the cell can still take (the parser's state says which, through the `_may_follow`
// tokens it never receives); otherwise, as when it begins with a size, it begins a new cell
// and its line break is a `_line_end`. `line` is
// measured on the first call, and at every line break after. Spaces and tabs count alike, as
// in the parser.
#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// ERROR_SENTINEL is valid only while the parser recovers from an error (then every token is).
enum TokenType {
  LINE_END,
  NEWLINE,
  BLOCK_OPEN,
  BLOCK_CLOSE,
  CELL_START,
  ITEM_START,
  REFERENCE_MAY_FOLLOW,
  ATTRIBUTE_MAY_FOLLOW,
  SPLIT_MAY_FOLLOW,
  REPEAT_MAY_FOLLOW,
  ERROR_SENTINEL,
};

// Blocks nested deeper than this share the deepest saved indentation: highlighting stays
// right, the offside rule may approximate on such a line.
#define MAXIMUM_DEPTH 120
#define UNKNOWN UINT16_MAX

typedef struct {
  uint16_t line;
  uint16_t cells;
  uint8_t depth;
  uint16_t saved[MAXIMUM_DEPTH];
} Scanner;

static void reset(Scanner *scanner) {
  memset(scanner, 0, sizeof(Scanner));
  scanner->line = UNKNOWN;
}

void *tree_sitter_trellis_external_scanner_create(void) {
  Scanner *scanner = malloc(sizeof(Scanner));
  if (scanner) reset(scanner);
  return scanner;
}

void tree_sitter_trellis_external_scanner_destroy(void *payload) { free(payload); }

unsigned tree_sitter_trellis_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *scanner = payload;
  unsigned count = scanner->depth;
  // 5 + 2 × 120 bytes fit TREE_SITTER_SERIALIZATION_BUFFER_SIZE (1024).
  buffer[0] = (char)count;
  memcpy(buffer + 1, &scanner->line, 2);
  memcpy(buffer + 3, &scanner->cells, 2);
  memcpy(buffer + 5, scanner->saved, count * 2);
  return 5 + count * 2;
}

void tree_sitter_trellis_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  Scanner *scanner = payload;
  reset(scanner);
  if (length < 5) return;
  unsigned count = (unsigned char)buffer[0];
  if (count > MAXIMUM_DEPTH || 5 + count * 2 > length) return;
  memcpy(&scanner->line, buffer + 1, 2);
  memcpy(&scanner->cells, buffer + 3, 2);
  memcpy(scanner->saved, buffer + 5, count * 2);
  scanner->depth = (uint8_t)count;
}

static bool is_horizontal_space(int32_t c) { return c == ' ' || c == '\t' || c == '\f' || c == 0xFEFF; }

static bool is_line_break(int32_t c) { return c == '\n' || c == '\r'; }

// Skips a `//` comment when the lookahead is its first `/`; false (one `/` consumed) when the
// `/` starts no comment.
static bool skip_comment(TSLexer *lexer) {
  lexer->advance(lexer, false);
  if (lexer->lookahead != '/') return false;
  while (!lexer->eof(lexer) && !is_line_break(lexer->lookahead)) lexer->advance(lexer, false);
  return true;
}

// After a line break: the indentation of the next line that holds a token, or -1 when none
// does. Reads ahead past the token's end (the caller has marked it).
static int32_t next_indent(TSLexer *lexer) {
  for (;;) {
    int32_t indent = 0;
    while (is_horizontal_space(lexer->lookahead)) {
      if (indent < UNKNOWN - 1) indent++;
      lexer->advance(lexer, false);
    }
    if (lexer->eof(lexer)) return -1;
    if (is_line_break(lexer->lookahead)) {
      lexer->advance(lexer, false);
      continue;
    }
    if (lexer->lookahead == '/' && skip_comment(lexer)) continue;
    return indent;
  }
}

static bool is_word_character(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c >= 0x80;
}

// Reads a short word at the lookahead into `word` (empty when the lookahead starts none, or
// when the word is longer than `size - 1`). Reads ahead past the token's end.
static void read_word(TSLexer *lexer, char *word, unsigned size) {
  unsigned length = 0;
  while (is_word_character(lexer->lookahead) && length < size - 1) {
    word[length++] = (char)lexer->lookahead;
    lexer->advance(lexer, false);
  }
  if (is_word_character(lexer->lookahead)) length = 0;
  word[length] = 0;
}

static bool is_one_of(const char *word, const char *const *words, unsigned count) {
  for (unsigned index = 0; index < count; index++) {
    if (strcmp(word, words[index]) == 0) return true;
  }
  return false;
}

static const char *const directives[] = {"layout", "template", "target", "preview", "use"};

// What the lookahead begins: a directive's keyword, another word or `*` (a cell), or
// nothing either takes. Reads ahead past the (empty) token's end.
typedef enum { BEGINS_NOTHING, BEGINS_ITEM, BEGINS_CELL } Beginning;

static Beginning beginning(TSLexer *lexer) {
  int32_t c = lexer->lookahead;
  if ((c >= '0' && c <= '9') || c == '-' || c == '.' || c == '*') return BEGINS_CELL;
  if (!is_word_character(c)) return BEGINS_NOTHING;
  char word[10];
  read_word(lexer, word, sizeof(word));
  return is_one_of(word, directives, 5) ? BEGINS_ITEM : BEGINS_CELL;
}

// Whether the part the lookahead begins can continue the open cell: a size never can (it
// begins a cell); an attribute (a name and `(`, or a flag), a split, a repetition or a
// template's name only where the parser could take one now. Reads ahead past the token's end.
static bool continues_cell(TSLexer *lexer, const bool *valid_symbols) {
  int32_t c = lexer->lookahead;
  if (c == '*') return valid_symbols[REPEAT_MAY_FOLLOW];
  if (c == '-' || c == '.' || (c >= '0' && c <= '9')) return false;
  if (!is_word_character(c)) return true;
  char word[12];
  read_word(lexer, word, sizeof(word));
  static const char *const sizes[] = {"fill", "wrap", "_"};
  static const char *const splits[] = {"rows", "cols"};
  static const char *const flags[] = {"anchor", "placeholder"};
  if (is_one_of(word, sizes, 3)) return false;
  if (is_one_of(word, splits, 2)) return valid_symbols[SPLIT_MAY_FOLLOW];
  if (is_one_of(word, flags, 2)) return valid_symbols[ATTRIBUTE_MAY_FOLLOW];
  while (is_word_character(lexer->lookahead)) lexer->advance(lexer, false);
  while (is_horizontal_space(lexer->lookahead)) lexer->advance(lexer, false);
  if (lexer->lookahead == '(') return valid_symbols[ATTRIBUTE_MAY_FOLLOW];
  return valid_symbols[REFERENCE_MAY_FOLLOW];
}

bool tree_sitter_trellis_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  Scanner *scanner = payload;
  while (is_horizontal_space(lexer->lookahead)) lexer->advance(lexer, true);
  if (scanner->line == UNKNOWN) {
    uint32_t column = lexer->get_column(lexer);
    scanner->line = column < UNKNOWN ? (uint16_t)column : UNKNOWN - 1;
  }

  if (lexer->lookahead == '{' && valid_symbols[BLOCK_OPEN]) {
    lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    if (scanner->depth < MAXIMUM_DEPTH) scanner->saved[scanner->depth++] = scanner->cells;
    lexer->result_symbol = BLOCK_OPEN;
    return true;
  }
  if (lexer->lookahead == '}' && valid_symbols[BLOCK_CLOSE]) {
    lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    if (scanner->depth > 0) scanner->cells = scanner->saved[--scanner->depth];
    lexer->result_symbol = BLOCK_CLOSE;
    return true;
  }
  bool begins = valid_symbols[CELL_START] || valid_symbols[ITEM_START];
  if (begins && !valid_symbols[ERROR_SENTINEL] && !lexer->eof(lexer) && !is_line_break(lexer->lookahead)) {
    lexer->mark_end(lexer);
    Beginning what = beginning(lexer);
    if ((what == BEGINS_CELL && valid_symbols[CELL_START]) || (what == BEGINS_ITEM && valid_symbols[ITEM_START])) {
      scanner->cells = scanner->line;
      lexer->result_symbol = what == BEGINS_CELL ? CELL_START : ITEM_START;
      return true;
    }
    return false;
  }
  if (is_line_break(lexer->lookahead) && (valid_symbols[LINE_END] || valid_symbols[NEWLINE])) {
    if (lexer->lookahead == '\r') lexer->advance(lexer, false);
    if (lexer->lookahead == '\n') lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    int32_t indent = next_indent(lexer);
    bool ends = indent < 0 || indent <= scanner->cells
      || (valid_symbols[LINE_END] && !valid_symbols[ERROR_SENTINEL] && !continues_cell(lexer, valid_symbols));
    if (indent >= 0) scanner->line = (uint16_t)indent;
    if (ends && valid_symbols[LINE_END]) {
      if (indent >= 0) scanner->cells = (uint16_t)indent;
      lexer->result_symbol = LINE_END;
      return true;
    }
    if (!valid_symbols[NEWLINE]) return false;
    lexer->result_symbol = NEWLINE;
    return true;
  }
  return false;
}
