"""Waiting for published diagnostics without a race. pytest-lsp wakes a notification waiter
before its own handler stores the notification's diagnostics, so a test that wakes on the
notification can read the old ones and then wait for one that never comes. These helpers
look at what the client has stored instead."""
import asyncio

from pytest_lsp import LanguageClient


async def diagnostics_of(client: LanguageClient, uri: str, predicate=lambda diagnostics: True, seconds: float = 30.0):
    """Waits until the diagnostics stored for `uri` satisfy `predicate`, and returns them."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while True:
        if uri in client.diagnostics and predicate(client.diagnostics[uri]):
            return client.diagnostics[uri]
        if loop.time() > deadline:
            raise AssertionError(f"{uri}: {client.diagnostics.get(uri)}")
        await asyncio.sleep(0.01)


def forget(client: LanguageClient, uri: str):
    """Drops what was published for `uri`, so that the next wait sees a new publication."""
    client.diagnostics.pop(uri, None)
