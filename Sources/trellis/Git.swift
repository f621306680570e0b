#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `git`, run as a program (never linked): what `trellis diff REV` reads of a repository.
enum Git {
    /// Why git gave no answer: not installed, or its own error message.
    struct Failure: Error {
        var message: String
    }

    /// The most git may print for one question (a file at a revision, a list of files).
    static let outputLimit = Files.streamLimit

    /// Runs `git ARGUMENTS` in `folder` and returns what it printed, or why it failed;
    /// `input` (a file descriptor) is its standard input.
    static func run(_ arguments: [String], in folder: String = ".", input: Int32? = nil) -> Result<[UInt8], Failure> {
        var output: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&errors) == 0 else { return .failure(Failure(message: "cannot make a pipe: \(Errno(errno))")) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        posix_spawn_file_actions_addclose(&actions, output[0])
        posix_spawn_file_actions_addclose(&actions, errors[0])
        let words = ["git", "-C", folder] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var process: pid_t = 0
        let spawned = posix_spawnp(&process, "git", &actions, nil, &argv, environ)
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard spawned == 0 else {
            let reason = spawned == ENOENT ? "git is not installed (no `git` on PATH)" : "cannot run git: \(Errno(spawned))"
            return .failure(Failure(message: reason))
        }
        let (printed, said, overflow) = drain(output[0], errors[0])
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0, errno == EINTR {}
        if overflow { return .failure(Failure(message: "git printed more than \(outputLimit >> 20) MB")) }
        // Exited with status 0 (the wait status holds the exit status in its second byte).
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            // git's own first line, as it said it.
            let message = String(decoding: said, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "git failed"
            return .failure(Failure(message: message))
        }
        return .success(printed)
    }

    /// Everything printed on both pipes until both close (read in turns, so that neither fills
    /// while the other is waited on); whether the output passed ``outputLimit``.
    static func drain(_ output: Int32, _ errors: Int32) -> (output: [UInt8], errors: [UInt8], overflow: Bool) {
        var printed: [UInt8] = []
        var said: [UInt8] = []
        var open = [output, errors]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var overflow = false
        while !open.isEmpty {
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&watched, nfds_t(watched.count), -1) >= 0 || errno == EINTR else { break }
            for entry in watched where entry.revents != 0 {
                // SAFETY: read writes at most `count` bytes into the buffer's own storage.
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if entry.fd == output {
                        if printed.count + count > outputLimit { overflow = true } else { printed += buffer[0..<count] }
                    } else if said.count < 1 << 16 {
                        said += buffer[0..<count]
                    }
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        return (printed, said, overflow)
    }

    /// The top folder of the work tree `folder` is in, or why there is none.
    static func topLevel(_ folder: String = ".") -> Result<String, Failure> {
        run(["rev-parse", "--show-toplevel"], in: folder).map { String(decoding: $0, as: UTF8.self).trimmingLineBreak }
    }

    /// Whether `word` names a commit of the repository.
    static func isRevision(_ word: String, in folder: String) -> Bool {
        commit(word, in: folder) != nil
    }

    /// The commit `word` names (its full hash), or nil when it names none.
    static func commit(_ word: String, in folder: String) -> String? {
        guard !word.hasPrefix("-"), let hash = try? run(["rev-parse", "--verify", "--quiet", word + "^{commit}"], in: folder).get() else { return nil }
        return String(decoding: hash, as: UTF8.self).trimmingLineBreak
    }

    /// The files (relative to the top folder) that differ between `old` and `new` (nil: the
    /// work tree, with its untracked files), each as its path in the old version and in the
    /// new (the same but for a rename).
    static func changedFiles(_ old: String, _ new: String?, in top: String) -> Result<[(old: String, new: String)], Failure> {
        let diff = run(["diff", "--name-status", "-z", "-M", old] + (new.map { [$0] } ?? []) + ["--"], in: top)
        return diff.flatMap { listed in
            // `M\0path\0`, `R100\0old\0new\0`, `C75\0from\0to\0`.
            var files: [(old: String, new: String)] = []
            var words = split(listed)[...]
            while let status = words.popFirst() {
                guard let first = words.popFirst() else { break }
                if status.hasPrefix("R") || status.hasPrefix("C"), let second = words.popFirst() {
                    files.append((status.hasPrefix("R") ? first : second, second))
                } else {
                    files.append((first, first))
                }
            }
            if new == nil {
                switch run(["ls-files", "--others", "--exclude-standard", "-z"], in: top) {
                case .success(let untracked): files += split(untracked).map { ($0, $0) }
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success(files)
        }
    }

    /// The `.trellis` files of a revision (nil: the work tree's, tracked and untracked).
    static func trellisFiles(at revision: String?, in top: String) -> [String] {
        let listed: Result<[UInt8], Failure> =
            revision.map { run(["ls-tree", "-r", "-z", "--name-only", $0], in: top) }
            ?? run(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: top)
        return ((try? listed.get()).map(split) ?? []).filter { $0.hasSuffix(".trellis") }
    }

    /// A file's bytes at a revision; nil when the revision has no such file.
    static func show(_ path: String, at revision: String, in top: String) -> [UInt8]? {
        try? run(["show", "\(revision):\(path)"], in: top).get()
    }

    /// Many files at a revision, read by one `git cat-file --batch` (one process, not one per
    /// file): the paths asked (a path with a line break cannot be: it is read alone, later)
    /// and each one's bytes, none for a path the revision does not have. The questions go
    /// through an unnamed temporary file, so git never waits on a pipe this process is not
    /// reading. Nil when git fails (callers read each file with ``show(_:at:in:)`` then).
    static func showAll(_ paths: [String], at revision: String, in top: String) -> (asked: Set<String>, found: [String: [UInt8]])? {
        let asked = paths.filter { !$0.contains("\n") && !$0.contains("\r") }
        guard !asked.isEmpty else { return ([], [:]) }
        let folder = Files.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array(Files.join(folder, "trellis-git-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return nil }
        // Unnamed at once: nothing is left behind, whatever happens next.
        unlink(template)
        defer { close(descriptor) }
        let questions = Array(asked.map { "\(revision):\($0)\n" }.joined().utf8)
        guard FileWriting.writeAll(questions, to: descriptor), lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
        guard case .success(let answers) = run(["cat-file", "--batch"], in: top, input: descriptor) else { return nil }
        return (Set(asked), parseBatch(answers, asked: asked))
    }

    /// `git cat-file --batch`'s answers, in the order asked: `OID TYPE SIZE\n` then SIZE bytes
    /// and a line break, or `NAME missing\n` (`ambiguous` too).
    static func parseBatch(_ answers: [UInt8], asked: [String]) -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        var position = 0
        for path in asked {
            guard let end = answers[position...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = answers[position..<end].split(separator: UInt8(ascii: " "))
            position = end + 1
            // The content and the line break after it are all there (else the answers end here).
            guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)), size >= 0 else { continue }
            guard position + size < answers.count else { break }
            if header[1].elementsEqual("blob".utf8) { found[path] = Array(answers[position..<(position + size)]) }
            position += size + 1
        }
        return found
    }

    static func split(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension String {
    /// Without the line break at its end.
    fileprivate var trimmingLineBreak: String {
        var text = self
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }
}
