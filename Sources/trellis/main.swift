import Foundation

Streams.ignoreBrokenPipes()
exit(Streams.finish(Trellis.run(Array(CommandLine.arguments.dropFirst()))))
