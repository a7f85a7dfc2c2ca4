"""
A user's script, kept as a test: tests/test_typing.py runs mypy on it and expects no error.

It uses the namespace as array-API code does (operators, indexing, attributes, the linalg
and fft extensions, the layout extras) and states the types it expects by annotating
variables, so that mypy checks them without ``reveal_type``. It also runs: the test
suite executes it, so it stays a real script.
"""

from __future__ import annotations

import array_api_reshape as xp
from array_api_reshape import layout

a: xp.Array = xp.reshape(xp.asarray([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), (2, 3))
b: xp.Array = xp.asarray([[4.0, 3.0, 2.0], [1.0, 0.0, -1.0]])
square: xp.Array = xp.asarray([[2.0, 1.0], [1.0, 3.0]])

# attributes
n: int = a.ndim
s: tuple[int, ...] = a.shape
is_real: bool = xp.isdtype(a.dtype, "real floating")
device = a.device
assert device == xp.asarray(0).device
transposed: xp.Array = a.T
matrix_transposed: xp.Array = a.mT
size: int | None = a.size

# operators: arithmetic, reflected, matrix product, unary, comparisons, in place
total: xp.Array = a + a
doubled: xp.Array = a * 2
reflected: xp.Array = 2 - a
product: xp.Array = a @ b.mT
negated: xp.Array = -a
below: xp.Array = a < 1
same: xp.Array = a == b
different: xp.Array = a != b
halves: xp.Array = a / 2.0
powers: xp.Array = a**2
accumulated = xp.asarray([[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
accumulated += a
accumulated *= 2

# indexing: an integer, slices with a new axis, a boolean mask
row: xp.Array = a[0]
column: xp.Array = a[1:, None]
mask: xp.Array = a > 2.0
selected: xp.Array = a[mask]
element: xp.Array = a[0, 1]
everything: xp.Array = a[...]

# namespace functions
flat: xp.Array = xp.reshape(a, (6,))
summed: xp.Array = xp.sum(a, axis=0)
stacked: xp.Array = xp.stack([a, b])
inverse: xp.Array = xp.linalg.inv(square)
spectrum: xp.Array = xp.fft.fft(xp.asarray([1.0 + 0j, 0j, -1.0 + 0j, 0j]))
as_float: float = float(xp.sum(a))
as_bool: bool = bool(xp.all(a > 0))

# layout extras
strides: tuple[int, ...] = layout.strides(a)
explanation: layout.ReshapeExplanation = layout.explain_reshape(a.T, (6,))
is_view: bool = explanation.is_view
blocking: tuple[int, int] | None = explanation.blocking_axes
can_view: bool = layout.can_reshape_without_copy(a, (3, 2))

assert is_real and a.dtype == xp.float64
assert n == 2 and s == (2, 3) and row.shape == (3,) and column.shape == (1, 1, 3)
assert selected.shape == (4,) and not is_view and blocking == (0, 1) and can_view
assert float(xp.sum(accumulated)) == 2 * as_float
