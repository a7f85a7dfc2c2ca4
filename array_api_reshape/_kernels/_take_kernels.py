"""
Take kernels: elements of an array at integer positions along one axis (take) and picked
position by position along one axis (take_along_axis).

Negative positions count back from the end; a position out of range is an IndexError
raised here, before NumPy sees it. Each kernel returns a new NumPy array.
"""

from __future__ import annotations

import numpy as np

from . import _piecewise_kernels as piecewise
from ._operand_kernels import Elements


def _check_index_range(indices: np.ndarray, size: int, function: str) -> None:
    if indices.size == 0:
        return
    low, high = int(indices.min()), int(indices.max())
    if low < -size or high >= size:
        bad = low if low < -size else high
        raise IndexError(
            f"{function}(): index {bad} is out of range for an axis of size {size}"
        )


def taken(x: Elements, indices: Elements | int, axis: int) -> np.ndarray:
    """Elements of ``x`` at ``indices`` (a one-dimensional integer array, or one int that
    drops the axis) along ``axis``."""
    view = x._numpy()
    positions = np.asarray(indices if isinstance(indices, int) else indices._numpy())
    _check_index_range(positions, view.shape[axis], "take")
    return np.asarray(np.take(view, positions, axis=axis))


def taken_along_axis(x: Elements, indices: Elements, axis: int) -> np.ndarray:
    """Elements of ``x`` picked per position by ``indices`` (an integer array of ``x``'s
    rank, broadcasting with ``x`` outside ``axis``) along ``axis``."""
    view, positions = x._numpy(), indices._numpy()
    _check_index_range(positions, view.shape[axis], "take_along_axis")
    try:
        return np.take_along_axis(view, positions, axis=axis)
    except ValueError:
        raise ValueError(
            f"take_along_axis(): 'indices' of shape {positions.shape} does not broadcast "
            f"with 'x' of shape {view.shape} outside axis {axis}"
        ) from None


_GRIDS: dict[tuple[tuple[int, ...], int], list[np.ndarray | None]] = {}
"""``_grids``' answers, by shape and axis (a few shapes recur in a loop)."""

_MOST_GRIDS = 64
"""How many shapes' grids ``_GRIDS`` keeps (it is emptied when more come)."""


def _grids(shape: tuple[int, ...], axis: int) -> list[np.ndarray | None]:
    """For an array of ``shape``, NumPy's index arrays for every axis but ``axis`` (None
    there): each axis's positions, shaped to lie along that axis, so that with the
    indices in ``axis``'s place they pick as ``take_along_axis`` does."""
    key = (shape, axis)
    grids = _GRIDS.get(key)
    if grids is None:
        if len(_GRIDS) >= _MOST_GRIDS:
            _GRIDS.clear()
        grids = []
        for dimension, length in enumerate(shape):
            if dimension == axis:
                grids.append(None)
                continue
            positions = np.arange(length).reshape(
                (1,) * dimension + (length,) + (1,) * (len(shape) - dimension - 1))
            positions.flags.writeable = False
            grids.append(positions)
        _GRIDS[key] = grids
    return grids


def small_taken_along_axis(x: Elements, indices: Elements, axis: int) -> np.ndarray | None:
    """``take_along_axis``'s fast path: ``taken_along_axis`` for an ``x`` of fewer
    elements than any work sends to threads and ``indices`` of a signed integer dtype and
    ``x``'s rank (``axis`` in range), by one NumPy integer-array index; None for more
    elements, for positions out of range or shapes that do not broadcast (the general path
    says which), and for an empty result of some positions (which NumPy leaves unread)."""
    view = x._numpy()
    if not piecewise.below_lowest_threshold(view.size):
        return None
    key = list(_grids(view.shape, axis))
    positions = key[axis] = indices._numpy()
    try:
        picked = view[tuple(key)]
    except (IndexError, ValueError):
        return None
    if picked.size == 0 and positions.size:  # (NumPy reads no position to check)
        return None
    return picked
