"""
Sorting kernels: the values of an array sorted along an axis (sort) and the positions
that sort it (argsort), in either direction, stable or not.

NaNs sort last ascending and first descending. The chapters have checked the arguments
and normalised the axis; each kernel returns a new NumPy array.
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from ._operand_kernels import Elements


def _positions(view: np.ndarray, axis: int, descending: bool, stable: bool) -> np.ndarray:
    """Sorting positions of ``view`` along ``axis``.

    A stable descending order keeps equal elements in their original order: sort the
    reversed axis ascending, reverse that order, and translate positions back.
    """
    kind: Literal["stable", "quicksort"] = "stable" if stable else "quicksort"
    if not descending:
        return np.argsort(view, axis=axis, kind=kind)
    size = view.shape[axis]
    reversed_view = np.flip(view, axis=axis)
    order = np.flip(np.argsort(reversed_view, axis=axis, kind=kind), axis=axis)
    return size - 1 - order


def sort_positions(x: Elements, axis: int, descending: bool, stable: bool) -> np.ndarray:
    """The positions that sort ``x`` along ``axis`` (argsort)."""
    return _positions(x._numpy(), axis, descending, stable)


def sorted_values(x: Elements, axis: int, descending: bool, stable: bool) -> np.ndarray:
    """The values of ``x`` sorted along ``axis`` (sort); -0.0 and 0.0 compare equal, so
    a stable sort keeps their order, an unstable one need not."""
    view = x._numpy()
    if not descending:
        return np.sort(view, axis=axis, kind="stable" if stable else "quicksort")
    if not stable:
        return np.flip(np.sort(np.flip(view, axis=axis), axis=axis, kind="quicksort"), axis=axis)
    return np.take_along_axis(view, _positions(view, axis, True, True), axis=axis)
