#!/bin/sh
# The Emacs package's suite on Emacs 30 (built-in eglot, tree-sitter) inside the Debian 13
# root, against the built trellis-lsp; builds the tree-sitter grammar there for
# trellis-ts-mode:  swift build && editors/emacs/test-30.sh
set -eu
. "$(dirname "$0")/../test-setup-debian13.sh"
. "$root/editors/emacs/test-files.sh"
mkdir -p "$work/tree-sitter"
in_root sh -c 'cd editors/tree-sitter-trellis && cc -shared -fPIC -O2 -I src src/parser.c src/scanner.c -o "$0/libtree-sitter-trellis.so"' "$work/tree-sitter"
in_root timeout 170 env TRELLIS_TS_DIR="$work/tree-sitter" \
  emacs --batch -Q -L "$work/editors/emacs" -l "$work/editors/emacs/test.el"
