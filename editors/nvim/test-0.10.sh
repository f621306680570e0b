#!/bin/sh
# Runs test.lua on Neovim 0.10 inside the Debian 13 root (tools/debian13-root) against the built
# trellis-lsp, with the package set up as docs/editors.md tells users to, and the tree-sitter
# parser built by build-parser.sh when the grammar is there: `swift build && editors/nvim/test-0.10.sh`.
# The examples and docs go along for the indentation checks (test-indent.lua).
set -eu
. "$(dirname "$0")/../test-setup-debian13.sh"
package="$work/editors/nvim"
cp -r "$root/examples" "$root/docs" "$root/README.md" "$work/"
if [ -f "$work/editors/tree-sitter-trellis/src/parser.c" ]; then
  in_root sh "$package/build-parser.sh"
fi
mkdir -p "$work/config/nvim"
echo "vim.opt.runtimepath:append('$package')" > "$work/config/nvim/init.lua"
in_root env XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" \
  timeout 110 nvim --headless -i NONE -c "luafile $package/test.lua"
