"""
SciPy's array-API code on small arrays: the same SciPy calls on NumPy arrays, on ours and
on array-api-strict's, in one process, as ratios to NumPy.

    SCIPY_ARRAY_API=1 python benchmarks/scipy_workloads.py
    SCIPY_ARRAY_API=1 python benchmarks/scipy_workloads.py --json PATH

The calls spend their time in many small operations, where our per-call cost shows:
derivatives of ``exp`` at four points (``scipy.differentiate.derivative``), tanh-sinh
integration of ``exp`` over four intervals (``scipy.integrate.tanhsinh``), root finding at
four points (``scipy.optimize.elementwise.find_root``), the skewness of 200 z-scores
(``scipy.stats.zscore``, ``skew``) and ``scipy.special.logsumexp`` of a 50x4 array. Each
time is the best of several batches, taken round-robin over the namespaces, so that a
burst of other work on the machine slows all alike. SciPy reads ``SCIPY_ARRAY_API`` when
it is first imported; the script refuses to run without it. Needs SciPy (the bench extra).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable

import numpy as np

NAMESPACES = ("numpy", "array_api_reshape", "array_api_strict")
"""The namespaces each workload runs on, NumPy first (the ratios' denominator)."""

BATCHES, BUDGET = 7, 0.05
"""Batches per workload and namespace, and the seconds a batch aims to take, unless the
command line says otherwise."""


def namespace(name: str):
    """The module of ``name``."""
    if name == "numpy":
        return np
    if name == "array_api_reshape":
        import array_api_reshape

        return array_api_reshape
    import array_api_strict

    return array_api_strict


def workloads(xp) -> dict[str, Callable[[], object]]:
    """Each workload, on arrays of ``xp``, ready to call."""
    from scipy import differentiate, integrate, special, stats
    from scipy.optimize import elementwise

    rng = np.random.default_rng(0)
    points = xp.asarray([0.5, 1.0, 1.5, 2.0])
    lower, upper = xp.asarray([0.0, 0.0, 0.0, 0.0]), xp.asarray([1.0, 2.0, 3.0, 4.0])
    left, right = xp.asarray([-1.0] * 4), xp.asarray([2.0] * 4)
    targets = xp.asarray([0.1, 0.2, 0.3, 0.4])
    values = xp.asarray(rng.standard_normal(200))
    table = xp.asarray(rng.standard_normal((50, 4)))

    def cubed_minus(z, c):
        return z**3 - c

    return {
        "derivative of exp at 4 points": lambda: differentiate.derivative(xp.exp, points),
        "tanh-sinh integral of exp, 4 intervals": lambda: integrate.tanhsinh(
            xp.exp, lower, upper),
        "find_root at 4 points": lambda: elementwise.find_root(
            cubed_minus, (left, right), args=(targets,)),
        "skew of zscore, 200 values": lambda: stats.skew(stats.zscore(values)),
        "logsumexp of 50x4": lambda: special.logsumexp(table, axis=0),
    }


def measure(batches: int, budget: float) -> dict[str, dict[str, float | str]]:
    """The best seconds per call of each workload on each namespace (or why it fails)."""
    calls = {name: workloads(namespace(name)) for name in NAMESPACES}
    results: dict[str, dict[str, float | str]] = {}
    for workload in calls["numpy"]:
        runnable, numbers = {}, {}
        for name in NAMESPACES:
            call = calls[name][workload]
            try:
                call()
            except Exception as error:  # a namespace that cannot run it is reported so
                results.setdefault(workload, {})[name] = f"fails: {type(error).__name__}"
                continue
            start = time.perf_counter()
            call()
            once = time.perf_counter() - start
            runnable[name] = call
            numbers[name] = max(1, int(budget / max(once, 1e-7)))
        best = {name: float("inf") for name in runnable}
        for _ in range(batches):
            for name, call in runnable.items():
                start = time.perf_counter()
                for _ in range(numbers[name]):
                    call()
                best[name] = min(best[name], (time.perf_counter() - start) / numbers[name])
        results.setdefault(workload, {}).update(best)
    return results


def table(results: dict[str, dict[str, float | str]]) -> str:
    """The results as Markdown: milliseconds per call, and each namespace / NumPy."""
    lines = ["| workload | NumPy ms | ours ms | ours / NumPy | strict ms | strict / NumPy |",
             "| --- | --- | --- | --- | --- | --- |"]
    for workload, row in results.items():
        numpy_time = row["numpy"]
        cells = [workload, f"{numpy_time * 1e3:.3f}"]
        for name in NAMESPACES[1:]:
            value = row.get(name, "missing")
            if isinstance(value, float) and isinstance(numpy_time, float):
                cells += [f"{value * 1e3:.3f}", f"{value / numpy_time:.2f}"]
            else:
                cells += [str(value), "-"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--batches", type=int, default=BATCHES,
                        help="batches per workload and namespace")
    parser.add_argument("--budget", type=float, default=BUDGET,
                        help="seconds a batch aims to take")
    parser.add_argument("--json", help="write the seconds per call to this file")
    args = parser.parse_args(argv)
    if os.environ.get("SCIPY_ARRAY_API") != "1":
        print("scipy_workloads.py: set SCIPY_ARRAY_API=1 (SciPy reads it at import)",
              file=sys.stderr)
        return 2
    results = measure(args.batches, args.budget)
    print(table(results))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as output:
            json.dump(results, output, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
