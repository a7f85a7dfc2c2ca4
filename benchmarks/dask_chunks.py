"""
Chunks across processes on a Dask cluster: what one chunk pickles to against its size,
and how often chunks are pickled, unpickled and copied by a Cubed computation on a
two-process ``LocalCluster``, for our chunks and for NumPy's, on the same computation.

    python benchmarks/dask_chunks.py          # needs the cluster extra

The computations (each run once per backend, in a process of its own: Cubed reads its
backend when first imported):

- ``zarr``: the computation of docs/cubed.md (transpose sums, block means, column
  standard deviations, the largest entry of transpose - matrix of a 4000 x 4000
  float64); Cubed moves chunks between processes through the Zarr stores of its work_dir;
- ``memory``: the column sums of a 1000 x 1000 float64 given to Cubed in memory
  (``cubed.from_array``, chunks of 250 rows): its chunks travel inside the tasks, through
  Dask's messages.

Counting: in the client and, through a worker plugin, in every worker, each chunk
pickled (ours: ``Array.__reduce_ex__``; NumPy's: pickle, or Dask's own NumPy serializer)
and unpickled, and whether that copied the elements (a dump of a view that is not
contiguous; a load that does not share the buffer it is given).
"""

from __future__ import annotations

import argparse
import collections
import copyreg
import importlib.util
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time

import numpy as np

COUNTS: collections.Counter = collections.Counter()
COUNTED = ("pickled", "unpickled", "copied on dump", "copied on load")
COMPUTATIONS = ("zarr", "memory")
BACKENDS = {"array_api_reshape": "ours", "numpy": "NumPy's"}
"""The module Cubed takes as its chunks' namespace, and how the tables name its chunks."""
REQUIRES = ("distributed", "cubed", "zarr")
"""The modules the measurement needs beyond the package and NumPy (the cluster extra)."""


def missing_requirements() -> list[str]:
    """The modules of ``REQUIRES`` that cannot be imported here."""
    return [name for name in REQUIRES if importlib.util.find_spec(name) is None]


def _shares(array: np.ndarray, buffer) -> bool:
    try:
        return bool(np.shares_memory(array, np.frombuffer(memoryview(buffer).cast("B"), np.uint8)))
    except (TypeError, ValueError):
        return False


def count_ours() -> None:
    """Count our chunks' dumps and loads in this process."""
    from array_api_reshape._array import _array_object, _pickling

    reduce, rebuild = _array_object.reduce_array, _pickling.rebuild_array

    def counted_reduce(x, protocol):
        COUNTS["pickled"] += 1
        COUNTS["copied on dump"] += not x._numpy().flags.c_contiguous
        return reduce(x, protocol)

    def counted_rebuild(*fields):
        rebuilt = rebuild(*fields)
        COUNTS["unpickled"] += 1
        COUNTS["copied on load"] += rebuilt.size > 0 and not _shares(rebuilt._numpy(), fields[3])
        return rebuilt

    for name in ("__module__", "__qualname__", "__name__"):  # pickle finds it by name
        setattr(counted_rebuild, name, getattr(rebuild, name))
    _array_object.reduce_array, _pickling.rebuild_array = counted_reduce, counted_rebuild


def count_numpy() -> None:
    """Count NumPy arrays' dumps and loads in this process: by pickle, and by Dask's own
    serializer for NumPy arrays."""
    import numpy._core.numeric as numeric
    from distributed.protocol import numpy as dask_numpy
    from distributed.protocol.serialize import dask_deserialize, dask_serialize

    def counted_reduce(a):
        COUNTS["pickled"] += 1
        COUNTS["copied on dump"] += not (a.flags.c_contiguous or a.flags.f_contiguous)
        return a.__reduce_ex__(5)

    frombuffer = numeric._frombuffer

    def counted_frombuffer(buffer, dtype, shape, order, *rest):
        array = frombuffer(buffer, dtype, shape, order, *rest)
        COUNTS["unpickled"] += 1
        COUNTS["copied on load"] += array.size > 0 and not _shares(array, buffer)
        return array

    counted_frombuffer.__module__ = frombuffer.__module__
    counted_frombuffer.__qualname__ = frombuffer.__qualname__
    serialize = dask_numpy.serialize_numpy_ndarray
    deserialize = dask_numpy.deserialize_numpy_ndarray

    def counted_serialize(x, context=None):
        COUNTS["pickled"] += 1
        return serialize(x, context)

    def counted_deserialize(header, frames):
        array = deserialize(header, frames)
        COUNTS["unpickled"] += 1
        COUNTS["copied on load"] += array.size > 0 and not any(_shares(array, f) for f in frames)
        return array

    copyreg.dispatch_table[np.ndarray] = counted_reduce
    numeric._frombuffer = counted_frombuffer
    dask_serialize.register(np.ndarray)(counted_serialize)
    dask_deserialize.register(np.ndarray)(counted_deserialize)


def install() -> dict:
    """The counters of this process, installed for the backend Cubed uses (once)."""
    if not COUNTS["installed"]:
        COUNTS["installed"] = 1
        if os.environ["CUBED_BACKEND_ARRAY_API_MODULE"] == "numpy":
            count_numpy()
        else:
            count_ours()
    return {name: COUNTS[name] for name in COUNTED}


def one_chunk_sizes() -> list[tuple[str, int, int, list[int], list[int]]]:
    """For a 1000 x 1000 float64 chunk of NumPy's and of ours: its bytes, its pickle in
    band (protocol 5), its out-of-band pickle and buffers, and Dask's frames."""
    from distributed.protocol import serialize

    import array_api_reshape as xp

    rows = []
    for name, chunk in (("NumPy", np.arange(1e6).reshape(1000, 1000)),
                        ("ours", xp.reshape(xp.arange(1e6), (1000, 1000)))):
        buffers: list = []
        out_of_band = pickle.dumps(chunk, protocol=5, buffer_callback=buffers.append)
        _, frames = serialize(chunk)
        rows.append((name, 8_000_000, len(pickle.dumps(chunk, protocol=5)),
                     [len(out_of_band)] + [b.raw().nbytes for b in buffers],
                     [memoryview(f).nbytes for f in frames]))
    return rows


def computation(case: str, spec, backend: str):
    import cubed
    import cubed.array_api as cxp

    if case == "zarr":
        n = 4000
        matrix = cxp.reshape(cxp.arange(n * n, dtype=cxp.float64, chunks=1_000_000, spec=spec),
                             (n, n))
        transposed = cxp.permute_dims(matrix, (1, 0))
        return (cxp.sum(transposed, axis=1),
                cxp.mean(cxp.reshape(matrix, (n // 10, 10, n)), axis=1),
                cxp.std(matrix, axis=0), cxp.max(transposed - matrix))
    source = np.arange(1e6).reshape(1000, 1000)
    if backend != "numpy":
        import array_api_reshape as xp

        source = xp.asarray(source)
    return (cxp.sum(cubed.from_array(source, chunks=(250, 1000), spec=spec), axis=0),)


def run_one(case: str) -> dict:
    """The computation on a fresh two-process cluster, with every process counting."""
    import cubed
    import cubed.runtime.executors.dask as cubed_dask
    from dask.distributed import LocalCluster
    from distributed.diagnostics.plugin import WorkerPlugin

    cubed_dask.check_runtime_memory = lambda spec, client: None  # see docs/cubed.md

    class Counting(WorkerPlugin):
        def setup(self, worker):
            install()

    install()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, memory_limit="500MB",
                           dashboard_address=None)
    client = cluster.get_client()
    client.register_plugin(Counting())
    with tempfile.TemporaryDirectory() as work_dir:
        executor = cubed_dask.DaskExecutor(compute_kwargs={"address": cluster.scheduler_address})
        spec = cubed.Spec(work_dir=work_dir, allowed_mem="100MB", executor=executor)
        backend = os.environ["CUBED_BACKEND_ARRAY_API_MODULE"]
        started = time.perf_counter()
        cubed.compute(*computation(case, spec, backend))
        seconds = time.perf_counter() - started
        totals = collections.Counter(install())
        for counts in client.run(install).values():
            totals.update(counts)
    client.close()
    cluster.close()
    return {"seconds": seconds, **{name: totals[name] for name in COUNTED}}


def computations_across_processes() -> list[dict]:
    """Each computation of ``COMPUTATIONS`` on each backend, in a process of its own: the
    counts of the client and the workers together, and the seconds it took."""
    rows = []
    for case in COMPUTATIONS:
        for backend, chunks in BACKENDS.items():
            environment = dict(os.environ, CUBED_BACKEND_ARRAY_API_MODULE=backend)
            completed = subprocess.run([sys.executable, __file__, "--one", backend, case],
                                       env=environment, capture_output=True, text=True, check=True)
            result = json.loads(completed.stdout.strip().splitlines()[-1])
            rows.append({"computation": case, "chunks": chunks, **result})
    return rows


def render(sizes: list[tuple[str, int, int, list[int], list[int]]], rows: list[dict]) -> str:
    """What one chunk pickles to (``one_chunk_sizes``), then the counts per computation
    (``computations_across_processes``), as Markdown."""
    lines = ["One 1000 x 1000 float64 chunk (8,000,000 bytes):", "",
             "| chunk | protocol 5, in band | out of band: pickle + buffers | Dask's frames |",
             "| --- | --- | --- | --- |"]
    for name, _, in_band, out_of_band, frames in sizes:
        lines.append(f"| {name} | {in_band:,} | {' + '.join(f'{n:,}' for n in out_of_band)} | "
                     f"{' + '.join(f'{n:,}' for n in frames)} |")
    lines += ["", "Chunks across processes, client and workers together:", "",
              "| computation | chunks | " + " | ".join(COUNTED) + " | compute s |",
              "| --- | --- |" + " --- |" * (len(COUNTED) + 1)]
    for row in rows:
        cells = " | ".join(str(row[counted]) for counted in COUNTED)
        lines.append(f"| {row['computation']} | {row['chunks']} | {cells} | "
                     f"{row['seconds']:.1f} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--one", nargs=2, metavar=("BACKEND", "CASE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(run_one(args.one[1])))
        return 0
    missing = missing_requirements()
    if missing:
        print(f"dask_chunks.py needs {', '.join(missing)} (pip install -e '.[cluster]')",
              file=sys.stderr)
        return 2
    print(render(one_chunk_sizes(), computations_across_processes()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
