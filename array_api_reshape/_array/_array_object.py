"""
The array object: storage + layout + dtype. Its device is its storage's.

``Array`` knows no reshape rule nor any kernel detail: it asks the layout modules where
elements are and the kernels to work on them. It is built only through ``Array._new``;
users make arrays with ``asarray`` and the other creation functions.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from types import EllipsisType
from typing import Any, SupportsIndex, Union

from .._kernels import _interchange_kernels as _interchange
from .._kernels import _piecewise_kernels as _piecewise
from .._kernels import _numpy_views as _views
from .._kernels import _scalar_kernels as _scalars
from .._kernels import _ndarray_fields as _fields
from .._kernels._creation_kernels import converted_copy
from .._kernels._scalar_kernels import NUMPY_SCALAR as _NUMPY_SCALAR
from .._kernels._foreign_kernels import STANDARD_DTYPE_OF as _STANDARD_DTYPE_OF
from .._kernels._storage import DLPACK_CPU, Storage, borrow, read_only_alias
from .._modes import _view_modes
from .._modes._device_checks import (
    check_device,
    check_dtype_on_device,
    check_result_dtype,
    resolve_device,
)
from .._modes._flag_state import MODES as _MODES
from .._modes._in_place import check_in_place_operands, check_overlap, in_place_rebinds
from .._modes._library_keys import library_dropped, library_write
from .._modes._gates import (
    plain_operands,
    plain_promotion,
    plain_selection,
    plain_view,
    plain_write,
)
from .._modes._placement import device_of_call
from .._modes._results import permuted_result
from .._modes._strict_rules import refuse_export_from_device, refuse_iteration, refuse_len
from .._modes._behaviours import (
    ONE_ELEMENT_ARRAYS_CONVERT_TO_BOOL,
    ONE_ELEMENT_ARRAYS_CONVERT_TO_NUMBERS,
)
from .._modes._profiles import (
    behaves,
    casts_in_place,
    check_operation,
    narrowed,
    on_library_device,
    refuse_host_conversion,
    refuse_index_conversion,
)
from .._modes._computes import count_read, read_into_python
from .._modes._refusals import (
    is_lazy, is_read_only, refuse_lazy, refuse_unspecified, refuse_write,
)
from .._modes._call_sites import called_by_package
from .._modes._unknown_sizes import (
    check_known,
    is_dask,
    key_axes,
    lazy_index_scalars,
    mark_indexed,
    selects_all,
    public_shape,
    public_size,
    refuse_unknown,
)
from .._modes._transfers import check_transfer
from .._tables import _records
from .._tables._devices import CPU_DEVICE, GPU_DEVICE, Device
from .._tables._dtypes import (
    ALL_DTYPES,
    EXACT_PYTHON_SCALARS,
    DType,
    as_python_scalar,
    check_dtype_kind,
    is_kind,
    is_standard_promotion,
    promotes_to,
    python_scalar_fits_kind,
    scalar_beyond_the_standard,
)
from .._tables._layout import (
    Layout,
    broadcast_to_shape,
    contiguous_layout_of,
    has_repeated_addresses,
    last_contiguous_layout,
    matrix_transposed,
)
from . import _elementwise_dispatch as _dispatch
from ._indexing import Target, kernel_key, select
from ._keys import KEY_BASIC, KEY_INT, KEY_MASK, KEY_OTHER, KEY_SLICE, classify_index, classify_key
from ._library_attributes import LibraryAttribute
from .._tables._layout_indexing import (
    basic_indexed,
    first_axis_indexed,
    remembered_slice,
)
from ._matrix_product import matrix_product
from ._pickling import reduce_array, register_array_class
from ._versions import array_namespace as _array_namespace

Operand = Union["Array", bool, int, float, complex]
"""What an operator takes besides the array: another array or a Python scalar."""

IndexKey = Union[
    int, slice, EllipsisType, "Array", None,
    tuple[Union[int, slice, EllipsisType, "Array", None], ...],
]
"""What ``x[key]`` takes, as the standard lists it (NumPy's lists of ints work too)."""

RealOperand = Union["Array", bool, int, float]
"""What a comparison, ``//`` and ``%`` take besides the array (the standard's operand types)."""

IntegerOperand = Union["Array", bool, int]
"""What the bitwise operators and shifts take besides the array."""

# Each operator method of Array calls one of these in one line: the operator entry of
# ``_elementwise_dispatch`` for the namespace function of the same meaning, built once (a
# forward operator's through ``binary_call``, below). Each gives NotImplemented for an
# operand of another type, so Python raises TypeError.
_abs = _dispatch.unary_operator("abs", "__abs__")
_neg = _dispatch.unary_operator("negative", "__neg__")
_pos = _dispatch.unary_operator("positive", "__pos__")
_invert = _dispatch.unary_operator("bitwise_invert", "__invert__")
_add = _dispatch.forward("add", "__add__")
_radd = _dispatch.reflected("add", "__radd__")
_iadd = _dispatch.in_place("add", "__iadd__")
_sub = _dispatch.forward("subtract", "__sub__")
_rsub = _dispatch.reflected("subtract", "__rsub__")
_isub = _dispatch.in_place("subtract", "__isub__")
_mul = _dispatch.forward("multiply", "__mul__")
_rmul = _dispatch.reflected("multiply", "__rmul__")
_imul = _dispatch.in_place("multiply", "__imul__")
_truediv = _dispatch.forward("divide", "__truediv__")
_rtruediv = _dispatch.reflected("divide", "__rtruediv__")
_itruediv = _dispatch.in_place("divide", "__itruediv__")
_floordiv = _dispatch.forward("floor_divide", "__floordiv__")
_rfloordiv = _dispatch.reflected("floor_divide", "__rfloordiv__")
_ifloordiv = _dispatch.in_place("floor_divide", "__ifloordiv__")
_mod = _dispatch.forward("remainder", "__mod__")
_rmod = _dispatch.reflected("remainder", "__rmod__")
_imod = _dispatch.in_place("remainder", "__imod__")
_pow = _dispatch.forward("pow", "__pow__")
_rpow = _dispatch.reflected("pow", "__rpow__")
_ipow = _dispatch.in_place("pow", "__ipow__")
_and = _dispatch.forward("bitwise_and", "__and__")
_rand = _dispatch.reflected("bitwise_and", "__rand__")
_iand = _dispatch.in_place("bitwise_and", "__iand__")
_or = _dispatch.forward("bitwise_or", "__or__")
_ror = _dispatch.reflected("bitwise_or", "__ror__")
_ior = _dispatch.in_place("bitwise_or", "__ior__")
_xor = _dispatch.forward("bitwise_xor", "__xor__")
_rxor = _dispatch.reflected("bitwise_xor", "__rxor__")
_ixor = _dispatch.in_place("bitwise_xor", "__ixor__")
_lshift = _dispatch.forward("bitwise_left_shift", "__lshift__")
_rlshift = _dispatch.reflected("bitwise_left_shift", "__rlshift__")
_ilshift = _dispatch.in_place("bitwise_left_shift", "__ilshift__")
_rshift = _dispatch.forward("bitwise_right_shift", "__rshift__")
_rrshift = _dispatch.reflected("bitwise_right_shift", "__rrshift__")
_irshift = _dispatch.in_place("bitwise_right_shift", "__irshift__")
_eq = _dispatch.forward("equal", "__eq__")
_ne = _dispatch.forward("not_equal", "__ne__")
_lt = _dispatch.forward("less", "__lt__")
_le = _dispatch.forward("less_equal", "__le__")
_gt = _dispatch.forward("greater", "__gt__")
_ge = _dispatch.forward("greater_equal", "__ge__")


_fields.load_c_api()

_QUIET_SCALARS = tuple(EXACT_PYTHON_SCALARS[dtype] for dtype in ALL_DTYPES)
"""For each dtype (by index), the Python scalar types NumPy may write into it as they
are, with their bounds: a scalar write's fast path (NaN and the rest take the general)."""


def _shape_of(x: Array) -> tuple[int, ...]:
    """The shape of ``x``: its layout's first field, read in C when compiled."""
    return _records.first_of(x._layout)


_INFINITY = float("inf")


def _within(scalar: Any, bounds: tuple[Any, Any]) -> bool:
    """True when the Python scalar ``scalar`` converts exactly and quietly to a dtype whose
    ``bounds`` (of ``EXACT_PYTHON_SCALARS``) it has: within them, or a float NaN or
    infinity (every floating dtype holds those; the bounds are only a float's type's)."""
    return bounds[0] <= scalar <= bounds[1] or (
        type(scalar) is float and (scalar != scalar or abs(scalar) == _INFINITY)
    )


def converts_exactly(value: Any, dtype: DType) -> bool:
    """True when ``value`` is a Python scalar that ``dtype`` holds exactly, so that NumPy
    may take it as it is (as the fast paths do)."""
    scalars = _QUIET_SCALARS[dtype.index]
    bounds = scalars.get(type(value))
    return bounds is not None and _within(value, bounds)


def binary_call(entry: _dispatch.BinaryEntry, x1: Any, x2: Any) -> Any:
    """A binary element-wise function or operator of ``x1`` and ``x2``; ``entry`` is its
    plans and its general path (``_elementwise_dispatch.binary_entry``).

    The common cases are computed here, reading the kernels' views directly and placing
    the result on the CPU: two arrays of one dtype and shape (or of shapes that broadcast
    to a small result), or an array and a Python scalar of its kind on either side,
    while the gate ``plain_operands`` says no mode need see the operands (two dtypes
    also need ``plain_promotion``). Everything else goes to the general path, which
    promotes, checks, and refuses."""
    plans, general, converted = entry
    if type(x1) is Array:
        first = x1
        if type(x2) is Array:
            second = x2
            if not plain_operands(first._storage, second._storage):
                return general(x1, x2)
            plan = plans[first._dtype.index]
            if plan is None or second._dtype is not first._dtype:
                if plain_promotion():
                    return _converted_call(converted, first, second, general)
                return general(x1, x2)
            kernel, result_dtype, exact_scalars, large_kernel = plan
            a = first._np_view
            if a is None:
                a = first._numpy()
            b = second._np_view
            if b is None:
                b = second._numpy()
            shape = _shape_of(first)
            if second._layout is first._layout or _shape_of(second) == shape:
                if _piecewise.below_lowest_threshold(_fields.element_count(a)):
                    return _adopt_result(kernel.two(a, b), result_dtype, shape)
                return _adopt_result(large_kernel(a, b), result_dtype, shape)
            # shapes that broadcast, to fewer elements than threads take
            both = _fields.element_count(a) * _fields.element_count(b)
            if _piecewise.below_lowest_threshold(both):
                try:
                    result = kernel.two(a, b)
                except ValueError:  # shapes that do not: the general path says so
                    return general(x1, x2)
                return _adopt_result(result, result_dtype, result.shape)
            return general(x1, x2)
        plan = plans[first._dtype.index]
        if plan is not None and plain_operands(first._storage, None):
            kernel, result_dtype, exact_scalars, large_kernel = plan
            bounds = exact_scalars.get(type(x2))
            if bounds is None and isinstance(x2, _NUMPY_SCALAR):
                x2 = as_python_scalar(x2)  # (as the general path reads it)
                bounds = exact_scalars.get(type(x2))
            if bounds is not None and _within(x2, bounds):
                a = first._np_view
                if a is None:
                    a = first._numpy()
                shape = _shape_of(first)
                if _piecewise.below_lowest_threshold(_fields.element_count(a)):
                    return _adopt_result(kernel.two(a, x2), result_dtype, shape)
                return _adopt_result(large_kernel(a, x2), result_dtype, shape)
    elif type(x2) is Array:
        second = x2
        plan = plans[second._dtype.index]
        if plan is not None and plain_operands(second._storage, None):
            kernel, result_dtype, exact_scalars, large_kernel = plan
            bounds = exact_scalars.get(type(x1))
            if bounds is None and isinstance(x1, _NUMPY_SCALAR):
                x1 = as_python_scalar(x1)
                bounds = exact_scalars.get(type(x1))
            if bounds is not None and _within(x1, bounds):
                b = second._np_view
                if b is None:
                    b = second._numpy()
                shape = _shape_of(second)
                if _piecewise.below_lowest_threshold(_fields.element_count(b)):
                    return _adopt_result(kernel.two(x1, b), result_dtype, shape)
                return _adopt_result(large_kernel(x1, b), result_dtype, shape)
    return general(x1, x2)


def _converted_call(converted: _dispatch.ConvertedPlans, first: Array, second: Array,
                    general: Any) -> Any:
    """``binary_call``'s fast path for two arrays it converts first (of two dtypes, or of
    one the function does not compute in), while no flag may differ: both converted to
    the dtype the general path would compute in, as it converts them, then that dtype's
    plan, for fewer elements than any work sends to threads; everything else (dtypes
    that do not promote, more elements, shapes that do not broadcast) to ``general``."""
    found = converted[(first._dtype.index, second._dtype.index)]
    if found is None:
        return general(first, second)
    computed, plan = found
    kernel, result_dtype = plan[0], plan[1]
    a = first._numpy()
    b = second._numpy()
    both = _fields.element_count(a) * _fields.element_count(b)
    if not _piecewise.below_lowest_threshold(both):
        return general(first, second)
    if first._dtype is not computed:
        a = _views.c_contiguous(a, computed.dtype)
    if second._dtype is not computed:
        b = _views.c_contiguous(b, computed.dtype)
    try:
        result = kernel.two(a, b)
    except ValueError:  # shapes that do not broadcast: the general path says so
        return general(first, second)
    return _adopt_result(result, result_dtype, result.shape)


def unary_call(entry: _dispatch.UnaryEntry, x: Any) -> Any:
    """A unary element-wise function or operator of ``x``; ``entry`` is its plans, its
    small kernel and its general path (``_elementwise_dispatch.unary_entry``).

    The common case is computed here: an array of a dtype the function computes in as it
    is, of fewer elements than any work sends to threads, while the gate
    ``plain_operands`` says no mode need see it. Everything else goes to the general path."""
    plans, kernel, general = entry
    if type(x) is Array:
        operand = x
        if not plain_operands(operand._storage, None):
            return general(x)
        plan = plans[operand._dtype.index]
        if plan is not None and plan[0] is operand._dtype:
            a = operand._np_view
            if a is None:
                a = operand._numpy()
            if _piecewise.below_lowest_threshold(_fields.element_count(a)):
                return _adopt_result(kernel.one(a), plan[1], _shape_of(operand))
    return general(x)


def in_place_call(entry: _dispatch.InPlaceEntry, x: Array, other: Any) -> Any:
    """An in-place operator of ``x`` and ``other``; ``entry`` is its writers, its
    function's plans and its general path (``_elementwise_dispatch.in_place``).

    The common case is computed here, straight into ``x``'s memory: ``other`` an array of
    ``x``'s dtype and shape or a Python scalar its dtype holds exactly, ``x`` writable,
    C-contiguous (so that it repeats no address) and of fewer elements than any work sends
    to threads, while the gate ``plain_write`` says no mode need see the write. Everything
    else goes to the general path, which computes the result and writes it back with
    every check."""
    writers, plans, forward, method = entry
    write = writers[x._dtype.index]
    if write is not None and plain_write(x._storage, _storage_of(other)):
        a = x._np_view
        if a is None:
            a = x._numpy()
        if (_piecewise.below_lowest_threshold(_fields.element_count(a))
                and _fields.is_writable_c_contiguous(a)):
            if type(other) is Array:
                source = other
                if source._dtype is x._dtype and (
                    source._layout is x._layout or _shape_of(source) == _shape_of(x)
                ):
                    b = source._np_view
                    if b is None:
                        b = source._numpy()
                    _store(x, _COMBINED, write, b, None)
                    return x
            else:
                plan = plans[x._dtype.index]
                assert plan is not None  # (a dtype with a writer has a plan)
                scalars = plan[2]
                bounds = scalars.get(type(other))
                if bounds is not None and _within(other, bounds):
                    _store(x, _COMBINED, write, other, None)
                    return x
    return _in_place_general(forward, method, x, other)


def _in_place_general(forward: _dispatch.BinaryEntry, method: str, x: Array, other: Any) -> Any:
    """The general path of the in-place operator ``method`` (``__iadd__``): the forward
    operation's result (``x + other``), written back into ``x`` by ``_assign_in_place``,
    which checks and refuses; NotImplemented for an operand of another type. A profile's
    library may refuse the operands, or rebind the name to the new array instead."""
    check_in_place_operands(method, x, other)
    if not _dispatch.is_operand(other, method, Array):
        return NotImplemented
    if in_place_rebinds(method, x, other):
        return binary_call(forward, x, other)
    return x._assign_in_place(method, binary_call(forward, x, other))


def _indexed(x: Array, index: Array) -> Array | None:
    """``x[index]`` for an index array NumPy reads as the standard does (a mask, of all or
    of the leading axes, or positions along the first axis: the fast path of
    ``Array.__getitem__``), while the gate ``plain_selection`` says no mode need see it:
    a new array on the CPU; None for positions out of bounds, which the general path
    refuses in our words, or where a mode must see the selection."""
    if not plain_selection(x._storage, index._storage):
        return None
    try:
        elements = _views.selected(x._numpy(), index._numpy())
    except IndexError:
        return None
    return adopted(elements, x._dtype, CPU_DEVICE)


def _wrote_through_index(x: Array, index: Array, value: Any) -> bool:
    """``x[index] = value`` for an index array that ``_indexed`` reads and a value NumPy
    writes as it is (a Python scalar of ``x``'s kind within its bounds, or an array of
    ``x``'s dtype): the fast path of ``Array.__setitem__``. False, with nothing written,
    for anything else, read-only elements, positions out of bounds or a value of a shape
    NumPy refuses, or where the gates ``plain_selection`` and ``plain_write`` say a mode
    must see the write: the general path writes, or refuses in our words."""
    if not (plain_selection(x._storage, index._storage)
            and plain_write(x._storage, _storage_of(value))):
        return False
    if type(value) is Array:
        source: Array = value
        if source._dtype is not x._dtype:
            return False
        elements = source._numpy()
    else:
        if not converts_exactly(value, x._dtype):
            return False
        elements = value
    try:
        _store(x, _SELECTED, index._numpy(), elements, None)
    except (ValueError, IndexError):
        return False
    return True


def _key_kind(x: Array, key: Any) -> int:
    """``classify_key`` of ``key`` for ``x``, an index array's fields read in C when
    compiled (``classify_index``)."""
    if type(key) is Array:
        index = key
        return classify_index(_shape_of(x), _shape_of(index), index._dtype)
    return classify_key(_shape_of(x), key, Array)


def _storage_of(operand: Any) -> Any:
    """The storage of ``operand`` when it is an array; None for anything else (a Python
    scalar), as the gates take it."""
    if type(operand) is Array:
        array = operand
        return array._storage
    return None


_AT_INT = 0
_SELECTED = 1
_COMBINED = 2
_IN_LAYOUT = 3
_SCATTERED = 4


def _store(x: Array, how: int, where: Any, value: Any, accumulating: str | None) -> None:
    """The one place where elements reach an array's memory: ``value`` written into the
    elements of ``x`` that ``where`` names, ``how`` says which way: ``_AT_INT`` (``where``
    an int of the first axis), ``_SELECTED`` (a NumPy index of ``_indexed``), ``_COMBINED``
    (``where`` an in-place kernel, writing ``x`` combined with ``value``), ``_IN_LAYOUT``
    (the layout a basic key selects) or ``_SCATTERED`` (an advanced key; ``accumulating``
    for JAX's ``x.at[key].add(v)``). It checks nothing: its callers are the fast paths,
    which run where their gate says no mode would see the write, and ``Array._write``,
    between the views modes' look before and after."""
    if how == _IN_LAYOUT:
        _views.write(x, where, value)
    elif how == _SCATTERED:
        _views.scatter(x, where, value, accumulating)
    else:
        view = x._np_view
        if view is None:
            view = x._numpy()
        if how == _AT_INT:
            view[where] = value
        elif how == _SELECTED:
            _views.write_selected(view, where, value)
        else:
            where(view, value)


def _adopt_result(result: Any, dtype: DType, shape: tuple[int, ...]) -> Array:
    """``Array._adopt`` of a kernel's new ``result``, of ``shape``, on the CPU, where no
    profile is in force (the fast paths'): a C-contiguous result of ``dtype`` taken as
    it is, in the layout remembered for its shape."""
    if not _fields.has_dtype(result, dtype.dtype) or (
        _fields.dimensions(result) > 1 and not _fields.is_c_contiguous(result)
    ):
        return adopted(result, dtype, CPU_DEVICE)
    return _over_all_of(result, dtype, contiguous_layout_of(shape), result, CPU_DEVICE)


def shared_whole(obj: Any) -> Array | None:
    """``asarray(obj)`` when ``obj`` is a NumPy array that an array may share whole as it
    is: exactly an ndarray, C-contiguous, non-empty, of a standard dtype in native byte
    order; None for anything else (``asarray``'s fast path, taken while no views mode
    counts what shares memory, no device is fixed and no profile is in force). The
    source is not cached as the kernels' view: its owner may still reshape it."""
    if not _fields.is_ndarray(obj) or not _fields.is_c_contiguous(obj):
        return None
    dtype = _STANDARD_DTYPE_OF.get(_fields.dtype_of(obj))  # native byte order only
    if dtype is None or _fields.element_count(obj) == 0:
        return None
    return _over_all_of(obj, dtype, _layout_of(obj), None, CPU_DEVICE)


def _new_array(storage: Storage, layout: Layout, dtype: DType, device: Device | None) -> Array:
    """``Array._new``."""
    if device is not None:
        if device is not CPU_DEVICE:
            check_result_dtype(dtype, device)
        storage.device = device
    self = Array.__new__(Array)
    self._storage = storage
    self._layout = layout
    self._dtype = dtype
    self._np_view = None
    if _MODES.tracking:
        _view_modes.made(self)
    if _MODES.profile:
        narrow = narrowed(dtype)
        if narrow is not dtype:  # a dtype the profile's library never makes
            copied, copied_layout = converted_copy(self, narrow)
            return _new_array(copied, copied_layout, narrow, storage.device)
    return self


def adopted(result: Any, dtype: DType, device: Device) -> Array:
    """``Array._adopt`` (for the compiled entries, which call it in C)."""
    if _MODES.profile:
        dtype = narrowed(dtype)
    same_dtype = _fields.has_dtype(result, dtype.dtype)
    if not same_dtype or not _fields.is_c_contiguous(result):
        if same_dtype and result.base is None:
            borrowed = borrow(result)
            if borrowed is not None:
                self = _new_array(borrowed[0], borrowed[1], dtype, device)
                self._np_view = result
                return self
        result = _views.c_contiguous(result, dtype.dtype)
    if device is not CPU_DEVICE:
        check_result_dtype(dtype, device)
    return _over_all_of(result, dtype, _layout_of(result), result, device)


def _layout_of(result: Any) -> Layout:
    """The contiguous layout of the ndarray ``result``'s shape (compared with the last
    one given before a tuple of the shape is made)."""
    layout = last_contiguous_layout()
    if _fields.has_shape(result, layout.shape):
        return layout
    return contiguous_layout_of(result.shape)


def _over_all_of(buffer: Any, dtype: DType, layout: Layout, view: Any, device: Device) -> Array:
    """A new array of ``dtype`` over all of ``buffer``, a C-contiguous NumPy array, in
    ``layout`` (its contiguous layout), as the storage on ``device``; ``view``, its kernels'
    view, or None."""
    storage = Storage.__new__(Storage)
    storage.buffer = buffer
    storage.device = device
    storage.sharing = None
    self = Array.__new__(Array)
    self._storage = storage
    self._layout = layout
    self._dtype = dtype
    self._np_view = view
    return self


class Array:
    """An n-dimensional array: a strided view over a flat storage buffer.

    Create arrays with :func:`asarray` or another creation function, not with ``Array()``.
    """

    __slots__ = ("_storage", "_layout", "_dtype", "_np_view", "_made_at", "__weakref__")
    _storage: Storage
    _layout: Layout
    _dtype: DType
    _np_view: Any  # the kernels' view of the elements, built on first use
    _made_at: Any  # where the array was made: set only while a views mode is on

    # NumPy's arrays and scalars defer their operators to ours (as to PyTorch's tensors),
    # so that ``numpy_array + x`` reaches ``x.__radd__`` and is refused there too.
    __array_priority__ = 1000

    def __init__(self, /, *args: object, **kwargs: object) -> None:
        raise TypeError(
            "Array() cannot be called directly; use array_api_reshape.asarray() "
            "or another creation function"
        )

    @staticmethod
    def _new(storage: Storage, layout: Layout, dtype: DType, device: Device | None) -> Array:
        """The only constructor: an array over ``storage`` with ``layout`` and ``dtype``.

        With a ``device``, ``storage`` (new: a kernel made it, or borrowed foreign memory,
        for this array) is placed on that device, which must have ``dtype``; with None,
        the array is on its storage's device. (No default: a default argument costs a
        call more than passing one.)"""
        return _new_array(storage, layout, dtype, device)

    @staticmethod
    def _adopt(result: Any, dtype: DType, device: Device) -> Array:
        """An array of ``dtype`` owning ``result``, a NumPy array that a kernel has just
        made and nobody else holds; it becomes the storage and the cached view, after a
        conversion into ``dtype`` only when it is not so already.

        The storage is on ``device``: the inputs' (see ``_placement``); a device that
        lacks ``dtype`` refuses the result (as array-api-strict's).

        A result in another order than C (NumPy keeps its inputs' order: the sum of two
        transposed arrays is transposed) is kept in that order when it owns its memory,
        as NumPy keeps it: converting it would be a strided copy of the whole result.
        Where the profile's library never makes ``dtype``, the result is converted to the
        dtype it makes (JAX's 32-bit types)."""
        return adopted(result, dtype, device)

    @staticmethod
    def _share(source: Any, dtype: DType) -> Array:
        """An array sharing all of ``source``, a C-contiguous NumPy array of ``dtype``'s
        NumPy dtype that its caller keeps (and may reshape: it is not cached as the view),
        on the CPU (``asarray``'s fast path, taken while no views mode counts what shares it)."""
        self = Array._adopt(source, dtype, CPU_DEVICE)
        self._np_view = None
        return self

    binary_call = staticmethod(binary_call)
    """The fast path of the binary element-wise functions, for ``_elementwise_dispatch``."""

    unary_call = staticmethod(unary_call)
    """The fast path of the unary element-wise functions, for ``_elementwise_dispatch``."""

    def _numpy(self) -> Any:
        """The NumPy view of this array's elements, built once and reused by every kernel:
        a read of the elements. The views modes watch the reads of an array whose memory
        others see: its view is never kept (``_view_tracking.track`` drops it), so that
        each read comes here and is checked."""
        view = self._np_view
        if view is None:
            storage = self._storage
            view = _views.numpy_view(storage, self._layout, self._dtype.dtype)
            if storage.sharing is None:
                self._np_view = view
            else:
                _view_modes.check_read(self)
        return view

    def _view(self, layout: Layout, function: str | None = None) -> Array:
        """Another array over the same storage (counted by the views modes; a method of
        the array names itself, ``function``, to their reports: compiled, it makes no
        frame for them to find)."""
        view = Array.__new__(Array)
        view._storage = self._storage
        view._layout = layout
        view._dtype = self._dtype
        view._np_view = None
        if _MODES.tracking:
            _view_modes.track_view(self, view, function)
        return view

    def _read_only_view(self, layout: Layout) -> Array:
        """Another array over the same memory that refuses writes (a broadcast)."""
        view = Array.__new__(Array)
        view._storage = read_only_alias(self._storage)
        view._layout = layout
        view._dtype = self._dtype
        view._np_view = None
        if _MODES.tracking:
            _view_modes.track_view(self, view)
        return view

    def _replace_layout(self, layout: Layout) -> None:
        """Give this array a new layout over its storage (``layout.resize_inplace`` does,
        after moving the elements), dropping the kernels' view of the old one."""
        self._layout = layout
        self._np_view = None

    # --- attributes -----------------------------------------------------------------

    def __array_namespace__(self, /, *, api_version: str | None = None) -> Any:
        """The namespace that behaves as standard version ``api_version`` (2021.12 to
        2025.12); None gives the default version's (see ``array_api_reshape.versions``)."""
        return _array_namespace(api_version)

    @property
    def dtype(self) -> DType:
        """The data type of the elements."""
        return self._dtype

    @property
    def device(self) -> Device:
        """The device the data lives on (its storage's; views share it): the CPU or one
        of array-api-strict's test devices, ``__array_namespace_info__().devices()``."""
        return self._storage.device

    @property
    def shape(self) -> tuple[int, ...]:
        """The size of each dimension. Under the dask profile, None where the size depends
        on the data (as the standard allows: a lazy library knows it only by computing);
        the annotation keeps ``int``, which every size is in every other mode, so that
        typed code written against this namespace need not test for None."""
        if _MODES.profile:
            return public_shape(self)  # type: ignore[return-value]
        return _shape_of(self)

    @property
    def ndim(self) -> int:
        """The number of dimensions."""
        return len(_shape_of(self))

    @property
    def size(self) -> int:
        """The number of elements (None under the dask profile when a size is unknown:
        see ``shape``)."""
        if _MODES.profile:
            return public_size(self)  # type: ignore[return-value]
        return self._layout.size

    # What a profile's library's arrays have beyond the standard, there only under that
    # profile (_library_attributes; the tests check this list against its NAMES).
    at = LibraryAttribute("at")
    sum = LibraryAttribute("sum")
    prod = LibraryAttribute("prod")
    mean = LibraryAttribute("mean")
    all = LibraryAttribute("all")
    any = LibraryAttribute("any")
    argmax = LibraryAttribute("argmax")
    argmin = LibraryAttribute("argmin")
    max = LibraryAttribute("max")
    min = LibraryAttribute("min")
    std = LibraryAttribute("std")
    var = LibraryAttribute("var")
    cumsum = LibraryAttribute("cumsum")
    cumprod = LibraryAttribute("cumprod")
    round = LibraryAttribute("round")
    clip = LibraryAttribute("clip")
    conj = LibraryAttribute("conj")
    astype = LibraryAttribute("astype")
    reshape = LibraryAttribute("reshape")
    squeeze = LibraryAttribute("squeeze")
    flatten = LibraryAttribute("flatten")
    ravel = LibraryAttribute("ravel")
    copy = LibraryAttribute("copy")
    clone = LibraryAttribute("clone")
    item = LibraryAttribute("item")
    tolist = LibraryAttribute("tolist")

    @property
    def T(self) -> Array:
        """The transpose of a two-dimensional array (a view)."""
        if self.ndim != 2:
            raise ValueError(
                f"Array.T: the array must be two-dimensional, got {self.ndim} dimension(s); "
                "use permute_dims() or .mT for other ranks"
            )
        view = self._view(matrix_transposed(self._layout), "T")
        return permuted_result(view, self, (1, 0))

    @property
    def mT(self) -> Array:
        """The transpose of the last two axes (a view)."""
        if self.ndim < 2:
            raise ValueError(
                f"Array.mT: the array must have at least two dimensions, got {self.ndim}"
            )
        view = self._view(matrix_transposed(self._layout), "mT")
        return permuted_result(view, self, (*range(self.ndim - 2), self.ndim - 1, self.ndim - 2))

    def to_device(self, device: Device | str, /, *, stream: object = None) -> Array:
        """
        This array on ``device``: the same array when it is already there, else a copy
        there (a new storage).

        Parameters
        ----------
        device : Device or str
            One of ``__array_namespace_info__().devices()``, or its name; None means the
            default device.
        stream : None
            Must be None: no device here has streams.

        Returns
        -------
        Array
            ``self``, or a C-contiguous copy on ``device``.

        Raises
        ------
        ValueError
            If ``device`` is unknown, lacks the array's dtype, or is not the device the
            fixed_device flag keeps arrays on; for a move to another device, when the
            transfers flag is ``"error"`` (``"log"`` records the move).

        Examples
        --------
        >>> import array_api_reshape as xp
        >>> x = xp.asarray([1.0, 2.0])
        >>> x.to_device("cpu") is x
        True
        >>> y = x.to_device("device1")
        >>> y.device
        array_api_reshape.Device('device1')
        >>> x.to_device("no_float64")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        ValueError: to_device(): device 'no_float64' has no float64 (it lacks float64 and ...
        """
        if stream is not None:
            raise ValueError("to_device(): 'stream' must be None: no device here has streams")
        target = resolve_device(device, "to_device")
        if target is self._storage.device:
            return self
        target = check_device(target, "to_device")
        check_dtype_on_device(self._dtype, target, "to_device")
        check_transfer(self._storage.device, target, "to_device")
        return Array._adopt(_views.compact_copy(self), self._dtype, target)

    # --- conversion to Python scalars --------------------------------------------------

    def _scalar(self, method: str) -> Any:
        read_into_python(f"{method}()", "the array's value")
        if self.ndim != 0:
            if _MODES.profile and method != "__index__" and self._layout.size == 1 and behaves(
                ONE_ELEMENT_ARRAYS_CONVERT_TO_BOOL if method == "__bool__" else
                ONE_ELEMENT_ARRAYS_CONVERT_TO_NUMBERS
            ):
                return _scalars.scalar_value(self[(0,) * self.ndim])
            raise TypeError(
                f"{method}(): only a 0-dimensional array converts to a Python scalar, "
                f"got shape {self.shape}"
            )
        return _scalars.scalar_value(self)

    def __bool__(self, /) -> bool:
        return bool(self._scalar("__bool__"))

    def __complex__(self, /) -> complex:
        return complex(self._scalar("__complex__"))

    def __float__(self, /) -> float:
        if is_kind(self._dtype, "complex floating"):
            raise TypeError("__float__(): a complex array does not convert to float")
        return float(self._scalar("__float__"))

    def __int__(self, /) -> int:
        if is_kind(self._dtype, "complex floating"):
            raise TypeError("__int__(): a complex array does not convert to int")
        return int(self._scalar("__int__"))

    def __index__(self, /) -> int:
        check_dtype_kind(self._dtype, "__index__", "self", "integer")
        if on_library_device(self) and not called_by_package():
            raise refuse_index_conversion()
        return self._scalar("__index__")

    # --- interchange ----------------------------------------------------------------

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any:
        """NumPy's array protocol: a view of our memory unless a copy is asked for or needed
        (read-only while the writeable flag is off)."""
        if _MODES.flags:
            refuse_lazy("__array__()", "the elements, to hand them to another library")
            if on_library_device(self):
                raise refuse_host_conversion("__array__()")
            refuse_export_from_device(self._storage.device)
            count_read("__array__()")
            exported = _interchange.to_numpy(self, dtype, copy, read_only=is_read_only())
            return _view_modes.register_export(self, exported, "__array__()")
        return _interchange.to_numpy(self, dtype, copy)

    def __dlpack__(
        self,
        /,
        *,
        stream: object = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any:
        """Export the array through DLPack (the CPU has no streams)."""
        if stream is not None:
            raise ValueError("__dlpack__(): 'stream' must be None for the CPU device")
        if self._storage.device is GPU_DEVICE:
            copy = _exported_to_host(dl_device, copy)
        if _MODES.flags:
            refuse_lazy("__dlpack__()", "the elements, to hand them to another library")
            if is_read_only() and not copy:
                if max_version is None or max_version[0] < 1:
                    refuse_write("__dlpack__() (a capsule older than DLPack 1.0 cannot be "
                                 "marked read-only, so it would hand out writable memory)")
                return _interchange.export_dlpack(
                    self, max_version, dl_device, copy, read_only=True,
                    on_export=self._exported_by_dlpack,
                )
            if _view_modes.tracking():
                return _interchange.export_dlpack(self, max_version, dl_device, copy,
                                                  on_export=self._exported_by_dlpack)
        return _interchange.export_dlpack(self, max_version, dl_device, copy)

    def _exported_by_dlpack(self, exported: Any) -> None:
        _view_modes.register_export(self, exported, "__dlpack__()")

    def __dlpack_device__(self) -> tuple:
        """The DLPack device type and id: (kDLCPU, 0); (kDLCUDA, 0) for an array on the
        cupy profile's GPU."""
        if self._storage.device is GPU_DEVICE:
            return DLPACK_CUDA
        return DLPACK_CPU

    # --- pickle and copy --------------------------------------------------------------

    def _is_writable(self) -> bool:
        """True when writes through this array are allowed (see ``_check_writable``)."""
        return self._storage.writable and not has_repeated_addresses(self._layout)

    def __reduce_ex__(
        self, protocol: SupportsIndex
    ) -> tuple[Callable[..., Array], tuple[object, ...]]:
        """Pickle support: dtype, shape, C-order elements and writability (a view is
        stored as a compact array); see ``_pickling``."""
        return reduce_array(self, operator.index(protocol))

    def __reduce__(self) -> tuple[Callable[..., Array], tuple[object, ...]]:
        return self.__reduce_ex__(2)

    def __copy__(self) -> Array:
        """A new, writable, C-contiguous array with a copy of the elements (as NumPy's)."""
        return Array._adopt(_views.compact_copy(self), self._dtype, self._storage.device)

    def _copied_as(self, dtype: DType) -> Array:
        """A new C-contiguous array of this one's elements in ``dtype`` (an unsafe cast,
        which the caller has allowed)."""
        copied, layout = converted_copy(self, dtype)
        return _new_array(copied, layout, dtype, self._storage.device)

    def _accumulate_at(self, key: Any, value: Any, function: str) -> bool:
        """``function`` (``"add"``, ...) of the elements an advanced ``key`` selects and
        ``value``, written there once for each time the key names a position (JAX's
        ``x.at[key].add(value)``); False, with nothing written, for a basic key."""
        self._check_writable("__setitem__")
        key, value = library_dropped(self, key, value)
        target = select(self, key, "__setitem__")
        if isinstance(target, Layout):
            return False
        self._write(key, target, self._checked_source(value, target), "__setitem__", True,
                    function)
        return True

    def __deepcopy__(self, memo: object) -> Array:
        """The same as ``copy.copy``: the elements are numbers, nothing deeper to copy."""
        return self.__copy__()

    # --- presentation and iteration -----------------------------------------------------

    def __repr__(self, /) -> str:
        if is_lazy():  # a lazy library shows what it knows before computing
            return f"Array(shape={self.shape}, dtype={self._dtype.name}, lazy)"
        return _scalars.array_repr(self)

    def __format__(self, format_spec: str) -> str:
        """Format a 0-dimensional array as NumPy does: ``f"{x:.2f}"`` formats its value."""
        if self.ndim == 0:
            read_into_python("__format__()", "the array's value")
            return _scalars.format_scalar(self, format_spec)
        if format_spec:
            raise TypeError(
                f"__format__(): format spec {format_spec!r} applies only to 0-dimensional "
                f"arrays, got shape {self.shape}"
            )
        return str(self)

    def __len__(self, /) -> int:
        if self.ndim == 0:
            raise TypeError("len() of a 0-dimensional array")
        if _MODES.profile:
            refuse_len()
            check_known(self, "len()", "the size of axis 0", (0,))
        return self._layout.shape[0]

    def __iter__(self, /) -> Iterator[Array]:
        if self.ndim == 0:
            raise TypeError("iteration over a 0-dimensional array")
        if _MODES.profile:
            refuse_iteration(self.ndim)
            check_known(self, "iter()", "the size of axis 0, to count the rows", (0,))
        return (self[i] for i in range(self._layout.shape[0]))

    # --- operators ------------------------------------------------------------------
    # Each operator is the namespace function of the same meaning, built from the same
    # entry of ``_elementwise_dispatch``; a Python scalar may stand on either side.
    # Anything else gives NotImplemented, so Python raises TypeError.

    __hash__ = None  # type: ignore[assignment]  # arrays are mutable: not hashable

    def __abs__(self, /) -> Array:
        """The operator form of :func:`abs`."""
        return unary_call(_abs, self)

    def __neg__(self, /) -> Array:
        """The operator form of :func:`negative`."""
        return unary_call(_neg, self)

    def __pos__(self, /) -> Array:
        """The operator form of :func:`positive`."""
        return unary_call(_pos, self)

    def __invert__(self, /) -> Array:
        """The operator form of :func:`bitwise_invert`."""
        return unary_call(_invert, self)

    def __add__(self, other: Operand, /) -> Array:
        """The operator form of :func:`add`."""
        return binary_call(_add, self, other)

    def __radd__(self, other: Operand, /) -> Array:
        """The operator form of :func:`add`, reflected."""
        return binary_call(_radd, other, self)

    def __iadd__(self, other: Operand, /) -> Array:
        """The operator form of :func:`add`, in place."""
        return in_place_call(_iadd, self, other)

    def __sub__(self, other: Operand, /) -> Array:
        """The operator form of :func:`subtract`."""
        return binary_call(_sub, self, other)

    def __rsub__(self, other: Operand, /) -> Array:
        """The operator form of :func:`subtract`, reflected."""
        return binary_call(_rsub, other, self)

    def __isub__(self, other: Operand, /) -> Array:
        """The operator form of :func:`subtract`, in place."""
        return in_place_call(_isub, self, other)

    def __mul__(self, other: Operand, /) -> Array:
        """The operator form of :func:`multiply`."""
        return binary_call(_mul, self, other)

    def __rmul__(self, other: Operand, /) -> Array:
        """The operator form of :func:`multiply`, reflected."""
        return binary_call(_rmul, other, self)

    def __imul__(self, other: Operand, /) -> Array:
        """The operator form of :func:`multiply`, in place."""
        return in_place_call(_imul, self, other)

    def __truediv__(self, other: Operand, /) -> Array:
        """The operator form of :func:`divide`."""
        return binary_call(_truediv, self, other)

    def __rtruediv__(self, other: Operand, /) -> Array:
        """The operator form of :func:`divide`, reflected."""
        return binary_call(_rtruediv, other, self)

    def __itruediv__(self, other: Operand, /) -> Array:
        """The operator form of :func:`divide`, in place."""
        return in_place_call(_itruediv, self, other)

    def __floordiv__(self, other: RealOperand, /) -> Array:
        """The operator form of :func:`floor_divide`."""
        return binary_call(_floordiv, self, other)

    def __rfloordiv__(self, other: RealOperand, /) -> Array:
        """The operator form of :func:`floor_divide`, reflected."""
        return binary_call(_rfloordiv, other, self)

    def __ifloordiv__(self, other: RealOperand, /) -> Array:
        """The operator form of :func:`floor_divide`, in place."""
        return in_place_call(_ifloordiv, self, other)

    def __mod__(self, other: RealOperand, /) -> Array:
        """The operator form of :func:`remainder`."""
        return binary_call(_mod, self, other)

    def __rmod__(self, other: RealOperand, /) -> Array:
        """The operator form of :func:`remainder`, reflected."""
        return binary_call(_rmod, other, self)

    def __imod__(self, other: RealOperand, /) -> Array:
        """The operator form of :func:`remainder`, in place."""
        return in_place_call(_imod, self, other)

    def __pow__(self, other: Operand, /) -> Array:
        """The operator form of :func:`pow`."""
        return binary_call(_pow, self, other)

    def __rpow__(self, other: Operand, /) -> Array:
        """The operator form of :func:`pow`, reflected."""
        return binary_call(_rpow, other, self)

    def __ipow__(self, other: Operand, /) -> Array:
        """The operator form of :func:`pow`, in place."""
        return in_place_call(_ipow, self, other)

    def __and__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_and`."""
        return binary_call(_and, self, other)

    def __rand__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_and`, reflected."""
        return binary_call(_rand, other, self)

    def __iand__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_and`, in place."""
        return in_place_call(_iand, self, other)

    def __or__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_or`."""
        return binary_call(_or, self, other)

    def __ror__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_or`, reflected."""
        return binary_call(_ror, other, self)

    def __ior__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_or`, in place."""
        return in_place_call(_ior, self, other)

    def __xor__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_xor`."""
        return binary_call(_xor, self, other)

    def __rxor__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_xor`, reflected."""
        return binary_call(_rxor, other, self)

    def __ixor__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_xor`, in place."""
        return in_place_call(_ixor, self, other)

    def __lshift__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_left_shift`."""
        return binary_call(_lshift, self, other)

    def __rlshift__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_left_shift`, reflected."""
        return binary_call(_rlshift, other, self)

    def __ilshift__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_left_shift`, in place."""
        return in_place_call(_ilshift, self, other)

    def __rshift__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_right_shift`."""
        return binary_call(_rshift, self, other)

    def __rrshift__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_right_shift`, reflected."""
        return binary_call(_rrshift, other, self)

    def __irshift__(self, other: IntegerOperand, /) -> Array:
        """The operator form of :func:`bitwise_right_shift`, in place."""
        return in_place_call(_irshift, self, other)

    # Comparisons have no in-place form; Python reflects them itself (``2 < x`` calls
    # ``x.__gt__(2)``). ``==`` and ``!=`` give arrays, not bools, as the standard says.

    def __eq__(self, other: Operand, /) -> Array:  # type: ignore[override]
        """The operator form of :func:`equal`."""
        return binary_call(_eq, self, other)

    def __ne__(self, other: Operand, /) -> Array:  # type: ignore[override]
        """The operator form of :func:`not_equal`."""
        return binary_call(_ne, self, other)

    def __lt__(self, other: RealOperand, /) -> Array:
        """The operator form of :func:`less`."""
        return binary_call(_lt, self, other)

    def __le__(self, other: RealOperand, /) -> Array:
        """The operator form of :func:`less_equal`."""
        return binary_call(_le, self, other)

    def __gt__(self, other: RealOperand, /) -> Array:
        """The operator form of :func:`greater`."""
        return binary_call(_gt, self, other)

    def __ge__(self, other: RealOperand, /) -> Array:
        """The operator form of :func:`greater_equal`."""
        return binary_call(_ge, self, other)

    def __matmul__(self, other: Array, /) -> Array:
        """The operator form of :func:`matmul`."""
        if other.__class__ is not self.__class__:
            _dispatch.refuse_foreign_array(other, "__matmul__")
            return NotImplemented
        return matrix_product(self, other)

    def __rmatmul__(self, other: Array, /) -> Array:
        """The operator form of :func:`matmul`, reflected."""
        if other.__class__ is not self.__class__:
            _dispatch.refuse_foreign_array(other, "__rmatmul__")
            return NotImplemented
        return matrix_product(other, self)

    def __imatmul__(self, other: Array, /) -> Array:
        """The operator form of :func:`matmul`, in place."""
        if other.__class__ is not self.__class__:
            _dispatch.refuse_foreign_array(other, "__imatmul__")
            return NotImplemented
        return self._assign_in_place("__imatmul__", matrix_product(self, other))

    def _assign_in_place(self, operator: str, result: Array) -> Array:
        """Write an operator's result back into ``self``: same dtype and shape, or an error."""
        self._check_writable(operator)
        if (result._dtype is not self._dtype and _MODES.profile
                and casts_in_place(result._dtype, self._dtype)):
            result = result._copied_as(self._dtype)
        if result._dtype is not self._dtype:
            raise TypeError(
                f"{operator}(): cannot cast the result's dtype {result._dtype.name} to the "
                f"dtype {self._dtype.name} of the array updated in place (an in-place operation "
                "never changes an array's dtype); use the operator form instead"
            )
        if result._layout.shape != self._layout.shape:
            raise ValueError(
                f"{operator}(): the result has shape {result.shape}, but the array being "
                f"updated has shape {self.shape}"
            )
        self._write(Ellipsis, self._layout, result, operator, True)
        return self

    # --- indexing -------------------------------------------------------------------

    def __getitem__(self, key: IndexKey, /) -> Array:
        """Basic indexing (integers, slices, ..., None) returns a view; integer-array and
        boolean-mask indexing return a new array."""
        # The kinds of key ``select`` starts from, asked of the layout tables and NumPy
        # here directly (the call to ``select`` costs a tenth of x[3]) while their gates
        # say no mode need see them.
        layout = self._layout
        kind = _key_kind(self, key)
        if kind == KEY_INT:
            if plain_view():
                return self._view(first_axis_indexed(layout, key, "__getitem__"),  # type: ignore[arg-type]
                                  "__getitem__")
        elif kind == KEY_SLICE:
            if plain_view():
                sliced = remembered_slice(layout, key)  # type: ignore[arg-type]
                if sliced is not None:
                    return self._view(sliced, "__getitem__")
        elif kind == KEY_BASIC:
            if plain_view():
                return self._view(basic_indexed(layout, key, "__getitem__"), "__getitem__")  # type: ignore[arg-type]
        elif kind != KEY_OTHER and _shape_of(self):
            indexed = _indexed(self, key)  # type: ignore[arg-type]
            if indexed is not None:
                return indexed
        lazy = None
        if not plain_view() and is_dask():
            lazy = key_axes(self, key, "__getitem__")
            if selects_all(key):  # Dask gives the array itself, not a view
                return self
            key = lazy_index_scalars(key, Array)
            kind = _key_kind(self, key)
        target: Target = select(self, key, "__getitem__", kind)
        if isinstance(target, Layout):
            result = self._view(target, "__getitem__")
        else:
            if target.__class__ is Array:  # a boolean mask of this array's shape
                elements = _views.selected(self._numpy(), target._numpy())
            else:
                elements = _views.gather(self, target.key)
            result = Array._adopt(elements, self._dtype, self._storage.device)
        if lazy is not None:
            mark_indexed(result, self, *lazy)
        return result

    def __setitem__(self, key: IndexKey, value: Operand, /) -> None:
        """Write ``value`` through the elements ``key`` selects; a failed write changes nothing."""
        kind = _key_kind(self, key)
        if kind == KEY_INT:
            if plain_write(self._storage, _storage_of(value)):
                element: Any = value
                if type(value) is Array:  # a 0-d array of this dtype
                    if value._dtype is not self._dtype or value._layout.shape:
                        element = None
                    else:
                        element = value._numpy()
                elif not converts_exactly(value, self._dtype):
                    element = None
                if element is not None:
                    try:
                        _store(self, _AT_INT, key, element, None)
                        return
                    except (IndexError, ValueError):
                        pass  # out of range, or read-only: the general path says so in our words
        elif kind >= KEY_MASK and _shape_of(self):
            if _wrote_through_index(self, key, value):  # type: ignore[arg-type]
                return
        self._check_writable("__setitem__")
        device_of_call("__setitem__", x=self, key=key, value=value)
        written = library_write(self, key, value)
        if written[0] is not key:
            kind = _key_kind(self, written[0])
        key, value = written
        target = select(self, key, "__setitem__", kind)
        source = self._checked_source(value, target)
        self._write(key, target, source, "__setitem__", False)

    def _write(
        self, key: Any, target: Target, source: Any, operation: str, augmented: bool,
        accumulating: str | None = None,
    ) -> None:
        """The general path of every write: ``source`` (checked) into the ``target`` that
        ``key`` selects (by ``_store``), between the views modes' look before and after.
        ``augmented`` for an in-place operator's write; ``accumulating`` (``"add"``, ...)
        for JAX's ``x.at[key].add(v)`` through an index array, which applies each value
        once for each time the key names a position."""
        pending = None
        advanced_key = None if isinstance(target, Layout) else kernel_key(target)
        if _MODES.profile and source.__class__ is Array and source._storage is self._storage:
            check_overlap(target if advanced_key is None else self._layout, source, operation)
        if _MODES.tracking:
            layout = self._layout
            pending = _view_modes.before_write(
                self, layout if advanced_key is not None else target, advanced_key, source,
                f"{operation}()", augmented,
            )
            if self._layout is not layout:  # copy-on-write: elements of its own, a new layout
                target = select(self, key, operation)
                advanced_key = None if isinstance(target, Layout) else kernel_key(target)
        if advanced_key is None:
            _store(self, _IN_LAYOUT, target, source, None)
        else:
            _store(self, _SCATTERED, advanced_key, source, accumulating)
        if pending is not None:
            _view_modes.after_write(self, pending)

    def _check_writable(self, operation: str) -> None:
        """The one check that writes through this array are allowed (``_is_writable``):
        ValueError naming ``operation`` when the writeable flag is off, or the array is a
        broadcast view or views read-only memory."""
        if _MODES.writes:
            refuse_write(f"{operation}()")
        if has_repeated_addresses(self._layout):
            raise ValueError(
                f"{operation}(): the array is a broadcast view (some elements share one "
                "address); copy it before writing"
            )
        if not self._storage.writable:
            raise ValueError(
                f"{operation}(): the array is read-only (it views read-only memory or a "
                "broadcast); copy it before writing"
            )

    def _checked_source(self, value: Any, target: Target) -> Any:
        """The value to write into ``target`` (an array, or a scalar the kernels made of a
        Python one), after the standard's checks."""
        if isinstance(value, Array):
            if not promotes_to(value._dtype, self._dtype):
                raise TypeError(
                    f"__setitem__(): cannot cast dtype {value._dtype.name} to the array's "
                    f"dtype {self._dtype.name} without losing data; convert the value with "
                    "astype() first"
                )
            if _MODES.flags and not is_standard_promotion(value._dtype, self._dtype):
                refuse_unspecified("__setitem__", f"{value._dtype.name} values cannot be "
                                   f"promoted into an array of {self._dtype.name} (a write "
                                   "across kinds)")
            if isinstance(target, Layout) and broadcast_to_shape(
                value._layout, target.shape
            ) is None:
                raise ValueError(
                    f"__setitem__(): a value of shape {value.shape} does not broadcast to "
                    f"the selected shape {target.shape}"
                )
            return value
        scalar = as_python_scalar(value)
        if scalar is None or not python_scalar_fits_kind(scalar, self._dtype):
            raise TypeError(
                f"__setitem__(): cannot cast {type(value).__name__} {value!r} to the "
                f"array's dtype {self._dtype.name} without losing data"
            )
        if _MODES.flags and scalar_beyond_the_standard(self._dtype, scalar):
            refuse_unspecified("__setitem__", f"a Python {type(scalar).__name__} cannot be "
                               f"promoted into an array of {self._dtype.name}")
        return _scalars.scalar_of_dtype(scalar, self._dtype)


DLPACK_CUDA = (2, 0)
"""The DLPack device of the cupy profile's GPU: kDLCUDA, device 0."""


def _exported_to_host(dl_device: tuple[int, int] | None, copy: bool | None) -> bool:
    """The ``copy`` of a DLPack export of an array on the cupy profile's GPU, as CuPy
    exports: only to a consumer that asks for the CPU, and by copying (BufferError for
    any other consumer, ValueError for ``copy=False``)."""
    if dl_device is None or tuple(dl_device) != DLPACK_CPU:
        raise BufferError(
            "__dlpack__(): the array's memory is on the GPU (CuPy's), which a CPU consumer "
            "cannot read: NumPy answers 'Unsupported device in DLTensor'. Ask for the CPU "
            "(numpy.from_dlpack(x, device='cpu')), or move it with x.to_device('cpu')"
        )
    if copy is False:
        raise ValueError("__dlpack__(copy=False): GPU memory cannot be exported to the CPU "
                         "without a copy")
    return True


def check_array(
    x: object, function: str, argument: str = "x", computed_in: DType | None = None
) -> None:
    """TypeError naming the function and argument unless ``x`` is one of our arrays; and,
    for the data (``x``, ``x1``, ``x2``; not indices or sorters), the profile's refusal of
    ``function`` for ``x``'s dtype, or for ``computed_in``, the dtype the caller asked to
    compute in (``mean(x, dtype=float64)`` of integers; ``_profiles``)."""
    if x.__class__ is not Array and not isinstance(x, Array):
        raise TypeError(
            f"{function}(): '{argument}' must be an array_api_reshape Array, "
            f"got {type(x).__name__}"
        )
    if _MODES.profile:
        if argument[0] == "x":
            check_operation(function, computed_in or x._dtype)
            refuse_unknown(function, x)
        elif argument[0] == "a":  # one of the 'arrays' of concat, stack, meshgrid, ...
            refuse_unknown(function, x)


register_array_class(Array)
