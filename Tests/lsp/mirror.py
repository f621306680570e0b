"""The client's copy of a document, edited as the server edits its own (docs/lsp.md,
"positions"): a line past the last is the end, a column past a line's end is the line's end,
and a column inside a character is the character's start."""


def offset(text: str, line: int, character: int, encoding: str) -> int:
    """The index in `text` (code points) of an LSP position in `encoding` ("utf-8" or "utf-16")."""
    lines = text.split("\n")
    if line >= len(lines):
        return len(text)
    start = sum(len(before) + 1 for before in lines[:line])
    units = 0
    for index, char in enumerate(lines[line]):
        width = len(char.encode("utf-8")) if encoding == "utf-8" else len(char.encode("utf-16-le")) // 2
        if units + width > character:
            return start + index
        units += width
    return start + len(lines[line])


def edit(text: str, start: tuple, end: tuple, new_text: str, encoding: str) -> str:
    """`text` after an incremental change from `start` to `end` (line, character)."""
    lower = offset(text, *start, encoding)
    upper = max(lower, offset(text, *end, encoding))
    return text[:lower] + new_text + text[upper:]
