#!/usr/bin/env bash
# Builds wasm/dist/trellis.wasm from the same sources as the native tool (docs/wasm.md):
# the core modules in Embedded Swift for wasm32-unknown-none-wasm, linked with wasm-ld
# against Debian's wasi-libc (malloc, free, strtod and friends) and compiler-rt's builtins
# for wasm32 (128-bit arithmetic), both installed when missing.
set -euo pipefail

wasm=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$wasm")
work="$wasm/.build"
dist="$wasm/dist"
swiftc=${SWIFTC:-$(command -v swiftc)}
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc")")")
wasm_ld=$toolchain/bin/wasm-ld
unicode=$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a
clang=$toolchain/bin/clang
libc=/usr/lib/wasm32-wasi/libc.a
builtins() { compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a" | head -n 1; }

install() {
    echo "wasm/build.sh: installing $1" >&2
    local apt=apt-get
    [ "$(id -u)" = 0 ] || apt="sudo apt-get"
    # A machine whose package lists were never fetched knows no package: fetch them once and retry.
    $apt install -y -q "$1" >&2 || { $apt update -q >&2 && $apt install -y -q "$1" >&2; }
}
[ -f "$libc" ] || install wasi-libc
[ -n "$(builtins)" ] || install libclang-rt-dev-wasm32
rt=$(builtins)
for needed in "$wasm_ld" "$clang" "$unicode" "$libc" "$rt"; do
    [ -e "$needed" ] || { echo "wasm/build.sh: $needed is missing (a Swift 6.3 toolchain for Linux has it)" >&2; exit 1; }
done

mkdir -p "$work" "$dist"
flags=(
    -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -enable-experimental-feature Extern
    -wmo -Osize -parse-as-library -disable-stack-protector -package-name Trellis -I "$work"
)
# Whether $1 is newer than every other argument (then it is not made again).
fresh() {
    local made=$1
    shift
    [ -e "$made" ] || return 1
    for input in "$@"; do [ "$input" -nt "$made" ] && return 1; done
    return 0
}

# The layers in order, each against the modules below it (docs/modules.md); a module is
# compiled again when its sources, a module below it or this script changed.
below=("$0")
for module in TrellisSyntax TrellisModel TrellisLayout TrellisLint TrellisIDE TrellisAPI; do
    sources=("$root/Sources/$module"/*.swift)
    if ! fresh "$work/$module.o" "${sources[@]}" "${below[@]}"; then
        echo "wasm/build.sh: $module" >&2
        "$swiftc" "${flags[@]}" -module-name "$module" -emit-module -emit-module-path "$work/$module.swiftmodule" \
            -c -o "$work/$module.o" "${sources[@]}"
    fi
    below+=("$work/$module.o")
done
if ! fresh "$work/TrellisWasm.o" "$wasm/Sources/TrellisWasm"/*.swift "${below[@]}"; then
    echo "wasm/build.sh: TrellisWasm (the exports)" >&2
    "$swiftc" "${flags[@]}" -module-name TrellisWasm -c -o "$work/TrellisWasm.o" "$wasm/Sources/TrellisWasm"/*.swift
fi
# The two C files answer what the C library asks of the Swift runtime and of a WASI host.
for shim in strtod host; do
    "$clang" --target=wasm32-wasi --sysroot=/usr -isystem /usr/include/wasm32-wasi -Os -c -o "$work/$shim.o" "$wasm/Sources/shims/$shim.c"
done

# No import: the module runs in any host. A stack of 16 MB placed first: input nested as deep as the limits allow fits, and running
# past it traps (below address 0) instead of overwriting data.
"$wasm_ld" --no-entry --gc-sections --strip-all --stack-first -z stack-size=$((16 << 20)) \
    --export=trellis_alloc --export=trellis_free --export=trellis_call --export=trellis_answer \
    -o "$dist/trellis.wasm" \
    "$work"/TrellisWasm.o "$work"/TrellisAPI.o "$work"/TrellisIDE.o "$work"/TrellisLint.o "$work"/TrellisLayout.o \
    "$work"/TrellisModel.o "$work"/TrellisSyntax.o "$work"/strtod.o "$work"/host.o "$unicode" "$libc" "$rt"
# The packages carry the module beside their code; the playground, which may be opened from
# file:// where a page cannot fetch a file, loads it as a classic script holding it in base64.
cp "$dist/trellis.wasm" "$wasm/node/trellis.wasm"
cp "$dist/trellis.wasm" "$wasm/python/trellis_wasm/trellis.wasm"
{
    printf '// Made by wasm/build.sh: trellis.wasm in base64, for pages opened from file://.\n'
    printf 'var trellisWasmBase64 = "'
    base64 -w0 "$dist/trellis.wasm"
    printf '";\n'
} > "$dist/trellis.wasm.js.tmp"
mv "$dist/trellis.wasm.js.tmp" "$dist/trellis.wasm.js"
# A file's text as the inside of a JavaScript string.
js_string() {
    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\r/\\r/g' -e 's/$/\\n/' "$1" | tr -d '\n'
}
# The examples the playground offers to start from, read from examples/ as a classic script.
{
    printf '// Made by wasm/build.sh from examples/: what the playground offers to start from.\n'
    printf 'var trellisExamples = [\n'
    for example in GridLayoutDemo4.trellis GridLayoutDemo5.trellis demo4-v1.trellis rows-example-1.trellis rows-example-2.trellis \
        rows-example-3.trellis viewgroup-card.trellis overlap-cell.trellis one-liner.trellis json/GridLayoutDemo4.json json/broken-card.json; do
        printf '  { name: "%s", text: "' "$example"
        js_string "$root/examples/$example"
        printf '" },\n'
    done
    # A project: one of the shop's screens, the card library they use, and the other two.
    printf '  { name: "shop/: a screen and its card library", files: [\n'
    for file in layouts/holiday.trellis cards.trellis layouts/everyday.trellis layouts/campaign.trellis; do
        printf '    { name: "%s", text: "' "$file"
        js_string "$root/examples/shop/$file"
        printf '" },\n'
    done
    printf '  ] },\n'
    printf '];\n'
} > "$dist/examples.js.tmp"
mv "$dist/examples.js.tmp" "$dist/examples.js"
echo "wasm/build.sh: $dist/trellis.wasm ($(wc -c < "$dist/trellis.wasm") bytes), trellis.wasm.js, examples.js, and a copy in each package" >&2
