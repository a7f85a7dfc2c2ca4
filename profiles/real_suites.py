"""
Do the profiles hold on real code? SciPy's and scikit-learn's own array-API tests, run on
the real PyTorch, JAX and Dask and on array_api_reshape under each library's profile,
compared test by test; writes ``REAL-SUITES.md``.

    python profiles/real_suites.py --library-python /path/to/venv/bin/python
    python profiles/real_suites.py --library-python PY --libraries jax --suites scipy.special

The interpreter given must have the libraries, SciPy, scikit-learn, pytest-xdist and this
package installed. Each suite runs twice per library, with the project's own test set-up:
once as the project runs it on the library, and once with ``suite_backend.py`` handing
each of the library's tests array_api_reshape under the profile instead (the test's id,
skip and xfail markers stay the library's). ``--inert-markers`` makes the project's own
skip and xfail markers do nothing in both runs, so that every test runs everywhere.

A test compares when it passed or failed in both runs. It agrees when both runs give the
same; a false alarm passes on the library and fails under the profile; a miss fails on the
library and passes under the profile. ``real_suite_causes.py`` sorts the false alarms and
misses by cause (from the failure's message) and gives each cause its verdict.

Never run by CI and never a test dependency: the libraries are large, and their behaviour
is what this measures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from real_suite_causes import BRANCH, cause_of  # noqa: E402  (this folder is no package)

SCIPY_IDS = {"torch": "torch", "jax": "jax.numpy", "dask": "dask.array"}
"""SciPy's id of each library's backend (its ``xp`` fixture's parameter)."""

SCIPY_SUITES = ("scipy.special", "scipy.integrate", "scipy.differentiate", "scipy.fft",
                "scipy._lib", "scipy.optimize")
SKLEARN_SUITES = ("sklearn.utils", "sklearn.metrics", "sklearn.mixture",
                  "sklearn.preprocessing", "sklearn.decomposition")
SKLEARN_LIBRARIES = ("torch",)
"""scikit-learn's array-API tests run on PyTorch (and array-api-strict, CuPy), not on
JAX or Dask."""

SUITES = SCIPY_SUITES + SKLEARN_SUITES

SETTINGS = {
    "scipy": "jax_enable_x64=true;torch_default_dtype=float64;array_api_compat=1.13",
    "sklearn": "array_api_compat=1.15",
}
"""What each project's test set-up makes of the library, told to the profile as the
library_settings flag: SciPy's conftest turns on JAX's 64-bit types and makes float64
PyTorch's default dtype (its SCIPY_DEFAULT_DTYPE default); SciPy 1.17 vendors
array-api-compat 1.13, scikit-learn 1.9 vendors 1.15."""

COMPARED = ("passed", "failed")


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--library-python", required=True,
                        help="an interpreter with the libraries, SciPy and scikit-learn")
    parser.add_argument("--libraries", nargs="+", default=list(SCIPY_IDS),
                        choices=list(SCIPY_IDS))
    parser.add_argument("--suites", nargs="+", default=list(SUITES), choices=list(SUITES))
    parser.add_argument("--inert-markers", action="store_true",
                        help="the projects' skip and xfail markers do nothing")
    parser.add_argument("--workers", default="2")
    parser.add_argument("--outcomes", type=Path, default=HERE / "real-suites-outcomes.json",
                        help="where every test's outcome is kept, outside git (runs "
                             "already there are reused with --reuse)")
    parser.add_argument("--reuse", action="store_true",
                        help="rerun only the runs of our namespace; keep the libraries'")
    parser.add_argument("--report", type=Path, default=HERE / "REAL-SUITES.md")
    return parser.parse_args(argv)


def _selection(suite: str, library: str) -> list[str]:
    """The pytest arguments that pick ``suite``'s tests of ``library``."""
    if suite.startswith("scipy"):
        return ["--pyargs", suite, "-m", "array_api_backends"]
    return ["--pyargs", suite, "-k", f"{library} and cpu"]


def run_suite(python: str, suite: str, library: str, on: str, inert: bool,
              workers: str) -> dict[str, tuple[str, str]]:
    """Each test's outcome and first message line, ``on`` the ``"library"`` or under its
    ``"profile"``."""
    environment = dict(os.environ, SCIPY_ARRAY_API=json.dumps([SCIPY_IDS[library]]),
                       REAL_SUITES_LIBRARY=library, REAL_SUITES_ON=on,
                       REAL_SUITES_MARKERS="inert" if inert else "kept",
                       PYTHONPATH=os.pathsep.join(
                           filter(None, [str(HERE), os.environ.get("PYTHONPATH")])))
    if suite.startswith("sklearn"):
        environment["SCIPY_ARRAY_API"] = "1"
    if on == "profile":
        environment["ARRAY_API_RESHAPE_PROFILE"] = library
        environment["ARRAY_API_RESHAPE_LIBRARY_SETTINGS"] = SETTINGS[suite.split(".")[0]]
    with tempfile.TemporaryDirectory() as folder:
        junit = Path(folder) / "junit.xml"
        command = [python, "-m", "pytest", *_selection(suite, library), "-q",
                   "-p", "no:cacheprovider", "-p", "suite_backend", "-n", workers,
                   f"--junitxml={junit}", "-o", "junit_logging=no"]
        print(f"[{library} {on}] {suite}", flush=True)
        completed = subprocess.run(command, env=environment, cwd=folder,
                                   capture_output=True, text=True)
        if not junit.exists():
            raise SystemExit(f"{suite} on {library} ({on}) gave no report:\n"
                             f"{completed.stdout[-3000:]}\n{completed.stderr[-3000:]}")
        outcomes = read_outcomes(junit)
        print(f"    {dict(Counter(outcome for outcome, _ in outcomes.values()))}",
              flush=True)
        return outcomes


def read_outcomes(junit: Path) -> dict[str, tuple[str, str]]:
    """Each test case of a JUnit report by its full name: its outcome (passed, failed,
    skipped, xfailed) and its message's first three lines."""
    outcomes = {}
    for case in ElementTree.parse(junit).getroot().iter("testcase"):
        name = f"{case.get('classname', '')}::{case.get('name', '')}"
        outcome, message = "passed", ""
        for tag, kind in (("failure", "failed"), ("error", "failed"),
                          ("skipped", "skipped")):
            element = case.find(tag)
            if element is None:
                continue
            outcome = kind
            if kind == "skipped" and element.get("type") == "pytest.xfail":
                outcome = "xfailed"
            text = (element.get("message") or element.text or "").strip()
            lines = [line.strip() for line in text.splitlines() if line.strip()]
            message = " / ".join(lines[:3])
            break
        outcomes[name] = (outcome, message[:300])
    return outcomes


def compare(real: dict[str, tuple[str, str]],
            ours: dict[str, tuple[str, str]]) -> dict[str, list[tuple[str, str]]]:
    """The tests that ran in both runs, by how they compare: ``agree``, ``false alarm``
    (passed on the library, failed here), ``miss`` (failed there, passed here); each
    with the message of its failure."""
    groups: dict[str, list[tuple[str, str]]] = {"agree": [], "false alarm": [], "miss": []}
    for name, (outcome, message) in real.items():
        if name not in ours or outcome not in COMPARED or ours[name][0] not in COMPARED:
            continue
        our_outcome, our_message = ours[name]
        if outcome == our_outcome:
            groups["agree"].append((name, message))
        elif outcome == "passed":
            groups["false alarm"].append((name, our_message))
        else:
            groups["miss"].append((name, message))
    return groups


def main(argv: list[str] | None = None) -> None:
    arguments = parse_arguments(argv)
    python = arguments.library_python
    kept = json.loads(arguments.outcomes.read_text()) if arguments.outcomes.exists() else {}
    versions = subprocess.run([python, "-c", VERSIONS], capture_output=True, text=True,
                              check=True).stdout
    kept["versions"] = json.loads(versions)
    markers = "inert" if arguments.inert_markers else "kept"
    runs = kept.setdefault("runs", {})
    for library in arguments.libraries:
        for suite in arguments.suites:
            if suite.startswith("sklearn") and library not in SKLEARN_LIBRARIES:
                continue
            key = f"{library} {suite} {markers}"
            entry = runs.get(key, {})
            if not (arguments.reuse and "library" in entry):
                entry["library"] = run_suite(python, suite, library, "library",
                                             arguments.inert_markers, arguments.workers)
            entry["profile"] = run_suite(python, suite, library, "profile",
                                         arguments.inert_markers, arguments.workers)
            runs[key] = entry
            arguments.outcomes.write_text(json.dumps(kept, separators=(",", ":")))
    arguments.report.write_text(report(kept))
    print(f"wrote {arguments.report}")


VERSIONS = """
import json, importlib, platform
names = ["numpy", "scipy", "sklearn", "torch", "jax", "dask", "array_api_compat",
         "array_api_extra", "array_api_reshape", "pytest"]
versions = {"python": platform.python_version()}
for name in names:
    try:
        versions[name] = importlib.import_module(name).__version__
    except Exception as error:
        versions[name] = f"absent ({type(error).__name__})"
import scipy._lib.array_api_compat as vendored
versions["scipy's array_api_compat"] = vendored.__version__
print(json.dumps(versions))
"""


MARKER_MODES = (("kept", "The projects' skip and xfail markers as they are"),
                ("inert", "Every test on every backend (the projects' skip and xfail "
                          "markers made inert)"))


def report(kept: dict) -> str:
    """REAL-SUITES.md from the kept outcomes: the totals first (the docs include them),
    then each suite, and the disagreements by cause."""
    lines = ["# The profiles on real suites", "",
             "SciPy's and scikit-learn's own array-API tests, on each real library (CPU) "
             "and on array_api_reshape under that library's profile, compared test by "
             "test (`profiles/real_suites.py`). A test is compared when it passed or "
             "failed in both runs; a *false alarm* passed on the library and failed under "
             "the profile, a *miss* failed on the library and passed under the profile. "
             "Disagreements that come from the project asking which library it runs on "
             "(`is_jax(xp)`, ...), which no profile can answer, are counted apart.",
             "", "Versions: " + ", ".join(f"{name} {version}" for name, version
                                          in kept["versions"].items()), "",
             "<!-- summary -->", ""]
    details: list[str] = []
    for markers, title in MARKER_MODES:
        runs = {key: entry for key, entry in kept["runs"].items()
                if key.endswith(f" {markers}") and "profile" in entry}
        if runs:
            summary, detail = _section(runs)
            lines += [f"**{title}**", "", *summary, ""]
            details += [f"## {title}", "", *detail, ""]
    return "\n".join([*lines, "<!-- by suite -->", "", *details]).rstrip() + "\n"


def _section(runs: dict) -> tuple[list[str], list[str]]:
    """The totals by library, and the table by suite with the causes."""
    detail = ["| library | suite | compared | agree | false alarms | misses | fail there, "
              "fail here |", "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    totals: dict[str, Counter] = {}
    causes: dict[str, dict[str, Counter]] = {}
    for key, entry in sorted(runs.items()):
        library, suite, _ = key.split(" ")
        groups = compare(entry["library"], entry["profile"])
        failing_here = sum(1 for name, _ in groups["agree"]
                           if entry["library"][name][0] == "failed")
        compared = sum(len(tests) for tests in groups.values())
        detail.append(f"| {library} | {suite} | {compared} | {len(groups['agree'])} | "
                      f"{len(groups['false alarm'])} | {len(groups['miss'])} | "
                      f"{failing_here} |")
        total = totals.setdefault(library, Counter())
        mine = causes.setdefault(library, {"false alarm": Counter(), "miss": Counter()})
        for kind in ("false alarm", "miss"):
            for name, message in groups[kind]:
                cause = cause_of(library, suite, name, message)
                mine[kind][cause] += 1
                if cause[1] == BRANCH:
                    total[f"{kind} branch"] += 1
        total.update(passing=compared - failing_here - len(groups["miss"]),
                     failing=failing_here + len(groups["miss"]), caught=failing_here,
                     alarms=len(groups["false alarm"]))
    summary = ["| library | pass there | false alarms | of which the project's branch | "
               "share, the rest | fail there | fail here too | share, with the branches "
               "left out |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for library, total in sorted(totals.items()):
        alarms, branch = total["alarms"], total["false alarm branch"]
        misses_branch = total["miss branch"]
        summary.append(
            f"| {library} | {total['passing']} | {alarms} | {branch} | "
            f"{_share(alarms - branch, total['passing'])} | {total['failing']} | "
            f"{total['caught']} | {_share(total['caught'], total['failing'] - misses_branch)} |")
    for library, kinds in sorted(causes.items()):
        for kind, plural in (("false alarm", "false alarms"), ("miss", "misses")):
            if not kinds[kind]:
                continue
            detail += ["", f"### {library}: {plural} by cause", "",
                       "| tests | cause | verdict |", "| ---: | --- | --- |"]
            for (cause, verdict), count in kinds[kind].most_common():
                detail.append(f"| {count} | {cause} | {verdict} |")
    return summary, detail


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


if __name__ == "__main__":
    main()
