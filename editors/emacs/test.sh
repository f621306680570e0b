#!/bin/sh
# Runs trellis-mode and eglot in Emacs batch mode against the built trellis-lsp:
#   swift build && editors/emacs/test.sh
set -eu
. "$(dirname "$0")/../test-setup.sh"
timeout 180 emacs --batch -Q -L "$root/editors/emacs" -l "$root/editors/emacs/test.el"
