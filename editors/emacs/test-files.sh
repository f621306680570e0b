# Sourced by test.sh and test-30.sh after the editors' test setup: puts beside demo 4 in
# $work what test.el reads besides it: corpus/ (the examples, docs/*.md and the README, for
# indentation), json/ (examples/json, one more grid dictionary, a package.json and an app.js)
# and other/settings.json.
mkdir -p "$work/corpus" "$work/json" "$work/other"
cp -r "$root/examples" "$root/docs" "$work/corpus/"
cp "$root/README.md" "$work/corpus/docs/"
cp "$root"/examples/json/*.json "$work/json/"
printf '{\n  "name": "demo",\n  "version": "1.0.0",\n  "scripts": { "test": "true" }\n}\n' > "$work/json/package.json"
printf '{ "size": "fill", "cols": [ { "size": "50%%" }, { "size": "fill" } ] }\n' > "$work/json/card.json"
printf 'const layout = { rows: [] };\nexport default layout;\n' > "$work/json/app.js"
printf '{ "editor.tabSize": 2, "files.eol": "\\n" }\n' > "$work/other/settings.json"
