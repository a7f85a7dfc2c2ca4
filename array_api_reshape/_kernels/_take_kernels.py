"""
Take kernels: elements of an array at integer positions along one axis (take) and picked
position by position along one axis (take_along_axis).

Negative positions count back from the end; a position out of range is an IndexError
raised here, before NumPy sees it. Each kernel returns a new NumPy array.
"""

from __future__ import annotations

import numpy as np

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
