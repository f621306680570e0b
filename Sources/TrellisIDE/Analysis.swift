import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax

/// One document analysed once: the loaded file, the lint diagnostics (the same list
/// `trellis check` prints) and the viewports its frames are shown at. Every editor feature
/// starts from here, so the editor and the command line can never disagree.
public struct Analysis: Sendable {
    public let file: LoadedFile
    public let diagnostics: [Diagnostic]
    public let options: LintOptions
    /// Each layout's runtime model, read once for every request.
    public let runtimes: [RuntimeGrid]

    public init(_ source: SourceFile, kind: InputKind, options: LintOptions = LintOptions(), target: Dialect? = nil) {
        file = LoadedFile.load(source, kind: kind, target: target)
        self.options = options
        diagnostics = Linter.lint(file, options: options)
        runtimes = file.layouts.map(\.runtime)
    }

    public var source: SourceFile { file.source }

    /// The viewports frames are shown at: the same rule as `trellis check` and `trellis frames`.
    public var viewports: [Viewport] { options.viewports(for: file) }

    /// Whether a JSON document is a grid dictionary worth analysing: an object whose members
    /// include a grid key (`rows`, `cols`, `size`, `overlap`) in its first 4 KB. The CLI's folder
    /// search and the server both use it.
    public static func looksLikeGridDictionary(_ bytes: some Collection<UInt8>) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first == "{" else { return false }
        return ["\"rows\"", "\"cols\"", "\"size\"", "\"overlap\""].contains { head.contains($0) }
    }
}
