"""
Per-call cost of small operations (10 elements): ours beside NumPy and array-api-strict,
ours with each portability flag on beside ours by default, and ours against another
checkout of the package.

    python benchmarks/per_call.py                      # the table and the targets
    python benchmarks/per_call.py --baseline DIR       # also ours here / ours at DIR
    python benchmarks/per_call.py --json PATH          # the numbers

Every measurement is the best of several batches of calls, taken round-robin (one batch
of each namespace and mode in turn) in one process, so that a burst of other work on the
machine slows all alike. ``--baseline DIR`` (another checkout of the repository, for
example ``git worktree add /tmp/before HEAD~5``) runs this script on that package and on
this one in alternating processes, several rounds, and reports the ratio of the medians
per case: how a change moved each case.

The targets: a scalar write ``x[3] = 1.0`` in at most 0.8 µs, a scalar read ``x[3]`` in
0.6 µs, ``x += y`` and ``x *= 2.0`` in 1.3 µs and below array-api-strict's, and small
operations with any one flag on within 1.5 times the default. Library code makes many
such calls, so this is where a namespace written in Python pays most beside NumPy, and
the flags must stay cheap enough to leave on for a whole test run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(HERE)

TARGETS_US = {"setitem-int": 0.8, "getitem-int": 0.6, "iadd": 1.3, "imul-scalar": 1.3}
"""The most one call of these may take, in microseconds."""

FLAG_FACTOR = 1.5
"""The most a small operation may cost with one flag on, as a multiple of the default."""

FLAG_SETTINGS = {
    "views=warn": {"views": "warn"},
    "views=error": {"views": "error"},
    "views=error-on-write": {"views": "error-on-write"},
    "views=copy-on-write": {"views": "copy-on-write"},
    "writeable=False": {"writeable": False},
    "lazy=True": {"lazy": True},
    "unspecified=refuse": {"unspecified": "refuse"},
    "boolean_indexing=False": {"boolean_indexing": False},
    "data_dependent_shapes=False": {"data_dependent_shapes": False},
    "enabled_extensions=fft": {"enabled_extensions": ("fft",)},
}
"""One flag at a time, each away from its default."""

ROUNDS, NUMBER = 7, 20_000
"""Batches per case and column, and calls per batch, unless the command line says otherwise."""


def cases(module) -> dict[str, Callable[[], Callable[[], object]]]:
    """For each case, a setup that makes fresh 10-element operands and returns the call."""
    rng = np.random.default_rng(0)
    a, b = rng.random(10), rng.random(10)

    def arrays():
        return module.asarray(a.copy()), module.asarray(b.copy())

    def setitem_int():
        x, _ = arrays()

        def run():
            x[3] = 1.0
        return run

    def getitem_int():
        x, _ = arrays()
        return lambda: x[3]

    def iadd():
        x, y = arrays()

        def run():
            nonlocal x
            x += y
        return run

    def imul_scalar():
        x, _ = arrays()

        def run():
            nonlocal x
            x *= 2.0
        return run

    def binary(operation):
        def setup():
            x, y = arrays()
            return lambda: operation(x, y)
        return setup

    def mask():
        x, _ = arrays()
        keep = x > 0.5
        return lambda: x[keep]

    return {
        "setitem-int": setitem_int,
        "getitem-int": getitem_int,
        "iadd": iadd,
        "imul-scalar": imul_scalar,
        "add": binary(lambda x, y: x + y),
        "multiply-scalar": binary(lambda x, y: x * 2.0),
        "exp": binary(lambda x, y: module.exp(x)),
        "sum": binary(lambda x, y: module.sum(x)),
        "slice": binary(lambda x, y: x[1:3]),
        "reshape": binary(lambda x, y: module.reshape(x, (2, 5))),
        "mask": mask,
        "asarray-numpy": lambda: (lambda: module.asarray(a)),
    }


def _best_of(run: Callable[[], object], number: int) -> float:
    with np.errstate(all="ignore"):  # x *= 2.0 reaches infinity in NumPy's and strict's runs
        started = time.perf_counter_ns()
        for _ in range(number):
            run()
        return (time.perf_counter_ns() - started) / number / 1000


def measure(rounds: int, number: int) -> dict[str, dict[str, float | None]]:
    """Microseconds per call of every case, per column ("ours", "numpy", "strict", and
    ours under each flag); None where the column refuses the case (a write under
    writeable=False) or lacks the library."""
    import array_api_reshape as xp
    from array_api_reshape import flags

    try:
        import array_api_strict as strict
    except ImportError:
        strict = None
    columns: dict[str, tuple[object, dict]] = {
        "ours": (xp, {}), "numpy": (np, {}), "strict": (strict, {}),
        **{name: (xp, setting) for name, setting in FLAG_SETTINGS.items()},
    }
    runs: dict[str, dict[str, Callable[[], object] | None]] = {}
    for column, (module, setting) in columns.items():
        runs[column] = {}
        if module is None:
            continue
        with flags.using(**setting):
            for case, setup in cases(module).items():
                try:
                    run = setup()
                    run()
                except Exception:  # the mode refuses it: nothing to time
                    run = None
                runs[column][case] = run
    samples: dict[str, dict[str, list[float]]] = {c: {} for c in columns}
    for _ in range(rounds):
        for column, (_, setting) in columns.items():
            with flags.using(**setting):
                for case, run in runs[column].items():
                    if run is not None:
                        samples[column].setdefault(case, []).append(_best_of(run, number))
    return {
        column: {case: min(times) for case, times in by_case.items()}
        for column, by_case in samples.items()
    }


def render(results: dict[str, dict[str, float | None]]) -> str:
    """The table of times beside NumPy and strict, then the tables of each flag's cost."""
    return render_times(results) + "\n\n" + render_flags(results)


def render_times(results: dict[str, dict[str, float | None]]) -> str:
    """Ours, NumPy and array-api-strict per case, and ours against each target."""
    ours, numpy, strict = results["ours"], results["numpy"], results.get("strict", {})
    lines = [
        "| case | ours µs | NumPy µs | strict µs | ours/NumPy | ours/strict | target µs |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for case, time_us in ours.items():
        target = TARGETS_US.get(case)
        strict_us = strict.get(case)
        met = "" if target is None else f"{target} {'met' if time_us <= target else 'MISSED'}"
        lines.append(
            f"| {case} | {time_us:.3f} | {numpy[case]:.3f} | "
            f"{'-' if strict_us is None else f'{strict_us:.3f}'} | {time_us / numpy[case]:.2f} | "
            f"{'-' if strict_us is None else f'{time_us / strict_us:.2f}'} | {met} |"
        )
    return "\n".join(lines)


def render_flags(results: dict[str, dict[str, float | None]]) -> str:
    """Ours with one flag on / ours by default, one column per flag, marked with ``!``
    above ``FLAG_FACTOR``; then the largest such ratio."""
    ours = results["ours"]
    lines = [f"With one flag on, ours / ours by default (target <= {FLAG_FACTOR}; "
             "'-': the mode refuses the case):"]
    worst = 0.0
    names = list(FLAG_SETTINGS)
    for group in (names[:4], names[4:7], names[7:]):  # tables narrow enough for a page
        lines += ["", "| case | " + " | ".join(group) + " |", "| --- |" + " --- |" * len(group)]
        for case, time_us in ours.items():
            cells = []
            for name in group:
                flagged = results[name].get(case)
                if flagged is None:
                    cells.append("-")
                    continue
                ratio = flagged / time_us
                worst = max(worst, ratio)
                cells.append(f"{ratio:.2f}" + ("" if ratio <= FLAG_FACTOR else " !"))
            lines.append(f"| {case} | " + " | ".join(cells) + " |")
    lines += ["", f"Largest ratio with a flag on: {worst:.2f} (target {FLAG_FACTOR})."]
    return "\n".join(lines)


def against_baseline(baseline: str, rounds: int) -> str:
    """Ours here against ours at ``baseline``: this script's default column, run
    alternately in processes of each checkout; the ratio of the median times."""
    times: dict[str, dict[str, list[float]]] = {"now": {}, "baseline": {}}
    for _ in range(rounds):
        for label, path in (("baseline", baseline), ("now", REPOSITORY)):
            environment = dict(os.environ, PYTHONPATH=path)
            output = subprocess.run(
                [sys.executable, __file__, "--only-ours", "--rounds", "3"],
                env=environment, capture_output=True, text=True, check=True,
            ).stdout
            for case, time_us in json.loads(output).items():
                times[label].setdefault(case, []).append(time_us)
    lines = ["| case | ours here µs | ours at the baseline µs | here / baseline |",
             "| --- | --- | --- | --- |"]
    for case, now in times["now"].items():
        before = times["baseline"].get(case)
        if not before:
            continue
        now_us, before_us = statistics.median(now), statistics.median(before)
        lines.append(f"| {case} | {now_us:.3f} | {before_us:.3f} | {now_us / before_us:.3f} |")
    return "\n".join(lines)


def _ours_only(rounds: int, number: int) -> dict[str, float]:
    import array_api_reshape as xp

    runs = {case: setup() for case, setup in cases(xp).items()}
    return {case: min(_best_of(run, number) for _ in range(rounds)) for case, run in runs.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="batches per case and column")
    parser.add_argument("--number", type=int, default=NUMBER, help="calls per batch")
    parser.add_argument("--baseline", metavar="DIR",
                        help="another checkout of the repository to compare ours against")
    parser.add_argument("--baseline-rounds", type=int, default=5)
    parser.add_argument("--json", metavar="PATH", help="write the results to this file")
    parser.add_argument("--only-ours", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.only_ours:
        print(json.dumps(_ours_only(args.rounds, args.number)))
        return 0
    results = measure(args.rounds, args.number)
    print(render(results))
    if args.baseline:
        print()
        print(against_baseline(args.baseline, args.baseline_rounds))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as file:
            json.dump(results, file, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
