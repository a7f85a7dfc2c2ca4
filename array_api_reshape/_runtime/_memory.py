"""
The memory one new array may take, checked before anything is allocated.

A request for more bytes than the machine has (physical memory plus swap, or less when
the process has an address-space limit) cannot succeed: NumPy would try, fail, and say
so in its own words, or refuse sizes beyond its index type with a message that names no
function. Creation functions and the functions whose result grows with a count
(``tile``, ``repeat``, ``linspace``, the FFTs' lengths) ask :func:`check_allocation` first,
so that the MemoryError names the function, the shape and the bytes it would need.
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a layer above: dtypes are only named here
    from .._tables._dtypes import DType

INTP_MAX = 2**63 - 1
"""The most bytes any array can span: its byte offsets are signed 64-bit integers."""


def _meminfo_bytes(field: str) -> int | None:
    """A field of /proc/meminfo in bytes (Linux), or None where there is none."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                name, _, value = line.partition(":")
                if name == field:
                    return int(value.split()[0]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _physical_bytes() -> int | None:
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def _address_space_bytes() -> int | None:
    """The process's soft address-space limit (``ulimit -v``), or None when unlimited."""
    try:
        import resource
    except ImportError:
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return None if soft == resource.RLIM_INFINITY else soft


@functools.cache
def memory_limit() -> int:
    """The most bytes one new array may take on this machine: physical memory plus swap,
    at most the address-space limit, and never more than :data:`INTP_MAX`. Where the
    machine's memory cannot be read, only :data:`INTP_MAX` applies."""
    limit = INTP_MAX
    physical = _physical_bytes()
    if physical is not None:
        limit = min(limit, physical + (_meminfo_bytes("SwapTotal") or 0))
    address_space = _address_space_bytes()
    if address_space is not None:
        limit = min(limit, address_space)
    return limit


def readable_bytes(count: int) -> str:
    """``count`` bytes in the largest binary unit that keeps a number >= 1 (``8.0 TiB``)."""
    units = ("bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB")
    exponent = min(max(count.bit_length() - 1, 0) // 10, len(units) - 1)
    if exponent == 0:
        return f"{count} bytes"
    return f"{count / 1024**exponent:.1f} {units[exponent]}"


def check_allocation(
    shape: tuple[int, ...], dtype: DType, function: str, arguments: str
) -> None:
    """MemoryError naming ``function`` and ``arguments`` (those that set the
    shape, as the message should show them) when a new array of ``shape`` and ``dtype``
    needs more than :func:`memory_limit` bytes;
    ValueError when one of its axes spans more bytes than an array can address, even
    an empty one. Nothing is allocated."""
    itemsize = dtype.dtype.itemsize
    count, longest = 1, 0  # (one pass: this runs for every new array)
    for length in shape:
        count *= length
        if length > longest:
            longest = length
    needed = count * itemsize
    if needed > memory_limit():
        raise MemoryError(
            f"{function}(): {arguments} would make an array of shape {shape} and dtype "
            f"{dtype.name}, which needs {needed} bytes ({readable_bytes(needed)}); this "
            f"machine can give one array at most {readable_bytes(memory_limit())}"
        )
    if longest * itemsize > INTP_MAX:  # (matters for empty arrays only)
        raise ValueError(
            f"{function}(): {arguments} would make an array of shape {shape} and dtype "
            f"{dtype.name}, whose axis of {longest} elements spans more than the "
            f"{INTP_MAX} bytes an array can address"
        )
