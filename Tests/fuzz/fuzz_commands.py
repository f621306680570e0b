#!/usr/bin/env python3
"""Fuzz every trellis command as a whole process, for a given time.

Inputs are drawn from the examples (mutated: bytes flipped, inserted, deleted, spliced,
duplicated; lines shuffled; deep nesting; long names; Chinese text and emoji; invalid UTF-8;
other encodings) and from generated Trellis programs and grid dictionaries. Each input goes
through every command; a run fails when a command crashes (a signal, or an exit code other
than 0, 1 or 2), hangs past the time limit, prints JSON that does not parse where it promises
JSON, or when `fmt` changes what a file builds to or is not idempotent.

    python3 Tests/fuzz/fuzz_commands.py --trellis .build/release/trellis --minutes 30

Exits 1 on any failure, after printing a reproducer for each (saved in --keep DIR).
"""
import argparse, json, os, random, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SHOP_CARDS = open(os.path.join(ROOT, "examples", "shop", "cards.trellis"), "rb").read()

def seeds():
    found = []
    for folder, _, names in os.walk(os.path.join(ROOT, "examples")):
        for name in names:
            if name.endswith((".trellis", ".json")):
                with open(os.path.join(folder, name), "rb") as handle:
                    found.append((name, handle.read()))
    return found

SIZES = ["10", "33%", "-50%", "1/3", "fill", "wrap", "0", "_", "20.5", "150%", "-1", "0.5", "1e308", "3/2", "-0", "1/0"]
ATTRIBUTES = ["padding(5)", "padding(1 2 3 4)", "spacing(3)", "gravity(top|left)", "overlap(bottom|left)", "anchor",
              "placeholder", "tag(7)", "action(handleTap:)", "action-data(\"数据\")", "bottom-borderline(color #EEEEEE thick 1)",
              "json({\"x-a\": [1, 2]})", "content(10x20)", "json({\"size\": \"20\"})", "tag(99999999999999999999)"]

def program(rng, depth=0):
    parts = []
    if rng.random() < 0.8: parts.append(rng.choice(SIZES))
    for _ in range(rng.randint(0, 2)): parts.append(rng.choice(ATTRIBUTES))
    if depth < 4 and rng.random() < 0.5:
        children = [program(rng, depth + 1) for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.5:
            parts.append(rng.choice(["rows", "cols"]) + " " + " | ".join(children))
        else:
            parts.append(rng.choice(["rows", "cols"]) + " {\n" + "\n".join("  " * (depth + 1) + c for c in children) + "\n" + "  " * depth + "}")
    if depth > 0 and rng.random() < 0.1: parts.append("* %d" % rng.randint(1, 4))
    return " ".join(parts) or "fill"

def grid(rng, depth=0):
    value = {}
    if rng.random() < 0.8: value["size"] = rng.choice([10, "33%", "-50%", "fill", "wrap", 0.5, -2, "150%", "20", None, True, [1]])
    for key, values in [("padding", ["{1,2,3,4}", "{5t ,5,5,5}", 5]), ("space", [3, "3"]), ("spacing", [3, -1]),
                        ("gravity", ["top|left", "middle", 3]), ("tag", [7, 0, "7", 1e300]), ("overlap", ["bottom", ""]),
                        ("x-note", ["注释 😀", {"a": [1]}])]:
        if rng.random() < 0.2: value[key] = rng.choice(values)
    if depth < 4 and rng.random() < 0.5:
        value[rng.choice(["rows", "cols"])] = [grid(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return value

def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        choice = rng.randrange(8)
        position = rng.randint(0, len(data))
        if choice == 0 and data:
            data[min(position, len(data) - 1)] = rng.randrange(256)
        elif choice == 1:
            data[position:position] = rng.choice([b"{", b"}", b"(", b")", b"|", b"*", b"\n", b"  ", b"\"", b"\\", b"//", b"\xff", b"\xe4\xb8\xad", b"\xf0\x9f\x98\x80", b"-", b"%", b"#", b"\x00", b"rows ", b"cols ", b"\t"])
        elif choice == 2 and data:
            del data[position:position + rng.randint(1, 20)]
        elif choice == 3 and data:
            start = rng.randint(0, len(data) - 1)
            data[position:position] = data[start:start + rng.randint(1, 200)]
        elif choice == 4:
            lines = bytes(data).split(b"\n")
            rng.shuffle(lines)
            data = bytearray(b"\n".join(lines))
        elif choice == 5:
            data[position:position] = b"rows " + b"fill cols " * rng.randint(1, 300) + b"fill "
        elif choice == 6:
            data[position:position] = b"{\"rows\":[" * rng.randint(1, 600)
        else:
            data[position:position] = ("name" + "é-1" * rng.randint(1, 50)).encode()
    return bytes(data)

def encode(rng, data):
    if rng.random() < 0.05:
        try:
            return data.decode("utf-8").encode(rng.choice(["utf-16", "utf-16-be", "utf-32-le"]))
        except UnicodeDecodeError:
            pass
    return data

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--trellis", default=os.path.join(ROOT, ".build", "release", "trellis"))
    parser.add_argument("--minutes", type=float, default=1)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--keep", default=os.path.join(tempfile.gettempdir(), "trellis-fuzz-failures"))
    args = parser.parse_args()
    args.trellis = os.path.abspath(args.trellis)
    rng = random.Random(args.seed)
    corpus = seeds()
    work = tempfile.mkdtemp(prefix="trellis-fuzz-")
    deadline = time.time() + args.minutes * 60
    runs, inputs, failures = 0, 0, []
    counts = {}

    def run(command, stdin=None, cwd=work):
        nonlocal runs
        runs += 1
        counts[command[0]] = counts.get(command[0], 0) + 1
        try:
            done = subprocess.run([args.trellis] + command, input=stdin, capture_output=True, timeout=args.timeout, cwd=cwd)
        except subprocess.TimeoutExpired:
            return None
        return done

    def fail(kind, command, data, detail=""):
        os.makedirs(args.keep, exist_ok=True)
        path = os.path.join(args.keep, "case-%d-%d.bin" % (args.seed, len(failures)))
        with open(path, "wb") as handle:
            handle.write(data)
        failures.append("%s: trellis %s < %s %s" % (kind, " ".join(command), path, detail[:300]))
        print(failures[-1], flush=True)

    while time.time() < deadline:
        inputs += 1
        kind = rng.random()
        if kind < 0.45 and corpus:
            name, data = rng.choice(corpus)
            data = mutate(rng, data)
            suffix = ".json" if name.endswith(".json") else ".trellis"
        elif kind < 0.7:
            data = ("layout l " + program(rng) + "\n").encode()
            if rng.random() < 0.5: data = mutate(rng, data)
            suffix = ".trellis"
        else:
            data = json.dumps(grid(rng), ensure_ascii=rng.random() < 0.5).encode()
            if rng.random() < 0.5: data = mutate(rng, data)
            suffix = ".json"
        if suffix == ".trellis" and rng.random() < 0.3:
            # A shared file beside the input (the shop's cards, clean or mutated, now and then
            # using the input back: a cycle), and the input using it.
            cards = SHOP_CARDS if rng.random() < 0.5 else mutate(rng, SHOP_CARDS)
            if rng.random() < 0.1: cards = b'use "input.trellis"\n' + cards
            with open(os.path.join(work, "cards.trellis"), "wb") as handle:
                handle.write(cards)
            data = data.replace(b"../cards.trellis", b"cards.trellis")
            if b"use " not in data:
                data = b'use "cards.trellis"\n' + data + b"\nlayout shared rows product | banner * 2 | badge\n"
        data = encode(rng, data)
        path = os.path.join(work, "input" + suffix)
        with open(path, "wb") as handle:
            handle.write(data)
        commands = [["check", path], ["check", path, "--format", "json"], ["check", path, "--format", "sarif"],
                    ["check", path, "--format", "github"], ["frames", path, "--format", "json"],
                    ["frames", path, "--viewport", "320xwrap@3x", "--rtl"], ["render", path, "-o", os.path.join(work, "out.svg")],
                    ["build", path, "--out-dir", os.path.join(work, "out")]]
        commands += [["fmt", "--check", path], ["fmt", "--diff", path]] if suffix == ".trellis" else [["import", path]]
        commands += [["diff", path, path], ["diff", path, path, "--format", "json"]]
        # Against the previous input of its kind: real changes, in every format.
        previous = os.path.join(work, "previous" + suffix)
        if os.path.exists(previous):
            commands += [["diff", previous, path, "--format", form] for form in ("text", "json", "github", "html")]
        for command in commands:
            done = run(command)
            if done is None:
                fail("hang", command, data)
                continue
            if done.returncode not in (0, 1, 2):
                fail("crash (exit %d)" % done.returncode, command, data, done.stderr.decode("utf-8", "replace")[-300:])
                continue
            # `frames` prints nothing when there is no layout to show (exit 1, said on stderr).
            promised = command[0] == "check" or done.stdout.strip() != b""
            # A file compared with itself: no change, or (with errors, or no grid dictionary) exit 2.
            if command[0] == "diff" and command[1] == path and done.returncode == 1:
                fail("diff of a file with itself found changes", command, data, done.stdout.decode("utf-8", "replace")[:300])
            if ("json" in command or "sarif" in command) and command[0] in ("check", "frames", "diff") and promised and done.returncode != 2:
                try:
                    json.loads(done.stdout)
                except ValueError as error:
                    fail("bad JSON", command, data, str(error))
        shutil.copyfile(path, previous)
        if suffix == ".trellis":
            copy = os.path.join(work, "copy.trellis")
            shutil.copyfile(path, copy)
            original = os.path.join(work, "original.trellis")
            shutil.copyfile(path, original)
            before = run(["build", copy, "--out-dir", os.path.join(work, "before")])
            formatted = run(["fmt", copy])
            if formatted is None or before is None:
                fail("hang", ["fmt", copy], data)
                continue
            if formatted.returncode == 0:
                with open(copy, "rb") as handle:
                    once = handle.read()
                again = run(["fmt", "-"], stdin=once)
                if again is not None and again.returncode == 0 and again.stdout != once:
                    fail("fmt not idempotent", ["fmt", "-"], data)
                after = run(["build", copy, "--out-dir", os.path.join(work, "after")])
                # Formatting never changes the screen.
                compared = run(["diff", original, copy])
                if compared is not None and compared.returncode == 1:
                    fail("fmt changed the screen", ["diff", original, copy], data, compared.stdout.decode("utf-8", "replace")[:300])
                if after is not None and before.returncode == 0 and after.returncode == 0:
                    for name in os.listdir(os.path.join(work, "before")):
                        old = open(os.path.join(work, "before", name), "rb").read()
                        new_path = os.path.join(work, "after", name)
                        if not os.path.exists(new_path) or open(new_path, "rb").read() != old:
                            fail("fmt changed the JSON", ["fmt", copy], data, name)
            for folder in ("before", "after"):
                shutil.rmtree(os.path.join(work, folder), ignore_errors=True)
        shutil.rmtree(os.path.join(work, "out"), ignore_errors=True)

    shutil.rmtree(work, ignore_errors=True)
    print("fuzz: seed %d, %.1f minutes, %d inputs, %d command runs (%s)" % (
        args.seed, args.minutes, inputs, runs, ", ".join("%s %d" % item for item in sorted(counts.items()))))
    print("%d passed, %d failed" % (inputs - len(failures), len(failures)))
    return 1 if failures else 0

if __name__ == "__main__":
    sys.exit(main())
