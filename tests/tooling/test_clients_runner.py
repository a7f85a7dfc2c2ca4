"""clients/run.py's parts: the text edits to other projects' scratch copies, reading
JUnit reports, telling which namespace a test ran on, comparing array-api-strict with our
namespace standing in for it, and sorting failures by cause."""

from __future__ import annotations

import datetime
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "clients"), str(ROOT / "conformance")]

import diagnoses  # noqa: E402
import junit_results  # noqa: E402
import report  # noqa: E402
import suites  # noqa: E402
from patching import (  # noqa: E402
    ALREADY_PRESENT,
    APPLIED,
    NOT_NEEDED,
    PatchError,
    Substitution,
    apply_substitutions,
    apply_workaround,
    with_workaround,
)


# --- patching ----------------------------------------------------------------------------

def test_substitution_replaces_every_expected_copy(tmp_path):
    (tmp_path / "a.py").write_text("import numpy as xp\nx = 1\nimport numpy as xp\n")
    apply_substitutions(tmp_path, [Substitution("a.py", "import numpy as xp", "import ours as xp",
                                                "why", count=2)])
    assert (tmp_path / "a.py").read_text() == "import ours as xp\nx = 1\nimport ours as xp\n"


@pytest.mark.parametrize("text, count", [("nothing here\n", 1), ("anchor anchor\n", 1),
                                         ("anchor\n", 2)])
def test_substitution_refuses_an_anchor_found_a_wrong_number_of_times(tmp_path, text, count):
    (tmp_path / "a.py").write_text(text)
    with pytest.raises(PatchError, match=r"a\.py holds \d copies of 'anchor', expected"):
        apply_substitutions(tmp_path, [Substitution("a.py", "anchor", "new", "why", count=count)])
    assert (tmp_path / "a.py").read_text() == text


def test_no_file_is_written_when_a_later_substitution_fails(tmp_path):
    (tmp_path / "a.py").write_text("first\n")
    (tmp_path / "b.py").write_text("second\n")
    edits = [Substitution("a.py", "first", "changed", "why"),
             Substitution("b.py", "missing", "changed", "why")]
    with pytest.raises(PatchError):
        apply_substitutions(tmp_path, edits)
    assert (tmp_path / "a.py").read_text() == "first\n"


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(PatchError, match=r"no file src/gone\.py"):
        apply_substitutions(tmp_path, [Substitution("src/gone.py", "a", "b", "why")])


def test_later_substitutions_see_earlier_ones_in_the_same_file(tmp_path):
    (tmp_path / "a.py").write_text("one\n")
    apply_substitutions(tmp_path, [Substitution("a.py", "one", "two", "why"),
                                   Substitution("a.py", "two", "three", "why")])
    assert (tmp_path / "a.py").read_text() == "three\n"


# --- the Dask executor's workaround, on a stand-in for cubed/runtime/executors/dask.py ----

_DASK_PY = """\
def check_runtime_memory(spec, client):
    workers = client.scheduler_info().get("workers")


class DaskExecutor:
    async def _async_execute_dag(self, dag, spec=None, compute_kwargs=None):
        async with Client(asynchronous=True, **compute_kwargs) as client:
            if spec is not None:
                check_runtime_memory(spec, client)
                kwargs["use_backups"] = True
"""
_FIXED_LINE = "                await client._update_scheduler_info(n_workers=-1)\n"


def test_the_dask_workaround_goes_before_the_memory_check_once():
    patched = with_workaround(_DASK_PY, suites.CUBED_DASK_WORKAROUND)
    assert patched.status == APPLIED and patched.places == 1
    assert patched.text == _DASK_PY.replace(
        "                check_runtime_memory(spec, client)\n",
        _FIXED_LINE + "                check_runtime_memory(spec, client)\n")


def test_the_dask_workaround_is_idempotent():
    once = with_workaround(_DASK_PY, suites.CUBED_DASK_WORKAROUND).text
    again = with_workaround(once, suites.CUBED_DASK_WORKAROUND)
    assert again.status == ALREADY_PRESENT and again.places == 0
    assert again.text == once


def test_the_dask_workaround_is_not_needed_where_the_call_is_gone():
    upstream_changed = _DASK_PY.replace("check_runtime_memory(spec, client)\n",
                                        "check_runtime_memory(spec, client, n_workers=-1)\n")
    patched = with_workaround(upstream_changed, suites.CUBED_DASK_WORKAROUND)
    assert patched.status == NOT_NEEDED and patched.places == 0
    assert patched.text == upstream_changed


def test_apply_workaround_writes_only_what_it_changes(tmp_path):
    executors = tmp_path / "runtime" / "executors"
    executors.mkdir(parents=True)
    (executors / "dask.py").write_text(_DASK_PY)
    assert apply_workaround(tmp_path, suites.CUBED_DASK_WORKAROUND) == APPLIED
    assert _FIXED_LINE in (executors / "dask.py").read_text()
    assert apply_workaround(tmp_path, suites.CUBED_DASK_WORKAROUND) == ALREADY_PRESENT
    (executors / "dask.py").unlink()
    assert apply_workaround(tmp_path, suites.CUBED_DASK_WORKAROUND) == NOT_NEEDED


def test_the_copy_of_cubed_is_patched_and_the_installed_package_is_not(tmp_path):
    package = tmp_path / "site-packages" / "cubed"
    (package / "runtime" / "executors").mkdir(parents=True)
    (package / "__pycache__").mkdir()
    (package / "__init__.py").write_text("")
    (package / "runtime" / "executors" / "dask.py").write_text(_DASK_PY)
    root = tmp_path / "scratch" / suites.CUBED_COPY
    assert suites.prepare_cubed_copy(package, root) == APPLIED
    assert _FIXED_LINE in (root / "cubed" / "runtime" / "executors" / "dask.py").read_text()
    assert (root / "cubed" / "__init__.py").exists()
    assert not (root / "cubed" / "__pycache__").exists()
    assert (package / "runtime" / "executors" / "dask.py").read_text() == _DASK_PY


@pytest.mark.parametrize("status, words", [
    (APPLIED, ["inserted before `check_runtime_memory(spec, client)`",
               "`check_runtime_memory` in `cubed/runtime/executors/dask.py`",
               "`Client._update_scheduler_info(n_workers=0)` in `distributed/client.py`"]),
    (ALREADY_PRESENT, ["already holds", "run unpatched"]),
    (NOT_NEEDED, ["has no `check_runtime_memory(spec, client)`", "run unpatched"]),
])
def test_the_report_says_whether_the_copy_was_patched(status, words):
    note = suites.workaround_note(suites.CUBED_DASK_WORKAROUND, status)
    assert all(word in note for word in words), note


# --- the pytest processes' import path ---------------------------------------------------

def test_a_scratch_copy_goes_first_on_the_path_and_the_callers_entries_stay(monkeypatch):
    # A worktree's package on PYTHONPATH must still be the one the suites import.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(["/work/tree", "/other"]))
    assert suites.path_before(Path("/scratch/src")) == os.pathsep.join(
        ["/scratch/src", "/work/tree", "/other"])
    monkeypatch.delenv("PYTHONPATH")
    assert suites.path_before(Path("/scratch/src")) == "/scratch/src"


# --- which of Cubed's tests each Cubed suite runs -----------------------------------------

def test_the_main_cubed_run_leaves_out_the_dask_tests_only_where_they_exist():
    assert suites.cubed_selection(["single-threaded", "threads", "processes"]) == []
    assert suites.cubed_selection(["single-threaded", "threads", "processes", "dask"]) == [
        "-k", "not dask"]


_CUBED_STAND_IN_TEST = """
import pytest


@pytest.mark.parametrize("executor", ["single-threaded", "threads", "processes", "dask"])
def test_add(executor):
    pass


@pytest.mark.cloud
def test_on_a_cloud_store():
    pass
"""


@pytest.mark.parametrize("selection, selected", [
    (["-k", "dask"], 4),                                            # the Dask suite
    (suites.cubed_selection(["threads", "dask"]), 12),              # the main run, dask there
    (suites.cubed_selection(["threads"]), 16),                      # the main run, no dask
])
def test_each_cubed_run_selects_its_executors_tests(tmp_path, selection, selected):
    # The stand-in lives where the Dask suite's copy does: pytest's -k also reads folder names.
    root = tmp_path / suites.CUBED_COPY
    tests = root / "cubed" / "tests"
    tests.mkdir(parents=True)
    for module in suites.CUBED_TEST_MODULES:
        (tests / f"{module}.py").write_text(_CUBED_STAND_IN_TEST)
    junit = tmp_path / "out.xml"
    subprocess.run([sys.executable, "-m", "pytest", *suites.cubed_arguments(root, tests),
                    *selection, "-q", "-p", "no:cacheprovider", f"--junitxml={junit}"],
                   cwd=root, capture_output=True, check=False)
    results = junit_results.read_results(junit)
    assert len(results) == selected
    assert all(result.outcome == "passed" for result in results)


def test_the_main_cubed_suite_is_unchanged_without_the_dask_executor():
    pytest.importorskip("cubed")
    without = suites.cubed_suite(["numpy"], ["single-threaded", "threads", "processes"],
                                 sys.executable)
    assert "-k" not in without.runs[0].arguments and len(without.notes) == 1
    with_dask = suites.cubed_suite(["numpy"], ["single-threaded", "threads", "processes", "dask"],
                                   sys.executable)
    assert with_dask.runs[0].arguments == without.runs[0].arguments + ["-k", "not dask"]
    assert "Cubed (Dask executor)" in with_dask.notes[1]


# --- JUnit reports, read from a real pytest run ------------------------------------------

def test_junit_outcomes_of_a_real_pytest_run(tmp_path):
    (tmp_path / "test_sample.py").write_text(textwrap.dedent("""
        import pytest

        def test_passes():
            pass

        def test_fails():
            raise TypeError("mean() got an unexpected keyword argument 'dtype'")

        @pytest.fixture
        def broken():
            raise RuntimeError("fixture broke")

        def test_errors(broken):
            pass

        @pytest.mark.skip(reason="not here")
        def test_skipped():
            pass

        @pytest.mark.xfail(reason="known", strict=True)
        def test_xfails():
            raise ValueError

        @pytest.mark.parametrize("backend", ["array_api_reshape", "numpy"])
        def test_each(backend):
            assert backend == "numpy"
    """))
    junit = tmp_path / "out.xml"
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                    "-c", "/dev/null", "--rootdir", str(tmp_path), str(tmp_path / "test_sample.py"),
                    f"--junitxml={junit}", "-o", "junit_family=xunit1"],
                   cwd=tmp_path, capture_output=True, check=False)
    results = {r.name: r for r in junit_results.read_results(junit)}
    assert {name: r.outcome for name, r in results.items()} == {
        "test_passes": "passed", "test_fails": "failed", "test_errors": "errors",
        "test_skipped": "skipped", "test_xfails": "xfailed",
        "test_each[array_api_reshape]": "failed", "test_each[numpy]": "passed",
    }
    assert results["test_fails"].message == (
        "TypeError: mean() got an unexpected keyword argument 'dtype'")
    assert results["test_passes"].message == ""
    assert results["test_fails"].module == "test_sample"


# --- which namespace a test ran on -------------------------------------------------------

def _run(namespace=None, **options):
    return suites.PytestRun("array-api-extra", [], Path("."), {}, namespace=namespace,
                            known_namespaces=suites.ARRAY_API_EXTRA_BACKEND_IDS, **options)


@pytest.mark.parametrize("name, expected", [
    ("test_incompatible_dtype[array_api_strict-add-False-None]", "array_api_strict"),
    ("test_at[numpy:readonly]", "numpy:readonly"),
    ("test_lazy_apply_device[True-array_api_strictest]", "array_api_strictest"),
    ("test_device[numpy]", "numpy"),
    ("test_version", None),
    ("test_dtype[float64-int64]", None),
])
def test_namespace_read_from_the_parameter_id(name, expected):
    assert _run().namespace_of(name) == expected


@pytest.mark.parametrize("name, expected", [
    ("test_at[array_api_strict-add]", "array_api_reshape as array_api_strict (pure)"),
    ("test_at[True-array_api_strictest]", "array_api_reshape as array_api_strictest (pure)"),
    ("test_version", None),
])
def test_a_stand_in_run_names_ours_as_the_backend_it_stands_in_for(name, expected):
    standing_in = _run(stand_in="array_api_strict", build="pure")
    assert standing_in.namespace_of(name) == expected
    assert suites.is_ours(expected or "array_api_reshape")
    assert not suites.is_ours("array_api_strict")
    command = standing_in.command(Path("out.xml"), "2")
    assert command[command.index("--xp-as") + 1] == "array_api_strict"
    assert "--xp-as" not in _run().command(Path("out.xml"), "2")


def test_our_default_namespace_standing_in_owns_its_tests():
    ours = _run("array_api_reshape", stand_in="array_api_strict", build="compiled")
    assert ours.namespace_of("test_at[array_api_strict-add]") == "array_api_reshape"


def test_a_run_on_one_namespace_owns_all_its_tests():
    assert _run("numpy").namespace_of("test_var[True-0.0-None]") == "numpy"


# --- array-api-strict and our namespace standing in for it, test by test ----------------

_IMMUTABLE = ("TypeError: cannot set 'shape' attribute of immutable type "
              "'array_api_reshape._array._array_object.Array'")


def _compat_case(name, outcome, message=""):
    return junit_results.CaseResult("test_common", name, outcome, message)


def _strict_results():
    """array-api-compat's fake selection as the real array-api-strict gives it."""
    return [_compat_case("test_same[array_api_strict]", "passed"),
            _compat_case("test_is_lazy_array_nan_size[shape0]", "passed"),
            _compat_case("test_new[array_api_strict]", "passed"),
            _compat_case("test_device_to_device[array_api_strict]", "failed", "E"),
            _compat_case("test_only_ours[array_api_strict]", "skipped", "why"),
            _compat_case("test_missing[array_api_strict]", "passed")]


def _compared_suite(ours_compiled, ours_pure):
    """array-api-compat's comparison: the real run, and a stand-in run per build."""
    def run(**options):
        return suites.PytestRun("array-api-compat", [], Path("."), {},
                                namespace="array_api_strict", **options)
    real, compiled, pure = run(), run(stand_in="array_api_strict", build="compiled"), run(
        stand_in="array_api_strict", build="pure")
    real_results = _strict_results()
    outcomes = [report.RunOutcome(real, real_results, 1.0, ""),
                report.RunOutcome(compiled, ours_compiled, 1.0, ""),
                report.RunOutcome(pure, ours_pure, 1.0, "")]
    suite = suites.Suite("array-api-compat", "abc123", [real, compiled, pure], ["note"],
                         suites.StandInComparison(real, [compiled, pure]))
    return suite, outcomes


def _disagreeing_suite():
    return _compared_suite(
        [_compat_case("test_same[array_api_strict]", "passed"),
         _compat_case("test_is_lazy_array_nan_size[shape0]", "failed", _IMMUTABLE),
         _compat_case("test_new[array_api_strict]", "failed", "AssertionError: new"),
         _compat_case("test_device_to_device[array_api_strict]", "failed", "E"),
         _compat_case("test_only_ours[array_api_strict]", "passed"),
         _compat_case("test_missing[array_api_strict]", "passed")],
        [_compat_case("test_same[array_api_strict]", "passed"),
         _compat_case("test_is_lazy_array_nan_size[shape0]", "passed"),
         _compat_case("test_new[array_api_strict]", "failed", "AssertionError: new"),
         _compat_case("test_device_to_device[array_api_strict]", "failed", "E"),
         _compat_case("test_only_ours[array_api_strict]", "passed")])


def test_each_test_is_compared_on_every_build():
    suite, outcomes = _disagreeing_suite()
    found = report.compared(suite, outcomes)
    lost = {d.test: d for d in found.lost()}
    assert set(lost) == {"test_common::test_is_lazy_array_nan_size[shape0]",
                         "test_common::test_new[array_api_strict]",
                         "test_common::test_missing[array_api_strict]"}
    lazy = lost["test_common::test_is_lazy_array_nan_size[shape0]"]
    assert lazy.ours == {"compiled": "failed", "pure": "passed"}
    assert lazy.finding.kind == diagnoses.OURS_FIXED
    assert lazy.verdict.startswith(
        "ours: fixed by 998e61c, yet failing here: the compiled Array class cannot be patched")
    assert lost["test_common::test_missing[array_api_strict]"].ours["pure"] == report.NOT_RUN
    assert lost["test_common::test_new[array_api_strict]"].verdict == (
        "no verdict yet: `AssertionError: new`")
    assert [d.test for d in found.gained()] == ["test_common::test_only_ours[array_api_strict]"]


def test_a_finding_holds_only_on_the_builds_it_names():
    # Failing on the pure build too, the compiled class is not the explanation.
    assert diagnoses.stand_in_finding_of(
        "array-api-compat", "test_common::test_is_lazy_array_nan_size[shape0]", _IMMUTABLE,
        ["compiled", "pure"]) is None
    assert diagnoses.stand_in_finding_of(
        "array-api-extra", "test_common::test_is_lazy_array_nan_size[shape0]", _IMMUTABLE,
        ["compiled"]) is None
    assert all(finding.kind in diagnoses.STAND_IN_VERDICTS
               for finding in diagnoses.STAND_IN_FINDINGS)


def test_the_report_counts_and_lists_every_test_that_passes_on_one_side_only():
    suite, outcomes = _disagreeing_suite()
    lines = "\n".join(report.stand_in_section([suite], outcomes))
    assert ("| suite | backend | tests | pass on array-api-strict | pass standing in (compiled) "
            "| pass standing in (pure) | pass on array-api-strict, not standing in |") in lines
    assert "| array-api-compat | array_api_strict | 6 | 4 | 3 | 3 | 3 |" in lines
    assert ("| array-api-compat | `test_common::test_is_lazy_array_nan_size[shape0]` | passed "
            "| failed | passed | ours: fixed by 998e61c, yet failing here: the compiled Array "
            "class cannot be patched") in lines
    assert ("| array-api-compat | `test_common::test_missing[array_api_strict]` | passed | "
            "passed | not run | no verdict yet |") in lines
    gained = lines[lines.index("### Passing standing in, not on array-api-strict"):]
    assert ("| array-api-compat | `test_common::test_only_ours[array_api_strict]` | skipped | "
            "passed | passed |") in gained
    assert "The verdicts' evidence:" in lines
    assert report.stand_in_section([suites.Suite("Cubed", "1", [], ["n"])], outcomes) == []


def test_a_test_passing_on_strict_and_not_standing_in_fails_the_run():
    suite, outcomes = _disagreeing_suite()
    assert not report.ours_all_passed(outcomes, [suite])
    agreeing = _strict_results()  # standing in, each test as on array-api-strict
    suite, outcomes = _compared_suite(agreeing, agreeing)
    assert report.ours_all_passed(outcomes, [suite])
    text = "\n".join(report.stand_in_section([suite], outcomes))
    assert text.count("None.") == 2


def test_a_suite_is_not_compared_when_one_of_its_runs_gave_no_results():
    suite, outcomes = _disagreeing_suite()
    outcomes[1] = report.RunOutcome(outcomes[1].run, [], 1.0, "pytest exited 4 without a report")
    assert report.compared(suite, outcomes) is None
    lines = "\n".join(report.stand_in_section([suite], outcomes))
    assert ("array-api-compat: not compared, as array_api_strict, array_api_reshape standing in "
            "for array_api_strict (compiled) gave no results.") in lines
    assert not report.ours_all_passed(outcomes, [suite])


# --- sorting failures into causes, and the report ----------------------------------------

MESSAGES = {
    "mean": "TypeError: mean() got an unexpected keyword argument 'dtype'",
    "mixed": ("TypeError: divide(): the standard defines no type promotion between "
              "array_api_reshape.float64 and array_api_reshape.int64; convert one of them "
              "explicitly with astype()"),
    "mixed-reversed": ("TypeError: multiply(): the standard defines no type promotion between "
                       "array_api_reshape.int64 and array_api_reshape.float64"),
    "pickle": ("TypeError: Array() cannot be called directly; use array_api_reshape.asarray() "
               "or another creation function"),
    "take": "TypeError: take(): 'indices' must be an array_api_reshape Array, got int",
    "scalar": ("TypeError: subtract(): the standard defines no operation between an array of "
               "array_api_reshape.int64 and a Python float"),
}


@pytest.mark.parametrize("key, title_word", [
    ("mean", "mean"), ("mixed", "Mixed"), ("mixed-reversed", "Mixed"), ("pickle", "unpickle"),
    ("take", "take"), ("scalar", "Python float"),
])
def test_each_known_message_finds_its_cause(key, title_word):
    cause = diagnoses.cause_of("Cubed", "test_x", MESSAGES[key])
    assert cause is not None and title_word in cause.title


def test_promotion_between_two_integer_dtypes_is_not_the_mixed_kind_cause():
    message = "no type promotion between array_api_reshape.int8 and array_api_reshape.uint64"
    assert diagnoses.cause_of("Cubed", "test_x", message) is None


def test_a_cause_can_be_limited_to_a_suite_and_a_test():
    message = "AssertionError: Regex pattern did not match."
    assert diagnoses.cause_of("array-api-extra", "test_incompatible_dtype[array_api_reshape-x]",
                              message) is not None
    assert diagnoses.cause_of("Cubed", "test_incompatible_dtype", message) is None
    assert diagnoses.cause_of("array-api-extra", "test_other", message) is None


def _case(name, outcome, message=""):
    return junit_results.CaseResult("test_array_api", name, outcome, message)


def _sample_report() -> str:
    ours = suites.PytestRun("Cubed", [], Path("."), {}, namespace="array_api_reshape")
    numpy = suites.PytestRun("Cubed", [], Path("."), {}, namespace="numpy")
    extra = _run()
    outcomes = [
        report.RunOutcome(ours, [
            _case("test_sum[threads]", "passed"),
            _case("test_var[True-0.0-None]", "failed", MESSAGES["mean"]),
            _case("test_var[False-0.0-None]", "failed", MESSAGES["mean"]),
            _case("test_odd", "errors", "RuntimeError: something new"),
        ], 12.3, ""),
        report.RunOutcome(numpy, [_case("test_sum[threads]", "passed")], 4.0, ""),
        report.RunOutcome(extra, [_case("test_at[torch]", "skipped"),
                                  _case("test_at[numpy]", "passed")], 2.0, ""),
    ]
    chosen = [suites.Suite("Cubed", "0.27.0", [ours, numpy], ["Cubed note"]),
              suites.Suite("array-api-extra", "abc123", [extra], ["extra note", "an edit"])]
    return report.render(chosen, outcomes, "Python 3", datetime.date(2026, 1, 2)), outcomes


def test_report_counts_side_by_side():
    text, _ = _sample_report()
    assert "| Cubed | array_api_reshape | 1 | 2 | 1 | 0 | 0 | 12 s |" in text
    assert "| Cubed | numpy | 1 | 0 | 0 | 0 | 0 | 4 s |" in text
    assert "| array-api-extra | numpy | 1 | 0 | 0 | 0 | 0 | 2 s |" in text
    assert "array-api-extra: every test skipped on torch" in text


def test_report_sorts_our_failures_by_cause_and_lists_the_unknown():
    text, outcomes = _sample_report()
    assert "### 1. `mean()` takes no `dtype=` (2 tests; back after 156cb93" in text
    assert "`test_array_api::test_var` x2 (Cubed)" in text
    assert "### Not yet diagnosed (1 tests)" in text
    assert "`RuntimeError: something new`: `test_array_api::test_odd` (Cubed)" in text
    assert not report.ours_all_passed(outcomes)
    assert "- extra note\n  - an edit" in text


# --- the whole runner, on a small stand-in for an einops checkout -----------------------

_STAND_IN_TEST = '''
import numpy as np


def test_{name}_array_api():
    import numpy as xp

    if xp.__version__ < "2.0.0":
        raise AssertionError("guard not rewritten")
    x = xp.reshape(xp.asarray([1.0, 2.0, 3.0, 4.0]), [2, 2])
    assert float(xp.sum(x)) == 10.0
'''


def _stand_in_einops(root: Path) -> Path:
    """A git checkout laid out like einops, whose array-API tests use the same anchors."""
    tests = root / "einops" / "tests"
    tests.mkdir(parents=True)
    (root / "einops" / "__init__.py").write_text("")
    (tests / "__init__.py").write_text("")
    (tests / "test_array_api.py").write_text(
        "".join(_STAND_IN_TEST.format(name=name) for name in ("rearrange", "reduce", "repeat")))
    (tests / "test_packing.py").write_text(
        _STAND_IN_TEST.format(name="pack_unpack") + "\n\ndef test_other():\n    pass\n")
    for command in (["init", "-q"], ["add", "."],
                    ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "stand-in"]):
        subprocess.run(["git", "-C", str(root), *command], check=True)
    return root


def test_runner_end_to_end_on_a_stand_in_checkout(tmp_path):
    checkout = _stand_in_einops(tmp_path / "einops-checkout")
    before = (checkout / "einops" / "tests" / "test_array_api.py").read_text()
    report_path = tmp_path / "REPORT.md"
    completed = subprocess.run(
        [sys.executable, str(ROOT / "clients" / "run.py"), "--no-cubed", "--einops", str(checkout),
         "--namespaces", "array_api_reshape", "array_api_strict", "--workers", "0",
         "--report", str(report_path)],
        capture_output=True, text=True, check=False, timeout=300,
    )
    text = report_path.read_text()
    # ours takes the list shape; array_api_strict refuses it, as with the real einops tests
    assert "| einops | array_api_reshape | 4 | 0 | 0 | 0 | 0 |" in text, completed.stdout
    assert "| einops | array_api_strict | 0 | 4 | 0 | 0 | 0 |" in text
    assert "## Failures on array_api_reshape, by cause\n\nNone." in text
    assert completed.returncode == 0
    assert (checkout / "einops" / "tests" / "test_array_api.py").read_text() == before


def test_runner_reruns_under_a_profile_and_reads_its_logs_back(tmp_path):
    checkout = _stand_in_einops(tmp_path / "einops-checkout")
    command = [sys.executable, str(ROOT / "clients" / "run.py"), "--no-cubed",
               "--einops", str(checkout), "--namespaces", "array_api_reshape",
               "--workers", "0", "--profiles", "torch", "--logs", str(tmp_path / "logs")]
    first = subprocess.run([*command, "--report", str(tmp_path / "first.md")],
                           capture_output=True, text=True, check=False, timeout=300)
    text = (tmp_path / "first.md").read_text()
    assert "### profile=torch (PyTorch)" in text, first.stdout
    assert "| einops | 4 | 0 | 0 | 0 | 0 |" in text
    assert (tmp_path / "logs" / "einops-profile-torch.xml").exists()
    again = subprocess.run([*command, "--from-logs", "--report", str(tmp_path / "again.md")],
                           capture_output=True, text=True, check=False, timeout=120)
    assert "running einops under profile=torch" in again.stdout
    reread = (tmp_path / "again.md").read_text()
    assert reread.split("| wall time |")[0] == text.split("| wall time |")[0]
    assert reread[reread.index("## Under each profile"):] == text[text.index(
        "## Under each profile"):]


# --- the whole runner, on small stand-ins for array-api-extra and array-api-compat --------

_IMPORTS_STRICT = """\
import array_api_strict  # the stand-in must hold from the conftest on, as in the real suites
"""

_EXTRA_TESTS = """\
import importlib

import pytest


@pytest.fixture(params=["array_api_strict", "array_api_strictest", "numpy"])
def xp(request):
    return importlib.import_module(request.param.removesuffix("est"))


def test_sum(xp):
    assert int(xp.sum(xp.asarray([1, 2]))) == 3


def test_class_module(xp):  # asks for the real package's class: no stand-in can pass
    assert type(xp.asarray(1)).__module__.split(".")[0] in ("array_api_strict", "numpy")
"""

_COMPAT_TESTS = """\
import importlib

import pytest


@pytest.mark.parametrize("library", ["array_api_strict"])
def test_name(library):
    assert importlib.import_module(library).__name__ == library


@pytest.mark.parametrize("library", ["array_api_strict"])
def test_ours_only(library):
    xp = importlib.import_module(library)
    assert type(xp.asarray(1)).__module__.startswith("array_api_reshape")


@pytest.mark.parametrize("shape", [(None,)])
def test_is_lazy_array_nan_size(shape, monkeypatch):  # as array-api-compat's own test
    import array_api_strict as xp

    x = xp.asarray(1)
    monkeypatch.setattr(type(x), "shape", shape)
    assert x.shape == shape


def test_not_selected():
    pass
"""


def _commit(root: Path) -> Path:
    for command in (["init", "-q"], ["add", "."],
                    ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "stand-in"]):
        subprocess.run(["git", "-C", str(root), *command], check=True)
    return root


def _stand_in_extra(root: Path) -> Path:
    """A git checkout laid out like array-api-extra: backends as parameter ids."""
    tests = root / "tests" / "main"
    tests.mkdir(parents=True)
    (root / "src").mkdir()
    (tests / "conftest.py").write_text(_IMPORTS_STRICT)
    (tests / "test_at.py").write_text(_EXTRA_TESTS)
    return _commit(root)


def _stand_in_compat(root: Path) -> Path:
    """A git checkout laid out like array-api-compat: library names as parameters."""
    tests = root / "tests"
    tests.mkdir(parents=True)
    (root / "src").mkdir()
    (tests / "conftest.py").write_text(_IMPORTS_STRICT)
    (tests / "test_common.py").write_text(_COMPAT_TESTS)
    return _commit(root)


def test_runner_compares_strict_with_the_stand_in_on_unpatched_checkouts(tmp_path):
    extra = _stand_in_extra(tmp_path / "extra-checkout")
    compat = _stand_in_compat(tmp_path / "compat-checkout")
    report_path = tmp_path / "REPORT.md"
    completed = subprocess.run(
        [sys.executable, str(ROOT / "clients" / "run.py"), "--no-cubed",
         "--array-api-extra", str(extra), "--array-api-compat", str(compat),
         "--workers", "0", "--report", str(report_path)],
        capture_output=True, text=True, check=False, timeout=300,
    )
    text = report_path.read_text()
    compiled = suites.installed_build(sys.executable) == suites.COMPILED
    # array-api-extra: both strict backends, real and standing in (on the pure-Python build,
    # which --xp-as chooses); ours; the other backends
    assert "| array-api-extra | array_api_strict | 2 | 0 | 0 | 0 | 0 |" in text, completed.stdout
    assert ("| array-api-extra | array_api_reshape as array_api_strictest (pure) "
            "| 1 | 1 | 0 | 0 | 0 |") in text
    assert "| array-api-extra | array_api_reshape | 1 | 1 | 0 | 0 | 0 |" in text
    assert "| array-api-extra | numpy | 2 | 0 | 0 | 0 | 0 |" in text
    assert "| array-api-extra | array_api_strictest | 2 | 2 | 1 | 1 |" in text
    assert ("| array-api-extra | `test_at::test_class_module[array_api_strictest]` | passed | "
            "failed | no verdict yet") in text
    assert "`test_at::test_sum[" not in text
    # array-api-compat: the selection, standing in on the pure-Python build, whose class
    # takes the patch; on the compiled core (for the record, not compared) it cannot
    assert "| array-api-compat | array_api_strict | 3 | 2 | 3 | 0 |" in text
    assert "test_not_selected" not in text
    if compiled:
        assert ("| array-api-compat | array_api_reshape as array_api_strict (compiled) "
                "| 2 | 1 |") in text
    gained = text[text.index("### Passing standing in, not on array-api-strict"):]
    assert "`test_common::test_ours_only[array_api_strict]` | failed | passed |" in gained
    assert completed.returncode == 1
    for checkout in (extra, compat):
        assert subprocess.run(["git", "-C", str(checkout), "status", "--porcelain"],
                              capture_output=True, text=True, check=True).stdout == ""


def test_runner_stops_with_the_missing_anchor_named(tmp_path):
    checkout = _stand_in_einops(tmp_path / "einops-checkout")
    tests = checkout / "einops" / "tests"
    (tests / "test_packing.py").write_text("def test_other():\n    pass\n")
    subprocess.run(["git", "-C", str(checkout), "-c", "user.name=t", "-c", "user.email=t@t",
                    "commit", "-qam", "upstream moved on"], check=True)
    completed = subprocess.run(
        [sys.executable, str(ROOT / "clients" / "run.py"), "--no-cubed", "--einops", str(checkout),
         "--report", str(tmp_path / "REPORT.md")],
        capture_output=True, text=True, check=False, timeout=120,
    )
    assert completed.returncode == 2
    assert ("einops/tests/test_packing.py holds 0 copies of '    import numpy as xp\\n'"
            in completed.stderr)
    assert not (tmp_path / "REPORT.md").exists()


def test_report_keeps_the_fixed_causes_that_no_test_meets_any_more():
    text, _ = _sample_report()
    fixed_section = text[text.index("## Causes found in earlier runs, now fixed"):]
    assert "### Arrays do not unpickle" in fixed_section
    assert ("Fixed (arrays pickle: __reduce__ rebuilds them through a checked layout)."
            in fixed_section)
    assert not re.search(r"\b[0-9a-f]{7}\b", fixed_section)  # no commit a reader cannot follow
    assert report.without_commits("4 tests at 9a77706, and more") == "4 tests, and more"
    assert report.without_commits("70d5afe (as NumPy does)") == "as NumPy does"
    assert "`mean()` takes no `dtype=`" not in fixed_section   # it failed again in this run


def _ours_rerun():
    """array-api-extra's run on our default namespace, which the modes and profiles rerun:
    the stand-in under profile=None, on the array_api_strict backend's tests."""
    return _run("array_api_reshape", stand_in="array_api_strict", build="compiled")


def test_failures_under_a_profile_get_their_verdicts_and_are_counted_by_kind():
    extra = _ours_rerun()
    take = ("NotImplementedError: take(): not implemented for uint32 in PyTorch: PyTorch's "
            "uint16, uint32 and uint64 are for storage")
    outcomes = {"torch": [report.RunOutcome(extra, [
        junit_results.CaseResult("TestSetDiff1D", "test_setdiff1d[array_api_strict]", "failed",
                                 take),
        _case("test_new[array_api_strict]", "failed", "RuntimeError: something new"),
        _case("test_fine[array_api_strict]", "passed"),
    ], 1.0, "")]}
    lines = "\n".join(report.profile_findings(outcomes))
    assert "### profile=torch (PyTorch)" in lines
    assert "| array-api-extra | 1 | 2 | 0 | 0 | 0 |" in lines
    assert "| the library's own behaviour | 1 |" in lines
    assert "| no verdict yet | 1 |" in lines
    assert "- **1** x `setdiff1d` of uint32 arrays" in lines
    assert "xfail_xp_backend(Backend.TORCH" in lines
    assert "- **1** x `RuntimeError: something new`: not yet read, no verdict yet." in lines
    assert report.profile_findings({}) == []


def test_a_profile_finding_is_limited_to_its_profile_suite_and_test():
    message = "AssertionError: "
    test = "TestAngle::test_2d[array_api_strict]"
    found = diagnoses.profile_finding_of("torch", "array-api-extra", test, message)
    assert found is not None and found.kind == diagnoses.OURS_TO_FIX
    assert diagnoses.profile_finding_of("torch", "Cubed", test, message) is None
    assert diagnoses.profile_finding_of("torch", "array-api-extra", "TestAngle::test_basic[x]",
                                        message) is None
    assert all(finding.kind in diagnoses.VERDICT_KINDS
               and set(finding.profiles) <= set(diagnoses.PROFILES)
               for finding in diagnoses.PROFILE_FINDINGS)


def test_a_finding_of_one_library_holds_under_lowest_too_and_nowhere_else():
    message = ("NotImplementedError: __setitem__(): Dask does not support a 0-dimensional "
               "boolean mask (it takes one integer index array, ...)")
    test = "test_at::test_gh134[array_api_strict-True-None]"
    found = {profile: diagnoses.profile_finding_of(profile, "array-api-extra", test, message)
             for profile in diagnoses.PROFILES}
    assert found["dask"] is found["lowest"] is not None
    assert found["dask"].kind == diagnoses.OURS_TO_FIX
    assert found["torch"] is found["jax"] is found["cupy"] is None


def test_a_fixed_finding_of_ours_is_listed_once_no_failure_meets_it():
    extra = _ours_rerun()
    outcomes = {"torch": [report.RunOutcome(extra, [
        _case("test_fine[array_api_strict]", "passed"),
    ], 1.0, "")]}
    lines = "\n".join(report.profile_findings(outcomes))
    assert "Found in earlier runs, now fixed:" in lines
    assert "fixed (float32 atan2 correctly rounded under torch and jax)" in lines
    assert "4df45d5" not in lines
    assert "No failures." in lines
    angle = ("AssertionError: ", "TestAngle", "test_2d[array_api_strict]")
    outcomes = {"jax": [report.RunOutcome(extra, [
        junit_results.CaseResult(angle[1], angle[2], "failed", angle[0]),
    ], 1.0, "")]}
    lines = "\n".join(report.profile_findings(outcomes))
    assert "Found in earlier runs, now fixed:" not in lines   # it failed again in this run


def test_writes_found_by_the_views_modes_get_their_verdicts_or_say_they_have_none():
    extra = _ours_rerun()
    in_at = ("ValueError: __iadd__() at array_api_extra/_at.py:347: this write changes elements "
             "that another array (made by asarray() at array_api_extra/_at.py:326) also views")
    outcomes = {"error-on-write": [report.RunOutcome(extra, [
        _case("test_update_ops[array_api_strict-1]", "failed", in_at),
        _case("test_update_ops[array_api_strict-2]", "failed", in_at),
        _case("test_other[array_api_strict]", "failed", "ValueError: something new"),
        _case("test_fine[array_api_strict]", "passed"),
    ], 1.0, "")]}
    lines = "\n".join(report.views_findings(outcomes))
    assert "### views=error-on-write" in lines
    assert "1 passed, 3 failed on array_api_reshape" in lines
    assert "- **2** x an in-place operator on the temporary view" in lines
    assert "harmless in effect" in lines
    assert "- **1** x `ValueError: something new`: not yet read, no verdict yet." in lines
    assert report.views_findings({}) == []
