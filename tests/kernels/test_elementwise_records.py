"""One record per element-wise function: every part of the package reads it.

The records of ``_kernels/_elementwise_records.py`` are checked for what each field may
hold, their operators against ``Array``, and a made-up function, added as a record and a
chapter entry and nothing else, is picked up by the dispatch, the kernels' kind of work,
the versions and the documentation.
"""

from __future__ import annotations

import doctest
import re

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape._array import _elementwise_dispatch as dispatch, _versions
from array_api_reshape._chapters import _elementwise_functions as chapter
from array_api_reshape._kernels import _piecewise_kernels as piecewise
from array_api_reshape._kernels._elementwise_records import (
    ELEMENTWISE_FUNCTIONS,
    ElementwiseFunction,
)
from array_api_reshape._tables._dtypes import KIND_GROUPS
from array_api_reshape._modes._flag_state import SUPPORTED_API_VERSIONS

RECORDS = sorted(ELEMENTWISE_FUNCTIONS.values(), key=lambda record: record.name)


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: record.name)
def test_every_record_holds_what_its_fields_allow(record):
    assert ELEMENTWISE_FUNCTIONS[record.name] is record
    assert record.arity in (1, 2)
    assert record.kinds in KIND_GROUPS
    assert record.result in dispatch.RESULT_DESCRIPTIONS
    assert record.work in piecewise.THREADING_THRESHOLDS
    assert record.added_in in SUPPORTED_API_VERSIONS
    assert callable(record.kernel)
    if record.arity == 1:
        assert record.quiet_for is None, "unary kernels always run silenced"
    else:
        assert record.quiet_for is None or record.quiet_for in KIND_GROUPS
    if record.plain_ufunc is not None:
        kinds, ufunc = record.plain_ufunc
        assert isinstance(ufunc, np.ufunc) and not isinstance(record.kernel, np.ufunc)
        assert set(kinds) <= set("biufc")
    assert record.name in xp.__all__
    assert getattr(xp, record.name).__name__ == record.name


@pytest.mark.parametrize("record", [r for r in RECORDS if r.operators], ids=lambda r: r.name)
def test_every_records_operators_are_methods_of_array_naming_it(record):
    for method in record.operators:
        assert f":func:`{record.name}`" in getattr(xp.Array, method).__doc__, method
    if len(record.operators) == 3:  # forward, reflected, in place
        _, reflected, in_place = record.operators
        assert "reflected" in getattr(xp.Array, reflected).__doc__
        assert "in place" in getattr(xp.Array, in_place).__doc__


def test_every_element_wise_operator_of_array_is_in_a_record():
    listed = {method: record.name for record in RECORDS for method in record.operators}
    for method in dir(xp.Array):
        found = re.match(r"The operator form of :func:`(\w+)`", getattr(
            getattr(xp.Array, method), "__doc__", None) or "")
        if found and found.group(1) in ELEMENTWISE_FUNCTIONS:
            assert listed.get(method) == found.group(1), method


def test_an_operator_builder_refuses_a_method_the_record_does_not_list():
    with pytest.raises(ValueError, match="__sub__ is not an operator of add"):
        dispatch.forward("add", "__sub__")
    with pytest.raises(ValueError, match="exp takes 1 operands, not 2"):
        dispatch.binary("exp", None)


def test_no_other_table_of_versions_names_an_element_wise_function():
    for names in _versions._ADDED_IN.values():
        assert not set(names) & set(ELEMENTWISE_FUNCTIONS)
    added = _versions.added_in()
    assert "nextafter" in added["2024.12"] and "conj" in added["2022.12"]


# --- a made-up function: a record and a chapter entry, nothing else ------------------------


def _cube(a: np.ndarray) -> np.ndarray:
    return np.power(a, 3)


def _midpoint(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.divide(np.add(a, b), 2)


CUBE = ElementwiseFunction("cube", 1, "numeric", "same", _cube, piecewise.OVER_4NS,
                           added_in="2025.12")
MIDPOINT = ElementwiseFunction("midpoint", 2, "real-valued", "floating", _midpoint,
                               piecewise.UNDER_1NS, added_in="2025.12")


@pytest.fixture
def made_up(monkeypatch):
    """The records of ``cube`` and ``midpoint`` in the table, their chapter entries built
    and set on the package, as a new line of the chapter module would."""
    for record in (CUBE, MIDPOINT):
        monkeypatch.setitem(ELEMENTWISE_FUNCTIONS, record.name, record)
    cube = chapter._unary_function(
        "cube", "The cube of each element.",
        ">>> xp.cube(xp.asarray([2, -1]))\nArray([ 8, -1], dtype=int64)",
    )
    midpoint = chapter._binary_function(
        "midpoint", "Halfway between each pair.",
        ">>> xp.midpoint(xp.asarray([1, 4]), 2)\nArray([1.5, 3. ], dtype=float64)",
    )
    monkeypatch.setattr(xp, "cube", cube, raising=False)
    monkeypatch.setattr(xp, "midpoint", midpoint, raising=False)
    monkeypatch.setattr(xp, "__all__", [*xp.__all__, "cube", "midpoint"])
    return cube, midpoint


def test_the_dispatch_builds_a_made_up_function_from_its_record(made_up):
    cube, midpoint = made_up
    assert cube.__name__ == "cube" and midpoint.__name__ == "midpoint"
    result = cube(xp.asarray([2.0, -1.5]))
    assert result.dtype == xp.float64 and np.array_equal(np.asarray(result), [8.0, -3.375])
    with pytest.raises(TypeError, match=r"cube\(\): 'x' must have a numeric dtype, got .*bool"):
        cube(xp.asarray([True]))
    fast = midpoint(xp.asarray([1.0, 4.0]), xp.asarray([2.0, 3.0]))  # one dtype: fast path
    general = midpoint(xp.asarray([1, 4]), 2)  # integers, computed in float64
    assert np.array_equal(np.asarray(fast), [1.5, 3.5]) and fast.dtype == xp.float64
    assert np.array_equal(np.asarray(general), [1.5, 3.0]) and general.dtype == xp.float64
    with pytest.raises(TypeError, match=r"midpoint.*real-valued"):
        midpoint(xp.asarray([1j]), 1.0)


def test_the_kernels_give_a_made_up_function_its_kind_of_work(made_up, monkeypatch):
    cube, midpoint = made_up
    asked = []

    def threads_for(size, work):
        asked.append(work)
        return 1

    monkeypatch.setattr(piecewise, "threads_for", threads_for)
    saved = piecewise.set_threading_thresholds(dict.fromkeys(piecewise.THREADING_THRESHOLDS, 1))
    try:
        cube(xp.asarray([1.0, 2.0]))
        midpoint(xp.asarray([1.0, 2.0]), 1.0)
    finally:
        piecewise.set_threading_thresholds(saved)
    assert asked == [piecewise.OVER_4NS, piecewise.UNDER_1NS]


def test_the_versions_leave_a_made_up_function_out_of_older_namespaces(made_up):
    assert {"cube", "midpoint"} <= set(_versions.added_in()["2025.12"])
    older = _versions._build("2024.12")  # built anew, not the cached namespace
    assert "cube" not in older.__all__
    with pytest.raises(AttributeError, match=r"added it in version 2025\.12"):
        _ = older.midpoint
    assert _versions._build("2025.12").cube is made_up[0]


def test_the_docs_of_a_made_up_function_come_from_its_record(made_up):
    cube, midpoint = made_up
    assert "Input array with a numeric dtype." in cube.__doc__
    assert dispatch.RESULT_DESCRIPTIONS["same"] in cube.__doc__
    assert "Operands with real-valued dtypes" in midpoint.__doc__
    assert dispatch.RESULT_DESCRIPTIONS["floating"] in midpoint.__doc__
    for function in made_up:
        assert function.__module__ == chapter.__name__
        test = doctest.DocTestParser().get_doctest(
            function.__doc__, {}, function.__name__, None, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        assert runner.summarize(verbose=False).failed == 0, function.__name__
