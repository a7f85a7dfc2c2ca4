"""Hypothesis strategies for small layouts and for the shapes they can be reshaped to."""

from __future__ import annotations

import math

from hypothesis import strategies as st

from array_api_reshape._tables._layout import Layout, extent

MAX_NDIM = 5
MAX_SIDE = 4


@st.composite
def small_layouts(draw, max_ndim=MAX_NDIM, max_side=MAX_SIDE, max_stride=7):
    """Layouts with negative, zero and overlapping strides, size-1 and size-0 axes, and an
    offset that keeps every address non-negative (plus some slack)."""
    ndim = draw(st.integers(0, max_ndim))
    shape = tuple(draw(st.lists(st.integers(0, max_side), min_size=ndim, max_size=ndim)))
    strides = tuple(
        draw(st.lists(st.integers(-max_stride, max_stride), min_size=ndim, max_size=ndim))
    )
    base = Layout(shape, strides, 0)
    bounds = extent(base)
    lowest = bounds[0] if bounds else 0
    offset = -lowest + draw(st.integers(0, 3))
    return Layout(shape, strides, offset)


def buffer_size_for(layout):
    """The smallest buffer that holds every address of ``layout``."""
    bounds = extent(layout)
    return 0 if bounds is None else bounds[1] + 1


@st.composite
def factorisations_of(draw, size, max_ndim=6):
    """Shapes holding exactly ``size`` elements, with size-1 axes sprinkled in."""
    if size == 0:
        ndim = draw(st.integers(1, max_ndim))
        shape = draw(st.lists(st.integers(0, 5), min_size=ndim, max_size=ndim))
        zero_at = draw(st.integers(0, ndim - 1))
        shape[zero_at] = 0
        return tuple(shape)
    factors = []
    remaining = size
    while remaining > 1 and len(factors) < max_ndim - 1:
        divisors = [d for d in range(2, remaining + 1) if remaining % d == 0]
        d = draw(st.sampled_from(divisors))
        factors.append(d)
        remaining //= d
    if remaining > 1:
        factors.append(remaining)
    factors = draw(st.permutations(factors))
    shape = list(factors)
    for _ in range(draw(st.integers(0, 2))):
        shape.insert(draw(st.integers(0, len(shape))), 1)
    assert math.prod(shape) == size
    return tuple(shape)
