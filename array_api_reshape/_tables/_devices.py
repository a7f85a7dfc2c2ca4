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
without x64.

A device is a property of an array's storage: views share it, and no call may mix arrays
of two devices (``_device_checks`` says so; this module only holds the table). Dtypes are
named here, not imported: the dtype table sits above the flags that import this module.

Pure Python.
"""

from __future__ import annotations

from collections.abc import Mapping


class Device:
    """A place where array data lives; one object per device, compared with ``==``.

    ``Device("device1")`` gives the namespace's device of that name (an unknown name is a
    ValueError listing the devices); ``name`` is how it is written (``"cpu"``).
    """

    __slots__ = ("name", "lacks", "default_dtype_names")
    name: str
    lacks: frozenset[str]
    """The names of the dtypes arrays on this device cannot have."""
    default_dtype_names: Mapping[str, str]
    """For each kind of ``default_dtypes()``, the name of its dtype on this device."""

    def __new__(cls, name: str) -> Device:
        device = DEVICES_BY_NAME.get(name) if isinstance(name, str) else None
        if device is None:
            raise ValueError(
                f"Device(): 'name' must be one of {', '.join(map(repr, DEVICES_BY_NAME))}, "
                f"got {name!r}"
            )
        return device

    def __repr__(self) -> str:
        return f"array_api_reshape.Device({self.name!r})"

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Device) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("array_api_reshape.Device", self.name))

    def __reduce__(self) -> tuple[type[Device], tuple[str]]:
        return (Device, (self.name,))


DEVICES_BY_NAME: dict[str, Device] = {}
"""Every device by its name, in the order ``devices()`` lists them."""

_WIDE_DEFAULTS = {"real floating": "float64", "complex floating": "complex128",
                  "integral": "int64", "indexing": "int64"}
_NARROW_FLOAT_DEFAULTS = {**_WIDE_DEFAULTS, "real floating": "float32",
                          "complex floating": "complex64"}
_NARROW_DEFAULTS = {"real floating": "float32", "complex floating": "complex64",
                    "integral": "int32", "indexing": "int32"}


def _register(name: str, lacks: tuple[str, ...], defaults: Mapping[str, str]) -> Device:
    device = object.__new__(Device)
    device.name = name
    device.lacks = frozenset(lacks)
    device.default_dtype_names = dict(defaults)
    DEVICES_BY_NAME[name] = device
    return device


CPU_DEVICE = _register("cpu", (), _WIDE_DEFAULTS)
DEVICE1 = _register("device1", (), _WIDE_DEFAULTS)
DEVICE2 = _register("device2", (), _NARROW_FLOAT_DEFAULTS)
NO_FLOAT64 = _register("no_float64", ("float64", "complex128"), _NARROW_FLOAT_DEFAULTS)
NO_X64 = _register("no_x64", ("float64", "complex128", "int64", "uint64"), _NARROW_DEFAULTS)

ALL_DEVICES = tuple(DEVICES_BY_NAME.values())
"""The devices, the CPU first (``__array_namespace_info__().devices()``)."""
