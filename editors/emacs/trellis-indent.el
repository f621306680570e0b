;;; trellis-indent.el --- Indentation for Trellis that keeps the offside rule  -*- lexical-binding: t; -*-

;; Version: 0.2.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages
;; URL: https://github.com/trellis-layout/trellis

;;; Commentary:

;; The `indent-line-function' of `trellis-mode' and `trellis-ts-mode'.  In Trellis a line
;; indented deeper than the line its cell began on continues that cell (the offside rule,
;; docs/language.md), so indentation carries meaning and is never taken away:
;;
;; - a line starting with `}' (or `)', `]') goes to the indentation of the line where the
;;   cell holding the matching `{' began;
;; - a line inside braces goes one `trellis-indent-offset' deeper than that line, unless it
;;   is already deeper: then it continues a cell, and keeps its indentation;
;; - a line outside any braces keeps its indentation.
;;
;; The cell holding a `{' may have begun lines earlier (`50% padding(5)' then, deeper,
;; `bottom-borderline(...) rows {'): its children sit one step in from where it began.

;;; Code:

(defcustom trellis-indent-offset 2
  "Columns a block's cells are indented by, past where their parent began."
  :type 'integer
  :group 'trellis)

(defun trellis--skipped-line-p (depth)
  "Return non-nil when the line at point is to be skipped at DEPTH.
That is a blank line, a comment-only line, or a line that starts
inside a nested bracket."
  (or (looking-at-p "[ \t]*\\(?://\\|$\\)")
      (/= (car (syntax-ppss)) depth)))

(defun trellis--cell-start-indentation (position)
  "Return the indentation of the line where the cell holding POSITION began.
By the offside rule that is the least indentation of the lines from
the start of the enclosing block (or of the file) to POSITION's line,
counting only the lines at its depth."
  (save-excursion
    (goto-char position)
    (beginning-of-line)
    (let* ((state (syntax-ppss))
           (depth (car state))
           (opener (nth 1 state))
           (least (current-indentation)))
      (while (and (> least 0)
                  (zerop (forward-line -1))
                  (or (null opener) (> (point) opener)))
        (unless (trellis--skipped-line-p depth)
          (setq least (min least (current-indentation)))))
      least)))

(defun trellis--indent-column ()
  "Return the column the current line should start at, or nil to keep it."
  (save-excursion
    (beginning-of-line)
    (let* ((state (syntax-ppss))
           (opener (nth 1 state)))
      (when (and opener (not (nth 3 state)) (not (nth 4 state)))
        (let ((parent (trellis--cell-start-indentation opener)))
          (back-to-indentation)
          (cond ((looking-at-p "[])}]") parent)
                ((> (current-indentation) (+ parent trellis-indent-offset)) nil)
                (t (+ parent trellis-indent-offset))))))))

(defun trellis-indent-line ()
  "Indent the current line as a cell of its block.
A line indented deeper than that continues a cell: it keeps its
indentation."
  (interactive)
  (let ((column (trellis--indent-column)))
    (if (<= (current-column) (current-indentation))
        (if column (indent-line-to column) (back-to-indentation))
      (when column (save-excursion (indent-line-to column))))))

(provide 'trellis-indent)
;;; trellis-indent.el ends here
