"""
Python ints beyond int64 (and beyond float64) get our messages, everywhere.

Every public function is called with each int of its docstring example replaced by ints
at and beyond the edges of int64; a call returns, or raises a standard exception of ours
that names the function. Sizes the machine cannot store are refused with a MemoryError
before anything is allocated; arange and linspace are checked against exact models.
"""

from __future__ import annotations

import inspect
import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import array_api_reshape as xp
from array_api_reshape import fft
from array_api_reshape._kernels import _creation_kernels
from array_api_reshape._runtime import _memory
from public_functions import MODULES, example_call

ALLOWED = (TypeError, ValueError, IndexError, OverflowError, MemoryError)
BIG_INTS = (2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 2**64, 2**70, -(2**70), 2**1100, -(2**1100))


def int_substitutions():
    """(function, args, kwargs, label) with one int of each example replaced by a big int."""
    for module, names in MODULES:
        for name in names:
            function = getattr(module, name)
            skipped = ("__array_namespace_info__", "resize_inplace")
            if not inspect.isroutine(function) or name in skipped:
                continue
            args, kwargs = example_call(function)
            slots = [(i, a) for i, a in enumerate(args)] + list(kwargs.items())
            for key, value in slots:
                if value.__class__ is not int and not (
                    isinstance(value, tuple) and value and all(v.__class__ is int for v in value)
                ):
                    continue
                for number, big in enumerate(BIG_INTS):
                    new = big if value.__class__ is int else (big,) + value[1:]
                    new_args, new_kwargs = list(args), dict(kwargs)
                    if isinstance(key, int):
                        new_args[key] = new
                    else:
                        new_kwargs[key] = new
                    yield pytest.param(function, new_args, new_kwargs,
                                       id=f"{name}-{key}-big{number}")


CASES = list(int_substitutions())


def test_the_substitutions_reach_the_functions_the_issue_names():
    names = {case.values[0].__name__ for case in CASES}
    assert {"linspace", "arange", "tile", "zeros", "full", "repeat", "eye", "roll"} <= names
    assert len(CASES) > 300


@pytest.mark.parametrize("function, args, kwargs", CASES)
def test_a_big_int_anywhere_returns_or_raises_our_named_error(function, args, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            function(*args, **kwargs)
        except ALLOWED as error:
            assert not type(error).__module__.startswith("numpy"), type(error)
            assert f"{function.__name__}()" in str(error), str(error)


x2 = xp.asarray([1, 2])


@pytest.mark.parametrize(
    "call, error, start",
    [
        (lambda: xp.linspace(0, 2**70, 3, dtype=xp.int64), OverflowError,
         "linspace(): 'stop' 1180591620717411303424 does not fit in int64"),
        (lambda: xp.arange(0, 2**70, 2**69), OverflowError,
         "arange(): the last value, 'start' + 1 * 'step' = 590295810358705651712, does not fit"),
        (lambda: xp.arange(2**70), ValueError,
         "arange(): 'start' 0, 'stop' 1180591620717411303424 and 'step' 1 give"),
        (lambda: xp.tile(x2, (2**70,)), OverflowError,
         "tile(): 'repetitions' (1180591620717411303424,) must each fit in int64"),
        (lambda: xp.zeros((2**40,)), MemoryError,
         "zeros(): 'shape' would make an array of shape (1099511627776,) and dtype float64, "
         "which needs 8796093022208 bytes (8.0 TiB)"),
        (lambda: xp.tile(x2, (2**40, 1)), MemoryError,
         "tile(): 'repetitions' (1099511627776, 1) would make an array of shape "
         "(1099511627776, 2) and dtype int64, which needs 17592186044416 bytes (16.0 TiB)"),
        (lambda: xp.repeat(x2, 2**70), OverflowError, "repeat(): 'repeats' 1180591620717411303424"),
        (lambda: xp.full(2, 2**1100, dtype=xp.float64), OverflowError,
         "full(): the Python int 13582985290493858492"),
        (lambda: xp.ones(2, dtype=xp.float32) + 2**200, OverflowError,
         "add(): the Python int 1606938044258990275541962092341162602522202993782792835301376 "
         "does not fit in float32"),
        (lambda: fft.fftfreq(2**40), MemoryError, "fft.fftfreq(): 'n' 1099511627776 would make"),
        (lambda: fft.fft(xp.ones(2, dtype=xp.complex64), n=2**70), ValueError,
         "fft.fft(): 'n' 1180591620717411303424 would make a result of shape"),
    ],
)
def test_the_calls_of_the_issue_get_our_messages(call, error, start):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value).startswith(start), str(raised.value)


def test_linspace_computes_a_floating_result_from_bounds_beyond_int64():
    result = xp.linspace(0, 2**70, 3)
    assert np.array_equal(np.asarray(result), np.linspace(0.0, float(2**70), 3))
    mixed = xp.linspace(xp.asarray(0, dtype=xp.int8), -(2**70), 5, dtype=xp.float32)
    assert np.array_equal(np.asarray(mixed), np.linspace(0.0, -float(2**70), 5, dtype=np.float32))


def test_big_floats_round_to_infinity_in_float32_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.isinf(np.asarray(xp.ones(2, dtype=xp.float32) + 1e300)).all()
        assert np.isinf(np.asarray(xp.full(2, 1e300, dtype=xp.float32))).all()


def test_triangles_and_traces_take_diagonals_beyond_the_matrix():
    m = xp.reshape(xp.arange(1.0, 7.0), (2, 3))
    assert np.array_equal(np.asarray(xp.tril(m, k=2**70)), np.asarray(m))
    assert not np.asarray(xp.triu(m, k=2**70)).any()
    assert float(xp.linalg.trace(m, offset=-(2**40))) == 0.0


@settings(max_examples=300, deadline=None)
@given(
    start=st.integers(-(2**66), 2**66) | st.sampled_from(BIG_INTS[:5]),
    step=st.integers(-(2**65), 2**65).filter(bool),
    count=st.integers(0, 20),
    slack=st.floats(0, 0.999),
    dtype=st.sampled_from([xp.int8, xp.uint8, xp.int32, xp.int64, xp.uint64]),
)
def test_integer_arange_is_pythons_range_or_a_named_overflow(start, step, count, slack, dtype):
    stop = start + count * step - int(slack * step)  # a stop anywhere in the last gap
    expected = list(range(start, stop, step))
    low, high = (int(v) for v in (np.iinfo(dtype.name).min, np.iinfo(dtype.name).max))
    if all(low <= v <= high for v in expected):
        result = xp.arange(start, stop, step, dtype=dtype)
        assert result.dtype == dtype
        assert [int(v) for v in np.asarray(result)] == expected
    else:
        with pytest.raises(OverflowError, match=r"^arange\(\): "):
            xp.arange(start, stop, step, dtype=dtype)


@settings(max_examples=200, deadline=None)
@given(
    shape=st.lists(st.integers(0, 64) | st.integers(0, 2**40), max_size=4).map(tuple),
    dtype=st.sampled_from([xp.bool, xp.int16, xp.float32, xp.complex128]),
    limit=st.integers(1, 2**20),  # small enough to allocate whatever passes
)
def test_a_new_array_is_refused_exactly_when_it_needs_more_than_the_limit(
    shape, dtype, limit, monkeypatch_module
):
    monkeypatch_module.setattr(_memory, "memory_limit", lambda: limit)
    needed = math.prod(shape) * np.dtype(dtype.name).itemsize
    if math.prod(shape) > 2**63 - 1:
        with pytest.raises(ValueError, match="more than an array can hold"):
            xp.empty(shape, dtype=dtype)
    elif needed > limit:
        with pytest.raises(MemoryError, match=rf"needs {needed} bytes"):
            xp.empty(shape, dtype=dtype)
    elif max(shape, default=0) * np.dtype(dtype.name).itemsize > 2**63 - 1:
        with pytest.raises(ValueError, match="can address"):
            xp.empty(shape, dtype=dtype)
    else:
        assert xp.empty(shape, dtype=dtype).shape == shape


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_nothing_is_allocated_before_the_refusal(monkeypatch):
    def must_not_run(*args, **kwargs):
        raise AssertionError("an allocation was tried")

    monkeypatch.setattr(_creation_kernels, "filled_array", must_not_run)
    monkeypatch.setattr(_memory, "memory_limit", lambda: 1000)
    for call in (lambda: xp.zeros((126,)), lambda: xp.ones((2, 63)),
                 lambda: xp.empty(1001, dtype=xp.int8)):
        with pytest.raises(MemoryError):
            call()


def test_the_limit_is_the_machines_memory_at_most_and_positive():
    limit = _memory.memory_limit()
    assert 0 < limit <= _memory.INTP_MAX
    assert _memory.readable_bytes(8 * 2**40) == "8.0 TiB"
    assert _memory.readable_bytes(1023) == "1023 bytes"
