"""
The hooks through which the modes reach the chapters: each reads ``MODES`` itself, so that
a chapter reads it nowhere, and costs one call on the default path, where it answers as if
no mode existed.

What is tested: no chapter module reads ``MODES``; each hook, with no mode on, gives its
answer without asking the machinery behind it (which is replaced here by something that
fails); and, with the mode on, what it decides.
"""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape._modes import _call_rules, _default_dtypes, _results
from array_api_reshape._modes._call_rules import (
    CALL_ANSWERS,
    CALL_RULES,
    Refused,
    answers_otherwise,
    check_call,
)
from array_api_reshape._modes._default_dtypes import accumulator_dtype, dtype_of_data, dtype_on
from array_api_reshape._modes._profiles import REFUSED_ARGUMENTS
from array_api_reshape._modes._refusals import capabilities_here

CPU, DEVICE1, DEVICE2, NO_FLOAT64, NO_X64 = xp.__array_namespace_info__().devices()

PACKAGE_DIR = Path(xp.__file__).resolve().parent

@pytest.fixture(autouse=True)
def default_flags():
    flags.reset()
    yield
    flags.reset()


def _reads_of_modes(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree)
            if (isinstance(node, ast.Attribute) and getattr(node.value, "id", "") == "MODES")
            or (isinstance(node, ast.alias) and node.name == "MODES")]


def test_no_chapter_reads_the_modes():
    chapters = sorted([*(PACKAGE_DIR / "_chapters").rglob("*.py"),
                       *(PACKAGE_DIR / "_entries").rglob("*.py")])  # the compiled entries too
    assert len(chapters) > 15
    reading = {path.relative_to(PACKAGE_DIR).as_posix(): _reads_of_modes(path)
               for path in chapters if _reads_of_modes(path)}
    assert reading == {}, "ask a hook of _modes/ instead"


MOST_READS_OUTSIDE_THE_MODES = 40
"""The reads of MODES the package keeps outside _modes/: the array object's named places (a
view made, an array made, a write, its shape under a profile) and the dispatch's general
paths, where a hook's call would cost every call more than the read it saves."""


def _reads_of_modes_attributes(path: Path) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sum(1 for node in ast.walk(tree) if isinstance(node, ast.Attribute)
               and getattr(node.value, "id", "") in ("MODES", "_MODES"))


def test_the_modes_are_read_outside_modes_only_at_a_few_places():
    outside = [path for path in PACKAGE_DIR.rglob("*.py")
               if "_modes" not in path.relative_to(PACKAGE_DIR).parts]
    reads = {path.relative_to(PACKAGE_DIR).as_posix(): _reads_of_modes_attributes(path)
             for path in outside}
    assert sum(reads.values()) <= MOST_READS_OUTSIDE_THE_MODES, {
        name: count for name, count in reads.items() if count}
    assert {name.split("/")[0] for name, count in reads.items() if count} <= {"_array"}


def test_the_search_finds_a_read_of_the_modes(tmp_path):
    source = tmp_path / "chapter.py"
    source.write_text("from .._modes._flag_state import MODES\nif MODES.profile:\n    pass\n")
    assert _reads_of_modes(source) == [1, 2]


# --- a result made from inputs --------------------------------------------------------------

RESULT_HOOKS = [
    pytest.param(lambda r, x: _results.result_like(r, x), id="result_like"),
    pytest.param(lambda r, x: _results.broadcast_result(r, (x, 1.0), "f"), id="broadcast"),
    pytest.param(lambda r, x: _results.reduced_result(r, x, None, False), id="reduced"),
    pytest.param(lambda r, x: _results.joined_result(r, [x, x], 0), id="joined"),
    pytest.param(lambda r, x: _results.permuted_result(r, x, (0,)), id="permuted"),
]


@pytest.mark.parametrize("hook", RESULT_HOOKS)
def test_without_a_profile_a_result_comes_back_as_it_is(hook, monkeypatch):
    for name in ("same_axes", "carried", "after_reduction", "concatenated", "permuted",
                 "is_dask", "made_unknown"):
        monkeypatch.setattr(_results, name, None)  # any look would fail
    x = xp.arange(3)
    result = xp.zeros(3)
    assert hook(result, x) is result
    _results.data_dependent_results("nonzero", [result], x)
    assert result.shape == (3,)


def test_a_result_carries_its_inputs_unknown_sizes_under_the_dask_profile():
    with flags.using(profile="dask"):
        x = xp.arange(-3, 7)
        masked = x[x > 0]
        grid = xp.reshape(xp.arange(6.0), (2, 3))[xp.asarray([True, False])]
        assert _results.result_like(xp.zeros(6), masked).shape == (None,)
        assert _results.broadcast_result(xp.zeros(6), (masked, 2), "add").shape == (None,)
        assert _results.reduced_result(xp.zeros(3), grid, (0,), False).shape == (3,)
        assert _results.reduced_result(xp.zeros((1, 1)), grid, (1,), True).shape == (None, 1)
        assert _results.joined_result(xp.zeros(12), [masked, masked], 0).shape == (None,)
        assert _results.permuted_result(xp.zeros((3, 1)), grid, (1, 0)).shape == (3, None)
        values, inverse = xp.zeros(2), xp.zeros(6)
        _results.data_dependent_results("unique_inverse", [values, inverse], masked, 1)
        assert values.shape == (None,) and inverse.shape == (None,)


# --- a creation's defaults ----------------------------------------------------------------

def test_on_the_cpu_without_a_profile_the_defaults_are_the_cpu_s(monkeypatch):
    monkeypatch.setattr(_default_dtypes, "default_dtypes_of", None)  # any look would fail
    monkeypatch.setattr(_default_dtypes, "check_dtype_on_device", None)
    assert dtype_on(CPU, None, xp.float64, "f") is xp.float64
    assert dtype_on(CPU, xp.int8, xp.float64, "f") is xp.int8
    assert dtype_of_data(CPU, xp.complex128, [1j]) is xp.complex128
    assert accumulator_dtype(xp.int8, CPU) is xp.int64
    assert accumulator_dtype(xp.uint16, CPU) is xp.uint64
    assert accumulator_dtype(xp.float32, CPU) is xp.float32


def test_a_device_chooses_its_own_defaults_and_refuses_what_it_lacks():
    assert dtype_on(DEVICE2, None, xp.float64, "f") is xp.float32
    assert dtype_on(DEVICE2, None, xp.int64, "f") is xp.int64
    assert dtype_on(NO_X64, None, xp.complex128, "f") is xp.complex64
    assert dtype_on(NO_X64, None, xp.int8, "f") is xp.int8  # no default: kept
    with pytest.raises(ValueError, match="f\\(\\): device 'no_float64' has no float64"):
        dtype_on(NO_FLOAT64, xp.float64, xp.float64, "f")
    assert dtype_of_data(NO_X64, xp.int64, [1, 2]) is xp.int32
    assert accumulator_dtype(xp.int8, NO_X64) is xp.int32
    assert accumulator_dtype(xp.uint8, NO_X64) is xp.uint32


def test_a_profile_chooses_its_library_s_defaults_on_the_cpu():
    with flags.using(profile="torch"):
        assert dtype_on(CPU, None, xp.float64, "f") is xp.float32
        assert dtype_on(CPU, xp.float64, xp.float64, "f") is xp.float64  # asked for
        assert dtype_of_data(CPU, xp.float64, [1.5]) is xp.float32
        assert dtype_of_data(CPU, xp.float64, np.float64(1.5)) is xp.float64  # NumPy's
        assert accumulator_dtype(xp.uint8, CPU) is xp.int64
    with flags.using(profile="jax"):
        assert dtype_on(CPU, None, xp.int64, "f") is xp.int32


# --- a profile's rules for a call ---------------------------------------------------------

def _namespace_function(qualified: str) -> object:
    found: object = xp
    for part in qualified.split("."):
        found = getattr(found, part)
    return found


@pytest.mark.parametrize("function", sorted({*CALL_RULES, *CALL_ANSWERS}))
def test_each_function_with_rules_is_one_of_the_namespace(function):
    assert callable(_namespace_function(function))


def test_the_arguments_refused_are_the_ones_the_libraries_list():
    refused = {key for table in REFUSED_ARGUMENTS.values() for key in table}
    asked = {(function, rule.check.argument) for function, rules in CALL_RULES.items()
             for rule in rules if isinstance(rule.check, Refused)}
    assert asked == refused


def test_without_a_profile_no_rule_is_looked_up(monkeypatch):
    monkeypatch.setattr(_call_rules, "CALL_RULES", None)  # any look would fail
    monkeypatch.setattr(_call_rules, "CALL_ANSWERS", None)
    check_call("reshape", copy=False)
    assert answers_otherwise("flip") is False


def test_a_rule_runs_where_the_call_hands_it_what_it_reads():
    with flags.using(profile="dask"):
        check_call("reshape")
        check_call("reshape", shape=[2])  # the shape's rule is array-api-strict's
        with pytest.raises(AttributeError, match=r"^reshape\(\): Dask refuses copy=False"):
            check_call("reshape", copy=False)
        with pytest.raises(NotImplementedError, match="Dask refuses an array of repeats"):
            check_call("repeat", x=xp.ones((2, 2)), repeats=xp.asarray([1]), axis=0)
        with pytest.raises(NotImplementedError, match="refuses axis=None for more than one"):
            check_call("repeat", x=xp.ones((2, 2)), repeats=2, axis=None)
        check_call("repeat", x=xp.ones(2), repeats=2, axis=None)
    with flags.using(profile="strict"):
        check_call("reshape", copy=False)
        with pytest.raises(TypeError, match="'shape' must be a tuple in array-api-strict"):
            check_call("reshape", shape=[2])


def test_a_library_answers_otherwise_where_its_behaviour_says():
    assert answers_otherwise("flip") is False
    with flags.using(profile="torch"):
        assert answers_otherwise("flip") and answers_otherwise("sum")
        assert not answers_otherwise("linalg.svd") and not answers_otherwise("add")
    with flags.using(profile="dask"):
        assert answers_otherwise("linalg.svd") and not answers_otherwise("flip")
        with pytest.warns(UserWarning, match=r"^linalg.cholesky\(\): Dask gives the upper"):
            assert answers_otherwise("linalg.cholesky")


def test_the_capabilities_here_follow_the_flags_and_the_profile():
    both = {"boolean indexing": True, "data-dependent shapes": True}
    assert capabilities_here() == both
    with flags.using(boolean_indexing=False):
        assert capabilities_here() == {**both, "boolean indexing": False}
    with flags.using(lazy=True):
        assert capabilities_here() == dict.fromkeys(both, False)
    with flags.using(profile="jax"):
        assert capabilities_here() == dict.fromkeys(both, False)
