"""
array-api-strict's refusals, for the profile ``"strict"``: what it refuses that the
standard does not ask for and NumPy takes (flat indexing, out-of-bounds slices, lists and
NumPy arrays as keys, integer arrays in a write's key, NumPy scalars as operands, ``len()``,
...), each raising the exception type array-api-strict raises, with words from its message
(suites match on them) and the portable way.

What strict refuses where the standard leaves the behaviour unspecified (mixed kinds,
Python scalars of another kind, ``dtype=float``) is the ``unspecified`` flag's, which the
profile sets to ``"refuse"``; what strict answers otherwise is measured in
profiles/FIDELITY-strict.md, with the differences the profile keeps on purpose listed there.

Pure Python: keys and flags in, exceptions out. Our arrays are recognised by their class,
which the caller hands over (this module sits below the array object).
"""

from __future__ import annotations

import operator
from typing import Any

from .._tables._dtypes import is_kind
from ._profiles import libraries, refused

_PYTHON_SCALARS = (bool, int, float, complex)

NUMPY_PROMOTES = frozenset({"matmul", "tensordot", "vecdot", "linalg.outer", "linalg.cross",
                            "diff"})
"""The functions whose operands array-api-strict checks only for their kind (numeric) and
lets NumPy promote across kinds (int64 with float64 gives float64): its ``@`` operator
refuses, these functions do not."""


def lets_numpy_promote(function: str) -> bool:
    """True where array-api-strict lets NumPy promote ``function``'s operands across
    kinds (``NUMPY_PROMOTES``), under its profile."""
    return function in NUMPY_PROMOTES and in_force()


def refuse_mixed_dtypes(function: str, first: Any, other: Any) -> None:
    """ValueError (array-api-strict's exception) for arrays of two dtypes given to
    ``function`` (``meshgrid``), where the default raises TypeError."""
    if in_force():
        raise refused(ValueError, "strict", (
            f"{function}(): all arrays must have one dtype, got {first} and {other}; "
            f"convert them with astype() first; {_note()}"
        ))


def check_int_range(function: str, dtype: Any, scalar: object) -> None:
    """OverflowError for a Python int outside the range of the integer ``dtype`` it meets
    in ``function`` (``result_type``), as array-api-strict checks."""
    if scalar.__class__ is not int or not is_kind(dtype, "integer") or not in_force():
        return
    bits = int(dtype.name.lstrip("uint"))
    low, high = (0, 2**bits - 1) if dtype.name.startswith("u") else (-2**(bits - 1),
                                                                      2**(bits - 1) - 1)
    if not low <= scalar <= high:
        raise refused(OverflowError, "strict", (
            f"{function}(): the Python int {scalar} is out of bounds for {dtype.name} "
            f"([{low}, {high}]); use a wider dtype; {_note()}"
        ))


def refuse_empty_clip(low: object, high: object) -> None:
    """ValueError for ``clip`` with a Python scalar ``min`` above its ``max``, which the
    standard leaves unspecified and array-api-strict refuses."""
    scalars = (int, float)
    if (low.__class__ in scalars and high.__class__ in scalars and low > high
            and in_force()):
        raise refused(ValueError, "strict", (
            f"clip(): min ({low}) is greater than max ({high}), which the Array API does "
            f"not specify; give min <= max; {_note()}"
        ))


def in_force() -> bool:
    """True while the profile ``"strict"`` is in force here."""
    return "strict" in libraries()


def _note() -> str:
    return "as array-api-strict (the profile flag is 'strict')"


def check_key(array: Any, key: Any, operation: str) -> None:
    """IndexError for a key array-api-strict refuses for ``operation`` (``"__getitem__"``
    or ``"__setitem__"``) of ``array``: items of types the standard does not list
    (lists, NumPy arrays, bools, tuples; None in a write), integer arrays in a write, an
    integer array beside a slice, an ellipsis or a mask, a mask beside anything, fewer
    indices than dimensions without an ellipsis, and slice bounds outside the axis."""
    array_class = array.__class__
    items = key if key.__class__ is tuple else (key,)
    single_axes: list[Any] = []
    ellipses = 0
    has_mask = has_index_array = has_slice = False
    for item in items:
        _check_item(item, array_class, operation)
        if item is None:
            continue
        if item.__class__ is array_class:
            if is_kind(item._dtype, "bool"):
                has_mask = True
            elif is_kind(item._dtype, "integer"):
                has_index_array = True
            single_axes.append(item)
        elif item is Ellipsis:
            ellipses += 1
        else:
            single_axes.append(item)
            has_slice = has_slice or item.__class__ is slice
    if ellipses > 1:
        return  # the general path's IndexError
    ndim = len(array._layout.shape)
    if not ellipses and not has_mask and len(single_axes) < ndim:
        raise refused(IndexError, "strict", (
            f"{operation}(): the array has {ndim} dimensions, but the index specifies "
            f"only {len(single_axes)}: flat indexing (NumPy's implicit trailing ellipsis) "
            "is not specified in the Array API; add a trailing ellipsis (...) or index "
            f"every axis; {_note()}"
        ))
    if has_index_array and (ellipses or has_slice or has_mask):
        raise refused(IndexError, "strict", (
            f"{operation}(): integer index arrays are only allowed with integer indices "
            "(no slice, ellipsis or mask beside them) in the Array API; index the other "
            f"axes with arrays of positions too, or take() one axis at a time; {_note()}"
        ))
    if has_mask and len(items) != 1:
        raise refused(IndexError, "strict", (
            f"{operation}(): a boolean array index must be the sole index in the Array "
            f"API (masking is only specified then); reshape or take the axes first; "
            f"{_note()}"
        ))
    _check_slice_bounds(array._layout.shape, single_axes, items, ellipses)


def _check_item(item: Any, array_class: Any, operation: str) -> None:
    if item.__class__ is array_class:
        if operation == "__setitem__" and is_kind(item._dtype, "integer"):
            raise refused(IndexError, "strict", (
                f"{operation}(): fancy indexing __setitem__ (an array of positions in a "
                "write's key) is not supported by array-api-strict; write through a mask, or build "
                f"the result with where() or a scatter of your own; {_note()}"
            ))
        return
    if item.__class__ is slice or item is Ellipsis:
        return
    if item is None:
        if operation == "__setitem__":
            raise refused(IndexError, "strict", (
                f"{operation}(): None (newaxis) in a write's key is not specified in the "
                f"Array API; leave it out; {_note()}"
            ))
        return
    if item.__class__ is not bool and not isinstance(item, (list, tuple)):
        if type(item).__module__ == "numpy" and hasattr(item, "shape") and item.shape:
            raise refused(IndexError, "strict", (
                f"{operation}(): index arrays must be the namespace's own arrays, not NumPy "
                f"arrays; convert with xp.asarray(); {_note()}"
            ))
        try:
            operator.index(item)
            return
        except TypeError:
            pass
    raise refused(IndexError, "strict", (
        f"{operation}(): single-axis index {item!r} has type {type(item).__name__}, but "
        "only integers, slices (:), ellipsis (...), newaxis (None), zero-dimensional "
        "arrays of integers, and boolean arrays are specified in the Array API; index with "
        f"xp.asarray(...) for positions; {_note()}"
    ))


def _check_slice_bounds(shape: tuple[Any, ...], single_axes: list[Any], items: Any,
                        ellipses: int) -> None:
    """Each slice's start and stop within ``[-n, n]`` for its axis of size ``n``."""
    if ellipses:
        before = 0
        for item in items:
            if item is Ellipsis:
                break
            if item is not None:
                before += 1
        end = len(shape) - (len(single_axes) - before)
        indexed = shape[:before] + shape[end:]
    else:
        indexed = shape
    for item, size in zip(single_axes, indexed):
        if item.__class__ is not slice or size is None:
            continue
        for name, bound in (("start", item.start), ("stop", item.stop)):
            if bound is None:
                continue
            try:
                position = operator.index(bound)
            except TypeError:
                continue  # the general path's error
            if not -size <= position <= size:
                allowed = "0 (or None)" if size == 0 else f"between -{size} and {size}"
                raise refused(IndexError, "strict", (
                    f"slice {item!r} has {name}={position}, but it should be {allowed} for "
                    f"an axis of size {size}: out-of-bounds slice bounds are not specified "
                    f"in the Array API; clip them to the axis; {_note()}"
                ))


def check_operands(function: str, x1: Any, x2: Any, array_class: Any) -> None:
    """TypeError for an operand that is neither one of our arrays nor exactly a Python
    bool, int, float or complex (a NumPy scalar, None, a string), as array-api-strict's
    operators and functions refuse."""
    for operand in (x1, x2):
        if operand.__class__ is array_class or operand.__class__ in _PYTHON_SCALARS:
            continue
        raise refused(TypeError, "strict", (
            f"{function}(): expected an Array or a Python bool, int, float or complex "
            f"scalar, got {type(operand).__module__}.{type(operand).__name__}: other "
            "types (NumPy's scalars too) are not specified as operands in the Array API; "
            f"convert with float(), int() or xp.asarray(); {_note()}"
        ))


def refuse_unsupported_data(numpy_type: str) -> None:
    """TypeError for data of a type no dtype holds (strings), in array-api-strict's words
    (suites match on them)."""
    if in_force():
        raise refused(TypeError, "strict", (
            f"asarray(): The array_api_strict namespace does not support the dtype "
            f"'{numpy_type}': NumPy's type of this data has no counterpart among the "
            f"standard's dtypes; {_note()}"
        ))


def refuse_len() -> None:
    """TypeError for ``len()`` of an array: array-api-strict's arrays have no length."""
    if in_force():
        raise refused(TypeError, "strict", (
            "len(): an Array has no len() in array-api-strict (the Array API does not "
            f"specify __len__); use x.shape[0]; {_note()}"
        ))


def refuse_iteration(ndim: int) -> None:
    """TypeError for iterating an array of more than one dimension."""
    if ndim > 1 and in_force():
        raise refused(TypeError, "strict", (
            "iter(): array iteration is not allowed in array-api-strict over more than one "
            "dimension (the Array API does not specify __iter__); index the rows, "
            f"x[i, ...]; {_note()}"
        ))


def refuse_nested_arrays(function: str) -> None:
    """TypeError for arrays as the items of a list or tuple given to ``function``
    (``asarray``); array-api-strict looks at the top level only (``[(a, b)]`` passes)."""
    if in_force():
        raise refused(TypeError, "strict", (
            f"{function}(): Nested Arrays are not allowed (a list or tuple of arrays is not "
            f"specified in the Array API); use xp.stack() of the arrays; {_note()}"
        ))


def refuse_sequence_shape(function: str, argument: str, given: Any) -> None:
    """TypeError for a ``shape``-like argument given as anything but a tuple (a list, an
    int), as array-api-strict's ``reshape`` and ``tile`` refuse."""
    if given.__class__ is not tuple and in_force():
        raise refused(TypeError, "strict", (
            f"{function}(): '{argument}' must be a tuple in array-api-strict, got "
            f"{type(given).__name__} {given!r}; pass tuple({argument}); {_note()}"
        ))


def refuse_export_from_device(device: Any) -> None:
    """RuntimeError for handing NumPy (``__array__``) the elements of an array on a test
    device, as array-api-strict refuses for any device but its CPU."""
    if device.name != "cpu" and in_force():
        raise refused(RuntimeError, "strict", (
            f"__array__(): the array is on device {device.name!r}, whose memory "
            "array-api-strict does not hand to NumPy; move it with x.to_device() to the "
            f"CPU first; {_note()}"
        ))


_NAMES_TAKEN = frozenset({"dtypes", "default_dtypes"})
"""The functions whose ``device`` array-api-strict takes without checking it (its
inspection's): a name gives the CPU's answer there."""


def takes_any_name(function: str) -> bool:
    """True where array-api-strict takes any string as ``function``'s device and answers
    for the CPU (its inspection's ``dtypes``, ``default_dtypes``)."""
    return function in _NAMES_TAKEN and in_force()


def refuse_device_name(function: str, device: Any) -> None:
    """ValueError for a device named by a string, where array-api-strict takes only
    device objects (but in its inspection functions, ``_NAMES_TAKEN``)."""
    if device.__class__ is str and function not in _NAMES_TAKEN and in_force():
        raise refused(ValueError, "strict", (
            f"{function}(): unsupported device {device!r}: array-api-strict takes device "
            "objects only; pass one of xp.__array_namespace_info__().devices(), or "
            f"x.device; {_note()}"
        ))
