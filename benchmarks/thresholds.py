"""
The smallest result at which two threads clearly beat one, per kind of work: what the
entries of ``array_api_reshape._kernels._piecewise_kernels.THREADING_THRESHOLDS`` should be.

    python benchmarks/thresholds.py [--quick] [--margin 0.9] [--repeats N] [--json PATH]

For each size from 2**12 to 2**23 float64 elements and each function below, it times
ours with ``threads.using(1)`` and with ``threads.using(2)``, batch by batch in turn, and
prints the ratio of the median times: time on 2 threads / time on 1 thread. The load
rule is off for the run (two threads means two whatever the load average), and every
threshold is 1, so that even the smallest sizes are cut into pieces; both are restored at
the end. The kinds of work, as ``THREADING_THRESHOLDS`` names them:

- memory_bound: ``x + y``, ``astype(x, float32)`` (size: the result);
- masked_copy: ``where(condition, x, y)``;
- under_1ns (NumPy's vectorised loops, 0.5 to 1 ns an element): ``exp(x)``, ``clip(x, ...)``;
- 1_to_4ns: ``x ** 2.5``, ``atan2(x, y)``;
- over_4ns (NumPy's plain loops): ``sin(x)``;
- reduction: ``max(x)``, ``argmax(x)`` (size: the input).

How to read it: below 1, two threads are faster; about 1, the pieces cost what the
second thread saves; above 1, the work is too small to pay for handing a piece to a
helper. A function's suggested threshold is the smallest size from which on every
larger size measured stays below the margin (0.9: two threads at least 10% faster); a
kind's is the largest of its functions' ("none": some size up to the largest misses the
margin, so no threshold is suggested). Run it on a quiet machine with two free CPUs
(``uptime``): on a busy one the second thread waits for a core and the thresholds come
out too high. Compare ratios from one run only.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np

import array_api_reshape as xp
from array_api_reshape import threads
from array_api_reshape._kernels import _piecewise_kernels
from array_api_reshape._runtime import _threads
from array_api_reshape._kernels._piecewise_kernels import (
    FROM_1_TO_4NS, MASKED_COPY, MEMORY_BOUND, OVER_4NS, REDUCTION, UNDER_1NS,
)

# function name -> (kind of work, operation on the inputs of one size)
FUNCTIONS: dict[str, tuple[str, Callable[[dict], object]]] = {
    "add": (MEMORY_BOUND, lambda v: v["x"] + v["y"]),
    "astype": (MEMORY_BOUND, lambda v: xp.astype(v["x"], xp.float32)),
    "where": (MASKED_COPY, lambda v: xp.where(v["condition"], v["x"], v["y"])),
    "exp": (UNDER_1NS, lambda v: xp.exp(v["x"])),
    "clip": (UNDER_1NS, lambda v: xp.clip(v["x"], 0.25, 0.75)),
    "pow": (FROM_1_TO_4NS, lambda v: v["x"] ** 2.5),
    "atan2": (FROM_1_TO_4NS, lambda v: xp.atan2(v["x"], v["y"])),
    "sin": (OVER_4NS, lambda v: xp.sin(v["x"])),
    "max": (REDUCTION, lambda v: xp.max(v["x"])),
    "argmax": (REDUCTION, lambda v: xp.argmax(v["x"])),
}
KINDS = tuple(_piecewise_kernels.THREADING_THRESHOLDS)


@contextmanager
def every_size_threaded() -> Iterator[None]:
    """Every threading threshold at 1 and the load rule off for the block, then as they
    were (through ``set_threading_thresholds``, which keeps the kernels' quick test of
    the lowest threshold in step)."""
    thresholds = _piecewise_kernels.THREADING_THRESHOLDS
    adapt = _threads.ADAPT_THREADS_TO_LOAD
    saved = _piecewise_kernels.set_threading_thresholds(dict.fromkeys(thresholds, 1))
    _threads.ADAPT_THREADS_TO_LOAD = False
    try:
        yield
    finally:
        _piecewise_kernels.set_threading_thresholds(saved)
        _threads.ADAPT_THREADS_TO_LOAD = adapt


def inputs(size: int, rng: np.random.Generator) -> dict:
    """Our arrays of ``size`` float64 in [0, 1) and the condition ``x > y``."""
    x, y = xp.asarray(rng.random(size)), xp.asarray(rng.random(size))
    return {"x": x, "y": y, "condition": x > y}


def time_batch(operation: Callable[[], object], thread_count: int, calls: int) -> float:
    """Seconds per call of ``calls`` calls on ``thread_count`` threads (the setting is
    made once per batch, so that it does not count at small sizes)."""
    with threads.using(thread_count):
        started = time.perf_counter_ns()
        for _ in range(calls):
            operation()
        return (time.perf_counter_ns() - started) / calls / 1e9


def calls_per_batch(operation: Callable[[], object], batch_seconds: float) -> int:
    """Enough calls for a batch of about ``batch_seconds`` on one thread (after one call
    on each thread count, which also starts the helper)."""
    time_batch(operation, 2, 1)
    once = max(time_batch(operation, 1, 1), 1e-7)
    return max(1, min(100_000, int(batch_seconds / once)))


def measure(operation: Callable[[], object], repeats: int, batch_seconds: float) -> dict:
    """Median seconds per call on 1 and on 2 threads, batches taken in turn."""
    calls = calls_per_batch(operation, batch_seconds)
    samples: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(repeats):
        for thread_count in samples:
            samples[thread_count].append(time_batch(operation, thread_count, calls))
    one, two = statistics.median(samples[1]), statistics.median(samples[2])
    return {"one_thread_us": one * 1e6, "two_threads_us": two * 1e6, "ratio": two / one}


def suggested(ratios: dict[int, float], margin: float) -> int | None:
    """The smallest size from which on every larger size's ratio is below ``margin``
    (None when the largest size misses it)."""
    threshold = None
    for size in sorted(ratios, reverse=True):
        if ratios[size] >= margin:
            break
        threshold = size
    return threshold


def _suggested_for(by_size: dict[int, dict], margin: float) -> int | None:
    return suggested({size: r["ratio"] for size, r in by_size.items()}, margin)


def suggested_for_kind(results: dict[str, dict[int, dict]], kind: str,
                       margin: float) -> int | None:
    """The largest of the suggested thresholds of ``kind``'s functions (None if any
    has none): from there on every function of the kind gains."""
    thresholds = [_suggested_for(results[name], margin)
                  for name, (of_kind, _) in FUNCTIONS.items() if of_kind == kind]
    found = [size for size in thresholds if size is not None]
    return max(found) if found and len(found) == len(thresholds) else None


def size_label(size: int) -> str:
    return f"2**{size.bit_length() - 1} ({size:,})"


def render(results: dict[str, dict[int, dict]], margin: float) -> str:
    """One table per kind: time on 2 threads / time on 1, per size and function, then
    each function's and the kind's suggested threshold beside the current one."""
    sections = []
    for kind in KINDS:
        names = [name for name, (of_kind, _) in FUNCTIONS.items() if of_kind == kind]
        sizes = sorted(results[names[0]])
        lines = [f"{kind} (2 threads / 1 thread; 1-thread µs in brackets):", "",
                 "| size | " + " | ".join(names) + " |", "|" + " --- |" * (1 + len(names))]
        for size in sizes:
            cells = [f"{results[n][size]['ratio']:.2f} ({results[n][size]['one_thread_us']:.0f})"
                     for n in names]
            lines.append(f"| {size_label(size)} | " + " | ".join(cells) + " |")
        per_function = ", ".join(f"{name} {_label_or_none(_suggested_for(results[name], margin))}"
                                 for name in names)
        now = _piecewise_kernels.THREADING_THRESHOLDS[kind]
        lines += ["", f"suggested {kind} threshold (ratio < {margin} from there on): "
                      f"{_label_or_none(suggested_for_kind(results, kind, margin))} "
                      f"[{per_function}]; now {size_label(now)}"]
        sections.append("\n".join(lines))
    return "\n\n".join(sections)


def _load() -> float:
    """The one-minute load average (NaN where the platform has none)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return float("nan")


def _label_or_none(size: int | None) -> str:
    return "none" if size is None else size_label(size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="the smallest sizes at which 2 threads beat 1, per kind of work")
    parser.add_argument("--quick", action="store_true", help="fewer, shorter batches")
    parser.add_argument("--margin", type=float, default=0.9,
                        help="a size gains when 2-thread time / 1-thread time is below this")
    parser.add_argument("--smallest", type=int, default=12, metavar="POWER",
                        help="the smallest size, as a power of 2 (default 12)")
    parser.add_argument("--largest", type=int, default=23, metavar="POWER",
                        help="the largest size, as a power of 2 (default 23)")
    parser.add_argument("--repeats", type=int, metavar="N",
                        help="batches per size, function and thread count (default 21, 5 "
                             "with --quick)")
    parser.add_argument("--json", metavar="PATH", help="write the times and ratios here")
    args = parser.parse_args(argv)
    repeats, batch_seconds = (5, 0.003) if args.quick else (21, 0.01)
    repeats = args.repeats or repeats
    sizes = [1 << power for power in range(args.smallest, args.largest + 1)]
    rng = np.random.default_rng(23)
    results: dict[str, dict[int, dict]] = {name: {} for name in FUNCTIONS}
    load_at_start = _load()
    with every_size_threaded():
        for size in sizes:
            values = inputs(size, rng)
            for name, (_, function) in FUNCTIONS.items():
                result = measure(functools.partial(function, values), repeats, batch_seconds)
                results[name][size] = result
                print(f"  {size_label(size)} {name}: {result['ratio']:.2f}", file=sys.stderr)
    print(f"Threads of the machine's setting: {threads.get()}; load rule off; every threading "
          f"threshold 1 during the run; load average {load_at_start:.2f} at the start, "
          f"{_load():.2f} at the end\n")
    print(render(results, args.margin))
    if args.json:
        suggestions = {kind: suggested_for_kind(results, kind, args.margin) for kind in KINDS}
        with open(args.json, "w") as stream:
            json.dump({"margin": args.margin, "suggested": suggestions,
                       "results": {name: {str(size): r for size, r in by_size.items()}
                                   for name, by_size in results.items()}}, stream, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
