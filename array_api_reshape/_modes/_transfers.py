"""
Moves of data between devices: the transfers flag's check, and the record it keeps.

A transfer copies an array's elements from one device of the namespace onto another:
``to_device``, and ``asarray``, ``astype`` or ``from_dlpack`` with a ``device=`` other
than their array's (for ``asarray``, also arrays inside Python lists). Python data,
NumPy arrays, buffers and other libraries' DLPack producers are CPU memory that every
device here shares, so making an array of them on any device is not a transfer; a write
of an array from another device is refused in every mode (two devices never meet in one
call), so it moves nothing.

Each place that moves data calls ``check_transfer`` after every other check has passed,
just before the copy; it reads ``MODES.flags`` first (one attribute read, on paths that
copy anyway). The flag decides:

- ``"allow"`` (the default): nothing happens;
- ``"log"``: the move is counted against the line of user code that asked for it (the
  first frame outside the package, found as the views modes find theirs,
  ``_call_sites.call_site``);
- ``"error"``: ValueError naming the flag, the two devices and that line.

The record is the process's: the moves of every thread, under a lock, one entry per
(source, target, function, file, line) with the number of times, in the order first seen, so that a
long run under "log" keeps one entry for each line that moves data.
"""

from __future__ import annotations

import threading
from typing import NamedTuple

from .._tables._devices import Device
from ._findings import mode_error
from ._flag_state import MODES, value
from ._call_sites import call_site


class Transfer(NamedTuple):
    """Moves of array data from one device to another made by one line of code: the
    devices, the function that moved the data, where it was called (the first line
    outside array_api_reshape) and how many times that line did so."""

    source: Device
    target: Device
    function: str
    file: str
    line: int
    times: int

    def __str__(self) -> str:
        parts = self.file.replace("\\", "/").split("/")
        times = "" if self.times == 1 else f" ({self.times} times)"
        return (f"{self.function}() at {'/'.join(parts[-2:])}:{self.line} moved data from "
                f"{self.source.name} to {self.target.name}{times}")


_RecordKey = tuple[Device, Device, str, str, int]

_RECORD: dict[_RecordKey, int] = {}
_RECORD_LOCK = threading.Lock()


def check_transfer(source: Device, target: Device, function: str) -> None:
    """What the transfers flag says of ``function`` moving data from ``source`` to
    ``target``: nothing (while no flag may differ from its default, without looking), a
    count in the record, or ValueError."""
    if not MODES.flags:
        return
    mode = value("transfers")
    if mode == "allow":
        return
    site = call_site(f"{function}()")
    if mode == "error":
        raise mode_error(
            ValueError,
            f"{site}: moves an array from device {source.name!r} to {target.name!r}, and "
            "the transfers flag is 'error' (array_api_reshape.flags.set(transfers='log') "
            "records each move instead of refusing it)",
            "transfers",
        )
    key = (source, target, function, site.filename, site.lineno)
    with _RECORD_LOCK:
        _RECORD[key] = _RECORD.get(key, 0) + 1


def recorded() -> tuple[Transfer, ...]:
    """The moves recorded so far, in the order first seen."""
    with _RECORD_LOCK:
        entries = list(_RECORD.items())
    return tuple(Transfer(*key, times) for key, times in entries)


def forget() -> None:
    """Empty the record."""
    with _RECORD_LOCK:
        _RECORD.clear()
