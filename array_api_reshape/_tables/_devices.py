"""
Devices: the table of the places array data can live, and what each one allows.

``cpu`` is the one real device. The four others are array-api-strict's test devices, with
its names and rules: they all hold CPU memory, and differ in the dtypes they have and the
defaults they give, so that code tested on them learns whether it runs on accelerators
that lack 64-bit types:

| device | lacks | default real / complex floating | default integral / indexing |
| --- | --- | --- | --- |
| ``cpu``, ``device1`` | nothing | float64 / complex128 | int64 / int64 |
| ``device2`` | nothing | float32 / complex64 | int64 / int64 |
| ``no_float64`` | float64, complex128 | float32 / complex64 | int64 / int64 |
| ``no_x64`` | float64, complex128, int64, uint64 | float32 / complex64 | int32 / int32 |

``device2`` is like a PyTorch CPU, ``no_float64`` like Apple's MPS, ``no_x64`` like JAX
without x64. Every built-in device allows data-dependent shapes.

Users add test devices of their own (``array_api_reshape.devices.define``, which checks a
definition before ``add_device`` puts it here) and take them away again
(``remove_device``); the built-in five stay. Changes to the table are made under one lock,
and ``all_devices()`` is a tuple rebuilt at each change, so a reader in another thread
sees the table before or after a change, never half of one. An array keeps the device
object it was made on: removing a device takes its name out of the table, not its arrays'
devices, and a device defined again under that name is another device.

A device is a property of an array's storage: views share it, and no call may mix arrays
of two devices (``_device_checks`` says so; this module only holds the table). Dtypes are
named here, not imported: the dtype table sits above the flags that import this module.

Pure Python.
"""

from __future__ import annotations

import builtins
import threading
from collections.abc import Iterable, Mapping


class Device:
    """A place where array data lives; one object per device, equal only to itself.

    ``Device("device1")`` gives the namespace's device of that name (an unknown name is a
    ValueError listing the devices, a name that is no str a TypeError); ``name`` is how
    it is written (``"cpu"``). Devices are compared by identity: a device defined again
    after its removal is not the one removed.

    Examples
    --------
    >>> from array_api_reshape.devices import Device
    >>> Device("no_x64")
    array_api_reshape.Device('no_x64')
    >>> sorted(Device("no_x64").lacks)
    ['complex128', 'float64', 'int64', 'uint64']
    """

    __slots__ = ("name", "lacks", "default_dtype_names", "data_dependent_shapes", "removed")
    name: str
    lacks: frozenset[str]
    """The names of the dtypes arrays on this device cannot have."""
    default_dtype_names: Mapping[str, str]
    """For each kind of ``default_dtypes()``, the name of its dtype on this device."""
    data_dependent_shapes: bool
    """False for a device whose arrays' shapes never depend on their values (as on
    PyTorch's meta device): ``nonzero``, ``unique_*``, reads through a boolean mask and
    ``repeat`` with an array of counts are refused there."""
    removed: bool
    """True once the device was taken out of the table (``devices.remove``): it takes no
    new arrays, while those already on it keep it."""

    def __new__(cls, name: str) -> Device:
        if not isinstance(name, str):
            raise TypeError(
                f"Device(): 'name' must be a str, one of {device_names()}, got "
                f"{type(name).__name__} {name!r}"
            )
        device = DEVICES_BY_NAME.get(name)
        if device is None:
            raise ValueError(f"Device(): 'name' must be one of {device_names()}, got {name!r}")
        return device

    @property
    def type(self) -> str:
        """The kind of device, as PyTorch's devices name theirs (code that meets arrays as
        PyTorch's under the torch profile asks ``x.device.type``): ``"cuda"`` for the cupy
        profile's GPU, ``"meta"`` for a device whose arrays' shapes never depend on their
        values (as on PyTorch's meta device), ``"cpu"`` for the others, which hold CPU
        memory."""
        if self.name.startswith("cuda"):
            return "cuda"
        return "cpu" if self.data_dependent_shapes else "meta"

    def __repr__(self) -> str:
        return f"array_api_reshape.Device({self.name!r})"

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[builtins.type[Device], tuple[str]]:
        return (Device, (self.name,))


DEVICES_BY_NAME: dict[str, Device] = {}
"""Every device by its name, in the order ``devices()`` lists them."""

_TABLE_LOCK = threading.Lock()

WIDE_DEFAULTS = {"real floating": "float64", "complex floating": "complex128",
                 "integral": "int64", "indexing": "int64"}
"""The CPU's default dtype of each kind."""

_NARROW_FLOAT_DEFAULTS = {**WIDE_DEFAULTS, "real floating": "float32",
                          "complex floating": "complex64"}
NARROW_DEFAULTS = {"real floating": "float32", "complex floating": "complex64",
                   "integral": "int32", "indexing": "int32"}
"""The 32-bit default dtype of each kind (``no_x64``'s)."""


def _made(
    name: str, lacks: Iterable[str], defaults: Mapping[str, str], data_dependent_shapes: bool
) -> Device:
    device = object.__new__(Device)
    device.name = name
    device.lacks = frozenset(lacks)
    device.default_dtype_names = dict(defaults)
    device.data_dependent_shapes = data_dependent_shapes
    device.removed = False
    return device


def _listed() -> tuple[Device, ...]:
    return tuple(DEVICES_BY_NAME.values())


def _register(name: str, lacks: tuple[str, ...], defaults: Mapping[str, str]) -> Device:
    device = DEVICES_BY_NAME[name] = _made(name, lacks, defaults, data_dependent_shapes=True)
    return device


CPU_DEVICE = _register("cpu", (), WIDE_DEFAULTS)
DEVICE1 = _register("device1", (), WIDE_DEFAULTS)
DEVICE2 = _register("device2", (), _NARROW_FLOAT_DEFAULTS)
NO_FLOAT64 = _register("no_float64", ("float64", "complex128"), _NARROW_FLOAT_DEFAULTS)
NO_X64 = _register("no_x64", ("float64", "complex128", "int64", "uint64"), NARROW_DEFAULTS)

GPU_DEVICE = _made("cuda:0", (), WIDE_DEFAULTS, data_dependent_shapes=True)
"""The device the cupy profile makes arrays on: CPU memory standing for a CUDA device's
(CuPy's default dtypes, every dtype). It is in no table: only the profile names it."""

BUILT_IN_DEVICES = _listed()
"""The devices the namespace always has, the CPU first."""

_all_devices = BUILT_IN_DEVICES


def all_devices() -> tuple[Device, ...]:
    """Every device, the CPU first, then the test devices, then the ones users defined
    (``__array_namespace_info__().devices()``)."""
    return _all_devices


def device_names() -> str:
    """The devices' names, quoted, for messages: ``'cpu', 'device1', ...``."""
    return ", ".join(repr(device.name) for device in _all_devices)


def add_device(
    name: str, lacks: Iterable[str], defaults: Mapping[str, str], data_dependent_shapes: bool
) -> Device | None:
    """A new device in the table, from a definition already checked; None when a device
    of that name is in the table (asked under the lock, so two threads defining one name
    cannot both succeed)."""
    global _all_devices
    with _TABLE_LOCK:
        if name in DEVICES_BY_NAME:
            return None
        device = DEVICES_BY_NAME[name] = _made(name, lacks, defaults, data_dependent_shapes)
        _all_devices = _listed()
    return device


def remove_device(device: Device) -> bool:
    """Take a device users defined out of the table; False when it is not there (the
    caller refuses the built-in ones first)."""
    global _all_devices
    with _TABLE_LOCK:
        if DEVICES_BY_NAME.get(device.name) is not device:
            return False
        del DEVICES_BY_NAME[device.name]
        device.removed = True
        _all_devices = _listed()
    return True
