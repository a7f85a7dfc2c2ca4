"""
Checking and normalising arguments: axes, shapes, the ``copy`` flag.

Every check raises the exception the standard implies with a message that starts with the
function's name, names the argument, and says what was given and what was expected.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

INT64_MAX = 2**63 - 1

MAX_DIMENSIONS = 64
"""The most dimensions an array may have (``capabilities()["max dimensions"]``)."""


class AxisError(IndexError, ValueError):
    """An axis outside the array's dimensions (an IndexError, and a ValueError for NumPy users)."""


def all_ints(numbers: tuple[Any, ...]) -> bool:
    """True when every item of ``numbers`` is exactly an int (the fast paths' caches and
    checks take no other kind: a float or a bool equal to an int takes the general path,
    which refuses or converts it)."""
    for number in numbers:
        if type(number) is not int:
            return False
    return True


def _type_name(value: object) -> str:
    return type(value).__name__


def _is_integer(value: object) -> bool:
    return not isinstance(value, bool) and hasattr(type(value), "__index__")


def _index_or_none(value: Any) -> int | None:
    """``operator.index(value)`` for an integer (not a bool), else None: a NumPy array
    has ``__index__`` but refuses unless it is a 0-d integer one."""
    if not _is_integer(value):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def is_one_of(value: object, choices: tuple[object, ...]) -> bool:
    """True when ``value`` is a str or number equal to one of ``choices``; an array (whose
    ``==`` compares elements) never is."""
    return isinstance(value, (str, int, float)) and value in choices


def as_int(value: Any, function: str, argument: str) -> int:
    """``value`` as a Python int; bools, floats and other non-integers are a TypeError."""
    if value.__class__ is int:
        return value
    index = _index_or_none(value)
    if index is None:
        raise TypeError(
            f"{function}(): '{argument}' must be an int, got {_type_name(value)} {value!r}"
        )
    return index


NOTES_ON_NONE: list[Callable[[], str]] = []
"""What the layers above add to the error for a None among a shape's sizes (the dask
profile's unknown sizes are None: the note says where the latest came from)."""


def as_int_tuple(value: Any, function: str, argument: str) -> tuple[int, ...]:
    """An int or a sequence of ints as a tuple of Python ints."""
    if value.__class__ is tuple and all(v.__class__ is int for v in value):
        return value
    index = _index_or_none(value)
    if index is not None:
        return (index,)
    try:
        if isinstance(value, (str, bytes, bool)):
            raise TypeError
        items = list(value)
    except TypeError:
        raise TypeError(
            f"{function}(): '{argument}' must be an int or a sequence of ints, "
            f"got {_type_name(value)} {value!r}"
        ) from None
    result = []
    for item in items:
        index = _index_or_none(item)
        if index is None:
            note = "".join(note() for note in NOTES_ON_NONE) if item is None else ""
            raise TypeError(
                f"{function}(): '{argument}' must be a sequence of ints, "
                f"got {_type_name(item)} {item!r} in {value!r}{note}"
            )
        result.append(index)
    return tuple(result)


def normalize_axis(axis: Any, ndim: int, function: str, argument: str = "axis") -> int:
    """One axis in ``range(ndim)``; negative axes count from the end."""
    axis = as_int(axis, function, argument)
    if not -ndim <= axis < ndim:
        raise AxisError(
            f"{function}(): '{argument}' {axis} is out of range for an array with "
            f"{ndim} dimension(s); expected an axis in [{-ndim}, {ndim - 1}]"
        )
    return axis + ndim if axis < 0 else axis


def normalize_axes(axes: Any, ndim: int, function: str, argument: str = "axis") -> tuple[int, ...]:
    """An int or sequence of distinct axes, each normalised to ``range(ndim)``."""
    if axes.__class__ is int and -ndim <= axes < ndim:
        return (axes + ndim if axes < 0 else axes,)
    raw = as_int_tuple(axes, function, argument)
    result = tuple(normalize_axis(a, ndim, function, argument) for a in raw)
    if len(set(result)) != len(result):
        raise ValueError(f"{function}(): '{argument}' {axes!r} repeats an axis")
    return result


def check_shape(shape: Any, function: str, argument: str = "shape") -> tuple[int, ...]:
    """A shape for a new array: non-negative ints whose product fits in 64 bits."""
    result = as_int_tuple(shape, function, argument)
    total = 1
    for n in result:
        if n < 0:
            raise ValueError(
                f"{function}(): '{argument}' must not have negative sizes, got {result}"
            )
        total *= n
    if total > INT64_MAX:
        raise ValueError(
            f"{function}(): '{argument}' {result} has {total} elements, more than an "
            "array can hold"
        )
    return result


def check_copy(copy: object, function: str) -> bool | None:
    """The ``copy`` flag: True, False or None."""
    if copy is None or copy is True or copy is False:
        return copy
    raise TypeError(f"{function}(): 'copy' must be True, False or None, got {copy!r}")
