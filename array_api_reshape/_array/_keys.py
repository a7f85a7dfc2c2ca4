"""
What kind of indexing key a key is: the one classification behind ``x[key]``,
``x[key] = value`` and ``select``.

The fast paths of ``Array.__getitem__`` and ``Array.__setitem__`` act on the kinds they
know (one int, one plain slice, a plain basic tuple, an index array NumPy reads as the
standard does) and ``select`` (``_indexing``) turns every key into a target starting from
the same answer, so the two can never disagree on what a key is. Our arrays are
recognised as keys by the class of the array indexed, which the caller hands over: this
module sits below the array object and never imports it.
"""

from __future__ import annotations

from typing import Any

from .._tables._dtypes import ALL_DTYPES, DType, is_kind
from .._tables._dtypes import bool as _BOOL
from .._tables import _records

KEY_OTHER = 0
"""Any other key: the general path's normal form (``basic_key``) or an advanced key."""
KEY_INT = 1
"""One Python int, of an array with at least one axis."""
KEY_SLICE = 2
"""One slice whose bounds are ints or None and whose step is not zero (the normal form),
of an array with at least one axis."""
KEY_BASIC = 3
"""A tuple of ints, plain slices, None and at most one Ellipsis: a basic key already in
the normal form ``basic_key`` gives."""
KEY_MASK = 4
"""One boolean array of the indexed array's whole shape."""
KEY_LEADING_MASK = 5
"""One boolean array of some (not all) of the indexed array's leading axes."""
KEY_POSITIONS = 6
"""One one-dimensional array of integers: positions along the first axis."""

_INTEGER_INDEXES = frozenset(
    dtype.index for dtype in ALL_DTYPES if is_kind(dtype, "integer")
)
"""The integer dtypes (by index), whose arrays index positions."""


def is_plain_slice(part: slice) -> bool:
    """True when ``part``'s bounds are ints or None and its step is not zero."""
    start, stop, step = part.start, part.stop, part.step
    return (
        (start is None or type(start) is int)
        and (stop is None or type(stop) is int)
        and (step is None or (type(step) is int and step != 0))
    )


def _is_plain_basic_key(key: tuple) -> bool:
    ellipses = 0
    for item in key:
        item_class = type(item)
        if item_class is slice:
            if not is_plain_slice(item):
                return False
        elif item is Ellipsis:
            ellipses += 1
        elif item_class is not int and item is not None:
            return False
    return ellipses < 2


def classify_key(shape: tuple, key: Any, array_class: type) -> int:
    """The kind (``KEY_INT``, ``KEY_SLICE``, ...) of ``key`` for an array of ``shape``
    whose class, ``array_class``, is also the class of the arrays a key may hold."""
    key_class = type(key)
    if key_class is int:
        return KEY_INT if shape else KEY_OTHER
    if key_class is slice:
        return KEY_SLICE if shape and is_plain_slice(key) else KEY_OTHER
    if key_class is tuple:
        return KEY_BASIC if _is_plain_basic_key(key) else KEY_OTHER
    if key_class is array_class:
        return classify_index(shape, _records.first_of(key._layout), key._dtype)
    return KEY_OTHER


def classify_index(shape: tuple, index_shape: tuple, index_dtype: DType) -> int:
    """The kind (``KEY_MASK``, ``KEY_LEADING_MASK``, ``KEY_POSITIONS`` or ``KEY_OTHER``) of
    an index array of ``index_shape`` and ``index_dtype`` for an array of ``shape``:
    ``classify_key``'s answer for an array key, given its fields (the compiled array
    object reads them in C)."""
    if index_dtype is _BOOL:
        if index_shape == shape:
            return KEY_MASK
        if 0 < len(index_shape) < len(shape) and shape[:len(index_shape)] == index_shape:
            return KEY_LEADING_MASK
    elif len(index_shape) == 1 and shape and index_dtype.index in _INTEGER_INDEXES:
        return KEY_POSITIONS
    return KEY_OTHER
