;;; test.el --- Batch test of trellis-mode with eglot and the real trellis-lsp  -*- lexical-binding: t; -*-

;; Run by test.sh: a broken copy of demo 4 gets its S007 diagnostic through flymake, and a
;; hover on the product row of the example shows its frames and arithmetic.

;;; Code:

(require 'package)
;; Debian's elpa-* packages (elpa-eglot) live here; -Q skips the site file that adds it.
(when (file-directory-p "/usr/share/emacs/site-lisp/elpa")
  (add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa"))
(package-initialize)
(require 'eglot)
(require 'trellis-mode)

(defvar trellis-test-failures nil)

(defun trellis-test-check (condition message)
  "Record MESSAGE when CONDITION is nil."
  (unless condition (push message trellis-test-failures)))

(defun trellis-test-wait (predicate)
  "Wait up to 60 seconds for PREDICATE, reading the server's output meanwhile."
  (let ((deadline (+ (float-time) 60)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall predicate)))

(let* ((folder (getenv "TRELLIS_TEST_DIR"))
       (broken (expand-file-name "broken.trellis" folder))
       (example (expand-file-name "GridLayoutDemo4.trellis" folder)))
  ;; Diagnostics on the broken copy, through eglot's flymake backend.
  (find-file broken)
  (trellis-test-check (eq major-mode 'trellis-mode) (format "major mode: %s" major-mode))
  (apply #'eglot--connect (eglot--guess-contact))
  (trellis-test-check (trellis-test-wait (lambda () (eglot-current-server))) "eglot did not connect")
  (flymake-start)
  (trellis-test-wait (lambda () (flymake-diagnostics)))
  (let ((texts (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
    (trellis-test-check (seq-some (lambda (text) (string-match-p "S007" text)) texts)
                        (format "diagnostics: %S" texts)))
  ;; A hover on the example's product row.
  (find-file example)
  (trellis-test-wait (lambda () (eglot-current-server)))
  (goto-char (point-min))
  (re-search-forward "^  fill cols {\n    card")
  (goto-char (match-beginning 0))
  (forward-char 3)
  (let* ((reply (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover
                                 (eglot--TextDocumentPositionParams)))
         (text (plist-get (plist-get reply :contents) :value)))
    (trellis-test-check (and text (string-search "(667 − 20 − 120 − 20 − 150 − 5) / 2 = 176" text))
                        (format "hover: %S" text))
    (trellis-test-check (and text (string-search "0,305 375×176" text)) (format "hover frame: %S" text)))
  ;; Indentation and comments from the mode itself.
  (with-temp-buffer
    (trellis-mode)
    (insert "layout a rows {\n20\n}\n")
    (indent-region (point-min) (point-max))
    (trellis-test-check (equal (buffer-string) "layout a rows {\n  20\n}\n") (format "indented: %S" (buffer-string))))
  (if trellis-test-failures
      (progn (message "FAIL\n%s" (mapconcat #'identity trellis-test-failures "\n")) (kill-emacs 1))
    (message "emacs: trellis-mode, eglot diagnostics and hover OK")
    (kill-emacs 0)))

;;; test.el ends here
