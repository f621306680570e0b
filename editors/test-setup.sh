# Sourced by the editor tests: a folder with demo 4, a broken copy (a `,` between two cells,
# S007) and shop/, a scratch copy of examples/shop (layouts that `use` its cards.trellis, for
# renaming a template across files), and the built trellis-lsp first on PATH. Sets $root and
# $work.
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/examples/GridLayoutDemo4.trellis" "$work/"
sed 's/^  120 \/\/ banner$/  120 , 20 \/\/ banner/' "$root/examples/GridLayoutDemo4.trellis" > "$work/broken.trellis"
cp -r "$root/examples/shop" "$work/shop"
export PATH="$root/.build/debug:$PATH" TRELLIS_TEST_DIR="$work"
cd "$work"
