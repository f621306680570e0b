//! Starts `trellis-lsp` from the worktree's PATH for Trellis files.
use zed_extension_api::{self as zed, LanguageServerId, Result};

struct TrellisExtension;

impl zed::Extension for TrellisExtension {
    fn new() -> Self {
        TrellisExtension
    }

    fn language_server_command(&mut self, _id: &LanguageServerId, worktree: &zed::Worktree) -> Result<zed::Command> {
        let command = worktree
            .which("trellis-lsp")
            .ok_or_else(|| "trellis-lsp is not on PATH: build it with `swift build -c release --product trellis-lsp`".to_string())?;
        Ok(zed::Command { command, args: vec![], env: Default::default() })
    }
}

zed::register_extension!(TrellisExtension);
