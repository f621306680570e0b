;;; trellis-eglot.el --- trellis-lsp through eglot, for Trellis files and grid JSON  -*- lexical-binding: t; -*-

;; Version: 0.2.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: languages
;; URL: https://github.com/trellis-layout/trellis

;;; Commentary:

;; Loaded by trellis-mode.el once eglot is.  It
;;
;; - registers trellis-lsp with eglot for `trellis-mode' and `trellis-ts-mode'
;;   (connections of the class `trellis-eglot-server');
;; - in every buffer trellis-lsp manages, shows the diagnostic at point through eldoc
;;   together with the hover (eglot 1.9 would show the hover alone), and turns eglot's
;;   inlay hints on where eglot has them (Emacs 29+; eglot 1.9 has none);
;; - serves grid JSON on request.  eglot runs one server per major mode and project, so
;;   trellis-lsp is not registered for JSON modes (that would displace your JSON server):
;;   `M-x trellis-eglot-grid-json' starts it for the JSON buffer at hand, and
;;   `trellis-eglot-grid-json-ensure' in a JSON mode hook starts it for grid dictionaries
;;   only.  The server ignores JSON that is not a grid dictionary.
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
             '(((trellis-mode :language-id "trellis") (trellis-ts-mode :language-id "trellis"))
               . trellis-eglot--contact))

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

;;;###autoload
(defun trellis-eglot-grid-json (&optional interactive)
  "Start trellis-lsp for this JSON buffer, for grid dictionaries.
Eglot runs one server per major mode and project, so trellis-lsp
then also serves the project's other JSON files in this major mode
\(it ignores those that are not grid dictionaries).  When another
eglot server already has this mode in this project, it is kept,
unless INTERACTIVE (as a command): then you are asked whether to
replace it.  Return the trellis-lsp connection, or nil."
  (interactive (list t))
  (unless (and buffer-file-name (string-match-p "\\.json\\'" buffer-file-name))
    (user-error "This buffer visits no .json file"))
  (let ((current (eglot-current-server)))
    (cond ((trellis-eglot-active-p current) current)
          ((and current
                (not (and interactive
                          (y-or-n-p (format "Replace %s with trellis-lsp for %s buffers here? "
                                            (jsonrpc-name current) major-mode)))))
           nil)
          (t
           (when current (eglot-shutdown current))
           (eglot (list major-mode) (eglot--current-project) 'trellis-eglot-server
                  trellis-lsp-command "json")
           (eglot-current-server)))))

;;;###autoload
(defun trellis-eglot-grid-json-ensure ()
  "Start trellis-lsp for a grid dictionary in this buffer.
For JSON mode hooks.  Like `eglot-ensure', it connects after the
current command.  Other JSON is left to your usual JSON server, and
so is a buffer that another eglot server already manages."
  (when (and buffer-file-name (string-match-p "\\.json\\'" buffer-file-name) (trellis-grid-json-p))
    (let ((buffer (current-buffer)))
      (letrec ((connect (lambda ()
                          (remove-hook 'post-command-hook connect)
                          (when (buffer-live-p buffer)
                            (with-current-buffer buffer
                              (unless (eglot-managed-p) (trellis-eglot-grid-json)))))))
        (add-hook 'post-command-hook connect -90)))))

(provide 'trellis-eglot)
;;; trellis-eglot.el ends here
