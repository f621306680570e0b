import TrellisLSP

ServerCommandLine.runAndExit(Array(CommandLine.arguments.dropFirst()))
