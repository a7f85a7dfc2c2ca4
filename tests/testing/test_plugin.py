"""
The pytest plugin, run on a small fake library's own test suite (fake_library/: a library
written for NumPy's habits, its non-portable lines marked with comments) through pytester,
in each mode: the report must name exactly the marked lines, with exact counts.

The runs are subprocesses without pytest's plugin autoloading (``-p`` names the plugins),
so that nothing else installed takes part; one test runs with autoloading, through the
package's entry point.
"""

from __future__ import annotations

import json
import shlex
import os
import shutil
from pathlib import Path

import pytest

from .marked_lines import marked_line

pytest_plugins = ["pytester"]

FAKE = Path(__file__).parent / "fake_library"
LIBRARY = "fakelib/__init__.py"
TESTS = "tests/test_fakelib.py"


def line(marker: str) -> str:
    """``file:line`` of the line marked ``# marker`` in the fake library or its tests."""
    return marked_line(FAKE, (LIBRARY, TESTS), marker)


def node_id(name: str) -> str:
    return f"{TESTS}::{name}"


@pytest.fixture
def fake(pytester, monkeypatch):
    shutil.copytree(FAKE, pytester.path, dirs_exist_ok=True)
    pytester.makeini("[pytest]\npythonpath = .\n")
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    return pytester


def run(pytester, *args: str, plugins=("pytest_array_api_reshape",)):
    loaded = [word for plugin in plugins for word in ("-p", plugin)]
    result = pytester.runpytest_subprocess(*loaded, "-p", "no:cacheprovider", *args)
    report = pytester.path / "report.json"
    return result, (json.loads(report.read_text()) if report.exists() else None)


def rows(report: dict) -> list[tuple]:
    """Each row of each mode: (mode, kind, at, write, views, number of tests), each line
    as ``file:line`` (a test's own line is a place like any other)."""
    def shown(place):
        return None if place is None else f"{place['file']}:{place['line']}"

    return [
        (mode, row["kind"], shown(row["at"]), shown(row["write"]),
         tuple(shown(place) for place in row["view_made"]), len(row["tests"]))
        for mode, mode_rows in report["rows"].items() for row in mode_rows
    ]


DIAGONAL_VIEWS = (line("WRITE-DIAGONAL"), line("VIEW-RESHAPE"), line("VIEW-ROW"))
REGULARISING = ["test_regularise", "test_regularise_a_larger_stack",
                "test_regularise_with_xp"]
RERUN_OPTIONS = "-p pytest_array_api_reshape"


def test_views_error_names_the_write_and_each_view_once_with_the_tests_that_met_them(fake):
    result, report = run(fake, "--xp-mode", "views=error", "--xp-report", "report.md")
    result.assert_outcomes(passed=5, failed=5)
    diagonal = ("views='error'", "failure")
    assert sorted(rows(report)) == sorted([
        (*diagonal, line(read), line("WRITE-DIAGONAL"), DIAGONAL_VIEWS, 1)
        for read in ("READ-SUM", "READ-MAX", "READ-XP")
    ] + [(*diagonal, line("TEST-READ"), line("TEST-WRITE"), (line("TEST-VIEW"),), 1)])
    tests = [row["tests"][0] for row in report["rows"]["views='error'"]]
    assert sorted(tests) == sorted([node_id(n) for n in REGULARISING]
                                   + [node_id("test_own_view_write")])
    assert report["other_failures"] == [node_id("test_not_the_modes")]
    assert (report["passed"], report["failed"]) == (5, 5)
    markdown = (fake.path / "report.md").read_text()
    assert "## views='error': 4 tests, 4 places" in markdown
    assert "4 tests failed because a mode refused" in markdown
    assert ("| raised at | by | write | through the view made at | error | the way out | tests "
            "| rerun one |" in markdown)
    assert f"`{line('WRITE-DIAGONAL')}` in `add_to_diagonal`" in markdown
    assert f"`{line('VIEW-ROW')}` in `regularise` by `__getitem__()`" in markdown
    assert (f'`pytest "{node_id("test_regularise")}" {RERUN_OPTIONS} --xp-mode views=error`'
            in markdown)
    assert ("ValueError: reads an array whose elements were changed through another array "
            "over the same memory" in markdown)
    assert "| Read through the array that was written, or write into a copy. |" in markdown
    assert "## Not the modes': 1 test\n" in markdown
    result.stdout.fnmatch_lines(["array_api_reshape: 4 tests failed because a mode refused, "
                                 "0 tests after a profile answered otherwise, 1 for other "
                                 "reasons; report: report.md"])


def test_views_error_on_write_names_the_write_where_it_happens(fake):
    result, report = run(fake, "--xp-mode", "views=error-on-write", "--xp-report", "report.md")
    result.assert_outcomes(passed=5, failed=5)
    write, own = line("WRITE-DIAGONAL"), line("TEST-WRITE")
    assert rows(report) == [
        ("views='error-on-write'", "failure", write, write, DIAGONAL_VIEWS, 3),
        ("views='error-on-write'", "failure", own, own, (line("TEST-VIEW"),), 1),
    ]
    assert report["rows"]["views='error-on-write'"][1]["at"]["test"]


def test_lazy_names_the_librarys_eager_read_apart_from_the_tests_own(fake):
    result, report = run(fake, "--xp-mode", "lazy=True", "--xp-report", "report.md")
    result.assert_outcomes(failed=9, skipped=1)
    (eager,) = [row for row in report["rows"]["lazy=True"] if not row["at"]["test"]]
    assert f"{eager['at']['file']}:{eager['at']['line']}" == line("EAGER-BOOL")
    assert eager["function"] == "__bool__()"
    own = [row for row in report["rows"]["lazy=True"] if row["at"]["test"]]
    assert len(own) == 7 and len({(row["at"]["line"]) for row in own}) == 7


def test_writeable_false_names_each_write_and_honours_xfail_xp_mode(fake):
    result, report = run(fake, "--xp-mode", "writeable=False", "--xp-report", "report.md")
    result.assert_outcomes(passed=3, failed=6, xfailed=1)
    assert rows(report) == [
        ("writeable=False", "failure", line("WRITE-DIAGONAL"), None, (), 3),
        ("writeable=False", "failure", line("WRITE-FIRST"), None, (), 1),
        ("writeable=False", "failure", line("TEST-WRITE"), None, (), 1),
    ]
    assert report["xfailed"] == 1 and report["other_failures"] == [
        node_id("test_not_the_modes")
    ]
    markdown = (fake.path / "report.md").read_text()
    assert "| raised at | by | error | the way out | tests | rerun one |" in markdown
    assert f"| `{line('WRITE-FIRST')}` in `zero_first` | `__setitem__()` | ValueError: " in (
        markdown)


def test_views_warn_reports_the_warnings_of_passing_tests(fake):
    result, report = run(fake, "--xp-mode", "views=warn", "--xp-report", "report.md")
    result.assert_outcomes(passed=9, failed=1, warnings=4)
    warned = ("views='warn'", "warning")
    assert sorted(rows(report)) == sorted([
        (*warned, line(read), line("WRITE-DIAGONAL"), DIAGONAL_VIEWS, 1)
        for read in ("READ-SUM", "READ-MAX", "READ-XP")
    ] + [(*warned, line("TEST-READ"), line("TEST-WRITE"), (line("TEST-VIEW"),), 1)])


def test_xp_params_runs_each_test_that_takes_xp_once_per_entry(fake):
    result, report = run(fake, "--xp-params", "default", "views=error;writeable=True",
                         "--xp-report", "report.md", "-v")
    result.stdout.fnmatch_lines([
        "*test_scaled?default? PASSED*",
        "*test_scaled?views=error;writeable=True? PASSED*",
        "*test_regularise_with_xp?default? PASSED*",
        "*test_regularise_with_xp?views=error;writeable=True? FAILED*",
    ])
    result.assert_outcomes(passed=10, failed=2)
    assert rows(report) == [
        ("views='error'", "failure", line("READ-XP"), line("WRITE-DIAGONAL"), DIAGONAL_VIEWS, 1),
    ]
    assert report["rows"]["views='error'"][0]["tests"] == [
        node_id("test_regularise_with_xp[views=error;writeable=True]")
    ]


def test_the_markers_match_the_xp_entry_as_well_as_the_run(fake):
    fake.makepyfile(test_markers="""
        import pytest

        @pytest.mark.skip_xp_mode("profile=jax", reason="JAX writes no arrays")
        def test_skipped_under_jax(xp):
            pass

        @pytest.mark.skip_xp_mode("profile=jax")
        @pytest.mark.xfail_xp_mode("views=error", strict=True)
        def test_fails_under_views_error(xp):
            base = xp.zeros(3)
            part = base[1:]
            part[0] = 1.0
            base + 1
    """)
    result, _ = run(fake, "test_markers.py", "--xp-params", "default", "profile=jax",
                    "views=error", "-rsx")
    result.assert_outcomes(passed=3, skipped=2, xfailed=1)
    result.stdout.fnmatch_lines([
        "*skip_xp_mode('profile=jax') under profile=jax: JAX writes no arrays*",
        "*xfail_xp_mode('views=error') under views=error*",
    ])


def test_the_workers_of_pytest_xdist_run_under_the_mode_and_report_as_one(fake):
    _, alone = run(fake, "--xp-mode", "views=warn", "--xp-report", "report.md")
    result, together = run(fake, "--xp-mode", "views=warn", "--xp-report", "report.md",
                           "-n", "2", plugins=("pytest_array_api_reshape", "xdist.plugin"))
    result.assert_outcomes(passed=9, failed=1, warnings=4)
    assert sorted(rows(together)) == sorted(rows(alone))
    assert (together["passed"], together["failed"]) == (9, 1)


@pytest.mark.parametrize("args, words", [
    (["--xp-mode", "no_such_flag=1"], "'no_such_flag' is no flag of array_api_reshape.flags"),
    (["--xp-mode", "views"], "--xp-mode: expected NAME=VALUE, got 'views'"),
    (["--xp-mode", "views=sideways"], "--xp-mode: views=sideways: flags: 'views' must be one of"),
    (["--xp-params", "lazy=True;writeable"], "--xp-params: expected NAME=VALUE"),
    (["--xp-params", "default", "profile=pytorch"],
     "--xp-params: profile=pytorch: flags: 'profile' must be None or one of 'torch'"),
])
def test_a_bad_option_is_a_usage_error_that_names_it(fake, args, words):
    result, _ = run(fake, *args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert words in result.stderr.str()
    assert result.stderr.str().count(words) == 1  # once, before any test runs
    assert "passed" not in result.stdout.str() and "failed" not in result.stdout.str()


def test_xp_mode_reads_values_as_the_environment_variables_do(fake):
    spelled_as_variables, _ = run(fake, "-k", "count_positive", "--xp-mode", "lazy=true",
                                  "--xp-mode", "enabled_extensions=linalg")
    as_literals, _ = run(fake, "-k", "count_positive", "--xp-mode", "lazy=True",
                         "--xp-mode", "enabled_extensions=('linalg',)")
    spelled_as_variables.assert_outcomes(failed=1, skipped=1)
    as_literals.assert_outcomes(failed=1, skipped=1)


def test_a_failure_raised_while_handling_the_modes_error_names_both(fake):
    fake.makepyfile(test_handled="""
        import array_api_reshape as xp
        import fakelib

        def test_the_library_wraps_it():
            try:
                fakelib.zero_first(xp.ones(3))
            except ValueError:
                raise AssertionError("zero_first could not write")
    """)
    result, report = run(fake, "test_handled.py", "--xp-mode", "writeable=False",
                         "--xp-report", "report.md")
    result.assert_outcomes(failed=1)
    (row,) = report["rows"]["writeable=False"]
    assert (row["error"], row["failed_with"]) == ("ValueError", "AssertionError")
    assert f"{row['at']['file']}:{row['at']['line']}" == line("WRITE-FIRST")
    assert "| ValueError (the test then failed with AssertionError): " in (
        fake.path / "report.md").read_text()
    result.stdout.fnmatch_lines(["array_api_reshape: 1 test failed because a mode refused, "
                                 "0 tests after a profile answered otherwise, 0 for other*"])


def test_a_marker_without_a_mode_is_a_usage_error(fake):
    fake.makepyfile(test_marker="""
        import pytest

        @pytest.mark.skip_xp_mode(reason="no mode")
        def test_x(xp):
            pass
    """)
    result, _ = run(fake, "test_marker.py", "--xp-params", "default")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "skip_xp_mode() needs a mode" in result.stderr.str()


def test_without_its_options_the_plugin_is_not_even_imported(fake):
    fake.makepyfile(test_alone="""
        import sys

        def test_nothing_imported():
            assert "array_api_reshape" not in sys.modules
            assert "array_api_reshape.testing" not in sys.modules
    """)
    result, report = run(fake, "test_alone.py")
    result.assert_outcomes(passed=1)
    assert report is None and "array_api_reshape:" not in result.stdout.str()


def test_the_entry_point_loads_the_plugin_when_pytest_autoloads(fake, monkeypatch):
    from importlib.metadata import entry_points

    (entry,) = [e for e in entry_points(group="pytest11") if e.name == "array_api_reshape"]
    assert entry.value == "pytest_array_api_reshape"
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    result, report = run(fake, "--xp-mode", "writeable=False", "--xp-report", "report.md",
                         "-p", "no:randomly", plugins=())
    result.assert_outcomes(passed=3, failed=6, xfailed=1)
    assert len(rows(report)) == 3


def test_other_projects_runs_do_not_rewrite_the_packages_asserts(pytester, monkeypatch):
    # pytest marks every module of a distribution with a pytest11 entry point for
    # assertion rewriting; the entry point takes the mark back for the package. (Its
    # rewriting finds modules on sys.path only: an installed package is there; an editable
    # one is put there.)
    import array_api_reshape

    monkeypatch.setenv("PYTHONPATH", str(Path(array_api_reshape.__file__).parents[1]))
    pytester.makepyfile(test_plain="""
        import array_api_reshape.linalg

        def test_not_rewritten():
            assert "@py_builtins" not in vars(array_api_reshape.linalg)
    """)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


def test_the_run_leaves_the_flags_as_they_were(pytester, monkeypatch):
    pytester.makepyfile(test_flags="""
        import os
        import subprocess
        import sys

        from array_api_reshape import flags

        def test_under_the_mode():
            assert flags.get()["views"] == "error"

        def test_so_is_a_process_the_test_starts():
            script = "from array_api_reshape import flags; print(flags.get()['views'])"
            done = subprocess.run([sys.executable, "-c", script], capture_output=True,
                                  text=True, check=True)
            assert done.stdout.strip() == "error"
    """)
    pytester.syspathinsert()
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    result = pytester.runpytest_inprocess("-p", "array_api_reshape.testing", "-p",
                                          "pytest_array_api_reshape", "--xp-mode",
                                          "views=error")
    result.assert_outcomes(passed=2)
    from array_api_reshape import flags

    assert flags.get()["views"] == "shared"
    assert "ARRAY_API_RESHAPE_VIEWS" not in os.environ
    with flags.using(profile="dask"):  # not set explicitly: the profile's value shows
        assert flags.get()["views"] == "copy-on-write"


def test_a_rerun_command_puts_the_test_under_the_runs_mode_again(fake):
    _, report = run(fake, "--xp-mode", "views=error", "--xp-report", "report.md")
    for row in report["rows"]["views='error'"]:
        command = shlex.split(row["rerun"])
        assert command[:2] == ["pytest", row["tests"][0]]
        again = fake.runpytest_subprocess("-p", "no:cacheprovider", *command[1:])
        again.assert_outcomes(failed=1)
    alone = fake.runpytest_subprocess("-p", "no:cacheprovider", "-p", "pytest_array_api_reshape",
                                      node_id("test_regularise"))
    alone.assert_outcomes(passed=1)  # without the mode it passes: the mode is in the command


def test_the_traceback_of_a_modes_error_ends_at_the_users_line(fake):
    result, _ = run(fake, "--xp-mode", "writeable=False", "-k", "test_zero_first and not expected")
    result.assert_outcomes(failed=1)
    output = result.stdout.str()
    assert f"{line('WRITE-FIRST')}: ValueError" in output
    assert "array_api_reshape/" not in output.split("short test summary")[0]


def test_a_bug_of_the_package_keeps_its_frames(fake):
    fake.makepyfile(test_bug="""
        import array_api_reshape as xp

        def test_a_bad_shape():
            xp.reshape(xp.ones(4), (3,))
    """)
    result, _ = run(fake, "test_bug.py", "--xp-mode", "writeable=False")
    result.assert_outcomes(failed=1)
    assert "array_api_reshape/" in result.stdout.str()  # no mode's error: nothing hidden


def test_a_test_asking_for_xp_without_the_options_is_told_which_give_it(fake):
    fake.makepyfile(test_alone_xp="""
        def test_wants_xp(xp):
            pass
    """)
    result, _ = run(fake, "test_alone_xp.py")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*fixture 'xp' not found*",
                                 "*the xp fixture is array_api_reshape's plugin's: give one of "
                                 "its options*"])
