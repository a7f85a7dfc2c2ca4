"""Manipulation functions of the standard. The view functions only compute a new layout."""

from __future__ import annotations

from collections.abc import Sequence

from .._array._array_object import Array, check_array
from .._kernels._manipulation_kernels import (
    column_major_copy,
    concatenated,
    repeated,
    rolled,
    row_major_copy,
    stacked,
    tiled,
)
from .._kernels._creation_kernels import converted_copy
from .._runtime._memory import check_allocation
from .._modes._call_rules import answers_otherwise, check_call
from .._modes._placement import device_of_call
from .._modes._refusals import refuse_data_dependent
from .._modes._promotion import promote_types
from .._modes._results import joined_result, permuted_result
from .._tables._bounded_cache import BoundedCache
from .._tables._dtypes import DType, check_dtype_kind
from .._tables._layout import (
    broadcast_shape,
    broadcast_to_shape,
    flipped,
    has_repeated_addresses,
    moved_axes,
    permuted,
    product,
    with_unit_axes,
    without_axes,
)
from .._tables._reshape_decision import (
    ReshapeBlocked,
    blocked_message,
    decide_reshape,
    reshape_target,
)
from .._tables._arguments import (
    INT64_MAX,
    as_int,
    as_int_tuple,
    check_copy,
    check_shape,
    normalize_axes,
    normalize_axis,
)


def reshape(x: Array, /, shape: tuple[int, ...], *, copy: bool | None = None) -> Array:
    """The general path of :func:`reshape` (``_entries.reshape`` takes the fast one)."""
    check_call("reshape", shape=shape)
    return reshape_in_order(x, shape, copy, "C")


def reshape_in_order(
    x: Array, shape: int | Sequence[int], copy: bool | None, order: str
) -> Array:
    """``reshape`` reading and placing elements in ``order`` ("C" or "F", checked by the
    caller): a view when ``decide_reshape`` finds one, otherwise a copy laid out in ``order``."""
    check_array(x, "reshape")
    copy = check_copy(copy, "reshape")
    check_call("reshape", copy=copy)
    if copy:
        return copied(x, reshape_target(shape, x._layout.size), order)
    decision = decide_reshape(x._layout, shape, order)
    if not isinstance(decision, ReshapeBlocked):
        return x._view(decision)
    if copy is False:
        raise ValueError(blocked_message(x._layout, decision, order))
    return copied(x, decision.new_shape, order)


def copied(x: Array, new_shape: tuple[int, ...], order: str) -> Array:
    """A new array of ``x``'s elements read in ``order`` and laid out contiguously in
    ``order`` with ``new_shape``."""
    if order == "C":
        return Array._adopt(row_major_copy(x, new_shape), x._dtype, x._storage.device)
    return Array._new(*column_major_copy(x, new_shape), x._dtype, x._storage.device)


_PERMUTED_LAYOUTS = BoundedCache()
"""``permute_dims``'s layouts by ``(layout, axes)`` for axes that are tuples of exactly ``int``
(``(1.0, 0) == (1, 0)``, so lookups check the types too)."""
remembered_permutation = _PERMUTED_LAYOUTS.get


def permute_dims(x: Array, /, axes: tuple[int, ...]) -> Array:
    """The general path of :func:`permute_dims` (``_entries.permute_dims`` takes the fast
    one)."""
    check_array(x, "permute_dims")
    ndim = x.ndim
    requested = as_int_tuple(axes, "permute_dims", "axes")
    if len(requested) != ndim:
        raise ValueError(
            f"permute_dims(): 'axes' {requested} must name each of the array's {ndim} "
            "axes exactly once"
        )
    order = normalize_axes(requested, ndim, "permute_dims", "axes")
    result = permuted(x._layout, order)
    if axes.__class__ is tuple and all(a.__class__ is int for a in axes):
        _PERMUTED_LAYOUTS.remember((x._layout, axes), result)
    view = x._view(result)
    return permuted_result(view, x, order)


def expand_dims(x: Array, /, axis: int | tuple[int, ...]) -> Array:
    """
    Insert size-1 axes (always a view).

    Parameters
    ----------
    x : Array
        Input array.
    axis : int or tuple of int
        Where the new axes sit in the result; negative positions count from the end of
        the result.

    Returns
    -------
    Array
        A view with ``x.ndim + len(axis)`` dimensions.

    Raises
    ------
    IndexError
        If a position is outside the result's dimensions.
    ValueError
        If a position is repeated.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.expand_dims(xp.zeros((2, 3)), axis=(0, -1)).shape
    (1, 2, 3, 1)
    """
    check_array(x, "expand_dims")
    requested = as_int_tuple(axis, "expand_dims", "axis")
    positions = normalize_axes(requested, x.ndim + len(requested), "expand_dims")
    return x._view(with_unit_axes(x._layout, positions))


def squeeze(x: Array, /, axis: int | tuple[int, ...]) -> Array:
    """
    Remove size-1 axes (always a view).

    Parameters
    ----------
    x : Array
        Input array.
    axis : int or tuple of int
        The axes to remove; each must have size 1.

    Returns
    -------
    Array
        A view without those axes.

    Raises
    ------
    ValueError
        If a named axis does not have size 1.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.squeeze(xp.zeros((1, 3, 1)), axis=(0, 2)).shape
    (3,)
    """
    check_array(x, "squeeze")
    axes = normalize_axes(axis, x.ndim, "squeeze")
    for a in axes:
        if x._layout.shape[a] != 1:
            raise ValueError(
                f"squeeze(): axis {a} has size {x.shape[a]}; only size-1 axes can be removed"
            )
    return x._view(without_axes(x._layout, axes))


def flip(x: Array, /, *, axis: int | tuple[int, ...] | None = None) -> Array:
    """
    Reverse the order of elements along axes (a view; a copy under the "torch" profile,
    as in PyTorch).

    Parameters
    ----------
    x : Array
        Input array.
    axis : int or tuple of int, optional
        The axes to reverse; None (default) reverses all of them.

    Returns
    -------
    Array
        A view with negated strides along those axes (under the profile flag's
        ``"torch"``, a copy: PyTorch's tensors have no negative strides).

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.flip(xp.arange(4))
    Array([3, 2, 1, 0], dtype=int64)
    """
    check_array(x, "flip")
    axes = tuple(range(x.ndim)) if axis is None else normalize_axes(axis, x.ndim, "flip")
    view = x._view(flipped(x._layout, axes))
    if answers_otherwise("flip"):  # a copy, as PyTorch's (its tensors have no negative strides)
        return Array._new(*converted_copy(view, x._dtype), x._dtype, x._storage.device)
    return view


def moveaxis(
    x: Array, source: int | tuple[int, ...], destination: int | tuple[int, ...], /
) -> Array:
    """
    Move axes to new positions; the other axes keep their order (always a view).

    Parameters
    ----------
    x : Array
        Input array.
    source : int or tuple of int
        The axes to move.
    destination : int or tuple of int
        Their positions in the result, one for each source axis.

    Returns
    -------
    Array
        A view with the axes moved.

    Raises
    ------
    ValueError
        If ``source`` and ``destination`` differ in length or repeat an axis.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.moveaxis(xp.zeros((2, 3, 4)), 0, -1).shape
    (3, 4, 2)
    """
    check_array(x, "moveaxis")
    sources = normalize_axes(source, x.ndim, "moveaxis", "source")
    destinations = normalize_axes(destination, x.ndim, "moveaxis", "destination")
    if len(sources) != len(destinations):
        raise ValueError(
            f"moveaxis(): 'source' {source!r} and 'destination' {destination!r} must "
            "name the same number of axes"
        )
    return x._view(moved_axes(x._layout, sources, destinations))


def broadcast_to(x: Array, /, shape: tuple[int, ...]) -> Array:
    """
    Repeat an array along new or size-1 axes without copying (stride 0).

    Parameters
    ----------
    x : Array
        Input array.
    shape : int or tuple of int
        The target shape; ``x._layout.shape`` must broadcast to it.

    Returns
    -------
    Array
        A read-only view: writes through it, or through any view of it, raise.

    Raises
    ------
    ValueError
        If ``x._layout.shape`` does not broadcast to ``shape``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> y = xp.broadcast_to(xp.arange(3), (2, 3))
    >>> layout.strides(y)
    (0, 1)
    """
    check_array(x, "broadcast_to")
    target = check_shape(shape, "broadcast_to")
    result = broadcast_to_shape(x._layout, target)
    if result is None:
        raise ValueError(
            f"broadcast_to(): an array of shape {x.shape} cannot be broadcast to {target}"
        )
    return x._read_only_view(result)


def broadcast_view(x: Array, shape: tuple[int, ...]) -> Array:
    """``x`` broadcast to ``shape`` (which its shape must broadcast to): writable like
    ``x`` when no two elements share an address, read-only when a stride-0 axis
    repeats them."""
    layout = broadcast_to_shape(x._layout, shape)
    assert layout is not None, "the caller has checked that the shapes broadcast"
    if has_repeated_addresses(layout):
        return x._read_only_view(layout)
    return x._view(layout)


def broadcast_arrays(*arrays: Array) -> tuple[Array, ...]:
    """
    Broadcast arrays against each other (views).

    Parameters
    ----------
    *arrays : Array
        Arrays whose shapes broadcast together.

    Returns
    -------
    tuple of Array
        One view per input, all of the common shape. A view where a stride-0 axis
        repeats elements is read-only; the others are writable when their input is
        (writes show in the input).

    Raises
    ------
    ValueError
        If the shapes do not broadcast together.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> a, b = xp.broadcast_arrays(xp.zeros((2, 1)), xp.zeros(3))
    >>> a.shape, b.shape
    ((2, 3), (2, 3))
    """
    for i, x in enumerate(arrays):
        check_array(x, "broadcast_arrays", f"arrays[{i}]")
    shape = broadcast_shape(*(x._layout.shape for x in arrays))
    if shape is None:
        raise ValueError(
            "broadcast_arrays(): shapes "
            f"{', '.join(str(x.shape) for x in arrays)} cannot be broadcast together"
        )
    device_of_call("broadcast_arrays", arrays=arrays)
    return tuple(broadcast_view(x, shape) for x in arrays)


def broadcast_shapes(*shapes: tuple[int | None, ...]) -> tuple[int | None, ...]:
    """
    The shape that all ``shapes`` broadcast to.

    Parameters
    ----------
    *shapes : tuple of int (or None for an unknown size)
        The shapes.

    Returns
    -------
    tuple
        The broadcast shape; a size stays None only where no known size decides it.

    Raises
    ------
    ValueError
        If the shapes do not broadcast together.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.broadcast_shapes((2, 1), (3,), (1, 1, 1))
    (1, 2, 3)
    """
    check_call("broadcast_shapes")
    checked = []
    for i, shape in enumerate(shapes):
        if shape.__class__ is not tuple:
            raise TypeError(f"broadcast_shapes(): 'shapes[{i}]' must be a tuple, got {shape!r}")
        checked.append(tuple(
            None if n is None else as_int(n, "broadcast_shapes", f"shapes[{i}]") for n in shape
        ))
    ndim = max((len(s) for s in checked), default=0)
    result = []
    for axis in range(-ndim, 0):
        sizes = [shape[axis] if -axis <= len(shape) else 1 for shape in checked]
        known = {n for n in sizes if n is not None and n != 1}
        if len(known) > 1:
            raise ValueError(
                f"broadcast_shapes(): shapes {', '.join(map(str, checked))} do not broadcast "
                f"together (sizes {sorted(known)} at axis {axis})"
            )
        result.append(known.pop() if known else (None if None in sizes else 1))
    return tuple(result)


def _same_rank_arrays(function: str, arrays: object) -> list[Array]:
    if not isinstance(arrays, (list, tuple)) or not arrays:
        raise TypeError(f"{function}(): 'arrays' must be a non-empty list or tuple of arrays")
    for i, x in enumerate(arrays):
        check_array(x, function, f"arrays[{i}]")
    return list(arrays)


def _common_dtype(function: str, arrays: list[Array]) -> DType:
    dtype = arrays[0].dtype
    for x in arrays[1:]:
        dtype = promote_types(dtype, x.dtype, function)
    return dtype


def concat(
    arrays: tuple[Array, ...] | list[Array], /, *, axis: int | None = 0
) -> Array:
    """The general path of :func:`concat` (``_entries.concat`` takes the fast one)."""
    arrays = _same_rank_arrays("concat", arrays)
    dtype = _common_dtype("concat", arrays)
    if axis is None:
        arrays = [reshape(x, (-1,)) for x in arrays]
        axis = 0
    ndim = arrays[0].ndim
    if ndim == 0:
        raise ValueError("concat(): zero-dimensional arrays cannot be joined; use stack()")
    axis = normalize_axis(axis, ndim, "concat")
    first = arrays[0]._layout.shape
    for i, x in enumerate(arrays):
        outside_axis = x._layout.shape[:axis] + x._layout.shape[axis + 1 :]
        if x.ndim != ndim or outside_axis != first[:axis] + first[axis + 1 :]:
            raise ValueError(
                f"concat(): 'arrays[{i}]' of shape {x.shape} does not match shape {first} "
                f"outside axis {axis}"
            )
    device = device_of_call("concat", arrays=arrays)
    joined = Array._new(*concatenated(arrays, axis, dtype), dtype, device)
    return joined_result(joined, arrays, axis)


def stack(arrays: tuple[Array, ...] | list[Array], /, *, axis: int = 0) -> Array:
    """
    Join arrays of one shape along a new axis.

    Parameters
    ----------
    arrays : list or tuple of Array
        Arrays of the same shape.
    axis : int, optional
        Position of the new axis in the result (default 0).

    Returns
    -------
    Array
        A new array in the promoted dtype of the inputs.

    Raises
    ------
    ValueError
        If the shapes differ.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.stack([xp.asarray([1, 2]), xp.asarray([3, 4])], axis=1)
    Array([[1, 3],
           [2, 4]], dtype=int64)
    """
    arrays = _same_rank_arrays("stack", arrays)
    dtype = _common_dtype("stack", arrays)
    for i, x in enumerate(arrays):
        if x._layout.shape != arrays[0]._layout.shape:
            raise ValueError(
                f"stack(): 'arrays[{i}]' has shape {x.shape}, but 'arrays[0]' has "
                f"{arrays[0].shape}"
            )
    axis = normalize_axis(axis, arrays[0].ndim + 1, "stack")
    device = device_of_call("stack", arrays=arrays)
    return Array._new(*stacked(arrays, axis, dtype), dtype, device)


def unstack(x: Array, /, *, axis: int = 0) -> tuple[Array, ...]:
    """
    Split an array along an axis into views, one per position.

    Parameters
    ----------
    x : Array
        An array with at least one dimension.
    axis : int, optional
        The axis to split along (default 0).

    Returns
    -------
    tuple of Array
        Views of ``x`` without that axis.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> [a.shape for a in xp.unstack(xp.zeros((2, 3)), axis=1)]
    [(2,), (2,), (2,)]
    """
    check_array(x, "unstack")
    if x.ndim == 0:
        raise ValueError("unstack(): 'x' must have at least one dimension")
    axis = normalize_axis(axis, x.ndim, "unstack")
    lead = (slice(None),) * axis
    return tuple(x[lead + (i, ...)] for i in range(x._layout.shape[axis]))


def repeat(x: Array, repeats: int | Array, /, *, axis: int | None = None) -> Array:
    """
    Repeat each element a number of times.

    Parameters
    ----------
    x : Array
        Input array.
    repeats : int or Array
        Repetitions for every element, or a one-dimensional integer array with one
        count per element along ``axis``.
    axis : int, optional
        The axis; None (default) flattens ``x`` first.

    Returns
    -------
    Array

    Raises
    ------
    TypeError
        If ``repeats`` is an array without an integer dtype.
    ValueError
        If a count is negative or the counts do not match the axis.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.repeat(xp.asarray([1, 2]), 2)
    Array([1, 1, 2, 2], dtype=int64)
    """
    check_array(x, "repeat")
    check_call("repeat", x=x, repeats=repeats, axis=axis)
    if axis is None:
        x = reshape(x, (-1,))
        axis = 0
    axis = normalize_axis(axis, x.ndim, "repeat")
    counts: Array | int
    if isinstance(repeats, Array):
        refuse_data_dependent("repeat", x._storage.device)
        check_dtype_kind(repeats.dtype, "repeat", "repeats", "integer")
        if repeats.ndim > 1:
            raise ValueError(
                f"repeat(): 'repeats' must be an int or a 1-D array, got shape {repeats.shape}"
            )
        if repeats.ndim == 1 and repeats._layout.shape[0] not in (1, x._layout.shape[axis]):
            raise ValueError(
                f"repeat(): 'repeats' has {repeats.shape[0]} counts for an axis of size "
                f"{x.shape[axis]}"
            )
        counts = repeats  # the kernel refuses negative counts
    else:
        counts = as_int(repeats, "repeat", "repeats")
        if counts < 0:
            raise ValueError(f"repeat(): 'repeats' must not be negative, got {counts}")
        if counts > INT64_MAX:
            raise OverflowError(
                f"repeat(): 'repeats' {counts} must fit in int64 ([0, {INT64_MAX}])"
            )
        old = x._layout.shape
        shape = old[:axis] + (old[axis] * counts,) + old[axis + 1 :]
        _check_result_size("repeat", f"'repeats' {counts}", shape, x.dtype)
    device = device_of_call("repeat", x=x, repeats=repeats)
    return Array._new(*repeated(x, counts, axis, x.dtype), x.dtype, device)


def roll(
    x: Array, /, shift: int | tuple[int, ...], *, axis: int | tuple[int, ...] | None = None
) -> Array:
    """
    Shift elements cyclically along axes.

    Parameters
    ----------
    x : Array
        Input array.
    shift : int or tuple of int
        Places to shift (per axis, when a tuple).
    axis : int or tuple of int, optional
        The axes; None (default) shifts the flattened array and restores the shape.

    Returns
    -------
    Array

    Raises
    ------
    ValueError
        If ``shift`` and ``axis`` are tuples of different lengths.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.roll(xp.asarray([1, 2, 3]), 1)
    Array([3, 1, 2], dtype=int64)
    """
    check_array(x, "roll")
    shifts = as_int_tuple(shift, "roll", "shift")
    if axis is None:
        if len(shifts) != 1:
            raise ValueError("roll(): a tuple 'shift' needs a tuple 'axis' of the same length")
        return Array._new(
            *rolled(x, (shifts[0] % max(x._layout.size, 1),), None), x.dtype, x._storage.device
        )
    axes = as_int_tuple(axis, "roll", "axis")
    axes = tuple(normalize_axis(a, x.ndim, "roll") for a in axes)
    if len(shifts) == 1 and len(axes) > 1:
        shifts = shifts * len(axes)
    if len(shifts) != len(axes):
        raise ValueError(
            f"roll(): 'shift' {shift!r} and 'axis' {axis!r} must have the same length"
        )
    if not axes:  # nothing to shift: a copy
        return Array._new(*rolled(x, (0,), None), x.dtype, x._storage.device)
    sizes = x._layout.shape
    shifts = tuple(n % max(sizes[a], 1) for n, a in zip(shifts, axes))  # any int, however large
    return Array._new(*rolled(x, shifts, axes), x.dtype, x._storage.device)


def tile(x: Array, repetitions: tuple[int, ...], /) -> Array:
    """
    Repeat a whole array along each axis.

    Parameters
    ----------
    x : Array
        Input array.
    repetitions : tuple of int
        Non-negative repetitions per axis (aligned to the trailing axes).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.tile(xp.asarray([1, 2]), (2,))
    Array([1, 2, 1, 2], dtype=int64)
    """
    check_array(x, "tile")
    check_call("tile", repetitions=repetitions)
    counts = as_int_tuple(repetitions, "tile", "repetitions")
    if any(n < 0 for n in counts):
        raise ValueError(f"tile(): 'repetitions' must not be negative, got {counts}")
    if any(n > INT64_MAX for n in counts):
        raise OverflowError(
            f"tile(): 'repetitions' {counts} must each fit in int64 ([0, {INT64_MAX}])"
        )
    ndim = max(len(counts), x.ndim)
    sizes = (1,) * (ndim - x.ndim) + x._layout.shape
    padded_counts = (1,) * (ndim - len(counts)) + counts
    _check_result_size("tile", f"'repetitions' {counts}", tuple(
        size * count for size, count in zip(sizes, padded_counts)
    ), x.dtype)
    return Array._new(*tiled(x, counts), x.dtype, x._storage.device)


def _check_result_size(
    function: str, arguments: str, shape: tuple[int, ...], dtype: DType
) -> None:
    """ValueError when ``shape`` has more elements than an array can hold, MemoryError
    when it needs more bytes than the machine has; ``arguments`` say what set it."""
    if product(shape) > INT64_MAX or any(n > INT64_MAX for n in shape):
        raise ValueError(
            f"{function}(): {arguments} would make an array of shape {shape}, "
            "more elements than an array can hold"
        )
    check_allocation(shape, dtype, function, arguments)
