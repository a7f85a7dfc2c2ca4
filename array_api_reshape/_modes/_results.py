"""
What the modes add to a result made from inputs: the hooks a chapter (or the array object)
calls once it has made its result, each named for how the result relates to its inputs.

Today one mode acts here: a lazy library's unknown sizes (the dask profile,
``_unknown_sizes``), which a result carries on from its inputs wherever its axes are
theirs (a cast, a reduction over other axes, a join, a transpose) and which a
data-dependent function makes. Each hook reads ``MODES.profile`` and, while no profile
may be in force, gives the result back as it is: one call on the default path.

Pure Python: arrays in, the same arrays out (marked).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ._flag_state import MODES
from ._unknown_sizes import (
    after_reduction,
    carried,
    concatenated,
    is_dask,
    made_unknown,
    permuted,
    same_axes,
)

ArrayObject = Any
"""Our array object; the array layer sits above this module."""


def result_like(result: ArrayObject, x: ArrayObject) -> ArrayObject:
    """``result``, of ``x``'s shape (a cast, a copy, a ``*_like``), with ``x``'s unknown
    sizes."""
    return same_axes(result, x) if MODES.profile else result


def broadcast_result(result: ArrayObject, operands: Sequence[Any], function: str) -> ArrayObject:
    """``result`` of ``function`` of ``operands`` (arrays and Python scalars) broadcast
    together, with their unknown sizes (refused where one meets a known size)."""
    return carried(result, operands, function) if MODES.profile else result


def reduced_result(result: ArrayObject, x: ArrayObject, axes: Sequence[int] | None,
                   keepdims: bool) -> ArrayObject:
    """``result`` of reducing ``x`` over ``axes`` (None: every axis): the unknown sizes of
    the axes kept."""
    if not MODES.profile:
        return result
    return after_reduction(result, x, range(x.ndim) if axes is None else axes, keepdims)


def joined_result(result: ArrayObject, arrays: Sequence[ArrayObject],
                  axis: int | None) -> ArrayObject:
    """``result`` of joining ``arrays`` along ``axis`` (None: flattened first): unknown
    where some array's size is."""
    return concatenated(result, arrays, axis) if MODES.profile else result


def permuted_result(result: ArrayObject, x: ArrayObject, axes: Sequence[int]) -> ArrayObject:
    """``result``, ``x`` with its axes in the order ``axes`` (a view: ``permute_dims``,
    ``.T``, ``.mT``), with ``x``'s unknown sizes moved with them."""
    return permuted(result, x, axes) if MODES.profile else result


def data_dependent_results(function: str, results: Sequence[ArrayObject], x: ArrayObject,
                           inverse_at: int = -1) -> None:
    """Mark ``results``, each one-dimensional with as many elements as the data of ``x``
    gives (``nonzero``'s positions, ``unique_*``'s values and counts), as of unknown size
    where the profile's library knows it only by computing (Dask); the one at
    ``inverse_at`` (``unique_inverse``'s inverse) has ``x``'s shape, and its unknown
    sizes."""
    if MODES.profile and is_dask():
        for position, result in enumerate(results):
            if position == inverse_at:
                same_axes(result, x)
            else:
                made_unknown(result, (True,), f"{function}()")
