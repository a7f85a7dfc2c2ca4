"""The copy routine against NumPy's own copy: every dtype, negative, zero and sliced
strides, permutations, read-only sources, C and F destinations, with the thresholds lowered
so that small arrays take the planned, tiled and threaded paths."""

from __future__ import annotations

import contextlib
import os
import time
import warnings

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import array_api_reshape as xp
from array_api_reshape import layout
from array_api_reshape._kernels import _copy_kernels
from array_api_reshape._runtime import _threads
from array_api_reshape._tables._copy_plan import TilePolicy
from array_api_reshape._kernels._numpy_views import (
    c_contiguous,
    column_major_copy,
    contiguous_copy,
)

DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
          np.uint64, np.float32, np.float64, np.complex64, np.complex128]


LOWERED = {
    "SMALL_COPY_BYTES": 0,
    # tile wherever another axis reads the source closer than the last: tiles of 3 x 5 doubles
    "TILE_POLICY": TilePolicy(tile_lines=3, tile_span_bytes=40, reuse_lines=0, aliasing_bytes=1,
                              aliased_reuse_lines=0, line_bytes=1),
    "BYTES_PER_THREAD": 16,
    "STREAM_THREADS": True,
}


@contextlib.contextmanager
def planned_everywhere():
    """Every copy planned, tiles of a few elements, a thread per few bytes, three threads."""
    saved = {name: getattr(_copy_kernels, name) for name in LOWERED}
    for name, value in LOWERED.items():
        setattr(_copy_kernels, name, value)
    previous = _copy_kernels.set_copy_threads(3)
    adapt, _threads.ADAPT_THREADS_TO_LOAD = _threads.ADAPT_THREADS_TO_LOAD, False
    try:
        yield
    finally:
        _threads.ADAPT_THREADS_TO_LOAD = adapt
        _copy_kernels.set_copy_threads(previous)
        for name, value in saved.items():
            setattr(_copy_kernels, name, value)


def values_of(dtype, size, seed):
    rng = np.random.default_rng(seed)
    if dtype is np.bool_:
        return rng.random(size) < 0.5
    if np.issubdtype(dtype, np.complexfloating):
        return (rng.normal(size=size) + 1j * rng.normal(size=size)).astype(dtype)
    if np.issubdtype(dtype, np.floating):
        return rng.normal(size=size).astype(dtype)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, size=size, endpoint=True, dtype=dtype)


@st.composite
def strided_sources(draw):
    """A NumPy view with permuted, sliced (any step, negative too) and broadcast axes."""
    ndim = draw(st.integers(0, 4))
    shape = tuple(draw(st.lists(st.integers(1, 9), min_size=ndim, max_size=ndim)))
    dtype = draw(st.sampled_from(DTYPES))
    base = values_of(dtype, int(np.prod(shape)), draw(st.integers(0, 9))).reshape(shape)
    view = base.transpose(draw(st.permutations(range(ndim))))
    key = []
    for n in view.shape:
        start, stop = sorted(draw(st.lists(st.integers(0, n), min_size=2, max_size=2)))
        step = draw(st.sampled_from([1, 1, 2, 3, -1, -2]))
        if step > 0:
            key.append(slice(start, stop, step))
        else:
            key.append(slice(stop - 1 if stop else None, start - 1 if start else None, step))
    view = view[tuple(key)] if key else view
    if view.ndim and view.size and draw(st.booleans()):
        axis = draw(st.integers(0, view.ndim - 1))
        repeats = draw(st.integers(0, 5))
        shape = view.shape[:axis] + (repeats,) + view.shape[axis + 1:]
        view = np.broadcast_to(view[(slice(None),) * axis + (slice(0, 1),)], shape)
    if draw(st.booleans()):
        view = view.view()
        view.flags.writeable = False
    return view


@settings(max_examples=300, deadline=None)
@given(source=strided_sources())
def test_planned_copy_equals_numpys(source):
    before = source.copy()
    with planned_everywhere():
        result = contiguous_copy(source)
    assert result.flags.c_contiguous and result.flags.writeable
    assert result.dtype == source.dtype and result.shape == source.shape
    np.testing.assert_array_equal(result, source, strict=True)
    np.testing.assert_array_equal(source, before, strict=True)
    assert not np.shares_memory(result, source)


@st.composite
def permuted_sources(draw):
    """Views whose fastest source axis is not the last: transposes and permutations of
    2-4 axes, some flipped or stepped, of every dtype up to 8 bytes (these are tiled)."""
    ndim = draw(st.integers(2, 4))
    shape = tuple(draw(st.lists(st.integers(2, 11), min_size=ndim, max_size=ndim)))
    dtype = draw(st.sampled_from([d for d in DTYPES if np.dtype(d).itemsize <= 8]))
    base = values_of(dtype, int(np.prod(shape)), draw(st.integers(0, 9))).reshape(shape)
    axes = draw(st.permutations(range(ndim)).filter(lambda p: p[-1] != ndim - 1))
    key = tuple(draw(st.sampled_from([slice(None), slice(None, None, -1), slice(None, None, 2),
                                      slice(1, None)])) for _ in range(ndim))
    view = base[key].transpose(axes)
    if draw(st.booleans()):
        view = view.view()
        view.flags.writeable = False
    return view


@settings(max_examples=200, deadline=None)
@given(source=permuted_sources(), order=st.sampled_from("CF"))
def test_tiled_threaded_copies_equal_numpys(source, order):
    with planned_everywhere():
        plan = _copy_kernels._plan_for(source, source.dtype, order)
        result = contiguous_copy(source) if order == "C" else column_major_copy(source)
    expected = source.reshape(-1, order=order) if order == "F" else source
    np.testing.assert_array_equal(result, expected, strict=True)
    assert plan is not None


def test_permuted_sources_take_the_tiled_threaded_path():
    source = values_of(np.float32, 8 * 9 * 10, 0).reshape(8, 9, 10)[:, ::-1].transpose(2, 0, 1)
    with planned_everywhere():
        plan = _copy_kernels._plan_for(source, source.dtype, "C")
        assert plan.tile_axes is not None and plan.threads == 3
        np.testing.assert_array_equal(contiguous_copy(source), source, strict=True)


@settings(max_examples=200, deadline=None)
@given(source=strided_sources())
def test_planned_column_major_copy_equals_numpys(source):
    with planned_everywhere():
        flat = column_major_copy(source)
    np.testing.assert_array_equal(flat, source.reshape(-1, order="F"), strict=True)
    assert flat.flags.c_contiguous


@settings(max_examples=200, deadline=None)
@given(source=strided_sources(), target=st.sampled_from([np.float64, np.complex128, np.int64]))
def test_planned_converting_copy_equals_numpys(source, target):
    with warnings.catch_warnings(), planned_everywhere():
        warnings.simplefilter("ignore")
        expected = source.astype(target)
        if np.issubdtype(source.dtype, np.complexfloating) and target is not np.complex128:
            return  # dropping imaginary parts: not a conversion the namespace makes
        result = contiguous_copy(source, np.dtype(target))
    assert result.flags.c_contiguous
    np.testing.assert_array_equal(result, expected, strict=True)


@pytest.mark.parametrize("threads", [1, 2, 5])
@pytest.mark.parametrize("dtype", DTYPES)
def test_large_transpose_takes_the_tiled_threaded_path(dtype, threads, monkeypatch):
    monkeypatch.setattr(_threads, "ADAPT_THREADS_TO_LOAD", False)
    monkeypatch.setattr(_copy_kernels, "BYTES_PER_THREAD", 1 << 16)
    previous = _copy_kernels.set_copy_threads(threads)
    try:
        source = values_of(dtype, 512 * 1024, 0).reshape(512, 1024).T[::-1]
        plan = _copy_kernels._plan_for(source, source.dtype, "C")
        tiled = source.itemsize <= 8  # 16-byte items are one NumPy call
        assert plan is not None and (plan.tile_axes is not None) == tiled
        assert plan.threads == (min(threads, source.nbytes >> 16) if tiled else 1)
        np.testing.assert_array_equal(contiguous_copy(source), source, strict=True)
        np.testing.assert_array_equal(column_major_copy(source), source.reshape(-1, order="F"))
    finally:
        _copy_kernels.set_copy_threads(previous)


def test_large_permutation_through_the_namespace(monkeypatch):
    monkeypatch.setattr(_threads, "ADAPT_THREADS_TO_LOAD", False)
    previous = _copy_kernels.set_copy_threads(2)
    try:
        a = np.arange(24 ** 4, dtype=np.float64).reshape((24,) * 4)
        x = xp.permute_dims(xp.asarray(a), (3, 1, 2, 0))
        flat = xp.reshape(x, (-1,))
        np.testing.assert_array_equal(np.asarray(flat), a.transpose(3, 1, 2, 0).reshape(-1))
        assert not layout.shares_memory(flat, x)
        copied = xp.asarray(x, copy=True)
        assert layout.strides(copied) == (24 ** 3, 24 ** 2, 24, 1)
        np.testing.assert_array_equal(np.asarray(copied), a.transpose(3, 1, 2, 0))
    finally:
        _copy_kernels.set_copy_threads(previous)


def test_c_contiguous_returns_a_ready_result_itself():
    a = np.arange(6.0)
    assert c_contiguous(a, a.dtype) is a
    np.testing.assert_array_equal(c_contiguous(a[::-2], np.dtype(np.float32)), a[::-2])


def test_small_copies_do_not_plan(monkeypatch):
    def fail(*args):
        raise AssertionError("planned a small copy")

    monkeypatch.setattr(_copy_kernels, "plan_copy", fail)
    source = np.arange(900.0).reshape(30, 30).T
    np.testing.assert_array_equal(contiguous_copy(source), source)


def test_set_copy_threads_checks_and_restores():
    previous = _copy_kernels.set_copy_threads(4)
    assert _copy_kernels.copy_threads() == 4
    assert _copy_kernels.set_copy_threads(None) == 4
    assert 1 <= _copy_kernels.copy_threads() <= _threads.MAX_DEFAULT_THREADS
    for bad in (0, -1):
        with pytest.raises(ValueError, match=r"set_copy_threads\(\): 'threads' must be at least 1"):
            _copy_kernels.set_copy_threads(bad)
    for bad in (2.0, True, "2"):
        with pytest.raises(TypeError, match=r"set_copy_threads\(\): 'threads' must be an int"):
            _copy_kernels.set_copy_threads(bad)
    assert _copy_kernels.copy_threads() == _copy_kernels.set_copy_threads(previous)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_forked_child_copies_with_a_new_pool(monkeypatch):
    monkeypatch.setattr(_threads, "ADAPT_THREADS_TO_LOAD", False)
    previous = _copy_kernels.set_copy_threads(2)
    try:
        source = np.arange(1024 * 1024, dtype=np.float64).reshape(1024, 1024).T
        contiguous_copy(source)  # the parent's pool now has a helper thread
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # forking with threads, on purpose
            pid = os.fork()
        if pid == 0:  # the child: exit 0 only if the copy finishes and is right
            ok = np.array_equal(contiguous_copy(source), source)
            os._exit(0 if ok else 1)
        waited, status = 0.0, None
        while waited < 20:
            finished, status = os.waitpid(pid, os.WNOHANG)
            if finished:
                break
            time.sleep(0.05)
            waited += 0.05
        else:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            pytest.fail("the forked child hung on the copy pool")
        assert os.waitstatus_to_exitcode(status) == 0
    finally:
        _copy_kernels.set_copy_threads(previous)


@pytest.mark.parametrize("load, expected", [(0.2, 4), (1.0, 4), (2.4, 3), (3.6, 1), (9.0, 1)])
def test_threads_leave_busy_cpus_alone(monkeypatch, load, expected):
    monkeypatch.setattr(_threads, "_cpus", 4)
    monkeypatch.setattr(_threads.os, "getloadavg", lambda: (load, load, load))
    previous = _copy_kernels.set_copy_threads(4)
    try:
        assert _threads.threads_for_now() == expected
        monkeypatch.setattr(_threads, "ADAPT_THREADS_TO_LOAD", False)
        assert _threads.threads_for_now() == 4
    finally:
        _copy_kernels.set_copy_threads(previous)


def test_helper_threads_see_the_callers_error_state():
    source = np.full((40, 40), np.nan).T
    with warnings.catch_warnings(), planned_everywhere():
        warnings.simplefilter("error")
        with np.errstate(all="ignore"):
            contiguous_copy(source, np.dtype(np.int64))


class TestAscontiguous:
    def test_returns_the_array_itself_when_already_contiguous(self):
        x = xp.reshape(xp.arange(12.0), (3, 4))
        assert layout.ascontiguous(x) is x
        assert layout.ascontiguous(x[1:]) is not x  # a contiguous view is itself
        assert layout.ascontiguous(x[1:], order="C") is not None
        column = layout.ascontiguous(x, order="F")
        assert layout.ascontiguous(column, order="F") is column

    @pytest.mark.parametrize("order", ["C", "F"])
    def test_copies_views_into_the_order(self, order):
        a = np.arange(60.0).reshape(3, 4, 5)
        for view, expected in [
            (xp.permute_dims(xp.asarray(a), (2, 0, 1)), a.transpose(2, 0, 1)),
            (xp.flip(xp.asarray(a), axis=1)[:, ::2], a[:, ::-1][:, ::2]),
            (xp.broadcast_to(xp.asarray(a[:1]), (3, 4, 5)), np.broadcast_to(a[:1], (3, 4, 5))),
        ]:
            result = layout.ascontiguous(view, order=order)
            assert layout.is_contiguous(result) == (order == "C")
            assert not layout.shares_memory(result, view)
            np.testing.assert_array_equal(np.asarray(result), expected)
            assert np.asarray(result).flags[f"{order}_CONTIGUOUS"]
            result[(0,) * 3] = -1.0  # its own, writable buffer

    def test_bad_order(self):
        with pytest.raises(ValueError,
                           match=r"ascontiguous\(\): 'order' must be 'C' or 'F', got 'K'"):
            layout.ascontiguous(xp.arange(3), order="K")

    def test_not_an_array(self):
        with pytest.raises(TypeError, match=r"ascontiguous\(\): 'x'"):
            layout.ascontiguous([1, 2, 3])


def test_dense_reads_skip_planning(monkeypatch):
    a = np.zeros((512, 512))
    assert _copy_kernels._reads_densely(a[:, ::-1], "C")
    assert _copy_kernels._reads_densely(a[:, :300], "C")
    assert not _copy_kernels._reads_densely(a.T, "C")
    assert _copy_kernels._reads_densely(a.T, "F")
    assert _copy_kernels._reads_densely(a[:1, :].T, "C")  # the last axis is size 1: look further in

    def fail(*args):
        raise AssertionError("planned a copy that reads densely")

    monkeypatch.setattr(_copy_kernels, "plan_copy", fail)
    source = np.arange(1 << 18, dtype=np.float64).reshape(512, 512)[:, ::-1]
    np.testing.assert_array_equal(contiguous_copy(source), source)
