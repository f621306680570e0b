import TrellisLSP

/// Help texts of the `trellis` command and its subcommands.
enum Usage {
    static func text(for command: String) -> String? {
        switch command {
        case "build": return build
        case "frames": return frames
        case "render": return render
        case "check": return check
        case "fmt": return fmt
        case "import": return importHelp
        case "preview": return preview
        case "watch": return watch
        case "lsp": return lsp
        case "parse": return parse
        case "init": return initHelp
        case "diff": return diff
        case "help": return main
        default: return nil
        }
    }

    static let main = """
        trellis — a language, compiler and layout engine for MyLayout grid layouts

        USAGE
          trellis <command> [options]

        COMMANDS
          build    Compile .trellis files to MyGridLayout grid-dictionary JSON
          frames   Every grid's frame as the screen shows it (.trellis or .json input)
          render   Draw the computed layout as SVG (or HTML with one panel per viewport)
          check    Lint .trellis files and MyGridLayout .json files (for people and CI)
          diff     What a change does on the screen: frames, views, grids, keys
          fmt      Format .trellis files canonically, keeping every comment
          import   Convert MyGridLayout JSON to Trellis, losing nothing
          preview  A live page of every layout at every device, redrawn on each save
          watch    Rebuild the JSON on every save (for a simulator that reloads it)
          lsp      Run the language server over stdio (the same as `trellis-lsp`)
          parse    Print the syntax tree of a .trellis file (for grammar and tool authors)
          init     Write a commented trellis.toml, the project file
          help     Show help for a command: trellis help build

        OPTIONS
          -h, --help            Show this help
          -V, --version         Print the version
          --color WHEN          auto (default: on a terminal), always or never, for any command;
                                NO_COLOR turns color off, FORCE_COLOR or CLICOLOR_FORCE on

        EXIT CODES
          0  success
          1  the input has errors (diagnostics are printed: by `check` to stdout, its
             report; by the other commands to stderr)
          2  usage error (unknown option, unreadable file, …), or standard output could not
             be written

        Run 'trellis <command> --help' for a command's options.

        """

    static let diff = """
        trellis diff — what a change of layouts does on the screen

        USAGE
          trellis diff OLD NEW [options]       two files, .trellis or grid .json, mixed
          trellis diff REV [REV] [options]     in a git work tree: every layout file changed
                                               since REV (or between two revisions), and
                                               the files that use a changed one

        For each layout (matched by name; one on each side: those two) and each viewport,
        what changes as MyGridLayout lays it out: grids added and removed (the trees are
        aligned, so an inserted cell is one insertion), views that land in another grid
        (the app's subviews fill leaves in order), keys the runtime reads differently, frames
        that move or resize (siblings that move alike on one line; a grid that moves with
        its parent is counted in it), the layout's size, passes and settling. A reformat,
        an extracted template or reordered keys change nothing: "no change on the screen".
        Viewports: --viewport, else the new file's previews, else the project's, else
        375x667@2x. docs/diff.md documents the JSON.

        OPTIONS
          --viewport WxH@Sx   A viewport (repeatable; a height of `wrap`)
          --rtl               Lay every viewport out right-to-left
          --relayout N        Compare the screens after N more layouts of the settled view
          --target 1|2|any    Which runtime reads the files (default: each file's, the project's)
          --format FORMAT     text (default), json, github (annotations at the new
                              file's lines, for a pull request), or html (both versions
                              side by side per viewport, changed cells highlighted)
          -h, --help          Show this help

        EXIT CODES
          0 no change on the screen · 1 changes · 2 usage error, a file with errors, no git

        """

    static let initHelp = """
        trellis init — write a commented trellis.toml, the project file

        USAGE
          trellis init [DIR] [--target 1|2|any]

        Writes DIR/trellis.toml (DIR: the current directory) with every key and what it does;
        an existing one is never overwritten. Every command, the build plugin and the language
        server read it for the files in DIR and below (docs/project.md).

        OPTIONS
          --target 1|2|any        The runtime the JSON is for (default 2)
          -h, --help              Show this help

        EXIT CODES
          0 ok · 2 usage error (the file exists, DIR is missing)

        """

    /// The language server's page, shared with `trellis-lsp --help`.
    static let lsp = ServerCommandLine.help

    static let build = """
        trellis build — compile Trellis to MyGridLayout JSON

        USAGE
          trellis build FILE... [options]
          trellis build - [options]            read from standard input
          trellis build [--out-dir DIR]        in a project: its .trellis files into its out-dir

        A file's project (trellis.toml, found by walking up its folders) gives its target when
        the file names none; with no FILE, every .trellis file of the project is built into
        the project's `out-dir` (docs/project.md).

        OPTIONS
          -o, --output FILE   Write the JSON to FILE (atomically) instead of stdout
          --out-dir DIR       Write one NAME.json per layout into DIR
          --layout NAME       Build only the layout NAME
          --target 1|2|any    MyLayout 1.x writes `space`, 2.0+ writes `spacing`, any
                              writes both (equal: every version reads the same; checked
                              against MyLayout 1.9.10 and 2.0.0) (overrides the file's
                              `target` directive; default: the project's, else 1)
          --compact           One-line JSON instead of pretty (2-space) JSON
          --diagnostic-style human|compiler
                              human (default): source lines and carets; compiler: one
                              `file:line:col: error: message [CODE]` line each, for Xcode
                              and build systems (the SwiftPM plugin uses it)
          --default-target 1|2|any
                              The runtime for files without a `target` directive (the
                              build plugin's option); --target overrides every file
          --expect-layout NAME
                              Fail unless the input defines one layout and it is named NAME
                              (an unnamed layout takes the file's name: the build plugin
                              names each file's JSON after the file)
          -h, --help          Show this help

        A file with several layouts needs --layout or --out-dir, unless written to one file per
        layout. Diagnostics go to stderr with the source line and a caret; nothing is written
        when the input has errors. Outputs are never written over an input file.

        EXIT CODES
          0 ok · 1 errors in the input · 2 usage error

        EXAMPLES
          trellis build examples/GridLayoutDemo4.trellis
          echo 'rows 33% | -50% | fill' | trellis build - --compact
          trellis build examples/GridLayoutDemo4.trellis --target 2 --out-dir build/

        """

    static let frames = """
        trellis frames — every grid's frame as the screen shows it, as MyGridLayout computes it

        USAGE
          trellis frames FILE... [options]

        Reads .trellis files and MyGridLayout .json grid dictionaries (trailing commas allowed,
        as the runtime's JSONSerialization allows them).

        The frames are those of the screen, not of one pass: a wrap-height view starts 0 tall and
        is laid out again at each new height, rounded to the pixel grid, until its height settles
        (at most 10 passes); each pass reads the rectangles the last one left, as the runtime does.

        OPTIONS
          --viewport WxH@Sx   A device size, e.g. 375x667@2x, or 375xwrap@3x for a wrap height;
                              repeat for several. Default: the file's `preview` directives,
                              else 375x667@2x.
          --rtl               Lay out right-to-left (frames are reported as seen on screen)
          --relayout N        Lay the settled view out N more times (0-100), as after a rotation
                              round trip or setNeedsLayout; a few layouts move (trellis check: L006)
          --single-pass       One layout pass on a fresh tree instead: no settling, no view
                              frames: what the runtime computes in its first pass
          --target 1|2|any    Which runtime reads the JSON (`space`, `spacing`, or both)
          --content SLOT=WxH,...
                              The size the view of each listed slot gives itself (its
                              myWidth and myHeight; what content(WxH) says in Trellis), e.g.
                              0=80x20,3=40x16; other views want 0x0 and set no size
          --layout NAME       Only the layout NAME
          --format text|json  An aligned table (default) or JSON:
                              {"layouts":[{"name","viewports":[{"width","height","scale","rtl",
                              "passes","settled","grids":[{"path","x","y","width","height",
                              "slot","view":{"x","y","width","height"},"borderlines":[{"edge",
                              "side","x","y","width","height","thick","color","alpha","dash",
                              "state"}]}]}]}]}
          -h, --help          Show this help

        `width` and `height` are the layout view's applied, pixel-rounded size; `passes` counts
        the layout passes that ran and `settled` is false when the height still changed after
        10 passes of one layout. `path` is the dotted 1-based child index from the root ("" is
        the root); `slot` is the 0-based index of the subview that lands in the grid, or null;
        `view` is the frame that subview gets: the content box (an anchor with sub-grids: the
        whole grid), mirrored under RTL, negative sizes as 0, rounded to pixels. Gravity aligns
        a view by its own size: in a wrap or overlap cell MyLayout measures it (taken as 0 × 0);
        elsewhere it is the size the view sets (myWidth, myHeight), which content(WxH) or
        --content states. A view that sets none is CGFLOAT_MAX long on that axis (M108); a
        number beyond ±1e300 (CGFLOAT_MAX, a centred position of about −CGFLOAT_MAX/2, one
        rounding overflowed to −∞) is printed as the string "CGFLOAT_MAX" or "-CGFLOAT_MAX".
        `borderlines` (on a grid that has any) are where MyLayout paints them: `x`…`height`
        is the painted area (a layer `thick` pixels across inside the edge, moved in by
        `offset`; a dashed line is its top or left edge stroked `thick` points wide, centred
        on that edge); `side` is MyLayout's (a JSON left is trailing under RTL), and
        under RTL a sub-grid's lines are mirrored within the grid's own width, often away
        from it (L004); `state` is current, stale (the grid ended with a zero side, so the
        line stays where an earlier pass put it) or never (nothing painted, all numbers 0).
        With --single-pass there is no `passes`, `settled` or `view`; borderlines are as that
        one pass lays them out.

        When an input has errors they are printed to stderr, the frames of the layout as
        recovered are printed all the same, and the exit code is 1.

        EXIT CODES
          0 ok · 1 errors in the input · 2 usage error

        """

    static let check = """
        trellis check — lint Trellis files and MyGridLayout JSON

        USAGE
          trellis check [PATH...] [options]      files, directories (searched), or - for stdin

        Directories are searched for .trellis files and .json files that look like grid
        dictionaries; with no PATH, the project's files (`include` and `exclude` of the
        trellis.toml found by walking up from the current directory), else the current
        directory. Each file is checked with its project's settings (target, previews, disabled
        codes, warnings-as-errors); flags win. Every finding has a stable code documented in
        docs/diagnostics.md; P001–P005 are the project file's own.

        OPTIONS
          --target 1|2|any        Which runtime reads the JSON (`space`, `spacing`, both); default:
                                  the file's `target`, else the project's, else detected from
                                  the keys, else 1
          --viewport WxH@Sx       Viewports for the layout rules (L…); repeat for several.
                                  Default: the file's previews, else the project's, else
                                  375x667@2x
          --rtl                   Lay the viewports out right-to-left
          --format text|json|github|sarif
                                  text (default): source lines with carets, then a summary;
                                  json: a stable schema (docs/diagnostics.md);
                                  github: workflow annotations for pull requests;
                                  sarif: SARIF 2.1.0 for code-scanning upload
          --disable CODE[,CODE]   Do not report these codes (repeatable)
          --against REV           Also compare each file with its version at a git revision
                                  and report a view that lands in another grid (D001)
          --fix                   Apply the safe fix-its in place (atomically), report what
                                  changed, then report what remains
          --unsafe-fixes          With --fix, also apply the fix-its marked for review
                                  (e.g. closing a truncated file, renaming a misspelled key)
          --warnings-as-errors    Exit 1 on warnings too
          --no-warnings-as-errors Warnings never fail the run, whatever trellis.toml says
          -h, --help              Show this help

        In a .trellis file, `// trellis-ignore CODE` on the line before silences CODE on the
        next line (`// trellis-ignore` alone silences its warnings and infos).

        EXIT CODES
          0 no errors (and no warnings with --warnings-as-errors) · 1 findings · 2 usage error

        """

    static let fmt = """
        trellis fmt — the canonical layout of Trellis files

        USAGE
          trellis fmt [FILE|DIR...] [--check] [--diff]
          trellis fmt -                          format standard input to standard output

        Rewrites each file in place (atomically) in the one canonical layout: two-space
        indentation, one cell per line in blocks, `a | b | c` lists kept inline while they fit
        in 100 columns, attributes in the JSON key order, at most one blank line, every comment
        kept where it belongs (docs/language.md, "Formatting"). Files with syntax errors are left
        untouched and their errors printed. A file that another program saved meanwhile, a
        read-only file, a FIFO or a device is not rewritten: an error says so (exit 2).

        OPTIONS
          --check     Change nothing; list the files that would change and exit 1 if any (CI)
          --diff      Change nothing; print a unified diff of what would change
          -h, --help  Show this help

        EXIT CODES
          0 ok (or nothing to change with --check) · 1 files would change, or syntax errors ·
          2 usage error

        """

    static let parse = """
        trellis parse — the syntax tree of a Trellis file

        USAGE
          trellis parse FILE.trellis [--format text|json]
          trellis parse -                        read standard input

        Prints every node of the parser's tree in order, each with its production of
        grammar/trellis.ebnf (file, target, preview, template, layout, cell, size, template-ref,
        attribute, attribute-args, split, block, inline-list, repeat, error) and the byte range
        of its text, comments and blank space around it left out. The tree is the one every
        other command reads, recovered from errors as they recover; syntax errors are printed
        after it. The tree-sitter grammar (editors/tree-sitter-trellis) is tested against it.

        OPTIONS
          --format F  text (default): one node per line, indented by depth, `cell 120..134`;
                      json: {"nodes": [{"kind", "start", "end", "parent"}]} in the same order,
                      `parent` the index of the parent node (null for the file)
          -h, --help  Show this help

        EXIT CODES
          0 ok · 1 the file has syntax errors (the tree is printed all the same) · 2 usage error

        """

    static let importHelp = """
        trellis import — MyGridLayout JSON to Trellis

        USAGE
          trellis import FILE.json [-o FILE.trellis] [--target 1|2]
          trellis import FILE.json... --out-dir DIR     one NAME.trellis per input
          trellis import FILE.json... --out-dir DIR --shared DIR/cards.trellis
                                                        and what they share, once

        Reads the grid dictionary tolerantly (trailing commas and the other mistakes of
        `trellis check` are reported, and the layout is imported as recovered) and writes
        idiomatic Trellis that builds to the same runtime model: bare sizes (`1/3` only when
        exact), inline `a | b` lists, `cell * N` for identical neighbours, templates for subtrees
        that occur more than once (size and tag as overrides), and `json({…})` for whatever has
        no Trellis spelling (unknown keys, unusual values) — nothing is lost. The target is
        --target's, else the file's project's (trellis.toml, `target` 1 or 2), else detected
        from `space` / `spacing`.

        OPTIONS
          -o, --output FILE   Write to FILE (atomically) instead of stdout
          --out-dir DIR       Write one NAME.trellis per input into DIR
          --target 1|2        The runtime the JSON is read for (default: the project's,
                              else detected, else 1)
          --shared FILE       With --out-dir: the subtrees two or more inputs share become
                              the templates of FILE, which each layout `use`s; written only
                              when every layout builds back to what the runtime reads
          -h, --help          Show this help

        EXIT CODES
          0 ok · 1 the input has errors (imported as recovered) · 2 usage error

        """

    static let render = """
        trellis render — draw the computed layout

        USAGE
          trellis render FILE [options]

        OPTIONS
          --viewport WxH@Sx   As for `trellis frames`; repeat for several (HTML shows each)
          --relayout N        As for `trellis frames`: draw the view laid out N more times
          --single-pass       As for `trellis frames`: draw one fresh pass
          --rtl               Lay out right-to-left
          --content SLOT=WxH,...
                              As for `trellis frames`: the size a slot's view sets itself
          --target 1|2|any    Which runtime reads the JSON
          --layout NAME       Which layout (default: the first)
          --format svg|html   An SVG picture (default), or an HTML page with one panel per
                              viewport and a tooltip per cell
          -o, --output FILE   Write to FILE (atomically) instead of stdout
          -h, --help          Show this help

        Every grid is outlined; leaves are labelled with their path, size rule and slot;
        placeholders are hatched, anchors shaded. Borderlines are drawn where MyLayout paints
        them (as `trellis frames` reports them): an earlier pass's line where the grid ended
        with a zero width or height, none where it had one in every pass, and under RTL
        mirrored within the grid's own width (L004). Each view's frame is drawn in dashed blue
        (a view with no area as a line or a cross); a view that gravity aligns but that sets
        no size of its own, so that MyLayout makes it CGFLOAT_MAX long (M108), is marked in
        orange over its cell.

        EXIT CODES
          0 ok · 1 errors in the input · 2 usage error

        """

    static let preview = """
        trellis preview — a live page of the layouts, redrawn on each save

        USAGE
          trellis preview FILE... [options]
          trellis preview [options]            in a project: its files

        Serves one page on 127.0.0.1 (a free port, printed) that shows every layout of every
        FILE (.trellis or grid-dictionary .json) at each of its preview devices side by side.
        A file's project (trellis.toml) gives its target and devices where the file names
        none, and the codes its diagnostics leave out; with no FILE, the project's files.
        The files are watched: each save redraws the page within a moment. Hover a cell for
        its path, size rule and frames; click it for its source line. The device menu offers
        common iPhones and iPads; landscape, right-to-left and a wrap height are toggles. A
        file with errors keeps its last good picture, with the diagnostics over it.

        OPTIONS
          --port N            Listen on this port (default: a free one)
          --target 1|2|any    Which runtime reads the JSON
          --content SLOT=WxH,...
                              As for `trellis frames`: the size a slot's view sets itself,
                              in every layout shown
          --against REV       Highlight what changed since a git revision (as `trellis
                              diff REV` tells it), with the list under each picture
          -h, --help          Show this help

        A FILE that is missing at the start is drawn once it appears; when every FILE is
        missing, nothing is served.

        EXIT CODES
          runs until stopped (Ctrl-C) · 2 usage error (no FILE exists, the port is taken, …)

        """

    static let watch = """
        trellis watch — rebuild the JSON on every save

        USAGE
          trellis watch FILE.trellis... -o DIR [options]
          trellis watch [-o DIR]               in a project: its .trellis files

        Builds each file into DIR (one NAME.json per layout, as `trellis build --out-dir`),
        then again after every save, printing one line per rebuild. A file with errors keeps
        its last JSON and prints its first error; Ctrl-C stops. A file's project
        (trellis.toml) gives its target where the file names none, and DIR where -o is not
        given (its `out-dir`); with no FILE, the project's .trellis files are watched.

        OPTIONS
          -o, --out-dir DIR   Where the JSON goes (default: the project's `out-dir`)
          --target 1|2|any    MyLayout 1.x writes `space`, 2.0+ writes `spacing`, any both
          --compact           One-line JSON
          -h, --help          Show this help

        A FILE that is missing at the start is built once it appears; when every FILE is
        missing, nothing is watched.

        EXIT CODES
          runs until stopped (Ctrl-C) · 2 usage error (no FILE exists, DIR cannot be made, …)

        """
}
