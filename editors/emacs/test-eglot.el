;;; test-eglot.el --- trellis-mode with eglot and the real trellis-lsp  -*- lexical-binding: t; -*-

;; Part of the batch suite run by test.el, in the folder test-setup.sh makes (demo 4 and a
;; broken copy with S007, and shop/, a copy of examples/shop): diagnostics through flymake,
;; the diagnostic at point and the hover on the product row through eldoc, a quick fix
;; applied, completion inserting plain text, inlay hints where eglot has them, and a
;; template renamed with `eglot-rename' in the files that `use' it, not open.

;;; Code:

(require 'package)
(require 'test-support)
(require 'trellis-mode)
(require 'eglot)
(require 'trellis-eglot)

(defun trellis-test-eldoc ()
  "What eldoc shows at point once every source has answered, as one string."
  (let* ((shown nil)
         (eldoc-display-functions
          (list (lambda (docs &rest _) (when docs (setq shown (mapconcat #'car docs "\n\n")))))))
    (eldoc-print-current-symbol-info t)
    (trellis-test-wait (lambda () shown) 20)))

(defun trellis-test-visit (file)
  "Visit FILE in the test folder and wait for trellis-lsp to manage it."
  (find-file (expand-file-name file (getenv "TRELLIS_TEST_DIR")))
  (eglot-ensure)
  (run-hooks 'post-command-hook)
  (trellis-test-check (trellis-test-wait #'eglot-managed-p) (format "%s: eglot did not connect" file))
  (trellis-test-check (trellis-eglot-active-p) (format "%s: not a trellis-lsp connection" file)))

(defun trellis-test-diagnostics (code)
  "Wait for a flymake diagnostic whose text holds CODE; return it."
  (trellis-test-wait
   (lambda ()
     (flymake-start)
     (seq-find (lambda (d) (string-search code (flymake-diagnostic-text d))) (flymake-diagnostics)))))

(defun trellis-test-eglot-broken ()
  "S007 through flymake and eldoc on the broken copy; its quick fix applied."
  (trellis-test-visit "broken.trellis")
  (trellis-test-check (eq major-mode 'trellis-mode) (format "broken.trellis: major mode %s" major-mode))
  (let ((diagnostic (trellis-test-diagnostics "S007")))
    (trellis-test-check diagnostic (format "flymake: no S007 among %S"
                                           (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
    (goto-char (point-min))
    (search-forward "120 , 20")
    (backward-char 4)
    (let ((shown (trellis-test-eldoc)))
      (trellis-test-check (and shown (string-search "S007" shown)) (format "eldoc at the comma: %S" shown)))
    (cl-letf* ((last-nonmenu-event ?a)
               ((symbol-function 'completing-read)
                (lambda (_prompt _table &optional _pred _require _initial _history default &rest _)
                  default)))
      (eglot-code-actions (line-beginning-position) (line-end-position) "quickfix" t))
    ;; eglot sends the edit when Emacs is idle, which it never is in batch mode.
    (eglot--signal-textDocument/didChange)
    (let ((line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
      (trellis-test-check (and (string-match-p "120 [|;] 20" line) (not (string-search "," line)))
                          (format "quick fix: the line reads %S" line)))
    (trellis-test-check (trellis-test-wait
                         (lambda ()
                           (flymake-start)
                           (not (seq-find (lambda (d) (string-search "S007" (flymake-diagnostic-text d)))
                                          (flymake-diagnostics)))))
                        "quick fix: S007 is still reported")
    (set-buffer-modified-p nil))
  "S007 in flymake and in eldoc at point, fixed by its quick fix")

(defun trellis-test-eglot-hover ()
  "The hover on demo 4's product row, through eldoc."
  (trellis-test-visit "GridLayoutDemo4.trellis")
  (goto-char (point-min))
  (forward-line 38)
  (trellis-test-check (looking-at-p "  fill cols {$") "line 39 of demo 4 is not the product row")
  (back-to-indentation)
  (let ((shown (trellis-test-eldoc)))
    (trellis-test-check (and shown (string-search "0,305 375×176" shown)) (format "eldoc hover frame: %S" shown))
    (trellis-test-check (and shown (string-search "(667 − 20 − 120 − 20 − 150 − 5) / 2 = 176" shown))
                        (format "eldoc hover arithmetic: %S" shown)))
  "eldoc shows the product row's frame 0,305 375×176 and its arithmetic")

(defun trellis-test-eglot-version ()
  "The version of the eglot package loaded, or \"built-in\"."
  (let ((package (cadr (assq 'eglot package-alist))))
    (if package (package-version-join (package-desc-version package)) "built-in")))

(defun trellis-test-eglot-inlay-hints ()
  "Inlay hints in demo 4 where eglot has them; their absence said where it has not."
  (trellis-test-visit "GridLayoutDemo4.trellis")
  (if (not (fboundp 'eglot-inlay-hints-mode))
      (progn
        (trellis-test-check (not (plist-get (plist-get (eglot-client-capabilities (eglot-current-server))
                                                       :textDocument)
                                            :inlayHint))
                            "eglot without inlay hints asks for them")
        (format "none: eglot %s has no inlay hints" (trellis-test-eglot-version)))
    (trellis-test-check (bound-and-true-p eglot-inlay-hints-mode) "eglot-inlay-hints-mode is off")
    (let ((hints (trellis-test-wait
                  (lambda ()
                    (jit-lock-fontify-now (point-min) (point-max))
                    (let ((texts (delq nil (mapcar (lambda (o)
                                                     (and (overlay-get o 'eglot--inlay-hint)
                                                          (or (overlay-get o 'before-string)
                                                              (overlay-get o 'after-string))))
                                                   (overlays-in (point-min) (point-max))))))
                      (and (seq-find (lambda (s) (string-search "▸ 176" s)) texts) texts))))))
      (trellis-test-check hints "no inlay hint reads ▸ 176")
      (format "%d inlay hints in demo 4, one reading ▸ 176" (length hints)))))

(defun trellis-test-eglot-completion ()
  "Without yasnippet eglot asks for no snippets, and completion inserts plain text."
  (let ((file (expand-file-name "complete.trellis" (getenv "TRELLIS_TEST_DIR"))))
    (with-temp-file file (insert "layout a rows {\n  fill padd\n}\n"))
    (trellis-test-visit "complete.trellis")
    (let ((support (plist-get (plist-get (plist-get (plist-get (eglot-client-capabilities (eglot-current-server))
                                                               :textDocument)
                                                    :completion)
                                         :completionItem)
                              :snippetSupport)))
      (trellis-test-check (and (not (featurep 'yasnippet)) (eq support :json-false))
                          (format "snippetSupport %S (yasnippet loaded: %s)" support (featurep 'yasnippet))))
    (goto-char (point-min))
    (search-forward "padd")
    (completion-at-point)
    (let ((line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
      (trellis-test-check (and (string-match-p "\\`  fill padding([0-9 ]+)\\'" line) (not (string-search "$" line)))
                          (format "completion inserted %S" line))
      (set-buffer-modified-p nil)
      (format "`padd' completed to %S" (string-trim line)))))

;;; A template renamed in the files that use it

(defun trellis-test-uses (text word)
  "How many times WORD is a whole name in TEXT, comments left out."
  (cl-loop for line in (split-string text "\n")
           sum (cl-count word (split-string (replace-regexp-in-string "//.*" "" line) "[^[:alnum:]_-]+" t)
                         :test #'equal)))

(defun trellis-test-disk-text (file)
  "The text of FILE on disk."
  (with-temp-buffer
    (insert-file-contents file)
    (buffer-string)))

(defun trellis-test-eglot-rename ()
  "`eglot-rename' of a template at a use reaches the files that use it, not open.
In shop/, a scratch copy of examples/shop whose project is the folder
holding trellis.toml (trellis-eglot finds it), `product' at a use in layouts/everyday.trellis
becomes `item' in cards.trellis, which defines it, and in the other
layouts, which eglot visits to apply the edit.  Saved, the files on disk
say so, and everyday.trellis stays clean."
  (let* ((shop (file-name-as-directory (expand-file-name "shop" (getenv "TRELLIS_TEST_DIR"))))
         (others '("cards.trellis" "layouts/campaign.trellis" "layouts/holiday.trellis"))
         (published 0)
         (counter (lambda (_server method &rest params)
                    (when (and (eq method 'textDocument/publishDiagnostics)
                               (string-suffix-p "/shop/layouts/everyday.trellis" (plist-get params :uri)))
                      (setq published (1+ published)))))
         (clean (lambda ()
                  (flymake-start)
                  (null (flymake-diagnostics))))
         renamed asked)
    (advice-add 'eglot-handle-notification :before counter)
    (unwind-protect
        (progn
          (trellis-test-visit "shop/layouts/everyday.trellis")
          (let ((root (project-root (eglot--project (eglot-current-server)))))
            (trellis-test-check (equal (file-name-as-directory (expand-file-name root)) shop)
                                (format "everyday.trellis: eglot's workspace is %S, not shop/" root)))
          (trellis-test-check (trellis-test-wait (lambda () (and (> published 0) (funcall clean))))
                              (format "everyday.trellis, using ../cards.trellis: diagnostics %S"
                                      (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))
          (dolist (file others)
            (trellis-test-check (not (find-buffer-visiting (expand-file-name file shop)))
                                (format "%s is open before the rename" file)))
          (goto-char (point-min))
          (search-forward "cols product")
          (backward-char 3)
          (let ((before published))
            ;; M-x eglot-rename RET item RET; eglot 1.9 asks before it edits files not
            ;; visited, and the user says yes.
            (cl-letf (((symbol-function 'read-from-minibuffer)
                       (lambda (prompt &rest _) (setq renamed prompt) "item"))
                      ((symbol-function 'y-or-n-p)
                       (lambda (prompt) (setq asked prompt) t)))
              (let ((this-command 'eglot-rename))
                (call-interactively #'eglot-rename)))
            (trellis-test-check (and renamed (string-search "product" renamed)) (format "eglot-rename asked %S" renamed))
            (dolist (file others)
              (let ((buffer (find-buffer-visiting (expand-file-name file shop))))
                (trellis-test-check (and buffer (with-current-buffer buffer
                                                  (> (trellis-test-uses (buffer-string) "item") 0)))
                                    (format "%s: not visited and renamed by the edit" file))))
            (save-some-buffers t (lambda () (and buffer-file-name (file-in-directory-p buffer-file-name shop))))
            (dolist (expected '(("layouts/everyday.trellis" . 4) ("layouts/holiday.trellis" . 4)
                                ("layouts/campaign.trellis" . 1)))
              (let* ((text (trellis-test-disk-text (expand-file-name (car expected) shop)))
                     (items (trellis-test-uses text "item"))
                     (products (trellis-test-uses text "product")))
                (trellis-test-check (and (= items (cdr expected)) (= products 0))
                                    (format "%s on disk: %d item, %d product; %d item expected"
                                            (car expected) items products (cdr expected)))))
            (let ((cards (trellis-test-disk-text (expand-file-name "cards.trellis" shop))))
              (trellis-test-check (and (string-search "\ntemplate item {\n" cards) (= (trellis-test-uses cards "product") 0))
                                  (format "cards.trellis on disk: %S" cards)))
            (trellis-test-check (trellis-test-wait (lambda () (and (> published before) (funcall clean))))
                                (format "everyday.trellis after the rename: diagnostics %S"
                                        (mapcar #'flymake-diagnostic-text (flymake-diagnostics))))))
      (advice-remove 'eglot-handle-notification counter))
    (format "`product' renamed to `item' in cards.trellis, campaign.trellis and holiday.trellis (not open%s), saved; everyday.trellis clean"
            (if asked ", eglot asked first" ""))))

(defun trellis-test-eglot-project-file ()
  "trellis.toml in `trellis-project-mode': its mistake through flymake, a hover through eldoc."
  (let ((folder (expand-file-name "project" (getenv "TRELLIS_TEST_DIR"))))
    (make-directory folder t)
    (with-temp-file (expand-file-name "trellis.toml" folder)
      (insert "[project]\ntarget = 2\n\n[lint]\ndisabel = [\"M112\"]\n"))
    (trellis-test-visit "project/trellis.toml")
    (trellis-test-check (eq major-mode 'trellis-project-mode) (format "trellis.toml: major mode %s" major-mode))
    (let ((diagnostic (trellis-test-diagnostics "P002")))
      (trellis-test-check (and diagnostic (string-search "did you mean `disable`?" (flymake-diagnostic-text diagnostic)))
                          (format "flymake: no P002 among %S" (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))))
    (goto-char (point-min))
    (search-forward "target")
    (backward-char 3)
    (let ((shown (trellis-test-eldoc)))
      (trellis-test-check (and shown (string-search "project.target" shown)) (format "eldoc on `target': %S" shown))))
  "trellis.toml: P002 through flymake, the hover on `target' through eldoc")

(provide 'test-eglot)
;;; test-eglot.el ends here
