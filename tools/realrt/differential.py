#!/usr/bin/env python3
"""`trellis frames` against MyLayout's own code (realrt), on the runtime corpus and on fresh
random cases (generate.py; in half of them some views give themselves a size: realrt's
--sized, trellis's --content): every grid's frame and slot, every view MyLayout places (one
Trellis does not report is a difference), the layout's size, passes and settling, within 0.001. Dialect-1 cases run on the MyLayout 1.9.10
build, dialect-2 cases on the 2.0.0 build. Exits 1 on any difference or error.

    python3 tools/realrt/differential.py --build BUILD --trellis .build/debug/trellis \\
        [--corpus ../shared/corpus/runtime] [--generated 1000 --seed 1] [--show 5]
    python3 tools/realrt/differential.py --build BUILD --trellis T --write-fixtures DIR --generated 60

One generated case in ten is laid out one fresh pass (`--single-pass`); --single-pass-corpus DIR
lays out a corpus's inputs that way too.
--write-fixtures writes each generated (and single-pass corpus) case, its flags and realrt's
frames to DIR (the golden files `swift test` compares with where realrt cannot be built).
--render also draws each case with `trellis render` and checks every line it draws against
the area MyLayout paints (compare.borderline_vs_render): no line missing, moved or extra.
--target-any also imports each generated case and writes it back with `trellis build --target
any` (`space` and `spacing` both), and checks that both MyLayout builds lay it out as Trellis
laid out the case.
"""
import argparse, json, os, random, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compare  # noqa: E402  (the harness's comparison)
import generate  # noqa: E402


def run(command):
    process = subprocess.run(command, capture_output=True, text=True, timeout=120)
    try:
        return json.loads(process.stdout), None
    except ValueError:
        return None, "%s: exit %d: %s" % (" ".join(command), process.returncode, (process.stderr or process.stdout)[:300])


def realrt(build, path, flags):
    target = flags[flags.index("--target") + 1] if "--target" in flags else "2"
    binary = os.path.join(build, "realrt-frames-1.9.10" if target == "1" else "realrt-frames-2.0.0")
    return run([binary, path, "--name", os.path.splitext(os.path.basename(path))[0]] + flags)


def omitted_views(reference, trellis):
    """Views MyLayout places that Trellis does not report (issue #29, item 3)."""
    mine = {grid["path"]: grid for grid in compare.vp_of(trellis)["grids"]}
    return sum(1 for grid in compare.vp_of(reference)["grids"] if "view" in grid and "view" not in mine.get(grid["path"], {}))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", required=True, help="realrt's build folder (build.sh OUT)")
    parser.add_argument("--trellis", required=True)
    parser.add_argument("--corpus", help="a corpus with expected frames (corpus/runtime)")
    parser.add_argument("--generated", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=5)
    parser.add_argument("--write-fixtures", help="write generated cases with realrt's frames here")
    parser.add_argument("--target-any", action="store_true", help="also check JSON written with --target any on both builds")
    parser.add_argument("--single-pass-corpus", help="a corpus whose inputs are also laid out one fresh pass "
                        "(--single-pass; its expected files are not read)")
    parser.add_argument("--render", action="store_true",
                        help="also check that `trellis render` draws each borderline where MyLayout paints it")
    args = parser.parse_args()

    cases = []
    if args.corpus:
        manifest = json.load(open(os.path.join(args.corpus, "manifest.json")))
        for case in manifest["cases"]:
            cases.append((os.path.join(args.corpus, case["input"]), case["flags"], os.path.join(args.corpus, case["expected"])))
    if args.single_pass_corpus:
        manifest = json.load(open(os.path.join(args.single_pass_corpus, "manifest.json")))
        for case in manifest["cases"]:
            cases.append((os.path.join(args.single_pass_corpus, case["input"]), case["flags"] + ["--single-pass"], None))
    work = tempfile.mkdtemp(prefix="differential-")
    if args.generated:
        rng = random.Random(args.seed)
        # One fresh case in ten is laid out one pass only (`--single-pass`: no settling).
        single = random.Random(args.seed + 2)
        for index in range(args.generated):
            root, flags = generate.case(rng)
            if single.random() < 0.1:
                flags = [flag for at, flag in enumerate(flags) if flag != "--relayout" and (at == 0 or flags[at - 1] != "--relayout")]
                flags.append("--single-pass")
            path = os.path.join(work, "gen_%04d.json" % index)
            with open(path, "w") as handle:
                json.dump(root, handle, indent=1)
            cases.append((path, flags, None))

    sizes = random.Random(args.seed + 1)
    stats = {"cases": 0, "agree": 0, "differ": 0, "errors": 0, "harness_differs": 0, "views_compared": 0, "views_omitted": 0,
             "borderlines_compared": 0}
    if args.target_any: stats["any_agree"] = 0
    if args.render: stats.update(borderlines_drawn=0, render_differs=0)
    shown = 0
    fixtures = []
    for path, flags, expected in cases:
        stats["cases"] += 1
        clean = os.path.join(work, "clean-" + os.path.basename(path))
        with open(clean, "w") as handle:
            handle.write(compare.strip_trailing_commas(open(path, encoding="utf-8").read()))
        # Half the cases without expected frames (fresh ones, and a single-pass corpus's)
        # give some views sizes of their own (realrt: myWidth and myHeight; trellis:
        # --content, what content(WxH) says): they land as gravity says.
        sized = ""
        if expected is None and sizes.random() < 0.5:
            sized = ",".join("%d=%dx%d" % (slot, sizes.choice([8, 30, 44, 120]), sizes.choice([10, 20, 61]))
                             for slot in sorted(sizes.sample(range(40), 15)))
        reference, error = realrt(args.build, clean, flags + (["--sized", sized] if sized else []))
        if reference is None:
            stats["errors"] += 1
            print("ERROR realrt %s" % error)
            continue
        if expected and compare.diff(json.load(open(expected)), reference, True, True):
            stats["harness_differs"] += 1
            print("HARNESS %s %s: realrt no longer gives the corpus's frames" % (os.path.basename(path), " ".join(flags)))
        trellis, error = run([args.trellis, "frames", path, "--format", "json"] + flags + (["--content", sized] if sized else []))
        if trellis is None:
            stats["errors"] += 1
            print("ERROR trellis %s" % error)
            continue
        differences = compare.diff(trellis, reference, True, True)
        stats["views_compared"] += sum(1 for grid in compare.vp_of(trellis)["grids"] if "view" in grid)
        stats["views_omitted"] += omitted_views(reference, trellis)
        stats["borderlines_compared"] += sum(len(grid.get("borderlines", [])) for grid in compare.vp_of(trellis)["grids"])
        if differences:
            stats["differ"] += 1
            if shown < args.show:
                shown += 1
                print("DIFFERENT %s %s%s (ref = trellis, got = MyLayout)\n  %s\n  input: %s" % (
                    os.path.basename(path), " ".join(flags), " --content " + sized if sized else "", "\n  ".join(differences[:6]), path))
        else:
            stats["agree"] += 1
        if args.render:
            svg = subprocess.run([args.trellis, "render", path] + flags + (["--content", sized] if sized else []),
                                 capture_output=True, text=True, timeout=120).stdout
            wrong = [(kind, detail) for kind, detail in compare.borderline_vs_render(reference, svg)
                     if kind not in ("same", "never, trellis none")]
            stats["borderlines_drawn"] += sum(len(grid.get("borderlines", [])) for grid in compare.vp_of(reference)["grids"])
            if wrong:
                stats["render_differs"] += 1
                if shown < args.show:
                    shown += 1
                    print("RENDER %s %s\n  %s\n  input: %s" % (os.path.basename(path), " ".join(flags),
                                                              "\n  ".join("%s: %s" % item for item in wrong[:4]), path))
        if args.write_fixtures and expected is None:
            fixtures.append((path, flags + (["--content", sized] if sized else []), reference))
        if args.target_any and expected is None:
            written = path + ".any.json"
            # Through the language: imported for the case's runtime, then built for every one.
            imported = subprocess.run([args.trellis, "import", path, "-o", path + ".trellis"] + flags[flags.index("--target"):flags.index("--target") + 2],
                                      capture_output=True, text=True, timeout=120)
            build = imported if imported.returncode != 0 else subprocess.run(
                [args.trellis, "build", path + ".trellis", "--target", "any", "-o", written], capture_output=True, text=True, timeout=120)
            if build.returncode != 0:
                stats["errors"] += 1
                print("ERROR trellis build --target any: %s" % build.stderr[:300])
                continue
            plain = [flag for index, flag in enumerate(flags) if flag != "--target" and (index == 0 or flags[index - 1] != "--target")]
            agree = True
            for binary, target in (("realrt-frames-1.9.10", "1"), ("realrt-frames-2.0.0", "2")):
                got, error = run([os.path.join(args.build, binary), written, "--name", os.path.splitext(os.path.basename(path))[0], "--target", target]
                                 + plain + (["--sized", sized] if sized else []))
                problems = [error] if got is None else compare.diff(trellis, got, True, True)
                if problems:
                    agree = False
                    stats["differ"] += 1
                    if shown < args.show:
                        shown += 1
                        print("DIFFERENT --target any on %s: %s\n  %s\n  input: %s" % (binary, " ".join(flags), "\n  ".join(problems[:6]), written))
            if agree: stats["any_agree"] += 1
    if args.write_fixtures:
        os.makedirs(args.write_fixtures, exist_ok=True)
        manifest = []
        for index, (path, flags, reference) in enumerate(fixtures):
            name = "case_%04d" % index
            with open(os.path.join(args.write_fixtures, name + ".json"), "w") as handle:
                handle.write(open(path).read())
            with open(os.path.join(args.write_fixtures, name + ".expected.json"), "w") as handle:
                json.dump(reference, handle, indent=1, sort_keys=True)
            manifest.append({"input": name + ".json", "expected": name + ".expected.json", "flags": flags})
        with open(os.path.join(args.write_fixtures, "manifest.json"), "w") as handle:
            command = "--generated %d --seed %d" % (args.generated, args.seed)
            if args.single_pass_corpus:
                command += " --single-pass-corpus ../shared/corpus/" + os.path.basename(os.path.normpath(args.single_pass_corpus))
            json.dump({"generator": "tools/realrt/differential.py %s: MyLayout's own code (realrt)" % command,
                       "cases": manifest}, handle, indent=1)
    print(json.dumps(stats))
    clean = all(stats.get(key, 0) == 0 for key in ("differ", "errors", "harness_differs", "views_omitted", "render_differs"))
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
