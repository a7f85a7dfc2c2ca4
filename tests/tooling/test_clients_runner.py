"""clients/run.py's parts: the text edits to other projects' scratch copies, reading
JUnit reports, telling which namespace a test ran on, and sorting failures by cause."""

from __future__ import annotations

import datetime
import os
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

def _run(namespace=None):
    return suites.PytestRun("array-api-extra", [], Path("."), {}, namespace=namespace,
                            known_namespaces=suites.ARRAY_API_EXTRA_BACKEND_IDS)


@pytest.mark.parametrize("name, expected", [
    ("test_incompatible_dtype[array_api_reshape-add-False-None]", "array_api_reshape"),
    ("test_at[numpy:readonly]", "numpy:readonly"),
    ("test_lazy_apply_device[True-array_api_strictest]", "array_api_strictest"),
    ("test_device[numpy]", "numpy"),
    ("test_version", None),
    ("test_dtype[float64-int64]", None),
])
def test_namespace_read_from_the_parameter_id(name, expected):
    assert _run().namespace_of(name) == expected


def test_a_run_of_every_backend_is_narrowed_to_ours_for_a_flagged_rerun():
    narrowed = _run().selecting_ours()
    assert narrowed.arguments[-2:] == [
        "-k", "array_api_reshape and not array_api_reshape_strictest"]
    one = suites.PytestRun("Cubed", ["a"], Path("."), {}, namespace="array_api_reshape")
    assert one.selecting_ours() is one


def test_a_run_on_one_namespace_owns_all_its_tests():
    assert _run("numpy").namespace_of("test_var[True-0.0-None]") == "numpy"


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
    assert "Fixed by e963e12" in fixed_section
    assert "`mean()` takes no `dtype=`" not in fixed_section   # it failed again in this run


def test_findings_under_the_strictest_modes_get_their_verdicts_or_say_they_have_none():
    extra = _run()
    read_only = "ValueError: __setitem__(): arrays are read-only here: the writeable flag is off"
    outcomes = [report.RunOutcome(extra, [
        _case("test_at[array_api_reshape_strictest-1]", "failed", read_only),
        _case("test_at[array_api_reshape_strictest-2]", "failed", read_only),
        _case("test_new[array_api_reshape_strictest]", "failed", "ValueError: something new"),
        _case("test_at[array_api_reshape-1]", "passed"),
    ], 1.0, "")]
    lines = "\n".join(report.mode_findings(outcomes))
    assert ("- **2** x `ValueError: __setitem__(): arrays are read-only here`, "
            "at `array_api_extra/_at.py:349`") in lines
    assert "non-portable write in array-api-extra" in lines
    assert "- **1** x `ValueError: something new`: not yet read, no verdict yet." in lines


def test_failures_under_a_profile_get_their_verdicts_and_are_counted_by_kind():
    extra = _run()
    take = ("NotImplementedError: take(): not implemented for uint32 in PyTorch: PyTorch's "
            "uint16, uint32 and uint64 are for storage")
    outcomes = {"torch": [report.RunOutcome(extra, [
        junit_results.CaseResult("TestSetDiff1D", "test_setdiff1d[array_api_reshape]", "failed",
                                 take),
        _case("test_new[array_api_reshape]", "failed", "RuntimeError: something new"),
        _case("test_fine[array_api_reshape]", "passed"),
        _case("test_setdiff1d[numpy]", "failed", take),
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
    test = "TestAngle::test_2d[array_api_reshape]"
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
    test = "test_at::test_gh134[array_api_reshape-True-None]"
    found = {profile: diagnoses.profile_finding_of(profile, "array-api-extra", test, message)
             for profile in diagnoses.PROFILES}
    assert found["dask"] is found["lowest"] is not None
    assert found["dask"].kind == diagnoses.OURS_TO_FIX
    assert found["torch"] is found["jax"] is found["cupy"] is None


def test_a_fixed_finding_of_ours_is_listed_once_no_failure_meets_it():
    extra = _run()
    outcomes = {"torch": [report.RunOutcome(extra, [
        _case("test_fine[array_api_reshape]", "passed"),
    ], 1.0, "")]}
    lines = "\n".join(report.profile_findings(outcomes))
    assert "Found in earlier runs, now fixed:" in lines
    assert "fixed by 4df45d5" in lines
    assert "No failures." in lines
    angle = ("AssertionError: ", "TestAngle", "test_2d[array_api_reshape]")
    outcomes = {"jax": [report.RunOutcome(extra, [
        junit_results.CaseResult(angle[1], angle[2], "failed", angle[0]),
    ], 1.0, "")]}
    lines = "\n".join(report.profile_findings(outcomes))
    assert "Found in earlier runs, now fixed:" not in lines   # it failed again in this run


def test_writes_found_by_the_views_modes_get_their_verdicts_or_say_they_have_none():
    extra = _run()
    in_at = ("ValueError: __iadd__() at array_api_extra/_at.py:347: this write changes elements "
             "that another array (made by asarray() at array_api_extra/_at.py:326) also views")
    outcomes = {"error-on-write": [report.RunOutcome(extra, [
        _case("test_update_ops[array_api_reshape-1]", "failed", in_at),
        _case("test_update_ops[array_api_reshape-2]", "failed", in_at),
        _case("test_other[array_api_reshape]", "failed", "ValueError: something new"),
        _case("test_update_ops[numpy-1]", "failed", in_at),
        _case("test_fine[array_api_reshape]", "passed"),
    ], 1.0, "")]}
    lines = "\n".join(report.views_findings(outcomes))
    assert "### views=error-on-write" in lines
    assert "1 passed, 3 failed on array_api_reshape" in lines
    assert "- **2** x an in-place operator on the temporary view" in lines
    assert "harmless in effect" in lines
    assert "- **1** x `ValueError: something new`: not yet read, no verdict yet." in lines
    assert report.views_findings({}) == []
