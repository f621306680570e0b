#!/usr/bin/env bash
# The API reference of the library products, made with the toolchain's own tools (no package
# dependency): symbol graphs extracted from a debug build's modules, converted by `docc` into
# one archive per module in OUT (default .build/api-reference). Fails when docc warns, or when
# a public type has no doc comment.
#   tools/docs/api-reference.sh [OUT]      (after `swift build`)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-.build/api-reference}
modules=(TrellisSyntax TrellisModel TrellisLayout TrellisLint TrellisIDE TrellisAPI TrellisPlatform TrellisLSP)
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
module_dir=$(swift build --show-bin-path)/Modules
triple=$(swift -print-target-info | python3 -c 'import glob, json, sys; print(json.load(sys.stdin)["target"]["triple"])')
mkdir -p "$out"
for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  swift-symbolgraph-extract -module-name "$module" -I "$module_dir" -target "$triple" \
    -output-dir "$graphs/$module" -minimum-access-level public
  rm -rf "$out/$module.doccarchive"
  docc convert --additional-symbol-graph-dir "$graphs/$module" --output-path "$out/$module.doccarchive" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.trellis.$module" \
    --fallback-bundle-version 0.1.0 --warnings-as-errors > "$graphs/$module.log" 2>&1 \
    || { cat "$graphs/$module.log"; echo "api-reference: docc failed on $module" >&2; exit 1; }
done
python3 - "$graphs" "${modules[@]}" <<'PY'
import glob, json, sys
root, modules = sys.argv[1], sys.argv[2:]
kinds = {"swift.struct", "swift.enum", "swift.class", "swift.protocol"}
missing = []
for module in modules:
    for path in sorted(glob.glob(f"{root}/{module}/{module}*.symbols.json")):
        graph = json.load(open(path))
        missing += [f"{module}.{'.'.join(symbol['pathComponents'])}" for symbol in graph["symbols"]
                    if symbol["kind"]["identifier"] in kinds and not symbol.get("docComment")]
if missing:
    print("api-reference: public types without a doc comment:", *missing, sep="\n  ")
    sys.exit(1)
PY
echo "api-reference: ${#modules[@]} modules in $out"
