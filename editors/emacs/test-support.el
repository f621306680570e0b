;;; test-support.el --- Helpers shared by the trellis batch tests  -*- lexical-binding: t; -*-

;; The suite is made of parts (`trellis-test-run'), each a function that makes checks
;; (`trellis-test-check').  Failed checks are collected, not signalled, so that one run
;; reports every one; `trellis-test-finish' prints them and exits nonzero when there are any.

;;; Code:

(defvar trellis-test-failures nil "Messages of the checks that failed, newest first.")
(defvar trellis-test-passed nil "The parts that passed, with what they report, newest first.")
(defvar trellis-test-failed-parts 0 "How many parts failed.")

(defun trellis-test-check (condition message)
  "Record MESSAGE as a failure when CONDITION is nil; return CONDITION."
  (unless condition (push message trellis-test-failures))
  condition)

(defun trellis-test-wait (predicate &optional seconds)
  "Wait up to SECONDS (default 30) for PREDICATE, reading process output.
Return PREDICATE's last value."
  (let ((deadline (+ (float-time) (or seconds 30)))
        value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun trellis-test-run (name function &rest args)
  "Run the part NAME: call FUNCTION with ARGS; an error is a failed check.
The part passes when it made no failed check; a string it returns is
reported with it."
  (let ((before (length trellis-test-failures))
        (value (condition-case err
                   (apply function args)
                 (error (trellis-test-check nil (format "%s: %s" name (error-message-string err)))))))
    (if (> (length trellis-test-failures) before)
        (setq trellis-test-failed-parts (1+ trellis-test-failed-parts))
      (push (if (stringp value) (format "%s: %s" name value) name) trellis-test-passed))))

(defun trellis-test-finish (label)
  "Print what passed and failed under LABEL; exit 0 if nothing failed, else 1."
  (dolist (part (reverse trellis-test-passed)) (message "ok   %s" part))
  (dolist (failure (reverse trellis-test-failures)) (message "FAIL %s" failure))
  (message "%s: %d passed, %d failed" label (length trellis-test-passed) trellis-test-failed-parts)
  (kill-emacs (if trellis-test-failures 1 0)))

(provide 'test-support)
;;; test-support.el ends here
