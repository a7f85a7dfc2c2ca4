"""
Fuzz every public function with random, mostly wrong, arguments.

    python fuzz/fuzz_namespace.py --calls 100000 --seed 0

Each call draws a function of the namespace, linalg, fft or layout and arguments from a
pool of arrays of random layouts and dtypes, Python scalars (among them ints at and
beyond the edges of int64, and beyond float64), dtypes, shapes, axes and junk. A call
passes when it returns, or raises TypeError, ValueError, IndexError, OverflowError or
MemoryError of ours whose message names the function; it fails when anything else
escapes, when the error is NumPy's or names no function, when a warning escapes, or
when a call that raised changed one of its array inputs.
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
import warnings

import numpy as np

import array_api_reshape as xp
from array_api_reshape import fft, layout, linalg

ALLOWED = (TypeError, ValueError, IndexError, OverflowError, MemoryError)
BIG_INTS = (2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 2**64 - 1, 2**64, 2**70, -(2**70),
            2**1100, -(2**1100))
"""Ints at and beyond the edges of int64 and uint64, and beyond float64's range."""
DTYPES = [xp.bool, xp.int8, xp.int16, xp.int32, xp.int64, xp.uint8, xp.uint16, xp.uint32,
          xp.uint64, xp.float32, xp.float64, xp.complex64, xp.complex128]
SKIPPED = {"resize_inplace"}  # mutates its input by design; covered by its own tests


def public_functions():
    functions = []
    for module, names in ((xp, xp.__all__), (linalg, linalg.__all__), (fft, fft.__all__),
                          (layout, layout.__all__)):
        for name in names:
            value = getattr(module, name)
            if inspect.isfunction(value) and name not in SKIPPED:
                functions.append((f"{module.__name__}.{name}", value))
    return functions


def random_array(rng: random.Random):
    ndim = rng.randint(0, 3)
    shape = tuple(rng.randint(0, 4) for _ in range(ndim))
    dtype = rng.choice(DTYPES)
    # small magnitudes: an array used as a size must not ask for gigabytes
    noise = np.random.default_rng(rng.randint(0, 2**31)).normal(size=(2,) + shape) * 10
    if dtype is xp.bool:
        values = noise > 0
    elif "unsigned" in dtype.kind:
        values = np.abs(noise).astype(dtype.name)
    else:
        values = noise.astype(dtype.name)
    x = xp.asarray(values)[0]
    if ndim and rng.random() < 0.3:
        x = xp.flip(x, axis=rng.randrange(ndim))
    if ndim >= 2 and rng.random() < 0.3:
        x = x.mT
    return x


def random_value(rng: random.Random, arrays):
    kind = rng.random()
    if kind < 0.45:
        return rng.choice(arrays)
    if kind < 0.6:
        return rng.choice(BIG_INTS)
    choices = [
        None, True, False, 0, 1, -1, 2, 3, -7, 1.5, -0.0, float("nan"), 1e300,
        float("inf"), 1j, "a", "C", "F", "left", "fro", (), (0,), (1, 0), (-1,), (2, 3), (0, 0),
        (2**70,), (2**40, 2), (2, 2**63), [1, 2], (1.5,), (True,), slice(None), Ellipsis,
        xp.float64, xp.int8, xp.bool,
        np.float64(1.0), np.zeros(2), object(), b"ab",
    ]
    return rng.choice(choices)


def snapshot(values):
    return [np.array(np.asarray(v), copy=True) if isinstance(v, xp.Array) else None for v in values]


def unchanged(values, before) -> bool:
    for value, copy in zip(values, before):
        if copy is None:
            continue
        if not np.array_equal(np.asarray(value), copy, equal_nan=copy.dtype.kind in "fc"):
            return False
    return True


def is_ours(error: BaseException, function_name: str) -> bool:
    """True for an error of a Python type whose message names the function called
    (``name(`` as ours and Python's own argument errors both say it, or ``name:`` where a
    message leaves parentheses out, since suites match messages as regular expressions)."""
    text = str(error)
    return not type(error).__module__.startswith("numpy") and (
        f"{function_name}(" in text or text.startswith(f"{function_name}:"))


def has_big_int(values) -> bool:
    """True when a value, or an item of a tuple value, is an int beyond int64."""
    for value in values:
        items = value if isinstance(value, tuple) else (value,)
        if any(type(v) is int and not -(2**63) <= v < 2**63 for v in items):
            return True
    return False


def call_once(rng: random.Random, functions, arrays, counts):
    name, function = rng.choice(functions)
    parameters = inspect.signature(function).parameters
    slots = [p for p in parameters.values()
             if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)]
    required = sum(1 for p in slots if p.default is p.empty and p.kind is not p.VAR_POSITIONAL)
    count = required if rng.random() < 0.85 else rng.randint(0, 3)
    if any(p.kind is p.VAR_POSITIONAL for p in slots):
        count = rng.randint(1, 3)
    positional = [
        rng.choice(arrays) if i == 0 and rng.random() < 0.8 else random_value(rng, arrays)
        for i in range(count)
    ]
    keywords = {
        key: random_value(rng, arrays)
        for key, parameter in parameters.items()
        if parameter.kind is parameter.KEYWORD_ONLY and rng.random() < 0.3
    }
    inputs = positional + list(keywords.values())
    if has_big_int(inputs):
        counts["big ints"] += 1
    before = snapshot(inputs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            function(*positional, **keywords)
        except ALLOWED as error:
            if not unchanged(inputs, before):
                return f"{name}{tuple(positional)} {keywords}: a failed call changed its input"
            if not is_ours(error, function.__name__):
                return (f"{name}{tuple(positional)} {keywords}: an error not of ours: "
                        f"{type(error).__module__}.{type(error).__name__}: {error}")
        except Exception as error:  # anything else is a finding
            return f"{name}{tuple(positional)} {keywords}: {type(error).__name__}: {error}"
    return None


def fuzz(calls: int, seed: int, stop_after: int = 20,
         counts: dict[str, int] | None = None) -> tuple[int, list[str]]:
    """(calls made, findings); ``counts["big ints"]`` is raised by each call that was
    given an int beyond int64."""
    counts = {"big ints": 0} if counts is None else counts
    counts.setdefault("big ints", 0)
    rng = random.Random(seed)
    functions = public_functions()
    findings = []
    for i in range(calls):
        if i % 200 == 0:
            arrays = [random_array(rng) for _ in range(8)]
        finding = call_once(rng, functions, arrays, counts)
        if finding:
            findings.append(finding)
            if len(findings) >= stop_after:
                return i + 1, findings
    return calls, findings


def split_everything() -> None:
    """Every element-wise function and order-free reduction of two or more elements in
    pieces of a few bytes on four threads, whatever the load: the threaded paths meet
    the fuzzer's arguments too."""
    from array_api_reshape._kernels import _piecewise_kernels
    from array_api_reshape._runtime import _threads

    _piecewise_kernels.set_threading_thresholds(
        dict.fromkeys(_piecewise_kernels.THREADING_THRESHOLDS, 2))
    _piecewise_kernels.PIECE_BYTES = 8
    _threads.ADAPT_THREADS_TO_LOAD = False
    _threads.set_threads(4)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--calls", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--split-everything", action="store_true",
                        help="cut every element-wise function and order-free reduction of "
                             "two or more elements into pieces on four threads")
    args = parser.parse_args(argv)
    if args.split_everything:
        split_everything()
    counts = {"big ints": 0}
    done, findings = fuzz(args.calls, args.seed, counts=counts)
    for finding in findings:
        print(finding)
    print(f"{done} calls ({counts['big ints']} given an int beyond int64), "
          f"{len(findings)} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
