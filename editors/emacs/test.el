;;; test.el --- The batch suite of the Emacs package, against the real trellis-lsp  -*- lexical-binding: t; -*-

;; Run by test.sh (Emacs 28, elpa eglot) and test-30.sh (Emacs 30, built-in eglot), in the
;; folder TRELLIS_TEST_DIR that they make: demo 4, its broken copy, shop/ (a copy of
;; examples/shop), corpus/ (examples and docs), json/ and other/; the indentation property
;; test builds its variants in property/ with `trellis' from PATH.  Prints one line per part and exits nonzero on a failure.

;;; Code:

(require 'package)
;; Debian's elpa-* packages (elpa-eglot) live here; -Q skips the site file that adds it.
(when (file-directory-p "/usr/share/emacs/site-lisp/elpa")
  (add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa"))
(package-initialize)

(require 'test-support)
(require 'test-indent)
(require 'test-indent-property)
(require 'test-highlight)
(require 'test-eglot)
(require 'test-json)
(declare-function trellis-test-ts "test-ts" (corpus))

(let ((folder (getenv "TRELLIS_TEST_DIR")))
  (trellis-test-run "indentation" #'trellis-test-indent (expand-file-name "corpus" folder))
  (trellis-test-run "indentation keeps the meaning" #'trellis-test-indent-property (expand-file-name "corpus" folder))
  (trellis-test-run "highlighting" #'trellis-test-highlight)
  (trellis-test-run "diagnostics" #'trellis-test-eglot-broken)
  (trellis-test-run "hover" #'trellis-test-eglot-hover)
  (trellis-test-run "completion" #'trellis-test-eglot-completion)
  (trellis-test-run "inlay hints" #'trellis-test-eglot-inlay-hints)
  (trellis-test-run "rename across files" #'trellis-test-eglot-rename)
  (trellis-test-run "project file" #'trellis-test-eglot-project-file)
  (trellis-test-run "grid JSON" #'trellis-test-json)
  (when (>= emacs-major-version 29)
    (require 'test-ts)
    (trellis-test-run "tree-sitter" #'trellis-test-ts (expand-file-name "corpus" folder)))
  (trellis-test-finish (format "emacs-%s" emacs-version)))

;;; test.el ends here
