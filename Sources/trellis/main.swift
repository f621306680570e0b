import TrellisModel

Streams.ignoreBrokenPipes()
LargeStack.runAndExit {
    Streams.finish(Trellis.run(Array(CommandLine.arguments.dropFirst())))
}
