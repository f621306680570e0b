"""What both suites' clients do when the server registers a capability."""
from lsprotocol import types
from pytest_lsp import LanguageClient


def accept_registrations(lsp_client: LanguageClient):
    """Answers `client/registerCapability` as a client that declares dynamic registration
    must, and keeps what was registered."""
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)
        return None
