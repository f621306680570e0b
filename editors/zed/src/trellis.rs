//! The Trellis extension's code: starts `trellis-lsp` for Trellis and JSON files, from the
//! `lsp.trellis-lsp.binary.path` setting or else the worktree's PATH, and hands the server its
//! settings: `lsp.trellis-lsp.initialization_options` at start and `lsp.trellis-lsp.settings`
//! (`viewports`, `target`, `rtl`, `diagnosticsBaseURL`, as docs/lsp.md lists them) whenever
//! they change.
use zed_extension_api::{self as zed, serde_json, settings::LspSettings, LanguageServerId, Result};

const SERVER_NAME: &str = "trellis-lsp";

struct TrellisExtension;

impl zed::Extension for TrellisExtension {
    fn new() -> Self {
        TrellisExtension
    }

    fn language_server_command(&mut self, _id: &LanguageServerId, worktree: &zed::Worktree) -> Result<zed::Command> {
        let binary = LspSettings::for_worktree(SERVER_NAME, worktree).ok().and_then(|settings| settings.binary);
        let configured = binary.as_ref().and_then(|binary| binary.path.clone());
        let args = binary.and_then(|binary| binary.arguments).unwrap_or_default();
        let command = configured.or_else(|| worktree.which(SERVER_NAME)).ok_or_else(|| {
            "trellis-lsp is not on PATH: build it with `swift build -c release --product trellis-lsp`, \
             or set lsp.trellis-lsp.binary.path"
                .to_string()
        })?;
        Ok(zed::Command { command, args, env: Default::default() })
    }

    fn language_server_initialization_options(
        &mut self,
        _id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<serde_json::Value>> {
        Ok(LspSettings::for_worktree(SERVER_NAME, worktree).ok().and_then(|settings| settings.initialization_options))
    }

    fn language_server_workspace_configuration(
        &mut self,
        _id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<Option<serde_json::Value>> {
        Ok(LspSettings::for_worktree(SERVER_NAME, worktree).ok().and_then(|settings| settings.settings))
    }
}

zed::register_extension!(TrellisExtension);
