"""
Resize kernels: moving blocks of elements inside one array's own buffer.

``layout.resize_inplace`` decides the moves (``_resize_plan``: pure arithmetic on
shapes) and checks that nothing else views the buffer; this module moves the elements.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable

import numpy as np

from ._storage import Storage


def move_blocks(storage: Storage, moves: Iterable[tuple[int, int, int]]) -> None:
    """Apply ``(source, target, length)`` moves, in order, to the storage's elements
    (buffer indices in elements; each move may overlap itself, as memmove)."""
    flat = storage.buffer.reshape(-1)
    for source, target, length in moves:
        move_block(flat, source, target, length)


RESIZE_CHUNK = 4096


def move_block(flat: np.ndarray, source: int, target: int, length: int) -> None:
    """memmove within ``flat`` in chunks of at most RESIZE_CHUNK elements, so that the
    temporary NumPy makes for an overlapping chunk never exceeds a chunk."""
    starts = range(0, length, RESIZE_CHUNK)
    for start in (starts if target < source else reversed(starts)):
        stop = min(start + RESIZE_CHUNK, length)
        flat[target + start : target + stop] = flat[source + start : source + stop]


def buffer_is_private(storage: Storage) -> bool:
    """True when nothing but ``storage`` holds the buffer, and the buffer owns its memory
    (no NumPy array of the caller, no view of it, no other array uses it)."""
    buffer = storage.buffer
    # references: the storage's attribute, this local and getrefcount's own argument
    return buffer.base is None and buffer.flags.owndata and sys.getrefcount(buffer) <= 3


def resize_buffer(storage: Storage, size: int) -> None:
    """Grow or shrink the storage's own buffer in place (its address may change)."""
    storage.buffer.resize((size,), refcheck=True)


def zero_outside(storage: Storage, shape: tuple[int, ...], kept: tuple[int, ...]) -> None:
    """Zero every element of the C-contiguous ``shape`` whose index is outside ``kept``."""
    view = storage.buffer[: math.prod(shape)].reshape(shape)
    for axis, size in enumerate(kept):
        if size < shape[axis]:
            view[(slice(None),) * axis + (slice(size, None),)] = 0
