"""
Which device a call works on: the one its ``device=`` argument names, else the one device
its array operands share, else the default device.

Every result keeps its inputs' device; two devices never meet in one call (as
array-api-strict). A chapter asks once, with the device argument and the arrays by their
argument names, and gets the device its result goes on:

    device = device_of_call("where", condition=condition, x1=x1, x2=x2)
    placed = device_of_call("zeros", device)
    placed = device_of_call("astype", device, x=x)

A named device is checked (``_device_checks.check_device``: a name, the fixed_device flag,
a removed device); the arrays are compared only while ``MODES.devices`` is on: before the
first array off the CPU every array is on the CPU, so the answer is the CPU without
looking. Views share their storage, and so their device, with no help from here.

This module reads arrays' storage (the device is the storage's) and imports no chapter.
"""

from __future__ import annotations

from typing import Any

from .._kernels._storage import Storage
from .._tables._devices import CPU_DEVICE, Device
from ._device_checks import check_device
from ._findings import mode_error
from ._flag_state import MODES
from ._transfers import check_transfer


def _is_ours(value: Any) -> bool:
    """True for one of our arrays (read structurally: this module sits below the class)."""
    return isinstance(getattr(value, "_storage", None), Storage)


def _arrays(arguments: dict[str, Any]) -> list[tuple[str, Any]]:
    """Each array among the arguments, by name: an argument, or an item of a list or
    tuple of them (``arrays[1]``, ``key[0]``); Python scalars and None have no device."""
    found = []
    for name, value in arguments.items():
        if _is_ours(value):
            found.append((name, value))
        elif isinstance(value, (list, tuple)):
            found.extend((f"{name}[{i}]", item) for i, item in enumerate(value) if _is_ours(item))
    return found


def device_of_call(function: str, device: object = None, /, **arrays: Any) -> Device:
    """The device a call of ``function`` works on and puts its result on: the one its
    ``device`` argument names (``check_device``: TypeError or ValueError naming
    ``function``), else the one device shared by the arrays among ``arrays`` (arrays,
    sequences of arrays, Python scalars or None, by argument name: ValueError naming
    ``function`` and two arguments on different devices), else the default device (the
    CPU, or the fixed_device flag's)."""
    if device is not None:
        return check_device(device, function)
    if MODES.devices:
        found = _arrays(arrays)
        if found:
            return _shared_device(function, found)
    elif not MODES.flags or _holds_arrays(arrays):
        return CPU_DEVICE  # every array is on the CPU, and so is the default device
    return check_device(None, function)


def _holds_arrays(arguments: dict[str, Any]) -> bool:
    """True when an argument is one of our arrays, or a list or tuple holding one."""
    return any(_is_ours(value) or (isinstance(value, (list, tuple)) and any(map(_is_ours, value)))
               for value in arguments.values())


def default_is_cpu() -> bool:
    """True when an array made without ``device=`` surely goes on the CPU: neither the
    fixed_device flag nor a profile whose library has a device of its own (CuPy's) may be
    in force anywhere. (A shortcut that places its array on the CPU without asking
    ``device_of_call`` asks this first.)"""
    return not MODES.fixed_device


def same_device(function: str, **arguments: Any) -> Device:
    """The device of the arrays among ``arguments`` (arrays, sequences of arrays, Python
    scalars or None, by argument name), the CPU when there is none; ValueError naming
    ``function`` and the two arguments when two arrays are on different devices. Asked
    while ``MODES.devices`` is on (``device_of_call`` asks it so)."""
    arrays = _arrays(arguments)
    return _shared_device(function, arrays) if arrays else CPU_DEVICE


def _shared_device(function: str, arrays: list[tuple[str, Any]]) -> Device:
    first_name, first = arrays[0]
    device: Device = first._storage.device
    for name, array in arrays[1:]:
        other: Device = array._storage.device
        if other is not device:
            raise mode_error(
                ValueError,
                f"{function}(): '{name}' is on device {other.name!r} but '{first_name}' on "
                f"{device.name!r}; the arrays of one call must share a device (move one "
                "with to_device())",
                "device", f"{function}()", setting=other.name if device is CPU_DEVICE
                else device.name,
            )
    return device


def arrays_inside(data: list | tuple) -> list[Any]:
    """Our arrays inside nested Python sequences, in the order a walk meets them."""
    arrays: list[Any] = []
    pending, seen = [data], {id(data)}
    while pending:
        for item in pending.pop():
            if _is_ours(item):
                arrays.append(item)
            elif isinstance(item, (list, tuple)) and id(item) not in seen:  # (no cycles)
                seen.add(id(item))
                pending.append(item)
    return arrays


def device_inside(data: object, function: str) -> Device | None:
    """The device of our arrays inside ``data`` (Python lists and tuples, nested), which
    must share one, as the arrays of any call must (ValueError naming ``function``
    otherwise): an array made of the data goes on it unless a device is named. None when
    there are none, and while every array is on the CPU."""
    if not MODES.devices or not isinstance(data, (list, tuple)):
        return None
    arrays = arrays_inside(data)
    return same_device(function, obj=arrays) if arrays else None


def check_moves_inside(data: object, target: Device, function: str) -> None:
    """What the transfers flag says of ``function`` moving the arrays inside ``data``
    (Python lists and tuples, nested) onto ``target`` (``_transfers.check_transfer``, once
    for each other device they are on)."""
    if MODES.flags and MODES.devices and isinstance(data, (list, tuple)):
        for origin in dict.fromkeys(array._storage.device for array in arrays_inside(data)):
            if origin is not target:
                check_transfer(origin, target, function)
