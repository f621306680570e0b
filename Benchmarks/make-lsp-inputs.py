#!/usr/bin/env python3
"""Writes the documents the language-server benchmark opens (Benchmarks/README.md):

  big.trellis      one layout of 10,000 rows `20 padding(N) // row N` and a fill (10,004 lines)
  big.grid.json    the same kind of rows as a grid dictionary, with a borderline each:
                   9,000 rows and a fill (72,007 lines, 1.2 MB)
  10k.grid.json    the same grid dictionary with 1,249 rows (9,999 lines, 180 KB)
  wrap.trellis     big.trellis with previews 375x667@2x and 320xwrap@3x (10,006 lines): one
                   layout, laid out again at a wrap height after every edit
  layouts.trellis  294 layouts of demo 4's home page (banner height and tags varying), its
                   templates, previews 375x667@2x and 320xwrap@3x (10,019 lines): the shape of
                   a real file, where an edit touches one layout of many

Usage: make-lsp-inputs.py [DIRECTORY]   (default: the current directory)
"""
import pathlib
import sys


def trellis(rows):
    body = "".join(f"  20 padding({i % 9}) // row {i}\n" for i in range(rows))
    return f"layout big rows {{\n{body}  fill\n}}\n"


def layouts(count):
    header = ("target mylayout 2\npreview 375x667@2x\npreview 320xwrap@3x\n\n"
              "template card {\n  50% padding(0 5 0 5) action(handleTap:)\n"
              "      bottom-borderline(color #EEEEEE thick 1 head 1 tail 1 offset 1)\n"
              "      right-borderline(color #EEEEEE thick 1 head 1 tail 1 offset 1)\n}\n\n"
              "template listing {\n  fill cols {\n    fill rows {\n      wrap\n      wrap\n"
              "      wrap padding(5)\n    }\n    fill padding(5)\n  }\n}\n\n"
              "template badge { _ padding(0 0 5 0) overlap(bottom|left) }\n")
    page = """
layout home-{i} padding(10 0 10 0) tag({tag}) rows {{
  {banner} // banner
  20
  150 tag(1001) cols {{
    fill rows {{
      fill cols 20% * 5 // first row of icons
      fill cols 20% * 5
    }}
  }}
  5
  fill cols {{
    card tag(1002) rows {{
      40 cols {{
        80 padding(5) spacing(5) anchor rows fill | fill
        fill padding(5) spacing(5) rows fill | fill
      }}
      fill spacing(5) cols fill padding(5) | fill padding(5)
      badge
    }}
    card tag(1003) rows {{
      listing
    }}
  }}
  fill cols {{
    card tag(1003) rows {{
      listing
    }}
    card tag(1003) rows {{
      listing
      badge
    }}
  }}
}}
"""
    return header + "".join(page.format(i=i, tag=1000 + i, banner=100 + i % 50) for i in range(count))


def grid_json(rows):
    row = ('    {{\n      "size": 20,\n      "padding": "{{{n},0,0,0}}",\n      "top-borderline": {{\n'
           '        "color": "#EEEEEE",\n        "thick": 1\n      }}\n    }}')
    items = [row.format(n=i % 9) for i in range(rows)] + ['    {\n      "size": "fill"\n    }']
    return '{\n  "rows": [\n' + ",\n".join(items) + "\n  ]\n}"


def main():
    directory = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in [("big.trellis", trellis(10_000)), ("big.grid.json", grid_json(9_000)),
                       ("10k.grid.json", grid_json(1_249)), ("layouts.trellis", layouts(294)),
                       ("wrap.trellis", "preview 375x667@2x\npreview 320xwrap@3x\n" + trellis(10_000))]:
        (directory / name).write_text(text, encoding="utf-8")
        print(f"{directory / name}: {text.count(chr(10)) + 1} lines, {len(text.encode())} bytes")


if __name__ == "__main__":
    main()
