;;; test-json.el --- Grid JSON through trellis-eglot-grid-json and the real trellis-lsp  -*- lexical-binding: t; -*-

;; Part of the batch suite run by test.el.  In TRELLIS_TEST_DIR, json/ holds the grid
;; dictionaries of examples/json and a package.json; other/ a settings.json; usual/ a grid
;; dictionary whose mode another server (standing for your JSON server) already has.
;; `trellis-eglot-grid-json-ensure' in the JSON mode's hook attaches trellis-lsp to the grid
;; dictionaries (diagnostics, hover), leaves other JSON alone, keeps another server unless
;; asked interactively, and trellis-lsp stays quiet on JSON that is not a grid dictionary.

;;; Code:

(require 'test-support)
(require 'test-eglot)
(require 'trellis-eglot)

(defvar trellis-test-json-hook (if (fboundp 'js-json-mode) 'js-json-mode-hook 'js-mode-hook)
  "The hook of the mode of `.json' files: `js-json-mode' (29+), else `js-mode'.")

(defun trellis-test-json-visit (file)
  "Visit FILE under TRELLIS_TEST_DIR and run `post-command-hook' once."
  (find-file (expand-file-name file (getenv "TRELLIS_TEST_DIR")))
  (run-hooks 'post-command-hook))

(defun trellis-test-json-quiet-p ()
  "Return non-nil when trellis-lsp has nothing to say of this buffer."
  (let ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover
                                (eglot--TextDocumentPositionParams))))
    (trellis-test-wait #'ignore 1)
    (flymake-start)
    (and (null hover) (null (flymake-diagnostics)))))

(defun trellis-test-json ()
  "Grid JSON attached and served, other JSON left alone or quiet."
  (add-hook trellis-test-json-hook #'trellis-eglot-grid-json-ensure)
  (trellis-test-json-visit "json/GridLayoutDemo4.json")
  (trellis-test-check (trellis-test-wait #'eglot-managed-p) "GridLayoutDemo4.json: eglot did not connect")
  (trellis-test-check (trellis-eglot-active-p) "GridLayoutDemo4.json: not a trellis-lsp connection")
  (goto-char (point-min))
  (search-forward "\"rows\"")
  (let ((shown (trellis-test-eldoc)))
    (trellis-test-check (and shown (string-search "375×667" shown) (string-search "| viewport |" shown))
                        (format "GridLayoutDemo4.json: eldoc at the root: %S" shown)))
  (trellis-test-json-visit "json/broken-card.json")
  (trellis-test-check (trellis-eglot-active-p) "broken-card.json: not a trellis-lsp connection")
  (let ((errors (trellis-test-wait (lambda () (flymake-start) (flymake-diagnostics)))))
    (trellis-test-check (seq-find (lambda (d) (string-match-p "\\_<J[0-9]+\\_>" (flymake-diagnostic-text d))) errors)
                        (format "broken-card.json: diagnostics %S" (mapcar #'flymake-diagnostic-text errors))))
  (trellis-test-json-visit "json/package.json")
  (trellis-test-check (and (trellis-eglot-active-p) (trellis-test-json-quiet-p))
                      "package.json beside grid JSON: trellis-lsp is not quiet on it")
  (trellis-test-json-visit "other/settings.json")
  (trellis-test-check (not (eglot-managed-p)) "settings.json alone: the hook attached a server")
  (remove-hook trellis-test-json-hook #'trellis-eglot-grid-json-ensure)
  (trellis-test-json-visit "usual/card.json")
  (eglot (list major-mode) (eglot--current-project) 'eglot-lsp-server trellis-lsp-command "json")
  (let ((usual (trellis-test-wait #'eglot-current-server)))
    (trellis-test-check (and usual (not (trellis-eglot-active-p usual))) "usual/: the stand-in server did not start")
    (trellis-test-check (null (trellis-eglot-grid-json)) "usual/: trellis-eglot-grid-json took over without asking")
    (trellis-test-check (eq (eglot-current-server) usual) "usual/: the other server was lost")
    (cl-letf (((symbol-function 'y-or-n-p) (lambda (&rest _) t)))
      (trellis-eglot-grid-json t))
    (trellis-test-check (trellis-test-wait #'trellis-eglot-active-p) "usual/: asked, trellis-lsp did not take over"))
  "grid dictionaries served (hover, J diagnostics), other JSON quiet or left alone, another server kept unless asked")

(provide 'test-json)
;;; test-json.el ends here
