;;; test-indent.el --- Indentation tests for trellis-mode  -*- lexical-binding: t; -*-

;; Part of the batch suite run by test.el: TAB (`indent-for-tab-command') on every line of
;; every example and of every ```trellis block of docs/*.md and the README leaves the text as
;; it is, and so does `indent-region' over each; a few misindented lines move where they
;; belong.

;;; Code:

(require 'test-support)
(require 'trellis-mode)

(defun trellis-test-indent--doc-blocks (file)
  "The ```trellis blocks of the Markdown FILE, as (NAME . TEXT) pairs."
  (with-temp-buffer
    (insert-file-contents file)
    (let (blocks)
      (while (re-search-forward "^```trellis\n" nil t)
        (let ((start (point))
              (line (line-number-at-pos)))
          (re-search-forward "^```$")
          (push (cons (format "%s:%d" (file-name-nondirectory file) line)
                      (buffer-substring-no-properties start (match-beginning 0)))
                blocks)))
      (nreverse blocks))))

(defun trellis-test-indent--corpus (folder)
  "Every example under FOLDER/examples and every doc block under FOLDER/docs."
  (append
   (mapcar (lambda (file)
             (cons (file-name-nondirectory file)
                   (with-temp-buffer (insert-file-contents file) (buffer-string))))
           (directory-files (expand-file-name "examples" folder) t "\\.trellis\\'"))
   (mapcan #'trellis-test-indent--doc-blocks
           (directory-files (expand-file-name "docs" folder) t "\\.md\\'"))))

(defun trellis-test-indent--tab-changes (name text mode)
  "The lines of TEXT (called NAME) that TAB changes in MODE, as messages."
  (with-temp-buffer
    (insert text)
    (funcall mode)
    (let (changed)
      (goto-char (point-min))
      (while (not (eobp))
        (let ((before (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
          (dolist (column (list 0 (length before)))
            (move-to-column column)
            (indent-for-tab-command)
            (let ((after (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
              (unless (equal before after)
                (push (format "%s:%d: TAB at column %d: %S became %S"
                              name (line-number-at-pos) column before after)
                      changed)
                (delete-region (line-beginning-position) (line-end-position))
                (insert before)))))
        (forward-line 1))
      (let ((inhibit-message t)) (indent-region (point-min) (point-max)))
      (unless (equal (buffer-string) text)
        (push (format "%s: indent-region changed it" name) changed))
      (nreverse changed))))

(defun trellis-test-indent--result (text mode)
  "TEXT after `indent-region' in MODE."
  (with-temp-buffer
    (insert text)
    (funcall mode)
    (let ((inhibit-message t)) (indent-region (point-min) (point-max)))
    (buffer-string)))

(defun trellis-test-indent (folder &optional mode)
  "Check indentation in MODE (default `trellis-mode') on the corpus in FOLDER."
  (let* ((mode (or mode #'trellis-mode))
         (corpus (trellis-test-indent--corpus folder))
         (lines 0))
    (trellis-test-check (> (length corpus) 15) (format "%s: only %d texts found" mode (length corpus)))
    (dolist (entry corpus)
      (setq lines (+ lines (with-temp-buffer (insert (cdr entry)) (count-lines (point-min) (point-max)))))
      (dolist (change (trellis-test-indent--tab-changes (car entry) (cdr entry) mode))
        (trellis-test-check nil change)))
    (dolist (case '(("layout a rows {\n20\n}\n" . "layout a rows {\n  20\n}\n")
                    ("rows {\n  fill cols {\n  a\n      }\n}\n" . "rows {\n  fill cols {\n    a\n  }\n}\n")
                    ;; `b' continues the cell `a' began (it is deeper): it moves with `a'.
                    ("rows {\n  50% padding(5)\n      bottom-borderline(color red) rows {\n  a\n      b\n        }\n}\n"
                     . "rows {\n  50% padding(5)\n      bottom-borderline(color red) rows {\n    a\n        b\n  }\n}\n")
                    ("rows {\n  a\n    // note\n      b\n}\n" . "rows {\n  a\n    // note\n      b\n}\n")
                    ;; A cell's continuation lines move with its first line ...
                    ("layout a rows {\n50% padding(5)\n  tag(1)\nfill\n}\n"
                     . "layout a rows {\n  50% padding(5)\n    tag(1)\n  fill\n}\n")
                    ;; ... and what they nest; tabs count one column, as the parser counts them.
                    ("rows {\n\tfill padding(1)\n\t cols {\n\t  a\n\t }\n}\n"
                     . "rows {\n  fill padding(1)\n   cols {\n    a\n  }\n}\n")
                    ;; Cells that step left all go where they belong.
                    ("rows {\n      6\n     5\n    4\n}\n" . "rows {\n  6\n  5\n  4\n}\n")))
      (let ((result (trellis-test-indent--result (car case) mode)))
        (trellis-test-check (equal result (cdr case))
                            (format "%s: %S indented to %S, not %S" mode (car case) result (cdr case)))))
    ;; TAB alone on a line that starts a cell: not deeper than the cell before it.
    (with-temp-buffer
      (insert "rows {\n a\nb\n}\n")
      (funcall mode)
      (goto-char (point-min))
      (forward-line 2)
      (indent-for-tab-command)
      (trellis-test-check (equal (buffer-string) "rows {\n a\n b\n}\n")
                          (format "%s: TAB on a cell after a shallower one: %S" mode (buffer-string))))
    ;; TAB with point in the text keeps point in the text.
    (with-temp-buffer
      (insert "layout a rows {\nfill padding(5)\n  tag(1)\n}\n")
      (funcall mode)
      (goto-char (point-min))
      (search-forward "fill")
      (indent-for-tab-command)
      (trellis-test-check (and (equal (buffer-string) "layout a rows {\n  fill padding(5)\n    tag(1)\n}\n")
                               (looking-at-p " padding(5)$"))
                          (format "%s: TAB after `fill': %S, point before %S" mode (buffer-string)
                                  (buffer-substring (point) (line-end-position)))))
    (with-temp-buffer
      (funcall mode)
      (insert "layout a rows {\n  20")
      (newline-and-indent)
      (insert "}")
      (indent-according-to-mode)
      (trellis-test-check (equal (buffer-string) "layout a rows {\n  20\n}")
                          (format "%s: typing a new line: %S" mode (buffer-string))))
    (format "%d texts, %d lines unchanged by TAB and indent-region" (length corpus) lines)))

(provide 'test-indent)
;;; test-indent.el ends here
