#!/bin/sh
# Builds the tree-sitter parser for Neovim 0.10+ from ../tree-sitter-trellis into parser/trellis.so
# and links the grammar's queries as queries/trellis, so that this folder on 'runtimepath'
# highlights Trellis with tree-sitter (ftplugin/trellis.lua starts it). Needs a C compiler ($CC,
# else cc). Run it again after the grammar changes: sh editors/nvim/build-parser.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
grammar="$here/../tree-sitter-trellis"
mkdir -p "$here/parser" "$here/queries"
"${CC:-cc}" -shared -fPIC -O2 -I "$grammar/src" "$grammar/src/parser.c" "$grammar/src/scanner.c" -o "$here/parser/trellis.so.new"
mv -f "$here/parser/trellis.so.new" "$here/parser/trellis.so"
ln -sfn ../../tree-sitter-trellis/queries "$here/queries/trellis"
echo "built $here/parser/trellis.so"
