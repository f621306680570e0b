import TrellisModel
import TrellisSyntax

/// One call of the API, read from its JSON: a command and the text it works on, with the
/// options the command line's flags give (`--target`, `--viewport`, `--rtl`, `--layout`,
/// `--compact`). Offsets are in the units `encoding` names, as an editor counts them.
struct APIRequest {
    var command: String
    var source: SourceFile
    var kind: InputKind
    var target: Dialect?
    var viewports: [Viewport]
    var rtl: Bool
    var layout: String?
    var compact: Bool
    /// Where hover and completion look, as a byte offset into the source.
    var offset: Int
    var encoding: PositionEncoding
    /// The device `preview` and `cell` draw at (the first of the file's devices when nil).
    var device: Viewport?
    /// The grid `cell` explains: its index in pre-order, the root 0.
    var grid: Int
    /// Whether `preview` and `cell` turn the device on its side (a wrap height stays).
    var landscape: Bool
    /// The other files the text's `use` lines may reach (`files`).
    var files: RequestFiles

    /// What the text's `use` lines reach among `files`, and the parse that found them (nil
    /// when the text spells no `use`): for the commands that analyse the text.
    func followedUses() -> (uses: UsedFiles, parsed: ParseResult?) { files.uses(of: source, kind: kind) }

    /// The request `bytes` spell, or why there is none (a message for the caller).
    static func read(_ bytes: [UInt8]) -> Result<APIRequest, APIError> {
        let read = JSONReader.read(SourceFile(name: "<request>", bytes: bytes))
        guard !read.diagnostics.hasErrors, let root = read.root, root.type == .object else {
            return .failure(APIError("the request is not a JSON object"))
        }
        guard let command = root.member("command")?.value.string else { return .failure(APIError("the request names no `command`")) }
        guard let text = root.member("source")?.value.string else { return .failure(APIError("the request has no `source` text")) }
        let name = root.member("name")?.value.string ?? "input"
        let bytes = Array(text.utf8)
        let source = SourceFile(name: name, bytes: bytes)
        var kind = name.contains(".") ? InputKind.of(path: name) : InputKind.sniffed(bytes)
        if let word = root.member("kind")?.value.string {
            switch word {
            case "trellis": kind = .trellis
            case "json": kind = .json
            default: return .failure(APIError("`kind` is trellis or json, not '\(word)'"))
            }
        }
        var target: Dialect?
        if let word = root.member("target")?.value.string {
            guard let dialect = Dialect(word: word) else { return .failure(APIError("`target` is 1, 2 or any, not '\(word)'")) }
            target = dialect
        }
        var viewports: [Viewport] = []
        for element in root.member("viewports")?.value.elements ?? [] {
            guard let word = element.string, let viewport = Viewport.parse(word) else {
                return .failure(APIError("each of `viewports` is written as on the command line (375x667@2x, 320xwrap@3x)"))
            }
            viewports.append(viewport)
        }
        var encoding = PositionEncoding.utf16
        if let word = root.member("positionEncoding")?.value.string {
            guard let chosen = PositionEncoding(rawValue: word) else { return .failure(APIError("`positionEncoding` is utf-16 or utf-8, not '\(word)'")) }
            encoding = chosen
        }
        let at = root.member("offset")?.value.number ?? 0
        guard at >= 0, at <= Double(Int32.max), at == at.rounded(.down) else { return .failure(APIError("`offset` is a whole number from 0")) }
        let grid = root.member("grid")?.value.number ?? 0
        guard grid >= 0, grid <= Double(Int32.max), grid == grid.rounded(.down) else { return .failure(APIError("`grid` is a whole number from 0")) }
        var device: Viewport?
        if let word = root.member("device")?.value.string {
            guard let viewport = Viewport.parse(word) else { return .failure(APIError("`device` is written as on the command line (375x667@2x, 320xwrap@3x)")) }
            device = viewport
        }
        let files: RequestFiles
        switch RequestFiles.read(root.member("files")?.value) {
        case .success(let read): files = read
        case .failure(let error): return .failure(error)
        }
        return .success(
            APIRequest(
                command: command, source: source, kind: kind, target: target, viewports: viewports,
                rtl: root.member("rtl")?.value.bool ?? false, layout: root.member("layout")?.value.string,
                compact: root.member("compact")?.value.bool ?? false, offset: encoding.byteOffset(Int(at), in: bytes), encoding: encoding,
                device: device, grid: Int(grid), landscape: root.member("landscape")?.value.bool ?? false, files: files))
    }
}

/// A request the API cannot answer, and why.
struct APIError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
