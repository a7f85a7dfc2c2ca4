"""
The hooks through which the modes reach the chapters: each reads ``MODES`` itself, so that
a chapter reads it nowhere, and costs one call on the default path, where it answers as if
no mode existed.

What is tested: no chapter module reads ``MODES``; each hook, with no mode on, gives its
answer without asking the machinery behind it (which is replaced here by something that
fails); and, with the mode on, what it decides.
"""

from __future__ import annotations

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape._modes import _default_dtypes, _results
from array_api_reshape._modes._default_dtypes import accumulator_dtype, dtype_of_data, dtype_on

CPU, DEVICE1, DEVICE2, NO_FLOAT64, NO_X64 = xp.__array_namespace_info__().devices()


@pytest.fixture(autouse=True)
def default_flags():
    flags.reset()
    yield
    flags.reset()


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
