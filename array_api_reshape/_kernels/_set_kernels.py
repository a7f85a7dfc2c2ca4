"""
Set kernels: the distinct elements of an array with their first positions, inverse and
counts (the unique_* family), and membership of one operand's elements in another (isin).

Every NaN counts as distinct. Each kernel returns new NumPy arrays.
"""

from __future__ import annotations

import numpy as np

from .._tables._dtypes import DType
from ._numpy_views import silenced
from ._operand_kernels import Elements, Scalar, elements_or_scalar


def unique_parts(
    x: Elements, with_indices: bool, with_inverse: bool, with_counts: bool
) -> tuple[np.ndarray, ...]:
    """The sorted distinct values of all of ``x``'s elements, then on request the
    positions of their first occurrences in the flattened ``x``, the inverse (of ``x``'s
    shape) and the counts, in that order."""
    view = x._numpy()
    # Asking for the first positions makes NumPy sort stably, so that equal-looking
    # elements (every NaN is distinct) map to the same inverse whichever function of
    # the family asks: unique_inverse agrees with unique_all.
    sort_stably = with_indices or with_inverse
    # NumPy's stubs overload unique on Literal[True] and Literal[False] flags only, with
    # no variant for a plain bool, so no call with bools type-checks
    results = np.unique(  # type: ignore[call-overload]
        view.reshape(-1), return_index=sort_stably, return_inverse=with_inverse,
        return_counts=with_counts, equal_nan=False,
    )
    if not isinstance(results, tuple):
        return (results,)
    parts = list(results)
    if with_inverse:
        parts[2] = parts[2].reshape(view.shape)
    if sort_stably and not with_indices:
        del parts[1]
    return tuple(parts)


def membership(
    x1: Elements | Scalar, x2: Elements | Scalar, dtype: DType, invert: bool
) -> np.ndarray:
    """Whether each element of ``x1`` occurs in ``x2`` (does not, with ``invert``); a
    scalar operand is taken in ``dtype``."""
    elements = elements_or_scalar(x1, dtype, "isin")
    test_elements = elements_or_scalar(x2, dtype, "isin")
    return np.asarray(silenced(np.isin, elements, test_elements, invert=invert))
