import Foundation

exit(Trellis.run(Array(CommandLine.arguments.dropFirst())))
