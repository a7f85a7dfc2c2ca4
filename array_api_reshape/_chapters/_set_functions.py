"""Set functions of the standard: the unique_* family and isin."""

from __future__ import annotations

from typing import NamedTuple

from .._array._array_object import Array, check_array
from .._kernels._set_kernels import membership, unique_parts
from .._modes._call_rules import check_call
from .._modes._device_checks import index_dtype_on
from .._modes._placement import device_of_call
from .._modes._refusals import refuse_data_dependent, refuse_unspecified_kind
from .._modes._promotion import promote_types, scalar_result_dtype
from .._modes._results import data_dependent_results
from .._tables._dtypes import DType
from .._tables._dtypes import bool as bool_dtype


class UniqueAllResult(NamedTuple):
    """Result of :func:`unique_all`."""

    values: Array
    indices: Array
    inverse_indices: Array
    counts: Array


class UniqueCountsResult(NamedTuple):
    """Result of :func:`unique_counts`."""

    values: Array
    counts: Array


class UniqueInverseResult(NamedTuple):
    """Result of :func:`unique_inverse`."""

    values: Array
    inverse_indices: Array


def _unique(function: str, x: Array, indices: bool, inverse: bool, counts: bool) -> list[Array]:
    check_array(x, function)
    device = x._storage.device
    refuse_data_dependent(function, device)
    values, *extras = unique_parts(x, indices, inverse, counts)
    index = index_dtype_on(device)
    results = [Array._adopt(values, x.dtype, device)] + [
        Array._adopt(e, index, device) for e in extras
    ]
    # every size is the number of distinct values, but the inverse's (x's shape)
    data_dependent_results(function, results, x, 1 + indices if inverse else -1)
    return results


def unique_values(x: Array, /) -> Array:
    """
    The distinct elements of ``x``, sorted (each NaN counts as distinct).

    Parameters
    ----------
    x : Array
        Input array (of any shape).

    Returns
    -------
    Array
        One-dimensional.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.unique_values(xp.asarray([3, 1, 3, 2]))
    Array([1, 2, 3], dtype=int64)
    """
    return _unique("unique_values", x, False, False, False)[0]


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """
    The distinct elements of ``x`` and how often each occurs.

    Parameters
    ----------
    x : Array
        Input array.

    Returns
    -------
    UniqueCountsResult
        ``values`` and int64 ``counts``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.unique_counts(xp.asarray([3, 1, 3])).counts
    Array([1, 2], dtype=int64)
    """
    return UniqueCountsResult(*_unique("unique_counts", x, False, False, True))


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """
    The distinct elements of ``x`` and, for each element, the position of its value.

    Parameters
    ----------
    x : Array
        Input array.

    Returns
    -------
    UniqueInverseResult
        ``values`` and int64 ``inverse_indices`` of ``x``'s shape.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.unique_inverse(xp.asarray([3, 1, 3])).inverse_indices
    Array([1, 0, 1], dtype=int64)
    """
    return UniqueInverseResult(*_unique("unique_inverse", x, False, True, False))


def unique_all(x: Array, /) -> UniqueAllResult:
    """
    The distinct elements of ``x``, where each first occurs, the inverse and the counts.

    Parameters
    ----------
    x : Array
        Input array.

    Returns
    -------
    UniqueAllResult
        ``values``, ``indices`` (first occurrence in the flattened ``x``),
        ``inverse_indices`` (shape of ``x``) and ``counts``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.unique_all(xp.asarray([3, 1, 3])).indices
    Array([1, 0], dtype=int64)
    """
    return UniqueAllResult(*_unique("unique_all", x, True, True, True))


def isin(x1: Array | int, x2: Array | int, /, *, invert: bool = False) -> Array:
    """
    Whether each element of ``x1`` occurs in ``x2``.

    Parameters
    ----------
    x1, x2 : Array or int
        The elements to test and the set to test against; at least one an array.
    invert : bool, optional
        Test "not in" instead (default False).

    Returns
    -------
    Array
        bool, of ``x1``'s shape (0-d for a scalar ``x1``).

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.isin(xp.asarray([1, 2, 3]), xp.asarray([2, 5]))
    Array([False,  True, False], dtype=bool)
    """
    if invert is not True and invert is not False:
        raise TypeError(f"isin(): 'invert' must be a bool, got {invert!r}")
    if isinstance(x1, Array) and isinstance(x2, Array):
        dtype = promote_types(x1.dtype, x2.dtype, "isin")
    elif isinstance(x1, Array):
        dtype = _dtype_with_scalar(x1, x2)
    elif isinstance(x2, Array):
        dtype = _dtype_with_scalar(x2, x1)
    else:
        raise TypeError("isin(): at least one of 'x1' and 'x2' must be an array")
    for argument, given in (("x1", x1), ("x2", x2)):
        if isinstance(given, Array):
            refuse_unspecified_kind("isin", argument, given.dtype, "integer")
    check_call("isin", dtype=dtype)
    device = device_of_call("isin", x1=x1, x2=x2)
    return Array._adopt(membership(x1, x2, dtype, invert), bool_dtype, device)


def _dtype_with_scalar(array: Array, scalar: object) -> DType:
    """The dtype isin compares ``array`` with ``scalar`` in; TypeError unless an int."""
    if not isinstance(scalar, int):
        raise TypeError(f"isin(): a scalar argument must be an int, got {scalar!r}")
    return scalar_result_dtype(array.dtype, scalar, "isin")
