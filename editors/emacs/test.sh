#!/bin/sh
# Runs trellis-mode and eglot in Emacs batch mode against the built trellis-lsp:
#   swift build && editors/emacs/test.sh
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/examples/GridLayoutDemo4.trellis" "$work/"
sed 's/^  120 \/\/ banner$/  120 , 20 \/\/ banner/' "$root/examples/GridLayoutDemo4.trellis" > "$work/broken.trellis"
export PATH="$root/.build/debug:$PATH" TRELLIS_TEST_DIR="$work"
cd "$work"
timeout 180 emacs --batch -Q -L "$root/editors/emacs" -l "$root/editors/emacs/test.el"
