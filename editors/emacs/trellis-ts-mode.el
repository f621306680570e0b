;;; trellis-ts-mode.el --- Tree-sitter mode for Trellis grid layouts  -*- lexical-binding: t; -*-

;; Version: 0.3.0
;; Package-Requires: ((emacs "29.1"))
;; Keywords: languages
;; URL: https://github.com/trellis-layout/trellis

;;; Commentary:

;; `trellis-ts-mode' highlights `.trellis' files from the syntax tree of the tree-sitter
;; grammar in editors/tree-sitter-trellis, and finds templates and layouts for imenu and
;; `beginning-of-defun'.  Everything else is `trellis-mode''s, which it derives from:
;; indentation (the same function), comments, `trellis-mode-hook', and trellis-lsp through
;; eglot.  Without the grammar it is `trellis-mode' as it is: regex highlighting.
;;
;; Build the grammar where Emacs looks for it: a folder of `treesit-extra-load-path', or
;; the tree-sitter folder of `user-emacs-directory' (~/.emacs.d/tree-sitter, or
;; ~/.config/emacs/tree-sitter if that is where your init file lives).  Then load this
;; file: `.trellis' files open in it.  On macOS name the library `.dylib'.
;;
;;   cd editors/tree-sitter-trellis
;;   mkdir -p ~/.emacs.d/tree-sitter
;;   cc -shared -fPIC -O2 -I src src/parser.c src/scanner.c \
;;      -o ~/.emacs.d/tree-sitter/libtree-sitter-trellis.so
;;
;;   (require 'trellis-ts-mode)

;;; Code:

(require 'treesit)
(require 'trellis-mode)

(defconst trellis-ts-mode--queries
  '((comment ((comment) @font-lock-comment-face))
    (definition ((template_declaration name: (identifier) @font-lock-type-face)
                 (layout_declaration name: (identifier) @font-lock-function-name-face)))
    (keyword (["target" "mylayout" "preview" "use" "rtl" "template" "layout" "rows" "cols"]
              @font-lock-keyword-face))
    (string ((string) @font-lock-string-face))
    (attribute ((attribute name: _ @font-lock-builtin-face)))
    (constant (["fill" "wrap" "_"] @font-lock-constant-face
               [(true) (false) (null) (color) (viewport)] @font-lock-constant-face))
    (number ([(number) (percent) (ratio)] @font-lock-number-face))
    (type ((template_reference (identifier) @font-lock-type-face)))
    (property ((arguments (identifier) @font-lock-variable-name-face)))
    (operator ((repeat "*" @font-lock-operator-face)))
    (bracket (["{" "}" "(" ")" "[" "]"] @font-lock-bracket-face))
    (delimiter (["|" ";" ":" ","] @font-lock-delimiter-face)))
  "The highlighting queries, by font-lock feature, over the grammar's node names.")

(defconst trellis-ts-mode--features
  '((comment definition)
    (keyword string)
    (attribute constant number type property operator)
    (bracket delimiter))
  "The features of `trellis-ts-mode--queries' by `treesit-font-lock-level'.
The repetition's `*' (`operator') shows at the default level, 3, as
`trellis-mode' shows it.")

(defun trellis-ts-mode--font-lock-settings ()
  "The `treesit-font-lock-settings' made of `trellis-ts-mode--queries'."
  (apply #'treesit-font-lock-rules
         (mapcan (lambda (entry)
                   (list :language 'trellis :feature (car entry) (cadr entry)))
                 trellis-ts-mode--queries)))

(defun trellis-ts-mode--defun-name (node)
  "The name of NODE when it declares a template or a layout."
  (when (member (treesit-node-type node) '("template_declaration" "layout_declaration"))
    (treesit-node-text (treesit-node-child-by-field-name node "name") t)))

;;;###autoload
(define-derived-mode trellis-ts-mode trellis-mode "Trellis[ts]"
  "Major mode for Trellis grid layouts, highlighted by the tree-sitter grammar.
Without the grammar (see `treesit-ready-p') it is `trellis-mode' as it is."
  (when (treesit-ready-p 'trellis)
    (treesit-parser-create 'trellis)
    (setq-local treesit-font-lock-settings (trellis-ts-mode--font-lock-settings))
    (setq-local treesit-font-lock-feature-list trellis-ts-mode--features)
    (setq-local treesit-defun-type-regexp "\\`\\(?:template\\|layout\\)_declaration\\'")
    (setq-local treesit-defun-name-function #'trellis-ts-mode--defun-name)
    (setq-local treesit-simple-imenu-settings
                '(("Template" "\\`template_declaration\\'" nil nil)
                  ("Layout" "\\`layout_declaration\\'" nil nil)))
    (treesit-major-mode-setup)))

(when (treesit-ready-p 'trellis t)
  (add-to-list 'auto-mode-alist '("\\.trellis\\'" . trellis-ts-mode)))

(provide 'trellis-ts-mode)
;;; trellis-ts-mode.el ends here
