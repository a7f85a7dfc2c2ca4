"""NumPy views with non-trivial layouts (steps of either sign, padding, transposes), for
the array-layer tests: each element holds a distinct value, so misplaced elements show;
and the checks those tests share (a result is NumPy's view, a failed call changed nothing)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import array_api_reshape as xp
from array_api_reshape import layout

NUMPY_DTYPES = (
    np.bool_, np.int8, np.int64, np.uint16, np.float32, np.float64, np.complex128,
)


def distinct_values(size: int, dtype) -> np.ndarray:
    """1, 2, 3, ... in ``dtype`` (bool alternates) so that misplaced elements show."""
    values = np.arange(1, size + 1)
    if np.dtype(dtype) == np.bool_:
        return values % 2 == 0
    return values.astype(dtype)


@dataclass(frozen=True)
class Recipe:
    """How to build a NumPy view with a non-trivial layout over a fresh base array."""

    base_shape: tuple[int, ...]
    dtype: np.dtype
    index: tuple[slice, ...]
    perm: tuple[int, ...]

    def build(self) -> tuple[np.ndarray, np.ndarray]:
        size = int(np.prod(self.base_shape))
        base = distinct_values(size, self.dtype).reshape(self.base_shape)
        return base, base[self.index + (Ellipsis,)].transpose(self.perm)


@st.composite
def recipes(draw, shape=None, min_dims=0, max_dims=4, min_side=0, max_side=5,
            dtypes=NUMPY_DTYPES):
    """Views of the given (or a drawn) shape: sliced with steps of any sign, transposed."""
    if shape is None:
        shape = draw(hnp.array_shapes(min_dims=min_dims, max_dims=max_dims,
                                      min_side=min_side, max_side=max_side))
    ndim = len(shape)
    perm = tuple(draw(st.permutations(range(ndim))))
    inner_shape = [0] * ndim
    for position, axis in enumerate(perm):
        inner_shape[axis] = shape[position]
    base_shape, index = [], []
    for n in inner_shape:
        step = draw(st.sampled_from([1, 1, 2, 3, -1, -2]))
        pad = draw(st.integers(0, 2))
        side = n * abs(step) + pad
        skip = draw(st.integers(0, pad))
        if n == 0:
            index.append(slice(skip, skip, step))
        else:
            start = skip if step > 0 else side - 1 - skip
            stop = start + n * step
            index.append(slice(start, None if stop < 0 else stop, step))
        base_shape.append(side)
    dtype = np.dtype(draw(st.sampled_from(dtypes)))
    recipe = Recipe(tuple(base_shape), dtype, tuple(index), perm)
    assert recipe.build()[1].shape == tuple(shape)
    return recipe


def assert_same_view(result, expected: np.ndarray, x=None) -> None:
    """``result`` is an Array holding NumPy's ``expected`` elements at the same addresses,
    and, given ``x``, a view of ``x`` of its dtype."""
    assert isinstance(result, xp.Array)
    got = np.asarray(result)
    assert result.shape == expected.shape
    assert got.dtype == expected.dtype
    if x is not None:
        assert result.dtype == x.dtype
    np.testing.assert_array_equal(got, expected)
    if expected.size:
        if x is not None:
            assert layout.shares_memory(result, x)
        assert got.__array_interface__["data"][0] == expected.__array_interface__["data"][0]
        for n, got_stride, expected_stride in zip(expected.shape, got.strides, expected.strides):
            if n > 1:
                assert got_stride == expected_stride


def snapshot(x) -> tuple:
    """Everything a failed call must leave as it was."""
    return x.shape, layout.strides(x), layout.offset(x), np.array(np.asarray(x), copy=True)


def assert_unchanged(x, before: tuple) -> None:
    shape, strides, offset, values = before
    assert (x.shape, layout.strides(x), layout.offset(x)) == (shape, strides, offset)
    np.testing.assert_array_equal(np.asarray(x), values)
