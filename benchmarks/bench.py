"""
Speed of array_api_reshape beside NumPy and array-api-strict, as ratios, in one run.

    python benchmarks/bench.py [--quick] [--json PATH] [--only ID ...]

Every case runs on all three namespaces in one process, interleaved round-robin (one
batch of each namespace in turn, repeated), so that a noisy machine slows all alike.
For each case the table gives the median and best time per call, our ratio to NumPy and
to array-api-strict, whether our result shares memory with the input (checked), whether
our values equal NumPy's, how our time grows when the input is 100x and 1000x larger
(view cases: it should not grow), and GB/s for copies.
"""

from __future__ import annotations

import argparse
import copy
import json
import pickle
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

import array_api_reshape as xp
from array_api_reshape import layout

try:
    import array_api_strict as strict
except ImportError:  # the comparison column is left empty without it
    strict = None

NAMESPACES = ("ours", "numpy", "strict")


@dataclass
class Case:
    """One benchmark: per namespace, a setup giving (operation, input) and the bytes copied."""

    id: str
    setups: dict[str, Callable[[], tuple[Callable[[], object], object]]]
    bytes_copied: int = 0
    scaled: list[Callable[[], tuple[Callable[[], object], object]]] = field(default_factory=list)


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

    def transposed_flatten(ns):
        a = _from_numpy(ns, np.arange(2048 * 2048, dtype=np.float64).reshape(2048, 2048))
        if ns == "numpy":
            return (lambda: np.ascontiguousarray(a.T).reshape(-1)), a
        module = xp if ns == "ours" else strict
        return (lambda: module.reshape(module.permute_dims(a, (1, 0)), (-1,))), a

    cases.append(Case("copy-transpose-flatten",
                      {ns: (lambda ns=ns: transposed_flatten(ns)) for ns in NAMESPACES},
                      bytes_copied=2048 * 2048 * 8))

    def copy_true(ns):
        a = _from_numpy(ns, np.arange(2048 * 4096, dtype=np.float64).reshape(2048, 4096))
        if ns == "numpy":
            return (lambda: np.copy(a).reshape(4096, 2048)), a
        module = xp if ns == "ours" else strict
        return (lambda: module.reshape(a, (4096, 2048), copy=True)), a

    cases.append(Case("copy-true", {ns: (lambda ns=ns: copy_true(ns)) for ns in NAMESPACES},
                      bytes_copied=2048 * 4096 * 8))

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

    for case_id, obj, copy in (("asarray-nested-list", nested, None),
                               ("asarray-numpy-nocopy", source, None),
                               ("asarray-numpy-copy", source, True)):
        cases.append(Case(case_id, {ns: (lambda ns=ns, o=obj, c=copy: asarray_case(ns, o, c))
                                    for ns in NAMESPACES}))
    cases.append(_permute_reshape_sum_case())
    cases.extend(_operation_cases())
    return cases


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
    return [
        Case(case_id, {ns: (lambda ns=ns, a=a, b=b, op=op: binary(ns, a, b, op))
                       for ns in NAMESPACES})
        for case_id, a, b, op in specs
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
    for ns in NAMESPACES:
        if ns == "strict" and strict is None:
            continue
        prepared[ns] = case.setups[ns]()
    batches = {ns: _batch_size(op, batch_seconds) for ns, (op, _) in prepared.items()}
    samples = {ns: [] for ns in prepared}
    for _ in range(repeats):
        for ns, (operation, _) in prepared.items():
            samples[ns].append(_time_batches(operation, batches[ns]))
    row = {"id": case.id}
    for ns, values in samples.items():
        row[f"{ns}_median_us"] = statistics.median(values) * 1e6
        row[f"{ns}_best_us"] = min(values) * 1e6
    row["ratio_numpy"] = row["ours_median_us"] / row["numpy_median_us"]
    if "strict" in samples:
        row["ratio_strict"] = row["ours_median_us"] / row["strict_median_us"]
    our_op, our_source = prepared["ours"]
    ours = our_op()
    numpy_op, numpy_source = prepared["numpy"]
    reference = numpy_op()
    row["shares_memory"] = _shares(ours, our_source)
    row["numpy_shares_memory"] = _shares(reference, numpy_source)
    row["values_equal"] = bool(np.array_equal(np.asarray(ours), np.asarray(reference)))
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


def machine() -> str:
    return (f"{platform.machine()}, {platform.processor() or 'unknown cpu'}, "
            f"Python {platform.python_version()}, NumPy {np.__version__}, "
            f"array-api-strict {getattr(strict, '__version__', 'absent')}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="array_api_reshape benchmarks")
    parser.add_argument("--quick", action="store_true", help="fewer, shorter batches")
    parser.add_argument("--json", help="write the results to this file")
    parser.add_argument("--only", nargs="*", help="case ids to run")
    parser.add_argument("--plot", help="write a PNG chart of the ratios (needs matplotlib)")
    args = parser.parse_args(argv)
    repeats, batch_seconds = (5, 0.002) if args.quick else (21, 0.005)
    rows = []
    for case in build_cases():
        if args.only and case.id not in args.only:
            continue
        rows.append(run_case(case, repeats, batch_seconds))
        print(f"  {case.id}: ours/NumPy {rows[-1]['ratio_numpy']:.2f}", file=sys.stderr)
    print(f"Machine: {machine()}\n")
    print(render(rows))
    if args.json:
        with open(args.json, "w") as stream:
            json.dump({"machine": machine(), "rows": rows}, stream, indent=2)
    if args.plot:
        plot(rows, args.plot)
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


if __name__ == "__main__":
    sys.exit(main())
