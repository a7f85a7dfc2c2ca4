"""
Unknown sizes, as a lazy library has them (the dask profile).

Where a result's size depends on the values (a boolean mask's count, ``nonzero``, the
``unique_*`` functions), a lazy library knows it only once it computes: Dask's shape holds
NaN there. Under the profile the array's public ``shape`` holds None in those axes (as
the standard allows) and ``size`` is None; ``len()``, iteration and the functions a lazy
library cannot run without the size refuse, naming where the size became unknown. The
layout keeps every size: only what user code sees changes.

An array's unknown axes live in a side table keyed by the array's ``id`` beside a weak
reference that proves the entry is still its own (an ``id`` is reused once an array is
gone). Results of element-wise functions, reductions and the views that keep axes carry
their inputs' unknown axes on (``carried``, ``after_reduction``, ``permuted``, ...), which
the chapters reach through the hooks of ``_results``.

Pure Python: arrays' layouts in, marks and exceptions out.
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Sequence
from typing import Any, NamedTuple

from .._tables import _arguments
from .._tables._dtypes import is_kind
from ._computes import uncounted
from ._flag_state import MODES, value
from ._behaviours import UNKNOWN_SIZES
from ._profiles import diverged, libraries, refused
from ._call_sites import call_site

ArrayObject = Any
"""Our array object; the array layer sits above this module."""


class Unknown(NamedTuple):
    """An array's unknown sizes: for each axis whether its size is unknown, and where
    the first of them became unknown (``"x[mask] at model.py:12"``)."""

    axes: tuple[bool, ...]
    origin: str

    def named(self) -> str:
        """The unknown axes in words: ``"axis 0"``, ``"axes 0 and 2"``."""
        axes = [str(axis) for axis, unknown in enumerate(self.axes) if unknown]
        if len(axes) == 1:
            return f"axis {axes[0]}"
        return f"axes {', '.join(axes[:-1])} and {axes[-1]}"


_UNKNOWN: dict[int, tuple[weakref.ref, Unknown]] = {}
"""Each array with unknown sizes, by ``id``: its weak reference and its ``Unknown``."""

_latest: list[str] = []
"""Where the latest unknown size was made: what a None met in a shape argument most
likely came from."""


def is_dask() -> bool:
    """True when the profile in force gives unknown sizes (``"dask"``, ``"lowest"``)."""
    return MODES.profile and "dask" in libraries()


def unknown_of(array: ArrayObject) -> Unknown | None:
    """``array``'s unknown sizes, or None when every size is known, or known here (an
    array made under the dask profile shows its sizes where the profile is not in force)."""
    entry = _UNKNOWN.get(id(array))
    if entry is None or entry[0]() is not array or not is_dask():
        return None
    return entry[1]


def mark(array: ArrayObject, axes: Sequence[bool], origin: str) -> ArrayObject:
    """Record that ``array``'s sizes are unknown in ``axes`` (none: nothing is recorded),
    first made unknown at ``origin``; gives ``array``."""
    if any(axes):
        key = id(array)

        def forget(reference: weakref.ref, key: int = key) -> None:
            entry = _UNKNOWN.get(key)
            if entry is not None and entry[0] is reference:
                del _UNKNOWN[key]

        _UNKNOWN[key] = (weakref.ref(array, forget), Unknown(tuple(axes), origin))
        _latest[:] = [origin]
    return array


def made_unknown(array: ArrayObject, axes: Sequence[bool], function: str) -> ArrayObject:
    """Mark ``array``, the result of the data-dependent ``function`` called here, as of
    unknown size in ``axes`` (noted as a divergence: the default knows the size)."""
    diverged(UNKNOWN_SIZES, "dask", function)
    return mark(array, axes, str(call_site(function)))


def public_shape(array: ArrayObject) -> tuple[int | None, ...]:
    """The shape user code sees: None where the size is unknown."""
    shape = array._layout.shape
    unknown = unknown_of(array) if _UNKNOWN else None
    if unknown is None:
        return shape
    return tuple(None if hidden else size for size, hidden in zip(shape, unknown.axes))


def public_size(array: ArrayObject) -> int | None:
    """The number of elements user code sees: None when a size is unknown."""
    return None if _UNKNOWN and unknown_of(array) is not None else array._layout.size


def _note() -> str:
    return (f"the profile flag is {value('profile')!r} (array_api_reshape.flags.set("
            "profile=None) answers as NumPy does)")


def unknown_size_error(unknown: Unknown, call: str, need: str,
                       error: type[Exception] = ValueError) -> Exception:
    """The error for ``call``, which needs ``need`` of an array whose sizes are unknown."""
    return refused(error, "dask", (
        f"{call}: needs {need}, but the size of {unknown.named()} is unknown: it depends on "
        f"the data (made so by {unknown.origin}), and Dask knows it only by computing. "
        "Keep such sizes out of shapes and loops (reduce, or mask with xp.where, instead), "
        f"or call compute_chunk_sizes() on Dask; {_note()}"
    ))


def mask_write_error() -> ValueError:
    """Dask's refusal of a write of several values through a boolean mask."""
    return refused(ValueError, "dask", (
        "__setitem__(): Dask cannot write an array of values through a boolean mask: how "
        "many elements the mask selects is unknown to it until it computes. Write a "
        "scalar, or write with xp.where(mask, new_values, x) of x's shape; " + _note()
    ))


def check_known(array: ArrayObject, call: str, need: str,
                axes: Sequence[int] | None = None, error: type[Exception] = ValueError) -> None:
    """Refuse ``call`` when ``array`` has an unknown size (among ``axes``, when given)."""
    unknown = unknown_of(array) if _UNKNOWN else None
    if unknown is None:
        return
    if axes is not None and not any(unknown.axes[axis] for axis in axes):
        return
    raise unknown_size_error(unknown, call, need, error)


NEEDS_SIZES: dict[str, tuple[str, type[Exception]]] = {
    "reshape": ("the sizes, to lay the elements out anew", ValueError),
    "expand_dims": ("the sizes, to add the axis by reshaping (index with x[None] "
                    "instead)", ValueError),
    "argmax": ("the sizes, to find the position across the array's pieces", ValueError),
    "argmin": ("the sizes, to find the position across the array's pieces", ValueError),
    "broadcast_to": ("the sizes, to broadcast", ValueError),
    "broadcast_arrays": ("the sizes, to broadcast", ValueError),
    "stack": ("the sizes, to check the arrays match", ValueError),
    "nonzero": ("the sizes, to count the positions", ValueError),
    "searchsorted": ("the sizes, to place the values (Dask gives NaN positions here)",
                     ValueError),
    "squeeze": ("the sizes, to know which axes have one element", ValueError),
    "flip": ("the sizes, to reverse the axes", ValueError),
    "roll": ("the sizes, to shift the elements", ValueError),
    "take": ("the sizes, to find the positions", NotImplementedError),
    "take_along_axis": ("the sizes, to find the positions", NotImplementedError),
    "repeat": ("the sizes, to repeat the elements", ValueError),
    "clip": ("the sizes, to broadcast the bounds", TypeError),
    "unstack": ("the sizes, to know how many arrays it gives", ValueError),
    "moveaxis": ("the sizes, to move the axes", ValueError),
    "meshgrid": ("the sizes, to build the grids", ValueError),
    "diff": ("the sizes, to pair neighbours", ValueError),
    "tril": ("the sizes, to find the diagonal", ValueError),
    "triu": ("the sizes, to find the diagonal", ValueError),
    "vecdot": ("the sizes, to pair the vectors' elements", ValueError),
}
"""The functions a lazy library cannot run on an array of unknown size (Dask refuses them,
or answers wrongly), what each needs to know, and Dask's exception; ``check_array`` asks
``refuse_unknown`` for every data argument. The profile holds each array in one chunk, as
Dask holds data from memory up to its chunk size (128 MiB): what Dask does on one chunk
only (``sort`` and ``argsort`` of an unknown size) runs."""


def refuse_unknown(function: str, array: ArrayObject) -> None:
    """Refuse ``function`` of ``array`` when it needs sizes ``array`` does not know."""
    needs = NEEDS_SIZES.get(function)
    if needs is not None:
        check_known(array, f"{function}()", needs[0], error=needs[1])


def carried(result: ArrayObject, operands: Sequence[Any], function: str) -> ArrayObject:
    """``result`` of an element-wise ``function`` of ``operands`` (arrays and scalars),
    with the unknown sizes of its operands, aligned from the right as broadcasting
    aligns them; an unknown size broadcast against a known size other than 1 is refused
    (Dask cannot tell whether they match)."""
    if not _UNKNOWN:
        return result
    ndim = len(result._layout.shape)
    axes = [False] * ndim
    origin = None
    for operand in operands:
        unknown = unknown_of(operand) if hasattr(operand, "_layout") else None
        if unknown is None:
            continue
        origin = origin or unknown.origin
        offset = ndim - len(unknown.axes)
        for axis, hidden in enumerate(unknown.axes):
            if hidden:
                axes[offset + axis] = True
    if origin is None:
        return result
    for operand in operands:
        if not hasattr(operand, "_layout"):
            continue
        own = unknown_of(operand)
        shape = operand._layout.shape
        offset = ndim - len(shape)
        for axis, size in enumerate(shape):
            if axes[offset + axis] and size != 1 and (own is None or not own.axes[axis]):
                raise unknown_size_error(
                    Unknown(tuple(axes), origin), f"{function}()",
                    f"the sizes, to broadcast an unknown size with the known size {size}",
                )
    return mark(result, axes, origin)


def after_reduction(result: ArrayObject, x: ArrayObject, axes: Sequence[int],
                    keepdims: bool) -> ArrayObject:
    """``result`` of reducing ``x`` over ``axes``: the unknown sizes of the other axes
    stay unknown (a reduced axis is gone, or 1 with ``keepdims``)."""
    unknown = unknown_of(x) if _UNKNOWN else None
    if unknown is None:
        return result
    if keepdims:
        kept = [hidden and axis not in axes for axis, hidden in enumerate(unknown.axes)]
    else:
        kept = [hidden for axis, hidden in enumerate(unknown.axes) if axis not in axes]
    return mark(result, kept, unknown.origin)


def same_axes(result: ArrayObject, x: ArrayObject) -> ArrayObject:
    """``result``, of ``x``'s shape (a cast, a copy, a ``*_like``): ``x``'s unknown sizes."""
    unknown = unknown_of(x) if _UNKNOWN else None
    return result if unknown is None else mark(result, unknown.axes, unknown.origin)


def permuted(result: ArrayObject, x: ArrayObject, axes: Sequence[int]) -> ArrayObject:
    """``result``, ``x`` with its axes in the order ``axes``."""
    unknown = unknown_of(x)
    if unknown is None:
        return result
    return mark(result, [unknown.axes[axis] for axis in axes], unknown.origin)


def concatenated(result: ArrayObject, arrays: Sequence[ArrayObject], axis: int | None
                 ) -> ArrayObject:
    """``result`` of joining ``arrays`` along ``axis`` (None: flattened first): an axis
    is unknown where some array's is (Dask joins arrays of unknown sizes)."""
    known = [unknown_of(array) for array in arrays]
    origins = [unknown.origin for unknown in known if unknown is not None]
    if not origins:
        return result
    if axis is None:
        return mark(result, [True], origins[0])
    axes = [any(unknown is not None and unknown.axes[position] for unknown in known)
            for position in range(result.ndim)]
    return mark(result, axes, origins[0])


def note_on_none() -> str:
    """What a None in a shape argument most likely is, under the dask profile."""
    if not is_dask() or not _latest:
        return ""
    return (f" (None is an unknown size: the dask profile gives None where a size depends on "
            f"the data, the latest made by {_latest[0]}; a lazy library needs the number "
            "before it can make the array)")


_arguments.NOTES_ON_NONE.append(note_on_none)


def _dask_refusal(operation: str, what: str) -> NotImplementedError:
    return refused(NotImplementedError, "dask", (
        f"{operation}(): Dask does not support {what} (it takes one integer index array, "
        "one-dimensional, or one boolean mask per key); index one axis at a time "
        f"(x[i][:, j]), or use xp.take; {_note()}"
    ))


def key_axes(array: ArrayObject, key: Any, operation: str) -> tuple[list[bool], bool]:
    """For each axis of the result of indexing ``array`` with ``key``, whether its size
    is unknown (a boolean mask's count, or an unknown size the key keeps), and whether
    a mask in the key made one; refuses the
    keys Dask refuses (several index arrays, an index array of two or more dimensions,
    an index array beside None, a 0-d mask) and any key that needs an unknown size (an
    int or a slice other than ``:`` on an unknown axis, an index array on one)."""
    items = key if key.__class__ is tuple else (key,)
    array_class = array.__class__
    advanced = [item for item in items if item.__class__ is list or (
        item.__class__ is array_class and (item.ndim > 0 or is_kind(item._dtype, "bool"))
    ) or (item.__class__ is not array_class and getattr(item, "ndim", 0) > 0)]
    if advanced:
        if len(advanced) > 1:
            raise _dask_refusal(operation, "indexing with several index arrays or masks")
        index = advanced[0]
        if index.__class__ is array_class:
            if is_kind(index._dtype, "bool") and index.ndim == 0:
                if operation == "__getitem__":  # (Dask writes through one)
                    raise _dask_refusal(operation, "a 0-dimensional boolean mask")
                return [False] * array.ndim, True
            if not is_kind(index._dtype, "bool") and index.ndim > 1:
                raise _dask_refusal(operation, "an index array of two or more dimensions")
        if any(item is None for item in items):
            raise _dask_refusal(operation, "an index array beside None")
    unknown = unknown_of(array) if _UNKNOWN else None
    hidden = unknown.axes if unknown is not None else (False,) * array.ndim
    consuming = sum(_consumed(item, array_class) for item in items if item is not Ellipsis)
    result: list[bool] = []
    masked = False
    axis = 0
    for item in items:
        if item is None:
            result.append(False)
        elif item is Ellipsis:
            count = max(array.ndim - consuming, 0)
            result.extend(hidden[axis:axis + count])
            axis += count
        elif item.__class__ is slice:
            if axis < len(hidden) and hidden[axis] and item != slice(None):
                raise unknown_size_error(unknown, f"{operation}()", "the size, to slice")  # type: ignore[arg-type]
            result.append(hidden[axis] if axis < len(hidden) else False)
            axis += 1
        elif item.__class__ is list or (item.__class__ is array_class and item.ndim > 0):
            span = _consumed(item, array_class)
            if item.__class__ is array_class and is_kind(item._dtype, "bool"):
                result.append(True)
                masked = True
            else:
                if axis < len(hidden) and hidden[axis]:
                    raise unknown_size_error(unknown, f"{operation}()",  # type: ignore[arg-type]
                                             "the size, to find the positions",
                                             NotImplementedError)
                own = unknown_of(item) if item.__class__ is array_class else None
                result.append(own is not None and own.axes[0])
            axis += span
        else:  # an int, or a 0-d integer array
            if axis < len(hidden) and hidden[axis]:
                raise unknown_size_error(unknown, f"{operation}()",  # type: ignore[arg-type]
                                         "the size, to find the position")
            axis += 1
    result.extend(hidden[axis:])
    return result, masked


def mark_indexed(result: ArrayObject, array: ArrayObject, axes: Sequence[bool],
                 masked: bool) -> ArrayObject:
    """``result`` of indexing ``array``, with the unknown ``axes`` ``key_axes`` found:
    made unknown here by a mask, else carried from ``array``."""
    if masked:
        diverged(UNKNOWN_SIZES, "dask", "__getitem__()")
        return mark(result, axes, str(call_site("x[mask]")))
    unknown = unknown_of(array)
    return result if unknown is None else mark(result, axes, unknown.origin)


def _consumed(item: Any, array_class: Any) -> int:
    """How many of the array's axes a key item indexes."""
    if item is None:
        return 0
    if item.__class__ is array_class and is_kind(item._dtype, "bool"):
        return item.ndim
    return 1


def selects_all(key: Any) -> bool:
    """True for a key that selects the whole array and nothing more (``:``, ``...``, or
    a tuple of them): Dask gives the array itself for it."""
    items = key if key.__class__ is tuple else (key,)
    return all(item is Ellipsis or (item.__class__ is slice and item == slice(None))
               for item in items)


def lazy_index_scalars(key: Any, array_class: Any) -> Any:
    """``key`` with each 0-d integer array in it read as its int, uncounted: Dask gathers
    by such an index lazily (a slice's bound made of one is read, and counted, later)."""
    items = key if key.__class__ is tuple else (key,)
    if not any(item.__class__ is array_class and item.ndim == 0
               and is_kind(item._dtype, "integer") for item in items):
        return key
    with uncounted():
        read = tuple(operator.index(item) if item.__class__ is array_class and item.ndim == 0
                     else item for item in items)
    return read if key.__class__ is tuple else read[0]
