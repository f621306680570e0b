#!/usr/bin/env bash
# The Node and Python packages as someone installs them, away from this repository: each is
# packed (npm pack; a wheel built by pip), installed into an empty folder, and used by its name
# to check a payload, so the module inside the package is the one that answers.
# Run after wasm/build.sh (which copies trellis.wasm into both packages).
set -euo pipefail
wasm=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
payload='{"rows": [{"size": "50%"}, {"size": "60%"}]}'

# Node: the tarball npm would publish, unpacked as node_modules/trellis-grid.
mkdir -p "$scratch/node/node_modules/trellis-grid" "$scratch/pack"
if command -v npm > /dev/null; then
    (cd "$wasm/node" && npm pack --silent --pack-destination "$scratch/pack" > /dev/null)
    tar -xzf "$scratch/pack"/trellis-grid-*.tgz -C "$scratch/node/node_modules/trellis-grid" --strip-components=1
else
    # Without npm: the files package.json lists, which is what npm packs.
    cp "$wasm/node/package.json" "$scratch/node/node_modules/trellis-grid/"
    for file in $(node -e 'console.log(require(process.argv[1]).files.join("\n"))' "$wasm/node/package.json"); do
        cp "$wasm/node/$file" "$scratch/node/node_modules/trellis-grid/"
    done
fi
test -f "$scratch/node/node_modules/trellis-grid/trellis.wasm" || { echo "packages.sh: the Node package has no trellis.wasm" >&2; exit 1; }
cat > "$scratch/node/validate.mjs" << 'EOF'
import { check } from "trellis-grid";
const result = check(process.argv[2], { name: "home.json" });
console.log(result.diagnostics.map((d) => d.code).join(" "));
EOF
node_codes=$(cd "$scratch/node" && node validate.mjs "$payload")

# Python: a wheel, installed into a folder of its own.
cp -r "$wasm/python" "$scratch/python-source"
rm -rf "$scratch/python-source/tests"
python3 -m pip wheel --quiet --disable-pip-version-check --no-deps --no-build-isolation -w "$scratch/wheel" "$scratch/python-source" > /dev/null
python3 -m zipfile -l "$scratch/wheel"/trellis_wasm-*.whl | grep -q "trellis_wasm/trellis.wasm" \
    || { echo "packages.sh: the wheel has no trellis_wasm/trellis.wasm" >&2; exit 1; }
python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$scratch/site" "$scratch/wheel"/trellis_wasm-*.whl
python_codes=$(cd "$scratch" && env -u TRELLIS_WASM PYTHONPATH="$scratch/site" python3 -c '
import sys, trellis_wasm
assert trellis_wasm.WASM.startswith(sys.argv[2]), trellis_wasm.WASM
print(" ".join(d["code"] for d in trellis_wasm.check(sys.argv[1], name="home.json")["diagnostics"]))' "$payload" "$scratch/site")

if [ -z "$node_codes" ] || [ "$node_codes" != "$python_codes" ]; then
    echo "packages.sh: the installed packages disagree: Node '$node_codes', Python '$python_codes'" >&2
    exit 1
fi
echo "packages.sh: both installed packages answer with their own module ($node_codes)"
