"""
profiles/real_suites.py without the libraries: how it reads a JUnit report, compares two
runs test by test, sorts disagreements by cause and writes the report the docs include;
and its pytest plugin (profiles/suite_backend.py) on a small project laid out as SciPy's
test set-up is (a parametrized ``xp`` fixture of modules, with skip markers by library).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PROFILES = Path(__file__).resolve().parents[2] / "profiles"
sys.path.insert(0, str(PROFILES))

import real_suites  # noqa: E402
from real_suite_causes import BRANCH, CAUSES, cause_of  # noqa: E402

JUNIT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
<testcase classname="pkg.tests.test_a" name="test_pass[jax.numpy]"/>
<testcase classname="pkg.tests.test_a" name="test_fail[jax.numpy]">
  <failure message="AssertionError: values differ&#10;  first detail&#10;second">x</failure>
</testcase>
<testcase classname="pkg.tests.test_a" name="test_skip[jax.numpy]">
  <skipped type="pytest.skip" message="not here">skip</skipped></testcase>
<testcase classname="pkg.tests.test_a" name="test_xfail[jax.numpy]">
  <skipped type="pytest.xfail" message="known">xfail</skipped></testcase>
<testcase classname="pkg.tests.test_a" name="test_error[jax.numpy]">
  <error message="failed on setup with &quot;TypeError: bad&quot;">e</error></testcase>
</testsuite></testsuites>
"""


def test_outcomes_are_read_with_three_lines_of_their_message(tmp_path):
    junit = tmp_path / "junit.xml"
    junit.write_text(JUNIT)
    outcomes = real_suites.read_outcomes(junit)
    assert outcomes == {
        "pkg.tests.test_a::test_pass[jax.numpy]": ("passed", ""),
        "pkg.tests.test_a::test_fail[jax.numpy]": (
            "failed", "AssertionError: values differ / first detail / second"),
        "pkg.tests.test_a::test_skip[jax.numpy]": ("skipped", "not here"),
        "pkg.tests.test_a::test_xfail[jax.numpy]": ("xfailed", "known"),
        "pkg.tests.test_a::test_error[jax.numpy]": (
            "failed", 'failed on setup with "TypeError: bad"'),
    }


LIBRARY = {"a": ("passed", ""), "b": ("passed", ""), "c": ("failed", "E: there"),
           "d": ("failed", "E: there"), "e": ("skipped", ""), "f": ("passed", "")}
OURS = {"a": ("passed", ""), "b": ("failed", "E: here"), "c": ("failed", "E: here too"),
        "d": ("passed", ""), "e": ("failed", "E"), "f": ("xfailed", "")}


def test_only_tests_that_passed_or_failed_in_both_runs_are_compared():
    groups = real_suites.compare(LIBRARY, OURS)
    assert groups == {"agree": [("a", ""), ("c", "E: there")],
                      "false alarm": [("b", "E: here")], "miss": [("d", "E: there")]}


def test_a_cause_matches_its_libraries_only_and_unsorted_messages_keep_their_words():
    boxcox = "t::test_support_alternative_backends_mismatched_dtypes[jax.numpy-boxcox]"
    assert cause_of("jax", "scipy.special", boxcox, "")[1] == BRANCH
    assert cause_of("torch", "scipy.special", boxcox, "")[1] == "to sort"
    assert cause_of("jax", "s", "t::x", "ValueError: 3 of 12 | bad") == (
        "unsorted: `ValueError: N of N / bad`", "to sort")
    assert all(cause.libraries and cause.verdict for cause in CAUSES)


def test_the_report_counts_branches_apart_and_marks_what_the_docs_include():
    kept = {"versions": {"scipy": "1.17.1"}, "runs": {
        "jax scipy.special kept": {
            "library": {**LIBRARY, "t::mismatched_dtypes[jax.numpy-boxcox]": ("failed", "")},
            "profile": {**OURS, "t::mismatched_dtypes[jax.numpy-boxcox]": ("passed", "")}},
    }}
    text = real_suites.report(json.loads(json.dumps(kept)))  # as kept in the JSON file
    summary = text.split("<!-- summary -->")[1].split("<!-- by suite -->")[0]
    # passing there: a, b (compared); failing there: c, d and the branch's boxcox test
    assert "| jax | 2 | 1 | 0 | 50.0% | 3 | 1 | 50.0% |" in summary
    assert "### jax: misses by cause" in text and BRANCH in text


CONFTEST = '''
import types
import pytest

jax_numpy = types.ModuleType("jax.numpy")
numpy_module = types.ModuleType("numpy")
xp_available_backends = [pytest.param(numpy_module, id="numpy"),
                         pytest.param(jax_numpy, id="jax.numpy")]


def skip_or_xfail_xp_backends(request, skip_or_xfail):
    marker = request.node.get_closest_marker(f"{skip_or_xfail}_xp_backends")
    if marker is not None and request.param.__name__ in marker.args:
        getattr(pytest, skip_or_xfail)(reason="the project's marker")


def patch_lazy_xp_functions(request, xp):
    return default_xp(xp)


class default_xp:
    def __init__(self, xp):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


@pytest.fixture(params=xp_available_backends)
def xp(request):
    skip_or_xfail_xp_backends(request, "skip")
    yield request.param


def pytest_configure(config):
    config.addinivalue_line("markers", "skip_xp_backends: by library")
'''

TESTS = '''
import pytest


def test_namespace(xp):
    assert xp.__name__ == "array_api_reshape"


@pytest.mark.skip_xp_backends("jax.numpy")
def test_skipped_on_jax(xp):
    assert False
'''


@pytest.mark.parametrize("markers, outcomes", [
    ("kept", "1 passed, 3 skipped"),     # numpy's parameters skip, jax's marker skips
    ("inert", "1 failed, 1 passed, 2 skipped"),
])
def test_the_plugin_hands_our_namespace_to_the_librarys_tests_only(tmp_path, markers,
                                                                   outcomes):
    package = tmp_path / "scipy"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "conftest.py").write_text(textwrap.dedent(CONFTEST))
    (package / "test_it.py").write_text(textwrap.dedent(TESTS))
    environment = dict(os.environ, REAL_SUITES_LIBRARY="jax", REAL_SUITES_ON="profile",
                       REAL_SUITES_MARKERS=markers, ARRAY_API_RESHAPE_PROFILE="jax",
                       PYTHONPATH=os.pathsep.join([str(PROFILES), str(tmp_path)]))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "suite_backend",
                           "-p", "no:cacheprovider", str(package)],
                          env=environment, cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert outcomes in done.stdout, done.stdout + done.stderr
