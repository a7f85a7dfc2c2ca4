"""Index-preserving resize in place, with O(1) extra memory."""

from __future__ import annotations

import sys
from typing import NoReturn

from .._array._array_object import Array, check_array
from .._kernels._resize_kernels import buffer_is_private, move_blocks, resize_buffer, zero_outside
from .._tables._layout import contiguous_layout, is_c_contiguous, product
from .._tables._resize_plan import growing_moves, kept_shape, shrinking_moves
from .._tables._arguments import check_shape


def _refuse(reason: str) -> NoReturn:
    raise ValueError(f"resize_inplace(): {reason}")


def resize_inplace(x: Array, shape: tuple[int, ...]) -> None:
    """
    Change the shape of ``x`` in place, keeping each element at its multi-index.

    Every element whose multi-index fits both the old and the new shape stays at that
    multi-index; new positions are zero. The data moves inside the array's own buffer
    in row blocks ordered so that nothing is overwritten before it is read; beyond
    growing or shrinking the buffer itself, the extra memory is a constant.

    Parameters
    ----------
    x : Array
        A C-contiguous array that owns its whole buffer, viewed by no other array.
    shape : tuple of int
        The new shape, of the same rank.

    Raises
    ------
    ValueError
        If the rank differs, or ``x`` does not own its buffer, or other arrays (or NumPy
        arrays handed out by ``numpy.asarray``) still view it: moving memory under
        them is never allowed.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> x = xp.reshape(xp.arange(6), (2, 3))
    >>> layout.resize_inplace(x, (3, 2))
    >>> x
    Array([[0, 1],
           [3, 4],
           [0, 0]], dtype=int64)
    """
    check_array(x, "resize_inplace")
    x._check_writable("resize_inplace")
    new_shape = check_shape(shape, "resize_inplace")
    old_shape = x._layout.shape
    if len(new_shape) != len(old_shape):
        _refuse(f"the new shape {new_shape} must have the rank of the old one {old_shape}")
    layout, storage = x._layout, x._storage
    if not is_c_contiguous(layout) or layout.offset != 0 or storage.size != x.size:
        _refuse("the array must be C-contiguous and own its whole buffer (make a copy first)")
    x._replace_layout(layout)  # drops the kernels' view, which holds the buffer too
    # references: x's slot, this local and getrefcount's own argument
    if sys.getrefcount(storage) > 3 or not buffer_is_private(storage):
        _refuse("other arrays still share this array's memory; resize a copy instead")
    move_blocks(storage, shrinking_moves(old_shape, new_shape))
    size = product(new_shape)
    if size > storage.size:
        resize_buffer(storage, size)
    move_blocks(storage, growing_moves(old_shape, new_shape))
    if size < storage.size:
        resize_buffer(storage, size)
    zero_outside(storage, new_shape, kept_shape(old_shape, new_shape))
    x._replace_layout(contiguous_layout(new_shape))
