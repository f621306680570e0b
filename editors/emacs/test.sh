#!/bin/sh
# The Emacs package's suite on this machine's Emacs 28 with Debian's elpa-eglot (1.9),
# against the built trellis-lsp:  swift build && editors/emacs/test.sh
set -eu
. "$(dirname "$0")/../test-setup.sh"
. "$root/editors/emacs/test-files.sh"
timeout 170 emacs --batch -Q -L "$root/editors/emacs" -l "$root/editors/emacs/test.el"
