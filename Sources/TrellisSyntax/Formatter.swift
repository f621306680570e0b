/// The canonical layout of Trellis source (docs/language.md, "Formatting"):
/// - one top-level item per line, at most one blank line kept between items and cells;
/// - blocks indented by two spaces, one cell per line; a cell in a block that starts with an
///   attribute or a split gets the size `_` (what it meant), so it stays a separate cell;
/// - attributes in the JSON key order (size, padding, spacing, gravity, overlap, anchor,
///   placeholder, tag, action, action-data, borderlines, json, content), single spaces, and
///   wrapped onto lines indented by four more spaces when a cell passes 100 columns;
/// - inline lists `a | b | c` stay inline while they fit and hold no block or comment, and
///   not only their last item has attributes (which reads as the split's: M018); else they
///   become blocks;
/// - every comment is kept: a comment on a line of its own stays on its own line before what
///   follows it, a comment after code stays at the end of that line; a part of a cell after
///   a comment goes on a deeper continuation line (the offside rule keeps it in the cell);
/// - line endings and a byte order mark as the file has them; aligned trailing comments
///   stay aligned.
/// Files with syntax errors are not formatted (nil).
public enum Formatter {
    public static let lineWidth = 100

    public static func format(_ source: SourceFile) -> String? {
        format(Parser.parse(source))
    }

    /// ``format(_:)`` of a file already parsed; nil too when `shouldStop` says so, which it
    /// is asked before each top-level item (the editor's cancellation).
    public static func format(_ parsed: ParseResult, shouldStop: () -> Bool = { false }) -> String? {
        formattedBytes(parsed, shouldStop: shouldStop).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``format(_:shouldStop:)`` as UTF-8 bytes, of the top-level items at `items`
    /// (positions among the root's children; all when nil), a range that starts at 0 or at one
    /// of the preparation's breaks. A caller that formats a file in pieces prepares it once.
    public static func formattedBytes(
        _ parsed: ParseResult, items: Range<Int>? = nil, preparation: Preparation? = nil,
        shouldStop: () -> Bool = { false }
    ) -> [UInt8]? {
        guard !parsed.diagnostics.hasErrors else { return nil }
        let source = parsed.tree.source
        let commentsBefore = preparation?.commentsBefore ?? Printer.commentCounts(parsed.tree.tokens)
        let share = items.map { Double($0.count) / Double(max(parsed.tree.root.children.count, 1)) } ?? 1
        let printed = TreeBuffers.with(parsed.tree) { buffers in
            var printer = Printer(tree: buffers, commentsBefore: commentsBefore, capacity: Int(Double(source.bytes.count) * 1.5 * share))
            return printer.printFile(parsed.tree, items: items, shouldStop: shouldStop)
        }
        guard var bytes = printed else { return nil }
        // Line endings and a byte order mark are the file's own: kept as they were.
        if let firstBreak = source.bytes.firstIndex(of: UInt8(ascii: "\n")), firstBreak > 0, source.bytes[firstBreak - 1] == UInt8(ascii: "\r") {
            bytes = withCarriageReturns(bytes)
        }
        if (items?.lowerBound ?? 0) == 0, source.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
        }
        return bytes
    }

    /// What formatting a file in pieces needs once: where it may be cut, and the comment
    /// counts every piece reads.
    public struct Preparation: Sendable {
        let commentsBefore: [Int32]
        /// The top-level items (positions among the root's children) with nothing before them
        /// but the item before (no comment, no blank line), each with its offset in the
        /// source: where the file may be formatted and checked in pieces.
        public let breaks: [(item: Int, offset: Int)]
    }

    public static func prepare(_ parsed: ParseResult) -> Preparation {
        let commentsBefore = Printer.commentCounts(parsed.tree.tokens)
        let breaks = TreeBuffers.with(parsed.tree) { Printer(tree: $0, commentsBefore: commentsBefore, capacity: 0).breaks() }
        return Preparation(commentsBefore: commentsBefore, breaks: breaks)
    }

    static func withCarriageReturns(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { result.append(UInt8(ascii: "\r")) }
            result.append(byte)
        }
        return result
    }
}
