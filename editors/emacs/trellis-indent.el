;;; trellis-indent.el --- Indentation for Trellis that keeps the offside rule  -*- lexical-binding: t; -*-

;; Version: 0.3.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages
;; URL: https://github.com/trellis-layout/trellis

;;; Commentary:

;; The `indent-line-function' and `indent-region-function' of `trellis-mode' and
;; `trellis-ts-mode'.  In Trellis a line indented deeper than the line its cell began on
;; continues that cell (the offside rule, docs/language.md), so indentation carries meaning.
;; Indenting never changes it:
;;
;; - In a block, a line indented no deeper than all the lines before it in the block (and
;;   than the block's `{' line, when a cell begins after the `{') starts a cell.  It goes
;;   one `trellis-indent-offset' deeper than the line where the cell holding the block
;;   began, and the lines that continue it (the lines after it that are deeper, up to the
;;   next line that is not; what they nest included) move with it, by as many columns.  It
;;   never goes deeper than the line before it that started a cell (it would continue that
;;   cell), nor shallower than the next one (that one would continue it).
;; - A line deeper than a line before it in its block continues a cell: it keeps its place,
;;   and moves only with the line that started its cell.
;; - A line starting with `}' (or `)', `]') goes to the indentation of the line where the
;;   cell holding the matching `{' began; a comment or a line inside an attribute's
;;   arguments goes one step in from there, unless it is already deeper.
;; - A line outside any braces keeps its indentation.
;;
;; Indentation is counted as the parser counts it: a tab and a space are one column each.

;;; Code:

(require 'cl-lib)

(defcustom trellis-indent-offset 2
  "Columns a block's cells are indented by, past where their parent began."
  :type 'integer
  :group 'trellis)

;;; The lines, as indenting sees them

;; Indenting changes nothing but the blanks that begin lines, so which lines hold what, at
;; which bracket depth, stays as it was: it is read once (`trellis--scan'), into a table
;; of the lines whose indentation is kept up to date as lines move.

(cl-defstruct (trellis--opener (:constructor trellis--opener-make) (:copier nil))
  "An open bracket: the index of its LINE, whether CODE follows it on
that line, the DEPTH inside it, the ENCLOSING opener, and whether it
is a BLOCK's brace (a `{' in no brackets but braces)."
  line code depth enclosing block)

(cl-defstruct (trellis--line (:constructor trellis--line-make) (:copier nil))
  "A line: its KIND (see `trellis--scan'), its INDENTATION, and the
DEPTH and innermost OPENER past the closing brackets that begin it;
START-OPENER is the innermost opener at its start."
  kind indentation depth opener start-opener)

(defvar trellis--table nil
  "While indenting: the lines scanned, a vector of `trellis--line'.")

(defvar trellis--least-cache nil
  "While `trellis-indent-region' goes down the lines, or nil.
A hash table from an opener (or t, the top level) to (UPTO . LEAST):
the least indentation of the lines of its block before line UPTO where
a cell may begin, as `trellis--least-before' counts them.  Lines above
the line being indented no longer move, so it holds for the pass.")

(defun trellis--code-after-p (position)
  "Return non-nil when code follows the bracket at POSITION on its line."
  (save-excursion
    (goto-char (1+ position))
    (skip-chars-forward " \t")
    (not (or (eolp) (looking-at-p "//")))))

(defun trellis--scan (start &optional outermost)
  "Return the lines from START, a line's beginning at depth 0, as a table.
Scan to the end of the buffer, or when OUTERMOST (the position of an
open bracket) is given, to the end of the line where its bracket
closes.  Each line's KIND is `cell' for code where a cell may begin (in
a block, or at the top level at depth 0), `args' for code inside an
attribute's arguments, `closer' for a line that starts with closing
brackets and holds nothing else but a comment, `comment', `blank', or
`string' (a line that starts inside a string).  Indentation is counted
as the parser counts it: a tab and a space are one column each."
  (save-excursion
    (goto-char start)
    (let ((state (syntax-ppss start))
          (openers (make-hash-table))
          (lines nil)
          (index 0)
          (done nil))
      (while (not done)
        (let* ((bol (point))
               (start-state state)
               (indentation (progn (skip-chars-forward " \t") (- (point) bol)))
               (closing (looking-at-p "[])}]")))
          (while (looking-at-p "[])}]")
            (forward-char)
            (skip-chars-forward " \t"))
          (let* ((here (if closing (parse-partial-sexp bol (point) nil nil start-state) start-state))
                 (opener (and (nth 1 here) (gethash (nth 1 here) openers)))
                 (code (not (or (eolp) (looking-at-p "//")))))
            (push (trellis--line-make
                   :kind (cond ((or (nth 3 start-state) (nth 4 start-state)) 'string)
                               ((and code (or (null (nth 1 here)) (and opener (trellis--opener-block opener))))
                                'cell)
                               (closing 'closer)
                               (code 'args)
                               ((eolp) 'blank)
                               (t 'comment))
                   :indentation indentation
                   :depth (max 0 (car here))
                   :opener opener
                   :start-opener (and (nth 1 start-state) (gethash (nth 1 start-state) openers)))
                  lines))
          (let ((moved (zerop (forward-line 1))))
            (setq state (parse-partial-sexp bol (point) nil nil start-state))
            ;; The brackets this line opens.
            (let ((enclosing nil)
                  (depth 0))
              (dolist (position (nth 9 state))
                (setq depth (1+ depth)
                      enclosing (or (gethash position openers)
                                    (puthash position
                                             (trellis--opener-make
                                              :line index
                                              :code (trellis--code-after-p position)
                                              :depth depth
                                              :enclosing enclosing
                                              :block (and (eq (char-after position) ?{)
                                                          (or (null enclosing) (trellis--opener-block enclosing))))
                                             openers)))))
            (setq index (1+ index)
                  ;; The last line: at the end of the buffer, or one that ends it unended.
                  done (or (not moved) (not (bolp))
                           (and outermost (> (point) outermost) (<= (car state) 0)))))))
      (vconcat (nreverse lines)))))

(defun trellis--set-indentation (index count)
  "Begin the line at point, line INDEX of the table, with COUNT spaces.
A line that begins with COUNT blanks already is left as it is."
  (setf (trellis--line-indentation (aref trellis--table index)) count)
  (save-excursion
    (beginning-of-line)
    (let ((start (point)))
      (skip-chars-forward " \t")
      (unless (= (- (point) start) count)
        (delete-region start (point))
        (insert (make-string count ?\s))))))

;;; Where lines go

(defun trellis--least-before (index depth opener &optional least)
  "The least indentation of the lines where a cell of a block may begin.
The block is the one OPENER opens, at DEPTH (nil and 0: the top
level); the lines are those of the block before line INDEX, and
OPENER's own line when a cell begins on it after OPENER.  LEAST, if
given, counts as one more.  Return nil when there is none."
  (if (eql least 0)
      0
    (trellis--least-before-1 index depth opener least)))

(defun trellis--least-before-1 (index depth opener least)
  "`trellis--least-before' of INDEX, DEPTH, OPENER and LEAST, scanning."
  (let* ((stop (if opener (trellis--opener-line opener) -1))
         (cached (and trellis--least-cache (gethash (or opener t) trellis--least-cache)))
         (usable (and cached (<= (car cached) index)))
         (found (and usable (cdr cached)))
         (j (1- index)))
    (when usable (setq stop (max stop (1- (car cached)))))
    (while (and (> j stop) (not (eql found 0)))
      (let ((line (aref trellis--table j)))
        (when (and (memq (trellis--line-kind line) '(cell args)) (= (trellis--line-depth line) depth))
          (setq found (min (or found most-positive-fixnum) (trellis--line-indentation line)))))
      (setq j (1- j)))
    (when (and trellis--least-cache (or usable (null cached)))
      (puthash (or opener t) (cons index found) trellis--least-cache))
    (when found (setq least (min (or least most-positive-fixnum) found)))
    (when (and opener (trellis--opener-code opener))
      (setq least (min (or least most-positive-fixnum)
                       (trellis--line-indentation (aref trellis--table (trellis--opener-line opener))))))
    least))

(defun trellis--cell-start (opener)
  "Return the indentation of the line where the cell holding OPENER began.
By the offside rule that is the least indentation of the lines of the
enclosing block (or of the file) up to OPENER's line, counting only
the lines where a cell of that block may begin."
  (let ((line (trellis--opener-line opener)))
    (trellis--least-before line (1- (trellis--opener-depth opener)) (trellis--opener-enclosing opener)
                           (trellis--line-indentation (aref trellis--table line)))))

(defun trellis--cell-extent (index depth)
  "Return what follows line INDEX, which starts a cell of a block at DEPTH.
The value is (LINES NEXT NESTED): LINES, how many lines after it
continue the cell (the lines up to the next line where a cell of the
block begins no deeper, or to the end of the block); NEXT, the
indentation of that next line, or nil; NESTED, the least indentation
of the lines among LINES where a cell of a nested block may begin, or
nil."
  (let ((indentation (trellis--line-indentation (aref trellis--table index)))
        (j (1+ index))
        (count (length trellis--table))
        (lines 0) next nested done)
    (while (and (not done) (< j count))
      (let* ((line (aref trellis--table j))
             (kind (trellis--line-kind line))
             (line-depth (trellis--line-depth line))
             (line-indentation (trellis--line-indentation line)))
        (cond ((< line-depth depth) (setq done t))
              ((and (eq kind 'cell) (= line-depth depth) (<= line-indentation indentation))
               (setq next line-indentation done t))
              (t
               (setq lines (1+ lines))
               (when (and (eq kind 'cell) (> line-depth depth))
                 (setq nested (min (or nested most-positive-fixnum) line-indentation))))))
      (setq j (1+ j)))
    (list lines next nested)))

(defun trellis--shift-lines (index lines delta)
  "Move the LINES lines after line INDEX, at point, by DELTA columns (not past column 0)."
  (save-excursion
    (dotimes (k lines)
      (forward-line 1)
      (let ((line (aref trellis--table (+ index k 1))))
        (unless (memq (trellis--line-kind line) '(blank string))
          (trellis--set-indentation (+ index k 1) (max 0 (+ (trellis--line-indentation line) delta))))))))

(defun trellis--indent-cell-line (index)
  "Indent line INDEX, at point, where a cell of a block may begin.
The line keeps its place when it is deeper than a line before it in
the block (it continues a cell).  Otherwise it starts a cell: it moves
towards one step in from the cell holding the block, as far as it can
without joining the cell before it or letting the next one join it,
and takes the lines that continue it along."
  (let* ((line (aref trellis--table index))
         (indentation (trellis--line-indentation line))
         (depth (trellis--line-depth line))
         (opener (trellis--line-opener line))
         (least (trellis--least-before index depth opener)))
    (unless (and least (> indentation least))
      (pcase-let* ((want (+ (trellis--cell-start opener) trellis-indent-offset))
                   (`(,lines ,next ,nested) (trellis--cell-extent index depth))
                   ;; Not shallower than the next cell's line, no nested line past column 0.
                   (low (max (or next 0) (if nested (- indentation nested) 0)))
                   (column (max low (if least (min least want) want))))
        (unless (= column indentation)
          (trellis--set-indentation index column)
          (trellis--shift-lines index lines (- column indentation)))))))

(defun trellis--indent-index (index)
  "Indent line INDEX of the table, the line at point."
  (let* ((line (aref trellis--table index))
         (indentation (trellis--line-indentation line))
         (start-opener (trellis--line-start-opener line)))
    (pcase (trellis--line-kind line)
      ('cell (when (> (trellis--line-depth line) 0) (trellis--indent-cell-line index)))
      ('closer (when start-opener
                 (trellis--set-indentation index (trellis--cell-start start-opener))))
      ((or 'args 'comment 'blank)
       (when start-opener
         (let ((column (+ (trellis--cell-start start-opener) trellis-indent-offset)))
           (unless (> indentation column) (trellis--set-indentation index column))))))))

(defun trellis--window-start (outermost)
  "The beginning of a line before OUTERMOST's from which to scan.
It is at depth 0 and begins with code at column 0 (or is the first
line): what the cells of the top level hold before it cannot matter."
  (save-excursion
    (goto-char outermost)
    (beginning-of-line)
    (while (and (not (bobp))
                (not (and (looking-at-p "[^ \t\n/]") (zerop (car (syntax-ppss))))))
      (forward-line -1))
    (point)))

(defun trellis-indent-line ()
  "Indent the current line as a cell of its block.
A line indented deeper than a line before it in its block continues a
cell: it keeps its indentation.  A line that starts a cell takes the
lines that continue it along, so that indenting never changes what
the file means."
  (interactive)
  (let ((in-indentation (<= (current-column) (current-indentation)))
        (outermost (save-excursion (car (nth 9 (syntax-ppss (line-beginning-position)))))))
    ;; A line at the top level keeps its indentation.
    (when outermost
      (save-excursion
        (let* ((start (trellis--window-start outermost))
               (trellis--table (trellis--scan start outermost)))
          (trellis--indent-index (count-lines start (line-beginning-position))))))
    (when in-indentation (back-to-indentation))))

(defun trellis-indent-region (start end)
  "Indent the lines from START to END as `trellis-indent-line' does.
Lines past END move too when they continue a cell whose first line
moves.  The lines are indented again until none moves (a few times at
most): a cell's line may wait for the next cell's to move first."
  (save-excursion
    (let* ((trellis--table (trellis--scan (point-min)))
           (start (copy-marker (progn (goto-char start) (line-beginning-position))))
           (first (count-lines (point-min) start))
           (end (copy-marker end))
           (passes 0)
           (moved t))
      (while (and moved (< passes 8))
        (let ((tick (buffer-chars-modified-tick))
              (index first)
              (trellis--least-cache (make-hash-table :test 'eq)))
          (goto-char start)
          (while (and (< (point) end) (< index (length trellis--table)))
            (unless (and (bolp) (eolp)) (trellis--indent-index index))
            (forward-line 1)
            (setq index (1+ index)))
          (setq moved (/= tick (buffer-chars-modified-tick))
                passes (1+ passes))))
      (set-marker start nil)
      (set-marker end nil))))

(provide 'trellis-indent)
;;; trellis-indent.el ends here
