"""
JAX's index updates, ``x.at[key].set(v)`` and its kin, for arrays under the JAX profile.

JAX's arrays are immutable: code written for JAX (and array-api-extra's ``at()``, which
takes JAX's path for a JAX array) updates through ``x.at[key]``, which gives a new array and
leaves ``x`` as it was. Under ``profile="jax"`` our arrays have the same attribute, so that
such code runs as it runs on JAX; ``x[key] = v`` stays refused.

What JAX does, and so this: the update is made on a copy; values are cast to ``x``'s dtype
(JAX casts, where ``x[key] = v`` of NumPy would refuse a float into an integer array);
out-of-bounds positions of a write are dropped and those of a read clamped (the profile's
indexing rules); ``add``, ``multiply``, ``min`` and ``max`` through an integer index array
that names a position twice apply every value there, as JAX's scatter does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._modes._behaviours import ARRAYS_UPDATE_THROUGH_AT
from .._modes._flag_state import overriding
from .._modes._profiles import diverged
from . import _elementwise_dispatch as _dispatch

_WRITES_ALLOWED = {"writeable": True}

_ACCUMULATING = frozenset({"add", "subtract", "multiply", "minimum", "maximum"})
"""The updates JAX's scatter applies once for each time an index array names a position
(NumPy's ``ufunc.at`` does the same); the others take the last value there."""

_OPTIONS = ("indices_are_sorted", "unique_indices", "mode", "fill_value")
"""JAX's keyword arguments of the update methods: accepted; the profile's indexing rules
(drop out-of-bounds writes, clamp reads) are what JAX's default mode does."""


class IndexUpdates:
    """``x.at``: index it with a key to update those elements (``x.at[key]``)."""

    __slots__ = ("_array",)

    def __init__(self, array: Any):
        self._array = array

    def __getitem__(self, key: Any) -> IndexUpdate:
        diverged(ARRAYS_UPDATE_THROUGH_AT, "jax", "x.at[]")
        return IndexUpdate(self._array, key)

    def __repr__(self) -> str:
        return f"_IndexUpdateHelper({self._array!r})"


class IndexUpdate:
    """``x.at[key]``: the updates of the elements ``key`` selects, each a new array."""

    __slots__ = ("_array", "_key")

    def __init__(self, array: Any, key: Any):
        self._array = array
        self._key = key

    def get(self, **options: Any) -> Any:
        """``x[key]``, JAX's out-of-bounds positions clamped."""
        _check_options("get", options)
        return self._array[self._key]

    def set(self, values: Any, **options: Any) -> Any:
        """A copy of ``x`` with ``values`` written at ``key`` (cast to ``x``'s dtype)."""
        _check_options("set", options)
        return self._updated(lambda old: values)

    def apply(self, function: Callable[[Any], Any], **options: Any) -> Any:
        """A copy of ``x`` with ``function(x[key])`` at ``key``."""
        _check_options("apply", options)
        return self._updated(function)

    def add(self, values: Any, **options: Any) -> Any:
        """A copy of ``x`` with ``x[key] + values`` at ``key`` (repeated positions add
        each value)."""
        return self._combined("add", values, options)

    def subtract(self, values: Any, **options: Any) -> Any:
        """A copy of ``x`` with ``x[key] - values`` at ``key``."""
        return self._combined("subtract", values, options)

    def multiply(self, values: Any, **options: Any) -> Any:
        """A copy of ``x`` with ``x[key] * values`` at ``key`` (repeated positions
        multiply by each value)."""
        return self._combined("multiply", values, options)

    mul = multiply

    def divide(self, values: Any, **options: Any) -> Any:
        """A copy of ``x`` with ``x[key] / values`` at ``key`` (cast back to ``x``'s
        dtype)."""
        return self._combined("divide", values, options)

    def power(self, values: Any, **options: Any) -> Any:
        """A copy of ``x`` with ``x[key] ** values`` at ``key``."""
        return self._combined("pow", values, options)

    def min(self, values: Any, **options: Any) -> Any:
        """A copy of ``x`` with the smaller of ``x[key]`` and ``values`` at ``key``."""
        return self._combined("minimum", values, options)

    def max(self, values: Any, **options: Any) -> Any:
        """A copy of ``x`` with the larger of ``x[key]`` and ``values`` at ``key``."""
        return self._combined("maximum", values, options)

    def _combined(self, function: str, values: Any, options: dict[str, Any]) -> Any:
        _check_options(function, options)
        if function in _ACCUMULATING:
            new = self._copy()
            with overriding(_WRITES_ALLOWED):
                if new._accumulate_at(self._key, self._cast(values), function):
                    return new
        operation = _dispatch.public_function(function, self._array.__class__)
        return self._updated(lambda old: operation(old, values))

    def _copy(self) -> Any:
        return self._array._copied_as(self._array._dtype)

    def _updated(self, compute: Callable[[Any], Any]) -> Any:
        new = self._copy()
        with overriding(_WRITES_ALLOWED):
            new[self._key] = self._cast(compute(new[self._key]))
        return new

    def _cast(self, values: Any) -> Any:
        """``values`` in the array's dtype where it is an array of another (JAX casts the
        update's values); a Python scalar as it is."""
        dtype = self._array._dtype
        if values.__class__ is self._array.__class__ and values._dtype is not dtype:
            return values._copied_as(dtype)
        return values


def _check_options(method: str, options: dict[str, Any]) -> None:
    unknown = sorted(set(options) - set(_OPTIONS))
    if unknown:
        raise TypeError(f"at[...].{method}(): unexpected keyword argument {unknown[0]!r}; "
                        f"JAX's take {', '.join(_OPTIONS)}")
