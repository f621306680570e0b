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
// on by its own first line. Spaces and tabs count alike, as in the parser.
#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// ERROR_SENTINEL is valid only while the parser recovers from an error (then every token is).
enum TokenType { LINE_END, NEWLINE, BLOCK_OPEN, BLOCK_CLOSE, CELL_START, ERROR_SENTINEL };

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

void *tree_sitter_trellis_external_scanner_create(void) { return calloc(1, sizeof(Scanner)); }

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
  memset(scanner, 0, sizeof(Scanner));
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

// Whether the lookahead can begin a cell: a size, a name (a template, an attribute, `rows`,
// `cols`) or `*`, but not a directive's keyword, which begins an item of the file instead.
// Reads ahead past the (empty) token's end.
static bool cell_can_start(TSLexer *lexer) {
  int32_t c = lexer->lookahead;
  if ((c >= '0' && c <= '9') || c == '-' || c == '.' || c == '*') return true;
  if (!is_word_character(c)) return false;
  static const char *const directives[] = {"layout", "template", "target", "preview"};
  char word[10];
  unsigned length = 0;
  while (is_word_character(lexer->lookahead) && length < sizeof(word) - 1) {
    word[length++] = (char)lexer->lookahead;
    lexer->advance(lexer, false);
  }
  word[length] = 0;
  if (is_word_character(lexer->lookahead)) return true;
  for (unsigned index = 0; index < sizeof(directives) / sizeof(directives[0]); index++) {
    if (strcmp(word, directives[index]) == 0) return false;
  }
  return true;
}

bool tree_sitter_trellis_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  Scanner *scanner = payload;
  while (is_horizontal_space(lexer->lookahead)) lexer->advance(lexer, true);

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
  if (valid_symbols[CELL_START] && !valid_symbols[ERROR_SENTINEL] && !lexer->eof(lexer) && !is_line_break(lexer->lookahead)) {
    lexer->mark_end(lexer);
    if (cell_can_start(lexer)) {
      scanner->cells = scanner->line;
      lexer->result_symbol = CELL_START;
      return true;
    }
    return false;
  }
  if (is_line_break(lexer->lookahead) && (valid_symbols[LINE_END] || valid_symbols[NEWLINE])) {
    if (lexer->lookahead == '\r') lexer->advance(lexer, false);
    if (lexer->lookahead == '\n') lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    int32_t indent = next_indent(lexer);
    bool ends = indent < 0 || scanner->cells == UNKNOWN || indent <= scanner->cells;
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
