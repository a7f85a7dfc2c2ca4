"""Large element-wise work and order-free reductions in pieces on several threads: the
same bits as one NumPy call, for every function, dtype, layout and broadcast, with 1, 2
and 4 threads forced (thresholds lowered so that small arrays are cut into many pieces)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import array_api_reshape as xp
from array_api_reshape import layout, threads
from array_api_reshape._kernels import _piecewise_kernels as piecewise
from array_api_reshape._runtime import _threads
from array_api_reshape._kernels._elementwise_records import ELEMENTWISE_FUNCTIONS
from array_api_reshape._tables._dtypes import KIND_GROUPS

THREAD_COUNTS = (1, 2, 4)
UNARY_NAMES = sorted(name for name, f in ELEMENTWISE_FUNCTIONS.items() if f.arity == 1)
BINARY_NAMES = sorted(name for name, f in ELEMENTWISE_FUNCTIONS.items() if f.arity == 2)
DTYPES = ("bool", "int8", "int32", "int64", "uint8", "uint64", "float32", "float64",
          "complex64", "complex128")
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@contextlib.contextmanager
def forced_threads(count: int):
    """Every element-wise function and order-free reduction in pieces of a few bytes on
    ``count`` threads, whatever the machine's load."""
    saved = (piecewise.set_threading_thresholds(dict.fromkeys(piecewise.THREADING_THRESHOLDS, 1)),
             piecewise.PIECE_BYTES, _threads.ADAPT_THREADS_TO_LOAD)
    piecewise.PIECE_BYTES, _threads.ADAPT_THREADS_TO_LOAD = 8, False
    try:
        with threads.using(count):
            yield
    finally:
        piecewise.set_threading_thresholds(saved[0])
        piecewise.PIECE_BYTES, _threads.ADAPT_THREADS_TO_LOAD = saved[1], saved[2]


def values(rng: np.random.Generator, dtype: str, size: int) -> np.ndarray:
    """Values of ``dtype`` with the special ones among them (NaN, infinities, signed
    zeros, extremes), so that every branch of NumPy's loops is met."""
    if dtype == "bool":
        return rng.integers(0, 2, size).astype(bool)
    numpy_dtype = np.dtype(dtype)
    if numpy_dtype.kind in "iu":
        info = np.iinfo(numpy_dtype)
        small = rng.integers(max(info.min, -9), 9, size, endpoint=True).astype(numpy_dtype)
        extremes = rng.choice(np.array([info.min, info.max], dtype=numpy_dtype), size)
        return np.where(rng.random(size) < 0.1, extremes, small)
    real = np.dtype(numpy_dtype.char.lower()) if numpy_dtype.kind == "c" else numpy_dtype
    specials = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 1e300, -1e-300])

    def component() -> np.ndarray:
        plain = rng.standard_normal(size) * rng.choice([0.5, 3.0, 40.0])
        with np.errstate(over="ignore"):  # 1e300 in float32 is inf: one more special value
            return np.where(rng.random(size) < 0.2, rng.choice(specials, size), plain).astype(real)

    if numpy_dtype.kind == "c":
        z = np.empty(size, numpy_dtype)
        z.real, z.imag = component(), component()
        return z
    return component()


@st.composite
def layouts(draw, dtype: str, shape: tuple[int, ...] | None = None):
    """An array of ``dtype`` (NumPy's, and ours over the same values) with a drawn layout:
    a slice with steps of either sign, then a permutation of the axes."""
    if shape is None:
        shape = tuple(draw(st.lists(st.integers(1, 6), min_size=0, max_size=3)))
    steps = [draw(st.sampled_from([1, 1, 2, -1, -2])) for _ in shape]
    base_shape = tuple(length * abs(step) for length, step in zip(shape, steps))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    base = values(rng, dtype, int(np.prod(base_shape, dtype=np.int64))).reshape(base_shape)
    view = base[tuple(slice(None, None, step) for step in steps)]
    order = draw(st.permutations(range(len(shape))))
    ours = xp.permute_dims(xp.asarray(view), tuple(order))
    return ours


def same_bits(ours, reference) -> None:
    """Equal dtype, shape and elements, bit for bit (NaN payloads aside)."""
    reference = np.asarray(reference)
    result = np.asarray(ours)
    assert result.dtype == reference.dtype and result.shape == reference.shape
    if result.dtype.kind in "fc":
        nan = np.isnan(result)
        np.testing.assert_array_equal(nan, np.isnan(reference))
        bits = result[~nan].tobytes(), reference[~nan].tobytes()
        assert bits[0] == bits[1]
    else:
        np.testing.assert_array_equal(result, reference, strict=True)


def allowed(kinds: str, dtype: str) -> bool:
    return getattr(xp, dtype).kind in KIND_GROUPS[kinds]


def outcome(function, *arguments):
    """The result, or the type of the error raised."""
    try:
        return function(*arguments)
    except (ValueError, TypeError, OverflowError) as error:
        return type(error)


POWERS = (np.power, ELEMENTWISE_FUNCTIONS["pow"].kernel)
"""NumPy's ``pow`` as the oracles call it: the ufunc, or the kernel that calls it."""


def check_against_one_call(function, arguments, numpy_function=None, numpy_arguments=()):
    """``function(*arguments)`` with 1, 2 and 4 threads against one call of ours (the
    first): same bits. With ``numpy_function`` (a ufunc, or ``where``) also against NumPy:
    its one call on the same operands, writing into the very result we made (NumPy picks
    a loop from the addresses too: a vectorised loop and a plain one can differ in the
    last bit, so only the same result memory makes NumPy's answer a fixed one), and
    NumPy's memory order for the result. For ``pow`` the loop also follows the order
    NumPy walks operands that broadcast, which a given result memory does not fix, and
    its vectorised and plain loops are not both correctly rounded: there NumPy's answer
    is one unit in the last place from ours at most (our threads' stay bit for bit)."""
    with forced_threads(1):
        expected = outcome(function, *arguments)
    for count in THREAD_COUNTS:
        with forced_threads(count):
            result = outcome(function, *arguments)
        if isinstance(expected, type):
            assert result is expected
            continue
        if numpy_function is None:
            same_bits(result, expected)
            continue
        memory = np.asarray(result)
        assert np.shares_memory(memory, np.asarray(result))
        ours = memory.copy()
        with np.errstate(all="ignore"):
            if isinstance(numpy_function, np.ufunc):
                numpy_function(*numpy_arguments, out=memory)
            else:
                memory[...] = numpy_function(*numpy_arguments)
        if numpy_function in POWERS and memory.dtype.kind == "f":
            np.testing.assert_array_max_ulp(ours, memory, maxulp=1)
        else:
            same_bits(ours, memory)
        assert steps(result) == steps(expected)


def steps(x) -> list[int]:
    """The strides that matter: those of axes longer than 1."""
    return [s for s, n in zip(layout.strides(x), x.shape) if n > 1]


@pytest.mark.parametrize("name", UNARY_NAMES)
@SETTINGS
@given(data=st.data())
def test_unary_functions_give_one_calls_bits(name, data):
    dtype, oracle = dtype_and_oracle(data, name)
    x = data.draw(layouts(dtype))
    check_against_one_call(getattr(xp, name), (x,), oracle, (np.asarray(x),))


def dtype_and_oracle(data, name):
    """A dtype the function ``name`` allows, and NumPy's ufunc to compare with where our
    kernel is that ufunc on floating operands (else None: one call of ours is the oracle)."""
    record = ELEMENTWISE_FUNCTIONS[name]
    dtype = data.draw(st.sampled_from([d for d in DTYPES if allowed(record.kinds, d)]))
    kernel = record.kernel
    plain = (isinstance(kernel, np.ufunc)
             and getattr(xp, dtype).kind in KIND_GROUPS["floating-point"])
    return dtype, kernel if plain else None


def broadcast_partner(data, x, dtype):
    """A second operand for ``x``: an array of a shape that broadcasts with it (possibly
    to a larger shape) or a Python scalar."""
    shape = x.shape
    form = data.draw(st.sampled_from(["same", "broadcast", "outer", "scalar"]))
    if form == "scalar":
        numpy_dtype = np.dtype(dtype)
        if numpy_dtype.kind == "b":
            return data.draw(st.booleans())
        if numpy_dtype.kind in "iu":
            return data.draw(st.integers(0 if numpy_dtype.kind == "u" else -5, 5))
        return data.draw(st.sampled_from([2.5, -0.0, float("nan"), float("inf"), 1e-300]))
    if form == "same" or not shape:
        other_shape = shape
    elif form == "broadcast":
        other_shape = tuple(1 if data.draw(st.booleans()) else n for n in shape)[1:]
    else:
        other_shape = (data.draw(st.integers(1, 3)),) + tuple(
            1 if data.draw(st.booleans()) else n for n in shape)
    return data.draw(layouts(dtype, other_shape))


@pytest.mark.parametrize("name", BINARY_NAMES)
@SETTINGS
@given(data=st.data())
def test_binary_functions_and_operators_give_one_calls_bits(name, data):
    dtype, oracle = dtype_and_oracle(data, name)
    x1 = data.draw(layouts(dtype))
    x2 = broadcast_partner(data, x1, dtype)
    if data.draw(st.booleans()):
        x1, x2 = x2, x1
    if not isinstance(x1, xp.Array) and not isinstance(x2, xp.Array):
        return
    as_numpy = [np.asarray(v) if isinstance(v, xp.Array) else v for v in (x1, x2)]
    check_against_one_call(getattr(xp, name), (x1, x2), oracle, as_numpy)


OPERATORS = {"add": "__add__", "multiply": "__mul__", "subtract": "__sub__",
             "divide": "__truediv__", "pow": "__pow__", "less": "__lt__"}


@pytest.mark.parametrize("name", sorted(OPERATORS))
@SETTINGS
@given(data=st.data())
def test_operators_of_one_shape_take_the_fast_path_with_the_same_bits(name, data):
    dtype = data.draw(st.sampled_from(["float32", "float64", "complex128"] if name != "less"
                                      else ["float32", "float64", "int64"]))
    x1 = data.draw(layouts(dtype))
    x2 = data.draw(st.one_of(layouts(dtype, x1.shape), st.sampled_from([2.5, -0.0, 3.0])))
    method = OPERATORS[name]
    numpy_arguments = [np.asarray(x1), np.asarray(x2) if isinstance(x2, xp.Array) else x2]
    check_against_one_call(lambda a, b: getattr(a, method)(b), (x1, x2),
                           ELEMENTWISE_FUNCTIONS[name].kernel, numpy_arguments)


@SETTINGS
@given(data=st.data())
def test_where_clip_and_astype_give_one_calls_bits(data):
    dtype = data.draw(st.sampled_from(["int8", "int64", "float32", "float64", "complex128"]))
    x1 = data.draw(layouts(dtype))
    condition = data.draw(layouts("bool", x1.shape))
    x2 = broadcast_partner(data, x1, dtype)
    check_against_one_call(xp.where, (condition, x1, x2), np.where,
                           (np.asarray(condition), np.asarray(x1),
                            np.asarray(x2) if isinstance(x2, xp.Array) else x2))
    if dtype != "complex128":
        low, high = sorted(data.draw(st.lists(st.integers(-3, 3), min_size=2, max_size=2)))
        check_against_one_call(lambda a: xp.clip(a, min=low, max=high), (x1,))
        check_against_one_call(lambda a: xp.clip(a, max=high), (x1,))
    target = data.draw(st.sampled_from(["float32", "int16", "uint8", "complex64", "bool"]))
    if getattr(xp, target).kind in KIND_GROUPS["complex floating-point"] or dtype != "complex128":
        with np.errstate(invalid="ignore", over="ignore"):  # NaN and inf to integers: as NumPy
            check_against_one_call(lambda a: xp.astype(a, getattr(xp, target)), (x1,))


REDUCTIONS = {"max": ("real-valued", np.max), "min": ("real-valued", np.min),
              "any": ("any", np.any), "all": ("any", np.all),
              "count_nonzero": ("any", np.count_nonzero),
              "argmax": ("real-valued", np.argmax), "argmin": ("real-valued", np.argmin)}


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
@SETTINGS
@given(data=st.data())
def test_order_free_reductions_give_one_calls_bits(name, data):
    kinds, numpy_function = REDUCTIONS[name]
    dtype = data.draw(st.sampled_from([d for d in DTYPES if allowed(kinds, d)]))
    x = data.draw(layouts(dtype))
    if name in ("argmax", "argmin") and x.size == 0:
        return
    axes = [None] + list(range(x.ndim))
    if name not in ("argmax", "argmin") and x.ndim > 1:
        axes.append(tuple(data.draw(st.sets(st.integers(0, x.ndim - 1), min_size=1))))
    axis = data.draw(st.sampled_from(axes))
    keepdims = data.draw(st.booleans())
    reference = numpy_function(np.asarray(x), axis=axis, keepdims=keepdims)
    for count in THREAD_COUNTS:
        with forced_threads(count):
            result = getattr(xp, name)(x, axis=axis, keepdims=keepdims)
        if name in ("argmax", "argmin", "count_nonzero"):
            np.testing.assert_array_equal(np.asarray(result), reference, strict=False)
            assert np.asarray(result).shape == np.shape(reference)
        else:
            same_bits(result, reference)


def test_a_zero_maximum_keeps_numpys_sign():
    a = np.zeros(64)
    a[::3] = -0.0
    x = xp.asarray(a)
    for count in THREAD_COUNTS:
        with forced_threads(count):
            for name in ("max", "min"):
                same_bits(getattr(xp, name)(x), getattr(np, name)(a))
                same_bits(getattr(xp, name)(xp.reshape(x, (8, 8)), axis=0),
                          getattr(np, name)(a.reshape(8, 8), axis=0))


def test_an_error_in_one_piece_is_raised_and_no_piece_is_left_running():
    x = xp.asarray(np.arange(1000) - 500)
    for count in THREAD_COUNTS:
        with forced_threads(count):
            with pytest.raises(ValueError, match="negative integer power"):
                xp.pow(xp.asarray(np.full(1000, 2)), x)
            assert _threads._busy == 0


def test_large_work_at_the_real_thresholds():
    """No lowered thresholds: arrays above them, on two threads."""
    rng = np.random.default_rng(7)
    a = rng.standard_normal(max(piecewise.THREADING_THRESHOLDS.values()) + 4099)
    b = rng.standard_normal(a.size)
    x, y = xp.asarray(a), xp.asarray(b)
    saved = _threads.ADAPT_THREADS_TO_LOAD
    _threads.ADAPT_THREADS_TO_LOAD = False
    try:
        with threads.using(2):
            same_bits(xp.sin(x), np.sin(a))
            same_bits(x + y, a + b)
            same_bits(xp.where(x > y, x, y), np.where(a > b, a, b))
            same_bits(xp.astype(x, xp.float32), a.astype(np.float32))
            same_bits(xp.max(x), np.max(a))
            assert int(xp.argmax(x)) == int(np.argmax(a))
    finally:
        _threads.ADAPT_THREADS_TO_LOAD = saved


def test_a_caller_never_waits_for_a_helper_that_has_not_started(monkeypatch):
    """Every helper is kept busy elsewhere: the caller computes every piece itself,
    returns, and the helper later finds its share withdrawn."""
    monkeypatch.setattr(_threads, "ADAPT_THREADS_TO_LOAD", False)
    with threads.using(2):
        _threads._start_helpers(1)
        release, held = threading.Event(), threading.Event()

        class Hold:
            def run(self):
                held.set()
                release.wait(10)

        for _ in range(_threads._helper_threads):
            _threads._tasks.put(Hold())
        assert held.wait(10)
        workers = []
        _threads.run_pieces(range(6), lambda piece: workers.append(threading.get_ident()), 2)
        assert workers == [threading.get_ident()] * 6
        release.set()
        done = []
        _threads.run_pieces(range(64), lambda piece: done.append(piece), 2)  # helpers serve again
        assert sorted(done) == list(range(64)) and _threads._busy == 0


def test_callers_running_at_once_share_the_setting():
    with threads.using(3):
        with _threads._threads_taken(3) as first:
            assert first == 2  # the caller and two helpers: the whole setting
            with _threads._threads_taken(3) as second:
                assert second == 0  # another caller meanwhile computes alone
        with _threads._threads_taken(2) as third:
            assert third == 1
    assert _threads._busy == 0


def test_concurrent_callers_get_correct_results():
    a = np.random.default_rng(3).standard_normal(5000)
    x = xp.asarray(a)
    failures = []

    def call():
        for _ in range(20):
            if np.asarray(xp.exp(x)).tobytes() != np.exp(a).tobytes():
                failures.append("exp")

    with forced_threads(2):
        workers = [threading.Thread(target=call) for _ in range(4)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    assert not failures and _threads._busy == 0


def test_the_helpers_own_load_is_not_read_as_another_programs(monkeypatch):
    monkeypatch.setattr(_threads, "_cpus", 2)
    monkeypatch.setattr(_threads.os, "getloadavg", lambda: (2.0, 2.0, 2.0))
    monkeypatch.setattr(_threads, "helper_load", lambda: 0.0)
    with threads.using(2):
        assert _threads.threads_for_now() == 1  # another program keeps a core busy
        monkeypatch.setattr(_threads, "helper_load", lambda: 0.9)
        assert _threads.threads_for_now() == 2  # most of that load was our own helper


def test_the_public_setting_checks_and_restores():
    previous = threads.get()
    with threads.using(3) as now:
        assert now == 3 == threads.get()
    assert threads.get() == previous
    for bad in (0, -2):
        with pytest.raises(ValueError, match=r"threads.set\(\): 'threads' must be at least 1"):
            threads.set(bad)
    for bad in (1.5, True, "2"):
        with pytest.raises(TypeError, match=r"threads.set\(\): 'threads' must be an int"):
            threads.set(bad)
    assert threads.get() == previous


@pytest.mark.parametrize("text, expected", [("3", "3"), (" 1 ", "1")])
def test_the_environment_variable_sets_the_default(text, expected):
    code = "from array_api_reshape import threads; print(threads.get())"
    env = dict(os.environ, ARRAY_API_RESHAPE_THREADS=text)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == expected, out.stderr


def test_a_bad_environment_variable_is_named():
    code = "import array_api_reshape"
    env = dict(os.environ, ARRAY_API_RESHAPE_THREADS="many")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode != 0 and "ARRAY_API_RESHAPE_THREADS must be a whole number" in out.stderr


@given(st.dictionaries(st.sampled_from(sorted(piecewise.THREADING_THRESHOLDS)),
                       st.integers(1, 1 << 23)),
       st.integers(0, 1 << 23))
def test_below_the_lowest_threshold_follows_the_thresholds_set(thresholds, count):
    saved = piecewise.set_threading_thresholds(thresholds)
    try:
        lowest = min(piecewise.THREADING_THRESHOLDS.values())
        assert piecewise.LOWEST_THREADING_THRESHOLD == lowest
        assert piecewise.below_lowest_threshold(count) is (count < lowest)
    finally:
        piecewise.set_threading_thresholds(saved)
    assert piecewise.below_lowest_threshold(count) is (count < piecewise.LOWEST_THREADING_THRESHOLD)
