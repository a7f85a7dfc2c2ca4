"""Devices. Today there is one, the CPU; a GPU storage module would add its own."""

from __future__ import annotations


class Device:
    """A place where array data lives; compare devices with ``==``."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return f"array_api_reshape.Device({self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Device) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("array_api_reshape.Device", self.name))

    def __reduce__(self) -> tuple[type[Device], tuple[str]]:
        return (Device, (self.name,))


CPU_DEVICE = Device("cpu")
ALL_DEVICES = (CPU_DEVICE,)


def check_device(device: object, function: str) -> Device:
    """Resolve a ``device`` argument: None means the CPU, a Device or the string 'cpu'."""
    if device is None or device is CPU_DEVICE:
        return CPU_DEVICE
    if isinstance(device, (Device, str)):
        if device == CPU_DEVICE or device == "cpu":
            return CPU_DEVICE
        raise ValueError(
            f"{function}(): 'device' {device!r} is not a device of array_api_reshape; "
            "the only one is 'cpu'"
        )
    raise TypeError(
        f"{function}(): 'device' must be None, 'cpu' or one of "
        f"array_api_reshape.__array_namespace_info__().devices(), got {device!r}"
    )
