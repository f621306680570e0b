#!/usr/bin/env python3
"""Writes the documents the language-server benchmark opens (Benchmarks/README.md):

  big.trellis      one layout of 10,000 rows `20 padding(N) // row N` and a fill (10,004 lines)
  big.grid.json    the same kind of rows as a grid dictionary, with a borderline each:
                   9,000 rows and a fill (72,007 lines, 1.2 MB)
  10k.grid.json    the same grid dictionary with 1,249 rows (9,999 lines, 180 KB)

Usage: make-lsp-inputs.py [DIRECTORY]   (default: the current directory)
"""
import pathlib
import sys


def trellis(rows):
    body = "".join(f"  20 padding({i % 9}) // row {i}\n" for i in range(rows))
    return f"layout big rows {{\n{body}  fill\n}}\n"


def grid_json(rows):
    row = ('    {{\n      "size": 20,\n      "padding": "{{{n},0,0,0}}",\n      "top-borderline": {{\n'
           '        "color": "#EEEEEE",\n        "thick": 1\n      }}\n    }}')
    items = [row.format(n=i % 9) for i in range(rows)] + ['    {\n      "size": "fill"\n    }']
    return '{\n  "rows": [\n' + ",\n".join(items) + "\n  ]\n}"


def main():
    directory = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in [("big.trellis", trellis(10_000)), ("big.grid.json", grid_json(9_000)),
                       ("10k.grid.json", grid_json(1_249))]:
        (directory / name).write_text(text, encoding="utf-8")
        print(f"{directory / name}: {text.count(chr(10)) + 1} lines, {len(text.encode())} bytes")


if __name__ == "__main__":
    main()
