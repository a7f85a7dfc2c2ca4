"""
Test devices of the user's own: the checks of a definition, before the table
(``_tables/_devices``) adds it, and of a removal.

A definition names the device, the dtypes it lacks, its default dtype of each kind and
whether it allows data-dependent shapes. What it may say:

- a name that starts with a letter, then letters, digits, ``_``, ``-``, ``.`` or ``:``
  (``"meta"``, ``"mps"``, ``"cuda:0"``), not a built-in device's, nor a defined one's;
- lacks: any dtypes but bool (every comparison gives bool);
- defaults: for "real floating" float32 or float64, for "complex floating" complex64
  or complex128, for "integral" and "indexing" int32 or int64 (what the standard lets a
  library choose), never a dtype the device lacks. A kind left out takes the CPU's
  default when the device has it, else the 32-bit one (``no_float64`` and ``no_x64``'s
  way), so that ``lacks=["float64", "complex128"]`` alone describes Apple's MPS.

Dtypes are given as the namespace's dtype objects or their names. Every refusal is a
TypeError (a wrong kind of argument) or ValueError (a wrong value) naming the argument,
what was given and what is allowed; a refused definition changes nothing.

Pure Python over the tables: names in, a ``Device`` out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .._tables._devices import (
    BUILT_IN_DEVICES,
    DEVICES_BY_NAME,
    NARROW_DEFAULTS,
    WIDE_DEFAULTS,
    Device,
    add_device,
    device_names,
    remove_device,
)
from .._tables._dtypes import ALL_DTYPES, DType
from ._flag_state import value

_DTYPE_NAMES = tuple(dtype.name for dtype in ALL_DTYPES)

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.:-]*")

_BUILT_IN_NAMES = tuple(device.name for device in BUILT_IN_DEVICES)

DEFAULT_CHOICES = {
    "real floating": ("float32", "float64"),
    "complex floating": ("complex64", "complex128"),
    "integral": ("int32", "int64"),
    "indexing": ("int32", "int64"),
}
"""The dtypes a device may give by default, for each kind of ``default_dtypes()``."""


def defined(
    name: object,
    lacks: object,
    default_dtypes: object,
    data_dependent_shapes: object,
    function: str,
) -> Device:
    """The new device of a checked definition, added to the table; TypeError or
    ValueError naming ``function`` and the argument for a bad one."""
    name = _checked_name(name, function)
    lacking = _checked_lacks(lacks, function)
    defaults = _checked_defaults(default_dtypes, lacking, function)
    if data_dependent_shapes is not True and data_dependent_shapes is not False:
        raise TypeError(
            f"{function}(): 'data_dependent_shapes' must be True or False, got "
            f"{data_dependent_shapes!r}"
        )
    device = add_device(name, lacking, defaults, data_dependent_shapes)
    if device is None:
        raise ValueError(
            f"{function}(): a device named {name!r} is already defined; remove it first "
            f"(array_api_reshape.devices.remove({name!r}))"
        )
    return device


def removed(device: object, function: str) -> Device:
    """The device ``device`` (a Device or its name) names, taken out of the table;
    ValueError for a built-in device, one not defined, or the fixed_device flag's."""
    if isinstance(device, str):
        name, found = device, DEVICES_BY_NAME.get(device)
    elif isinstance(device, Device):
        name, found = device.name, device
    else:
        raise TypeError(
            f"{function}(): 'device' must be a device or its name, got "
            f"{type(device).__name__} {device!r}"
        )
    if name in _BUILT_IN_NAMES:
        raise ValueError(f"{function}(): 'device' {name!r} is built in and cannot be removed")
    if found is not None and value("fixed_device") is found:
        raise ValueError(
            f"{function}(): device {name!r} is the fixed_device flag's; "
            "array_api_reshape.flags.set(fixed_device=None) first (or end the flags.using "
            "block that set it)"
        )
    if found is None or not remove_device(found):
        raise ValueError(
            f"{function}(): 'device' {name!r} is not defined (or was removed already); the "
            f"devices are {device_names()}"
        )
    return found


def _checked_name(name: object, function: str) -> str:
    if not isinstance(name, str):
        raise TypeError(f"{function}(): 'name' must be a str, got {type(name).__name__} {name!r}")
    if _NAME.fullmatch(name) is None:
        raise ValueError(
            f"{function}(): 'name' must start with a letter and hold only letters, digits, "
            f"'_', '-', '.' and ':' (such as 'meta' or 'cuda:0'), got {name!r}"
        )
    if name in _BUILT_IN_NAMES:
        raise ValueError(
            f"{function}(): 'name' {name!r} is a built-in device "
            f"({', '.join(map(repr, _BUILT_IN_NAMES))}), which cannot be defined again; "
            "choose another name"
        )
    return name


def _dtype_name(dtype: object, function: str, where: str) -> str:
    """The name of a dtype given as one of our dtypes or as its name; ``where`` says
    where it was given (``"'lacks' holds"``)."""
    if isinstance(dtype, DType):
        return dtype.name
    if not isinstance(dtype, str):
        raise TypeError(
            f"{function}(): {where} {type(dtype).__name__} {dtype!r}, which is neither a "
            "dtype of array_api_reshape nor a dtype's name"
        )
    if dtype not in _DTYPE_NAMES:
        raise ValueError(
            f"{function}(): {where} {dtype!r}, which is not a dtype of array_api_reshape; "
            f"the dtypes are {', '.join(_DTYPE_NAMES)}"
        )
    return dtype


def _checked_lacks(lacks: Any, function: str) -> frozenset[str]:
    if isinstance(lacks, (str, bytes, DType)) or not hasattr(type(lacks), "__iter__"):
        raise TypeError(
            f"{function}(): 'lacks' must be a collection of dtypes or dtype names (such as "
            f"['float64', 'complex128']), got {type(lacks).__name__} {lacks!r}"
        )
    names = frozenset(_dtype_name(dtype, function, "'lacks' holds") for dtype in lacks)
    if "bool" in names:
        raise ValueError(
            f"{function}(): 'lacks' holds 'bool', which every device has (comparisons give it)"
        )
    return names


def _checked_defaults(
    default_dtypes: Any, lacks: frozenset[str], function: str
) -> dict[str, str]:
    if default_dtypes is None:
        default_dtypes = {}
    if not isinstance(default_dtypes, Mapping):
        raise TypeError(
            f"{function}(): 'default_dtypes' must be None or a dict from kinds "
            f"({', '.join(map(repr, DEFAULT_CHOICES))}) to dtypes, got "
            f"{type(default_dtypes).__name__} {default_dtypes!r}"
        )
    for kind in default_dtypes:
        if kind not in DEFAULT_CHOICES:
            raise ValueError(
                f"{function}(): 'default_dtypes' has the key {kind!r}; the kinds are "
                f"{', '.join(map(repr, DEFAULT_CHOICES))}"
            )
    return {
        kind: _default_of(kind, default_dtypes.get(kind), lacks, function)
        for kind in DEFAULT_CHOICES
    }


def _default_of(kind: str, given: object, lacks: frozenset[str], function: str) -> str:
    """The default dtype of ``kind``: the one given, checked, or else the CPU's when the
    device has it, else the 32-bit one."""
    choices = DEFAULT_CHOICES[kind]
    if given is None:
        for name in (WIDE_DEFAULTS[kind], NARROW_DEFAULTS[kind]):
            if name not in lacks:
                return name
        raise ValueError(
            f"{function}(): 'lacks' leaves the device no default {kind} dtype: it needs "
            f"{' or '.join(choices)}"
        )
    argument = f"'default_dtypes'[{kind!r}]"
    name = _dtype_name(given, function, f"{argument} is")
    if name not in choices:
        raise ValueError(
            f"{function}(): {argument} must be {' or '.join(choices)}, got {name!r}"
        )
    if name in lacks:
        raise ValueError(
            f"{function}(): {argument} is {name}, which the device lacks ('lacks' holds it)"
        )
    return name
