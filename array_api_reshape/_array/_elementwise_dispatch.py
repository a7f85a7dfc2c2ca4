"""
Element-wise dispatch: what every element-wise function and operator does before and
after its kernel, for an array class it is given.

Each function's record (``ELEMENTWISE_FUNCTIONS`` of ``_kernels/_elementwise_records.py``)
states its allowed dtype kinds, its result rule, its kernel and the operators it backs.
The builders here turn one record into a callable: the public function (built by the
element-wise chapter for the array class) or an operator method (declared in the array
class's body, where the class is ``self``'s). Each applies the standard's type promotion
(arrays with arrays, Python scalars adapting to an array's dtype), checks kinds and shapes,
and runs one kernel of ``_elementwise_kernels``. The common cases take the array class's
fast paths (``binary_call``, ``unary_call`` of the array object, compiled in the compiled
build), which follow the plans made here once per dtype (``UnaryPlan``, ``BinaryPlan``)
and hand everything else to the general paths built here (``general_binary``,
``general_unary``).

Results go on their operands' device. While no mode is on and arrays live only on the CPU
(``MODES.devices`` off) that is the CPU, and the fast paths compare no devices and read the
kernels' cached views directly. Once a mode or another device is in use every call takes
the general path, which refuses operands of two devices, places the result on theirs, and
reads its operands through ``_numpy()``, where the views modes watch reads.

This module sits below the array object and imports none of it: it reads arrays' slots and
asks the array class for new arrays (``_adopt``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .._kernels import _elementwise_kernels as kernels
from .._kernels._elementwise_records import ELEMENTWISE_FUNCTIONS, ElementwiseFunction
from .._kernels._numpy_views import Binary, Kernel
from .._modes._device_checks import check_result_dtype
from .._modes._placement import same_device
from .._modes._results import broadcast_result, result_like
from .._modes._behaviours import (
    BOOLS_ADD_AND_MULTIPLY,
    FLOAT32_ATAN2_ROUNDS_CORRECTLY,
    INTEGER_DIVISION_BY_ZERO_RAISES,
)
from .._modes._profiles import (
    behaves,
    diverged,
    check_operation,
    division_by_zero_error,
    check_scalar_operands,
    library_default,
)
from .._modes._refusals import MODES as _MODES
from .._modes import _strict_rules as strict_rules
from .._modes._refusals import refuse_unspecified
from .._modes._promotion import promote_types, scalar_result_dtype
from .._tables._devices import CPU_DEVICE, Device
from .._tables._dtypes import (
    ALL_DTYPES,
    DEFAULT_REAL_FLOATING,
    EXACT_PYTHON_SCALARS,
    REAL_OF,
    DType,
    agreed_promotion,
    is_kind,
    as_python_scalar,
)
from .._tables._dtypes import (
    bool as bool_dtype,
)
from .._tables._dtypes import float32, float64
from .._tables._layout import broadcast_shape

Operation = Callable[..., Any]


class ArrayClass(Protocol):
    """What the dispatch asks of the array class it is given (this module sits below the
    class and never imports it): the fast paths of the element-wise calls, and an array
    that owns a kernel's new result."""

    @property
    def binary_call(self) -> Callable[[BinaryEntry, Any, Any], Any]: ...

    @property
    def unary_call(self) -> Callable[[UnaryEntry, Any], Any]: ...

    @staticmethod
    def _adopt(result: Any, dtype: DType, device: Device, /) -> Any: ...

RESULT_DESCRIPTIONS = {
    "same": "The result, in the (promoted) dtype of the input.",
    "floating": (
        "The result, in the (promoted) dtype of a floating input; integer and bool "
        "inputs give the default floating dtype (float64)."
    ),
    "bool": "A bool array.",
    "component": "The result; a complex input gives the real dtype of its components.",
}
"""Each result rule in words, for the functions' docstrings."""


# --- dtypes ------------------------------------------------------------------------


def computation_dtype(rule: str, dtype: DType) -> DType:
    """The dtype a kernel computes in: the operands' (promoted) dtype, except that the
    "floating" rule computes integers and bools in the default floating dtype, as
    NumPy, PyTorch and JAX all accept them for functions such as exp and divide."""
    if rule == "floating" and not is_kind(dtype, "floating-point"):
        return DEFAULT_REAL_FLOATING
    return dtype


def result_dtype_for(rule: str, dtype: DType) -> DType:
    """The result's dtype for a computation in ``dtype``."""
    if rule == "bool":
        return bool_dtype
    if rule == "component":
        return REAL_OF.get(dtype, dtype)
    return dtype


def kind_error(name: str, argument: str, kinds: str, dtype: DType) -> TypeError:
    """The TypeError for an operand whose dtype the function does not allow."""
    return TypeError(f"{name}(): '{argument}' must have a {kinds} dtype, got {dtype}")


def operand_dtype(name: str, x1: Any, x2: Any, array_class: ArrayClass) -> DType:
    """The promoted dtype of two operands (one may be a Python scalar, already checked)."""
    if x1.__class__ is array_class:
        if x2.__class__ is array_class:
            return promote_types(x1._dtype, x2._dtype, name)
        return scalar_result_dtype(x1._dtype, x2, name)
    if x2.__class__ is array_class:
        return scalar_result_dtype(x2._dtype, x1, name)
    raise TypeError(
        f"{name}(): at least one of 'x1' and 'x2' must be an array_api_reshape Array, "
        f"got {type(x1).__name__} and {type(x2).__name__}"
    )


# --- operands ------------------------------------------------------------------------

_FOREIGN_ARRAY_MARKS = ("__array_namespace__", "__array__", "__dlpack__", "__array_interface__")


def is_foreign_array(value: Any) -> bool:
    """True for an array of another library: it speaks one of the array protocols."""
    return any(hasattr(value, name) for name in _FOREIGN_ARRAY_MARKS)


def refuse_foreign_array(value: Any, operator: str) -> None:
    """TypeError for an array of another library (NumPy, PyTorch, ...) as an operand:
    mixing them silently would hand back the other library's array type."""
    if is_foreign_array(value):
        raise TypeError(
            f"{operator}(): cannot combine an array_api_reshape Array with a "
            f"{type(value).__module__}.{type(value).__name__}; convert it with "
            "array_api_reshape.asarray() first"
        )


def is_operand(value: Any, operator: str, array_class: ArrayClass) -> bool:
    """Arrays and Python scalars (NumPy's too) take part in operators; another library's
    array is a TypeError that says how to convert it; anything else is not an operand
    (the operator gives NotImplemented, so Python tries the other side)."""
    if value.__class__ is array_class or as_python_scalar(value) is not None:
        return True
    refuse_foreign_array(value, operator)
    return False


def checked_scalar(name: str, argument: str, value: Any, array_class: ArrayClass) -> Any:
    """An operand that is not an array, as a Python scalar (NumPy's scalars become
    Python's); anything else is a TypeError naming the argument."""
    if value.__class__ is array_class:
        return value
    scalar = as_python_scalar(value)
    if scalar is None:
        advice = (
            "; convert it with array_api_reshape.asarray() first"
            if is_foreign_array(value)
            else ""
        )
        raise TypeError(
            f"{name}(): '{argument}' must be an array_api_reshape Array or a Python "
            f"scalar, got {type(value).__name__}{advice}"
        )
    return scalar


# --- the general path ------------------------------------------------------------------


def apply_binary(function: ElementwiseFunction, x1: Any, x2: Any, array_class: ArrayClass) -> Any:
    """The general path of the binary ``function``: promote, check kinds and shapes,
    broadcast, compute."""
    name, kinds, rule = function.name, function.kinds, function.result
    if x1.__class__ is not array_class or x2.__class__ is not array_class:
        x1 = checked_scalar(name, "x1", x1, array_class)
        x2 = checked_scalar(name, "x2", x2, array_class)
    dtype = operand_dtype(name, x1, x2, array_class)
    if _MODES.profile:
        check_operation(name, dtype)
        if (name in _INTEGER_DIVISIONS and is_kind(dtype, "integer")
                and behaves(INTEGER_DIVISION_BY_ZERO_RAISES)
                and _divides_by_zero(x2, array_class)):
            raise division_by_zero_error(name)
    if not is_kind(dtype, kinds) and not (
        _MODES.profile and dtype is bool_dtype and name in _BOOLEAN_ARITHMETIC
        and behaves(BOOLS_ADD_AND_MULTIPLY)
    ):
        operands: tuple[tuple[str, Any], ...] = (("x1", x1), ("x2", x2))
        for argument, value in operands:
            if value.__class__ is array_class and not is_kind(value._dtype, kinds):
                raise kind_error(name, argument, kinds, value._dtype)
        raise kind_error(name, "x1", kinds, dtype)
    if (x1.__class__ is array_class and x2.__class__ is array_class
            and x1._layout.shape != x2._layout.shape):
        if broadcast_shape(x1._layout.shape, x2._layout.shape) is None:
            raise ValueError(
                f"{name}(): shapes {x1.shape} and {x2.shape} cannot be broadcast together"
            )
    computed_in = computation_dtype(rule, dtype)
    device = CPU_DEVICE
    if _MODES.flags or _MODES.devices:
        if computed_in is not dtype:
            refuse_unspecified(name, f"{dtype.name} operands, computed in {computed_in.name}")
            if _MODES.profile:
                computed_in = library_default(computed_in)
        if _MODES.devices:
            device = same_device(name, x1=x1, x2=x2)
            check_result_dtype(result_dtype_for(rule, computed_in), device, name)
    result_dtype = result_dtype_for(rule, computed_in)
    if (_MODES.profile and name == "atan2" and computed_in is float32
            and behaves(FLOAT32_ATAN2_ROUNDS_CORRECTLY)):
        computed_in = float64  # (NumPy's float32 atan2 is one unit in the last place off)
        diverged(FLOAT32_ATAN2_ROUNDS_CORRECTLY, function="atan2()")
    result = kernels.binary_of_operands(function, x1, x2, computed_in)
    made = array_class._adopt(result, result_dtype, device)
    return broadcast_result(made, (x1, x2), name)


_INTEGER_DIVISIONS = ("floor_divide", "remainder")
_BOOLEAN_ARITHMETIC = ("add", "multiply")


def _divides_by_zero(divisor: Any, array_class: ArrayClass) -> bool:
    """True when ``divisor`` (an array or a Python scalar) holds a zero."""
    if divisor.__class__ is array_class:
        return not divisor._numpy().all()
    return bool(divisor == 0)


# --- plans: what a function does for each dtype, decided once ------------------------------


UnaryPlan = tuple[DType, DType]
"""What a unary function does for an input of one dtype: ``(computed_in, result_dtype)``,
the dtype its kernel computes in and the result's.

Plans are plain tuples, which the hot paths unpack into their fields' names: that costs
less than reading the fields of a NamedTuple or of a slotted object (measured on ``x + y``
of 10 elements against indexing, ``plan[0]``: about 5% and 2% more a call, and 1% for the
unpacking)."""

BinaryPlan = tuple[Kernel, DType, dict[type, tuple[Any, Any]], Binary]
"""What a binary function's fast paths do for operands of one dtype: ``(kernel,
result_dtype, exact_scalars, large_kernel)``, made by ``binary_plan``."""


def binary_plan(
    kernel: Kernel,
    result_dtype: DType,
    exact_scalars: dict[type, tuple[Any, Any]],
    large_kernel: Binary,
) -> BinaryPlan:
    """The plan of a binary function for one dtype: ``kernel`` for fewer elements than
    any kind of work sends to threads and ``large_kernel`` (which may split the work over
    threads) for more; ``result_dtype``; and ``exact_scalars``, the Python scalar types
    that may go to the kernels unconverted, each with the bounds of the values that may
    (none for special-case kernels, which read their operands' dtypes)."""
    return (kernel, result_dtype, exact_scalars, large_kernel)


def _unary_plans(function: ElementwiseFunction) -> tuple[UnaryPlan | None, ...]:
    """For each dtype (by its index): the dtype to compute in and the result's dtype;
    None for the dtypes the function does not allow."""
    rule = function.result
    computed_in = [computation_dtype(rule, dtype) for dtype in ALL_DTYPES]
    return tuple(
        (computed, result_dtype_for(rule, computed))
        if is_kind(dtype, function.kinds)
        else None
        for dtype, computed in zip(ALL_DTYPES, computed_in)
    )


def _binary_plans(function: ElementwiseFunction) -> tuple[BinaryPlan | None, ...]:
    """For each dtype (by its index) the function allows without converting its operands:
    its fast paths' plan; None for the other dtypes (the general path's)."""
    rule = function.result
    plans: list[BinaryPlan | None] = []
    for dtype in ALL_DTYPES:
        if not is_kind(dtype, function.kinds) or computation_dtype(rule, dtype) is not dtype:
            plans.append(None)
            continue
        result, numpy_kind = result_dtype_for(rule, dtype), dtype.dtype.kind
        scalars = kernels.takes_python_scalars(function, numpy_kind)
        plans.append(binary_plan(
            kernel=kernels.binary_kernel(function, result, numpy_kind),
            result_dtype=result,
            exact_scalars=EXACT_PYTHON_SCALARS[dtype] if scalars else {},
            large_kernel=kernels.large_binary_kernel(function, result, numpy_kind),
        ))
    return tuple(plans)


# --- builders --------------------------------------------------------------------------


def _record(name: str, arity: int) -> ElementwiseFunction:
    """The record of the element-wise function ``name``, which must take ``arity`` operands."""
    function = ELEMENTWISE_FUNCTIONS[name]
    if function.arity != arity:
        raise ValueError(f"{name} takes {function.arity} operands, not {arity}")
    return function


UnaryEntry = tuple[tuple[UnaryPlan | None, ...], Kernel, Operation]
"""A unary function's or operator's ``(plans, kernel, general)``: its plans for each dtype
and its small kernel, which the array class's fast path (``unary_call``) follows in the
common cases, and its general path for everything else."""


def unary_entry(name: str, general: Operation) -> UnaryEntry:
    """The entry of the unary function ``name`` with ``general`` as its general path."""
    record = _record(name, 1)
    return (_unary_plans(record), kernels.unary_kernel(record), general)


def unary(name: str, array_class: ArrayClass) -> Operation:
    """The unary function ``name`` for ``array_class``: the array class's fast path
    (``array_class.unary_call``) with the function's plans, else its general path."""
    entry = unary_entry(name, general_unary(name, array_class))
    call = array_class.unary_call

    def function(x: Any, /) -> Any:
        return call(entry, x)

    return _called(function, name)


def general_unary(name: str, array_class: ArrayClass | None) -> Operation:
    """The general path of the unary function ``name`` for ``array_class``: every check
    and the modes; with None, the operator method's (its one operand is ``self``, so its
    class needs no check)."""
    record = _record(name, 1)
    kinds = record.kinds
    plans = _unary_plans(record)
    compute = kernels.unary_of_array

    def function(x: Any, /) -> Any:
        if array_class is not None and x.__class__ is not array_class:
            raise TypeError(
                f"{name}(): 'x' must be an array_api_reshape Array, got {type(x).__name__}"
            )
        plan = plans[x._dtype.index]
        if plan is None:
            raise kind_error(name, "x", kinds, x._dtype)
        if _MODES.profile:
            check_operation(name, x._dtype)
        computed_in, result_dtype = plan
        # computing in another dtype: unspecified by the standard, one a device may lack,
        # and one the profile's library may choose otherwise
        if computed_in is not x._dtype and (_MODES.flags or _MODES.devices):
            refuse_unspecified(name, f"{x._dtype.name} input, computed in {computed_in.name}")
            if _MODES.profile:
                computed_in = library_default(computed_in)
                result_dtype = result_dtype_for(record.result, computed_in)
            check_result_dtype(result_dtype, x._storage.device, name)
        result = x._adopt(compute(record, x, computed_in), result_dtype, x._storage.device)
        return result_like(result, x)

    return _called(function, name)


class ConvertedPlans(dict[tuple[int, int], "tuple[DType, BinaryPlan] | None"]):
    """A binary function's plans for two arrays that its fast path must convert first (of
    two dtypes, or of one it does not compute in, as ``int64 / int64``), made on first
    use: by the pair of the operands' dtype indices, ``(computed_in, plan)``, the dtype
    the general path would convert both to (their promotion, then the function's
    computation dtype) and that dtype's plan; None where the general path decides (dtypes
    that do not promote, a kind the function refuses). Read only while no flag may
    differ: the promotions are the tables' own."""

    def __init__(self, function: ElementwiseFunction, plans: tuple[BinaryPlan | None, ...]):
        super().__init__()
        self.function = function
        self.plans = plans

    def __missing__(self, key: tuple[int, int]) -> tuple[DType, BinaryPlan] | None:
        first, second = ALL_DTYPES[key[0]], ALL_DTYPES[key[1]]
        found: tuple[DType, BinaryPlan] | None = None
        try:
            promoted = agreed_promotion(first, second, self.function.name)
        except TypeError:
            promoted = None
        if promoted is not None and is_kind(promoted, self.function.kinds):
            computed = computation_dtype(self.function.result, promoted)
            plan = self.plans[computed.index]
            if plan is not None:
                found = (computed, plan)
        self[key] = found
        return found


BinaryEntry = tuple[tuple[BinaryPlan | None, ...], Operation, ConvertedPlans]
"""A binary function's or operator's ``(plans, general, converted)``: its plans for each
dtype, which the array class's fast path (``binary_call``) follows in the common cases,
its general path for everything else, and its plans for arrays it converts first."""


def general_binary(name: str, array_class: ArrayClass | None) -> Operation:
    """The general path of the binary function ``name`` for ``array_class``: promotion,
    every check, the modes. With None, its forward operator method's: ``x1`` is ``self``
    and an operand of another type gives NotImplemented."""
    record = _record(name, 2)

    def function(x1: Any, x2: Any, /) -> Any:
        cls = array_class or x1.__class__
        if _MODES.profile and strict_rules.in_force():
            strict_rules.check_operands(name, x1, x2, cls)
        if array_class is None and x2.__class__ is not cls and not is_operand(x2, name, cls):
            return NotImplemented
        if array_class is not None and _MODES.profile:
            check_scalar_operands(name, x1, x2)
        return apply_binary(record, x1, x2, cls)

    return _called(function, name)


def binary_entry(name: str, general: Operation) -> BinaryEntry:
    """The entry of the binary function ``name`` with ``general`` as its general path."""
    record = _record(name, 2)
    plans = _binary_plans(record)
    return (plans, general, ConvertedPlans(record, plans))


def binary(name: str, array_class: ArrayClass) -> Operation:
    """The binary function ``name`` for ``array_class``: the array class's fast path
    (``array_class.binary_call``) with the function's plans, else its general path."""
    entry = binary_entry(name, general_binary(name, array_class))
    call = array_class.binary_call

    def function(x1: Any, x2: Any, /) -> Any:
        return call(entry, x1, x2)

    return _called(function, name)


def public_function(name: str, array_class: ArrayClass) -> Operation:
    """The namespace's element-wise function ``name`` for ``array_class``, unary or binary
    as its record says."""
    if ELEMENTWISE_FUNCTIONS[name].arity == 1:
        return unary(name, array_class)
    return binary(name, array_class)


def _operator_record(name: str, method: str) -> ElementwiseFunction:
    """The record of ``name``, which must list the operator ``method`` among its own."""
    function = ELEMENTWISE_FUNCTIONS[name]
    if method not in function.operators:
        raise ValueError(
            f"{method} is not an operator of {name}: its record lists {function.operators}"
        )
    return function


def reflected(name: str, method: str) -> BinaryEntry:
    """The entry of the reflected operator method ``method`` (``__radd__``) of binary
    function ``name``, for the array class's ``binary_call`` with the operands in the
    function's order: ``other + self`` when ``other`` is a Python scalar. Its general
    path takes ``(other, self)`` and gives NotImplemented for an operand of another type."""
    record = _operator_record(name, method)

    def operator(x1: Any, x2: Any, /) -> Any:
        # (no strict operand check: a NumPy scalar on the left is NumPy's to handle, and
        # array-api-strict never sees it)
        cls = x2.__class__
        if x1.__class__ is not cls and not is_operand(x1, method, cls):
            return NotImplemented
        return apply_binary(record, x1, x2, cls)

    return binary_entry(name, _named(operator, method, name, ", reflected"))


def _in_place_kernels(
    function: ElementwiseFunction, plans: tuple[BinaryPlan | None, ...]
) -> tuple[Any, ...]:
    """For each dtype (by its index) whose fast-path plan (of ``plans``) gives a result of
    the same dtype: the kernel that writes the result into the first operand; None
    otherwise, and for complex dtypes: NumPy multiplies complex numbers into one of the
    operands with another loop than into a new array, which rounds some results to
    another last bit, and ``x *= y`` must give the bits of ``x * y``."""
    return tuple(
        None if plan is None or plan[1] is not dtype or is_kind(dtype, "complex floating")
        else kernels.in_place_kernel(function, dtype, dtype.dtype.kind)
        for dtype, plan in zip(ALL_DTYPES, plans)
    )


InPlaceEntry = tuple[tuple[Any, ...], tuple[BinaryPlan | None, ...], BinaryEntry, str]
"""An in-place operator's ``(writers, plans, forward, method)``: for each dtype (by its
index) the kernel that writes the result into the first operand, or None; the fast-path
plans of its function; the entry of the operation it writes back (``x + y`` for
``x += y``), whose general path gives NotImplemented for an operand of another type; and
the operator's name."""


def in_place(name: str, method: str) -> InPlaceEntry:
    """The entry of the in-place operator method ``method`` (``__iadd__``) of binary
    function ``name``, for the array class's ``in_place_call``: the result is written
    back into ``self``, whose dtype and shape never change.

    The common cases (``self`` and an array of its dtype and shape, or a Python scalar of
    its kind, few elements, a writable C-contiguous ``self``) compute straight into
    ``self``'s memory, while no mode needs to see the write; everything else computes the
    forward operation's result and writes it back with every check (the array object's
    general path of the in-place operators)."""
    function = _operator_record(name, method)
    entry = binary_entry(name, _named(general_binary(name, None), method, name, ", in place"))
    return (_in_place_kernels(function, entry[0]), entry[0], entry, method)


def forward(name: str, method: str) -> BinaryEntry:
    """The entry of the forward operator method ``method`` (``__add__``) of binary
    function ``name``, for the array class's ``binary_call``."""
    _operator_record(name, method)
    return binary_entry(name, _named(general_binary(name, None), method, name, ""))


def unary_operator(name: str, method: str) -> UnaryEntry:
    """The entry of the operator method ``method`` (``__neg__``) of unary function
    ``name``, for the array class's ``unary_call``."""
    _operator_record(name, method)
    return unary_entry(name, _named(general_unary(name, None), method, name, ""))


def _called(function: Operation, name: str) -> Operation:
    """``function`` named ``name``, its code too: the modes' reports name the function
    user code called by the name of its code."""
    function.__code__ = function.__code__.replace(co_name=name, co_qualname=name)
    function.__name__ = function.__qualname__ = name
    return function


def _named(operator: Operation, method: str, function: str, role: str) -> Operation:
    """``operator``, the general path of the operator method ``method``, named so (the
    modes' reports name the operator user code wrote), with a docstring saying which."""
    _called(operator, method)
    operator.__doc__ = f"The general path of the operator form of :func:`{function}`{role}."
    return operator
