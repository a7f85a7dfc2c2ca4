"""
A user's script, kept as a test: tests/tooling/test_typing.py runs mypy on it and expects no error.

It uses the namespace as array-API code does (operators, indexing, attributes, the linalg
and fft extensions, the layout extras) and states the types it expects by annotating
variables, so that mypy checks them without ``reveal_type``. It also runs: the test
suite executes it, so it stays a real script.
"""

from __future__ import annotations

import operator

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

# operators: every one, as a user writes them; each gives an array
integers: xp.Array = xp.asarray([[1, 2, 3], [4, 5, 6]])
total: xp.Array = a + a
difference: xp.Array = a - 1
doubled: xp.Array = a * 2
halves: xp.Array = a / 2.0
floored: xp.Array = a // 2
remainders: xp.Array = a % 2
powers: xp.Array = a**2
reflected: xp.Array = 2 - a
reflected_sum: xp.Array = 1 + a
reflected_product: xp.Array = 3 * a
reflected_quotient: xp.Array = 1.0 / b
reflected_floor: xp.Array = 7 // integers
reflected_remainder: xp.Array = 7 % integers
reflected_power: xp.Array = 2.0**a
product: xp.Array = a @ b.mT
negated: xp.Array = -a
positive: xp.Array = +a
absolute: xp.Array = abs(b)
inverted: xp.Array = ~integers
masked_bits: xp.Array = integers & 3
either_bits: xp.Array = integers | 8
other_bits: xp.Array = integers ^ 1
shifted_left: xp.Array = integers << 1
shifted_right: xp.Array = integers >> 1
reflected_bits: xp.Array = 3 & integers | 4 ^ integers
reflected_shifts: xp.Array = (1 << integers) + (64 >> integers)
below: xp.Array = a < 1
at_most: xp.Array = a <= 1
above: xp.Array = a > 1
at_least: xp.Array = a >= 1
same: xp.Array = a == b
different: xp.Array = a != b
accumulated = xp.asarray([[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
accumulated += a
accumulated -= 1
accumulated *= 2
accumulated /= 2
accumulated += 1
accumulated *= 2
counts = xp.asarray([[8, 9, 10], [11, 12, 13]])
counts //= 2
counts %= 5
counts **= 2
counts &= 15
counts |= 16
counts ^= 1
counts <<= 1
counts >>= 1
rotated = xp.asarray([[1.0, 0.0], [0.0, 1.0]])
rotated @= square
truth: bool = bool(a[0, 0] > 0)
as_int: int = int(integers[0, 0])
as_real: float = float(a[0, 0])
as_complex: complex = complex(a[0, 0])
position: int = operator.index(integers[1, 1])
picked: float = [10.0, 20.0, 30.0, 40.0, 50.0, 60.0][integers[1, 1]]

# indexing: an integer, slices with a new axis, a boolean mask
row: xp.Array = a[0]
column: xp.Array = a[1:, None]
mask: xp.Array = a > 2.0
selected: xp.Array = a[mask]
element: xp.Array = a[0, 1]
everything: xp.Array = a[...]

# namespace functions: every public function of the namespace and its extensions, once
version: str = xp.__array_api_version__
constants: list[float] = [xp.e, xp.inf, xp.nan, xp.pi]
with_new_axis: xp.Array = a[xp.newaxis]
vector = xp.asarray([1.0, 2.0, 3.0])
positive_values = xp.asarray([[0.5, 0.25, 0.75], [0.1, 0.2, 0.3]])

# creation
counting: xp.Array = xp.arange(0, 6, 1)
blank: xp.Array = xp.empty((2, 3))
blank_like: xp.Array = xp.empty_like(a)
identity: xp.Array = xp.eye(3, k=0)
imported: xp.Array = xp.from_dlpack(a)
filled: xp.Array = xp.full((2, 2), 7.0)
filled_like: xp.Array = xp.full_like(a, 1.5)
spaced: xp.Array = xp.linspace(0.0, 1.0, 5)
grid_x, grid_y = xp.meshgrid(vector, vector, indexing="xy")
ones: xp.Array = xp.ones((3,), dtype=xp.float32)
ones_like: xp.Array = xp.ones_like(a)
lower: xp.Array = xp.tril(a)
upper: xp.Array = xp.triu(a, k=1)
nothing: xp.Array = xp.zeros((2, 3), dtype=xp.int16)
nothing_like: xp.Array = xp.zeros_like(a)

# data types
single: xp.Array = xp.astype(a, xp.float32)
castable: bool = xp.can_cast(xp.int8, xp.int32)
epsilon: float = xp.finfo(xp.float64).eps
largest: int = xp.iinfo(xp.uint8).max
is_integral: bool = xp.isdtype(xp.int64, "integral")
promoted = xp.result_type(xp.int8, xp.uint16, xp.bool)
every_dtype = [xp.bool, xp.int8, xp.int16, xp.int32, xp.int64, xp.uint8, xp.uint16, xp.uint32,
               xp.uint64, xp.float32, xp.float64, xp.complex64, xp.complex128]

# element-wise
unit = xp.asarray([0.5, -0.25])
above_one = xp.asarray([1.5, 2.0])
complex_values = xp.asarray([1.0 + 2.0j, -1.0j])
unary: list[xp.Array] = [
    xp.abs(a), xp.acos(unit), xp.acosh(above_one), xp.asin(unit), xp.asinh(a), xp.atan(a),
    xp.atanh(unit), xp.bitwise_invert(integers), xp.ceil(a), xp.conj(complex_values),
    xp.cos(a), xp.cosh(a), xp.exp(a), xp.expm1(a), xp.floor(a), xp.imag(complex_values),
    xp.isfinite(a), xp.isinf(a), xp.isnan(a), xp.log(positive_values),
    xp.log1p(positive_values), xp.log2(positive_values), xp.log10(positive_values),
    xp.logical_not(a > 2), xp.negative(a), xp.positive(a), xp.real(complex_values),
    xp.reciprocal(positive_values), xp.round(a), xp.sign(b), xp.signbit(b), xp.sin(a),
    xp.sinh(a), xp.square(a), xp.sqrt(positive_values), xp.tan(a), xp.tanh(a), xp.trunc(b),
]
binary: list[xp.Array] = [
    xp.add(a, b), xp.atan2(a, b), xp.bitwise_and(integers, 3),
    xp.bitwise_left_shift(integers, 1), xp.bitwise_or(integers, 1),
    xp.bitwise_right_shift(integers, 1), xp.bitwise_xor(integers, 5),
    xp.clip(a, 1.0, 4.0), xp.copysign(a, b), xp.divide(a, 2.0), xp.equal(a, b),
    xp.floor_divide(a, 2.0), xp.greater(a, b), xp.greater_equal(a, b), xp.hypot(a, b),
    xp.less(a, b), xp.less_equal(a, b), xp.logaddexp(a, b), xp.logical_and(a > 1, b > 1),
    xp.logical_or(a > 1, b > 1), xp.logical_xor(a > 1, b > 1), xp.maximum(a, b),
    xp.minimum(a, b), xp.multiply(a, b), xp.nextafter(a, b), xp.not_equal(a, b),
    xp.pow(a, 2.0), xp.remainder(a, 2.0), xp.subtract(a, b),
]

# indexing, linear algebra, manipulation
taken: xp.Array = xp.take(vector, xp.asarray([2, 0]))
taken_along: xp.Array = xp.take_along_axis(a, xp.asarray([[0], [2]]), axis=1)
info = xp.__array_namespace_info__()
default_float = info.default_dtypes()["real floating"]
matrix_product: xp.Array = xp.matmul(a, b.mT)
swapped: xp.Array = xp.matrix_transpose(a)
contracted: xp.Array = xp.tensordot(a, b, axes=2)
dotted: xp.Array = xp.vecdot(a, b)
broadcast_pair = xp.broadcast_arrays(a, vector)
common_shape: tuple[int | None, ...] = xp.broadcast_shapes((2, 1), (1, 3))
broadcast: xp.Array = xp.broadcast_to(vector, (2, 3))
joined: xp.Array = xp.concat([a, b], axis=0)
expanded: xp.Array = xp.expand_dims(a, axis=0)
flipped: xp.Array = xp.flip(a)
moved: xp.Array = xp.moveaxis(expanded, 0, -1)
permuted: xp.Array = xp.permute_dims(a, (1, 0))
repeated: xp.Array = xp.repeat(vector, 2)
reshaped: xp.Array = xp.reshape(a, (3, 2), copy=None)
rolled: xp.Array = xp.roll(vector, 1)
squeezed: xp.Array = xp.squeeze(expanded, axis=0)
stacked: xp.Array = xp.stack([a, b])
tiled: xp.Array = xp.tile(vector, (2,))
rows = xp.unstack(a)

# searching, sets, sorting, statistics, utilities
largest_at: xp.Array = xp.argmax(a)
smallest_at: xp.Array = xp.argmin(a, axis=1)
nonzero_count: xp.Array = xp.count_nonzero(b)
nonzero_positions = xp.nonzero(b)
inserted_at: xp.Array = xp.searchsorted(vector, xp.asarray([2.5]))
chosen: xp.Array = xp.where(a > 2, a, b)
member: xp.Array = xp.isin(a, vector)
everything_unique = xp.unique_all(a)
unique_counts = xp.unique_counts(a)
unique_inverse = xp.unique_inverse(a)
unique: xp.Array = xp.unique_values(a)
order: xp.Array = xp.argsort(b, axis=1)
in_order: xp.Array = xp.sort(b, axis=1, descending=True)
running_product: xp.Array = xp.cumulative_prod(vector)
running_sum: xp.Array = xp.cumulative_sum(vector, include_initial=True)
maximum: xp.Array = xp.max(a)
average: xp.Array = xp.mean(a, axis=0)
minimum: xp.Array = xp.min(a)
multiplied: xp.Array = xp.prod(a)
deviation: xp.Array = xp.std(a, correction=1)
summed: xp.Array = xp.sum(a, axis=0)
variance: xp.Array = xp.var(a)
all_positive: xp.Array = xp.all(a > 0)
any_large: xp.Array = xp.any(a > 5)
steps: xp.Array = xp.diff(vector)
as_float: float = float(xp.sum(a))
as_bool: bool = bool(xp.all(a > 0))

# linalg
spd = xp.asarray([[4.0, 1.0], [1.0, 3.0]])
linalg_results = [
    xp.linalg.cholesky(spd), xp.linalg.cross(vector, vector), xp.linalg.det(spd),
    xp.linalg.diagonal(spd), xp.linalg.eigvals(spd), xp.linalg.eigvalsh(spd),
    xp.linalg.matmul(spd, spd), xp.linalg.matrix_norm(spd), xp.linalg.matrix_power(spd, 2),
    xp.linalg.matrix_rank(spd), xp.linalg.matrix_transpose(spd), xp.linalg.outer(vector, vector),
    xp.linalg.pinv(spd), xp.linalg.solve(spd, spd), xp.linalg.svdvals(spd),
    xp.linalg.tensordot(spd, spd, axes=1), xp.linalg.trace(spd), xp.linalg.vecdot(spd, spd),
    xp.linalg.vector_norm(vector),
]
eigenvalues, eigenvectors = xp.linalg.eig(spd)
symmetric_eigen = xp.linalg.eigh(spd)
inverse: xp.Array = xp.linalg.inv(square)
q, r = xp.linalg.qr(spd)
sign, log_determinant = xp.linalg.slogdet(spd)
u, singular_values, vh = xp.linalg.svd(spd)

# fft
signal = xp.asarray([1.0 + 0j, 0j, -1.0 + 0j, 0j])
spectrum: xp.Array = xp.fft.fft(signal)
fft_results: list[xp.Array] = [
    xp.fft.ifft(spectrum), xp.fft.fftn(signal), xp.fft.ifftn(signal),
    xp.fft.rfft(vector), xp.fft.irfft(spectrum), xp.fft.rfftn(vector), xp.fft.irfftn(spectrum),
    xp.fft.hfft(spectrum), xp.fft.ihfft(vector), xp.fft.fftfreq(4), xp.fft.rfftfreq(4, d=0.5),
    xp.fft.fftshift(vector), xp.fft.ifftshift(vector),
]

# layout extras
strides: tuple[int, ...] = layout.strides(a)
offset: int = layout.offset(a[1:])
contiguous: bool = layout.is_contiguous(a.T, order="F")
compact: xp.Array = layout.ascontiguous(a.T)
shared: bool = layout.shares_memory(a, a[0])
column_major: xp.Array = layout.reshape(a, (3, 2), order="F")
growing = xp.zeros((2, 2))
layout.resize_inplace(growing, (3, 3))
picture: layout.LayoutDiagram = layout.diagram(a)
reshape_picture: layout.LayoutDiagram = layout.reshape_diagram(a.T, (6,))
explanation: layout.ReshapeExplanation = layout.explain_reshape(a.T, (6,))
is_view: bool = explanation.is_view
blocking: tuple[int, int] | None = explanation.blocking_axes
can_view: bool = layout.can_reshape_without_copy(a, (3, 2))

assert is_real and a.dtype == xp.float64
assert n == 2 and s == (2, 3) and row.shape == (3,) and column.shape == (1, 1, 3)
assert selected.shape == (4,) and not is_view and blocking == (0, 1) and can_view
assert float(xp.sum(accumulated)) == 2 * as_float
assert truth and as_int == 1 and as_real == 1.0 and as_complex == 1.0 and position == 5
assert len(unary) == 38 and len(binary) == 29 and len(linalg_results) == 19
assert offset == 3 and contiguous and shared and growing.shape == (3, 3)
assert picked == 60.0 and bool(xp.all(rotated == square))
assert counts.dtype == xp.int64 and bool(xp.all(inverted == -integers - 1))
