;;; test-json.el --- Grid JSON in trellis-grid-json-mode, beside your JSON and JavaScript server  -*- lexical-binding: t; -*-

;; Part of the batch suite run by test.el.  In TRELLIS_TEST_DIR, json/ holds the grid
;; dictionaries of examples/json and card.json, a package.json and an app.js; other/ a
;; settings.json.  Set up as a user would: `trellis-eglot-grid-json-ensure' and
;; `eglot-ensure' in the JSON mode's hook, `eglot-ensure' in `js-mode-hook', and a stand-in
;; for the user's JSON and JavaScript server in `eglot-server-programs' (trellis-lsp under
;; another class, `trellis-test-json-server').  Grid dictionaries switch to
;; `trellis-grid-json-mode' and get trellis-lsp (hover, diagnostics), even opened after the
;; stand-in started in the same project; package.json and app.js keep their modes and the
;; stand-in, which keeps running; JSON that is not a grid dictionary is left alone, and
;; `M-x trellis-eglot-grid-json' serves it anyway, quietly, without stopping the stand-in.

;;; Code:

(require 'test-support)
(require 'test-eglot)
(require 'trellis-eglot)

(declare-function eglot--language-id "eglot" (server))  ; eglot 1.9

(defclass trellis-test-json-server (eglot-lsp-server) ()
  :documentation "The stand-in for the user's JSON and JavaScript server.")

(defvar trellis-test-json-hook (if (fboundp 'js-json-mode) 'js-json-mode-hook 'js-mode-hook)
  "The hook of the mode of `.json' files: `js-json-mode' (29+), else `js-mode'.")

(defvar trellis-test-json-mode (if (fboundp 'js-json-mode) 'js-json-mode 'js-mode)
  "The mode of `.json' files: `js-json-mode' (29+), else `js-mode'.")

(defun trellis-test-json-visit (file)
  "Visit FILE under TRELLIS_TEST_DIR, run `post-command-hook' once, wait for eglot."
  (find-file (expand-file-name file (getenv "TRELLIS_TEST_DIR")))
  (run-hooks 'post-command-hook)
  (trellis-test-wait #'eglot-managed-p 10))

(defun trellis-test-json-quiet-p ()
  "Return non-nil when trellis-lsp has nothing to say of this buffer."
  (let ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover
                                (eglot--TextDocumentPositionParams))))
    (trellis-test-wait #'ignore 1)
    (flymake-start)
    (and (null hover) (null (flymake-diagnostics)))))

(defun trellis-test-json-grid (file)
  "Check that FILE, a grid dictionary, is served by trellis-lsp.
In `trellis-grid-json-mode', set up as the JSON mode."
  (trellis-test-json-visit file)
  (trellis-test-check (eq major-mode 'trellis-grid-json-mode) (format "%s: major mode %s" file major-mode))
  (trellis-test-check (eq trellis-grid-json-base-mode trellis-test-json-mode)
                      (format "%s: set up as %s" file trellis-grid-json-base-mode))
  (trellis-test-check (trellis-eglot-active-p) (format "%s: served by %S" file (eglot-current-server)))
  (let ((id (if (fboundp 'eglot--languageId)
                (eglot--languageId)
              (eglot--language-id (eglot-current-server)))))  ; eglot 1.9: one per server
    (trellis-test-check (equal id "json") (format "%s: language id %S" file id))))

(defun trellis-test-json-stand-in (file mode)
  "Check that FILE kept MODE and is the stand-in's; return the stand-in."
  (trellis-test-json-visit file)
  (let ((server (eglot-current-server)))
    (trellis-test-check (eq major-mode mode) (format "%s: major mode %s, not %s" file major-mode mode))
    (trellis-test-check (cl-typep server 'trellis-test-json-server) (format "%s: served by %S" file server))
    server))

(defun trellis-test-json ()
  "Grid JSON served in its own mode; the user's JSON server keeps the rest."
  (let ((stand-in '((js-json-mode js-mode) . (trellis-test-json-server "trellis-lsp"))))
    (push stand-in eglot-server-programs)
    (add-hook trellis-test-json-hook #'trellis-eglot-grid-json-ensure)
    (add-hook trellis-test-json-hook #'eglot-ensure)
    (add-hook 'js-mode-hook #'eglot-ensure)
    (unwind-protect
        (progn
          (trellis-test-json-grid "json/GridLayoutDemo4.json")
          (goto-char (point-min))
          (search-forward "\"rows\"")
          (let ((shown (trellis-test-eldoc)))
            (trellis-test-check (and shown (string-search "375×667" shown) (string-search "| viewport |" shown))
                                (format "GridLayoutDemo4.json: eldoc at the root: %S" shown)))
          (trellis-test-json-grid "json/broken-card.json")
          (let ((errors (trellis-test-wait (lambda () (flymake-start) (flymake-diagnostics)))))
            (trellis-test-check (seq-find (lambda (d) (string-match-p "\\_<J[0-9]+\\_>" (flymake-diagnostic-text d))) errors)
                                (format "broken-card.json: diagnostics %S" (mapcar #'flymake-diagnostic-text errors))))
          ;; The user's JSON server starts for package.json, in the same project ...
          (let ((json-server (trellis-test-json-stand-in "json/package.json" trellis-test-json-mode)))
            ;; ... and a grid dictionary opened after it still gets trellis-lsp ...
            (trellis-test-json-grid "json/card.json")
            (let ((grid-server (eglot-current-server)))
              ;; ... while JavaScript goes to the user's server, never to trellis-lsp.
              (let ((js-server (trellis-test-json-stand-in "json/app.js" 'js-mode)))
                (when (fboundp 'js-json-mode)
                  (trellis-test-check (eq js-server json-server) "app.js: not the server of package.json")))
              (trellis-test-check (and json-server (jsonrpc-running-p json-server)) "package.json: its server stopped")
              (let ((names (lambda (server) (sort (mapcar #'buffer-name (eglot--managed-buffers server)) #'string<))))
                (trellis-test-check (equal (funcall names grid-server) '("GridLayoutDemo4.json" "broken-card.json" "card.json"))
                                    (format "trellis-lsp manages %S" (funcall names grid-server)))
                (when json-server
                  (trellis-test-check (null (seq-filter (lambda (name) (string-match-p "card\\|Grid" name))
                                                        (funcall names json-server)))
                                      (format "the JSON server manages %S" (funcall names json-server)))))))
          ;; JSON that is not a grid dictionary keeps its mode and its server ...
          (let ((other-server (trellis-test-json-stand-in "other/settings.json" trellis-test-json-mode)))
            ;; ... unless asked: then trellis-lsp serves it, quietly, and the other server runs on.
            (call-interactively #'trellis-eglot-grid-json)
            (run-hooks 'post-command-hook)
            (trellis-test-check (eq major-mode 'trellis-grid-json-mode)
                                (format "settings.json after M-x trellis-eglot-grid-json: %s" major-mode))
            (trellis-test-check (trellis-test-wait #'trellis-eglot-active-p)
                                "settings.json after M-x trellis-eglot-grid-json: not trellis-lsp")
            (trellis-test-check (and (trellis-eglot-active-p) (trellis-test-json-quiet-p))
                                "settings.json: trellis-lsp is not quiet on it")
            (trellis-test-check (and other-server (jsonrpc-running-p other-server))
                                "settings.json: M-x trellis-eglot-grid-json stopped the other server")))
      (remove-hook trellis-test-json-hook #'trellis-eglot-grid-json-ensure)
      (remove-hook trellis-test-json-hook #'eglot-ensure)
      (remove-hook 'js-mode-hook #'eglot-ensure)
      (setq eglot-server-programs (delete stand-in eglot-server-programs))))
  "grid dictionaries in trellis-grid-json-mode with trellis-lsp (hover, J diagnostics), also after your JSON server started; package.json and app.js keep your server; other JSON served only when asked, quietly")

(provide 'test-json)
;;; test-json.el ends here
