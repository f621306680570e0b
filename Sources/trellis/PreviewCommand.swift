import TrellisIDE
import TrellisLayout
import TrellisLint
import TrellisModel
import TrellisSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `trellis preview FILE…`: a local page (127.0.0.1 only) showing every layout at every
/// preview device, redrawn within a moment of each save: the files are watched, and the page
/// is told through server-sent events. A file with errors keeps its last good picture, with
/// the diagnostics over it.
enum PreviewCommand {
    static func run(_ words: [String]) throws -> Int32 {
        if Trellis.wantsHelp(words) {
            Terminal.write(Usage.preview)
            return Trellis.Exit.ok
        }
        let arguments = try Arguments(words, valued: ["--port", "--target", "--content", "--against"], flags: [])
        let target = try Trellis.dialect(arguments.value("--target"))
        let content = try Inputs.contentSizes(arguments.value("--content"))
        var projects = Projects()
        var paths = arguments.positionals
        if paths.isEmpty {
            // The project's Trellis files, and its JSON files that are grid dictionaries.
            paths = try projects.filesOfCurrentProject("preview", ".trellis or grid-dictionary .json file") { path in
                InputKind.of(path: path) == .trellis
                    || ((try? Files.read(path, limit: PreviewState.sizeLimit).get()).map(Analysis.looksLikeGridDictionary) ?? false)
            }.1
        }
        if paths.contains("-") { throw UsageError(message: "preview watches files; it cannot watch standard input") }
        try Inputs.requireOneExisting(paths)
        var settings: [PreviewState.Settings] = []
        for path in paths {
            let project = try projects.project(of: path)
            settings.append(
                PreviewState.Settings(options: project?.options(for: path, over: LintOptions()) ?? LintOptions(), projectTarget: project?.settings.target))
        }
        if projects.printProblems() { return Trellis.Exit.inputErrors }
        var port: UInt16 = 0
        if let text = arguments.value("--port") {
            guard let value = UInt16(text) else { throw UsageError(message: "--port takes a number from 0 to 65535, not '\(text)'") }
            port = value
        }
        // `--against REV`: each file as it was at the revision, read once.
        var against: PreviewState.Against?
        if let revision = arguments.value("--against") {
            var baseline = try Baseline(revision, paths: paths)
            let versions = zip(paths, settings).map { path, settings in
                let version = baseline.version(of: path, target: target, projectTarget: settings.projectTarget)
                if let note = version.note { Terminal.error("note: \(note)\n") }
                return version
            }
            against = PreviewState.Against(revision: revision, versions: versions)
        }
        let state = PreviewState(paths: paths, settings: settings, target: target, content: content, against: against)
        let (listener, boundPort) = try HTTPServer.listen(port: port)
        // The files they use are watched too: a change to one redraws the files that use files.
        let inputs = Set(paths.map(Terminal.canonical))
        let used = UsesOnDisk.filesUsed(by: paths).filter { !inputs.contains($0) }
        let positionals = paths
        // Watching first: a save during the first analyses is not missed.
        guard
            FileWatcher.watch(
                positionals + used,
                onChange: { paths in
                    var reloaded: Set<String> = []
                    for path in paths {
                        for path in UsesOnDisk.dependents(of: path, among: positionals) where reloaded.insert(path).inserted { state.reload(path) }
                    }
                    state.announce()
                })
        else { throw UsageError(message: "cannot start watching the files") }
        for path in paths { state.reload(path) }
        Terminal.write("Trellis preview: http://127.0.0.1:\(boundPort)/ (watching \(paths.count) file\(paths.count == 1 ? "" : "s"); Ctrl-C to stop)\n")
        HTTPServer.serve(listener) { connection in
            PreviewRoutes.answer(connection, state: state, port: boundPort)
        }
    }
}

/// The preview's files, shared by the watcher and the connections: each file's latest
/// analysis, the last one without errors (what the page draws), and a version per change.
final class PreviewState: Sendable {
    /// What a file's project sets for it.
    struct Settings: Sendable {
        var options = LintOptions()
        /// The project's target, for a file without a `target` line (`--target` wins).
        var projectTarget: Dialect?
    }

    /// `--against REV`: the revision, and each file's version there (in the files' order).
    struct Against: Sendable {
        var revision: String
        var versions: [Baseline.Version]
    }

    struct File: Sendable {
        var path: String
        var settings = Settings()
        /// The file at the `--against` revision.
        var baseline: Baseline.Version?
        var version = 0
        var latest: Analysis?
        var lastGood: Analysis?
        /// Why the file could not be read (removed, unreadable), when it could not.
        var readError: String?
    }

    let target: Dialect?
    /// `--content`: the size the view of each listed slot sets itself, in every layout.
    let content: [Int: PreviewSize]
    /// The revision the pictures are compared with (`--against`).
    let against: String?
    let files: Locked<[File]>
    /// The event-stream connections to tell about changes.
    let listeners = Locked<[Int32]>([])
    /// The largest file the preview reads (a bigger one is reported, not read).
    static let sizeLimit = Files.streamLimit

    init(paths: [String], settings: [Settings] = [], target: Dialect?, content: [Int: PreviewSize] = [:], against: Against? = nil) {
        self.target = target
        self.content = content
        self.against = against?.revision
        files = Locked(
            paths.enumerated().map { index, path in
                File(
                    path: path, settings: settings.indices.contains(index) ? settings[index] : Settings(),
                    baseline: against.flatMap { $0.versions.indices.contains(index) ? $0.versions[index] : nil })
            })
    }

    var version: Int { files.withLock { $0.reduce(0) { $0 + $1.version } } }

    /// Reads and analyses `path` again; a file that cannot be read keeps its last picture.
    func reload(_ path: String) {
        var readError: String?
        var analysis: Analysis?
        switch Files.read(path, limit: Self.sizeLimit + 1) {
        case .success(let bytes) where bytes.count > Self.sizeLimit:
            readError = "the file is larger than \(Self.sizeLimit >> 20) MB"
        case .success(let bytes):
            let source = SourceFile(name: path, bytes: bytes)
            // A fresh resolver: a used file may have changed too.
            var resolver = UsesOnDisk.resolver()
            let kind = InputKind.of(path: path)
            let settings = files.withLock { $0.first { $0.path == path }?.settings } ?? Settings()
            let (uses, parsed) = resolver.usedFiles(of: source, at: path, kind: kind)
            let chosen = Projects.target(flag: target, default: settings.projectTarget, source: source, kind: kind)
            analysis = Analysis(source, kind: kind, options: settings.options, target: chosen, parsed: parsed, uses: uses)
        case .failure(let failure) where failure.code == Files.tooLarge.code:
            readError = "the file is larger than \(Self.sizeLimit >> 20) MB"
        case .failure(let failure):
            readError = failure.code == ENOENT ? "the file does not exist (removed or being replaced)" : "cannot read the file: \(failure)"
        }
        files.withLock { files in
            for index in files.indices where files[index].path == path {
                files[index].version += 1
                files[index].readError = readError
                if let analysis {
                    files[index].latest = analysis
                    // A file with errors, or an empty one (half-saved), keeps the last picture.
                    if Preview.canDraw(analysis) { files[index].lastGood = analysis }
                }
            }
        }
    }

    /// Tells every open page that something changed; pages that went away are dropped.
    func announce() {
        let message = Array("event: change\ndata: {\"version\":\(version)}\n\n".utf8)
        listeners.withLock { descriptors in
            let failed = descriptors.filter { !HTTPServer.send($0, message) }
            descriptors.removeAll { failed.contains($0) }
            // Their own threads close them (see the `/events` route).
            for descriptor in failed { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    func snapshot() -> [File] { files.withLock { $0 } }
}

/// The preview's HTTP routes: the page, its state, one layout at one device, and the event
/// stream. Requests must name the preview's own host (no DNS rebinding from other sites).
enum PreviewRoutes {
    static func answer(_ connection: Int32, state: PreviewState, port: UInt16) {
        let request: HTTPRequest
        switch HTTPServer.readRequest(connection) {
        case .request(let read): request = read
        case .tooLarge:
            HTTPServer.refuse(
                connection, status: "431 Request Header Fields Too Large", message: "the request head is over \(HTTPServer.headLimit / 1024) KiB\n")
            return
        case .malformed:
            HTTPServer.refuse(connection, status: "400 Bad Request", message: "bad request\n")
            return
        }
        // Host names are case-insensitive (RFC 9110, 4.2.3): `LOCALHOST:PORT` is this host.
        guard let host = request.host?.lowercased(), host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else {
            HTTPServer.respond(
                connection, status: "403 Forbidden", type: "text/plain; charset=utf-8", body: Array("the preview answers 127.0.0.1:\(port) only\n".utf8))
            return
        }
        switch request.path {
        case "/":
            HTTPServer.respond(connection, status: "200 OK", type: "text/html; charset=utf-8", body: Array(PreviewPage.html.utf8))
        case "/state":
            HTTPServer.respond(connection, status: "200 OK", type: "application/json", body: JSONWriter.write(stateJSON(state), style: .compact))
        case "/render":
            switch render(request, state: state) {
            case .success(let body):
                HTTPServer.respond(connection, status: "200 OK", type: "application/json", body: JSONWriter.write(body, style: .compact))
            case .failure(let failure):
                let body = JSONWriter.write(.object([JSONMember("error", .string(failure.message))]), style: .compact)
                HTTPServer.respond(connection, status: failure.status, type: "application/json", body: body)
            }
        case "/events":
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\nretry: 500\n\nevent: change\ndata: {\"version\":\(state.version)}\n\n"
            // A page that stops reading is dropped after two seconds instead of stalling
            // every other page's updates.
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            guard HTTPServer.send(connection, Array(head.utf8)) else {
                close(connection)
                return
            }
            state.listeners.withLock { $0.append(connection) }
            // This thread owns the connection: it waits for the page to go away (a closed or
            // reloaded page ends the stream), then forgets and closes it. `announce` only
            // shuts a failing stream down, which ends this wait.
            HTTPServer.waitForClose(connection)
            state.listeners.withLock { $0.removeAll { $0 == connection } }
            close(connection)
        default:
            HTTPServer.respond(connection, status: "404 Not Found", type: "text/plain; charset=utf-8", body: Array("not found\n".utf8))
        }
    }

    /// `{version, files:[…]}`: what each file draws (its last good analysis) and what it
    /// says now (the latest diagnostics, or why it cannot be read).
    static func stateJSON(_ state: PreviewState) -> JSONValue {
        let files = state.snapshot()
        return .object([
            JSONMember("version", .number(Double(files.reduce(0) { $0 + $1.version }))),
            JSONMember("against", state.against.map { .string($0) } ?? .null),
            JSONMember(
                "devices",
                .array(
                    Preview.commonDevices.map { device in
                        .object([
                            JSONMember("name", .string(device.name)), JSONMember("width", .number(device.viewport.width)),
                            JSONMember("height", .number(device.viewport.height ?? 0)), JSONMember("scale", .number(device.viewport.scale)),
                        ])
                    })),
            JSONMember(
                "files",
                .array(
                    files.map { file in
                        var members: [JSONMember] = [JSONMember("path", .string(file.path)), JSONMember("version", .number(Double(file.version)))]
                        if let drawn = file.lastGood {
                            members += Preview.drawing(drawn)
                        } else {
                            members += [JSONMember("layouts", .array([])), JSONMember("devices", .array([])), JSONMember("lines", .array([]))]
                        }
                        // What the file says now: nothing more when it cannot be read (its last
                        // diagnostics belong to content that is gone).
                        if file.readError == nil, let latest = file.latest {
                            members += Preview.report(latest)
                        } else {
                            members += [JSONMember("errors", .bool(file.readError != nil)), JSONMember("diagnostics", .array([]))]
                        }
                        let stale = file.readError != nil || (file.latest.map { !Preview.canDraw($0) } ?? false)
                        members.append(JSONMember("stale", .bool(stale && file.lastGood != nil)))
                        members.append(JSONMember("readError", file.readError.map { .string($0) } ?? .null))
                        return .object(members)
                    })),
        ])
    }

    /// Why `/render` has nothing to draw: a request that makes no sense (400), or a file or
    /// layout that does not exist (404).
    struct RenderFailure: Error {
        var status: String
        var message: String
    }

    /// `/render?file=0&layout=0&w=375&h=667&s=2&rtl=1` (`h=wrap` for a wrap height).
    static func render(_ request: HTTPRequest, state: PreviewState) -> Result<JSONValue, RenderFailure> {
        let bad = { (message: String) in Result<JSONValue, RenderFailure>.failure(RenderFailure(status: "400 Bad Request", message: message)) }
        guard let fileIndex = request.query["file"].flatMap({ Int($0) }), let layout = request.query["layout"].flatMap({ Int($0) }) else {
            return bad("file and layout are numbers")
        }
        guard let width = request.query["w"].flatMap({ Double($0) }), width > 0, width <= 10_000 else { return bad("w is a width from 1 to 10000") }
        guard let scale = request.query["s"].flatMap({ Double($0) }), scale >= 1, scale <= 4 else { return bad("s is a scale from 1 to 4") }
        var height: Double?
        if let text = request.query["h"], text != "wrap" {
            guard let value = Double(text), value > 0, value <= 100_000 else { return bad("h is a height from 1 to 100000, or wrap") }
            height = value
        }
        let files = state.snapshot()
        guard files.indices.contains(fileIndex), let analysis = files[fileIndex].lastGood else {
            return .failure(RenderFailure(status: "404 Not Found", message: "no picture of file \(fileIndex)"))
        }
        let viewport = Viewport(width: width, height: height, scale: scale, rtl: request.query["rtl"] == "1")
        let prefix = "f\(fileIndex)-l\(layout)-\(request.query["panel"].map { $0.filter { $0.isLetter || $0.isNumber } } ?? "")-"
        guard analysis.file.layouts.indices.contains(layout) else {
            return .failure(RenderFailure(status: "404 Not Found", message: "no layout \(layout) in file \(fileIndex)"))
        }
        let since = files[fileIndex].baseline.map { changes(of: analysis, layout: layout, since: $0, at: viewport, contentSizes: state.content) }
        guard
            case .object(var members) = Preview.render(
                analysis, layout: layout, viewport: viewport, contentSizes: state.content, idPrefix: prefix, marks: since?.marks ?? { _ in [:] })
        else {
            return .failure(RenderFailure(status: "404 Not Found", message: "no layout \(layout) in file \(fileIndex)"))
        }
        if let since { members.append(JSONMember("changes", .array(since.lines.map { .string($0) }))) }
        return .success(.object(members))
    }

    /// What changed in a layout at a viewport since the `--against` revision: the cells of
    /// the new version to highlight, and the changes in words.
    static func changes(of analysis: Analysis, layout: Int, since version: Baseline.Version, at viewport: Viewport, contentSizes: [Int: PreviewSize])
        -> (marks: @Sendable (LayoutResult) -> [Int: CellMark], lines: [String])
    {
        var old: LoadedFile?
        if case .file(let file) = version { old = file }
        let layouts = zip(analysis.file.layouts, analysis.runtimes).map { (name: $0.name, runtime: $1) }
        guard let found = Baseline.changes(of: layouts, at: layout, since: old, viewports: [viewport], contentSizes: contentSizes) else {
            // Not in the old version: every cell is new.
            let line = "only in the new version (" + (version.note ?? "the file at the revision has no layout of this name") + ")"
            return ({ result in ScreenDiffMarks.whole(.added, note: line, in: result) }, [line])
        }
        let changes = found.viewports.first?.changes ?? []
        return ({ result in ScreenDiffMarks.marks(changes, side: .after, in: result) }, ScreenDiffReport.lines(of: found))
    }
}
