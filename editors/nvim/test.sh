#!/bin/sh
# Runs the Neovim package headless against the built trellis-lsp:
#   swift build && editors/nvim/test.sh
set -eu
. "$(dirname "$0")/../test-setup.sh"
timeout 120 nvim --headless -u NONE -i NONE \
  --cmd "set runtimepath^=$root/editors/nvim" \
  -c 'filetype on' -c 'runtime! plugin/trellis.lua' \
  -c "luafile $root/editors/nvim/test.lua"
