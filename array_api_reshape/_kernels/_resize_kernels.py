"""
Resize kernels: moving blocks of elements inside one array's own buffer.

``layout.resize_inplace`` decides the moves (``_resize_plan``: pure arithmetic on
shapes) and checks that nothing else views the buffer; this module moves the elements.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._common_kernels import move_block
from ._storage import Storage


def move_blocks(storage: Storage, moves: Iterable[tuple[int, int, int]]) -> None:
    """Apply ``(source, target, length)`` moves, in order, to the storage's elements
    (buffer indices in elements; each move may overlap itself, as memmove)."""
    flat = storage.buffer.reshape(-1)
    for source, target, length in moves:
        move_block(flat, source, target, length)
