;;; test-highlight.el --- trellis-mode's regex highlighting of numbers  -*- lexical-binding: t; -*-

;; Part of the batch suite run by test.el: every spelling of a number the grammar has
;; (`12', `1.5', `.5', `1e2', `2.5E-3', `-4', `50%', `1E+2%', `1/3', `375x667@2x') is
;; highlighted as one number, all of it and nothing around it.

;;; Code:

(require 'test-support)
(require 'trellis-mode)

(defconst trellis-test-highlight-text
  "preview 375x667@2x\nlayout a rows 12 | 1.5 | .5 | 1e2 | 2.5E-3 | -4 | 50% | 1E+2% | 1/3 | fill * 3\n"
  "A line with every spelling of a number.")

(defconst trellis-test-highlight-numbers
  '("375x667@2x" "12" "1.5" ".5" "1e2" "2.5E-3" "-4" "50%" "1E+2%" "1/3" "3")
  "The numbers of `trellis-test-highlight-text', in order.")

(defun trellis-test-highlight-spans (face)
  "The texts of the current buffer that have FACE, in order, each a maximal run."
  (let ((spans nil) (position (point-min)))
    (while (< position (point-max))
      (let* ((value (get-text-property position 'face))
             (end (next-single-property-change position 'face nil (point-max))))
        (when (if (listp value) (memq face value) (eq value face))
          (push (buffer-substring-no-properties position end) spans))
        (setq position end)))
    (nreverse spans)))

(defun trellis-test-highlight-numbers (mode face &optional numbers operator)
  "Check that MODE highlights every number of the test line as one run of FACE.
NUMBERS are the runs expected (default `trellis-test-highlight-numbers');
OPERATOR, if given, is the face `*' should have."
  (with-temp-buffer
    (insert trellis-test-highlight-text)
    (funcall mode)
    (font-lock-ensure)
    (let ((spans (seq-filter (lambda (span) (string-match-p "[0-9]" span))
                             (trellis-test-highlight-spans face))))
      (trellis-test-check (equal spans (or numbers trellis-test-highlight-numbers))
                          (format "%s: the numbers highlighted with %s are %S" mode face spans)))
    (when operator
      (goto-char (point-min))
      (search-forward "*")
      (let ((value (get-text-property (match-beginning 0) 'face)))
        (trellis-test-check (if (listp value) (memq operator value) (eq value operator))
                            (format "%s: `*' has the face %S, not %s" mode value operator))))))

(defun trellis-test-highlight ()
  "Numbers in `trellis-mode'."
  (trellis-test-highlight-numbers #'trellis-mode 'font-lock-constant-face nil 'font-lock-keyword-face)
  (format "%d spellings of numbers highlighted whole" (length trellis-test-highlight-numbers)))

(provide 'test-highlight)
;;; test-highlight.el ends here
