"""
Which device a result goes on: the one device its array operands share.

Every result keeps its inputs' device; two devices never meet in one call (as
array-api-strict). Calls ask only while ``MODES.devices`` is on; before the first array
off the CPU every array is on the CPU, so a call takes ``CPU_DEVICE`` without looking:

    device = CPU_DEVICE
    if MODES.devices:
        device = same_device("where", condition=condition, x1=x1, x2=x2)

Views share their storage, and so their device, with no help from here.

This module reads arrays' storage (the device is the storage's) and imports no chapter.
"""

from __future__ import annotations

from typing import Any

from .._kernels._storage import Storage
from .._tables._devices import CPU_DEVICE, Device
from ._findings import mode_error


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


def same_device(function: str, **arguments: Any) -> Device:
    """The device of the arrays among ``arguments`` (arrays, sequences of arrays, Python
    scalars or None, by argument name), the CPU when there is none; ValueError naming
    ``function`` and the two arguments when two arrays are on different devices."""
    arrays = _arrays(arguments)
    if not arrays:
        return CPU_DEVICE
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
