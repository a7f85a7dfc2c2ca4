"""
The refusals of the portability modes: each raises, in the modes that forbid an action,
the error that names the action, the flag, and the way back or around.

Callers on hot paths test ``MODES.flags`` first (one attribute read) and call these only
when some mode may be on. Pure Python: flags in, exceptions out.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

from .._tables._devices import Device
from .._tables._dtypes import (
    DType,
    dtype_of_argument,
    is_kind,
)
from . import _strict_rules as strict_rules
from ._device_checks import default_device, refuse_data_dependent_on
from ._findings import mode_error
from ._flag_state import MODES, ServedAttributes, hold_served, value
from ._library_methods import library_function
from ._profiles import (
    lacked_attributes,
    library_capabilities,
    refuse_immutable_write,
    refuse_lacked_attribute,
    requested,
)

P = ParamSpec("P")
R = TypeVar("R")

__all__ = [
    "MODES",
    "refuse_boolean_index",
    "refuse_data_dependent",
    "refuse_disabled_extension",
    "refuse_missing_extension",
    "refuse_unspecified",
    "refuse_unspecified_kind",
    "capabilities_here",
    "check_dtype",
    "extension_function",
    "serve_hideable",
    "served_attribute",
    "refuse_lazy",
    "refuse_write",
    "is_lazy",
    "is_read_only",
    "ViewMutationWarning",
]


class ViewMutationWarning(UserWarning):
    """A read of an array whose elements a write through another array changed (the
    views flag is 'warn'): where views are copies, its values would differ."""


def _turn_on(flag: str, setting: object) -> str:
    return f"array_api_reshape.flags.set({flag}={setting!r}) turns it back"


def is_lazy() -> bool:
    """True when the lazy flag is on here."""
    return MODES.flags and bool(value("lazy"))


def is_read_only() -> bool:
    """True when the writeable flag is off here."""
    return MODES.flags and not value("writeable")


def capabilities_here() -> dict[str, bool]:
    """The inspection's ``"boolean indexing"`` and ``"data-dependent shapes"`` here: True
    unless their flags are off, the lazy flag is on or the default device allows no
    data-dependent shapes (then both are off); the profile's library's answer where it
    has another (JAX's: both off)."""
    fixed_shapes = is_lazy() or not default_device().data_dependent_shapes
    capabilities = {
        "boolean indexing": bool(value("boolean_indexing")) and not fixed_shapes,
        "data-dependent shapes": bool(value("data_dependent_shapes")) and not fixed_shapes,
    }
    if MODES.profile:
        capabilities.update(library_capabilities())
    return capabilities


def refuse_lazy(call: str, what: str) -> None:
    """ValueError for ``call`` (``"__bool__()"``), which needs ``what`` (the values, …)
    that a lazy array library only has once it computes, when the lazy flag is on."""
    if is_lazy():
        raise mode_error(
            ValueError,
            f"{call}: needs {what}, which a lazy array library only knows after computing, "
            f"and the lazy flag is on ({_turn_on('lazy', False)} off)",
            "lazy",
        )


def refuse_data_dependent(function: str, device: Device) -> None:
    """``function``'s result, on ``device``, has a shape that depends on the data:
    RuntimeError on a device that allows no such shapes; ValueError when the lazy flag is
    on, RuntimeError (as array-api-strict) when data_dependent_shapes is off."""
    refuse_data_dependent_on(device, f"{function}()")
    if not MODES.flags:
        return
    refuse_lazy(f"{function}()", "the values to know its result's shape")
    if not value("data_dependent_shapes"):
        raise mode_error(
            RuntimeError,
            f"{function}(): its result's shape depends on the data (data-dependent shapes), "
            "and the data_dependent_shapes flag is off "
            f"({_turn_on('data_dependent_shapes', True)} on)",
            "data_dependent_shapes",
        )


def refuse_boolean_index(method: str, device: Device) -> None:
    """Indexing an array on ``device`` with a boolean array: RuntimeError (as
    array-api-strict) when boolean_indexing is off; reading by a mask is also
    data-dependent, refused under lazy and on a device that allows no such shapes."""
    if method == "__getitem__":
        refuse_data_dependent_on(device, "__getitem__()")
    if not MODES.flags:
        return
    if method == "__getitem__":
        refuse_lazy("__getitem__()", "the mask's values to know the result's shape")
    if not value("boolean_indexing"):
        raise mode_error(
            RuntimeError,
            f"{method}(): indexing with a boolean array, and the boolean_indexing flag is "
            f"off ({_turn_on('boolean_indexing', True)} on)",
            "boolean_indexing",
        )


def refuse_write(call: str) -> None:
    """ValueError for a write into an array when the writeable flag is off (arrays are
    immutable, as on JAX); the profile's library's own error where it sets the flag."""
    if is_read_only():
        if MODES.profile:
            refuse_immutable_write(call)
        raise mode_error(
            ValueError,
            f"{call}: arrays are read-only here: the writeable flag is off (as on JAX); "
            "write with array_api_extra.at(x, index).set(value), which returns a new array, "
            "or write into a copy from asarray(x, copy=True) "
            f"({_turn_on('writeable', True)} on)",
            "writeable",
        )


def refuse_missing_extension(extension: str, module: str = "array_api_reshape") -> None:
    """AttributeError (as array-api-strict) for the attribute ``linalg`` or ``fft`` of a
    namespace (``module``) while the extension is not among the enabled_extensions."""
    if MODES.flags and extension not in value("enabled_extensions"):
        raise mode_error(
            AttributeError,
            f"the {extension} extension is disabled by the enabled_extensions flag "
            "(array_api_reshape.flags.set(enabled_extensions=('linalg', 'fft')) enables both)",
            "enabled_extensions", f"{module}.{extension}",
        )


def refuse_disabled_extension(extension: str, function: str) -> None:
    """RuntimeError (as array-api-strict) for a function of ``extension`` called while
    the extension is not among the enabled_extensions."""
    if MODES.flags and extension not in value("enabled_extensions"):
        also = ""
        if extension == "linalg" and function in ("matmul", "tensordot", "matrix_transpose",
                                                  "vecdot"):
            also = f"; {function} is also in the main namespace, and works from there"
        raise mode_error(
            RuntimeError,
            f"{extension}.{function}(): the {extension} extension is disabled by the "
            f"enabled_extensions flag{also} (array_api_reshape.flags.set(enabled_extensions="
            f"('linalg', 'fft')) enables both)",
            "enabled_extensions",
        )


def extension_function(extension: str, module: str, function: Callable[P, R]) -> Callable[P, R]:
    """``function`` as the extension module ``module`` publishes it: the same call, which
    first refuses while the enabled_extensions flag leaves ``extension`` out (one
    attribute read otherwise). Named after ``module``, so that it pickles by reference."""
    name = function.__name__

    def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        if MODES.flags:
            refuse_disabled_extension(extension, name)
        return function(*args, **kwargs)

    # the modes' reports name the function user code called by its code's name
    guarded.__code__ = guarded.__code__.replace(co_name=name, co_qualname=name)
    guarded = functools.wraps(function)(guarded)
    guarded.__module__ = module
    guarded.__qualname__ = name
    return guarded


def refuse_unspecified(function: str, what: str, strict_takes: bool = False) -> None:
    """TypeError (as array-api-strict) for ``what``, a behaviour the standard leaves
    unspecified and the default namespace follows NumPy, PyTorch and JAX on, when the
    unspecified flag is "refuse"; with ``strict_takes``, not under the profile "strict"
    (array-api-strict takes it: ``linspace`` of an integer dtype, 0-d arrays as numbers)."""
    if MODES.flags and value("unspecified") == "refuse" and not (
            strict_takes and MODES.profile and strict_rules.in_force()):
        raise mode_error(
            TypeError,
            f"{function}(): {what}, which the standard does not specify, and the unspecified "
            "flag is 'refuse' (array_api_reshape.flags.set(unspecified='follow') does as "
            "NumPy, PyTorch and JAX do)",
            "unspecified",
        )


def refuse_unspecified_kind(function: str, argument: str, dtype: DType, kinds: str) -> None:
    """``refuse_unspecified`` for an argument whose dtype is not of ``kinds`` (a group of
    ``KIND_GROUPS``), where the standard says the argument should be and the default
    namespace takes it as NumPy does (``sort`` of bools, ``isin`` of floats)."""
    if MODES.flags and not is_kind(dtype, kinds):
        refuse_unspecified(function, f"'{argument}' of dtype {dtype.name}, where the standard "
                                     f"asks for a {kinds} dtype")


def check_dtype(dtype: Any, function: str, argument: str = "dtype") -> DType:
    """Our DType for a ``dtype`` argument (``_dtypes.dtype_of_argument``); Python's
    ``bool``, ``int``, ``float`` and ``complex``, which the standard does not name as
    dtypes, are refused when the unspecified flag is "refuse". A ``dtype=`` argument of a
    function that makes an array (every one but ``isdtype``) that the profile's library
    does not make is warned about, as the library does (``_profiles.requested``)."""
    result = dtype_of_argument(dtype, function, argument)
    if MODES.flags:
        if dtype.__class__ is type:
            refuse_unspecified(function, f"Python's {dtype.__name__} as '{argument}'")
        if MODES.profile and argument == "dtype" and function != "isdtype":
            requested(result, function)
    return result


def serve_hideable(
    namespace: dict[str, Any], extensions: Mapping[str, object], prefix: str = "",
    own_getattr: bool = False,
) -> ServedAttributes:
    """Hold the attributes of a namespace's ``namespace`` dict that a mode may hide: its
    ``extensions`` (``linalg``, ``fft``) and the functions some profile's library lacks
    (named ``prefix + name`` in the profiles' tables). They stay plain attributes while
    the enabled_extensions and profile flags have their defaults everywhere, and are
    served by a ``__getattr__`` that consults the flags otherwise (``_flag_state``'s
    ``place_served`` moves them). With ``own_getattr`` the namespace's class has a
    ``__getattr__`` that serves them (it calls ``served_attribute``)."""
    lacked = {name: namespace[name] for name in lacked_attributes(prefix) if name in namespace}
    served = ServedAttributes(
        namespace, {**extensions, **lacked}, frozenset(extensions), prefix, None
    )
    if not own_getattr:
        module = namespace.get("__name__")

        def hidden_attribute(name: str) -> object:
            if name not in served.attributes:
                function = None if prefix else library_function(namespace, name)
                if function is not None:  # beyond the standard, as the profile's library
                    return function
                raise AttributeError(f"module {module!r} has no attribute {name!r}")
            return served_attribute(served, name)

        served = served._replace(getattr=hidden_attribute)
    hold_served(served)
    return served


def served_attribute(served: ServedAttributes, name: str) -> object:
    """The hideable attribute ``name`` of a namespace, read while hidden: refused (an
    AttributeError, as ``hasattr`` expects) where a flag in the caller's context leaves
    it out, else the attribute."""
    module = str(served.namespace.get("__name__"))
    if name in served.extensions:
        refuse_missing_extension(name, module)
    else:
        refuse_lacked_attribute(module, served.prefix + name)
    return served.attributes[name]
