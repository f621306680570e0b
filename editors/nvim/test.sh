#!/bin/sh
# Runs the Neovim package headless against the built trellis-lsp:
#   swift build && editors/nvim/test.sh
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/examples/GridLayoutDemo4.trellis" "$work/"
sed 's/^  120 \/\/ banner$/  120 , 20 \/\/ banner/' "$root/examples/GridLayoutDemo4.trellis" > "$work/broken.trellis"
export PATH="$root/.build/debug:$PATH" TRELLIS_TEST_DIR="$work"
cd "$work"
timeout 120 nvim --headless -u NONE -i NONE \
  --cmd "set runtimepath^=$root/editors/nvim" \
  -c 'filetype on' -c 'runtime! plugin/trellis.lua' \
  -c "luafile $root/editors/nvim/test.lua"
