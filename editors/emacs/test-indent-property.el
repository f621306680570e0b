;;; test-indent-property.el --- Indenting never changes what a file means  -*- lexical-binding: t; -*-

;; Part of the batch suite run by test.el.  Every example and every ```trellis block of the
;; docs (the corpus of test-indent.el) that `trellis build' accepts, and a few shapes the
;; corpus lacks, is perturbed: its lines' indentation moved left or right (one line, a
;; cell's lines together, a run of lines, every line), or written with tabs.  Each variant
;; that `trellis build' still accepts is indented three times, separately: `indent-region'
;; over the whole buffer, `indent-region' over a run of lines, and TAB on every line, the
;; lines taken in a random order at random columns.  Each must leave what the file means as
;; it was: the same JSON from `trellis build --compact --out-dir' for every layout, and the
;; same syntax tree from `trellis parse --format json' (its byte offsets counted without
;; spaces and tabs, which is all that indenting changes).  `indent-region' over the whole
;; buffer must also leave its own result as it is.
;;
;; Seeded (TRELLIS_INDENT_SEED, default "trellis"); TRELLIS_INDENT_VARIANTS variants
;; (default 300).  Runs `trellis' from PATH, in TRELLIS_TEST_DIR/property.

;;; Code:

(require 'test-support)
(require 'test-indent)
(require 'trellis-mode)

(defvar trellis-test-prop--folder nil "Where the variants are built.")

(defun trellis-test-prop--run (&rest args)
  "Run trellis with ARGS; return (EXIT . STANDARD-OUTPUT)."
  (with-temp-buffer
    (let* ((coding-system-for-read 'utf-8-unix)
           (exit (apply #'call-process "trellis" nil (list t nil) nil args)))
      (cons exit (buffer-string)))))

(defun trellis-test-prop--tree (text json)
  "The nodes of the `trellis parse' JSON of TEXT, offsets counted without blanks."
  (let* ((bytes (encode-coding-string text 'utf-8-unix))
         (counts (make-vector (1+ (length bytes)) 0))
         (count 0))
    (dotimes (i (length bytes))
      (aset counts i count)
      (unless (memq (aref bytes i) '(?\s ?\t)) (setq count (1+ count))))
    (aset counts (length bytes) count)
    (mapconcat (lambda (node)
                 (format "%s %s %d %d" (gethash "kind" node) (gethash "parent" node)
                         (aref counts (gethash "start" node)) (aref counts (gethash "end" node))))
               (gethash "nodes" (json-parse-string json :null-object nil))
               "\n")))

(defvar trellis-test-prop--meanings (make-hash-table :test 'equal)
  "The texts whose meaning was asked, and the answers.")

(defun trellis-test-prop--meaning (text)
  "What TEXT means: its layouts' JSON and its syntax tree.
Nil when it does not build."
  (let ((known (gethash text trellis-test-prop--meanings 'unknown)))
    (if (not (eq known 'unknown))
        known
      (puthash text (trellis-test-prop--ask text) trellis-test-prop--meanings))))

(defun trellis-test-prop--ask (text)
  "What TEXT means, as `trellis-test-prop--meaning' says, from trellis itself."
  (let ((file (expand-file-name "variant.trellis" trellis-test-prop--folder))
        (out (expand-file-name "out" trellis-test-prop--folder)))
    (let ((coding-system-for-write 'utf-8-unix))
      (write-region text nil file nil 'silent))
    (when (file-directory-p out) (delete-directory out t))
    (make-directory out)
    (when (zerop (car (trellis-test-prop--run "build" "--compact" "--out-dir" out file)))
      (let ((parsed (trellis-test-prop--run "parse" "--format" "json" file)))
        (concat
         (mapconcat (lambda (json)
                      (concat (file-name-nondirectory json) " "
                              (with-temp-buffer
                                (let ((coding-system-for-read 'utf-8-unix)) (insert-file-contents json))
                                (buffer-string))))
                    (directory-files out t "\\.json\\'")
                    "\n")
         (format "\nparse exit %d\n" (car parsed))
         (trellis-test-prop--tree text (cdr parsed)))))))

(defconst trellis-test-prop--shapes
  '(
    ("a cell on the line of its block's `{'"
     . "layout a rows { 20
  fill padding(1)
      tag(2)
  30 }
")
    ("a cell after a nested block's `}'"
     . "template a { fill }
layout b rows {
  fill cols {
    a
  } ; 20
      tag(3)
  30
}
")
    ("an inline list going on at `|'"
     . "layout c rows {
  fill cols 20
  | 30
      tag(4)
  40
}
")
    ("JSON arguments over lines"
     . "layout d rows {
  fill action-data({
      \"url\": \"x\",
    \"n\": [1,
  2]
  }) tag(5)
  20
}
")
    ("a deeper line starting with a size (a new cell)"
     . "layout e rows {
  50%
    fill padding(2)
      tag(6)
  20
}
")
    ("a repetition on a line after `}'"
     . "layout f rows {
  fill cols {
    10
    fill
  }
    * 3
  20
}
")
    ("a template's cell over lines"
     . "template t {
  fill
    padding(1)
}
layout g rows { t; t tag(7) }
")
    ("a split's list on the next line"
     . "layout h rows {
  fill cols
  20 | 30
  40
}
")
    ("cells on the lines of nested braces"
     . "layout i rows { fill cols { a
    b }
  20
}
template a { 10 }
template b { 20 }
"))
  "Texts whose shapes the corpus lacks, as (NAME . TEXT).
They begin cells mid-line, and hold lines whose indentation the
parser never reads.")

;;; Perturbing a text's indentation

(defun trellis-test-prop--indentation (line)
  "The number of spaces and tabs that begin LINE."
  (string-match "\\`[ \t]*" line)
  (match-end 0))

(defun trellis-test-prop--indent (line count &optional tabs)
  "LINE begun with COUNT blanks, some of them tabs when TABS."
  (concat (if tabs
              (apply #'string (mapcar (lambda (_) (if (zerop (random 2)) ?\t ?\s))
                                      (make-list count nil)))
            (make-string (max 0 count) ?\s))
          (substring line (trellis-test-prop--indentation line))))

(defun trellis-test-prop--code-lines (lines)
  "The indexes of the LINES (a vector) that hold more than blanks."
  (let (indexes)
    (dotimes (i (length lines))
      (when (string-match-p "[^ \t]" (aref lines i)) (push i indexes)))
    (nreverse indexes)))

(defun trellis-test-prop--delta ()
  "A shift of one to four columns, left or right."
  (* (1+ (random 4)) (if (zerop (random 2)) -1 1)))

(defun trellis-test-prop--shift (lines indexes delta)
  "Shift the LINES (a vector) at INDEXES by DELTA columns."
  (dolist (i indexes)
    (let ((line (aref lines i)))
      (when (string-match-p "[^ \t]" line)
        (aset lines i (trellis-test-prop--indent
                       line (max 0 (+ (trellis-test-prop--indentation line) delta))))))))

(defun trellis-test-prop--perturb (text)
  "TEXT with its indentation perturbed at random."
  (let* ((lines (vconcat (split-string text "\n")))
         (code (trellis-test-prop--code-lines lines)))
    (when code
      (dotimes (_ (1+ (random 3)))
        (let ((i (nth (random (length code)) code)))
          (pcase (random 12)
            ((or 0 1) ;; a line
             (trellis-test-prop--shift lines (list i) (trellis-test-prop--delta)))
            ((or 2 3 4 5) ;; a line and the lines deeper than it after it: a cell, with what it nests
             (let* ((indentation (trellis-test-prop--indentation (aref lines i)))
                    (j (1+ i)))
               (while (and (< j (length lines))
                           (or (not (string-match-p "[^ \t]" (aref lines j)))
                               (> (trellis-test-prop--indentation (aref lines j)) indentation)))
                 (setq j (1+ j)))
               (trellis-test-prop--shift lines (number-sequence i (1- j)) (trellis-test-prop--delta))))
            (6 ;; a run of lines
             (trellis-test-prop--shift lines (number-sequence i (min (1- (length lines)) (+ i (random 6))))
                                       (trellis-test-prop--delta)))
            ((or 7 8) ;; a line put anywhere from column 0 to 8
             (aset lines i (trellis-test-prop--indent (aref lines i) (random 9))))
            (11 ;; every line anywhere from column 0 to 6
             (dotimes (j (length lines))
               (aset lines j (trellis-test-prop--indent (aref lines j) (random 7)))))
            (_ ;; the same indentation, written with tabs
             (let ((line (aref lines i)))
               (aset lines i (trellis-test-prop--indent line (trellis-test-prop--indentation line) t))))))))
    (mapconcat #'identity lines "\n")))

;;; Indenting a variant

(defun trellis-test-prop--indent-region (text mode)
  "TEXT after `indent-region' over all of it in MODE."
  (with-temp-buffer
    (insert text)
    (funcall mode)
    (let ((inhibit-message t)) (indent-region (point-min) (point-max)))
    (buffer-string)))

(defun trellis-test-prop--indent-some-lines (text mode)
  "TEXT after `indent-region' over a run of its lines taken at random, in MODE."
  (with-temp-buffer
    (insert text)
    (funcall mode)
    (let* ((count (count-lines (point-min) (point-max)))
           (first (random count))
           (start (progn (goto-char (point-min)) (forward-line first) (point)))
           (end (progn (forward-line (1+ (random (- count first)))) (point))))
      (let ((inhibit-message t)) (indent-region start end)))
    (buffer-string)))

(defun trellis-test-prop--tab-each-line (text mode)
  "TEXT after TAB on each of its lines, in a random order, in MODE."
  (with-temp-buffer
    (insert text)
    (funcall mode)
    (let* ((count (count-lines (point-min) (point-max)))
           (order (mapcar #'cdr (sort (mapcar (lambda (line) (cons (random) line))
                                              (number-sequence 1 count))
                                      (lambda (a b) (< (car a) (car b)))))))
      (dolist (line order)
        (goto-char (point-min))
        (forward-line (1- line))
        (move-to-column (random (1+ (- (line-end-position) (line-beginning-position)))))
        (let ((inhibit-message t)) (indent-for-tab-command))))
    (buffer-string)))

(defun trellis-test-prop--shorten (text)
  "TEXT for a message."
  (if (> (length text) 600) (concat (substring text 0 600) "…") text))

(defun trellis-test-indent-property (folder &optional mode)
  "Check that indenting in MODE never changes what a file means.
The files are variants of the corpus in FOLDER."
  (let* ((mode (or mode #'trellis-mode))
         (wanted (string-to-number (or (getenv "TRELLIS_INDENT_VARIANTS") "300")))
         (seed (or (getenv "TRELLIS_INDENT_SEED") "trellis"))
         (trellis-test-prop--folder (expand-file-name "property" (getenv "TRELLIS_TEST_DIR")))
         (texts nil)
         (seen (make-hash-table :test 'equal))
         (variants 0) (attempts 0) (region-moved 0) (tab-moved 0) (failures 0))
    (make-directory trellis-test-prop--folder t)
    (random seed)
    (dolist (entry (append (trellis-test-indent--corpus folder) trellis-test-prop--shapes))
      (when (trellis-test-prop--meaning (cdr entry)) (push entry texts)))
    (setq texts (vconcat (nreverse texts)))
    (trellis-test-check (> (length texts) 15) (format "only %d texts of the corpus build" (length texts)))
    (while (and (< variants wanted) (< attempts (* 10 wanted)) (< failures 5))
      (setq attempts (1+ attempts))
      (let* ((entry (aref texts (random (length texts))))
             (variant (trellis-test-prop--perturb (cdr entry))))
        (unless (gethash variant seen)
          (puthash variant t seen)
          (let ((meaning (trellis-test-prop--meaning variant)))
            (when meaning
              (setq variants (1+ variants))
              (let ((region (trellis-test-prop--indent-region variant mode))
                    (some (trellis-test-prop--indent-some-lines variant mode))
                    (tabbed (trellis-test-prop--tab-each-line variant mode)))
                (unless (equal region variant) (setq region-moved (1+ region-moved)))
                (unless (equal tabbed variant) (setq tab-moved (1+ tab-moved)))
                (dolist (result (list (cons "indent-region" region) (cons "TAB on each line" tabbed)
                                      (cons "indent-region over some lines" some)))
                  (unless (or (equal (cdr result) variant)
                              (equal (trellis-test-prop--meaning (cdr result)) meaning))
                    (setq failures (1+ failures))
                    (trellis-test-check nil (format "%s: %s changed the meaning of a variant of %s:\n%s\n--- became ---\n%s"
                                                    mode (car result) (car entry)
                                                    (trellis-test-prop--shorten variant)
                                                    (trellis-test-prop--shorten (cdr result))))))
                (let ((again (trellis-test-prop--indent-region region mode)))
                  (unless (equal again region)
                    (setq failures (1+ failures))
                    (trellis-test-check nil (format "%s: indent-region is not stable on a variant of %s:\n%s\n--- became ---\n%s"
                                                    mode (car entry) (trellis-test-prop--shorten region)
                                                    (trellis-test-prop--shorten again)))))))))))
    (trellis-test-check (>= variants wanted)
                        (format "%s: only %d variants that build in %d attempts" mode variants attempts))
    (trellis-test-check (> region-moved (/ variants 3))
                        (format "%s: indent-region moved lines in only %d of %d variants" mode region-moved variants))
    (format "%d variants of %d texts (seed %S): indent-region moved lines in %d, TAB in %d; the same JSON and syntax tree after each"
            variants (length texts) seed region-moved tab-moved)))

(provide 'test-indent-property)
;;; test-indent-property.el ends here
