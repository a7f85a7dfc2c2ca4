"""
Run the official conformance suite (array-api-tests) against array_api_reshape and write
conformance/REPORT.md.

The suite is other people's code and is never part of this repository: pass the path of a
checkout made as ../shared/CONFORMANCE.md says. Our skip list (conformance/skips.txt)
holds only what the suite cannot run here, each line with its reason; there is no
expected-failure list.

    python conformance/run.py --suite ~/array-api-tests --max-examples 100 --seeds 0 1
    python conformance/run.py --suite ~/array-api-tests --version 2023.12   # REPORT-2023.12.md

``--version V`` tests the namespace that ``x.__array_namespace__(api_version=V)`` returns
against version V of the standard (the suite's ARRAY_API_TESTS_VERSION); without it, the
package module itself against 2025.12.

``--flag NAME=VALUE`` runs the suite under a portability mode (array_api_reshape.flags),
set through its environment variable, and the report groups the failures by cause:

    python conformance/run.py --suite ~/array-api-tests --flag lazy=true --report MODE-lazy.md

``--split-everything`` runs it with every element-wise function and order-free reduction
of two or more elements cut into pieces on four threads (``split_everything/``), so that
the suite's special cases meet the threaded paths:

    python conformance/run.py --suite ~/array-api-tests --split-everything \\
        --report MODE-split-everything.md
"""

from __future__ import annotations

import argparse
import collections
import datetime
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import junit_results
import suite_fixes

HERE = Path(__file__).resolve().parent
SKIPS = HERE / "skips.txt"
REPORT = HERE / "REPORT.md"
SUPPORTED_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")
LATEST_VERSION = "2025.12"


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--suite", required=True, type=Path, help="checkout of array-api-tests")
    parser.add_argument("--max-examples", type=int, default=100)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0])
    parser.add_argument(
        "--version", default=LATEST_VERSION, choices=SUPPORTED_VERSIONS,
        help=f"standard version to test (default {LATEST_VERSION})",
    )
    parser.add_argument(
        "--disable-extension", nargs="*", default=[], metavar="NAME",
        help="extensions not to test (linalg, fft); default: test both",
    )
    parser.add_argument("-k", dest="keyword", help="pytest -k expression (a partial run)")
    parser.add_argument(
        "--flag", dest="flags", action="append", default=[], metavar="NAME=VALUE",
        help="a portability flag for the run, as its environment variable reads it "
        "(lazy=true, writeable=false, enabled_extensions=)",
    )
    parser.add_argument(
        "--split-everything", action="store_true",
        help="cut every element-wise function and order-free reduction of two or more "
        "elements into pieces on four threads (split_everything/sitecustomize.py), so "
        "that the suite checks the threaded paths",
    )
    parser.add_argument("--workers", default="2", help="pytest-xdist workers ('0' for none)")
    parser.add_argument("--python", default=sys.executable, help="interpreter to run pytest")
    parser.add_argument(
        "--report", type=Path, default=None,
        help="where to write the report (default REPORT.md, or REPORT-<version>.md for an "
        "older version)",
    )
    args = parser.parse_args(argv)
    for flag in args.flags:
        if "=" not in flag:
            parser.error(f"--flag takes NAME=VALUE, got {flag!r}")
    if args.report is None:
        latest = args.version == LATEST_VERSION
        args.report = REPORT if latest else HERE / f"REPORT-{args.version}.md"
    return args


def suite_commit(suite: Path) -> str:
    completed = subprocess.run(
        ["git", "-C", str(suite), "rev-parse", "--short", "HEAD"],
        capture_output=True, text=True,
    )
    return completed.stdout.strip() or "unknown"


def run_suite(args: argparse.Namespace, seed: int, junit: Path, suite: Path) -> float:
    """Run the suite (the prepared copy at ``suite``) once; returns the wall time in seconds."""
    command = [
        args.python, "-m", "pytest", "array_api_tests", "-q", "-p", "no:cacheprovider",
        "--max-examples", str(args.max_examples), "--hypothesis-seed", str(seed),
        f"--junitxml={junit}", "-o", "junit_family=xunit1",
    ]
    if args.workers != "0":
        command += ["-n", args.workers]
    if args.disable_extension:
        command += ["--disable-extension", *args.disable_extension]
    if SKIPS.exists() and any(_skip_lines()):
        command += ["--skips-file", str(SKIPS)]
    if args.keyword:
        command += ["-k", args.keyword]
    environment = dict(os.environ, ARRAY_API_TESTS_MODULE=module_under_test(args.version))
    environment["ARRAY_API_TESTS_VERSION"] = args.version
    for flag in args.flags:
        name, _, value = flag.partition("=")
        environment[f"ARRAY_API_RESHAPE_{name.strip().upper()}"] = value
    if args.split_everything:
        paths = [str(HERE / "split_everything"), environment.get("PYTHONPATH", "")]
        environment["PYTHONPATH"] = os.pathsep.join(path for path in paths if path)
    started = time.perf_counter()
    subprocess.run(command, cwd=suite, env=environment, check=False)
    return time.perf_counter() - started


def module_under_test(version: str) -> str:
    """The suite's ARRAY_API_TESTS_MODULE: the package itself for the latest version, else
    the namespace that ``__array_namespace__(api_version=version)`` returns."""
    if version == LATEST_VERSION:
        return "array_api_reshape"
    return (
        "exec('import array_api_reshape as package; "
        f"xp = package.asarray(0).__array_namespace__(api_version=\"{version}\")')"
    )


def _skip_lines():
    for line in SKIPS.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            yield line


def read_results(junit: Path) -> list[tuple[str, str, str, str]]:
    """(test file, test name, outcome, message) for every test in a JUnit XML report: the
    skip reason or the failure's first line; errors count as failures and expected
    failures as skips."""
    merged = {"errors": "failed", "xfailed": "skipped"}
    results = []
    for result in junit_results.read_results(junit):
        outcome = merged.get(result.outcome, result.outcome)
        results.append((result.module, result.name, outcome,
                        result.message if outcome != "passed" else ""))
    return results


def cause_of(message: str) -> str:
    """A failure's cause: its message with the values that vary between tests (numbers,
    quoted reprs, shapes) left out, so that one refusal of a mode is one cause."""
    cause = re.sub(r"Array\(.*?\)", "Array(...)", message)
    cause = re.sub(r"\(\d+(, \d+)*,?\)", "(shape)", cause)
    cause = re.sub(r"-?\d+(\.\d+)?(e[-+]?\d+)?", "N", cause)
    return cause[:300]


def summarise(results) -> dict[str, collections.Counter]:
    per_file: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for module, _, outcome, _ in results:
        per_file[module][outcome] += 1
    return per_file


def render(args, commit: str, runs: list[tuple[int, float, list]],
           fixes: list[suite_fixes.SuiteFix] = ()) -> str:
    today = datetime.date.today().isoformat()
    extensions = [e for e in ("linalg", "fft") if e not in args.disable_extension]
    title = "Conformance report"
    flags_note = f", flags: `{' '.join(args.flags)}`" if args.flags else ""
    if args.split_everything:
        flags_note += (", every element-wise function and order-free reduction of two or "
                       "more elements cut into pieces on four threads (`--split-everything`)")
    if args.version != LATEST_VERSION:
        title += f", standard {args.version}"
    lines = [
        f"# {title}",
        "",
        f"array-api-tests commit `{commit}`, standard version {args.version}, "
        f"{args.max_examples} examples per test, extensions: {', '.join(extensions) or 'none'}"
        f"{f', only tests matching `-k {args.keyword}`' if args.keyword else ''}"
        f"{flags_note}. "
        f"Generated by `conformance/run.py` on {today}.",
        "",
    ]
    if fixes:
        lines += ["Run with upstream's later fixes to the suite applied to a scratch copy "
                  "(`conformance/suite_fixes.py`):", ""]
        lines += [f"- `{fix.path}`: {fix.reason}." for fix in fixes]
        lines.append("")
    lines += [
        "| seed | passed | failed | skipped | wall time |",
        "| --- | --- | --- | --- | --- |",
    ]
    for seed, seconds, results in runs:
        total = collections.Counter(outcome for _, _, outcome, _ in results)
        lines.append(
            f"| {seed} | {total['passed']} | {total['failed']} | {total['skipped']} | "
            f"{seconds:.0f} s |"
        )
    for seed, _, results in runs:
        lines += ["", f"## Seed {seed}: per test file", "",
                  "| test file | passed | failed | skipped |", "| --- | --- | --- | --- |"]
        for module, counts in sorted(summarise(results).items()):
            lines.append(
                f"| {module} | {counts['passed']} | {counts['failed']} | {counts['skipped']} |"
            )
        failures = [f"{m}::{n}" for m, n, o, _ in results if o == "failed"]
        if failures and args.flags:
            lines += _causes(results, seed)
        skipped = [f"`{m}::{n}`: {r}" for m, n, o, r in results if o == "skipped"]
        if failures:
            lines += ["", f"Failed under seed {seed}:", ""] + [f"- `{f}`" for f in failures]
        if skipped:
            lines += ["", f"Skipped under seed {seed} (with the suite's reason):", ""]
            lines += [f"- {s}" for s in skipped]
    return "\n".join(lines) + "\n"


def _causes(results, seed: int) -> list[str]:
    """The failures of one seed grouped by cause, most frequent first."""
    by_cause: dict[str, list[str]] = collections.defaultdict(list)
    for module, name, outcome, message in results:
        if outcome == "failed":
            by_cause[cause_of(message)].append(f"{module}::{name}")
    lines = ["", f"Failures under seed {seed}, by cause:", "",
             "| failures | cause (the failure's first line) | for example |", "| --- | --- | --- |"]
    for cause, tests in sorted(by_cause.items(), key=lambda item: -len(item[1])):
        shown = cause.replace("|", "\\|")
        lines.append(f"| {len(tests)} | {shown} | `{tests[0]}` |")
    return lines


def main(argv=None) -> int:
    args = parse_arguments(argv)
    if not (args.suite / "array_api_tests").is_dir():
        print(f"no array-api-tests checkout at {args.suite}", file=sys.stderr)
        return 2
    runs = []
    with tempfile.TemporaryDirectory() as scratch:
        suite, fixes = suite_fixes.prepared_copy(args.suite, Path(scratch))
        for seed in args.seeds:
            junit = Path(scratch) / f"seed-{seed}.xml"
            seconds = run_suite(args, seed, junit, suite)
            if not junit.exists():
                print(f"the suite ran no tests under seed {seed} (see its output above); "
                      "no report written", file=sys.stderr)
                return 2
            runs.append((seed, seconds, read_results(junit)))
    text = render(args, suite_commit(args.suite), runs, fixes)
    args.report.write_text(text)
    print(text)
    return 0 if all(o != "failed" for _, _, r in runs for _, _, o, _ in r) else 1


if __name__ == "__main__":
    sys.exit(main())
