"""The benchmarks page shows figures of the code as it is: benchmarks/RESULTS.json records a
hash of the sources the benchmarks ran (``sources_hash`` of benchmarks/report.py) and the
SHA-256 of every file the run wrote, and these tests compare both with the files now. No
benchmark runs here."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"
PAGE = ROOT / "docs" / "benchmarks.md"


def load_report() -> ModuleType:
    """benchmarks/report.py as a module (the folder is no package; the module imports only
    the standard library until a run starts)."""
    spec = importlib.util.spec_from_file_location("benchmarks_report", BENCHMARKS / "report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks the module up by name
    spec.loader.exec_module(module)
    return module


report = load_report()
RECORDED = json.loads((BENCHMARKS / report.RESULTS_JSON).read_text(encoding="utf-8"))
REGENERATE = (f"Regenerate the figures with `{report.REGENERATE}` on a quiet machine (RESULTS.md "
              "says how long the last run took) and commit what it writes.")


def test_the_figures_were_measured_on_the_sources_as_they_are():
    assert RECORDED["sources_sha256"] == report.sources_hash(ROOT), (
        "benchmarks/RESULTS.md and the charts of docs/benchmarks.md were measured on other "
        f"sources (the run of {RECORDED['run']}): a package module the benchmarks run, or a "
        f"script that makes the figures, has changed since. {REGENERATE}")


def checkout_copy(destination: Path) -> Path:
    """The package's sources and the benchmark scripts, copied under ``destination`` as a
    checkout holds them."""
    shutil.copytree(ROOT / report.PACKAGE, destination / report.PACKAGE,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c", "*.html"))
    (destination / "benchmarks").mkdir()
    for script in BENCHMARKS.glob("*.py"):
        shutil.copy2(script, destination / "benchmarks" / script.name)
    return destination


@pytest.mark.parametrize("changed, counts", [
    pytest.param("array_api_reshape/_tables/_layout.py", True, id="a-benchmarked-module"),
    pytest.param("array_api_reshape/_tables/_layout.pxd", True, id="a-declaration-file"),
    pytest.param("benchmarks/bench.py", True, id="a-script-that-makes-figures"),
    pytest.param("array_api_reshape/testing.py", False, id="the-pytest-plugin"),
    pytest.param("array_api_reshape/_testing/_report.py", False, id="the-plugin-report"),
    pytest.param("array_api_reshape/stand_in.py", False, id="the-stand-in"),
    pytest.param("benchmarks/thresholds.py", False, id="a-script-of-no-figure"),
])
def test_the_hash_follows_a_change_of_a_benchmarked_source_only(tmp_path, changed, counts):
    copy = checkout_copy(tmp_path)
    unchanged = report.sources_hash(copy)
    assert unchanged == report.sources_hash(ROOT)  # the copy holds every hashed file
    with open(copy / changed, "a", encoding="utf-8") as source:
        source.write("# one more line\n")
    changed_hash = report.sources_hash(copy)
    if counts:
        assert changed_hash != unchanged and changed_hash != RECORDED["sources_sha256"]
    else:
        assert changed_hash == unchanged


def test_the_lists_of_sources_name_files_that_exist():
    package = ROOT / report.PACKAGE
    for name in report.NOT_BENCHMARKED:
        assert (package / name).exists(), f"NOT_BENCHMARKED names {name}, which is gone"
    scripts = {path.name for path in BENCHMARKS.glob("*.py")}
    assert scripts == set(report.FIGURE_SCRIPTS) | set(report.OTHER_SCRIPTS), (
        "every script of benchmarks/ is either one that makes the figures (FIGURE_SCRIPTS, "
        "hashed) or one that does not (OTHER_SCRIPTS) in benchmarks/report.py")


def test_every_figure_the_page_shows_was_written_by_the_recorded_run():
    results = (BENCHMARKS / report.RESULTS).read_text(encoding="utf-8")
    stamp = report.STAMP.search(results)
    assert stamp is not None, f"benchmarks/RESULTS.md names no run. {REGENERATE}"
    assert (stamp["run"], stamp["sources"]) == (RECORDED["run"], RECORDED["sources_sha256"]), (
        f"benchmarks/RESULTS.md is of another run than RESULTS.json. {REGENERATE}")
    shown = set(re.findall(r"\.\./benchmarks/([\w.-]+)", PAGE.read_text(encoding="utf-8")))
    assert {report.RESULTS, report.RATIOS_CHART, report.COPIES_CHART,
            report.THREADS_CHART} <= shown
    assert shown <= set(RECORDED["files"]), "the page shows a file no run wrote"
    for name, digest in RECORDED["files"].items():
        assert report.file_digest(BENCHMARKS / name) == digest, (
            f"benchmarks/{name} is not the file the run of {RECORDED['run']} wrote. {REGENERATE}")


TRACKER_NUMBER = re.compile(r"\bissue \d+\b", re.IGNORECASE)
READERS_FILES = sorted({ROOT / "README.md", *ROOT.glob("docs/*.md"), *BENCHMARKS.glob("*.md"),
                        *BENCHMARKS.glob("*.py")})
"""Files people read without the issue tracker at hand: the README, the docs' pages, and
benchmarks/ (its notes and the scripts' docstrings, help and chart labels)."""


@pytest.mark.parametrize("path", READERS_FILES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_tracker_numbers_where_readers_cannot_follow_them(path):
    found = [line for line in path.read_text(encoding="utf-8").splitlines()
             if TRACKER_NUMBER.search(line)]
    assert not found, f"say what is measured and why, not which issue asked: {found}"
