"""
Indexing kernels: writing through a basic target, and gathering from or scattering into
the elements an advanced key (index arrays, a boolean mask) selects.

``_array/_indexing.select`` decides what a key selects; these functions move the
elements, with NumPy's index errors put in our words.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from .._tables._layout import Layout
from ._numpy_views import ArrayObject, Elements, _elements, numpy_view


def write(x: ArrayObject, layout: Layout, value: Any) -> None:
    """Write ``value`` (our array or a scalar of ``scalar_of_dtype``, already checked)
    into the elements of ``x``'s storage that ``layout`` selects, in one call. The
    target is reached through the storage (or ``x``'s cached view, when the layout is
    its own), not through ``_numpy()``: a write is not a read."""
    target = x._np_view if layout is x._layout else None
    if target is None:
        target = numpy_view(x._storage, layout, x._dtype.dtype)
    np.copyto(target, _elements(value), casting="unsafe")


def index_key(items: tuple, operation: str) -> tuple:
    """An advanced key's items for NumPy: lists and our arrays (already checked for an
    integer or bool dtype) as index arrays; IndexError naming ``operation`` for any other
    array whose dtype is neither."""
    converted = []
    for item in items:
        if isinstance(item, list):
            item = np.asarray(item)
            if item.size == 0:
                item = item.astype(np.intp)
        elif hasattr(item, "_layout"):
            item = item._numpy()
        converted.append(item)
    for item in converted:
        kind = getattr(getattr(item, "dtype", None), "kind", None)
        if kind is not None and kind not in "iub":
            raise IndexError(
                f"{operation}(): arrays used as indices must have an integer or bool "
                f"dtype, got {item.dtype}"
            )
    return tuple(converted)


_OUT_OF_BOUNDS = re.compile(r"index (-?\d+) is out of bounds for axis (\d+) with size (\d+)")


def _indexing_error(error: IndexError, function: str) -> IndexError:
    message = str(error)
    found = _OUT_OF_BOUNDS.search(message)
    if found:
        index, axis, size = found.groups()
        return IndexError(
            f"{function}(): index {index} in an index array is out of range for axis "
            f"{axis} of size {size}"
        )
    if "shape mismatch" in message or "broadcast" in message:
        return IndexError(f"{function}(): the index arrays do not broadcast to one shape")
    if "boolean index did not match" in message or "too many indices" in message:
        return IndexError(
            f"{function}(): the boolean mask does not match the leading dimensions of the array"
        )
    return IndexError(f"{function}(): {message}")


def gather(x: Elements, key: tuple) -> np.ndarray:
    """``x[key]`` for an advanced key of ``index_key``: always a new array."""
    try:
        return np.asarray(x._numpy()[key])
    except IndexError as error:
        raise _indexing_error(error, "__getitem__") from None


def masked(x: Elements, mask: Elements) -> np.ndarray:
    """The elements of array ``x`` where the bool array ``mask``, of the same shape, is
    true (a new array)."""
    return x._numpy()[mask._numpy()]


def scatter(x: ArrayObject, key: tuple, value: Any) -> None:
    """``x[key] = value`` for an advanced key of ``index_key`` (``value`` as for ``write``);
    NumPy checks everything before writing. The target is not read, so it is reached
    through its storage, not through ``_numpy()`` (the reads the views modes watch)."""
    target = x._np_view
    if target is None:
        target = numpy_view(x._storage, x._layout, x._dtype.dtype)
    try:
        target[key] = _elements(value)
    except IndexError as error:
        raise _indexing_error(error, "__setitem__") from None
    except ValueError:
        raise ValueError(
            "__setitem__(): the value does not broadcast to the shape the index selects"
        ) from None
