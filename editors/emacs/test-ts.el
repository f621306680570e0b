;;; test-ts.el --- trellis-ts-mode on the tree-sitter grammar, and its fallback  -*- lexical-binding: t; -*-

;; Part of the batch suite run by test.el on Emacs 29+.  test-30.sh builds the grammar into
;; TRELLIS_TS_DIR; with it, `.trellis' files open in `trellis-ts-mode', every query
;; compiles, demo 4 gets the faces its words should have, the examples parse without
;; errors, indentation is the regex mode's, and trellis-lsp serves it.  Without the grammar
;; (as `treesit-ready-p' says) the mode is `trellis-mode''s highlighting.

;;; Code:

(require 'test-support)
(require 'test-indent)
(require 'test-eglot)
(require 'test-highlight)
(require 'treesit)
(require 'imenu)

;; trellis-ts-mode.el is loaded once the grammar is on `treesit-extra-load-path'.
(defvar trellis-ts-mode--queries)
(declare-function trellis-ts-mode "trellis-ts-mode" ())

(defun trellis-test-ts--face-at (regexp)
  "Return the face at the first group of the first match of REGEXP."
  (goto-char (point-min))
  (re-search-forward regexp)
  (get-text-property (match-beginning 1) 'face))

(defun trellis-test-ts--fallback ()
  "Check that `trellis-ts-mode' without the grammar is `trellis-mode'."
  (cl-letf (((symbol-function 'treesit-ready-p) #'ignore))
    (with-temp-buffer
      (trellis-ts-mode)
      (trellis-test-check (and (equal font-lock-defaults '(trellis-font-lock-keywords))
                               (null treesit-font-lock-settings)
                               (eq indent-line-function #'trellis-indent-line))
                          "fallback: without the grammar trellis-ts-mode is not trellis-mode's highlighting"))))

(defun trellis-test-ts--faces ()
  "Check the faces of a few words of demo 4, highlighted from the tree."
  (font-lock-ensure)
  (dolist (expected '(("\\(// MyLayout\\)" font-lock-comment-face)
                      ("^\\(template\\) card" font-lock-keyword-face)
                      ("^template \\(card\\)" font-lock-type-face)
                      ("^layout \\(home\\)" font-lock-function-name-face)
                      ("\\(padding\\)(" font-lock-builtin-face)
                      ("\\(50%\\)" font-lock-number-face)
                      ("\\(#EEEEEE\\)" font-lock-constant-face)
                      ("\\(thick\\)" font-lock-variable-name-face)
                      ("\\(fill\\) cols" font-lock-constant-face)
                      ("\\(rows\\) {" font-lock-keyword-face)
                      ("\\(\"iPhone SE\"\\)" font-lock-string-face)
                      ("^ +\\(card\\) tag" font-lock-type-face)
                      ("\\(\\*\\) 5" font-lock-operator-face)))
    (let ((face (trellis-test-ts--face-at (car expected))))
      (trellis-test-check (if (listp face) (memq (cadr expected) face) (eq face (cadr expected)))
                          (format "tree-sitter face at %s: %S, not %s" (car expected) face (cadr expected))))))

(defun trellis-test-ts (corpus)
  "Check `trellis-ts-mode' with the grammar in TRELLIS_TS_DIR, and without.
CORPUS is the folder of examples and docs for the indentation test."
  (let ((grammar (getenv "TRELLIS_TS_DIR")))
    (unless (and grammar (file-exists-p (expand-file-name "libtree-sitter-trellis.so" grammar)))
      (error "The grammar was not built (test-30.sh builds editors/tree-sitter-trellis)"))
    (add-to-list 'treesit-extra-load-path grammar)
    (setq treesit-font-lock-level 4)
    (require 'trellis-ts-mode)
    (trellis-test-ts--fallback)
    (trellis-test-check (treesit-ready-p 'trellis) "treesit-ready-p: the grammar does not load")
    (dolist (entry trellis-ts-mode--queries)
      (condition-case err
          (treesit-query-compile 'trellis (cadr entry) t)
        (error (trellis-test-check nil (format "query %s: %S" (car entry) err)))))
    (let ((file (expand-file-name "ts.trellis" (getenv "TRELLIS_TEST_DIR"))))
      (copy-file (expand-file-name "GridLayoutDemo4.trellis" (getenv "TRELLIS_TEST_DIR")) file t)
      (trellis-test-visit "ts.trellis"))
    (trellis-test-check (eq major-mode 'trellis-ts-mode) (format "a .trellis file opens in %s" major-mode))
    (trellis-test-check (equal (eglot--languageId) "trellis") (format "language id %S" (eglot--languageId)))
    (trellis-test-ts--faces)
    ;; At the default level: every number whole (a viewport is a constant), `*' an operator.
    (let ((treesit-font-lock-level 3))
      (trellis-test-highlight-numbers #'trellis-ts-mode 'font-lock-number-face
                                      (cdr trellis-test-highlight-numbers) 'font-lock-operator-face))
    (dolist (file (directory-files (expand-file-name "examples" corpus) t "\\.trellis\\'"))
      (with-temp-buffer
        (insert-file-contents file)
        (trellis-ts-mode)
        (when (string-suffix-p "GridLayoutDemo4.trellis" file)
          (trellis-test-check (equal (mapcar #'car (cdr (assoc "Layout" (imenu--make-index-alist t)))) '("home"))
                              "imenu (without eglot) does not list the layout home"))
        (trellis-test-check (not (treesit-node-check (treesit-buffer-root-node) 'has-error))
                            (format "%s: the grammar finds errors" (file-name-nondirectory file)))))
    (let ((indented (trellis-test-indent corpus #'trellis-ts-mode)))
      (format "the grammar's faces on demo 4, numbers whole and `*' at level 3, queries compile, examples parse; indentation: %s; fallback checked"
              indented))))

(provide 'test-ts)
;;; test-ts.el ends here
