"""
A deliberately naive model of strided layouts, the oracle for the layout algebra.

It lists every element's buffer address in logical order; two layouts hold the same
elements in the same order exactly when the lists are equal.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from array_api_reshape._tables._layout import fits_in_buffer


def element_addresses(shape, strides, offset, order="C"):
    """Buffer addresses of all elements, read in row-major (C) or column-major (F) order."""
    if order == "F":
        return element_addresses(shape[::-1], strides[::-1], offset)
    return [
        offset + sum(i * s for i, s in zip(index, strides))
        for index in itertools.product(*(range(n) for n in shape))
    ]


def addresses_of(layout, order="C"):
    return element_addresses(layout.shape, layout.strides, layout.offset, order)


def address_array(layout):
    """The addresses as a NumPy array of the layout's shape: NumPy's view operations on it
    say where each element of a derived view must be."""
    return np.array(addresses_of(layout), dtype=np.int64).reshape(layout.shape)


def _unit_position(shape, axis, order):
    """Linear position, in reading order, of the element one step along ``axis``."""
    later = shape[axis + 1 :] if order == "C" else shape[:axis]
    return math.prod(later)


def a_view_exists(layout, new_shape, order="C"):
    """Direct search: a view must put each new axis's unit step at a fixed address distance.

    Those distances are read off the old element sequence; the view exists exactly when
    the strides they define reproduce that sequence.
    """
    old = addresses_of(layout, order)
    if not old:
        return True
    candidate = tuple(
        old[_unit_position(new_shape, k, order)] - old[0] if n > 1 else 0
        for k, n in enumerate(new_shape)
    )
    return element_addresses(new_shape, candidate, old[0], order) == old


def assert_same_elements(result, expected_addresses: np.ndarray, buffer_size: int):
    """``result`` lists ``expected_addresses`` and stays inside a buffer of ``buffer_size``."""
    assert result.shape == expected_addresses.shape
    assert address_array(result).tolist() == expected_addresses.tolist()
    assert fits_in_buffer(result, buffer_size)
