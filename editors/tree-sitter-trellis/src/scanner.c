// The external scanner of the Trellis grammar: the offside rule and the braces of blocks.
//
// `indent` is the indentation of the line the current cells began on. At a line break where
// the parser may end a cell, the next line that holds a token (blank lines and comment lines
// do not count) continues the cells when it is indented deeper than `indent`; otherwise the
// line break is a `_line_end`, and that line's indentation becomes `indent`. A block's `{`
// saves `indent` and leaves it unknown, so the first line inside starts afresh; its `}`
// restores it. Spaces and tabs count alike, as in the Trellis parser.
#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum TokenType { LINE_END, BLOCK_OPEN, BLOCK_CLOSE };

// Deeper nesting than this is kept as the deepest level: indentation then approximates,
// the parse goes on.
#define MAXIMUM_DEPTH 255
#define UNKNOWN UINT16_MAX

typedef struct {
  uint16_t indent;
  uint8_t depth;
  uint16_t saved[MAXIMUM_DEPTH];
} Scanner;

void *tree_sitter_trellis_external_scanner_create(void) {
  Scanner *scanner = calloc(1, sizeof(Scanner));
  if (scanner) scanner->indent = UNKNOWN;
  return scanner;
}

void tree_sitter_trellis_external_scanner_destroy(void *payload) { free(payload); }

unsigned tree_sitter_trellis_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *scanner = payload;
  unsigned size = 0;
  unsigned count = scanner->depth;
  if (3 + count * 2 > TREE_SITTER_SERIALIZATION_BUFFER_SIZE) count = (TREE_SITTER_SERIALIZATION_BUFFER_SIZE - 3) / 2;
  memcpy(buffer, &scanner->indent, 2);
  size += 2;
  buffer[size++] = (char)count;
  memcpy(buffer + size, scanner->saved, count * 2);
  return size + count * 2;
}

void tree_sitter_trellis_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  Scanner *scanner = payload;
  scanner->indent = UNKNOWN;
  scanner->depth = 0;
  if (length < 3) return;
  memcpy(&scanner->indent, buffer, 2);
  unsigned count = (unsigned char)buffer[2];
  if (3 + count * 2 > length) count = (length - 3) / 2;
  memcpy(scanner->saved, buffer + 3, count * 2);
  scanner->depth = (uint8_t)count;
}

static bool is_horizontal_space(int32_t c) { return c == ' ' || c == '\t' || c == '\f' || c == 0xFEFF; }

// After a line break (consumed): the indentation of the next line that holds a token, or -1
// at the end of the input. Consumes lookahead characters that are not part of the token.
static int32_t next_indent(TSLexer *lexer) {
  for (;;) {
    int32_t indent = 0;
    while (is_horizontal_space(lexer->lookahead)) {
      if (indent < UNKNOWN - 1) indent++;
      lexer->advance(lexer, false);
    }
    if (lexer->eof(lexer)) return -1;
    if (lexer->lookahead == '\r' || lexer->lookahead == '\n') {
      lexer->advance(lexer, false);
      continue;
    }
    if (lexer->lookahead == '/') {
      lexer->advance(lexer, false);
      if (lexer->lookahead != '/') return indent;
      while (!lexer->eof(lexer) && lexer->lookahead != '\n') lexer->advance(lexer, false);
      continue;
    }
    return indent;
  }
}

bool tree_sitter_trellis_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  Scanner *scanner = payload;
  while (is_horizontal_space(lexer->lookahead)) lexer->advance(lexer, true);

  if (lexer->lookahead == '{' && valid_symbols[BLOCK_OPEN]) {
    lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    if (scanner->depth < MAXIMUM_DEPTH) scanner->saved[scanner->depth++] = scanner->indent;
    scanner->indent = UNKNOWN;
    lexer->result_symbol = BLOCK_OPEN;
    return true;
  }
  if (lexer->lookahead == '}' && valid_symbols[BLOCK_CLOSE]) {
    lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    if (scanner->depth > 0) scanner->indent = scanner->saved[--scanner->depth];
    lexer->result_symbol = BLOCK_CLOSE;
    return true;
  }
  if ((lexer->lookahead == '\n' || lexer->lookahead == '\r') && valid_symbols[LINE_END]) {
    if (lexer->lookahead == '\r') lexer->advance(lexer, false);
    if (lexer->lookahead == '\n') lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    int32_t indent = next_indent(lexer);
    if (indent < 0) {
      lexer->result_symbol = LINE_END;
      return true;
    }
    if (scanner->indent != UNKNOWN && indent > scanner->indent) return false;
    scanner->indent = (uint16_t)indent;
    lexer->result_symbol = LINE_END;
    return true;
  }
  return false;
}
