#!/usr/bin/env python3
"""Random grid dictionaries and `frames` flags for the differential test against MyLayout's own
code (differential.py): trees up to 5 deep of rows and cols with every size kind (points,
ratios, percentages, negative ones, fill, wrap, 0), padding, spacing in either dialect,
gravity, overlap, anchors, placeholders, tags and borderlines (and rows of bordered cards whose
lines a wrap height leaves stale); viewports fixed or wrap, at @2x
or @3x, left to right or right to left, with relayouts. Seeded: the same seed gives the same
cases.

    python3 tools/realrt/generate.py --seed 1 --count 5 --out DIR   # DIR/case_NNNN.json + manifest.json
"""
import argparse, json, os, random

GRAVITY_H = ["left", "right", "centerX", "leading", "trailing", "width"]
GRAVITY_V = ["top", "bottom", "centerY", "height"]
COLORS = ["#CCCCCC", "#FF0000", "#80112233", "#EEEEEE"]


def size(rng):
    kind = rng.random()
    if kind < 0.25: return rng.choice([10, 20, 33.5, 44, 61, 89, 131, 140, 0, 15.294, 8.931])
    if kind < 0.40: return rng.choice(["wrap", "fill"])
    if kind < 0.55: return rng.choice(["25%", "30%", "10%", "100%", "50%", "33.3%"])
    if kind < 0.65: return rng.choice(["-5%", "-12.5%", "-40%", "-75%", "-10%"])
    if kind < 0.80: return rng.choice([0.5, 0.4, 0.6, 0.25, 1, 0.3333])
    if kind < 0.88: return rng.choice([-0.3333, -0.5, -0.25])
    return rng.choice(["fill", 12, "wrap"])


def borderline(rng):
    line = {"color": rng.choice(COLORS), "thick": rng.choice([1, 2, 0.5, 3])}
    if rng.random() < 0.3: line["dash"] = rng.choice([2, 3])
    if rng.random() < 0.3: line["head"] = rng.choice([0, 5, 10])
    if rng.random() < 0.3: line["tail"] = rng.choice([0, 5, 10])
    if rng.random() < 0.2: line["offset"] = rng.choice([0, 1, 2])
    return line


def grid(rng, dialect, depth, tag):
    value = {"size": size(rng)}
    if rng.random() < 0.3:
        value["padding"] = "{%s,%s,%s,%s}" % tuple(rng.choice([0, 3, 5, 7.5, 8, 10, 12]) for _ in range(4))
    if rng.random() < 0.15:
        value["gravity"] = "|".join(rng.sample([rng.choice(GRAVITY_H), rng.choice(GRAVITY_V)], rng.randint(1, 2)))
    if rng.random() < 0.08:
        value["overlap"] = rng.choice(GRAVITY_H + GRAVITY_V)
    if rng.random() < 0.1: value["placeholder"] = True
    if rng.random() < 0.15: value["tag"] = 1000 + tag[0] % 10; tag[0] += 1
    if rng.random() < 0.15: value[rng.choice(["top", "bottom", "left", "right"]) + "-borderline"] = borderline(rng)
    if depth < 5 and rng.random() < (0.7 if depth == 0 else 0.4):
        value[rng.choice(["rows", "cols"])] = [grid(rng, dialect, depth + 1, tag) for _ in range(rng.randint(1, 5))]
        if rng.random() < 0.3: value["space" if dialect == 1 else "spacing"] = rng.choice([0, 3, 5, 8])
        if rng.random() < 0.1: value["anchor"] = True
    return value


def card_row(rng):
    """A row of two cards with borderlines, as MyLayout's demo 4 has them: in a wrap-height
    layout the first pass gives a fill row a negative height and the last gives it none, so
    the cards' lines stay where the first pass put them (`stale`)."""
    def card(edges):
        value = {"size": rng.choice(["50%", 0.5, "fill"]), "rows": [{"size": "fill"}, {"size": rng.choice(["wrap", 20])}]}
        for edge in edges: value[edge + "-borderline"] = borderline(rng)
        return value
    return {"size": rng.choice(["fill", "fill", "-50%"]), "cols": [card(["bottom", "right"]), card(rng.sample(["top", "left", "bottom"], 2))]}


def case(rng):
    dialect = rng.choice([1, 2])
    root = grid(rng, dialect, 0, [0])
    root.pop("size", None)
    if "rows" not in root and "cols" not in root:
        root["rows"] = [grid(rng, dialect, 1, [0]) for _ in range(rng.randint(1, 4))]
    if "rows" in root and rng.random() < 0.25:
        root["rows"].insert(rng.randint(0, len(root["rows"])), card_row(rng))
    width = rng.choice([300, 320, 375, 390, 414, 768])
    height = rng.choice(["wrap", "wrap", 300, 667, 852, 896])
    flags = ["--viewport", "%dx%s@%dx" % (width, height, rng.choice([2, 3])), "--target", str(dialect)]
    if rng.random() < 0.35: flags.append("--rtl")
    if rng.random() < 0.35: flags += ["--relayout", str(rng.randint(1, 2))]
    return root, flags


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    cases = []
    for index in range(args.count):
        root, flags = case(rng)
        name = "case_%04d.json" % index
        with open(os.path.join(args.out, name), "w") as handle:
            json.dump(root, handle, indent=1)
        cases.append({"input": name, "flags": flags})
    with open(os.path.join(args.out, "manifest.json"), "w") as handle:
        json.dump({"seed": args.seed, "cases": cases}, handle, indent=1)


if __name__ == "__main__":
    main()
