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

from typing import NamedTuple


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
    return snippets


SNIPPETS = {"torch": _torch(), "jax": _jax()}
"""Each profile's snippets."""

NOT_EMULATED: dict[str, dict[str, str]] = {
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
