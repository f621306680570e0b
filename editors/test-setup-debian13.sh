# Sourced by the editor tests that run inside a Debian 13 root (Neovim 0.10, Emacs 30, the
# tree-sitter CLI): makes the root once (tools/debian13-root, with a C compiler for grammars),
# then does what test-setup.sh does in a folder under /tmp, the only folder the root shares
# with this machine. The built trellis-lsp and trellis run there with the toolchain's Swift
# libraries beside them. Sets $root and $work, and defines `in_root CMD …` (runs CMD inside,
# in $work).
root=$(cd "$(dirname "$0")/../.." && pwd)
debian13() { "$root/tools/debian13-root" --packages "gcc libc6-dev" "$@"; }
debian13 > /dev/null
work=$(mktemp -d /tmp/trellis-editors.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/lib"
for program in trellis-lsp trellis; do
  binary="$root/.build/debug/$program"
  cp "$binary" "$work/lib/$program"
  ldd "$binary" | awk '$3 ~ /^\// && $3 !~ /^\/(usr\/)?lib/ { print $3 }' | xargs -r -I{} cp {} "$work/lib/"
  printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s "$@"\n' "$work/lib" "$work/lib/$program" > "$work/bin/$program"
  chmod +x "$work/bin/$program"
done
in_root() { debian13 --run env HOME="$work" PATH="$work/bin:/usr/local/bin:/usr/bin:/bin" sh -c 'cd "$0" && exec "$@"' "$work" "$@"; }
cp "$root/examples/GridLayoutDemo4.trellis" "$work/"
sed 's/^  120 \/\/ banner$/  120 , 20 \/\/ banner/' "$root/examples/GridLayoutDemo4.trellis" > "$work/broken.trellis"
cp -r "$root/examples/shop" "$work/shop"
cp -r "$root/editors" "$work/editors"
export TRELLIS_TEST_DIR="$work"
cd "$work"
