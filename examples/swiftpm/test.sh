#!/usr/bin/env bash
# The build plugin as an app uses it, on a copy of this example that depends on this checkout:
# the layouts compile into Bundle.module (the example's own tests read them back), the bundled
# JSON is what `trellis build` writes, an edit rebuilds that file only (an edit of a file of
# templates, the layouts that use it), warnings show as
# warnings, errors fail the build at file:line:col, and `swift package trellis-check` lints.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$here/Package.swift" "$here/trellis.toml" "$here/Sources" "$here/Tests" "$work/"
sed -i "s|path: \"../..\"|path: \"$root\"|" "$work/Package.swift"
cd "$work"
fail() { echo "swiftpm: $*" >&2; exit 1; }

echo "== swift build and swift test in the example (the layouts come back from Bundle.module)"
swift build 2>&1 | tee build.log | grep -v '^\[' || true
grep -q "Build complete" build.log || fail "the example does not build"
swift test 2>&1 | grep -E "Executed .* tests" | tail -1

echo "== the bundled JSON is what trellis build writes"
bundle=$(find .build -type d -name 'CardLayouts_Layouts.resources' | head -1)
for name in home card banner; do
  # banner.trellis names no runtime: trellis.toml's target makes it 2, for both.
  swift run --package-path "$root" -q trellis build "Sources/Layouts/$name.trellis" > "expected-$name.json"
  cmp "$bundle/$name.json" "expected-$name.json" || fail "$name.json differs from trellis build"
done

echo "== editing one file rebuilds that file only"
outputs=$(find .build/plugins/outputs -type d -name TrellisBuildPlugin | head -1)
stamp() { stat -c %Y.%y "$outputs/$1.json"; }
swift build > settle.log 2>&1 || fail "a second build failed"   # after swift test's own build
before_home=$(stamp home); before_banner=$(stamp banner); before_card=$(stamp card)
sleep 1
touch Sources/Layouts/card.trellis
swift build > incremental.log 2>&1 || fail "the incremental build failed"
[ "$(stamp card)" != "$before_card" ] || fail "card.json was not rebuilt"
[ "$(stamp home)" = "$before_home" ] && [ "$(stamp banner)" = "$before_banner" ] || fail "editing card.trellis rebuilt other layouts"

echo "== a file of templates gets no JSON; editing it rebuilds the layouts that use it, and only those"
[ ! -e "$bundle/tiles.json" ] && [ ! -e "$outputs/tiles.json" ] || fail "tiles.trellis (templates only) got a JSON of its own"
before_home=$(stamp home); before_banner=$(stamp banner); before_card=$(stamp card)
sleep 1
touch Sources/Layouts/tiles.trellis
swift build > used.log 2>&1 || { cat used.log; fail "the build after touching tiles.trellis failed"; }
[ "$(stamp home)" != "$before_home" ] || fail "home.json was not rebuilt when tiles.trellis changed"
[ "$(stamp card)" = "$before_card" ] && [ "$(stamp banner)" = "$before_banner" ] || fail "editing tiles.trellis rebuilt layouts that do not use it"

echo "== the project file is an input of every layout: editing it rebuilds them all"
before_home=$(stamp home); before_banner=$(stamp banner); before_card=$(stamp card)
sleep 1
touch trellis.toml
swift build > project.log 2>&1 || { cat project.log; fail "the build after touching trellis.toml failed"; }
[ "$(stamp home)" != "$before_home" ] && [ "$(stamp card)" != "$before_card" ] && [ "$(stamp banner)" != "$before_banner" ] \
  || fail "editing trellis.toml did not rebuild every layout"

echo "== a warning is a warning; the build succeeds"
cp Sources/Layouts/card.trellis card.good
sed -i 's/^  80$/  80 tag(0)/' Sources/Layouts/card.trellis
swift build > warning.log 2>&1 || fail "a warning failed the build"
grep -E "Sources/Layouts/card.trellis:5:[0-9]+: warning: .* \[M112\]" warning.log || fail "no warning line for tag(0)"

echo "== an error fails the build at its line"
printf '  fill padding(1 2 3)\n}\n' > tail.txt
sed -i '$d' Sources/Layouts/card.trellis
cat tail.txt >> Sources/Layouts/card.trellis
if swift build > error.log 2>&1; then fail "a layout with an error built"; fi
grep -E "Sources/Layouts/card.trellis:7:[0-9]+: error: .* \[M005\]" error.log || { cat error.log; fail "no error line for padding(1 2 3)"; }
if swift package trellis-check > check.log 2>&1; then fail "trellis-check passed a broken layout"; fi
grep -q "M005" check.log || fail "trellis-check did not report M005"

echo "== two layouts in one file: a clear error"
cp card.good Sources/Layouts/card.trellis
printf '\nlayout other rows 10 | fill\n' >> Sources/Layouts/card.trellis
if swift build > two.log 2>&1; then fail "a file with two layouts built"; fi
grep -E "card.trellis:1:1: error: the file defines 2 layouts \(card, other\)" two.log || { cat two.log; fail "no error for two layouts"; }

echo "== a mistake in the project file fails the build at its line"
cp card.good Sources/Layouts/card.trellis
cp trellis.toml trellis.toml.good
sed -i 's/^target = 2$/target = 3/' trellis.toml
if swift build > project-error.log 2>&1; then fail "a build with target = 3 in trellis.toml succeeded"; fi
grep -E "trellis.toml:6:10: error: .* \[P004\]" project-error.log || { cat project-error.log; fail "no error line for target = 3"; }
cp trellis.toml.good trellis.toml

echo "== fixed again: builds, and trellis-check passes"
cp card.good Sources/Layouts/card.trellis
swift build > fixed.log 2>&1 || { cat fixed.log; fail "the fixed example does not build"; }
swift package trellis-check > /dev/null 2>&1 || fail "trellis-check failed on good layouts"
echo "swiftpm: the build plugin and trellis-check OK"
