"""
Versions of the standard: the namespace that behaves as each one, and the default.

The package module ``array_api_reshape`` is the 2025.12 namespace. An older version's
namespace is a module object built once, on first request, whose attributes are the
package's own functions, minus the names that version did not have yet, with the few
functions whose results changed replaced (before 2025.12 ``meshgrid``,
``broadcast_arrays`` and ``__array_namespace_info__().devices()`` return lists; before
2024.12 ``capabilities()`` has no ``"max dimensions"``; before 2023.12 ``sum``,
``prod`` and ``linalg.trace`` of single precision give double precision). Asking a
versioned namespace for a later name is an AttributeError that says which version
added it.

The default version is what ``Array.__array_namespace__()`` gives without an
``api_version``: the ``api_version`` flag (``array_api_reshape.flags``), which is 2025.12,
or the environment variable ``ARRAY_API_RESHAPE_API_VERSION`` read at import, or the last
``versions.set_default()`` or ``flags.set``, or a ``flags.using`` block's.

This module imports nothing from the package but the dtype table and the element-wise
functions' records (each says which version added it): the package's ``__init__`` hands
itself over (``register_latest``) once it is complete, and the older namespaces are built
from it. So the array object, which asks here for namespaces, sits below every chapter with
no import circle.

Arrays carry no version: the same array serves every namespace, and
``x.__array_namespace__()`` answers with the default's. Code written for one version
asks for it (``x.__array_namespace__(api_version=V)``, which array-api-compat's
``array_namespace(x, api_version=V)`` does) or sets the default.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from typing import Any, Literal

from .._kernels._elementwise_records import ELEMENTWISE_FUNCTIONS
from .._modes import _flag_state
from .._modes._flag_state import LATEST_API_VERSION, SUPPORTED_API_VERSIONS
from .._modes._flag_state import MODES, ServedAttributes
from .._modes._findings import mode_error
from .._modes._refusals import serve_hideable, served_attribute
from .._tables._dtypes import DType

Array = Any
Info = Any
"""The array and the inspection class, typed loosely: this module sits below both (the
package hands ``Info`` over at import, see ``register_latest``)."""

ENVIRONMENT_VARIABLE = _flag_state.environment_variable("api_version")

# The version of the standard that added each name (names of 2021.12 are not listed),
# but the element-wise functions of ELEMENTWISE_FUNCTIONS: their records say (see added_in).
_ADDED_IN = {
    "2022.12": ("complex64", "complex128", "fft", "isdtype", "take"),
    "2023.12": (
        "__array_namespace_info__", "clip", "cumulative_sum", "moveaxis", "repeat",
        "searchsorted", "tile", "unstack",
    ),
    "2024.12": ("count_nonzero", "cumulative_prod", "diff", "take_along_axis"),
    "2025.12": ("broadcast_shapes", "isin"),
}
_LINALG_ADDED_IN = {"2025.12": ("eig", "eigvals")}

# Before this version meshgrid, broadcast_arrays and Info.devices() return lists.
TUPLES_SINCE = "2025.12"
# Before this version sum, prod and linalg.trace of float32 (complex64) give float64
# (complex128) when no dtype is asked for.
SAME_PRECISION_SUMS_SINCE = "2023.12"


def added_in() -> dict[str, tuple[str, ...]]:
    """For each version of the standard after the first, the names of the namespace it
    added: those of ``_ADDED_IN`` and the element-wise functions whose records say so.

    >>> sorted(added_in()["2024.12"])
    ['count_nonzero', 'cumulative_prod', 'diff', 'nextafter', 'reciprocal', 'take_along_axis']
    """
    versions = {version: list(names) for version, names in _ADDED_IN.items()}
    for function in ELEMENTWISE_FUNCTIONS.values():
        if function.added_in != SUPPORTED_API_VERSIONS[0]:
            versions.setdefault(function.added_in, []).append(function.name)
    return {version: tuple(names) for version, names in versions.items()}


def checked_version(api_version: object, function: str) -> str:
    """``api_version`` if the package supports it; otherwise a TypeError or ValueError
    naming ``function``'s ``api_version`` argument."""
    if api_version.__class__ is str and api_version in SUPPORTED_API_VERSIONS:
        return api_version
    expected = f"one of {', '.join(SUPPORTED_API_VERSIONS)}"
    if not isinstance(api_version, str):
        raise TypeError(
            f"{function}(): 'api_version' must be None or a str, {expected}; "
            f"got {type(api_version).__name__} {api_version!r}"
        )
    raise ValueError(
        f"{function}(): 'api_version' must be None or {expected}, got {api_version!r}"
    )


_namespaces: dict[str, types.ModuleType] = {}
_latest: types.ModuleType | None = None
_info_class: type[Info] | None = None
_extensions: dict[str, types.ModuleType] = {}


def register_latest(
    package: types.ModuleType, info_class: type[Info], extensions: dict[str, types.ModuleType]
) -> None:
    """Hand over the package module (the 2025.12 namespace, from which the older versions'
    namespaces are built) and the ``Info`` class; the package's ``__init__`` calls this
    once, last. Nothing here imports the package: this module sits below the array object,
    which asks it for namespaces, and so forms no import circle."""
    global _latest, _info_class
    _latest, _info_class = package, info_class
    _extensions.update(extensions)


def _package() -> types.ModuleType:
    if _latest is None:
        raise RuntimeError("array_api_reshape: the package has not finished importing")
    return _latest


def get_default() -> str:
    """The version ``__array_namespace__()`` follows when none is asked for: the
    ``api_version`` flag in the current context."""
    version: str = _flag_state.value("api_version")
    return version


def set_default(api_version: str) -> None:
    """Make ``api_version`` the default for every context (see ``versions.set_default``)."""
    _flag_state.set_defaults({"api_version": checked_version(api_version, "set_default")})


def namespace(api_version: str | None, function: str = "namespace") -> types.ModuleType:
    """The namespace of ``api_version`` (None: the default), built on first use."""
    if api_version is None:
        version = LATEST_API_VERSION if not MODES.versions else _flag_state.value("api_version")
    else:
        version = api_version
    if version.__class__ is str:
        found = _namespaces.get(version)
        if found is not None:
            return found
    version = checked_version(version, function)
    return _namespaces.setdefault(version, _build(version))


_stand_in: types.ModuleType | None = None


def set_stand_in(module: types.ModuleType | None) -> None:
    """While ``module`` (the stand-in for array-api-strict, see ``array_api_reshape.stand_in``) is
    set, arrays' ``__array_namespace__`` answers with it; None ends that."""
    global _stand_in
    _stand_in = module


def array_namespace(api_version: str | None) -> types.ModuleType:
    """What ``x.__array_namespace__(api_version=api_version)`` gives: the namespace of
    that version, or while a stand-in holds, the stand-in, which follows the version asked
    for from then on (array-api-strict's own answer sets its api_version flag)."""
    stand_in = _stand_in
    if stand_in is None:
        return namespace(api_version, "__array_namespace__")
    if api_version is not None:
        stand_in.set_array_api_strict_flags(api_version=api_version)
    return stand_in


class VersionedNamespace(types.ModuleType):
    """A namespace of array_api_reshape as one version of the standard defines it."""

    # Set by _subset; the namespace's functions are set from the package's __all__.
    _standard_version: str
    _added_later: dict[str, str]
    _served: ServedAttributes  # the attributes a mode may hide (set by _build)
    __all__: list[str]
    __array_namespace_info__: Callable[[], Info]  # set by _build from 2023.12 on

    def __repr__(self) -> str:
        return f"<module {self.__name__!r} (standard {self.__dict__.get('_standard_version')})>"

    def __getattr__(self, name: str) -> Any:
        # Only called for missing names; reads __dict__ directly so that it never recurses.
        fields = self.__dict__
        missing = (
            f"module {fields.get('__name__')!r} (standard {fields.get('_standard_version')}) "
            f"has no attribute {name!r}"
        )
        served = fields.get("_served")
        if served is not None and name in served.attributes:
            return served_attribute(served, name)
        added = fields.get("_added_later", {}).get(name)
        if added is None:
            raise AttributeError(missing)
        raise mode_error(
            AttributeError,
            f"{missing}: the standard added it in version {added}; ask for "
            f"__array_namespace__(api_version={added!r}) or later",
            "api_version", f"{name}()", setting=fields.get("_standard_version"),
        )


def _build(version: str) -> types.ModuleType:
    package = _package()
    if version == LATEST_API_VERSION:
        return package
    replaced: dict[str, object] = {
        "__array_api_version__": version,
        "__version__": package.__version__,
    }
    linalg_replaced: dict[str, object] = {}
    if version < TUPLES_SINCE:
        replaced["meshgrid"] = meshgrid_as_list
        replaced["broadcast_arrays"] = broadcast_arrays_as_list
    if version < SAME_PRECISION_SUMS_SINCE:
        replaced["sum"] = sum_in_double_precision
        replaced["prod"] = prod_in_double_precision
        linalg_replaced["trace"] = trace_in_double_precision
    extensions = dict(_extensions)
    if version < TUPLES_SINCE:
        linalg = _subset(
            _extensions["linalg"], "array_api_reshape.linalg", version, _LINALG_ADDED_IN,
            linalg_replaced,
        )
        linalg._served = serve_hideable(linalg.__dict__, {}, "linalg.", own_getattr=True)
        extensions["linalg"] = linalg
    namespace = _subset(package, "array_api_reshape", version, added_in(), replaced)
    # plain attributes while no mode is on, else served by __getattr__ (see serve_hideable)
    namespace._served = serve_hideable(
        namespace.__dict__,
        {name: module for name, module in extensions.items() if name in namespace.__all__},
        own_getattr=True,
    )
    if hasattr(namespace, "__array_namespace_info__"):  # not before 2023.12
        namespace.__array_namespace_info__ = _info_function(version)
    return namespace


def _subset(module: types.ModuleType, name: str, version: str,
            added_in: Mapping[str, tuple[str, ...]],
            replaced: dict[str, object]) -> VersionedNamespace:
    """A VersionedNamespace holding ``module``'s public names that ``version`` has, then
    the ``replaced`` attributes (functions whose results changed, version strings)."""
    added_later = {
        later_name: added
        for added, names in added_in.items()
        if added > version
        for later_name in names
    }
    namespace = VersionedNamespace(name, module.__doc__)
    namespace._standard_version = version
    namespace._added_later = added_later
    kept = [n for n in module.__all__ if n not in added_later]
    for kept_name in kept:
        if kept_name not in _extensions:
            setattr(namespace, kept_name, _unhidden(module, kept_name))
    for replaced_name, value in replaced.items():
        setattr(namespace, replaced_name, value)
    namespace.__all__ = kept
    return namespace


def _unhidden(module: types.ModuleType, name: str) -> object:
    """``module``'s attribute ``name``, also while a mode hides it from the caller."""
    fields = vars(module)
    if name in fields:
        return fields[name]
    served: ServedAttributes = fields["_SERVED"] if "_SERVED" in fields else fields["_served"]
    return served.attributes[name]


def meshgrid_as_list(*arrays: Array, indexing: Literal["xy", "ij"] = "xy") -> list[Array]:
    """``meshgrid`` as the standard's versions before 2025.12 define it: the same grids,
    in a list (see :func:`array_api_reshape.meshgrid`)."""
    return list(_package().meshgrid(*arrays, indexing=indexing))


def broadcast_arrays_as_list(*arrays: Array) -> list[Array]:
    """``broadcast_arrays`` as the standard's versions before 2025.12 define it: the same
    views, in a list (see :func:`array_api_reshape.broadcast_arrays`)."""
    return list(_package().broadcast_arrays(*arrays))


def _info_function(version: str) -> Callable[[], Info]:
    info_class = _info_class
    if info_class is None:
        raise RuntimeError("array_api_reshape: the package has not finished importing")

    def __array_namespace_info__() -> Info:
        return info_class(version)

    __array_namespace_info__.__doc__ = _package().__array_namespace_info__.__doc__
    return __array_namespace_info__


def _double_precision(x: Array, dtype: DType | None) -> DType | None:
    """The dtype that sums of ``x`` had before 2023.12 when ``dtype`` is None: float32
    and complex64 widened to double precision; anything else as given."""
    if dtype is not None:
        return dtype
    package = _package()
    widened = {package.float32: package.float64, package.complex64: package.complex128}
    return widened.get(getattr(x, "dtype", None))


def sum_in_double_precision(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DType | None = None,
    keepdims: bool = False,
) -> Array:
    """``sum`` as the standard's versions before 2023.12 define it: float32 and
    complex64 inputs are summed in double precision unless ``dtype`` says otherwise
    (see :func:`array_api_reshape.sum`)."""
    return _package().sum(x, axis=axis, dtype=_double_precision(x, dtype), keepdims=keepdims)


def prod_in_double_precision(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    dtype: DType | None = None,
    keepdims: bool = False,
) -> Array:
    """``prod`` as the standard's versions before 2023.12 define it: float32 and
    complex64 inputs are multiplied in double precision unless ``dtype`` says otherwise
    (see :func:`array_api_reshape.prod`)."""
    return _package().prod(x, axis=axis, dtype=_double_precision(x, dtype), keepdims=keepdims)


def trace_in_double_precision(x: Array, /, *, offset: int = 0, dtype: DType | None = None) -> Array:
    """``linalg.trace`` as the standard's versions before 2023.12 define it: float32
    and complex64 inputs are summed in double precision unless ``dtype`` says otherwise
    (see :func:`array_api_reshape.linalg.trace`)."""
    trace: Callable[..., Array] = _extensions["linalg"].trace
    return trace(x, offset=offset, dtype=_double_precision(x, dtype))
