;;; trellis-eglot.el --- trellis-lsp through eglot, for Trellis files and grid JSON  -*- lexical-binding: t; -*-

;; Version: 0.3.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: languages
;; URL: https://github.com/trellis-layout/trellis

;;; Commentary:

;; Loaded by trellis-mode.el once eglot is.  It
;;
;; - registers trellis-lsp with eglot for `trellis-mode', `trellis-ts-mode' and
;;   `trellis-project-mode' (trellis.toml) (connections of the class `trellis-eglot-server');
;; - in every buffer trellis-lsp manages, shows the diagnostic at point through eldoc
;;   together with the hover (eglot 1.9 would show the hover alone), and turns eglot's
;;   inlay hints on where eglot has them (Emacs 29+; eglot 1.9 has none);
;; - gives grid dictionaries a major mode of their own, `trellis-grid-json-mode', and
;;   registers trellis-lsp for it alone.  eglot runs one server per major mode and project,
;;   so trellis-lsp registered for a JSON mode would take every JSON file of the project from
;;   your JSON server (and on Emacs 28, where `.json' opens in `js-mode', every JavaScript
;;   file too).  `trellis-eglot-grid-json-ensure' in a JSON mode hook switches a buffer
;;   that holds a grid dictionary to `trellis-grid-json-mode' and starts trellis-lsp for
;;   it; other JSON, and JavaScript, keep their mode and their server.
;;   `M-x trellis-eglot-grid-json' does the same for the buffer at hand.
;;
;; Completion inserts plain text unless yasnippet is installed: eglot then tells the server
;; it takes no snippets, and trellis-lsp sends `padding(10)' instead of `padding(${1:10})'.

;;; Code:

(require 'cl-lib)
(require 'eglot)
(require 'eldoc)
(require 'flymake)

(defcustom trellis-lsp-command '("trellis-lsp")
  "The command that starts trellis-lsp: the program and its arguments."
  :type '(repeat string)
  :group 'trellis)

(defconst trellis-grid-json-keys
  '("size" "padding" "space" "spacing" "gravity" "overlap" "anchor" "placeholder" "tag"
    "action" "action-data" "top-borderline" "left-borderline" "bottom-borderline"
    "right-borderline" "rows" "cols")
  "The keys of a grid dictionary, in both MyLayout dialects.")

(defclass trellis-eglot-server (eglot-lsp-server) ()
  :documentation "An eglot connection to trellis-lsp.")

(defun trellis-eglot--contact (&optional _interactive _project)
  "Return the eglot contact of trellis-lsp: its class and command."
  (cons 'trellis-eglot-server trellis-lsp-command))

(add-to-list 'eglot-server-programs
             '(((trellis-mode :language-id "trellis") (trellis-ts-mode :language-id "trellis")
                (trellis-project-mode :language-id "toml"))
               . trellis-eglot--contact))
(add-to-list 'eglot-server-programs
             '(((trellis-grid-json-mode :language-id "json")) . trellis-eglot--contact))

(defun trellis-eglot-active-p (&optional server)
  "Return non-nil when SERVER (default: the buffer's) is trellis-lsp."
  (cl-typep (or server (eglot-current-server)) 'trellis-eglot-server))

;;; Eldoc and inlay hints

(defun trellis-eglot--managed ()
  "Set up eldoc and inlay hints in a buffer that trellis-lsp manages.
Eldoc composes the diagnostic at point with the hover (eglot 1.9
would show only the hover); inlay hints are turned on where eglot
has them."
  (when (and (eglot-managed-p) (trellis-eglot-active-p))
    (add-hook 'eldoc-documentation-functions #'flymake-eldoc-function t t)
    (setq-local eldoc-documentation-strategy #'eldoc-documentation-compose)
    (when (fboundp 'eglot-inlay-hints-mode) (eglot-inlay-hints-mode 1))))

(add-hook 'eglot-managed-mode-hook #'trellis-eglot--managed)

;;; Grid JSON

(defun trellis-grid-json-p ()
  "Return non-nil when the buffer's JSON is a grid dictionary.
That is, as trellis-lsp decides, an object at the root with a grid
key among its members, or with no member at all."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (skip-chars-forward " \t\r\n\uFEFF")
      (and (eq (char-after) ?{)
           (or (looking-at-p "{[ \t\r\n]*}")
               (let ((key (concat "\"" (regexp-opt trellis-grid-json-keys) "\"[ \t\r\n]*:"))
                     found)
                 (while (and (not found) (re-search-forward key nil t))
                   (let ((state (syntax-ppss (match-beginning 0))))
                     (setq found (and (= (car state) 1) (not (nth 3 state)) (not (nth 4 state))))))
                 found))))))

(defvar-local trellis-grid-json-base-mode nil
  "The JSON mode that set up this `trellis-grid-json-mode' buffer.")

(defvar trellis-grid-json--base nil
  "The JSON mode `trellis-grid-json-mode' sets the buffer up as.
Bound while it runs.")

(defun trellis-grid-json--default-base ()
  "The mode `.json' files open in without tree-sitter.
That is `js-json-mode' (Emacs 29+), else `js-mode'."
  (if (fboundp 'js-json-mode) 'js-json-mode 'js-mode))

;;;###autoload
(define-derived-mode trellis-grid-json-mode prog-mode "Grid JSON"
  "Major mode for MyLayout grid dictionaries: JSON, served by trellis-lsp.
It sets the buffer up as the JSON mode it replaces does (the buffer's
mode before, when `trellis-eglot-grid-json-ensure' or
`trellis-eglot-grid-json' switched to it: `js-json-mode', `json-ts-mode'
or, on Emacs 28, `js-mode'; else `js-json-mode' or `js-mode'), keeps
that mode's keymap, and runs that mode's hooks before its own, but it
is not derived from it.  Eglot gives a buffer to the servers of its
mode's parents too (as Emacs 30 made `js-json-mode' reuse `js-mode'
without deriving from it, bug#67463): derived, grid dictionaries would
go to your JSON server.  Registered for this mode alone, trellis-lsp
never takes your other JSON or JavaScript files."
  :syntax-table nil
  :abbrev-table nil
  (let ((base (or trellis-grid-json--base (trellis-grid-json--default-base))))
    ;; Its hooks are delayed, as a parent's are: they run with this mode's, after the body.
    (funcall base)
    (setq major-mode 'trellis-grid-json-mode
          mode-name "Grid JSON")
    (setq-local trellis-grid-json-base-mode base)))

(defun trellis-grid-json--switch ()
  "Switch this buffer to `trellis-grid-json-mode', set up as its JSON mode."
  (let ((trellis-grid-json--base
         (and (not (eq major-mode 'trellis-grid-json-mode))
              (provided-mode-derived-p major-mode 'prog-mode)
              major-mode)))
    (trellis-grid-json-mode)))

(defun trellis-grid-json--file-p ()
  "Return non-nil when this buffer visits a `.json' file."
  (and buffer-file-name (string-match-p "\\.json\\'" buffer-file-name)))

;;;###autoload
(defun trellis-eglot-grid-json ()
  "Serve this JSON buffer with trellis-lsp, as a grid dictionary.
Switch it to `trellis-grid-json-mode' (set up as its JSON mode) and
start trellis-lsp for it after this command, as `eglot-ensure' does.
Another server that managed the buffer keeps its other buffers.
trellis-lsp ignores JSON that is not a grid dictionary."
  (interactive)
  (unless (trellis-grid-json--file-p)
    (user-error "This buffer visits no .json file"))
  (unless (eq major-mode 'trellis-grid-json-mode)
    (trellis-grid-json--switch))
  (unless (eglot-managed-p)
    (eglot-ensure)))

;;;###autoload
(defun trellis-eglot-grid-json-ensure ()
  "Serve this buffer with trellis-lsp if it holds a grid dictionary.
For JSON mode hooks (`js-json-mode-hook', `json-ts-mode-hook', or on
Emacs 28 `js-mode-hook').  A `.json' file whose JSON is a grid
dictionary (as trellis-lsp decides) switches to
`trellis-grid-json-mode', and trellis-lsp starts for it after the
current command, as `eglot-ensure' does.  Any other buffer is left as
it is, to your JSON (or JavaScript) server."
  (when (and (not (eq major-mode 'trellis-grid-json-mode))
             (trellis-grid-json--file-p)
             (trellis-grid-json-p))
    (trellis-grid-json--switch))
  (when (eq major-mode 'trellis-grid-json-mode)
    (eglot-ensure)))

;;; The project: the folder holding trellis.toml

(defun trellis-eglot-project (directory)
  "The Trellis project of DIRECTORY: the nearest folder at or above it
holding trellis.toml, as a transient project, or nil.  A project's files
`use' each other's templates, so eglot's workspace is that folder (not a
subfolder of layouts, nor a larger repository around it)."
  (let ((root (locate-dominating-file directory "trellis.toml")))
    (and root (cons 'transient (file-name-as-directory (expand-file-name root))))))

(defun trellis-eglot--find-project ()
  "Make Trellis buffers find their project by trellis.toml first."
  (add-hook 'project-find-functions #'trellis-eglot-project nil t))

(add-hook 'trellis-mode-hook #'trellis-eglot--find-project)
(add-hook 'trellis-ts-mode-hook #'trellis-eglot--find-project)

(provide 'trellis-eglot)
;;; trellis-eglot.el ends here
