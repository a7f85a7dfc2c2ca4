"""
The array methods a profile's library has beyond the standard, which real code calls
(``x.sum(axis=-1)`` in SciPy's ``hessian``, ``(counts > 0).sum()`` in array-api-extra's
JAX path): under the profile, our arrays have them too, as the library's arrays do, so
that code which runs on the library runs here. Without a profile they are absent, as they
are from array-api-strict's arrays (portable code calls the namespace's functions).

Each method is one record: the namespace function it calls, the libraries whose arrays
have it, and how the library's keywords read as the standard's (PyTorch's ``dim`` and
``keepdim``, NumPy-style ``ddof``). Only methods that mean the same on each listed library
are here: PyTorch's ``max(dim)`` gives values and indices, and its ``std`` divides by
``n - 1``, so they are listed apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ._profiles import LIBRARIES, libraries

_NUMPY_LIKE = frozenset({"jax", "dask"})
_ALL = frozenset({"jax", "dask", "torch", "cupy"})

_TORCH_KEYWORDS = (("dim", "axis"), ("keepdim", "keepdims"))
_NUMPY_KEYWORDS = (("ddof", "correction"),)


class LibraryMethod(NamedTuple):
    """One method of a library's arrays: the namespace function it calls with the array
    first, the libraries that have it, and the library's keywords by the standard's."""

    function: str
    libraries: frozenset[str]
    keywords: tuple[tuple[str, str], ...] = ()


def _reductions(names: tuple[str, ...], libraries_: frozenset[str],
                keywords: tuple[tuple[str, str], ...] = ()) -> dict[str, LibraryMethod]:
    return {name: LibraryMethod(name, libraries_, keywords) for name in names}


LIBRARY_METHODS: dict[str, LibraryMethod] = {
    **_reductions(("sum", "prod", "mean", "all", "any", "argmax", "argmin"), _ALL,
                  _TORCH_KEYWORDS),
    **_reductions(("max", "min"), _NUMPY_LIKE | {"cupy"}),
    **_reductions(("std", "var"), _NUMPY_LIKE | {"cupy"}, _NUMPY_KEYWORDS),
    "cumsum": LibraryMethod("cumulative_sum", _NUMPY_LIKE | {"cupy"}),
    "cumprod": LibraryMethod("cumulative_prod", _NUMPY_LIKE | {"cupy"}),
    "round": LibraryMethod("round", _ALL),
    "clip": LibraryMethod("clip", _ALL),
    "conj": LibraryMethod("conj", _ALL),
    "astype": LibraryMethod("astype", _NUMPY_LIKE | {"cupy"}),
    "reshape": LibraryMethod("reshape", _ALL),
    "squeeze": LibraryMethod("squeeze", _ALL, _TORCH_KEYWORDS),
    "flatten": LibraryMethod("flatten", _ALL),
    "ravel": LibraryMethod("flatten", _NUMPY_LIKE | {"cupy"}),
    "copy": LibraryMethod("copy", _NUMPY_LIKE | {"cupy"}),
    "clone": LibraryMethod("copy", frozenset({"torch"})),
    "item": LibraryMethod("item", _ALL),
    "tolist": LibraryMethod("tolist", _ALL),
}
"""Each method beyond the standard that some profile's library gives its arrays."""


def library_method(name: str) -> LibraryMethod | None:
    """The method ``name`` of the arrays of the profile in force, or None (no profile, or
    its library's arrays have no such method)."""
    method = LIBRARY_METHODS.get(name)
    if method is None:
        return None
    for library in libraries():
        if library in method.libraries:
            return method
    return None


def bound_method(array: Any, name: str, method: LibraryMethod) -> Callable[..., Any]:
    """``array.name`` as the library's arrays have it: a call of the namespace's function
    with the array first (or of one of the few steps the namespace has no function for)."""
    namespace = array.__array_namespace__()
    renames = dict(method.keywords)

    def call(*args: Any, **keywords: Any) -> Any:
        keywords = {renames.get(key, key): value for key, value in keywords.items()}
        step = _STEPS.get(method.function)
        if step is not None:
            return step(namespace, array, *args, **keywords)
        return getattr(namespace, method.function)(array, *args, **keywords)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = (f"``x.{name}(...)``, as the arrays of "
                    f"{', '.join(sorted(LIBRARIES[lib] for lib in method.libraries))} have "
                    f"it (under their profile only): {method.function} of the namespace.")
    return call


def _reshape(namespace: Any, array: Any, *shape: Any, **keywords: Any) -> Any:
    if len(shape) == 1 and not isinstance(shape[0], int):
        shape = tuple(shape[0])
    return namespace.reshape(array, shape, **keywords)


def _squeeze(namespace: Any, array: Any, axis: Any = None) -> Any:
    if axis is None:
        axis = tuple(i for i, size in enumerate(array.shape) if size == 1)
    return namespace.squeeze(array, axis=axis)


def _cumulative(function: str) -> Callable[..., Any]:
    def step(namespace: Any, array: Any, axis: Any = None, **keywords: Any) -> Any:
        if axis is None:  # NumPy-style: of the flattened array
            array, axis = namespace.reshape(array, (-1,)), 0
        return getattr(namespace, function)(array, axis=axis, **keywords)
    return step


_STEPS: dict[str, Callable[..., Any]] = {
    "reshape": _reshape,
    "squeeze": _squeeze,
    "flatten": lambda namespace, array: namespace.reshape(array, (-1,)),
    "copy": lambda namespace, array: namespace.asarray(array, copy=True),
    "item": lambda namespace, array: array.__array__().item(),
    "tolist": lambda namespace, array: array.__array__().tolist(),
    "cumulative_sum": _cumulative("cumulative_sum"),
    "cumulative_prod": _cumulative("cumulative_prod"),
}
"""The methods that are no single namespace call with the array first."""


def _logspace(namespace: dict[str, Any]) -> Callable[..., Any]:
    def logspace(start: float, stop: float, num: int = 50, *, endpoint: bool = True,
                 base: float = 10.0, dtype: Any = None, device: Any = None) -> Any:
        """``base ** linspace(start, stop, num)``, as the profile's library's logspace
        (under its profile only: the standard has no logspace)."""
        exponents = namespace["linspace"](start, stop, num, endpoint=endpoint, dtype=dtype,
                                          device=device)
        return namespace["pow"](base, exponents)
    return logspace


LIBRARY_FUNCTIONS: dict[str, tuple[frozenset[str], Callable[[dict[str, Any]], Any]]] = {
    "logspace": (_ALL, _logspace),
}
"""Each function beyond the standard that some profile's library has in its namespace,
with the libraries and how it is made from the namespace's own functions."""


def library_function(namespace: dict[str, Any], name: str) -> Any:
    """The namespace's function ``name`` that the profile in force has beyond the
    standard, or None."""
    entry = LIBRARY_FUNCTIONS.get(name)
    if entry is None or not any(library in entry[0] for library in libraries()):
        return None
    return entry[1](namespace)
