#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `peak-memory COMMAND ARGUMENT…`: runs the command (its output to /dev/null) and prints its
// peak resident memory in KiB; exits 1 when it could not run or failed.
//
// Linux counts in a child's peak the memory of the process that started it, up to the moment
// the child executes its command, so the process that starts a measured command must be
// small. This one uses the standard library only, linked in: it holds about 3.6 MiB, less
// than `trellis check` of any file (5.7 MiB; trellis-bench, which starts it, holds 16).
// (`-static-executable` would give 1.4 MiB, but its link warns on every `swift build`.)

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: peak-memory COMMAND [ARGUMENT…]")
    exit(2)
}
var actions = posix_spawn_file_actions_t()
posix_spawn_file_actions_init(&actions)
posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
let argv: [UnsafeMutablePointer<CChar>?] = arguments.dropFirst().map { strdup($0) } + [nil]
var pid: pid_t = 0
guard posix_spawn(&pid, arguments[1], &actions, nil, argv, environ) == 0 else { exit(1) }
var status: Int32 = 0
var usage = rusage()
guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { exit(1) }
#if os(macOS)
    print(usage.ru_maxrss / 1024)  // bytes there
#else
    print(usage.ru_maxrss)
#endif
