"""
The device rules: what a ``device=`` argument names, the fixed_device flag, and the dtypes
a device lacks (the table of devices is ``_devices``).

- ``device=None`` means the default device: the CPU, or the fixed_device flag's device.
- A Device or its name (``"device1"``) names a device; anything else is refused.
- While the fixed_device flag is set, making or moving an array onto another device is a
  ValueError naming the flag (``check_device``); asking about a device is not.
- An array never has a dtype its device lacks: creation refuses it naming the function
  (``check_dtype_on_device``), and a result that would have one is refused too
  (``check_result_dtype``), as array-api-strict refuses it.
- The first time an array is to be made on a device other than the CPU, ``MODES.devices``
  turns on, so that calls start comparing their arrays' devices.
- A device users defined may allow no data-dependent shapes (as PyTorch's meta device):
  the functions whose result's shape depends on the values refuse its arrays
  (``refuse_data_dependent_on``). Once removed, a device takes no new arrays.

Pure Python: devices and dtypes in, exceptions out.
"""

from __future__ import annotations

from .._tables._devices import (
    BUILT_IN_DEVICES,
    CPU_DEVICE,
    DEVICES_BY_NAME,
    Device,
    device_names,
)
from .._tables._dtypes import ALL_DTYPES, DType
from ._strict_rules import refuse_device_name, takes_any_name
from ._findings import mode_error
from ._flag_state import MODES, value
from ._profiles import cpu_default_dtype_names, profile_device

_DTYPES_BY_NAME = {dtype.name: dtype for dtype in ALL_DTYPES}


def _dtypes_named(device: Device) -> dict[str, DType]:
    return {kind: _DTYPES_BY_NAME[name] for kind, name in device.default_dtype_names.items()}


DEFAULT_DTYPES: dict[Device, dict[str, DType]] = {
    device: _dtypes_named(device) for device in BUILT_IN_DEVICES
}
"""For each built-in device, its default dtype of each kind ("real floating", "complex
floating", "integral", "indexing"); a device users defined reads its own names."""

_FLAG_OFF = "array_api_reshape.flags.set(fixed_device=None) turns it off"

_CPU_INDEX = DEFAULT_DTYPES[CPU_DEVICE]["indexing"]


def index_dtype_on(device: Device) -> DType:
    """The dtype of the positions and counts a function gives on ``device`` (argsort,
    nonzero, searchsorted, unique's indices and counts, ...): its default indexing dtype,
    int64 on the CPU and int32 on ``no_x64`` (as JAX gives them there)."""
    if device is CPU_DEVICE and not MODES.profile:
        return _CPU_INDEX
    return default_dtypes_of(device)["indexing"]


def default_dtypes_of(device: Device) -> dict[str, DType]:
    """``device``'s default dtype of each kind; on the CPU and the profile's own device
    (CuPy's GPU), the profile's library's where a profile is in force (PyTorch's
    float32)."""
    if MODES.profile and (device is CPU_DEVICE or device is profile_device()):
        names = cpu_default_dtype_names()
        if names is not None:
            return {kind: _DTYPES_BY_NAME[name] for kind, name in names.items()}
    return _own_defaults(device)


def _own_defaults(device: Device) -> dict[str, DType]:
    """``device``'s own default dtype of each kind, whatever the profile."""
    defaults = DEFAULT_DTYPES.get(device)
    return _dtypes_named(device) if defaults is None else defaults


def default_device() -> Device:
    """The device arrays are made on when no device is named: the fixed_device flag's
    device when it is set here, else the CPU."""
    if MODES.flags:
        fixed = value("fixed_device")
        if fixed is not None:
            return fixed
        if MODES.profile:
            own = profile_device()
            if own is not None:
                return own
    return CPU_DEVICE


def resolve_device(device: object, function: str) -> Device:
    """The device a ``device`` argument names: None is the default device, a Device
    itself, a str its name; TypeError or ValueError naming ``function`` otherwise."""
    if device is None:
        return default_device()
    if device.__class__ is Device:
        return device
    if isinstance(device, str):
        if MODES.profile:
            refuse_device_name(function, device)
        named = DEVICES_BY_NAME.get(device)
        if named is not None:
            return named
        own = profile_device() if MODES.profile else None
        if own is not None and device == own.name:
            return own
        if MODES.profile and takes_any_name(function):
            return CPU_DEVICE
        raise ValueError(
            f"{function}(): 'device' {device!r} is not a device of array_api_reshape; "
            f"the devices are {device_names()}"
        )
    raise TypeError(
        f"{function}(): 'device' must be None, a device of "
        "array_api_reshape.__array_namespace_info__().devices() or its name (such as "
        f"'cpu'), got {type(device).__name__} {device!r}"
    )


def check_device(device: object, function: str) -> Device:
    """The device ``function`` is to make an array on (see ``resolve_device``), after the
    fixed_device flag's check and a check that it was not removed; records that arrays
    may now live off the CPU."""
    if device is None and not MODES.flags:
        return CPU_DEVICE
    resolved = resolve_device(device, function)
    if MODES.flags:
        refuse_unfixed_device(resolved, function)
    if resolved is not CPU_DEVICE:
        if resolved.removed:
            raise ValueError(
                f"{function}(): device {resolved.name!r} was removed "
                "(array_api_reshape.devices.remove), and takes no new arrays; define it "
                f"again, or choose one of {device_names()}"
            )
        if not MODES.devices:
            MODES.use_devices()
    return resolved


def refuse_unfixed_device(device: Device, function: str) -> None:
    """ValueError when the fixed_device flag names a device other than ``device``."""
    fixed = value("fixed_device")
    if fixed is not None and fixed is not device:
        raise mode_error(
            ValueError,
            f"{function}(): cannot make or move an array onto device {device.name!r}: the "
            f"fixed_device flag keeps every array on {fixed.name!r} ({_FLAG_OFF})",
            "fixed_device",
        )


def _lacking(device: Device) -> str:
    names = sorted(device.lacks, key=lambda name: _DTYPES_BY_NAME[name].index)
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def check_dtype_on_device(dtype: DType, device: Device, function: str) -> None:
    """ValueError naming ``function`` when ``device`` lacks ``dtype``."""
    if dtype.name in device.lacks:
        defaults = _own_defaults(device)
        raise mode_error(
            ValueError,
            f"{function}(): device {device.name!r} has no {dtype.name} (it lacks "
            f"{_lacking(device)}); choose a dtype it has, such as "
            f"{defaults['real floating'].name} or {defaults['integral'].name}, or another "
            "device",
            "device", setting=device.name,
        )


def check_result_dtype(dtype: DType, device: Device, function: str | None = None) -> None:
    """ValueError when ``device`` lacks ``dtype``, the dtype of a result to be made there
    (as array-api-strict's): a computation on such a device never makes one silently.
    ``Array._new`` and ``Array._adopt`` check every result so; the functions that know
    their result's dtype before computing check first, naming themselves."""
    if dtype.name in device.lacks:
        prefix = "" if function is None else f"{function}(): "
        raise mode_error(
            ValueError,
            f"{prefix}the result would be {dtype.name} on device {device.name!r}, which has "
            f"no {dtype.name} (it lacks {_lacking(device)}); give the operation a dtype= the "
            "device has where it takes one, or cast its inputs with astype() first",
            "device", setting=device.name,
        )


def refuse_data_dependent_on(device: Device, call: str) -> None:
    """RuntimeError naming ``call`` (``"nonzero()"``) when ``device`` allows no
    data-dependent shapes (as array_api_reshape's data_dependent_shapes flag refuses
    them), for a result whose shape depends on the values of arrays on ``device``."""
    if not device.data_dependent_shapes:
        raise mode_error(
            RuntimeError,
            f"{call}: its result's shape depends on the data, and device {device.name!r} "
            "allows no data-dependent shapes (it was defined with "
            "data_dependent_shapes=False, as PyTorch's meta device, which holds no "
            "values); code that runs there cannot use nonzero(), unique_*(), a boolean "
            "mask as an index or repeat() with an array of counts",
            "device", setting=device.name,
        )
