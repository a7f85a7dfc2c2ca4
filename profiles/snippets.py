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
            "cupy": [snippet for snippet, _ in READ["cupy"]]}
"""Each profile's snippets."""

NOT_EMULATED: dict[str, dict[str, str]] = {
    "cupy": {},
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
"""The snippets on which a profile knowingly answers otherwise than its library, and why."""
