"""
Our elements as NumPy sees them: a strided NumPy view over a storage and a layout, reads
and writes through such views (a basic target, or the elements an advanced key gathers
or scatters), the kernels' results back as storage, copies through the one copy
routine, and NumPy's floating-point warnings turned off where the standard defines them.

The layout modules decide where elements are, and ``_array/_indexing.select`` what a key
selects; these functions hand NumPy a view of exactly those elements, with NumPy's index
errors put in our words. The array object's reads and writes need no other kernel
module; every other kernel module reads our arrays through these views.
"""

from __future__ import annotations

import contextvars
import re
import threading
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from .._tables._dtypes import DType
from .._tables._layout import Layout, contiguous_layout, has_repeated_addresses
from ._copy_kernels import copy_strided
from ._storage import Storage, adopt


class Elements(Protocol):
    """What a kernel needs of an array: the NumPy view of its elements."""

    def _numpy(self) -> np.ndarray: ...


ArrayObject = Any
"""Our array object, whose storage, layout and dtype some kernels read; the array layer
sits above the kernels and is not imported here."""

Silenced = Callable[..., Any]
"""``silenced(function, *args, **kwargs)``: ``function``'s result, NumPy's warnings off."""

Binary = Callable[[Any, Any], np.ndarray]
"""A function of two operands returning an ndarray."""

Unary = Callable[[Any], np.ndarray]
"""A function of one operand returning an ndarray."""


def _silencers() -> tuple[Silenced, Silenced, Callable[..., Any]]:
    """Cheap ways to run NumPy with floating-point warnings off: ``silenced(f, *args)``
    calls ``f`` once; ``run_quietly(f, *operands)`` too, in a context entered for the
    call, which costs a tenth of setting the error state and resetting it (the hot
    paths', through ``Kernel``); ``quiet_again(error, f, operands)`` is its way out when
    that context is in use already.

    ``numpy.errstate`` costs over a microsecond per use, more than a small ufunc call;
    it only sets a context variable, so the same variable is set here directly with an
    error state made once. When NumPy's private names move, ``numpy.errstate`` it is.
    """
    try:
        from numpy._core._ufunc_config import (  # type: ignore[attr-defined]
            _extobj_contextvar,
            _make_extobj,
        )

        ignore_all = _make_extobj(all="ignore")
    except (ImportError, AttributeError, TypeError):

        def silenced_by_errstate(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            with np.errstate(all="ignore"):
                return function(*args, **kwargs)

        def never_again(error: RuntimeError, function: Callable[..., Any],
                        operands: tuple[Any, ...]) -> Any:
            raise error

        return silenced_by_errstate, silenced_by_errstate, never_again

    set_state, reset_state = _extobj_contextvar.set, _extobj_contextvar.reset

    def silenced(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        token = set_state(ignore_all)
        try:
            return function(*args, **kwargs)
        finally:
            reset_state(token)

    class QuietContexts(threading.local):
        """For each thread, a context in which NumPy's error state ignores everything.
        Only the element-wise kernels run in it: they read nothing but their operands,
        so the contexts' other variables, copied when they were made, do not matter."""

        def __init__(self) -> None:
            token = set_state(ignore_all)
            try:
                self.run = contextvars.copy_context().run
            finally:
                reset_state(token)

    quiet_contexts = QuietContexts()

    def quiet_again(error: RuntimeError, function: Callable[..., Any],
                    operands: tuple[Any, ...]) -> Any:
        """``function(*operands)`` after the shared quiet context refused to be entered
        (``error``): another thread is in it, or this one is (a kernel that runs a quiet
        kernel). This thread's own context, else the slower way; any other RuntimeError
        is the kernel's own."""
        if not str(error).startswith(_ENTERED):
            raise error
        try:
            return quiet_contexts.run(function, *operands)
        except RuntimeError as again:
            if not str(again).startswith(_ENTERED):
                raise
        return silenced(function, *operands)

    return silenced, QuietContexts().run, quiet_again  # one context shared by every thread


_NDARRAY = np.ndarray

_ENTERED = "cannot enter context"
"""The start of the RuntimeError of a context entered twice."""


silenced, run_quietly, quiet_again = _silencers()


class Kernel:
    """A NumPy function of one or two operands as the hot paths run it: with NumPy's
    floating-point warnings off where it could warn (``quiet``), returning an ndarray
    where it would give a NumPy scalar. Call it, or call ``one`` or ``two`` (which the
    compiled fast paths reach without a Python-level call)."""

    __slots__ = ("function", "quiet")
    function: Callable[..., Any]
    quiet: bool

    def __init__(self, function: Callable[..., Any], quiet: bool) -> None:
        self.function = function
        self.quiet = quiet

    def __call__(self, *operands: Any) -> np.ndarray:
        if len(operands) == 1:
            return self.one(operands[0])
        return self.two(*operands)

    def one(self, a: Any) -> np.ndarray:
        """The function of ``a``."""
        function = self.function
        if self.quiet:
            try:
                result = run_quietly(function, a)
            except RuntimeError as error:
                result = quiet_again(error, function, (a,))
        else:
            result = function(a)
        return result if type(result) is _NDARRAY else np.asarray(result)

    def two(self, a: Any, b: Any) -> np.ndarray:
        """The function of ``a`` and ``b``."""
        function = self.function
        if self.quiet:
            try:
                result = run_quietly(function, a, b)
            except RuntimeError as error:
                result = quiet_again(error, function, (a, b))
        else:
            result = function(a, b)
        return result if type(result) is _NDARRAY else np.asarray(result)


def silencing(function: Callable[..., Any]) -> Kernel:
    """``function``, of NumPy operands, made quiet for good (for hot paths), returning an
    ndarray where it would give a NumPy scalar."""
    return Kernel(function, True)


def returning_ndarray(function: Callable[..., Any]) -> Kernel:
    """``function``, of NumPy operands, returning an ndarray where it would give a NumPy
    scalar."""
    return Kernel(function, False)


def numpy_view(storage: Storage, layout: Layout, numpy_dtype: np.dtype) -> np.ndarray:
    """A NumPy array over ``storage`` showing exactly the elements of ``layout``.

    NumPy checks the bounds again here. A layout that repeats addresses (a broadcast)
    gives a read-only view, as does a read-only storage.
    """
    itemsize = numpy_dtype.itemsize
    shape, strides = layout.shape, layout.strides
    byte_strides = tuple([s * itemsize for s in strides])
    buffer = storage.buffer
    if 0 in shape:
        view = np.ndarray(shape, numpy_dtype, buffer.reshape(-1)[:0], 0, byte_strides)
    else:
        view = np.ndarray(shape, numpy_dtype, buffer, layout.offset * itemsize, byte_strides)
    if 0 in strides and view.flags.writeable and has_repeated_addresses(layout):
        view.flags.writeable = False
    return view


def copy_to_contiguous(
    source: np.ndarray, numpy_dtype: np.dtype | None = None
) -> tuple[Storage, Layout]:
    """One strided copy of ``source`` into a new C-contiguous buffer (converting the dtype
    if asked)."""
    return adopt(contiguous_copy(source, numpy_dtype)), contiguous_layout(source.shape)


# One planned copy of ``source`` as a new C-contiguous NumPy array (in ``numpy_dtype`` if
# given): the routine every copy goes through, bound directly (a hot path for small copies).
contiguous_copy = copy_strided


def c_contiguous(result: np.ndarray, numpy_dtype: np.dtype) -> np.ndarray:
    """``result`` in C order and ``numpy_dtype``: itself when it is so, else one copy."""
    if result.__class__ is not _NDARRAY:  # a NumPy scalar
        return np.asarray(result, dtype=numpy_dtype, order="C")
    if result.flags.c_contiguous and result.dtype == numpy_dtype:
        return result
    return copy_strided(result, numpy_dtype)


def from_contiguous_result(result: np.ndarray) -> tuple[Storage, Layout]:
    """Adopt a freshly computed NumPy result, copying only if it is not C-contiguous."""
    if not result.flags.c_contiguous:
        return copy_to_contiguous(result)
    return Storage(result), contiguous_layout(result.shape)


def _elements(value: Any) -> Any:
    """A value to write or compare: our array's view, else the value (a NumPy scalar
    or array made by these kernels)."""
    return value._numpy() if hasattr(value, "_layout") else value


def elements_in(x: Elements, dtype: DType) -> np.ndarray:
    """The elements of our array ``x`` in our ``dtype``: its view when it is so already,
    else a converted copy."""
    return x._numpy().astype(dtype.dtype, copy=False)


def compact_copy(x: Elements) -> np.ndarray:
    """A new C-contiguous NumPy array holding a copy of our array's elements."""
    return copy_strided(x._numpy())


def wrap_result(result: np.ndarray) -> tuple[Storage, Layout]:
    """Storage and layout for a kernel result (a NumPy array or scalar)."""
    return from_contiguous_result(np.asarray(result))


def column_major_copy(view: np.ndarray) -> np.ndarray:
    """The elements of ``view`` in column-major order, as a new flat buffer (one copy)."""
    return copy_strided(view, order="F").reshape(-1, order="F")


# --- reads and writes through a key ---------------------------------------------------


def write(x: ArrayObject, layout: Layout, value: Any) -> None:
    """Write ``value`` (our array or a scalar of ``scalar_of_dtype``, already checked)
    into the elements of ``x``'s storage that ``layout`` selects, in one call. The
    target is reached through the storage (or ``x``'s cached view, when the layout is
    its own), not through ``_numpy()``: a write is not a read."""
    target = x._np_view if layout is x._layout else None
    if target is None:
        target = numpy_view(x._storage, layout, x._dtype.dtype)
    np.copyto(target, _elements(value), casting="unsafe")


def index_key(items: tuple, operation: str) -> tuple:
    """An advanced key's items for NumPy: lists and our arrays (already checked for an
    integer or bool dtype) as index arrays; IndexError naming ``operation`` for any other
    array whose dtype is neither."""
    converted = []
    for item in items:
        if isinstance(item, list):
            item = np.asarray(item)
            if item.size == 0:
                item = item.astype(np.intp)
        elif hasattr(item, "_layout"):
            item = item._numpy()
        converted.append(item)
    for item in converted:
        kind = getattr(getattr(item, "dtype", None), "kind", None)
        if kind is not None and kind not in "iub":
            raise IndexError(
                f"{operation}(): arrays used as indices must have an integer or bool "
                f"dtype, got {item.dtype}"
            )
    return tuple(converted)


def clamped_index_key(key: tuple, shape: tuple[int, ...]) -> tuple:
    """An advanced key (``index_key``'s) with each integer index, array or int, clamped
    into its axis (below the first element to it, past the last to the last), as JAX
    reads out-of-bounds indices; a key with None, Ellipsis or a boolean mask is kept as it
    is (its items do not sit one per axis)."""
    if len(key) > len(shape) or any(
        item is None or item is Ellipsis or getattr(getattr(item, "dtype", None), "kind", "")
        == "b" for item in key
    ):
        return key
    clamped = []
    for item, size in zip(key, shape):
        if isinstance(item, np.ndarray) and item.dtype.kind in "iu" and size:
            item = np.clip(item, -size, size - 1)
        elif isinstance(item, int) and not isinstance(item, bool) and size:
            item = min(max(item, -size), size - 1)
        clamped.append(item)
    return tuple(clamped)


def out_of_bounds(key: tuple, shape: tuple[int, ...]) -> bool:
    """True when an advanced key (``index_key``'s) names a position outside its axis
    (an int, or an entry of an integer index array), the items sitting one per axis."""
    if len(key) > len(shape):
        return False
    for item, size in zip(key, shape):
        if isinstance(item, np.ndarray) and item.dtype.kind in "iu" and item.size:
            if item.min() < -size or item.max() >= size:
                return True
        elif isinstance(item, int) and not isinstance(item, bool) and not -size <= item < size:
            return True
    return False


def dropped_index_key(key: tuple, shape: tuple[int, ...]) -> tuple:
    """An advanced key (``index_key``'s) for a write, with each out-of-bounds int made an
    empty slice and each integer index array's out-of-bounds entries left out, as JAX's
    writes drop them; a key with None, Ellipsis or a boolean mask is kept as it is."""
    if len(key) > len(shape) or any(
        item is None or item is Ellipsis or getattr(getattr(item, "dtype", None), "kind", "")
        == "b" for item in key
    ):
        return key
    dropped: list[Any] = []
    for item, size in zip(key, shape):
        if isinstance(item, np.ndarray) and item.dtype.kind in "iu":
            item = item[(item >= -size) & (item < size)]
        elif isinstance(item, int) and not isinstance(item, bool) and not -size <= item < size:
            item = slice(0, 0)
        dropped.append(item)
    return tuple(dropped)


_OUT_OF_BOUNDS = re.compile(r"index (-?\d+) is out of bounds for axis (\d+) with size (\d+)")


def _indexing_error(error: IndexError, function: str) -> IndexError:
    message = str(error)
    found = _OUT_OF_BOUNDS.search(message)
    if found:
        index, axis, size = found.groups()
        return IndexError(
            f"{function}(): index {index} in an index array is out of range for axis "
            f"{axis} of size {size}"
        )
    if "shape mismatch" in message or "broadcast" in message:
        return IndexError(f"{function}(): the index arrays do not broadcast to one shape")
    if "boolean index did not match" in message or "too many indices" in message:
        return IndexError(
            f"{function}(): the boolean mask does not match the leading dimensions of the array"
        )
    return IndexError(f"{function}(): {message}")


def gather(x: Elements, key: tuple) -> np.ndarray:
    """``x[key]`` for an advanced key of ``index_key``: always a new array."""
    try:
        return np.asarray(x._numpy()[key])
    except IndexError as error:
        raise _indexing_error(error, "__getitem__") from None


def selected(elements: np.ndarray, index: np.ndarray) -> np.ndarray:
    """The ``elements`` (an array's NumPy view) that ``index`` (another's) selects: where
    a bool mask of their leading axes is true, or at the positions along the first axis
    that integers give: a new array (IndexError for a position out of bounds)."""
    return elements[index]


def write_selected(elements: np.ndarray, index: np.ndarray, value: Any) -> None:
    """``elements[index] = value`` for an array's NumPy view ``elements``, an index of
    ``selected`` and a value NumPy writes as it is (a Python scalar of the elements' kind
    within their bounds, or the view of an array of their dtype). NumPy checks everything
    before writing: ValueError for read-only elements or a value that does not broadcast,
    IndexError for a position out of bounds, and nothing written."""
    elements[index] = value


def scatter(x: ArrayObject, key: tuple, value: Any, function: str | None = None) -> None:
    """``x[key] = value`` for an advanced key of ``index_key`` (``value`` as for ``write``);
    NumPy checks everything before writing. The target is not read, so it is reached
    through its storage, not through ``_numpy()`` (the reads the views modes watch).
    With ``function`` (``"add"``, ...): ``function(x[key], value)`` written there once for
    each time the key names a position (NumPy's ``ufunc.at``: a position named twice takes
    both values, as JAX's scatter-add does)."""
    target = x._np_view
    if target is None:
        target = numpy_view(x._storage, x._layout, x._dtype.dtype)
    try:
        if function is None:
            target[key] = _elements(value)
        else:
            getattr(np, function).at(target, key, _elements(value))
    except IndexError as error:
        raise _indexing_error(error, "__setitem__") from None
    except ValueError:
        raise ValueError(
            "__setitem__(): the value does not broadcast to the shape the index selects"
        ) from None
