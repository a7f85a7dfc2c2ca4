"""
The error table: for every public function, bad inputs and the exception each must raise,
with a message that names the function. No NumPy exception type escapes.

A valid call of each function is taken from its own docstring example (they all run as
doctests), and bad inputs are made from it: a list where the first array goes, None there,
an unknown keyword, and where the function takes them an axis out of range, a string
dtype, a non-bool copy or keepdims flag, a negative size.
"""

from __future__ import annotations

import inspect

import pytest

import array_api_reshape as xp
from public_functions import MODULES, example_call

SCALAR_FRIENDLY = {"asarray"}  # a list is valid data for asarray


def bad_calls(name, function):
    """(label, args, kwargs, expected exception types) for one function."""
    args, kwargs = example_call(function)
    parameters = inspect.signature(function).parameters
    cases = [("unknown-keyword", args, {**kwargs, "bogus": 1}, (TypeError,))]
    array_positions = [i for i, a in enumerate(args) if isinstance(a, xp.Array)]
    if array_positions and name not in SCALAR_FRIENDLY:
        i = array_positions[0]
        with_list = args[:i] + [[1.0, 2.0]] + args[i + 1:]
        cases.append(("list-for-array", with_list, kwargs, (TypeError,)))
        cases.append(("none-for-array", args[:i] + [None] + args[i + 1:], kwargs, (TypeError,)))
    elif args:
        cases.append(("object-as-data", [object()] + args[1:], kwargs, (TypeError,)))
        if not isinstance(args[0], (list, int, float)):
            cases.append(("string-as-data", ["abc"] + args[1:], kwargs, (TypeError,)))
    if "axis" in parameters:
        cases.append(("axis-out-of-range", args, {**kwargs, "axis": 99}, (IndexError, ValueError)))
        cases.append(("axis-float", args, {**kwargs, "axis": 1.5}, (TypeError,)))
    if "dtype" in parameters:
        cases.append(("dtype-string", args, {**kwargs, "dtype": "float64"}, (TypeError,)))
    for flag in ("copy", "keepdims", "full_matrices", "include_initial", "descending", "stable",
                 "invert", "endpoint"):
        if flag in parameters:
            cases.append((f"{flag}-string", args, {**kwargs, flag: "yes"}, (TypeError,)))
    if "device" in parameters:
        cases.append(("device-unknown", args, {**kwargs, "device": "gpu"}, (ValueError,)))
    if "shape" in parameters and parameters["shape"].kind is not parameters["shape"].KEYWORD_ONLY:
        position = list(parameters).index("shape")
        if position < len(args):
            bad = args[:position] + [(-5, 2)] + args[position + 1:]
            cases.append(("shape-negative", bad, kwargs, (ValueError,)))
    return cases


def all_cases():
    for module, names in MODULES:
        for name in names:
            function = getattr(module, name)
            if not inspect.isroutine(function) or name in ("__array_namespace_info__",):
                continue
            for label, args, kwargs, expected in bad_calls(name, function):
                yield pytest.param(function, args, kwargs, expected, id=f"{name}-{label}")


CASES = list(all_cases())


def test_every_function_has_at_least_three_bad_inputs():
    counts = {}
    for case in CASES:
        function = case.values[0]
        counts[function] = counts.get(function, 0) + 1
    fewest = min(counts, key=counts.get)
    assert counts[fewest] >= 3, f"{fewest.__name__} has only {counts[fewest]} bad inputs"


@pytest.mark.parametrize("function, args, kwargs, expected", CASES)
def test_bad_input_raises_the_standard_exception_naming_the_function(
    function, args, kwargs, expected
):
    with pytest.raises(expected) as caught:
        function(*args, **kwargs)
    error = caught.value
    assert not type(error).__module__.startswith("numpy"), type(error)
    assert function.__name__ in str(error), str(error)
