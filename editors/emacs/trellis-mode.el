;;; trellis-mode.el --- Major mode for Trellis grid layouts  -*- lexical-binding: t; -*-

;; Version: 0.3.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages
;; URL: https://github.com/trellis-layout/trellis

;;; Commentary:

;; A major mode for `.trellis' files (MyGridLayout grid layouts): font-lock from the same
;; word lists as the TextMate grammar, `//' comments, and indentation that keeps the offside
;; rule (trellis-indent.el).  Once eglot is loaded, trellis-eglot.el registers trellis-lsp
;; for it, shows the diagnostic at point through eldoc, and serves grid dictionaries in
;; their own mode, `trellis-grid-json-mode' (`trellis-eglot-grid-json-ensure').  On Emacs
;; 29+ with the tree-sitter grammar, trellis-ts-mode.el highlights from the syntax tree
;; instead.
;;
;;   (add-to-list 'load-path "/path/to/trellis/editors/emacs")
;;   (require 'trellis-mode)
;;   (add-hook 'trellis-mode-hook #'eglot-ensure)
;;   (add-hook 'js-json-mode-hook #'trellis-eglot-grid-json-ensure) ; Emacs 28: js-mode-hook

;;; Code:

(defgroup trellis nil
  "Trellis grid layouts."
  :group 'languages)

(require 'trellis-indent)

(defconst trellis--attributes
  '("padding" "spacing" "gravity" "overlap" "anchor" "placeholder" "tag" "action" "action-data"
    "top-borderline" "left-borderline" "bottom-borderline" "right-borderline" "json" "content")
  "Attribute names, in the schema's order.")

(defconst trellis--gravity-words
  '("top" "bottom" "left" "right" "leading" "trailing" "centerX" "centerY" "width" "height"))

(defconst trellis--color-names
  '("black" "darkgray" "lightgray" "white" "gray" "red" "green" "cyan" "yellow" "magenta"
    "orange" "purple" "brown" "clear"))

(defconst trellis--borderline-fields '("color" "thick" "head" "tail" "offset" "dash"))

(defconst trellis--identifier "[[:alpha:]_][[:alnum:]_-]*")

(defconst trellis--number
  "\\(?:[0-9]+\\(?:\\.[0-9]+\\)?\\|\\.[0-9]+\\)\\(?:[eE][-+]?[0-9]+\\)?"
  "A number without its sign, as the grammar writes it.
For example `12', `1.5', `.5', `1e2', `2.5E-3'.")

(defconst trellis-font-lock-keywords
  `((,(concat "\\_<\\(template\\)[ \t]+\\(" trellis--identifier "\\)")
     (1 font-lock-keyword-face) (2 font-lock-type-face))
    (,(concat "\\_<\\(layout\\)[ \t]+\\(" trellis--identifier "\\)")
     (1 font-lock-keyword-face) (2 font-lock-function-name-face))
    ("^[ \t]*\\(target\\|preview\\|use\\)\\_>" 1 font-lock-preprocessor-face)
    ("\\_<\\(rows\\|cols\\|rtl\\)\\_>" 1 font-lock-keyword-face)
    ("\\_<\\(fill\\|wrap\\|_\\)\\_>" 1 font-lock-constant-face)
    (,(concat "\\_<\\(" (regexp-opt trellis--attributes) "\\)\\(?:(\\|\\_>\\)") 1 font-lock-builtin-face)
    (,(regexp-opt trellis--gravity-words 'symbols) . font-lock-constant-face)
    (,(regexp-opt trellis--color-names 'symbols) . font-lock-constant-face)
    (,(regexp-opt trellis--borderline-fields 'symbols) . font-lock-variable-name-face)
    ("#[0-9A-Fa-f]\\{6\\}\\(?:[0-9A-Fa-f]\\{2\\}\\)?\\_>" . font-lock-constant-face)
    (,(concat trellis--number "x\\(?:" trellis--number "\\|wrap\\)\\(?:@" trellis--number "x\\)?")
     . font-lock-constant-face)
    (,(concat "-?[0-9]+/[0-9]+\\|-?" trellis--number "%?") . font-lock-constant-face)
    ("\\*" . font-lock-keyword-face))
  "Font-lock rules: keywords, template and layout names, attributes, words, sizes.")

(defvar trellis-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?/ ". 12" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?- "_" table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?% "_" table)
    (modify-syntax-entry ?# "_" table)
    (modify-syntax-entry ?| "." table)
    (modify-syntax-entry ?\; "." table)
    table)
  "Syntax table: `//' comments to the end of the line, strings in double quotes.")

;;;###autoload
(define-derived-mode trellis-mode prog-mode "Trellis"
  "Major mode for Trellis grid layouts."
  :syntax-table trellis-mode-syntax-table
  (setq-local comment-start "// ")
  (setq-local comment-start-skip "//+[ \t]*")
  (setq-local comment-end "")
  (setq-local indent-line-function #'trellis-indent-line)
  (setq-local indent-region-function #'trellis-indent-region)
  (setq-local indent-tabs-mode nil)
  (setq-local electric-indent-chars (cons ?} electric-indent-chars))
  (setq-local font-lock-defaults '(trellis-font-lock-keywords)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.trellis\\'" . trellis-mode))
;;;###autoload
(define-derived-mode trellis-project-mode conf-toml-mode "Trellis-Project"
  "Major mode for a Trellis project file, trellis.toml: TOML, served by trellis-lsp.
Its mistakes are shown as it is typed, with hovers and completion of
its tables, keys, values and codes.  A mode of its own, so that eglot
starts trellis-lsp for this file alone and other TOML keeps its server.")

;;;###autoload
(add-to-list 'auto-mode-alist '("/trellis\\.toml\\'" . trellis-project-mode))

(autoload 'trellis-eglot-grid-json "trellis-eglot"
  "Serve this JSON buffer with trellis-lsp, as a grid dictionary." t)
(autoload 'trellis-eglot-grid-json-ensure "trellis-eglot"
  "Serve this buffer with trellis-lsp if it holds a grid dictionary.")
(autoload 'trellis-grid-json-mode "trellis-eglot"
  "Major mode for MyLayout grid dictionaries: JSON, served by trellis-lsp." t)
(with-eval-after-load 'eglot (require 'trellis-eglot))

(provide 'trellis-mode)
;;; trellis-mode.el ends here
