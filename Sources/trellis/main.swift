import TrellisModel
import TrellisPlatform

Streams.ignoreBrokenPipes()
// `trellis lsp` sets the allocator up as `trellis-lsp` does, before any thread starts (a
// thread that allocates first keeps memory a closed document freed); the other commands keep
// the allocator's defaults, which their peak memory is measured with.
if CommandLine.arguments.dropFirst().first == "lsp" { ProcessMemory.keepFreedMemory() }
LargeStack.runAndExit {
    Streams.finish(Trellis.run(Array(CommandLine.arguments.dropFirst())))
}
