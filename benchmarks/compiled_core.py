"""
The compiled core against the pure-Python build: per-call cost of small operations, each
build beside NumPy and array-api-strict, as ratios to NumPy.

    python benchmarks/compiled_core.py                  # the table and the targets
    python benchmarks/compiled_core.py --json PATH      # the numbers

Each build runs in processes of its own (the pure one with ``ARRAY_API_RESHAPE_PURE=1``),
taken in turn for several rounds; every process times NumPy, array-api-strict and ours
round-robin, the best of several batches of calls on 10-element float64 arrays, so that
each ratio compares numbers taken side by side. The table gives the medians over the
rounds. The compiled core exists to cut this cost; the pure build is what a machine
without a C compiler installs. The targets (``TARGETS``) are for the compiled core: at
most 1.8 times NumPy for each small operation and 1.5 for their geometric mean, 3 for
``asarray`` of a NumPy array, 4 for a scalar read and write, and a view ``reshape`` and
``permute_dims`` faster than NumPy's own (0.35 and 0.8 of its time).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import numpy as np

SMALL = ("add", "multiply-scalar", "sum", "slice", "mask")
"""The small operations whose ratios to NumPy have a target each and one together."""

TARGETS = {
    **dict.fromkeys(SMALL, 1.8),
    "asarray-numpy": 3.0,
    "getitem-int": 4.0,
    "setitem-int": 4.0,
    "reshape-view": 0.35,
    "permute-dims": 0.8,
}
"""The most each case may take, as a multiple of NumPy's (reshape: of numpy.reshape,
permute_dims: of numpy.transpose)."""

SMALL_GEOMETRIC_MEAN = 1.5
"""The most the geometric mean of the small operations' ratios may be."""

COLUMNS = ("numpy", "strict", "ours")

ROUNDS, PROCESS_ROUNDS, NUMBER = 5, 5, 20_000
"""Processes per build, batches per case and column in each, and calls per batch, unless
the command line says otherwise."""


def cases(module) -> dict[str, Callable[[], object]]:
    """Each case's call on fresh operands of ``module`` (NumPy's names where they differ)."""
    rng = np.random.default_rng(0)
    data, other = rng.random(10), rng.random(10)
    x, y = module.asarray(data.copy()), module.asarray(other.copy())
    mask = x > 0.5
    cube = module.reshape(module.asarray(np.arange(24.0)), (2, 3, 4))
    permute = np.transpose if module is np else module.permute_dims

    def setitem() -> None:
        x[3] = 1.0

    return {
        "add": lambda: x + y,
        "multiply-scalar": lambda: x * 2.0,
        "sum": lambda: module.sum(x),
        "slice": lambda: x[2:5],
        "mask": lambda: x[mask],
        "asarray-numpy": lambda: module.asarray(data),
        "getitem-int": lambda: x[3],
        "setitem-int": setitem,
        "reshape-view": lambda: module.reshape(x, (2, 5)),
        "permute-dims": lambda: permute(cube, (2, 0, 1)),
    }


def _best_of(run: Callable[[], object], number: int) -> float:
    started = time.perf_counter_ns()
    for _ in range(number):
        run()
    return (time.perf_counter_ns() - started) / number / 1000


def measure_here(rounds: int, number: int) -> dict[str, dict[str, float]]:
    """Microseconds per call of every case in every column, in this process."""
    import array_api_strict

    import array_api_reshape

    modules = {"numpy": np, "strict": array_api_strict, "ours": array_api_reshape}
    runs = {column: cases(module) for column, module in modules.items()}
    best: dict[str, dict[str, float]] = {column: {} for column in COLUMNS}
    for _ in range(rounds):
        for column in COLUMNS:
            for case, run in runs[column].items():
                seconds = _best_of(run, number)
                best[column][case] = min(best[column].get(case, math.inf), seconds)
    return best


def measure_builds(rounds: int, process_rounds: int, number: int) -> dict[str, dict]:
    """For each build, the medians over ``rounds`` processes of each column's times."""
    here = os.path.abspath(__file__)
    samples: dict[str, list[dict[str, dict[str, float]]]] = {"compiled": [], "pure": []}
    names: dict[str, str] = {}
    for _ in range(rounds):
        for build in samples:
            environment = {k: v for k, v in os.environ.items() if k != "ARRAY_API_RESHAPE_PURE"}
            if build == "pure":
                environment["ARRAY_API_RESHAPE_PURE"] = "1"
            output = subprocess.run(
                [sys.executable, here, "--in-process", "--rounds", str(process_rounds),
                 "--number", str(number)],
                env=environment, capture_output=True, text=True, check=True,
            ).stdout
            reported = json.loads(output)
            names[build] = reported.pop("build")
            samples[build].append(reported)
    return {
        build: {
            "build": names[build],
            **{column: {case: statistics.median(run[column][case] for run in runs)
                        for case in runs[0][column]} for column in COLUMNS},
        }
        for build, runs in samples.items()
    }


def render(results: dict[str, dict]) -> str:
    compiled, pure = results["compiled"], results["pure"]
    lines = [
        f"Builds: compiled = {compiled['build']}; pure = {pure['build']}.",
        "",
        "| case | NumPy µs | strict µs | compiled µs | compiled / NumPy | pure µs | "
        "pure / NumPy | target | met |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    small_ratios = {"compiled": [], "pure": []}
    for case, target in TARGETS.items():
        ratios = {}
        for build, result in (("compiled", compiled), ("pure", pure)):
            ratios[build] = result["ours"][case] / result["numpy"][case]
            if case in SMALL:
                small_ratios[build].append(ratios[build])
        lines.append(
            f"| {case} | {compiled['numpy'][case]:.3f} | {compiled['strict'][case]:.3f} | "
            f"{compiled['ours'][case]:.3f} | {ratios['compiled']:.2f} | "
            f"{pure['ours'][case]:.3f} | {ratios['pure']:.2f} | <= {target} | "
            f"{'yes' if ratios['compiled'] <= target else 'no'} |"
        )
    means = {build: math.exp(statistics.fmean(map(math.log, values)))
             for build, values in small_ratios.items()}
    lines.append(
        f"| geometric mean of {', '.join(SMALL)} | | | | {means['compiled']:.2f} | | "
        f"{means['pure']:.2f} | <= {SMALL_GEOMETRIC_MEAN} | "
        f"{'yes' if means['compiled'] <= SMALL_GEOMETRIC_MEAN else 'no'} |"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="processes per build")
    parser.add_argument("--process-rounds", type=int, default=PROCESS_ROUNDS,
                        help="batches per case and column in each process")
    parser.add_argument("--number", type=int, default=NUMBER, help="calls per batch")
    parser.add_argument("--json", metavar="PATH", help="write the results to this file")
    parser.add_argument("--in-process", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.in_process:
        best = measure_here(args.rounds, args.number)
        from array_api_reshape._runtime._build import build_name

        print(json.dumps({"build": build_name(), **best}))
        return 0
    results = measure_builds(args.rounds, args.process_rounds, args.number)
    print(render(results))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as file:
            json.dump(results, file, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
