"""
Large work called from the caller's own threads: does splitting it over our threads
oversubscribe the machine?

Two workloads, each timed with our thread setting at 1 (every call one NumPy call) and
at its default (large calls cut into pieces), interleaved, median of several runs:

- ``cubed``: a Cubed computation on Cubed's threads executor with this namespace as its
  chunk backend: element-wise functions, ``where`` and reductions of a 4000 x 4000
  float64 array in 1000 x 1000 chunks (8 MB each, large enough to be cut into pieces);
- ``pool``: a ``ThreadPoolExecutor`` with as many threads as CPUs, each computing ``sin``
  and ``exp`` of its own 2M float64 array.

A ratio (default / one thread) near 1.0 means the caller's threads keep the cores busy
and ours stand aside (calls running at once share the setting); a ratio above 1.0
would mean our helpers fight the caller's threads for the cores.

    python benchmarks/outer_threads.py [--repeats 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

os.environ.setdefault("CUBED_BACKEND_ARRAY_API_MODULE", "array_api_reshape")

import numpy as np

import array_api_reshape as xp
from array_api_reshape import threads


def cubed_workload():
    """A Cubed plan on the threads executor; returns the function that computes it."""
    import cubed
    import cubed.array_api as cxp
    from cubed.runtime.create import create_executor

    work_dir = tempfile.mkdtemp(prefix="outer-threads-")
    spec = cubed.Spec(work_dir=work_dir, allowed_mem="2GB")
    executor = create_executor("threads")
    values = np.random.default_rng(0).standard_normal((4000, 4000))

    def run():
        a = cubed.from_array(values, chunks=(1000, 1000), spec=spec)
        b = cxp.sin(a) * cxp.exp(a / 8.0)
        c = cxp.where(b > 0.0, b, -b)
        return cxp.max(c, axis=0).compute(executor=executor)

    return run


def pool_workload():
    """A thread pool of the caller's, one large array per thread."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    arrays = [xp.asarray(np.random.default_rng(i).standard_normal(2_000_000)) for i in range(cpus)]
    pool = ThreadPoolExecutor(cpus)

    def one(x):
        return xp.exp(xp.sin(x))

    def run():
        return list(pool.map(one, arrays))

    return run


def timed(run, setting):
    with threads.using(setting):
        started = time.perf_counter()
        run()
        return time.perf_counter() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--only", choices=["cubed", "pool"], nargs="*")
    args = parser.parse_args(argv)
    default = threads.get()
    workloads = {"cubed": cubed_workload, "pool": pool_workload}
    print(f"{default} threads by default; medians of {args.repeats} interleaved runs\n")
    print("| workload | one thread s | default s | default / one thread |")
    print("| --- | --- | --- | --- |")
    for name, make in workloads.items():
        if args.only and name not in args.only:
            continue
        run = make()
        run()  # warm up: imports, the pool, the plan
        ones, defaults = [], []
        for _ in range(args.repeats):
            ones.append(timed(run, 1))
            defaults.append(timed(run, default))
        one, many = statistics.median(ones), statistics.median(defaults)
        print(f"| {name} | {one:.3f} | {many:.3f} | {many / one:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
