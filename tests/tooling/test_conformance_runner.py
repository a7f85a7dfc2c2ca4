"""conformance/run.py's parts that need no checkout of the suite: the portability flags it
passes to the suite's processes, and the grouping of a mode's failures by cause."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "conformance"))

import run


def test_one_refusal_is_one_cause_whatever_the_values():
    first = "ValueError: __bool__(): needs the array's value, x=Array([1, 2], dtype=int8) (2, 3)"
    second = "ValueError: __bool__(): needs the array's value, x=Array([7.5], dtype=float32) (4,)"
    assert run.cause_of(first) == run.cause_of(second)
    assert run.cause_of(first) != run.cause_of("ValueError: __float__(): needs the array's value")


def test_flags_become_environment_variables_and_the_report_groups_failures(tmp_path):
    args = run.parse_arguments(["--suite", str(tmp_path), "--flag", "lazy=true",
                                "--flag", "enabled_extensions=",
                                "--report", str(tmp_path / "r.md")])
    assert args.flags == ["lazy=true", "enabled_extensions="]
    results = [
        ("test_a", "test_x[1]", "failed", "ValueError: __bool__(): needs the array's value (1,)"),
        ("test_a", "test_x[2]", "failed", "ValueError: __bool__(): needs the array's value (2, 2)"),
        ("test_b", "test_y", "failed", "AssertionError: out[0]=1, should be 2"),
        ("test_b", "test_z", "passed", ""),
    ]
    text = run.render(args, "abc1234", [(0, 1.0, results)])
    assert "flags: `lazy=true enabled_extensions=`" in text
    assert ("| 2 | ValueError: __bool__(): needs the array's value (shape) "
            "| `test_a::test_x[1]` |") in text
    assert "| 1 | AssertionError: out[N]=N, should be N | `test_b::test_y` |" in text


def test_a_flag_without_a_value_is_refused(tmp_path):
    with pytest.raises(SystemExit):
        run.parse_arguments(["--suite", str(tmp_path), "--flag", "lazy"])


def test_upstream_fixes_apply_to_a_scratch_copy_and_only_where_still_needed(tmp_path):
    import suite_fixes

    checkout = tmp_path / "checkout"
    (checkout / "array_api_tests").mkdir(parents=True)
    (checkout / ".git").mkdir()
    fix = suite_fixes.FIXES[0]
    original = "def test_from_dlpack(x):\n" + fix.anchor + "    return devices\n"
    (checkout / fix.path).write_text(original)
    copy, applied = suite_fixes.prepared_copy(checkout, tmp_path / "one")
    assert applied == [fix]
    assert fix.replacement in (copy / fix.path).read_text()
    assert (checkout / fix.path).read_text() == original  # the checkout is never changed
    assert not (copy / ".git").exists()
    (checkout / fix.path).write_text((copy / fix.path).read_text())  # upstream has it now
    _, applied = suite_fixes.prepared_copy(checkout, tmp_path / "two")
    assert applied == []


def test_split_everything_puts_its_start_up_module_on_the_suites_path(tmp_path, monkeypatch):
    args = run.parse_arguments(["--suite", str(tmp_path), "--split-everything",
                                "--report", str(tmp_path / "r.md")])
    seen = {}
    monkeypatch.setattr(run.subprocess, "run",
                        lambda command, cwd, env, check: seen.update(env=env))
    run.run_suite(args, 0, tmp_path / "junit.xml", tmp_path)
    folder = Path(run.__file__).parent / "split_everything"
    assert seen["env"]["PYTHONPATH"].split(run.os.pathsep)[0] == str(folder)
    assert "cut into pieces on four threads" in run.render(args, "abc1234", [(0, 1.0, [])])


def test_the_start_up_module_cuts_every_function_into_pieces():
    import os
    import subprocess

    folder = Path(run.__file__).parent / "split_everything"
    code = ("from array_api_reshape import threads; "
            "from array_api_reshape._kernels import _piecewise_kernels as p; "
            "print(threads.get(), set(p.THREADING_THRESHOLDS.values()), "
            "p.LOWEST_THREADING_THRESHOLD)")
    path = os.pathsep.join([str(folder), os.environ.get("PYTHONPATH", "")])
    env = dict(os.environ, PYTHONPATH=path)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["4", "{2}", "2"], out.stderr
