"""
The benchmarks page's figures from one command: run the benchmarks on the code as it is
and write ``RESULTS.md``, ``RESULTS.json`` and the charts that docs/benchmarks.md shows
(``ratios.png``, ``copies.png``, ``threads.png``), all beside this file.

    python benchmarks/report.py                # about five minutes on two cores
    python benchmarks/report.py --quick        # fewer, shorter batches: to try the command
    python benchmarks/report.py --output DIR   # write the files into DIR instead

Each section of ``RESULTS.md`` comes from a script beside this one, through its own
functions: ``bench.py`` (every case beside NumPy and array-api-strict, the copies, large
work on 1, 2 and 4 threads, and the three charts), ``per_call.py`` (small calls, and the
cost of each portability flag), ``compiled_core.py`` (the compiled core and the pure build,
each in processes of its own), ``scipy_workloads.py`` (SciPy's array-API code, one process
per build; left out with a sentence when SciPy is absent) and ``dask_chunks.py`` (chunks
on a Dask cluster; left out with a sentence when dask.distributed is absent). Needs
matplotlib and array-api-strict (the bench extra).

``RESULTS.json`` records ``sources_hash()``, a SHA-256 of the package modules the
benchmarks run and of the scripts that make the figures, and the SHA-256 of every file the
run wrote; ``RESULTS.md`` carries the same run and hash in a comment under its first
paragraphs. tests/tooling/test_benchmark_results.py compares them with the files as they
are, so that the docs never show figures of code that has changed since. This module
imports only the standard library until a run starts, so that the test can import it.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import importlib.util
import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parent
PACKAGE = "array_api_reshape"

NOT_BENCHMARKED = {
    "testing.py": "the pytest plugin: it runs inside a test session, never in a benchmark",
    "_testing/": "the pytest plugin's settings, records and report",
    "stand_in.py": "array-api-strict's name for our namespace, imported only when "
                   "ARRAY_API_RESHAPE_AS asks for it",
    "__main__.py": "the command line, python -m array_api_reshape",
}
"""Package modules that no benchmark runs, left out of ``sources_hash`` with the reason
(paths inside the package folder; a path ending in / stands for a whole folder)."""

FIGURE_SCRIPTS = ("report.py", "bench.py", "per_call.py", "compiled_core.py",
                  "scipy_workloads.py", "dask_chunks.py")
"""The scripts of this folder that make the figures: this one and those it runs."""

OTHER_SCRIPTS = {
    "thresholds.py": "measures where threads start to pay, for the package's thresholds",
    "outer_threads.py": "times large work called from the caller's own threads",
}
"""Scripts of this folder that the docs' figures do not come from, with what they do."""

RESULTS, RESULTS_JSON = "RESULTS.md", "RESULTS.json"
RATIOS_CHART, COPIES_CHART, THREADS_CHART = "ratios.png", "copies.png", "threads.png"
WRITTEN = (RESULTS, RATIOS_CHART, COPIES_CHART, THREADS_CHART)
"""The files a run writes and records the SHA-256 of in ``RESULTS.json``."""

STAMP = re.compile(r"<!-- benchmark run (?P<run>\S+), sources sha256 (?P<sources>[0-9a-f]{64}) -->")
"""How ``RESULTS.md`` names the run that wrote it and the sources it measured."""

REGENERATE = "python benchmarks/report.py"
"""The command that writes the figures again."""


def sources_hash(root: Path = REPOSITORY) -> str:
    """The SHA-256 of the benchmarked sources of the checkout at ``root``: every ``.py`` and
    ``.pxd`` file of the package but those of ``NOT_BENCHMARKED``, and ``FIGURE_SCRIPTS``;
    each file as its path relative to ``root`` and its bytes (line ends read as ``\\n``),
    in order of path."""
    package = root / PACKAGE
    sources = [path for path in package.rglob("*")
               if path.suffix in (".py", ".pxd") and not _not_benchmarked(path, package)]
    sources += [root / "benchmarks" / name for name in FIGURE_SCRIPTS]
    digest = hashlib.sha256()
    for path in sorted(sources, key=lambda path: path.relative_to(root).as_posix()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return digest.hexdigest()


def _not_benchmarked(path: Path, package: Path) -> bool:
    inside = path.relative_to(package).as_posix()
    return any(inside == name or (name.endswith("/") and inside.startswith(name))
               for name in NOT_BENCHMARKED)


def file_digest(path: Path) -> str:
    """The SHA-256 of the bytes of ``path``."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class Effort:
    """How long each script measures: its batches and calls per batch."""

    bench_quick: bool  # bench.py's --quick
    per_call_rounds: int
    per_call_number: int
    core_processes: int  # compiled_core.py: processes per build
    core_rounds: int  # ... batches per case and column in each
    core_number: int
    scipy_batches: int
    scipy_budget: float  # seconds a batch aims at


def efforts() -> dict[str, Effort]:
    """The scripts' own defaults ("full", what the docs show) and a quick try."""
    import compiled_core
    import per_call
    import scipy_workloads

    full = Effort(bench_quick=False,
                  per_call_rounds=per_call.ROUNDS, per_call_number=per_call.NUMBER,
                  core_processes=compiled_core.ROUNDS, core_rounds=compiled_core.PROCESS_ROUNDS,
                  core_number=compiled_core.NUMBER,
                  scipy_batches=scipy_workloads.BATCHES, scipy_budget=scipy_workloads.BUDGET)
    quick = Effort(bench_quick=True, per_call_rounds=3, per_call_number=5_000,
                   core_processes=1, core_rounds=2, core_number=5_000,
                   scipy_batches=2, scipy_budget=0.01)
    return {"full": full, "quick": quick}


# --- the machine ---------------------------------------------------------------------


def cpu_model() -> str:
    """The CPU's model name as the system gives it."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def memory_gib() -> float | None:
    """The machine's memory in GiB (None where the system does not say)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    except (AttributeError, OSError, ValueError):
        return None


def load_average() -> float | None:
    """The one-minute load average (None where the system has none)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None


def machine() -> dict[str, Any]:
    """The machine, and the versions of Python and of the libraries every section but the
    Dask cluster's uses (SciPy where installed)."""
    versions = {"Python": platform.python_version()}
    for name, distribution in (("NumPy", "numpy"), ("array-api-strict", "array-api-strict"),
                               ("SciPy", "scipy")):
        version = distribution_version(distribution)
        if version is not None:
            versions[name] = version
    cpus = os.cpu_count()
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cpus
    return {"cpu": cpu_model(), "logical_cpus": cpus, "usable_cpus": usable,
            "memory_gib": memory_gib(), "system": f"{platform.system()} {platform.machine()}",
            "versions": versions}


def distribution_version(name: str) -> str | None:
    """The installed version of the distribution ``name`` (None when it is not installed)."""
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def stale_compiled_modules() -> list[str]:
    """The compiled modules whose ``.py`` or ``.pxd`` is newer than their compiled file:
    the compiled core would run code older than its source."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from array_api_reshape._runtime import _build

    stale = []
    for module in _build.COMPILED_MODULES:
        source = Path(_build.source_of(module))
        compiled = [source.with_suffix(suffix) for suffix in EXTENSION_SUFFIXES]
        compiled = [path for path in compiled if path.exists()]
        inputs = [path for path in (source, source.with_suffix(".pxd")) if path.exists()]
        if compiled and max(map(_mtime, inputs)) > min(map(_mtime, compiled)):
            stale.append(module)
    return stale


def _mtime(path: Path) -> float:
    return path.stat().st_mtime


def _environment(*, pure: bool, **extra: str) -> dict[str, str]:
    """This process's environment with the build chosen (``ARRAY_API_RESHAPE_PURE``)."""
    from array_api_reshape._runtime import _build

    environment = {k: v for k, v in os.environ.items() if k != _build.PURE_VARIABLE}
    if pure:
        environment[_build.PURE_VARIABLE] = "1"
    return {**environment, **extra}


def _run_python(arguments: list[str], environment: dict[str, str]) -> str:
    """The standard output of ``python ARGUMENTS``; its standard error in the exception
    when it fails."""
    done = subprocess.run([sys.executable, *arguments], env=environment, capture_output=True,
                          text=True, cwd=REPOSITORY)
    if done.returncode:
        raise RuntimeError(f"python {' '.join(arguments)} failed:\n{done.stderr}")
    return done.stdout


def build_of(environment: dict[str, str]) -> str:
    """The build a process started with ``environment`` runs."""
    code = "from array_api_reshape._runtime._build import build_name; print(build_name())"
    return _run_python(["-c", code], environment).strip()


# --- measuring -----------------------------------------------------------------------


def measure_per_call(effort: Effort) -> dict:
    import per_call

    return per_call.measure(effort.per_call_rounds, effort.per_call_number)


def measure_builds(effort: Effort) -> dict:
    import compiled_core

    return compiled_core.measure_builds(effort.core_processes, effort.core_rounds,
                                        effort.core_number)


def measure_scipy(effort: Effort) -> dict | None:
    """Per build, the build's name and the seconds per call of each workload on each
    namespace; None without SciPy."""
    if importlib.util.find_spec("scipy") is None:
        return None
    results = {}
    for build, pure in (("compiled", False), ("pure", True)):
        environment = _environment(pure=pure, SCIPY_ARRAY_API="1")
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "scipy.json"
            _run_python([str(HERE / "scipy_workloads.py"), "--batches", str(effort.scipy_batches),
                         "--budget", str(effort.scipy_budget), "--json", str(path)], environment)
            workloads = json.loads(path.read_text())
        results[build] = {"build": build_of(environment), "workloads": workloads}
    return results


def measure_bench(effort: Effort) -> list[dict]:
    import bench

    return bench.run(quick=effort.bench_quick)


def measure_dask() -> dict | None:
    """The Dask tables' numbers; None when the cluster extra is missing."""
    import dask_chunks

    if dask_chunks.missing_requirements():
        return None
    return {"versions": {name: distribution_version(name) for name in ("cubed", "distributed")},
            "one_chunk": dask_chunks.one_chunk_sizes(),
            "computations": dask_chunks.computations_across_processes()}


# --- writing -------------------------------------------------------------------------


def _list(names: list[str]) -> str:
    quoted = [f"`{name}`" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def _duration(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes} min {seconds} s" if minutes else f"{seconds} s"


def _paragraph(text: str) -> str:
    """``text`` with its line breaks and indentation folded into single spaces."""
    return " ".join(text.split())


def header(run: dict) -> str:
    the = run["machine"]
    memory = f"{the['memory_gib']:.1f} GiB of memory" if the["memory_gib"] else "memory unknown"
    cpus = f"{the['logical_cpus']} logical CPUs"
    if the["usable_cpus"] != the["logical_cpus"]:
        cpus += f" ({the['usable_cpus']} usable by this process)"
    versions = ", ".join(f"{name} {version}" for name, version in the["versions"].items())
    after = [value for value in run["load_average_after"].values() if value is not None]
    loads = [f"{value:.2f}" if value is not None else "unknown"
             for value in (run["load_average_at_start"], max(after, default=None))]
    quick = (" A quick run (`--quick`): fewer, shorter batches than the scripts' defaults."
             if run["effort"] == "quick" else "")
    return "\n\n".join([
        "# Benchmark results",
        _paragraph(f"""Machine: {the['cpu']}, {cpus}, {memory} ({the['system']}). Run on
            {run['started'][:10]} at {run['started'][11:16]} UTC with {versions}. Build:
            {run['build']}; the sections on the compiled core and on SciPy's code time the
            compiled core and pure Python, each in processes of its own."""),
        _paragraph(f"""Written by `{REGENERATE}` in {_duration(run['seconds'])}; the
            one-minute load average was {loads[0]} at the start and at most {loads[1]} at
            the end of a section (the benchmark's own threads count in it). Ratios below 1
            mean we are faster. Times on a shared machine move between runs: compare ratios
            from one run only.{quick}"""),
        _paragraph(f"""`tests/tooling/test_benchmark_results.py` fails when the package
            modules the benchmarks run, or the scripts that make these figures, change
            after this run: `{REGENERATE}` writes this file, `RESULTS.json` and the charts
            again."""),
        f"<!-- benchmark run {run['run']}, sources sha256 {run['sources_sha256']} -->",
    ])


def section_every_case(rows: list[dict], effort: Effort) -> str:
    import bench

    batches = bench.QUICK_BATCHES if effort.bench_quick else bench.BATCHES
    unequal = [row["id"] for row in rows if not row["values_equal"]]
    equal = (f"Our values equal NumPy's in every case ({len(rows)})." if not unequal else
             f"Our values differ from NumPy's in {_list(unequal)}.")
    return "\n\n".join([
        "## Every case beside NumPy and array-api-strict",
        _paragraph(f"""`bench.py` runs each case on our namespace, on NumPy and on
            array-api-strict in one process, one batch of each in turn ({batches} batches,
            twice as many for the copies and the large cases), so that a burst of other
            work slows all three alike. The table gives our median time per call (our best
            in brackets), the ratios of the medians to NumPy's and to array-api-strict's,
            whether our result shares memory with its input (checked, not assumed),
            whether its values equal NumPy's, for the reshapes that are views how our time
            grows when the input is 100 and 1000 times larger (a view must not grow: about
            1), and for copies the bytes per second of ours and of NumPy's.
            `{RATIOS_CHART}` draws the two ratio columns."""),
        _paragraph("""Why these cases: a view (`view-*`, `permute-*`) must cost no more
            than NumPy's, whatever the size; `asarray-*` is the price of entering the
            namespace; the small cases (`small-*`, 10 elements) show what a call costs
            beyond NumPy's; large element-wise work, reductions, `matmul`, `sort`, pickling
            and `deepcopy` hand the work to NumPy and should tie with it; `copy-*` copy
            into C order, which our copy plan tiles where NumPy's strided loop is slow;
            `transposed-*` read transposed inputs without copying them; `large-8m-*` cut
            large work into pieces for several threads. The next two sections look closer
            at the copies and the threads."""),
        equal,
        bench.render(rows),
    ])


def section_copies(rows: list[dict]) -> str:
    import bench

    return "\n\n".join([
        "## Copies beside a contiguous copy of the same bytes",
        _paragraph(f"""Each copy case is also timed with ours forced onto one thread and
            onto every CPU whatever the load (by default, CPUs that other programs keep
            busy are left alone), and beside a contiguous copy of the same number of bytes
            (`ndarray.copy` of a flat array). No copy on one core moves its bytes faster
            than that, so the ratio to it says how far each copy is from the memory's
            speed, and NumPy's column says how far NumPy's is. The cases are named by what
            they copy: transposes and permutations that move the fastest axis, which our
            copy plan cuts into tiles, and slices, flips and `copy=True`, which stay one
            NumPy call and should cost what NumPy's does. The first table gives times,
            the second ratios; `{COPIES_CHART}` draws the ratios to the contiguous
            copy."""),
        bench.render_copies(rows),
    ])


def section_large(rows: list[dict], cpus: int) -> str:
    import bench

    large = [row for row in rows if "target" in row]
    counts = ", ".join(map(str, bench.FORCED_THREADS[:-1])) + f" and {bench.FORCED_THREADS[-1]}"
    missed = [f"`{row['id']}` {row['ratio_numpy']:.2f} > {row['target']}" for row in large
              if not row["meets_target"]]
    summary = bench.large_summary(large)
    mean = summary["geometric_mean"]["ratio_numpy"] if summary else math.nan
    verdict = (f"As configured, {len(large) - len(missed)} of {len(large)} cases meet their "
               "target" + (f" (missed: {', '.join(missed)})" if missed else "")
               + f"; the compute-bound cases' geometric mean is {mean:.2f}.")
    targets = bench.LARGE_TARGETS
    return "\n\n".join([
        f"## Large element-wise work on {counts} threads",
        _paragraph(f"""On {bench.LARGE_SIZE:,} float64, element-wise functions, `where`,
            `astype` and the reductions whose answer does not depend on the order of the
            elements are cut into pieces that NumPy computes on several threads at once
            (it releases the GIL inside its loops). Every piece goes through the NumPy loop
            a single call would use, so the results hold NumPy's bits; the last column of
            the second table checks that on every thread count. Each case is timed as
            configured (the package's default, which takes fewer threads while other
            programs keep CPUs busy) and with the thread setting forced to {counts}; on
            this machine's {cpus} logical CPUs, threads beyond {cpus} share them. The
            targets say what the threads must buy: compute-bound functions at most
            {targets['compute']} of NumPy's time, order-free reductions at most
            {targets['reduction']}, memory-bound work at most {targets['memory']} (no
            slower than NumPy), and the compute-bound cases' geometric mean at most
            {bench.COMPUTE_GEOMETRIC_MEAN_TARGET}. `{THREADS_CHART}` draws the forced thread
            counts, with the targets as black marks."""),
        verdict,
        _paragraph(f"""Beside ours runs the two-thread limit, in the same round-robin: NumPy's
            own function on the two halves of the input on two threads at once (the calling
            thread and one waiting helper, no package code), into one new result for
            element-wise work, the halves' answers combined for `max` and `argmax`. Its ratio
            to NumPy is the least ours/NumPy that any split over two threads can reach on
            this machine; ours should take at most {bench.LIMIT_FACTOR} times the
            limit. Ours as configured takes fewer threads while other programs keep CPUs
            busy, so the last column gives ours with the setting forced to 2 threads
            against the limit too."""),
        limit_verdict(large),
        bench.render_large(large),
    ])


def limit_verdict(large: list[dict]) -> str:
    """How many large cases are within ``LIMIT_FACTOR`` of the two-thread limit, what the
    memory gives the reductions, and for the cases whose limit itself misses the target,
    the measured reason."""
    import bench

    beyond = [f"`{row['id']}` {row['ratio_limit']:.2f}" for row in large
              if not row["within_limit_factor"]]
    forced = [f"`{row['id']}` {row['ratio_limit_2threads']:.2f}" for row in large
              if row["ratio_limit_2threads"] > bench.LIMIT_FACTOR]
    verdict = (f"As configured, {len(large) - len(beyond)} of {len(large)} cases take at most "
               f"{bench.LIMIT_FACTOR} times the two-thread limit"
               + (f" (beyond it: {', '.join(beyond)})" if beyond else "")
               + f"; with the setting forced to 2 threads, {len(large) - len(forced)} of "
               f"{len(large)}" + (f" (beyond it: {', '.join(forced)})." if forced else "."))
    return "\n\n".join(part for part in (verdict, reading_speeds(large),
                                           unreachable_targets(large)) if part)


def reading_speeds(large: list[dict]) -> str:
    """What the memory gives the large reductions, which do little but read their input:
    their bytes per second on one thread (NumPy), on two bare threads and for ours."""
    import bench

    speeds = [f"`{row['id']}` {row['read_GBps']['numpy']:.1f} GB/s for NumPy on one thread, "
              f"{row['read_GBps'][bench.TWO_BARE_THREADS]:.1f} on two bare threads and "
              f"{row['read_GBps']['ours']:.1f} for ours" for row in large if "read_GBps" in row]
    if not speeds:
        return ""
    return _paragraph("""The order-free reductions do little but read their input, so their
        speed is what the memory gives one thread and two: """ + "; ".join(speeds) + ".")


def unreachable_targets(large: list[dict]) -> str:
    """For the cases whose two-thread limit itself misses the target, the measured reason
    (empty when there are none)."""
    import bench

    unreachable = [row for row in large if row["limit_ratio_numpy"] > row["target"]]
    if not unreachable:
        return ""
    compute = [row["limit_ratio_numpy"] for row in large if row["kind"] == "compute"]
    second_core = statistics.geometric_mean(compute) if compute else math.nan
    cases = "; ".join(f"`{row['id']}`, whose two bare threads take "
                      f"{row['limit_ratio_numpy']:.2f} of NumPy's time (target ≤ {row['target']})"
                      for row in unreachable)
    if second_core <= bench.COMPUTE_GEOMETRIC_MEAN_TARGET:
        why = f"""The second core was free in this run: on the compute-bound cases, which
            move as many bytes an element but spend longer on each, the two-thread limit is
            {second_core:.2f} of NumPy's time (geometric mean). What stops these cases is
            the memory: two threads move their bytes little faster than one."""
    else:
        why = f"""On the compute-bound cases the two-thread limit is {second_core:.2f} of
            NumPy's time (geometric mean): the second core was busy with other programs
            during this run, so these figures do not tell the memory's limit from a busy
            core; run again on a quiet machine."""
    return _paragraph(f"""Where the limit itself misses the target, no split over two threads
        could meet it in this run: {cases}. {why}""")


def section_per_call(results: dict, effort: Effort) -> str:
    import per_call

    targets = per_call.TARGETS_US
    ours = results["ours"]
    missed = [case for case, limit in targets.items() if ours[case] > limit]
    met = (f"Every one of these {len(targets)} targets is met." if not missed else
           f"Missed: {_list(missed)}.")
    flags_by_cases: dict[tuple[str, ...], list[str]] = {}  # flags that miss on the same cases
    for flag in per_call.FLAG_SETTINGS:
        cases = tuple(case for case, time_us in results[flag].items()
                      if time_us is not None and time_us / ours[case] > per_call.FLAG_FACTOR)
        if cases:
            flags_by_cases.setdefault(cases, []).append(flag)
    flags = ("Every flag keeps every case within the target." if not flags_by_cases else
             "Above the target: " + "; ".join(f"{_list(list(cases))} under {_list(flags)}"
                                              for cases, flags in flags_by_cases.items()) + ".")
    return "\n\n".join([
        "## Small calls beside NumPy and array-api-strict",
        _paragraph(f"""`per_call.py` times single calls on 10-element float64 arrays: the
            best of {effort.per_call_rounds} batches of {effort.per_call_number:,} calls
            for ours, for NumPy, for array-api-strict and for ours under each portability
            flag, all taken in turn in one process. Library code (SciPy's, for one) makes
            many such calls, so this is where a namespace written in Python costs most
            beside NumPy. The targets: a scalar write `x[3] = 1.0` (`setitem-int`) in at
            most {targets['setitem-int']} µs, a scalar read `x[3]` (`getitem-int`) in at
            most {targets['getitem-int']} µs, `x += y` (`iadd`) in at most
            {targets['iadd']} µs and `x *= 2.0` (`imul-scalar`) in at most
            {targets['imul-scalar']} µs."""),
        met,
        per_call.render_times(results),
        "### With one portability flag on",
        _paragraph(f"""The same calls with one flag of `array_api_reshape.flags` away from
            its default, as a ratio to ours by default. The flags are meant to stay on for
            a whole test run of a library, so each should cost at most
            {per_call.FLAG_FACTOR} times the default; `!` marks a case above that, `-` a
            call the mode refuses (a write under `writeable=False`)."""),
        flags,
        per_call.render_flags(results),
    ])


def section_builds(results: dict, effort: Effort) -> str:
    import compiled_core

    by_limit: dict[float, list[str]] = {}
    for case, limit in compiled_core.TARGETS.items():
        by_limit.setdefault(limit, []).append(case)
    targets = "; ".join(f"{limit} for {_list(cases)}" for limit, cases in by_limit.items())
    compiled = results["compiled"]
    missed = [case for case, limit in compiled_core.TARGETS.items()
              if compiled["ours"][case] / compiled["numpy"][case] > limit]
    small = [compiled["ours"][case] / compiled["numpy"][case] for case in compiled_core.SMALL]
    mean = statistics.geometric_mean(small)
    verdict = (f"The compiled core meets {len(compiled_core.TARGETS) - len(missed)} of "
               f"{len(compiled_core.TARGETS)} targets"
               + (f" (missed: {_list(missed)})" if missed else "")
               + f"; the small operations' geometric mean is {mean:.2f} times NumPy's "
               f"(target {compiled_core.SMALL_GEOMETRIC_MEAN}).")
    return "\n\n".join([
        "## The compiled core and the pure-Python build, per call",
        _paragraph(f"""`pip install .` compiles the hot modules with Cython where a C
            compiler is present (the compiled core) and installs pure Python elsewhere;
            `ARRAY_API_RESHAPE_PURE=1` runs the pure source in any install.
            `compiled_core.py` times both on small calls, each build in processes of its
            own ({effort.core_processes} of each, taken in turn; in each, NumPy,
            array-api-strict and ours round-robin, the best of {effort.core_rounds} batches
            of {effort.core_number:,} calls on 10-element float64 arrays) and gives the
            medians over the processes; NumPy's and array-api-strict's columns are those of
            the compiled build's processes. The compiled core exists to cut this cost, so
            the targets are its own, as the most its time may be in multiples of NumPy's:
            {targets} (`reshape-view` against `numpy.reshape`, `permute-dims` against
            `numpy.transpose`), and {compiled_core.SMALL_GEOMETRIC_MEAN} for the geometric
            mean of the first {len(compiled_core.SMALL)}."""),
        verdict,
        compiled_core.render(results),
    ])


def section_scipy(results: dict | None, effort: Effort) -> str:
    title = "## SciPy's array-API code on small arrays"
    if results is None:
        return "\n\n".join([title, _paragraph("""`scipy_workloads.py` runs SciPy's array-API
            code (derivatives, integration, root finding, statistics) on small arrays of
            NumPy, of ours and of array-api-strict, as ratios to NumPy; SciPy was not
            installed for this run (`pip install scipy`), so this section has no
            figures.""")])
    import scipy_workloads

    parts = [title, _paragraph(f"""With `SCIPY_ARRAY_API=1`, SciPy computes in the
        namespace its inputs come from. `scipy_workloads.py` makes the same SciPy calls on
        NumPy arrays, on ours and on array-api-strict's: derivatives of `exp` at four
        points, tanh-sinh integration of `exp` over four intervals, root finding at four
        points, the skewness of 200 z-scores and `logsumexp` of a 50 x 4 array. They spend
        their time in many small operations, so they show what the per-call cost above
        means in a real library's code. Each time is the best of {effort.scipy_batches}
        batches of about {effort.scipy_budget * 1000:.0f} ms, the namespaces taken in turn;
        one process per build. `fails: E` means the call raised the error E on that
        namespace.""")]
    for result in results.values():
        parts += [f"{result['build'][0].upper()}{result['build'][1:]}:",
                  scipy_workloads.table(result["workloads"])]
    return "\n\n".join(parts)


def section_dask(results: dict | None) -> str:
    title = "## Chunks across processes on a Dask cluster"
    if results is None:
        return "\n\n".join([title, _paragraph("""`dask_chunks.py` counts how often a Cubed
            computation on a two-process Dask cluster pickles, unpickles and copies our
            chunks against NumPy's on the same computation, and what one chunk pickles to;
            it needs dask.distributed (the cluster extra), which this run did not have, so
            this section has no figures.""")])
    import dask_chunks

    versions = f"Cubed {results['versions']['cubed']}, dask.distributed " \
               f"{results['versions']['distributed']}"
    return "\n\n".join([title, _paragraph(f"""Cubed computes the same plans with our chunks
        and with NumPy's on a two-process Dask `LocalCluster` ({versions}); counters in the
        client and in every worker count each chunk pickled and unpickled, and whether that
        copied its elements. `zarr` is the computation of the page on Cubed (sums of a
        transpose, block means, column standard deviations, the largest entry of transpose
        - matrix, on a 4000 x 4000 float64): Cubed moves its chunks through Zarr stores.
        `memory` sums the columns of a 1000 x 1000 float64 handed to Cubed in memory, whose
        chunks travel inside the tasks, through Dask's messages. Chunks that cross
        processes should cost what NumPy's cost: pickled as often, never copied more, their
        elements sent out of band."""),
        dask_chunks.render(results["one_chunk"], results["computations"])])


# --- the command ---------------------------------------------------------------------


def _timed(label: str, seconds: dict[str, float], loads: dict[str, float | None],
           measure: Callable[[], Any]) -> Any:
    """``measure()``, its seconds and the load average after it recorded under ``label``."""
    started = time.monotonic()
    print(f"{label} ...", file=sys.stderr, flush=True)
    result = measure()
    seconds[label] = time.monotonic() - started
    loads[label] = load_average()
    print(f"{label}: {_duration(seconds[label])}", file=sys.stderr, flush=True)
    return result


def _missing_requirements() -> list[str]:
    needed = {"numpy": "numpy", "array_api_strict": "array-api-strict",
              "matplotlib": "matplotlib", PACKAGE: "the package (pip install -e .)"}
    return [name for module, name in needed.items() if importlib.util.find_spec(module) is None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="fewer, shorter batches: to try the command, not for the docs")
    parser.add_argument("--output", metavar="DIR", type=Path, default=HERE,
                        help="where to write the files (default: beside this script)")
    args = parser.parse_args(argv)
    missing = _missing_requirements()
    if missing:
        print(f"report.py needs {', '.join(missing)} (pip install -e '.[bench]')",
              file=sys.stderr)
        return 2
    sys.path.insert(0, str(HERE))  # the scripts beside this one, imported by name
    from array_api_reshape._runtime._build import build_name

    stale = stale_compiled_modules()
    if stale:  # the compiled core's section times it whichever build this process runs
        print("report.py: the compiled core is older than the source of "
              f"{', '.join(stale)}; rebuild it first (pip install -q --no-deps "
              "--no-build-isolation -e .)", file=sys.stderr)
        return 2
    effort_name = "quick" if args.quick else "full"
    effort = efforts()[effort_name]
    started = datetime.datetime.now(datetime.timezone.utc)
    clock = time.monotonic()
    run: dict[str, Any] = {
        "run": started.strftime("%Y-%m-%dT%H:%M:%SZ"), "started": started.isoformat(),
        "sources_sha256": sources_hash(), "effort": effort_name, "build": build_name(),
        "machine": machine(), "load_average_at_start": load_average(),
    }
    seconds: dict[str, float] = {}
    loads: dict[str, float | None] = {}
    # the smallest timings first, in a process that has not yet made large arrays
    per_call = _timed("per call", seconds, loads, lambda: measure_per_call(effort))
    builds = _timed("compiled core and pure build", seconds, loads,
                    lambda: measure_builds(effort))
    scipy = _timed("SciPy workloads", seconds, loads, lambda: measure_scipy(effort))
    rows = _timed("bench.py, every case", seconds, loads, lambda: measure_bench(effort))
    dask = _timed("Dask cluster", seconds, loads, measure_dask)
    run.update(seconds=time.monotonic() - clock, section_seconds=seconds,
               load_average_after=loads)
    write(args.output, run, effort, per_call=per_call, builds=builds, scipy=scipy, rows=rows,
          dask=dask)
    print(f"wrote {', '.join(WRITTEN + (RESULTS_JSON,))} in {args.output} "
          f"({_duration(run['seconds'])})", file=sys.stderr)
    if sources_hash() != run["sources_sha256"]:
        print("report.py: the benchmarked sources changed during the run; run it again",
              file=sys.stderr)
        return 1
    return 0


def write(output: Path, run: dict, effort: Effort, *, per_call: dict, builds: dict,
          scipy: dict | None, rows: list[dict], dask: dict | None) -> None:
    """RESULTS.md, the charts and RESULTS.json (last, with the digests of the others)."""
    import bench

    output.mkdir(parents=True, exist_ok=True)
    sections = [
        header(run),
        section_every_case(rows, effort),
        section_copies(rows),
        section_large(rows, run["machine"]["usable_cpus"]),
        section_per_call(per_call, effort),
        section_builds(builds, effort),
        section_scipy(scipy, effort),
        section_dask(dask),
    ]
    (output / RESULTS).write_text("\n\n".join(sections) + "\n", encoding="utf-8")
    bench.plot(rows, str(output / RATIOS_CHART))
    bench.plot_copies(rows, str(output / COPIES_CHART))
    bench.plot_threads(rows, str(output / THREADS_CHART))
    run["files"] = {name: file_digest(output / name) for name in WRITTEN}
    run["results"] = {"bench": {"rows": rows, "large_summary": bench.large_summary(rows)},
                      "per_call": per_call, "compiled_core": builds, "scipy": scipy,
                      "dask": dask}
    with open(output / RESULTS_JSON, "w", encoding="utf-8") as stream:
        json.dump(run, stream, indent=1)
        stream.write("\n")


if __name__ == "__main__":
    sys.exit(main())
