#!/bin/sh
# Runs test.lua on this machine's Neovim (Debian 12's 0.7.2) against the built trellis-lsp, with
# the package set up as docs/editors.md tells users to: `swift build && editors/nvim/test.sh`.
set -eu
. "$(dirname "$0")/../test-setup.sh"
mkdir -p "$work/config/nvim"
echo "vim.opt.runtimepath:append('$root/editors/nvim')" > "$work/config/nvim/init.lua"
XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" \
  timeout 110 nvim --headless -i NONE -c "luafile $root/editors/nvim/test.lua"
