import TrellisLSP

LanguageServer.runAndExit()
