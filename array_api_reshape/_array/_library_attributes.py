"""
What a profile's library's arrays have beyond the standard, as attributes of ``Array``
that exist only under that profile.

Real code calls them: ``x.sum(axis=-1)`` (SciPy's ``hessian``), ``(counts > 0).sum()``
(array-api-extra's JAX path), and JAX's ``x.at[key].set(v)``, which array-api-extra's
``at()`` takes for an array the JAX profile shows as JAX's. Each is a descriptor on the
class: under a profile whose library has it, it gives the method
(``_modes._library_methods``) or JAX's index updates (``_index_updates``); otherwise it
raises AttributeError, so that ``hasattr`` is False as on NumPy's and array-api-strict's
arrays. A descriptor per name, not a ``__getattr__``: a class with its own attribute
lookup loses CPython's fast paths for every other attribute and method.
"""

from __future__ import annotations

from typing import Any

from .._modes._flag_state import MODES
from .._modes._library_methods import LIBRARY_METHODS, bound_method, library_method
from .._modes._behaviours import ARRAYS_UPDATE_THROUGH_AT
from .._modes._profiles import behaves
from ._index_updates import IndexUpdates

NAMES = ("at", *LIBRARY_METHODS)
"""Every attribute a profile may give our arrays beyond the standard."""


class LibraryAttribute:
    """The attribute ``name`` of our arrays, there only under a profile whose library's
    arrays have it."""

    def __init__(self, name: str):
        self.name = name
        if name == "at":
            self.__doc__ = (
                "JAX's index updates, under the JAX profile only: ``x.at[key].set(v)`` (and "
                "``add``, ``multiply``, ``min``, ``max``, ``apply``, ``get``, ...) gives a "
                "new array and leaves ``x`` as it was, as on JAX, whose arrays take no "
                "``x[key] = v``. Without that profile, AttributeError.")
        else:
            method = LIBRARY_METHODS[name]
            self.__doc__ = (
                f"``x.{name}(...)``, as the arrays of the profiles "
                f"{', '.join(sorted(method.libraries))} have it (:func:`{method.function}` "
                "of the namespace); without such a profile, AttributeError.")

    def __get__(self, array: Any, owner: Any = None) -> Any:
        if array is None:
            return self
        if MODES.profile:
            if self.name == "at":
                if behaves(ARRAYS_UPDATE_THROUGH_AT):
                    return IndexUpdates(array)
            else:
                method = library_method(self.name)
                if method is not None:
                    return bound_method(array, self.name, method)
        if self.name == "at":
            raise AttributeError(
                "'Array' object has no attribute 'at' (JAX's x.at[...] updates are there "
                "under profile='jax'; portable code writes "
                "array_api_extra.at(x, key).set(value))"
            )
        raise AttributeError(f"'Array' object has no attribute {self.name!r}")
