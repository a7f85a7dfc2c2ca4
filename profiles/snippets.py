"""
The snippets a profile is measured on: short pieces of array-API code, each run on the real
library (through its array-API namespace) and on array_api_reshape under the profile, by
``fidelity.py``. Each is written against a namespace ``xp``; the value of its last line is
what is compared (or the type of the exception it raises).

A snippet belongs here when portable-looking code meets the behaviour: what the library
refuses, what it answers otherwise than NumPy, and the nearby cases it does as NumPy does
(so that a profile that refuses too much is caught too).
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Snippet(NamedTuple):
    """One measurement: a topic, and code run with ``xp`` bound to a namespace after the
    topic's ``setup`` (which the reports show once, in the topic)."""

    topic: str
    code: str
    setup: str = ""

    @property
    def program(self) -> str:
        """The code as it runs: the setup, then the snippet."""
        return f"{self.setup}; {self.code}" if self.setup else self.code


FOUND_BY_OTHER_PROJECTS = (
    "xp.mean(xp.asarray([[1, 2], [3, 4]]), dtype=xp.float64)",
    "import math; y = xp.atan2(xp.asarray([1.0, 1.0], dtype=xp.float32), "
    "xp.asarray([1.0, 2.0], dtype=xp.float32)); "
    "[float(y[0]) == float(xp.asarray(math.atan2(1, 1), dtype=xp.float32)), "
    "float(y[1]) == float(xp.asarray(math.atan2(1, 2), dtype=xp.float32))]",
)
"""Snippets of what running Cubed's and array-api-extra's suites under the torch and jax
profiles found (false alarms of the profiles, since fixed), measured on both libraries."""


def _torch() -> list[Snippet]:
    snippets: list[Snippet] = []

    def add(topic: str, *codes: str, setup: str = "") -> None:
        snippets.extend(Snippet(topic, code, setup) for code in codes)

    add(
        "negative-step slices",
        "x = xp.arange(6); x[::-1]",
        "x = xp.arange(6); x[5:1:-2]",
        "x = xp.arange(6); x[-1:-7:-1]",
        "x = xp.arange(6); x[2:2:-1]",
        "x = xp.arange(6); x[slice(None, None, -1)]",
        "x = xp.reshape(xp.arange(6), (2, 3)); x[:, ::-1]",
        "x = xp.reshape(xp.arange(6), (2, 3)); x[::-1, 1]",
        "x = xp.reshape(xp.arange(6), (2, 3)); x[..., ::-1]",
        "x = xp.zeros(5); x[::-1] = xp.arange(5.0); x",
        "x = xp.zeros(5); x[::-2] = 1.0; x",
        "x = xp.zeros((2, 3)); x[:, ::-1] = xp.asarray([1.0, 2.0, 3.0]); x",
        "x = xp.arange(6); x[::2]",
        "x = xp.arange(6); x[1:5:2]",
        "x = xp.arange(6); x[10:20]",
        "x = xp.reshape(xp.arange(6), (2, 3)); x[:, ::2]",
        "x = xp.zeros(5); x[::2] = 1.0; x",
    )
    add(
        "flip",
        "xp.flip(xp.arange(6))",
        "xp.flip(xp.reshape(xp.arange(6), (2, 3)), axis=0)",
        "xp.flip(xp.reshape(xp.arange(6), (2, 3)), axis=(0, 1))",
        "x = xp.arange(6.0); y = xp.flip(x); y[0] = 99.0; x",
        "x = xp.zeros(5); x[...] = xp.flip(xp.arange(5.0)); x",
    )
    add(
        "default dtypes",
        "xp.__array_namespace_info__().default_dtypes()",
        "xp.asarray([1.0])", "xp.asarray(1.0)", "xp.asarray([1, 2.5])", "xp.asarray([1])",
        "xp.asarray([True])", "xp.asarray([1j])", "xp.ones(3)", "xp.zeros((2,))",
        "xp.empty(2).dtype", "xp.eye(2)", "xp.full(2, 1.5)", "xp.full(2, 1)",
        "xp.full(2, 1j)", "xp.arange(3.0)", "xp.arange(0, 1, 0.25)", "xp.arange(3)",
        "xp.linspace(0, 1, 5)", "xp.linspace(0, 10, 5)", "xp.linspace(0j, 1j, 3)",
        "xp.asarray([1.0], dtype=xp.float64)", "xp.ones(2, dtype=xp.float64) + 1.0",
        "xp.zeros_like(xp.asarray([1, 2]))", "xp.ones_like(xp.ones(2, dtype=xp.float64))",
    )
    add(
        "integers into floating results",
        "xp.asarray([1, 2]) / xp.asarray([2, 4])", "xp.asarray([1, 2]) / 3",
        "xp.sqrt(xp.asarray([1, 4]))", "xp.exp(xp.asarray([1, 2]))",
        "xp.expm1(xp.asarray([1, 2]))", "xp.atan2(xp.asarray([1, 2]), xp.asarray([2, 1]))",
        "xp.asarray([1, 2]) + 1.5", "xp.asarray([1, 2]) + 1j",
        "xp.asarray([1, 2]) + xp.asarray([1.5], dtype=xp.float32)",
        "xp.sqrt(xp.asarray([1.0], dtype=xp.float64))",
        "xp.asarray([1.0, 2.0], dtype=xp.float64) * 2",
    )
    refused = [
        "x + y", "x + 1", "x - y", "x // y", "x % y", "x ** 2", "-x", "xp.abs(x)",
        "xp.sign(x)", "xp.square(x)", "x < y", "x <= y", "x > 1", "x >= y",
        "xp.maximum(x, y)", "xp.minimum(x, y)", "~x", "x << 1", "x >> 1",
        "x += y; x", "xp.max(x)", "xp.min(x)", "xp.argmax(x)", "xp.argmin(x)",
        "xp.count_nonzero(x)", "xp.nonzero(x)", "xp.searchsorted(xp.sort(x), y)",
        "xp.clip(x, 1, 2)", "xp.flip(x)", "xp.matmul(x, y)", "xp.vecdot(x, y)",
        "xp.tensordot(x, y, axes=1)", "xp.take(x, xp.asarray([0, 1]))",
        "xp.take_along_axis(x, xp.asarray([0, 1]), axis=0)", "xp.diff(x)", "xp.isin(x, y)",
        "xp.tril(xp.stack([x, y]))", "xp.triu(xp.stack([x, y]))",
        "x[xp.asarray([True, False, True])] = 0; x",
        "x + xp.asarray([1, 1, 1])", "x * xp.asarray([1, 1, 1], dtype=xp.uint8)",
        "x == xp.asarray([1, 1, 1])",
    ]
    done = [
        "x * y", "x * 2", "x == y", "x != y", "x & y", "x | y", "x ^ y", "x / y",
        "xp.sort(x)", "xp.argsort(x)", "xp.unique_values(x)", "xp.any(x)",
        "xp.where(xp.asarray([True, False, True]), x, y)", "xp.astype(x, xp.int64) + 1",
        "x[1]", "x[xp.asarray([0, 2])]", "x[0] = 5; x", "x *= y; x", "xp.concat([x, y])",
        "xp.stack([x, y])", "xp.reshape(x, (3, 1))", "xp.roll(x, 1)", "xp.repeat(x, 2)",
        "x + xp.asarray([1.0, 1.0, 1.0], dtype=xp.float32)", "xp.sum(x)", "xp.prod(x)",
        "xp.cumulative_sum(x)", "xp.cumulative_prod(x)", "xp.sum(x, dtype=xp.int64)",
        "xp.sum(x, dtype=xp.uint8)", "xp.sum(x, dtype=xp.uint16)",
        "xp.cumulative_sum(x, dtype=xp.uint64)", "xp.prod(x, dtype=xp.uint32)",
    ]
    for dtype in ("uint16", "uint32", "uint64", "uint8", "int32"):
        setup = (f"x = xp.asarray([1, 2, 3], dtype=xp.{dtype}); "
                 f"y = xp.asarray([2, 1, 3], dtype=xp.{dtype})")
        add(f"{dtype} arithmetic", *refused, *done, setup=setup)
        add(f"{dtype} arithmetic", f"xp.linspace(0, 4, 3, dtype=xp.{dtype})")
    add(
        "index arrays",
        "xp.asarray([10, 20, 30])[xp.asarray([0, 1, 1], dtype=xp.uint8)]",
        "xp.asarray([10, 20, 30])[xp.asarray([0, 2], dtype=xp.uint8)]",
        "xp.asarray([10, 20, 30])[xp.asarray([0, 1, 1], dtype=xp.int8)]",
        "xp.asarray([10, 20, 30])[xp.asarray([0, 1, 1], dtype=xp.int16)]",
        "xp.asarray([10, 20, 30])[xp.asarray([0, 1, 1], dtype=xp.int32)]",
        "xp.asarray([10, 20, 30])[xp.asarray([0, 1, 1])]",
        "xp.asarray([10, 20, 30])[xp.asarray([0, 1, 1], dtype=xp.uint16)]",
        "x = xp.asarray([10, 20, 30]); x[xp.asarray([0, 1], dtype=xp.int8)] = 5; x",
        "x = xp.asarray([10, 20, 30]); x[xp.asarray([0, 1], dtype=xp.int32)] = 5; x",
        "xp.take(xp.asarray([10, 20, 30]), xp.asarray([0, 1], dtype=xp.int8))",
        "xp.take(xp.asarray([10, 20, 30]), xp.asarray([0, 1], dtype=xp.int32))",
        "xp.take_along_axis(xp.asarray([10, 20, 30]), xp.asarray([2, 0], dtype=xp.int16), "
        "axis=0)",
    )
    add(
        "writes that overlap their value",
        "x = xp.arange(5.0); x[1:] = x[:-1]; x",
        "x = xp.arange(5.0); x[:-1] = x[1:]; x",
        "x = xp.arange(5.0); x[...] = x; x",
        "x = xp.arange(5.0); x[:] = x[:]; x",
        "x = xp.arange(5.0); x[1:] += x[:-1]; x",
        "x = xp.arange(1.0, 5.0); x /= x[0]; x",
        "x = xp.reshape(xp.arange(4.0), (2, 2)); x[...] = x.T; x",
        "x = xp.arange(5.0); y = x[1:]; y[...] = x[:-1]; x",
        "x = xp.arange(5.0); x[xp.asarray([1, 2])] = x[:2]; x",
        "x = xp.arange(5.0); x[1:3] = x[3:5]; x",
        "x = xp.arange(5.0); x += x; x",
        "x = xp.arange(5.0); x *= x[::2][0]; x",
        "x = xp.arange(5.0); x[1:] = xp.asarray(x[:-1], copy=True); x",
        "x = xp.reshape(xp.arange(4.0), (2, 2)); x -= x[:, :1]; x",
    )
    add(
        "integer division by zero",
        "xp.floor_divide(xp.asarray([1, 2]), xp.asarray([0, 1]))",
        "xp.remainder(xp.asarray([1, 2]), xp.asarray([0, 1]))",
        "xp.asarray([1, 2]) // 0", "xp.asarray([1, 2]) % 0",
        "xp.asarray([1, 2], dtype=xp.uint8) // xp.asarray([0, 1], dtype=xp.uint8)",
        "xp.asarray([1.0, 2.0]) // 0", "xp.asarray([4, 2]) // 2",
        "x = xp.asarray([4, 2]); x //= 0; x",
    )
    add(
        "floating-point functions of integers",
        "xp.hypot(xp.asarray([3, 4]), xp.asarray([4, 3]))",
        "xp.logaddexp(xp.asarray([1, 2]), xp.asarray([1, 2]))",
        "xp.nextafter(xp.asarray([1, 2]), xp.asarray([2, 3]))",
        "xp.copysign(xp.asarray([1, 2]), xp.asarray([-1, 1]))",
        "xp.floor(xp.asarray([1, 2]))", "xp.round(xp.asarray([1, 2]))",
        "xp.mean(xp.asarray([1, 2]))", "xp.var(xp.asarray([1, 2]))",
        "xp.std(xp.asarray([1, 2]))",
        "xp.linalg.inv(xp.asarray([[1, 0], [0, 1]]))",
        "xp.linalg.det(xp.asarray([[1, 0], [0, 1]]))",
        "xp.linalg.vector_norm(xp.asarray([3, 4]))",
        "xp.linalg.matrix_norm(xp.asarray([[1, 0], [0, 1]]))",
        "xp.mean(xp.asarray([1.0, 2.0]))",
        "xp.linalg.vector_norm(xp.asarray([3.0, 4.0]))",
    )
    add(
        "statistics and sets",
        "xp.std(xp.asarray([1.0, 2.0, 4.0]), correction=0.5)",
        "xp.std(xp.asarray([1.0, 2.0, 4.0]), correction=1.0)",
        "xp.std(xp.asarray([1.0, 2.0, 4.0]), correction=1)",
        "xp.var(xp.asarray([1.0, 2.0, 4.0]), correction=0.5)",
        "xp.unique_all(xp.asarray([1, 2, 2]))",
        "xp.unique_inverse(xp.asarray([1, 2, 2]))",
        "xp.unique_counts(xp.asarray([1, 2, 2]))",
    )
    add(
        "inspection",
        "sorted(xp.__array_namespace_info__().dtypes())",
        "sorted(xp.__array_namespace_info__().dtypes(kind='unsigned integer'))",
    )
    add("found by other projects' tests", *FOUND_BY_OTHER_PROJECTS)
    return snippets


def _jax() -> list[Snippet]:
    snippets: list[Snippet] = []

    def add(topic: str, *codes: str, setup: str = "") -> None:
        snippets.extend(Snippet(topic, code, setup) for code in codes)

    add(
        "writes",
        "x[0] = 9; x", "x[1:3] = xp.asarray([8, 9]); x", "x[x > 1] = 0; x",
        "x[xp.asarray([0, 0, 2])] += 1; x", "x = xp.asarray(1.0); x[()] = 2.0; x",
        "x[...]", "x[1:3]",
        setup="x = xp.asarray([1, 2, 3])",
    )
    add(
        "in-place operators",
        "z = x; x += 1; z", "z = x; x += 1; x", "x += 1.5; x",
        "x *= xp.asarray([0.5, 0.5, 0.5]); x", "z = x; x -= 1; z is x",
        setup="x = xp.asarray([1, 2, 3])",
    )
    add(
        "out-of-bounds reads",
        "x[10]", "x[-10]", "x[3]", "x[-4]", "x[xp.asarray([0, 10])]",
        "x[xp.asarray([-10, -1])]", "x[xp.asarray(10)]", "x[xp.asarray([3])]",
        "x[1:10]", "x[xp.asarray([0, 2])]",
        "xp.reshape(xp.arange(6), (2, 3))[1, 5]",
        "xp.reshape(xp.arange(6), (2, 3))[..., 7]",
        setup="x = xp.asarray([1, 2, 3])",
    )
    add(
        "list indices",
        "x[[0, 1]]", "x[(0,)]", "x[xp.asarray([0, 1])]",
        setup="x = xp.asarray([1, 2, 3])",
    )
    add(
        "default dtypes",
        "xp.__array_namespace_info__().default_dtypes()",
        "sorted(xp.__array_namespace_info__().dtypes())",
        "xp.asarray([1.0])", "xp.asarray([1])", "xp.asarray([1j])", "xp.asarray(True)",
        "xp.ones(3)", "xp.zeros((2,))", "xp.arange(3)", "xp.arange(3.0)",
        "xp.linspace(0, 1, 5)", "xp.full(2, 7)", "xp.full(2, 1.5)", "xp.eye(2)",
        "xp.zeros_like(xp.asarray([1, 2]))", "xp.iinfo(xp.int64).max",
        "xp.finfo(xp.float64).bits",
    )
    add(
        "64-bit types asked for",
        "xp.zeros(2, dtype=xp.float64)", "xp.asarray([1], dtype=xp.int64)",
        "xp.ones(2, dtype=xp.complex128)", "xp.arange(3, dtype=xp.uint64)",
        "xp.astype(xp.asarray([1, 2]), xp.float64)", "xp.sum(xp.asarray([1, 2]), dtype=xp.int64)",
        "xp.full(2, 1.5, dtype=xp.float64)",
    )
    add(
        "NumPy data",
        "import numpy as np; xp.asarray(np.asarray([1.0, 2.0]))",
        "import numpy as np; xp.asarray(np.asarray([1, 2]))",
        "import numpy as np; xp.asarray(np.asarray([2**40]))",
        "import numpy as np; xp.asarray(np.asarray([1, 2], dtype=np.uint64))",
        "import numpy as np; xp.asarray(np.asarray([1.0], dtype=np.float32))",
        "xp.asarray([2**40])", "xp.asarray([2**31 - 1])",
    )
    add(
        "results",
        "xp.argsort(xp.asarray([3, 1, 2]))", "xp.argmax(xp.asarray([3, 1, 2]))",
        "xp.nonzero(xp.asarray([0, 1, 2]))",
        "xp.searchsorted(xp.asarray([1, 2, 3]), xp.asarray([2]))",
        "xp.count_nonzero(xp.asarray([0, 1, 2]))",
        "xp.unique_inverse(xp.asarray([1, 2, 2]))",
        "xp.cumulative_sum(xp.asarray([1, 2, 3]))",
        "xp.sum(xp.asarray([1, 2], dtype=xp.int32))", "xp.sum(xp.asarray([1, 2], dtype=xp.uint8))",
        "xp.prod(xp.asarray([1, 2], dtype=xp.int8))", "xp.mean(xp.asarray([1.0, 2.0]))",
        "xp.asarray([1, 2]) / 2", "xp.sqrt(xp.asarray([1, 4]))", "xp.asarray([1, 2]) + 1.5",
        "xp.asarray([1, 2]) * 2", "xp.asarray([1.0, 2.0]) ** 2",
        "xp.matmul(xp.ones((2, 2)), xp.ones((2, 2)))", "xp.linalg.inv(xp.eye(2))",
        "xp.max(xp.asarray([1, 5, 2]))", "xp.sort(xp.asarray([3.0, 1.0]))",
        "xp.where(xp.asarray([True, False]), 1.0, 2.0)",
    )
    add("found by other projects' tests", *FOUND_BY_OTHER_PROJECTS)
    return snippets


def _dask() -> list[Snippet]:
    snippets: list[Snippet] = []

    def add(topic: str, *codes: str, setup: str = "") -> None:
        snippets.extend(Snippet(topic, code, setup) for code in codes)

    # Dask writes an unknown size as float('nan'); fidelity.py records a NaN in a shape as
    # None, the standard's unknown size, so that ``m.shape`` agrees where both are unknown.
    # These outcomes are the same whether ``x`` is one chunk (as xp.asarray makes it) or
    # several; the topic "refused from two chunks on" holds those that are not.
    masked = "x = xp.asarray([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]); m = x[x > 0]"
    add(
        "unknown sizes: which results have them",
        "x[x > 0].shape", "x[x > 0]", "x[x > 0].ndim", "x[x > 10].shape", "x[x > 0].size",
        "x[x > 0].shape[0] is None", "x[x > 0].shape == (6,)", "[a.shape for a in xp.nonzero(x)]",
        "xp.nonzero(x)", "[a.shape for a in xp.nonzero(xp.reshape(x, (2, 5)))]",
        "xp.unique_values(x % 3).shape", "[a.shape for a in xp.unique_counts(x % 3)]",
        "[a.shape for a in xp.unique_inverse(x % 3)]", "[a.shape for a in xp.unique_all(x % 3)]",
        "xp.unique_inverse(xp.reshape(x % 3, (2, 5))).inverse_indices.shape",
        "xp.unique_values(x % 3)", "xp.unique_all(x % 3)",
        "a = xp.reshape(x, (5, 2)); a[a[:, 0] > 0].shape",
        "a = xp.reshape(x, (5, 2)); a[a[:, 0] > 0]",
        "a = xp.reshape(x, (5, 2)); a[:, xp.asarray([True, False])].shape",
        "a = xp.reshape(x, (5, 2)); a[a > 0].shape", "xp.repeat(x, 2).shape",
        "xp.searchsorted(xp.sort(x), xp.asarray([0, 3])).shape",
        setup="x = xp.asarray([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6])",
    )
    add(
        "unknown sizes: element-wise results and reductions",
        "(m + 1).shape", "m + 1", "(m + m).shape", "m * m", "m + x[x > 0]", "xp.maximum(m, 3)",
        "m[:, None].shape", "(m[:, None] * m[None, :]).shape", "m[:, None] * m[None, :]",
        "xp.zeros_like(m).shape", "xp.full_like(m, 7)", "m[m > 2].shape", "m[m > 2]",
        "xp.where(m > 2, m, 0).shape", "xp.where(m > 2, m, 0)",
        "xp.concat([m, xp.asarray([7, 8])]).shape", "xp.concat([m, xp.asarray([7, 8])])",
        "xp.stack([m, m])", "xp.sum(m)", "xp.max(m)", "xp.mean(xp.astype(m, xp.float64))",
        "xp.count_nonzero(m > 2)", "xp.matmul(m, m)",
        "xp.linalg.vector_norm(xp.astype(m, xp.float64))", "xp.unique_values(m)",
        "xp.cumulative_sum(m)", "a = xp.reshape(x, (5, 2)); xp.sum(a[a[:, 0] > 0], axis=0)",
        "a = xp.reshape(x, (5, 2)); xp.sum(a[a[:, 0] > 0], axis=1).shape",
        setup=masked,
    )
    add(
        "unknown sizes: what needs the size",
        "len(m)", "list(m)", "int(m.shape[0])", "list(range(m.shape[0]))", "m.shape[0] + 1",
        "xp.asarray(m.shape)", "xp.zeros(m.shape)", "xp.full(m.shape, 1)", "xp.reshape(m, (2, -1))",
        "xp.reshape(m, (2, 3))", "xp.expand_dims(m, axis=0)", "xp.broadcast_to(m, (2, 6))",
        "xp.broadcast_arrays(m, x[4:])", "xp.stack([m, m + 1])", "m + x[4:]", "m[0]", "m[:3]",
        "m[::-1]", "m[xp.asarray([0, 1])]", "xp.take(m, xp.asarray([0, 1]))", "m[0] = 1; m",
        "m[...] = 0; m", "m[m > 4] = 0; m", "xp.nonzero(m)", "xp.clip(m, 1, 3)", "xp.flip(m)",
        "xp.repeat(m, 2)", "xp.vecdot(m, m)", "xp.meshgrid(m, m)", "xp.tile(m, (2,))",
        "xp.isin(m, xp.asarray([2, 3]))",
        setup=masked,
    )
    # Dask sorts and searches an unknown-size array of one chunk, not of several; real data
    # has several, which portable-looking code makes here with concat.
    add(
        "unknown sizes: refused from two chunks on",
        "xp.sort(m)", "xp.argsort(m)", "xp.argmax(m)", "xp.argmin(m)",
        "xp.searchsorted(m, xp.asarray([3, 6, 0]))", "xp.max(m)",
        setup="x = xp.concat([xp.asarray([-3, -2, -1, 0, 1]), xp.asarray([2, 3, 4, 5, 6])]); "
              "m = x[x > 0]",
    )
    add(
        "integer-array indexing",
        "x[xp.asarray([0, 5, 9])]", "x[xp.asarray([-1, -2, 0])]",
        "x[xp.asarray([1, 2], dtype=xp.int32)]", "x[xp.asarray([1, 2], dtype=xp.uint8)]",
        "x[xp.asarray([], dtype=xp.int64)]", "x[xp.asarray(3)]", "x[xp.argsort(-x)]",
        "xp.take(x, xp.asarray([3, 0]))", "a[xp.asarray([2, 0])]", "a[:, xp.asarray([3, 0])]",
        "a[xp.asarray([0, 2]), 1]", "a[1:, xp.asarray([0, -1])]",
        "a[xp.asarray([0, 1, 2]), xp.asarray([3, 2, 1])]",
        "a[xp.asarray([[0], [2]]), xp.asarray([[1, 3]])]", "a[xp.asarray(1), xp.asarray(2)]",
        "a[xp.asarray([1]), xp.asarray([2])]",
        "b = xp.reshape(xp.arange(24), (2, 3, 4)); b[xp.asarray([0, 1]), :, xp.asarray([1, 2])]",
        "x[xp.asarray([[0, 1], [2, 3]])]", "a[xp.asarray([[0, 1], [2, 0]])]",
        "a[xp.asarray([0, 2]), None]", "a[None, xp.asarray([0, 2])]", "x[xp.asarray([10])]",
        "xp.take(x, xp.asarray([10]))", "x[10]",
        setup="x = xp.arange(10, 20); a = xp.reshape(xp.arange(12), (3, 4))",
    )
    add(
        "boolean indexing",
        "a[a % 3 == 0]", "a[a > 100]", "a[xp.asarray([True, False, True])]",
        "a[:, xp.asarray([True, False, True, False])]", "a[xp.asarray([True, False, True]), 1]",
        "a[xp.asarray([True, False, True]), xp.asarray([0, 1])]", "a[xp.asarray([True, False])]",
        "a[xp.asarray(True)]",
        setup="a = xp.reshape(xp.arange(12), (3, 4))",
    )
    add(
        "writes",
        "x[0] = 1; x", "x[1:3] = xp.asarray([7, 8]); x", "x[::2] = 9; x", "x[...] = 3; x",
        "x[xp.asarray([1, 3])] = xp.asarray([5, 6]); x",
        "x[xp.asarray([1, 1])] = xp.asarray([5, 6]); x", "x[x == 0] = 2; x",
        "x[xp.asarray([True, False, True, False, False])] = xp.asarray([4, 5]); x",
        "x[xp.asarray([True, False, True, False, False])] = xp.asarray(4); x", "x[0] = 2.7; x",
        "x[1:3] += 1; x", "x[xp.asarray([7])] = 1; x", "x[7] = 1; x",
        setup="x = xp.asarray([0, 0, 0, 0, 0])",
    )
    add(
        "writes into 2-d arrays",
        "a[1, 2] = 7; a", "a[:, xp.asarray([0, 3])] = 7; a", "a[xp.asarray([0, 2])] = 7; a",
        "a[xp.asarray([0, 2]), xp.asarray([1, 3])] = 7; a", "a[xp.asarray([0, 2]), 1] = 7; a",
        "a[xp.asarray([True, False, True])] = 7; a", "a[a == 0] = -1; a",
        setup="a = xp.zeros((3, 4), dtype=xp.int64)",
    )
    # ``import operator; f = lambda a: operator.iadd(a, 1)`` is ``def f(a): a += 1`` in one
    # line: operator.iadd does what the statement does, and gives back what it binds.
    add(
        "in-place operators",
        "z = x; x += 1; z", "z = x; x += 1; x", "z = x; x += 1; z is x",
        "lst = [x]; x *= 2; lst[0]", "import operator; f = lambda a: operator.iadd(a, 1); f(x); x",
        "z = x; x -= 1; z", "z = x; x **= 2; z", "z = x; x <<= 1; z", "x += 1.5; x", "x /= 2; x",
        "x += xp.asarray([0.5, 0.5, 0.5]); x", "y = xp.asarray([1.0, 2.0, 3.0]); z = y; y /= 2; z",
        "b = xp.eye(2); z = b; b @= b; z", "z = x; x[0] = 100; z", "z = x; x[...] = x + 1; z",
        "f = lambda a: a.__setitem__(0, 100); f(x); x",
        setup="x = xp.asarray([1, 2, 3])",
    )
    add(
        "views are copies",
        "y = x[1:3]; y[0] = 50; x", "y = x[1:3]; x[1] = 50; y", "y = x[:]; y[0] = 50; x",
        "y = x[...]; y[0] = 50; x", "y = x[1:3]; y += 1; x",
        "y = xp.reshape(x, (2, 2)); y[0, 0] = 50; x", "y = xp.reshape(x, (2, 2)); x[0] = 50; y",
        "y = xp.permute_dims(xp.reshape(x, (2, 2)), (1, 0)); y[0, 1] = 50; x",
        "y = xp.expand_dims(x, axis=0); y[0, 0] = 50; x", "y = xp.asarray(x); y[0] = 50; x",
        "xp.asarray(x, copy=False) is x", "y = xp.asarray(x, copy=True); y[0] = 50; x",
        "xp.astype(x, x.dtype, copy=False) is x", "s = x * 10; x[0] = 100; s",
        "import numpy as np; a = np.arange(3); d = xp.asarray(a); a[0] = 99; d",
        "import numpy as np; a = np.arange(3); d = xp.asarray(a); d[0] = 99; a",
        "import numpy as np; xp.asarray(np.arange(2), copy=False)",
        "xp.reshape(x, (2, 2), copy=False)",
        setup="x = xp.asarray([1, 2, 3, 4])",
    )
    add(
        "eager values",
        "bool(x[0] > 0)", "float(x[0])", "int(x[1])",
        "import operator; operator.index(xp.asarray(3))", "list(range(xp.asarray(3)))",
        "[10, 20, 30][xp.asarray(1)]", "x[: xp.asarray(2)]", "'yes' if xp.any(x > 2) else 'no'",
        "bool(x > 0)", "float(xp.asarray([1.5]))", "float(xp.reshape(x, (3, 1))[:1])", "float(x)",
        "bool(xp.asarray([], dtype=xp.bool))", "import operator; operator.index(xp.asarray(3.0))",
        "import numpy as np; np.asarray(x)", "sum(float(e) for e in x)",
        setup="x = xp.asarray([1.5, -2.0, 3.0])",
    )
    add(
        "compute counts",
        "computes(lambda: bool(x[0] > 0))", "computes(lambda: float(x[0]))",
        "import operator; i = xp.asarray(2); computes(lambda: operator.index(i))",
        "computes(lambda: float(x[0]) + float(x[1]))",
        "computes(lambda: [bool(xp.all(x > i)) for i in range(3)])",
        "computes(lambda: 'yes' if xp.any(x > 2) else 'no')",
        "computes(lambda: sum(float(e) for e in x))", "computes(lambda: float(x[:1]))",
        "import numpy as np; computes(lambda: np.asarray(x))",
        "import numpy as np; computes(lambda: np.testing.assert_array_equal(x, x))",
        "computes(lambda: x[: xp.argmax(x)])", "computes(lambda: xp.zeros(int(xp.sum(x > 1))))",
        "computes(lambda: x + 1)", "computes(lambda: xp.sum(x))", "computes(lambda: x[x > 1])",
        "computes(lambda: xp.unique_values(x))", "computes(lambda: x[xp.argmax(x)])",
        "computes(lambda: len(x))", "computes(lambda: repr(x))", "computes(lambda: [e for e in x])",
        setup="x = xp.asarray([1.0, 2.0, 3.0])",
    )
    # Dask arrays lack these, and array_api_compat cannot add them to an object it does
    # not wrap. A profile may give them all the same (the standard has them): each is
    # recorded so that either choice shows.
    add(
        "missing on Dask (a profile may still give them)",
        "x.device", "x.to_device('cpu')", "x.mT", "type(x.__dlpack__()).__name__",
        "x.__array_namespace__().__name__", "xp.matrix_transpose(x)",
        "xp.take_along_axis(x, xp.asarray([[1], [0]]), axis=1)",
        "import numpy as np; xp.from_dlpack(np.arange(3))",
        "xp.linalg.det(xp.astype(x, xp.float64))", "xp.linalg.eigh(xp.eye(2))",
        "xp.linalg.pinv(xp.eye(2))", "xp.linalg.matrix_power(x, 2)",
        "xp.linalg.cross(xp.asarray([1, 0, 0]), xp.asarray([0, 1, 0]))",
        setup="x = xp.asarray([[1, 2], [3, 4]])",
    )
    add(
        "linear algebra",
        "xp.linalg.cholesky(a)", "xp.linalg.cholesky(a, upper=True)", "xp.linalg.inv(a)",
        "xp.linalg.solve(a, xp.asarray([1.0, 2.0]))", "xp.linalg.qr(a).R.shape",
        "xp.linalg.qr(a, mode='complete')", "xp.linalg.svd(a)",
        "xp.linalg.svd(a, full_matrices=False).S", "xp.linalg.svd(a, full_matrices=False)[1]",
        "xp.linalg.svdvals(a)", "xp.linalg.matrix_rank(a)", "xp.linalg.matrix_norm(a)",
        "xp.linalg.inv(xp.stack([a, a]))",
        setup="a = xp.asarray([[4.0, 1.0], [1.0, 3.0]])",
    )
    add(
        "other functions",
        "xp.repeat(xp.asarray([1, 2, 3]), xp.asarray([0, 1, 2]))",
        "xp.repeat(xp.asarray([[1, 2], [3, 4]]), 2)", "xp.searchsorted(xp.asarray([1, 2, 3]), 2)",
        "xp.searchsorted(xp.asarray([1, 2, 3]), xp.asarray(2))",
        "xp.searchsorted(xp.asarray([1, 2, 3]), xp.asarray([2]))",
        "xp.searchsorted(xp.asarray([3, 1, 2]), xp.asarray([2]), sorter=xp.asarray([1, 2, 0]))",
        "xp.eye(2, 3)", "xp.unique_values(xp.asarray([float('nan'), float('nan'), 1.0]))",
        "xp.max(xp.zeros(0))", "xp.asarray([2]) ** xp.asarray([-1])",
        "xp.fft.fft(xp.asarray([1j, 0j, 0j, 0j]))",
        "xp.cumulative_sum(xp.asarray([1, 2, 3]), include_initial=True)",
        "xp.__array_namespace_info__().capabilities()",
        "xp.__array_namespace_info__().default_dtypes()",
    )
    return snippets


def _strict() -> list[Snippet]:
    """array-api-strict 2.6.1 at its default flags (standard 2025.12, linalg and fft on,
    boolean indexing and data-dependent shapes allowed), read from its source: every place
    it refuses what NumPy does or answers otherwise, with the nearby cases it takes."""
    snippets: list[Snippet] = []

    def add(topic: str, *codes: str, setup: str = "") -> None:
        snippets.extend(Snippet(topic, code, setup) for code in codes)

    arrays = ("i = xp.asarray([1, 2]); f = xp.asarray([1.0, 2.0]); "
              "b = xp.asarray([True, False]); c = xp.asarray([1j, 2 + 0j]); "
              "i8 = xp.asarray([1, 2], dtype=xp.int8); u8 = xp.asarray([1, 2], dtype=xp.uint8); "
              "u64 = xp.asarray([1, 2], dtype=xp.uint64); f32 = xp.asarray([1.0, 2.0], "
              "dtype=xp.float32); c64 = xp.asarray([1j, 2j], dtype=xp.complex64)")
    add(
        "promotion between arrays",
        "i + f", "f + i", "i * f", "i - b", "i + u8", "i8 + u8", "i + u64", "u8 + u64",
        "f32 + f", "f32 + c64", "f + c64", "i + c", "b + b", "b & b", "i & b", "i == f",
        "i == b", "f == c", "i < f", "xp.add(i, f)", "xp.maximum(i, f)", "xp.multiply(i8, u8)",
        "xp.where(b, i, f)", "xp.where(b, i, i8)", "xp.concat([i, f])", "xp.concat([i, u8])",
        "xp.stack([i, f])", "xp.result_type(i, f)", "xp.result_type(xp.int64, xp.uint64)",
        "xp.result_type(xp.int8, xp.uint8)", "xp.result_type(xp.float32, xp.complex64)",
        "xp.result_type()", "xp.can_cast(xp.int64, xp.float64)", "xp.can_cast(xp.bool, xp.int8)",
        "xp.can_cast(xp.int8, xp.int16)", "xp.can_cast(xp.uint8, xp.int16)",
        "xp.can_cast(xp.float64, xp.complex64)", "xp.can_cast(xp.float32, xp.complex64)",
        "xp.matmul(i, f)", "i @ f", "xp.linalg.outer(i, f)", "xp.meshgrid(i, u8)",
        "xp.isin(i, f)", "xp.isin(f, f)", "xp.isin(i, u8)", "xp.tensordot(i, f, axes=1)",
        "xp.vecdot(i, f)", "xp.diff(i8, prepend=xp.asarray([0.5]))", "xp.stack([i8, i])",
        "xp.concat([xp.asarray(1), xp.asarray(2)], axis=None)", "f32 + xp.asarray(1.0)",
        "b < b",
        setup=arrays,
    )
    add(
        "Python scalars",
        "i + 1.5", "1.5 + i", "f + 1", "f32 + 1", "f32 + 1.5", "i + True", "b & 1", "b & True",
        "i & True", "f + 1j", "f32 * 1j", "i * 1j", "c + 1.5", "c + 1", "i == 1.5", "i == 1",
        "b == True", "b == 1", "f == 1", "f > 1j", "i ** 2", "i ** 0.5", "2 ** i", "f ** 2",
        "xp.add(i, 1.5)", "xp.add(1, i)", "xp.add(1, 2)", "xp.where(b, 1.0, 2.0)",
        "xp.where(b, i, 1)", "xp.where(b, i, 1.5)", "xp.maximum(i, 1.5)", "xp.maximum(f, 1)",
        "xp.clip(i, 0.5, 2)", "xp.clip(i, 0, 1)", "xp.clip(f, 0, 1.5)", "xp.clip(f, i[:1], None)",
        "xp.clip(xp.asarray([1, 5]), 3, 2)", "xp.result_type(i, 1.0)", "xp.result_type(f32, 1.0)",
        "xp.result_type(i8, 1)", "xp.result_type(1, 2)", "xp.searchsorted(i, 1.5)",
        "xp.searchsorted(i, 1)", "xp.isin(i, 1)", "import numpy as np; f + np.float64(1.0)",
        "import numpy as np; xp.add(f, np.float64(1.0))", "import numpy as np; i * np.int64(2)",
        "import numpy as np; xp.clip(f, np.float64(0.5))", "2.5 ** i", "1 / i", "1 / f",
        "1 - b", "f == None", "f == 'a'", "xp.pow(i, 2.5)", "xp.equal(i, 1.0)",
        "xp.logical_and(b, True)", "xp.logical_and(b, 1)", "xp.bitwise_and(b, 1)",
        "xp.result_type(xp.float32, 1j)", "xp.clip(b, 0, 1)",
        setup=arrays,
    )
    add(
        "Python ints out of a dtype's range",
        "i8 + 200", "i8 + 127", "u8 + (-1)", "u8 + 255", "i8 == 1000", "xp.where(b, i8, 1000)",
        "xp.add(u8, 256)", "xp.clip(i8, 0, 1000)", "xp.full(2, 300, dtype=xp.int8)",
        "xp.asarray(300, dtype=xp.int8)", "xp.asarray(2**63)", "xp.asarray(-2**63 - 1)",
        "xp.asarray(2**64 + 1)", "xp.asarray(2**64)", "xp.result_type(xp.int8, 1000)",
        "x = xp.asarray([1, 2], dtype=xp.int8); x[0] = 300; x",
        "x = xp.asarray([1, 2], dtype=xp.uint8); x[0] = 255; x",
        setup=arrays,
    )
    add(
        "reading with an index",
        "x[10:20]", "x[2:7]", "x[-7:]", "x[:6]", "x[-6:]", "x[6:]", "x[0:10:2]", "x[5:-7:-1]",
        "x[::-1]", "x[: xp.asarray(2)]", "a[0]", "a[0, ...]", "a[0, :]", "a[1:]", "a[...]",
        "a[:, 0]", "a[0, 0, 0]", "x[None]", "x[None, ...]", "x[None, :]", "a[None, 0]",
        "a[None, 0, :]", "x[[0, 1]]", "x[(0,)]", "x[((0,),)]", "import numpy as np; "
        "x[np.asarray([0, 1])]", "import numpy as np; x[np.int64(1)]", "x[True]", "x[1.0]",
        "x[xp.asarray([0, 1])]", "x[xp.asarray(1)]", "x[xp.asarray(1.0)]",
        "x[xp.asarray([0, 10])]", "a[xp.asarray([0, 1]), :]", "a[xp.asarray([0, 1]), 0]",
        "a[xp.asarray([0, 1]), ...]", "a[xp.asarray([0, 2]), xp.asarray([1, 3])]",
        "a[xp.asarray(1), 2]", "a[a > 5]", "a[xp.asarray([True, False, True])]",
        "a[xp.asarray([True, False, True]), 0]", "a[xp.asarray([True, False, True]), ...]",
        "a[..., ...]", "xp.asarray(5)[()]", "xp.asarray(5)[None]", "xp.zeros(0)[0:0]",
        "xp.zeros(0)[0:1]", "[int(v) for v in x]", "list(a)", "list(xp.asarray(1))", "len(x)",
        "x[-1]", "x[6]", "x[xp.asarray(True)]", "a[xp.asarray(1), :]", "a[xp.asarray(1), ...]",
        "a[0, None, :]",
        setup="x = xp.arange(6); a = xp.reshape(xp.arange(12), (3, 4))",
    )
    add(
        "writing with an index",
        "x[xp.asarray([0, 1])] = 1.0; x", "x[xp.asarray(0)] = 1.0; x", "x[x == 0] = 1.0; x",
        "x[0] = 1.0; x", "x[0] = 1; x", "x[0] = 1j; x", "x[0] = True; x", "n[0] = 1.5; n",
        "n[0] = True; n", "n[0] = 7; n", "x[:2] = xp.asarray([1, 2]); x",
        "n[:2] = xp.asarray([1, 2], dtype=xp.int8); n",
        "x32 = xp.zeros(2, dtype=xp.float32); x32[:] = xp.asarray([1.0, 2.0]); x32",
        "x[:2] = xp.asarray([1.0, 2.0], dtype=xp.float32); x", "x[None] = 1.0; x",
        "x[0, ...] = 1.0; x", "m = xp.zeros((2, 2)); m[0] = 1.0; m",
        "m = xp.zeros((2, 2)); m[0, :] = 1.0; m", "x[10:12] = 1.0; x", "x[[0, 1]] = 1.0; x",
        "b = xp.asarray([True, False]); b[0] = 1; b",
        "b = xp.asarray([True, False]); b[1] = True; b",
        "x[xp.asarray([True, False, True, False])] = xp.asarray([5.0, 6.0]); x",
        "x[1:3] = xp.asarray(7.0); x", "x[...] = xp.ones((1, 4)); x",
        "x[0] = xp.asarray([1.0]); x", "x[:2] = [1.0, 2.0]; x",
        "import numpy as np; x[0] = np.float64(2.0); x", "x[:] = xp.asarray([1.0, 2.0]); x",
        setup="x = xp.zeros(4); n = xp.asarray([1, 2, 3, 4])",
    )
    add(
        "Python and NumPy conversions",
        "float(x)", "float(s)", "int(s)", "int(n)", "bool(x)", "bool(s)", "complex(s)",
        "complex(x)", "float(c)", "int(c)", "complex(c)", "float(t)", "int(t)", "bool(n)",
        "import operator; operator.index(n)", "import operator; operator.index(s)",
        "import operator; operator.index(t)", "import operator; operator.index(xp.asarray([3]))",
        "float(xp.asarray([1.5]))", "bool(xp.asarray([True]))", "list(range(n))",
        "[10, 20, 30, 40][n]", "import numpy as np; np.asarray(x)",
        "import numpy as np; np.asarray(x, dtype=np.float32)",
        "import numpy as np; np.testing.assert_allclose(x, [1.5, 2.0])",
        "xp.asarray(np_data)", "import numpy as np; xp.asarray(np.float32(1.5))",
        "xp.asarray([xp.asarray(1.0)])", "xp.asarray((n, n))", "xp.asarray([[1, 2], [3]])",
        "xp.asarray([(s, s)])", "import numpy as np; x == np.asarray([1.5, 3.0])",
        "import numpy as np; x - np.asarray([1.0, 1.0])",
        "import numpy as np; xp.equal(x, np.asarray([1.5, 3.0]))",
        "xp.asarray('abc')", "xp.asarray(None)", "xp.asarray([1, 2.5])", "xp.asarray([1, True])",
        "xp.asarray([1, 1j])", "import numpy as np; xp.from_dlpack(np.arange(3))",
        "xp.from_dlpack(x)", "tuple(int(v) for v in x.__dlpack_device__())",
        "x.to_device('cpu')", "x.to_device(x.device) is x", "xp.asarray(x, copy=False) is x",
        "y = xp.asarray(x); y[0] = 9.0; x", "y = xp.asarray(x, copy=True); y[0] = 9.0; x",
        "xp.asarray([1, 2], copy=False)", "xp.asarray(x, dtype=xp.float32, copy=False)",
        "xp.asarray(x, dtype=xp.int64)", "xp.asarray(1.5, dtype=xp.bool)", "hash(x)",
        "type(x.__dlpack__()).__name__", "x.__array_namespace__() is xp",
        "x.__array_namespace__(api_version='bogus')", "bool(c)", "x.dtype == xp.float64",
        "xp.float64 == 'float64'",
        setup="import numpy as np; x = xp.asarray([1.5, 2.0]); s = xp.asarray(2.5); "
              "n = xp.asarray(3); t = xp.asarray(True); c = xp.asarray(1j); "
              "np_data = np.asarray([1, 2], dtype=np.int16)",
    )
    add(
        "devices",
        "x + y", "(y + y).device == d1", "(y + 1.0).device == d1", "y + y", "xp.add(x, y)",
        "xp.concat([x, y])", "xp.stack([x, y])", "xp.where(x > 1, x, y)", "xp.matmul(x, y)",
        "xp.meshgrid(x, y)", "xp.searchsorted(x, y)", "xp.clip(y, x, None)",
        "y[xp.asarray([0])]", "y[xp.asarray([0], device=d1)]", "y[y > 1]",
        "xp.take(y, xp.asarray([0]))",
        "y[0] = x[0]; y", "y[0] = 5.0; y", "xp.asarray(y).device == d1",
        "xp.asarray(y, device=d2).device == d2", "xp.zeros_like(y).device == d1",
        "xp.empty_like(y, device=d2).device == d2", "xp.ones(2, device=d1).device == d1",
        "xp.zeros(2, device='device1')", "xp.zeros(2, device=d2).dtype",
        "xp.asarray([1.0], device=d2).dtype", "xp.asarray([1], device=d2).dtype",
        "xp.asarray(x, device=d2).dtype", "xp.arange(3, device=nox64).dtype",
        "xp.arange(3.0, device=d2).dtype", "xp.asarray([1.0], dtype=xp.float64, device=nof64)",
        "xp.asarray([1.0], device=nof64).dtype", "xp.ones(2, device=nof64).dtype",
        "xp.astype(xp.ones(2, device=nof64), xp.float64)",
        "xp.sum(xp.ones(2, dtype=xp.int32, device=nox64))",
        "xp.linspace(0, 1, 3, device=d2).dtype", "xp.full(2, 1, device=nox64).dtype",
        "xp.eye(2, device=d2).dtype", "xp.fft.fftfreq(4, device=d2).dtype",
        "xp.fft.fftfreq(4, device=nof64).dtype", "x.device == xp.__array_namespace_info__()"
        ".default_device()", "y.to_device(d2).device == d2", "x.to_device(d1) + y",
        "xp.asarray(1.0, device=d1) + xp.asarray(1.0)", "import numpy as np; np.asarray(y)",
        "float(y[0])", "bool(y[0] > 1)", "y[xp.asarray([True, False])] = 0.0; y",
        "xp.asarray(x, device=d1).device == d1", "xp.from_dlpack(x, device=d1).device == d1",
        "xp.take_along_axis(y, xp.asarray([0]), axis=0)",
        setup="info = xp.__array_namespace_info__(); d1, d2, nof64, nox64 = info.devices()[1:]; "
              "x = xp.asarray([1.0, 2.0]); y = xp.asarray([1.0, 2.0], device=d1)",
    )
    add(
        "functions given dtypes outside their category",
        "xp.sqrt(i)", "xp.log(b)", "xp.sqrt(f)", "xp.floor(i)",
        "xp.floor(b)", "xp.floor(c)", "xp.ceil(f)", "xp.trunc(i)", "xp.round(i)", "xp.round(c)",
        "xp.round(b)", "xp.abs(b)", "-b", "xp.negative(b)", "~f", "~b", "~i",
        "xp.bitwise_and(f, f)", "f & f", "f | 1", "i << 1", "b << 1",
        "xp.bitwise_left_shift(i, -1)", "xp.bitwise_right_shift(i, xp.asarray([-1, 1]))",
        "i << -1", "xp.logical_and(i, i)", "xp.logical_not(i)", "xp.logical_and(b, b)",
        "xp.isnan(b)", "xp.isnan(i)", "xp.isfinite(i)", "xp.sign(b)", "xp.sign(c)",
        "xp.imag(f)", "xp.real(f)", "xp.real(i)", "xp.conj(i)", "xp.conj(b)", "xp.signbit(i)",
        "xp.atan2(i, i)", "xp.copysign(c, c)", "xp.hypot(i, i)", "xp.logaddexp(f, f)",
        "xp.square(b)", "xp.square(i)", "xp.maximum(c, c)", "c < c", "xp.equal(b, b)", "c == c",
        "i % 2", "c % 2", "c // c", "xp.remainder(f, 2.0)", "xp.reciprocal(i)",
        "xp.reciprocal(f)", "b * b", "i / i", "xp.divide(i, i)", "i / 2", "f / 2",
        "i // 2", "i ** -1", "xp.pow(b, b)", "xp.floor(i) is i",
        setup=arrays,
    )
    add(
        "reductions and their dtypes",
        "xp.sum(i8)", "xp.sum(u8)", "xp.sum(i32)", "xp.sum(f32)", "xp.sum(b)", "xp.prod(i8)",
        "xp.prod(u8)", "xp.sum(c64)", "xp.sum(i8, dtype=xp.int8)", "xp.sum(i8, dtype=xp.float64)",
        "xp.sum(f32, dtype=xp.float64)", "xp.sum(f32, dtype=xp.int32)",
        "xp.cumulative_sum(i8)", "xp.cumulative_sum(u8)", "xp.cumulative_sum(b)",
        "xp.cumulative_prod(i8)", "xp.cumulative_sum(xp.asarray(1))",
        "xp.cumulative_prod(xp.asarray(1.0))", "xp.cumulative_sum(xp.ones((2, 2)))",
        "xp.cumulative_sum(i8, include_initial=True)", "xp.mean(i32)", "xp.mean(c64)",
        "xp.mean(b)", "xp.mean(f32)", "xp.std(i8)", "xp.var(c64)", "xp.std(f32)",
        "xp.var(f32, correction=1)", "xp.max(b)", "xp.max(c64)", "xp.max(i8)", "xp.min(u8)",
        "xp.argmax(b)", "xp.argmax(i8)", "xp.all(i8)", "xp.any(f32)", "xp.count_nonzero(b)",
        "xp.count_nonzero(f32)", "xp.diff(b)", "xp.diff(i8)",
        "xp.linalg.trace(xp.asarray([[1, 0], [0, 1]], dtype=xp.int8))",
        "xp.linalg.vector_norm(i8)", "xp.linalg.vector_norm(f32)", "xp.sort(b)",
        "xp.argsort(b)", "xp.sort(c64)", "xp.unique_values(b)", "xp.unique_values(c64)",
        "xp.searchsorted(b, b)", "xp.nonzero(xp.asarray(1))",
        "xp.take(i8, xp.asarray([0.0]))", "xp.take(i8, xp.asarray([[0]]))",
        "xp.take(xp.ones((2, 2)), xp.asarray([0]))", "xp.where(i8 > 1, i8, 0)",
        "xp.where(xp.asarray([1, 0]), i8, i8)",
        "xp.argsort(xp.asarray([2, 1, 2, 1]), descending=True)",
        setup="i8 = xp.asarray([1, 2, 3], dtype=xp.int8); u8 = xp.asarray([1, 2, 3], "
              "dtype=xp.uint8); i32 = xp.asarray([1, 2, 3], dtype=xp.int32); "
              "f32 = xp.asarray([1.0, 2.0, 4.0], dtype=xp.float32); "
              "b = xp.asarray([True, False, True]); c64 = xp.asarray([1j, 2j, 1 + 0j], "
              "dtype=xp.complex64)",
    )
    add(
        "creation and default dtypes",
        "xp.asarray([1.0])", "xp.asarray(1)", "xp.asarray(True)", "xp.full(2, 1.5)",
        "xp.full(2, True)", "xp.full(2, 1j)", "xp.full(2, 7)", "xp.arange(3)", "xp.arange(3.0)",
        "xp.arange(0, 1, 0.5)", "xp.linspace(0, 1, 3)", "xp.linspace(0j, 1j, 3)",
        "xp.linspace(0, 10, 3, dtype=xp.int64)", "xp.eye(2)", "xp.empty(2).dtype",
        "xp.zeros_like(i)", "xp.full_like(i, 1.5)", "xp.full_like(b, 2)",
        "xp.full(2, 1.5, dtype=xp.int64)", "xp.full(2, 'a')",
        "xp.asarray([1, 2], dtype=xp.float32)",
        "xp.asarray([1.5], dtype=xp.int64)", "xp.asarray([1], dtype='float64')",
        "xp.asarray([1], dtype=float)", "import numpy as np; xp.zeros(2, dtype=np.float64)",
        "xp.arange(3, dtype=int)", "xp.tril(i)", "i.T", "i.mT", "xp.matrix_transpose(i)",
        "xp.reshape(xp.arange(6), (3, 2), copy=False)",
        "xp.reshape(xp.permute_dims(xp.reshape(xp.arange(6), (2, 3)), (1, 0)), (6,), "
        "copy=False)", "xp.reshape(i, [2, 1])", "xp.reshape(i, 2)", "xp.squeeze(i, None)",
        "xp.roll(i, 1.0)", "xp.tile(i, 2)", "xp.tile(i, (2,))", "xp.repeat(i, 2.0)",
        "xp.repeat(i, xp.asarray([1.0, 2.0]))", "xp.repeat(i, xp.asarray([1, 2], dtype=xp.uint64))",
        "xp.unstack(i, axis=1)", "xp.expand_dims(i, axis=(0, 1)).shape",
        "xp.broadcast_shapes((2, 1), (3,))", "xp.broadcast_arrays(i, i)", "xp.meshgrid(i, i)",
        "xp.empty((2, 0)).shape", "xp.zeros(())", "xp.full(2, 1, dtype=xp.bool)",
        "xp.can_cast(xp.float32, 'float64')", "type(xp.broadcast_arrays(i, i)).__name__",
        "type(xp.meshgrid(i, i)).__name__",
        "xp.unique_inverse(xp.asarray([[1, 2], [2, 1]])).inverse_indices.shape",
        "xp.take_along_axis(i, xp.asarray([0.0]), axis=0)",
        setup="i = xp.asarray([1, 2]); b = xp.asarray([True, False])",
    )
    add(
        "astype",
        "xp.astype(c, xp.float64)", "xp.astype(c, xp.complex64)", "xp.astype(f, xp.int64)",
        "xp.astype(f, xp.bool)", "xp.astype(b, xp.float64)", "xp.astype(i, xp.bool)",
        "xp.astype(i, xp.uint8)", "xp.astype(f, 'float32')",
        "import numpy as np; xp.astype(f, np.float32)", "xp.astype(f, f.dtype, copy=False) is f",
        "xp.astype(f, xp.float32, copy=False)", "xp.astype(f, f.dtype) is f",
        "xp.astype(i, xp.float64, device=d1).device == d1",
        "xp.astype(i, xp.float64, device='cpu')",
        setup="i = xp.asarray([-1, 2]); f = xp.asarray([1.5, -2.0]); "
              "b = xp.asarray([True, False]); c = xp.asarray([1 + 1j, 2j]); "
              "d1 = xp.__array_namespace_info__().devices()[1]",
    )
    add(
        "inspection",
        "info.capabilities()", "info.default_dtypes()", "info.default_dtypes(device=d[2])",
        "info.default_dtypes(device=d[3])", "info.default_dtypes(device=d[4])",
        "sorted(info.dtypes())", "sorted(info.dtypes(kind='integral'))",
        "sorted(info.dtypes(kind=('bool', 'real floating')))", "info.dtypes(kind='bogus')",
        "sorted(info.dtypes(device=d[3]))", "sorted(info.dtypes(device=d[4], kind='numeric'))",
        "len(d)", "d[0] == info.default_device()", "d[1] == d[2]",
        "xp.isdtype(xp.float32, 'real floating')", "xp.isdtype(xp.float32, 'floating')",
        "xp.isdtype(xp.float32, float)", "xp.isdtype('float32', 'real floating')",
        "xp.isdtype(xp.int8, ('bool', xp.int8))", "xp.isdtype(xp.int8, (('bool',),))",
        "xp.iinfo(xp.int8).max", "xp.finfo(xp.float32).bits", "xp.finfo(xp.int8)",
        "xp.iinfo(xp.float32)", "xp.finfo(xp.complex64).bits", "xp.finfo(xp.complex64).dtype",
        "import numpy as np; xp.iinfo(np.int8)", "import numpy as np; xp.float32 == np.float32",
        "xp.__array_api_version__", "type(xp.finfo(xp.float32).eps).__name__",
        "xp.iinfo(xp.asarray([1], dtype=xp.int16)).bits", "type(d).__name__",
        setup="info = xp.__array_namespace_info__(); d = info.devices()",
    )
    add(
        "linear algebra and FFT",
        "xp.linalg.inv(i2)", "xp.linalg.det(i2)", "xp.linalg.inv(f2)", "xp.matmul(b2, b2)",
        "xp.linalg.outer(f2, f2)", "xp.vecdot(f2, f2, axis=0)", "xp.vecdot(f2, f2)",
        "xp.linalg.cross(v, v, axis=0)", "xp.linalg.cross(xp.asarray([1.0, 2.0]), "
        "xp.asarray([3.0, 4.0]))", "xp.linalg.cross(v, v)", "xp.tensordot(b2, b2, axes=1)",
        "xp.linalg.matrix_rank(v)", "xp.linalg.solve(f2, i2)", "xp.linalg.solve(f2, v[:2])",
        "xp.linalg.solve(xp.stack([f2, f2]), v[:2])", "xp.linalg.eigvals(f2)",
        "xp.linalg.matrix_power(i2, 2)", "xp.linalg.matrix_power(f2, 2)",
        "xp.linalg.diagonal(f2)", "xp.linalg.vector_norm(f2, axis=(0, 1))",
        "xp.linalg.matrix_norm(i2)", "xp.linalg.svdvals(f2)", "xp.linalg.pinv(i2)",
        "xp.fft.fft(v)", "xp.fft.fft(xp.astype(v, xp.complex128))",
        "xp.fft.fft(xp.asarray([1j, 0j], dtype=xp.complex64))", "xp.fft.rfft(xp.asarray([1j, 0j]))",
        "xp.fft.rfft(xp.asarray([1.0, 0.0], dtype=xp.float32))",
        "xp.fft.irfft(xp.asarray([1j, 0j], dtype=xp.complex64))", "xp.fft.fftshift(i2)",
        "xp.fft.fftshift(f2)", "xp.fft.fftfreq(4, dtype=xp.int64)", "xp.fft.fftfreq(4).dtype",
        "xp.fft.fftfreq(4, dtype=xp.float32).dtype", "f2 @ 2", "xp.linalg.cholesky(i2)",
        "xp.linalg.eigh(i2)", "xp.fft.fftn(f2)", "xp.fft.hfft(v)", "xp.fft.ihfft(xp.asarray([1j]))",
        "xp.linalg.cross(xp.asarray([1, 0, 0]), v)",
        setup="i2 = xp.asarray([[1, 2], [3, 4]]); f2 = xp.asarray([[2.0, 1.0], [1.0, 3.0]]); "
              "b2 = xp.asarray([[True, False], [False, True]]); v = xp.asarray([1.0, 0.0, 0.0])",
    )
    add(
        "in-place operators",
        "i += 1; i", "i += 1.5; i", "f += 1; f", "f32 += f; f32", "f += f32; f", "i += u8; i",
        "u8 += i; u8", "i /= 2; i", "f /= 2; f", "z = f; f += 1; z", "f += xp.ones((2, 2)); f",
        "b |= True; b", "b += True; b", "i **= 2; i", "i <<= 1; i", "i //= 2; i", "f //= 2; f",
        "m = xp.eye(2); m @= m; m", "i8 += 1000; i8", "f += c; f", "c += f; c",
        "i += xp.asarray(1); i",
        "f32 += 1.5; f32", "f32 *= xp.asarray(2.0); f32",
        setup="i = xp.asarray([1, 2]); f = xp.asarray([1.0, 2.0]); "
              "f32 = xp.asarray([1.0, 2.0], dtype=xp.float32); "
              "u8 = xp.asarray([1, 2], dtype=xp.uint8); i8 = xp.asarray([1, 2], dtype=xp.int8); "
              "b = xp.asarray([True, False]); c = xp.asarray([1j, 2j])",
    )
    return snippets


def _cupy() -> list[tuple[Snippet, dict[str, Any]]]:
    """CuPy's snippets, each with the outcome read from CuPy 14.2.0's source (no GPU here
    to run it): ``cupy/_core/core.pyx`` (``__array__`` raises TypeError, no ``__index__``),
    ``cupy/_core/dlpack.pyx`` (``from_dlpack`` takes no device and no CPU memory; a
    capsule for the CPU only when asked for, by copying), ``cupy/cuda/device.pyx`` (its
    devices), and array_api_compat's ``cupy`` wrapper."""
    array = {"array": "float64", "shape": [2], "values": [1.0, 2.0]}
    setup = "x = xp.asarray([1.0, 2.0]); k = xp.asarray(1)"
    return [(Snippet(topic, code, setup), outcome) for topic, code, outcome in (
        ("the host boundary", "import numpy as np; np.asarray(x)", {"error": "TypeError"}),
        ("the host boundary", "import numpy as np; np.testing.assert_allclose(x, [1.0, 2.0])",
         {"error": "TypeError"}),
        ("the host boundary", "import numpy as np; np.array(x)", {"error": "TypeError"}),
        ("the host boundary", "float(xp.sum(x))", {"python": 3.0}),
        ("the host boundary", "bool(xp.all(x > 0))", {"python": True}),
        ("the host boundary", "int(k)", {"python": 1}),
        ("the host boundary", "complex(x[0])", {"python": [1.0, 0.0]}),
        ("the host boundary", "x[:k]", {"array": "float64", "shape": [1], "values": [1.0]}),
        ("the host boundary", "x[k]", {"array": "float64", "shape": [], "values": 2.0}),
        ("the host boundary", "import operator; operator.index(k)", {"error": "TypeError"}),
        ("the host boundary", "list(range(k))", {"error": "TypeError"}),
        ("the host boundary", "[10, 20][k]", {"error": "TypeError"}),
        ("the host boundary", "import array_api_compat as c; import numpy as np; "
         "np.asarray(c.to_device(x, 'cpu'))", array),
        ("devices", "x.device == xp.__array_namespace_info__().default_device()",
         {"python": True}),
        ("devices", "str(x.device) == 'cpu'", {"python": False}),
        ("devices", "len(xp.__array_namespace_info__().devices())", {"python": 1}),
        ("devices", "tuple(int(v) for v in x.__dlpack_device__())",
         {"sequence": [{"python": 2}, {"python": 0}]}),
        ("DLPack", "import numpy as np; np.from_dlpack(x)", {"error": "BufferError"}),
        ("DLPack", "import numpy as np; np.from_dlpack(x, device='cpu')", array),
        ("DLPack", "import numpy as np; np.from_dlpack(x, device='cpu', copy=False)",
         {"error": "ValueError"}),
        ("DLPack", "import numpy as np; xp.from_dlpack(np.arange(2.0))", {"error": "TypeError"}),
        ("DLPack", "xp.from_dlpack(x)", array),
        ("DLPack", "xp.from_dlpack(x, device=x.device)", {"error": "NotImplementedError"}),
        ("as NumPy", "xp.ones(2).dtype", {"dtype": "float64"}),
        ("as NumPy", "xp.arange(2).dtype", {"dtype": "int64"}),
        ("as NumPy", "y = x[0:1]; y[0] = 9.0; x",
         {"array": "float64", "shape": [2], "values": [9.0, 2.0]}),
        ("as NumPy", "z = x; x += 1; z",
         {"array": "float64", "shape": [2], "values": [2.0, 3.0]}),
        ("as NumPy", "x[::-1]", {"array": "float64", "shape": [2], "values": [2.0, 1.0]}),
        ("as NumPy", "xp.nonzero(x > 1)[0]", {"array": "int64", "shape": [1], "values": [1]}),
        ("as NumPy", "xp.unique_values(xp.asarray([1, 1, 2]))",
         {"array": "int64", "shape": [2], "values": [1, 2]}),
        ("as NumPy", "xp.asarray([1, 2]) / 2",
         {"array": "float64", "shape": [2], "values": [0.5, 1.0]}),
        ("as NumPy", "x + xp.asarray(1.0)",
         {"array": "float64", "shape": [2], "values": [2.0, 3.0]}),
    )]


READ = {"cupy": _cupy()}
"""The profiles whose library cannot run here (CuPy needs a GPU): their snippets with the
outcome read from the library's source, which ``fidelity.py`` takes in place of a run."""

SNIPPETS = {"torch": _torch(), "jax": _jax(), "dask": _dask(),
            "cupy": [snippet for snippet, _ in READ["cupy"]], "strict": _strict()}
"""Each profile's snippets."""

_CASTS_ACROSS_KINDS = (
    'array-api-strict hands the value and the dtype to NumPy, which casts across kinds '
    '(1.5 becomes 1, 2 becomes True); the profile refuses a value of another kind than '
    'its dtype, as the default does, since such a cast can lose data silently'
)
_NO_DTYPE_OF_OURS = (
    "both refuse a dtype that is not one of the namespace's; array-api-strict's "
    "ValueError, the profile's TypeError (a wrong kind of argument, the package's rule)"
)
_NUMPY_VALUE_ERROR = (
    "both refuse; NumPy's ValueError there, TypeError (a dtype of the wrong kind) here"
)
_READS_THE_SHIFTS = (
    'array-api-strict reads the values and raises ValueError for a negative shift, which '
    'the standard leaves unspecified; the profile answers as NumPy does (refusals never '
    'depend on the values)'
)
_STRICT_CHOICES = {
    'f > 1j': (
        'array-api-strict promotes a Python complex with a floating array before it looks'
        ' at the operator, so an ordering of complex numbers (which the standard does not'
        " define) gives NumPy's answer; the profile refuses it, as the standard's "
        'ordering operators take real-valued operands'
    ),
    'xp.clip(i8, 0, 1000)': (
        "array-api-strict drops a bound beyond the dtype's range; the profile keeps the "
        "default's OverflowError for a Python int the dtype cannot hold (operators raise "
        'it in both)'
    ),
    'xp.asarray(2**63)': (
        "NumPy's value-based uint64 for an int above int64, which the standard leaves "
        "unspecified; the profile keeps the default's OverflowError (the default integer "
        'dtype, int64, cannot hold it)'
    ),
    'xp.asarray(2**64)': (
        'both refuse; NumPy makes an object array, which array-api-strict refuses with '
        'TypeError; the profile raises OverflowError, the error for a Python int no dtype'
        ' holds'
    ),
    'x[...] = xp.ones((1, 4)); x': (
        "NumPy's assignment drops a value's leading axes of size 1, which the standard's "
        "rule (the value broadcasts to the selection's shape) does not; the profile "
        'follows the standard'
    ),
    'x[:2] = [1.0, 2.0]; x': (
        "both refuse a list as the value; array-api-strict's AttributeError comes from "
        "reading the list's device, the profile's TypeError names the value"
    ),
    'xp.asarray(x, copy=False) is x': (
        'both share the memory; whether the result is the same Python object the standard'
        ' does not say'
    ),
    'xp.asarray(1.5, dtype=xp.bool)': _CASTS_ACROSS_KINDS,
    'xp.sum(xp.ones(2, dtype=xp.int32, device=nox64))': (
        "array-api-strict sums int32 in NumPy's int64 and then refuses that dtype on "
        "no_x64; the standard's sum gives the default integer dtype, int32 on that "
        'device, as the profile does'
    ),
    'xp.fft.fftfreq(4, device=d2).dtype': (
        'array-api-strict keeps float64 on device2; the standard gives the default real '
        "floating dtype, which is the device's (float32 on device2), as the profile does"
    ),
    'y[xp.asarray([True, False])] = 0.0; y': (
        "array-api-strict checks the devices of a read's key but not of a write's; the "
        "profile refuses arrays of two devices in any call, as the standard's devices "
        'rule says'
    ),
    'xp.bitwise_left_shift(i, -1)': _READS_THE_SHIFTS,
    'xp.bitwise_right_shift(i, xp.asarray([-1, 1]))': _READS_THE_SHIFTS,
    'xp.floor(i) is i': (
        'array-api-strict returns its integer input itself; whether a result is a new '
        'object the standard does not say'
    ),
    'xp.cumulative_sum(xp.asarray(1))': (
        'array-api-strict hands a 0-d array to NumPy, which flattens it; the standard '
        'asks for at least one dimension, which the profile (as the default) enforces'
    ),
    'xp.full_like(i, 1.5)': _CASTS_ACROSS_KINDS,
    'xp.full_like(b, 2)': _CASTS_ACROSS_KINDS,
    'xp.full(2, 1.5, dtype=xp.int64)': _CASTS_ACROSS_KINDS,
    "xp.asarray([1], dtype='float64')": _NO_DTYPE_OF_OURS,
    'xp.asarray([1], dtype=float)': _NO_DTYPE_OF_OURS,
    'import numpy as np; xp.zeros(2, dtype=np.float64)': _NO_DTYPE_OF_OURS,
    'xp.arange(3, dtype=int)': _NO_DTYPE_OF_OURS,
    'xp.reshape(xp.permute_dims(xp.reshape(xp.arange(6), (2, 3)), (1, 0)), (6,), copy=False)': (
        'both refuse; an AttributeError from NumPy (a keyword its reshape lacks) there, '
        "the standard's ValueError, naming the axes that block a view here"
    ),
    'xp.squeeze(i, None)': (
        'both refuse; ValueError there, TypeError (axis must be an int or a tuple) here'
    ),
    'xp.roll(i, 1.0)': (
        'both refuse; ValueError there, TypeError (shift must be an int or a tuple) here'
    ),
    'xp.unstack(i, axis=1)': (
        "both refuse; the profile's AxisError is a ValueError (and an IndexError), which "
        "is what code catching array-api-strict's ValueError catches"
    ),
    'xp.full(2, 1, dtype=xp.bool)': _CASTS_ACROSS_KINDS,
    'xp.take_along_axis(i, xp.asarray([0.0]), axis=0)': (
        "both refuse; NumPy's IndexError there, TypeError (indices of a floating dtype) "
        'here'
    ),
    "xp.astype(f, 'float32')": (
        'both refuse; AttributeError (reading the string as a dtype) there, TypeError (a '
        'wrong kind of argument) here'
    ),
    'import numpy as np; xp.astype(f, np.float32)': (
        "both refuse; AttributeError (reading NumPy's type as a dtype) there, TypeError "
        '(a wrong kind of argument) here'
    ),
    'xp.finfo(xp.int8)': _NUMPY_VALUE_ERROR,
    'xp.iinfo(xp.float32)': _NUMPY_VALUE_ERROR,
    'xp.linalg.matrix_rank(v)': (
        "both refuse; NumPy's LinAlgError there, ValueError (a one-dimensional array "
        'holds no matrix) here'
    ),
    'xp.fft.fftfreq(4, dtype=xp.int64)': (
        'both refuse; ValueError there, TypeError (a dtype of the wrong kind) here'
    ),
    'f2 @ 2': (
        "both refuse; ValueError, from NumPy's matmul of a 0-d array there, TypeError: @ "
        'takes arrays only here'
    ),
}
"""What the profile "strict" answers otherwise than array-api-strict on purpose, by the
snippet's code, with the reason (NOT_EMULATED["strict"] holds them by program)."""


NOT_EMULATED: dict[str, dict[str, str]] = {
    "cupy": {},
    "strict": {},  # filled below from _STRICT_CHOICES
    "dask": {
        'x = xp.concat([xp.asarray([-3, -2, -1, 0, 1]), xp.asarray([2, 3, 4, 5, 6])]); m '
        '= x[x > 0]; xp.sort(m)': (
            'the profile holds each array in one chunk, as Dask holds data from memory up'
            ' to its chunk size (128 MiB), and Dask sorts an unknown size in one chunk; '
            'this snippet makes two chunks, from which Dask refuses'
        ),
        'x = xp.concat([xp.asarray([-3, -2, -1, 0, 1]), xp.asarray([2, 3, 4, 5, 6])]); m '
        '= x[x > 0]; xp.argsort(m)': (
            'the profile holds each array in one chunk, as Dask holds data from memory up'
            ' to its chunk size (128 MiB), and Dask sorts an unknown size in one chunk; '
            'this snippet makes two chunks, from which Dask refuses'
        ),
        'x = xp.asarray([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]); x[x > 0].size': (
            "the standard's unknown size is None, which the profile gives "
            "(array_api_compat.size gives it on Dask too); Dask's shape holds NaN, a "
            'float'
        ),
        'x = xp.asarray([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]); x[x > 0].shape[0] is None': (
            "the standard's unknown size is None, which the profile gives "
            "(array_api_compat.size gives it on Dask too); Dask's shape holds NaN, a "
            'float'
        ),
        'x = xp.asarray([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]); m = x[x > 0]; xp.stack([m, '
        'm])': (
            'Dask stacks arrays of unknown size only when their chunk sizes compare '
            'equal, which NaNs do only as one object (the same array twice); stack([m, m '
            '+ 1]) fails. The profile refuses stacking any array of unknown size'
        ),
        'x = xp.asarray([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]); m = x[x > 0]; int(m.shape[0])': (
            "the standard's unknown size is None, which the profile gives "
            "(array_api_compat.size gives it on Dask too); Dask's shape holds NaN, a "
            'float: int(None) raises TypeError where int(NaN) raises ValueError'
        ),
        'x = xp.asarray([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]); m = x[x > 0]; m.shape[0] + 1': (
            "the standard's unknown size is None, which the profile gives "
            "(array_api_compat.size gives it on Dask too); Dask's shape holds NaN, a "
            'float: None + 1 raises TypeError where NaN + 1 is NaN, silently'
        ),
        'x = xp.asarray([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]); m = x[x > 0]; '
        'xp.asarray(m.shape)': (
            "the standard's unknown size is None, which the profile gives "
            "(array_api_compat.size gives it on Dask too); Dask's shape holds NaN, a "
            'float: a shape holding None is no array, where NaN makes a float64 array '
            'silently'
        ),
        'x = xp.asarray([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]); m = x[x > 0]; '
        'xp.zeros(m.shape)': (
            "the standard's unknown size is None, which the profile gives "
            "(array_api_compat.size gives it on Dask too); Dask's shape holds NaN, a "
            'float; a None among the sizes is a TypeError naming where the size became '
            "unknown (Dask's AttributeError comes from inside its dispatch)"
        ),
        'x = xp.asarray([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]); m = x[x > 0]; '
        'xp.full(m.shape, 1)': (
            "the standard's unknown size is None, which the profile gives "
            "(array_api_compat.size gives it on Dask too); Dask's shape holds NaN, a "
            'float; a None among the sizes is a TypeError naming where the size became '
            'unknown'
        ),
        'x = xp.concat([xp.asarray([-3, -2, -1, 0, 1]), xp.asarray([2, 3, 4, 5, 6])]); m '
        '= x[x > 0]; xp.searchsorted(m, xp.asarray([3, 6, 0]))': (
            'Dask gives NaN positions, silently, from two chunks on (and float64 '
            'positions with one): the profile refuses, naming the unknown size'
        ),
        'x = xp.arange(10, 20); a = xp.reshape(xp.arange(12), (3, 4)); a[xp.asarray([[0, '
        '1], [2, 0]])]': (
            'Dask fails an internal assertion (a bare AssertionError, no API to catch); '
            'the profile raises NotImplementedError, as Dask does for its other index '
            'arrays it cannot take'
        ),
        'x = xp.arange(10, 20); a = xp.reshape(xp.arange(12), (3, 4)); a[xp.asarray([0, '
        '2]), None]': (
            'Dask fails an internal assertion (a bare AssertionError, no API to catch); '
            'the profile raises NotImplementedError, as Dask does for its other index '
            'arrays it cannot take'
        ),
        'x = xp.arange(10, 20); a = xp.reshape(xp.arange(12), (3, 4)); a[None, '
        'xp.asarray([0, 2])]': (
            'Dask fails an internal assertion (a bare AssertionError, no API to catch); '
            'the profile raises NotImplementedError, as Dask does for its other index '
            'arrays it cannot take'
        ),
        'a = xp.reshape(xp.arange(12), (3, 4)); a[xp.asarray([True, False])]': (
            "both refuse a mask of the wrong length; the profile keeps the standard's "
            "IndexError (Dask's ValueError comes from its chunk check)"
        ),
        'x = xp.asarray([0, 0, 0, 0, 0]); x[0] = 2.7; x': (
            'the namespace refuses writing a float into an integer array in every mode '
            "(it would lose data silently; the docs' table of choices)"
        ),
        'x = xp.asarray([0, 0, 0, 0, 0]); x[xp.asarray([7])] = 1; x': (
            'Dask drops an out-of-bounds write by a lazy index array silently '
            "(dask/dask#8229); the profile keeps NumPy's IndexError rather than lose a "
            'write'
        ),
        'x = xp.asarray([1.5, -2.0, 3.0]); bool(x > 0)': (
            'the namespace refuses it in every mode (only a 0-d array converts to a '
            'Python scalar, with TypeError); being as lenient as Dask would hide code '
            'that fails on NumPy 2 and the others'
        ),
        'x = xp.asarray([1.5, -2.0, 3.0]); float(xp.asarray([1.5]))': (
            'the namespace refuses it in every mode (only a 0-d array converts to a '
            'Python scalar, with TypeError); being as lenient as Dask would hide code '
            'that fails on NumPy 2 and the others'
        ),
        'x = xp.asarray([1.5, -2.0, 3.0]); float(xp.reshape(x, (3, 1))[:1])': (
            'the namespace refuses it in every mode (only a 0-d array converts to a '
            'Python scalar, with TypeError); being as lenient as Dask would hide code '
            'that fails on NumPy 2 and the others'
        ),
        'x = xp.asarray([1.5, -2.0, 3.0]); bool(xp.asarray([], dtype=xp.bool))': (
            'the namespace refuses it in every mode (only a 0-d array converts to a '
            'Python scalar, with TypeError); being as lenient as Dask would hide code '
            'that fails on NumPy 2 and the others'
        ),
        'x = xp.asarray([1.0, 2.0, 3.0]); computes(lambda: float(x[:1]))': (
            'the namespace refuses it in every mode (only a 0-d array converts to a '
            'Python scalar, with TypeError); being as lenient as Dask would hide code '
            'that fails on NumPy 2 and the others'
        ),
        'x = xp.asarray([[1, 2], [3, 4]]); x.device': (
            'Dask arrays lack the attribute, but portable code reaches it through '
            'array_api_compat.device(x), which works on Dask; refusing it would be a '
            'false alarm on such code'
        ),
        "x = xp.asarray([[1, 2], [3, 4]]); x.to_device('cpu')": (
            'Dask arrays lack the method, but portable code calls '
            'array_api_compat.to_device(x, device), which works on Dask; refusing it '
            'would be a false alarm on such code'
        ),
        'x = xp.asarray([[1, 2], [3, 4]]); x.mT': (
            "Dask arrays lack the attribute, but array_api_compat's matrix_transpose "
            "works on Dask; the array object keeps the standard's attribute"
        ),
        'x = xp.asarray([[1, 2], [3, 4]]); type(x.__dlpack__()).__name__': (
            "Dask arrays lack the method; the array object keeps the standard's "
            'interchange protocol, which other libraries call on our arrays'
        ),
        'x = xp.asarray([[1, 2], [3, 4]]); x.__array_namespace__().__name__': (
            'Dask arrays lack the method, but portable code finds the namespace through '
            'array_api_compat.array_namespace(x), which works on Dask'
        ),
        "xp.unique_values(xp.asarray([float('nan'), float('nan'), 1.0]))": (
            'Dask keeps one NaN among the unique values, where the standard and NumPy '
            "keep each; the profile keeps the standard's answer"
        ),
    },
    "jax": {
        "xp.where(xp.asarray([True, False]), 1.0, 2.0)": (
            "the standard asks for an array among x1 and x2, and the namespace refuses two "
            "Python scalars in every mode; NumPy and PyTorch take them too, so whether the "
            "default should is a question of its own, not the profile's"
        ),
    },
    "torch": {
        "x = xp.reshape(xp.arange(4.0), (2, 2)); x -= x[:, :1]; x": (
            "PyTorch writes each element in turn and reads the column it has already "
            "changed (its overlap check does not look at strided values); the profile "
            "gives NumPy's answer rather than one that depends on a kernel's order"
        ),
    },
}
NOT_EMULATED["strict"] = {snippet.program: _STRICT_CHOICES[snippet.code]
                          for snippet in SNIPPETS["strict"] if snippet.code in _STRICT_CHOICES}
"""The snippets on which a profile knowingly answers otherwise than its library, and why."""
