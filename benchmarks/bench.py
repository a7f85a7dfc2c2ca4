"""
Speed of array_api_reshape beside NumPy and array-api-strict, as ratios, in one run.

    python benchmarks/bench.py [--quick] [--json PATH] [--only ID ...] [--group PREFIX]

Every case runs on all three namespaces in one process, interleaved round-robin (one
batch of each namespace in turn, repeated), so that a noisy machine slows all alike.
For each case the table gives the median and best time per call, our ratio to NumPy and
to array-api-strict, whether our result shares memory with the input (checked), whether
our values equal NumPy's, how our time grows when the input is 100x and 1000x larger
(view cases: it should not grow), and GB/s for copies.

The copy cases (``copy-*``) are also timed with ours on one thread and on every CPU, and
beside a contiguous copy of the same bytes (``--copies-plot``). The large element-wise
cases (``--group large-8m``) also time ours with the thread setting forced to 1, 2 and 4
threads, and get a table of ours/NumPy per thread count against their targets (the most
ours/NumPy may be: 0.8 for compute-bound work and order-free reductions, 1.0 for
memory-bound work, 0.6 for the compute-bound cases' geometric mean) and a chart
(``--threads-plot``). Beside them runs the two-thread limit: NumPy's own function on the two
halves of the input in two threads at once, no package code (the halves of a reduction's
answer then combined), which says what this machine lets two threads buy at all; the table
gives ours against it. ``benchmarks/report.py`` runs every case and writes the docs' table
and charts from :func:`run`.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import pickle
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial

import numpy as np

import array_api_reshape as xp
from array_api_reshape import flags, layout, threads
from array_api_reshape._kernels import _copy_kernels
from array_api_reshape._runtime import _threads

try:
    import array_api_strict as strict
except ImportError:  # the comparison column is left empty without it
    strict = None

NAMESPACES = ("ours", "numpy", "strict")
# copy cases add three timings to the round-robin: ours on one thread, ours on every CPU
# whatever the load (the default leaves busy CPUs alone), and a contiguous copy of the same
# bytes (the memory's speed limit for a copy)
ONE_THREAD, ALL_THREADS, CONTIGUOUS = "ours_1thread", "ours_all_threads", "contiguous"
# the large element-wise cases add ours with the thread setting forced to each of these
FORCED_THREADS = (1, 2, 4)
# ... and the two-thread limit: NumPy alone on the two halves of the input, two threads at once
TWO_BARE_THREADS = "two_bare_threads"
LIMIT_FACTOR = 1.15
"""The most ours may take, in multiples of the two-thread limit measured in the same run."""
LARGE_GROUP, LARGE_SIZE = "large-8m", 8_000_000
COMPUTE_GEOMETRIC_MEAN_TARGET = 0.6  # the most the compute-bound cases' geometric mean may be
LARGE_TARGETS = {"compute": 0.8, "memory": 1.0, "reduction": 0.8}
"""The most ours/NumPy may be for a large case, per kind of work: compute-bound functions
and order-free reductions must gain from threads, memory-bound work must not lose."""
BATCHES, BATCH_SECONDS = 21, 0.005
"""Batches per case and namespace (twice as many for copies and large cases) and the time
a batch aims at; ``--quick`` takes ``QUICK_BATCHES`` and ``QUICK_BATCH_SECONDS``."""
QUICK_BATCHES, QUICK_BATCH_SECONDS = 5, 0.002


def thread_count_name(thread_count: int) -> str:
    """A thread count as the setup names and JSON ratio keys end ("1thread", "2threads":
    ``ours_2threads``, ``ratio_numpy_2threads``)."""
    return f"{thread_count}thread" + ("s" if thread_count > 1 else "")


def forced(thread_count: int) -> str:
    """The setup name of ours with the thread setting forced to ``thread_count``
    (``ONE_THREAD`` for 1, as the copies name it)."""
    return f"ours_{thread_count_name(thread_count)}"


@dataclass
class Case:
    """One benchmark: per namespace, a setup giving (operation, input) and the bytes copied."""

    id: str
    setups: dict[str, Callable[[], tuple[Callable[[], object], object]]]
    bytes_copied: int = 0
    scaled: list[Callable[[], tuple[Callable[[], object], object]]] = field(default_factory=list)
    repeat_factor: int = 1  # noisy cases (large copies, one call per batch) take more rounds
    kind: str = ""  # large cases: "compute", "memory" or "reduction"
    target: float | None = None  # large cases: the most ours/NumPy may be


def _from_numpy(namespace: str, a: np.ndarray):
    if namespace == "ours":
        return xp.asarray(a)
    if namespace == "strict":
        return strict.asarray(a)
    return a


def _reshape_case(case_id, make, new_shape, *, copy=None, scales=()):
    """reshape of ``make(namespace)`` to ``new_shape`` on every namespace."""

    def setup(namespace, make=make):
        x = make(namespace)
        if namespace == "numpy":
            if copy:
                return (lambda: np.reshape(x, new_shape, copy=True)), x
            return (lambda: np.reshape(x, new_shape)), x
        module = xp if namespace == "ours" else strict
        return (lambda: module.reshape(x, new_shape, copy=copy)), x

    scaled = [(lambda m=m, s=s: setup("ours", m) if s is None else _scaled_reshape(m, s))
              for m, s in scales]
    return Case(case_id, {ns: (lambda ns=ns: setup(ns)) for ns in NAMESPACES}, scaled=scaled)


def _scaled_reshape(make, new_shape):
    x = make("ours")
    return (lambda: xp.reshape(x, new_shape)), x


def _arange_as(shape, dtype=np.float64):
    return lambda ns: _from_numpy(ns, np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape))


def _sliced(outer, middle, inner, keep):
    def make(ns):
        a = np.arange(outer * middle * inner, dtype=np.float64).reshape(outer, middle, inner)
        return _from_numpy(ns, a)[:, :keep, :]

    return make


def build_cases() -> list[Case]:
    cases = [
        _reshape_case("view-contiguous-merge", _arange_as((4, 6, 9)), (24, 9),
                      scales=[(_arange_as((40, 60, 90)), (2400, 90)),
                              (_arange_as((400, 60, 90)), (24000, 90))]),
        _reshape_case("view-contiguous-split", _arange_as((216,)), (6, 6, 6),
                      scales=[(_arange_as((21600,)), (60, 60, 6)),
                              (_arange_as((216000,)), (60, 60, 60))]),
        _reshape_case("view-slice-merge-tail", _sliced(4, 8, 9, 6), (4, 54),
                      scales=[(_sliced(400, 8, 9, 6), (400, 54)),
                              (_sliced(4000, 8, 9, 6), (4000, 54))]),
    ]

    for case_id, shape, axes in (("permute-3d", (4, 6, 9), (2, 0, 1)),
                                 ("permute-6d", (2, 3, 4, 5, 6, 7), (5, 4, 3, 2, 1, 0))):
        def permute(ns, shape=shape, axes=axes):
            a = _arange_as(shape)(ns)
            if ns == "numpy":
                return (lambda: np.permute_dims(a, axes)), a
            module = xp if ns == "ours" else strict
            return (lambda: module.permute_dims(a, axes)), a

        cases.append(Case(case_id, {ns: (lambda ns=ns, p=permute: p(ns)) for ns in NAMESPACES}))

    nested = np.random.default_rng(0).random((1000, 100)).tolist()
    source = np.arange(1000.0)

    def asarray_case(ns, obj, copy):
        if ns == "numpy":
            function = (lambda: np.array(obj, copy=True)) if copy else (lambda: np.asarray(obj))
            return function, obj
        module = xp if ns == "ours" else strict
        return (lambda: module.asarray(obj, copy=copy)), obj

    for case_id, obj, copy_flag in (("asarray-nested-list", nested, None),
                                    ("asarray-numpy-nocopy", source, None),
                                    ("asarray-numpy-copy", source, True)):
        cases.append(Case(case_id, {ns: (lambda ns=ns, o=obj, c=copy_flag: asarray_case(ns, o, c))
                                    for ns in NAMESPACES}))
    cases.append(_permute_reshape_sum_case())
    cases.extend(_operation_cases())
    cases.extend(_copy_cases())
    cases.extend(_transposed_input_cases())
    cases.extend(_large_cases())
    return cases


def _copy_case(case_id, shape, view, new_shape=(-1,), copy=None, dtype=np.float64) -> Case:
    """reshape(view(x), new_shape) of an arange of ``shape``: a copy on every namespace,
    timed also on one thread and beside a contiguous copy of the same bytes."""
    size = int(np.prod(shape))

    def setup(ns):
        x = _from_numpy(ns, np.arange(size, dtype=dtype).reshape(shape))
        module = _module(ns)
        v = view(module, x)
        if ns == "numpy":
            if copy:
                return (lambda: np.reshape(v, new_shape, copy=True)), v
            return (lambda: np.reshape(v, new_shape)), v
        return (lambda: module.reshape(v, new_shape, copy=copy)), v

    def with_threads(thread_count):
        operation, source = setup("ours")
        return _with_forced_threads(operation, thread_count), source

    def contiguous():
        same_bytes = np.arange(size, dtype=dtype)
        return (lambda: same_bytes.copy()), same_bytes

    setups = {ns: (lambda ns=ns: setup(ns)) for ns in NAMESPACES}
    setups[ONE_THREAD] = lambda: with_threads(1)
    setups[ALL_THREADS] = lambda: with_threads(_copy_kernels.copy_threads())
    setups[CONTIGUOUS] = contiguous
    return Case(case_id, setups, bytes_copied=size * np.dtype(dtype).itemsize, repeat_factor=2)


def _with_forced_threads(operation, thread_count: int):
    """``operation`` run with the thread setting at ``thread_count`` and the load rule off
    (a forced count must not shrink when the machine is busy); both restored after."""

    def run():
        previous = threads.set(thread_count)
        adapt, _threads.ADAPT_THREADS_TO_LOAD = _threads.ADAPT_THREADS_TO_LOAD, False
        try:
            return operation()
        finally:
            threads.set(previous)
            _threads.ADAPT_THREADS_TO_LOAD = adapt

    return run


def _copy_cases() -> list[Case]:
    """Copies into C order: transposes and permutations that move the fastest axis (our
    plan tiles them), and slices, flips and contiguous copies (one NumPy call, which must
    cost what NumPy's does)."""
    def permuted(axes):
        return lambda m, x: m.permute_dims(x, axes)

    return [
        _copy_case("copy-transpose-flatten", (2048, 2048), permuted((1, 0))),
        _copy_case("copy-permute-3120-flat", (48,) * 4, permuted((3, 1, 2, 0))),
        _copy_case("copy-permute-3210-flat", (48,) * 4, permuted((3, 2, 1, 0))),
        _copy_case("copy-permute-1230-flat", (48,) * 4, permuted((1, 2, 3, 0))),
        _copy_case("copy-permute-0213-flat", (48,) * 4, permuted((0, 2, 1, 3))),
        _copy_case("copy-column-slice-flat", (2048, 4096), lambda m, x: x[:, :3000]),
        _copy_case("copy-flip-axis1-flat", (2048, 4096), lambda m, x: m.flip(x, axis=1)),
        _copy_case("copy-true", (2048, 4096), lambda m, x: x,
                   new_shape=(2048, 4096), copy=True),
        _copy_case("copy-transpose-float32-flat", (2048, 2048), permuted((1, 0)), dtype=np.float32),
        _copy_case("copy-transpose-complex128-flat", (1024, 2048), permuted((1, 0)),
                   dtype=np.complex128),
        _copy_case("copy-small-transpose-30-flat", (30, 30), permuted((1, 0))),
    ]


def _transposed_input_cases() -> list[Case]:
    """Element-wise work, reductions and matmul reading transposed inputs (no copy of ours)."""
    rng = np.random.default_rng(2)
    square, matrix = rng.random((1000, 1000)), rng.random((512, 512))

    def setup(ns, a, op):
        x = _module(ns).permute_dims(_from_numpy(ns, a), (1, 0))
        return (lambda: op(_module(ns), x)), x

    specs = [
        ("transposed-add", square, lambda m, x: x + x),
        ("transposed-exp", square, lambda m, x: m.exp(x)),
        ("transposed-sum-axis", square, lambda m, x: m.sum(x, axis=1)),
        ("transposed-matmul-512", matrix, lambda m, x: x @ x),
    ]
    return [Case(case_id, {ns: (lambda ns=ns, a=a, op=op: setup(ns, a, op)) for ns in NAMESPACES})
            for case_id, a, op in specs]


def _large_cases() -> list[Case]:
    """Large element-wise work and order-free reductions on 8M float64 drawn from [0, 1) as
    the other large cases (from (0, 1] where the function needs positive values), ours
    also with the thread setting forced to each of ``FORCED_THREADS`` and beside the
    two-thread limit (``TWO_BARE_THREADS``); each case's target is ``LARGE_TARGETS`` of its
    kind."""
    rng = np.random.default_rng(23)
    x, y = rng.random(LARGE_SIZE), rng.random(LARGE_SIZE)
    positive = 1.0 - rng.random(LARGE_SIZE)
    float64, float32 = np.dtype(np.float64), np.dtype(np.float32)
    specs = [
        ("sin", "compute", x, y, lambda m, a, b: m.sin(a),
         _halves_written(lambda a, b, out: np.sin(a, out=out), float64)),
        ("cos", "compute", x, y, lambda m, a, b: m.cos(a),
         _halves_written(lambda a, b, out: np.cos(a, out=out), float64)),
        ("exp", "compute", x, y, lambda m, a, b: m.exp(a),
         _halves_written(lambda a, b, out: np.exp(a, out=out), float64)),
        ("log", "compute", positive, y, lambda m, a, b: m.log(a),
         _halves_written(lambda a, b, out: np.log(a, out=out), float64)),
        ("tanh", "compute", x, y, lambda m, a, b: m.tanh(a),
         _halves_written(lambda a, b, out: np.tanh(a, out=out), float64)),
        ("atan2", "compute", x, y, lambda m, a, b: m.atan2(a, b),
         _halves_written(lambda a, b, out: np.arctan2(a, b, out=out), float64)),
        ("pow-2.5", "compute", positive, y, lambda m, a, b: a ** 2.5,
         _halves_written(lambda a, b, out: np.power(a, 2.5, out=out), float64)),
        ("add", "memory", x, y, lambda m, a, b: a + b,
         _halves_written(lambda a, b, out: np.add(a, b, out=out), float64)),
        ("multiply", "memory", x, y, lambda m, a, b: a * b,
         _halves_written(lambda a, b, out: np.multiply(a, b, out=out), float64)),
        ("where", "memory", x, y, lambda m, a, b: m.where(a > b, a, b),
         _halves_written(_where_greater_into, float64)),
        ("astype-float32", "memory", x, y, lambda m, a, b: m.astype(a, m.float32),
         _halves_written(lambda a, b, out: np.copyto(out, a, casting="unsafe"), float32)),
        ("max", "reduction", x, y, lambda m, a, b: m.max(a),
         _halves_reduced(np.max, _larger_of_halves)),
        ("argmax", "reduction", x, y, lambda m, a, b: m.argmax(a),
         _halves_reduced(np.argmax, _first_largest_of_halves)),
    ]
    def setup(ns, a, b, op):
        first, second = _from_numpy(ns, a), _from_numpy(ns, b)
        return (lambda: op(_module(ns), first, second)), first

    def forced_setup(thread_count, a, b, op):
        operation, source = setup("ours", a, b, op)
        return _with_forced_threads(operation, thread_count), source

    cases = []
    for name, kind, a, b, op, limit in specs:
        setups = {ns: (lambda ns=ns, a=a, b=b, op=op: setup(ns, a, b, op)) for ns in NAMESPACES}
        for count in FORCED_THREADS:
            setups[forced(count)] = lambda c=count, a=a, b=b, op=op: forced_setup(c, a, b, op)
        setups[TWO_BARE_THREADS] = lambda a=a, b=b, limit=limit: (limit(a, b), a)
        cases.append(Case(f"{LARGE_GROUP}-{name}", setups, repeat_factor=2, kind=kind,
                          target=LARGE_TARGETS[kind]))
    return cases


# --- the two-thread limit: NumPy alone on two halves, two threads at once ----------------

_bare_helper: ThreadPoolExecutor | None = None


def _on_two_bare_threads(first: Callable[[], object], second: Callable[[], object]):
    """``first()`` on this thread while one waiting helper thread (started once, as the
    package's helpers are) runs ``second()``; both answers."""
    global _bare_helper
    if _bare_helper is None:
        _bare_helper = ThreadPoolExecutor(1, thread_name_prefix="two-bare-threads")
    other = _bare_helper.submit(second)
    return first(), other.result()


def _halves(size: int) -> tuple[slice, slice]:
    return slice(0, size // 2), slice(size // 2, size)


def _halves_written(write: Callable[[np.ndarray, np.ndarray, np.ndarray], object],
                    dtype: np.dtype):
    """The two-thread limit of element-wise work: a new result of ``dtype``, then
    ``write(a, b, out)`` of each half of the inputs into that half of it, the two halves on
    two bare threads at once."""

    def limit(a: np.ndarray, b: np.ndarray) -> Callable[[], np.ndarray]:
        halves = [(a[half], b[half], half) for half in _halves(a.size)]

        def run() -> np.ndarray:
            out = np.empty(a.shape, dtype)
            _on_two_bare_threads(*[partial(write, a_half, b_half, out[half])
                                   for a_half, b_half, half in halves])
            return out

        return run

    return limit


def _halves_reduced(reduce: Callable[[np.ndarray], object],
                    combine: Callable[[np.ndarray, object, object, int], object]):
    """The two-thread limit of a reduction: ``reduce`` of each half of the input on two bare
    threads at once, then ``combine(x, first_answer, second_answer, second_start)``."""

    def limit(a: np.ndarray, b: np.ndarray) -> Callable[[], object]:
        first, second = _halves(a.size)

        def run() -> object:
            answers = _on_two_bare_threads(partial(reduce, a[first]), partial(reduce, a[second]))
            return combine(a, *answers, second.start)

        return run

    return limit


def _where_greater_into(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> None:
    """``where(a > b, a, b)`` written into ``out``: ``b``, then ``a`` where it is larger."""
    np.copyto(out, b)
    np.copyto(out, a, where=a > b)


def _larger_of_halves(x: np.ndarray, first, second, second_start: int):
    return np.maximum(first, second)


def _first_largest_of_halves(x: np.ndarray, first, second, second_start: int):
    """The first position of the largest element (the first NaN) from each half's."""
    second += second_start
    return first if x[first] >= x[second] or x[first] != x[first] else second


def _module(ns):
    return {"ours": xp, "numpy": np, "strict": strict}[ns]


def _permute_reshape_sum_case() -> Case:
    """200 x sum(reshape(permute_dims(x, (1, 0, 2)), (-1, 64)), axis=0) on (64, 64, 64)."""

    def setup(ns):
        x = _from_numpy(ns, np.random.default_rng(0).random((64, 64, 64)).astype(np.float32))
        m = _module(ns)

        def run():
            result = None
            for _ in range(200):
                result = m.sum(m.reshape(m.permute_dims(x, (1, 0, 2)), (-1, 64)), axis=0)
            return result

        return run, x

    return Case("permute-reshape-sum-x200", {ns: (lambda ns=ns: setup(ns)) for ns in NAMESPACES})


def _operation_cases() -> list[Case]:
    """Small-array overhead (10 elements) and large element-wise work and reductions."""
    rng = np.random.default_rng(1)
    small_a, small_b = rng.random(10), rng.random(10)
    small_mask = small_a > 0.5
    big_a, big_b = rng.random(1_000_000), rng.random(1_000_000)
    square = rng.random((1000, 1000))
    matrix = rng.random((512, 512))

    def binary(ns, a, b, op):
        x, y = _from_numpy(ns, a), _from_numpy(ns, b)
        return (lambda: op(_module(ns), x, y)), x

    specs = [
        ("small-add", small_a, small_b, lambda m, x, y: x + y),
        ("small-multiply-scalar", small_a, small_b, lambda m, x, y: x * 2.0),
        ("small-sum", small_a, small_b, lambda m, x, y: m.sum(x)),
        ("small-slice", small_a, small_b, lambda m, x, y: x[1:3]),
        ("small-mask", small_a, small_mask, lambda m, x, y: x[y]),
        ("large-add", big_a, big_b, lambda m, x, y: x + y),
        ("large-exp", big_a, big_b, lambda m, x, y: m.exp(x)),
        ("large-where", big_a, big_b, lambda m, x, y: m.where(x > y, x, y)),
        ("sum-axis", square, square, lambda m, x, y: m.sum(x, axis=1)),
        ("mean-axis", square, square, lambda m, x, y: m.mean(x, axis=0)),
        ("matmul-512", matrix, matrix, lambda m, x, y: x @ y),
        ("sort-1m-stable", big_a, big_b,
         lambda m, x, y: np.sort(x, kind="stable") if m is np else m.sort(x)),
        ("sort-1m-unstable", big_a, big_b,
         lambda m, x, y: np.sort(x) if m is np else m.sort(x, stable=False)),
        ("small-pickle", small_a, small_b, lambda m, x, y: pickle.loads(pickle.dumps(x))),
        ("large-pickle-protocol-5", big_a, big_b,
         lambda m, x, y: pickle.loads(pickle.dumps(x, protocol=5))),
        ("large-pickle-protocol-2", big_a, big_b,
         lambda m, x, y: pickle.loads(pickle.dumps(x, protocol=2))),
        ("large-deepcopy", big_a, big_b, lambda m, x, y: copy.deepcopy(x)),
    ]
    cases = [
        Case(case_id, {ns: (lambda ns=ns, a=a, b=b, op=op: binary(ns, a, b, op))
                       for ns in NAMESPACES})
        for case_id, a, b, op in specs
    ]
    return cases + _write_cases(small_a)


def _write_cases(values: np.ndarray) -> list[Case]:
    """Small writes (10 elements): into an array nobody else views, and into one that two
    live views see (one of them over the written element), the case the views modes
    watch (``--flag views=error``)."""
    def setup(ns, with_views):
        x = _from_numpy(ns, values.copy())
        module = _module(ns)
        views = (x[5:], module.reshape(x, (2, 5))) if with_views else ()

        def write():
            x[3] = 1.0
            return x if views is not None else None  # the views live as long as the case

        return write, x

    return [
        Case(case_id, {ns: (lambda ns=ns, with_views=with_views: setup(ns, with_views))
                       for ns in NAMESPACES})
        for case_id, with_views in (("small-setitem", False), ("small-setitem-with-views", True))
    ]


def _batch_size(operation, target_seconds: float) -> int:
    started = time.perf_counter()
    operation()
    once = max(time.perf_counter() - started, 1e-7)
    return max(1, min(100_000, int(target_seconds / once)))


def _time_batches(operation, number: int) -> float:
    started = time.perf_counter_ns()
    for _ in range(number):
        operation()
    return (time.perf_counter_ns() - started) / number / 1e9


def _shares(result, source) -> bool:
    """Whether ``result`` shares memory with ``source`` (checked, never assumed)."""
    if isinstance(source, xp.Array):
        return layout.shares_memory(result, source)
    if isinstance(source, np.ndarray):
        return bool(np.shares_memory(np.asarray(result), source))
    return False


def run_case(case: Case, repeats: int, batch_seconds: float) -> dict:
    prepared = {}
    for ns in case.setups:
        if ns == "strict" and strict is None:
            continue
        prepared[ns] = case.setups[ns]()
    batches = {ns: _batch_size(op, batch_seconds) for ns, (op, _) in prepared.items()}
    samples = {ns: [] for ns in prepared}
    for _ in range(repeats * case.repeat_factor):
        for ns, (operation, _) in prepared.items():
            samples[ns].append(_time_batches(operation, batches[ns]))
    row = {"id": case.id}
    for ns, values in samples.items():
        row[f"{ns}_median_us"] = statistics.median(values) * 1e6
        row[f"{ns}_best_us"] = min(values) * 1e6
    row["ratio_numpy"] = row["ours_median_us"] / row["numpy_median_us"]
    if "strict" in samples:
        row["ratio_strict"] = row["ours_median_us"] / row["strict_median_us"]
    if CONTIGUOUS in samples:
        contiguous = row[f"{CONTIGUOUS}_median_us"]
        one_thread = row[f"{ONE_THREAD}_median_us"]
        all_threads = row[f"{ALL_THREADS}_median_us"]
        row["threads"] = _copy_kernels.copy_threads()
        row["ratio_contiguous"] = row["ours_median_us"] / contiguous
        row["ratio_numpy_1thread"] = one_thread / row["numpy_median_us"]
        row["ratio_contiguous_1thread"] = one_thread / contiguous
        row["ratio_numpy_all_threads"] = all_threads / row["numpy_median_us"]
        row["ratio_contiguous_all_threads"] = all_threads / contiguous
        row["numpy_ratio_contiguous"] = row["numpy_median_us"] / contiguous
    if case.target is not None:
        row["kind"], row["target"] = case.kind, case.target
        row["threads"] = threads.get()
        for count in FORCED_THREADS:
            row[f"ratio_numpy_{thread_count_name(count)}"] = (
                row[f"{forced(count)}_median_us"] / row["numpy_median_us"])
        row["meets_target"] = row["ratio_numpy"] <= case.target
        limit = row[f"{TWO_BARE_THREADS}_median_us"]
        row["limit_ratio_numpy"] = limit / row["numpy_median_us"]
        row["ratio_limit"] = row["ours_median_us"] / limit
        row["ratio_limit_2threads"] = row[f"{forced(2)}_median_us"] / limit
        row["within_limit_factor"] = row["ratio_limit"] <= LIMIT_FACTOR
    our_op, our_source = prepared["ours"]
    ours = our_op()
    numpy_op, numpy_source = prepared["numpy"]
    reference = numpy_op()
    row["shares_memory"] = _shares(ours, our_source)
    row["numpy_shares_memory"] = _shares(reference, numpy_source)
    row["values_equal"] = bool(np.array_equal(np.asarray(ours), np.asarray(reference)))
    if case.target is not None:  # the same bits as NumPy on every thread count
        row["bits_equal"] = all(_same_bits(prepared[ns][0](), reference)
                                for ns in ["ours", *map(forced, FORCED_THREADS)])
        row["limit_values_equal"] = bool(  # the limit computes what NumPy does
            np.array_equal(prepared[TWO_BARE_THREADS][0](), reference))
    if case.kind == "reduction":  # what it reads is its input: the memory's speed as used
        read = numpy_source.nbytes / 1e3
        row["read_GBps"] = {ns: read / row[f"{ns}_median_us"]
                            for ns in ("ours", "numpy", TWO_BARE_THREADS)}
    if case.bytes_copied:
        row["ours_GBps"] = case.bytes_copied / (row["ours_median_us"] * 1e-6) / 1e9
        row["numpy_GBps"] = case.bytes_copied / (row["numpy_median_us"] * 1e-6) / 1e9
    growth = []
    for make in case.scaled:
        operation, _ = make()
        number = _batch_size(operation, batch_seconds)
        growth.append(statistics.median(_time_batches(operation, number) for _ in range(repeats))
                      * 1e6 / row["ours_median_us"])
    if growth:
        row["growth_100x_1000x"] = growth
    return row


def run(only: Sequence[str] = (), groups: Sequence[str] = (), *,
        quick: bool = False) -> list[dict]:
    """The rows of the cases whose id is in ``only`` or starts with one of ``groups``
    (every case when both are empty), each case's ratio to NumPy printed to stderr as
    it ends."""
    repeats, batch_seconds = (QUICK_BATCHES, QUICK_BATCH_SECONDS) if quick else (
        BATCHES, BATCH_SECONDS)
    rows = []
    for case in build_cases():
        if (only or groups) and not (case.id in only or case.id.startswith(tuple(groups))):
            continue
        rows.append(run_case(case, repeats, batch_seconds))
        print(f"  {case.id}: ours/NumPy {rows[-1]['ratio_numpy']:.2f}", file=sys.stderr)
    return rows


def _same_bits(result, reference) -> bool:
    """Whether ``result`` holds exactly ``reference``'s bytes, shape and dtype."""
    ours, theirs = np.asarray(result), np.asarray(reference)
    return (ours.dtype == theirs.dtype and ours.shape == theirs.shape
            and ours.tobytes() == theirs.tobytes())


def render(rows: list[dict]) -> str:
    header = ("| case | ours µs (best) | NumPy µs | strict µs | ours/NumPy | ours/strict | "
              "shares memory | equal | growth x100, x1000 | GB/s ours / NumPy |")
    lines = [header, "|" + " --- |" * 10]
    for r in rows:
        growth = ", ".join(f"{g:.2f}" for g in r.get("growth_100x_1000x", [])) or "-"
        bandwidth = (f"{r['ours_GBps']:.1f} / {r['numpy_GBps']:.1f}" if "ours_GBps" in r else "-")
        strict_time = f"{r['strict_median_us']:.2f}" if "strict_median_us" in r else "-"
        strict_ratio = f"{r['ratio_strict']:.2f}" if "ratio_strict" in r else "-"
        lines.append(
            f"| {r['id']} | {r['ours_median_us']:.2f} ({r['ours_best_us']:.2f}) | "
            f"{r['numpy_median_us']:.2f} | {strict_time} | {r['ratio_numpy']:.2f} | "
            f"{strict_ratio} | {r['shares_memory']} | {r['values_equal']} | {growth} | "
            f"{bandwidth} |"
        )
    return "\n".join(lines)


def render_copies(rows: list[dict]) -> str:
    """The copy cases: ours (as configured, on one thread, on every CPU), NumPy and a
    contiguous copy of the same bytes; times in one table, ratios in another (one table
    of both would not fit a page)."""
    threads = next((r["threads"] for r in rows if "threads" in r), "?")
    times_table = [
        f"| case | ours ms | 1 thread ms | {threads} threads ms | NumPy ms | contiguous ms "
        "| equal |",
        "|" + " --- |" * 7,
    ]
    ratios_table = [
        f"| case | ours / NumPy | 1 thread / NumPy | {threads} threads / NumPy "
        f"| ours / contiguous | 1 thread / contiguous | {threads} threads / contiguous "
        "| NumPy / contiguous |",
        "|" + " --- |" * 8,
    ]
    for r in rows:
        if "ratio_contiguous" not in r:
            continue
        names = ("ours", ONE_THREAD, ALL_THREADS, "numpy", CONTIGUOUS)
        times = [r[f"{ns}_median_us"] / 1e3 for ns in names]
        ratios = [r[k] for k in ("ratio_numpy", "ratio_numpy_1thread", "ratio_numpy_all_threads",
                                 "ratio_contiguous", "ratio_contiguous_1thread",
                                 "ratio_contiguous_all_threads", "numpy_ratio_contiguous")]
        times_table.append(f"| {r['id']} | " + " | ".join(f"{t:.2f}" for t in times)
                           + f" | {r['values_equal']} |")
        ratios_table.append(f"| {r['id']} | " + " | ".join(f"{x:.2f}" for x in ratios) + " |")
    return "\n".join(times_table) + "\n\n" + "\n".join(ratios_table)


LIMIT_COLUMNS = ("limit_ratio_numpy", "ratio_limit", "ratio_limit_2threads")
"""The two-thread limit's columns of the large cases: the limit / NumPy (the least
ours/NumPy any split over two threads can reach here), ours / the limit, and ours with the
setting forced to 2 threads / the limit (the same threads, whatever the load)."""


def large_summary(rows: list[dict]) -> dict:
    """The compute-bound large cases together: the geometric mean of ours/NumPy, as
    configured and per forced thread count, against its target, and of the two-thread
    limit's columns."""
    compute = [r for r in rows if r.get("kind") == "compute"]
    if not compute:
        return {}
    keys = (["ratio_numpy"] + [f"ratio_numpy_{thread_count_name(c)}" for c in FORCED_THREADS]
            + list(LIMIT_COLUMNS))
    means = {key: statistics.geometric_mean(r[key] for r in compute) for key in keys}
    return {"cases": [r["id"] for r in compute], "geometric_mean": means,
            "target": COMPUTE_GEOMETRIC_MEAN_TARGET,
            "meets_target": means["ratio_numpy"] <= COMPUTE_GEOMETRIC_MEAN_TARGET}


def render_large(rows: list[dict]) -> str:
    """The large cases: ours/NumPy as configured and with the thread setting forced to
    1, 2, 4 threads, against each target, and beside the two-thread limit; then times and
    whether the bits are NumPy's (two tables: one of both would not fit a page)."""
    rows = [r for r in rows if "target" in r]
    counts = [thread_count_name(c) for c in FORCED_THREADS]
    keys = ["ratio_numpy"] + [f"ratio_numpy_{c}" for c in counts]
    ratios_table = [
        f"| case | target | ours (≤ {rows[0]['threads']} threads) | "
        + " | ".join(c.replace("thread", " thread") for c in counts) + " | meets target | "
        "two-thread limit / NumPy | ours / two-thread limit | 2 threads / two-thread limit |",
        "|" + " --- |" * (7 + len(counts)),
    ]

    def ratio_row(label: str, target: float, ratios: dict, meets: bool) -> str:
        return (f"| {label} | ≤ {target:.1f} | " + " | ".join(f"{ratios[k]:.2f}" for k in keys)
                + f" | {'yes' if meets else 'no'} | "
                + " | ".join(f"{ratios[k]:.2f}" for k in LIMIT_COLUMNS) + " |")

    for r in rows:
        ratios_table.append(ratio_row(r["id"], r["target"], r, r["meets_target"]))
    summary = large_summary(rows)
    if summary:
        ratios_table.append(ratio_row("compute-bound, geometric mean", summary["target"],
                                      summary["geometric_mean"], summary["meets_target"]))
    times_table = ["| case | ours ms | two-thread limit ms | NumPy ms | strict ms | ours / strict "
                   "| NumPy's bits |",
                   "|" + " --- |" * 7]
    for r in rows:
        strict_time = f"{r['strict_median_us'] / 1e3:.2f}" if "strict_median_us" in r else "-"
        strict_ratio = f"{r['ratio_strict']:.2f}" if "ratio_strict" in r else "-"
        times_table.append(f"| {r['id']} | {r['ours_median_us'] / 1e3:.2f} | "
                           f"{r[f'{TWO_BARE_THREADS}_median_us'] / 1e3:.2f} | "
                           f"{r['numpy_median_us'] / 1e3:.2f} | {strict_time} | {strict_ratio} | "
                           f"{r['bits_equal']} |")
    return "\n".join(ratios_table) + "\n\n" + "\n".join(times_table)


def _load() -> float:
    """The one-minute load average (NaN where the platform has none)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return float("nan")


def machine() -> str:
    return (f"{platform.machine()}, {platform.processor() or 'unknown cpu'}, "
            f"Python {platform.python_version()}, NumPy {np.__version__}, "
            f"array-api-strict {getattr(strict, '__version__', 'absent')}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="array_api_reshape benchmarks")
    parser.add_argument("--quick", action="store_true", help="fewer, shorter batches")
    parser.add_argument("--json", help="write the results to this file")
    parser.add_argument("--only", nargs="*", help="case ids to run")
    parser.add_argument("--group", action="append", default=[], metavar="PREFIX",
                        help=f"run the cases whose id starts with PREFIX ({LARGE_GROUP}: the "
                             "large element-wise cases); repeatable, adds to --only")
    parser.add_argument("--plot", help="write a PNG chart of the ratios (needs matplotlib)")
    parser.add_argument("--copies-plot", help="write a PNG chart of the copy cases")
    parser.add_argument("--threads-plot", metavar="PATH",
                        help="write a PNG chart of the large cases per thread count")
    parser.add_argument("--flag", action="append", default=[], metavar="NAME=VALUE",
                        help="a portability flag of array_api_reshape for the whole run, as "
                             "flags.set takes it (views=error); repeatable")
    args = parser.parse_args(argv)
    for flag in args.flag:
        name, _, text = flag.partition("=")
        flags.set(**{name: {"true": True, "false": False}.get(text.lower(), text)})
    rows = run(args.only or (), args.group, quick=args.quick)
    print(f"Machine: {machine()}, {_copy_kernels.copy_threads()} copy threads\n")
    print(render(rows))
    if any("ratio_contiguous" in r for r in rows):
        print("\nCopies:\n")
        print(render_copies(rows))
    if any("target" in r for r in rows):
        print(f"\nLarge element-wise work (ours / NumPy; {LARGE_SIZE:,} float64; ours as set, "
              f"fewer threads under load; load average {_load():.2f} at the end):\n")
        print(render_large(rows))
    if args.json:
        with open(args.json, "w") as stream:
            json.dump({"machine": machine(), "load_average_at_end": _load(), "rows": rows,
                       "large_summary": large_summary(rows)}, stream, indent=2)
    if args.plot:
        plot(rows, args.plot)
    if args.copies_plot:
        plot_copies(rows, args.copies_plot)
    if args.threads_plot:
        plot_threads(rows, args.threads_plot)
    return 0


def plot(rows: list[dict], path: str) -> None:
    """A bar chart of ours/NumPy and ours/strict per case (log scale), for the docs."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ids = [r["id"] for r in rows]
    positions = np.arange(len(ids))
    figure, axes = plt.subplots(figsize=(10, 0.35 * len(ids) + 1.5))
    axes.barh(positions - 0.2, [r["ratio_numpy"] for r in rows], height=0.4, label="ours / NumPy")
    axes.barh(positions + 0.2, [r.get("ratio_strict", np.nan) for r in rows], height=0.4,
              label="ours / array-api-strict")
    axes.axvline(1.0, color="black", linewidth=0.8)
    axes.set_xscale("log")
    axes.set_yticks(positions, ids)
    axes.invert_yaxis()
    axes.set_xlabel("time ratio (below 1: we are faster)")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=120)


def plot_copies(rows: list[dict], path: str) -> None:
    """Per copy case, time relative to a contiguous copy of the same bytes: NumPy, ours on
    one thread, ours on every CPU (log scale; 1 is the memory's speed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [r for r in rows if "ratio_contiguous" in r]
    positions = np.arange(len(rows))
    figure, axes = plt.subplots(figsize=(10, 0.5 * len(rows) + 1.5))
    all_threads = rows[0]["threads"] if rows else "?"
    bars = [("NumPy", "numpy_ratio_contiguous"), ("ours, 1 thread", "ratio_contiguous_1thread"),
            (f"ours, {all_threads} threads", "ratio_contiguous_all_threads")]
    for shift, (label, key) in zip((-0.27, 0.0, 0.27), bars):
        axes.barh(positions + shift, [r[key] for r in rows], height=0.27, label=label)
    axes.axvline(1.0, color="black", linewidth=0.8)
    axes.set_xscale("log")
    axes.set_yticks(positions, [r["id"] for r in rows])
    axes.invert_yaxis()
    axes.set_xlabel("time / time of a contiguous copy of the same bytes (1 = memory speed)")
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    figure.tight_layout()
    figure.savefig(path, dpi=120)


def plot_threads(rows: list[dict], path: str) -> None:
    """Per large case, ours/NumPy with the thread setting forced to 1, 2 and 4 threads,
    its target and its two-thread limit marked, and the compute-bound cases' geometric
    mean (1 is NumPy)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [r for r in rows if "target" in r]
    labels = [r["id"].removeprefix(f"{LARGE_GROUP}-") for r in rows]
    values = [[r[f"ratio_numpy_{thread_count_name(c)}"] for c in FORCED_THREADS] for r in rows]
    targets = [r["target"] for r in rows]
    limits = [r["limit_ratio_numpy"] for r in rows]
    summary = large_summary(rows)
    if summary:
        labels.append("compute-bound,\ngeometric mean")
        values.append([summary["geometric_mean"][f"ratio_numpy_{thread_count_name(c)}"]
                       for c in FORCED_THREADS])
        targets.append(summary["target"])
        limits.append(summary["geometric_mean"]["limit_ratio_numpy"])
    positions = np.arange(len(labels))
    height = 0.8 / len(FORCED_THREADS)
    figure, axes = plt.subplots(figsize=(10, 0.5 * len(labels) + 1.5))
    for i, count in enumerate(FORCED_THREADS):
        shift = (i - (len(FORCED_THREADS) - 1) / 2) * height
        axes.barh(positions + shift, [v[i] for v in values], height=height,
                  label=f"ours, {count} thread" + ("s" if count > 1 else ""))
    axes.scatter(targets, positions, marker="|", s=400, color="black", zorder=3,
                 label="target: the most ours / NumPy may be")
    axes.scatter(limits, positions, marker="x", s=60, color="dimgray", zorder=3,
                 label="two-thread limit: NumPy on two halves at once")
    axes.axvline(1.0, color="black", linewidth=0.8)
    axes.set_yticks(positions, labels)
    axes.invert_yaxis()
    axes.set_xlabel(f"time / NumPy's time, {LARGE_SIZE:,} float64 (below 1: we are faster)")
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    figure.tight_layout()
    figure.savefig(path, dpi=120)


if __name__ == "__main__":
    sys.exit(main())
