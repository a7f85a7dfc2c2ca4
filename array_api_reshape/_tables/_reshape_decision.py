"""
The one reshape decision: for a layout, a requested shape and a reading order (C or F),
either the layout of the view or the pair of axes that blocks one.

Everything that asks "is this reshape a view?" reads the answer from :func:`decide_reshape`:
``reshape`` in the namespace, ``layout.reshape`` in either order, ``explain_reshape``,
``can_reshape_without_copy``, the reshape diagram and the command line. The requested shape
is normalised here too (one -1 inferred, sizes checked against the layout's), and the
``copy=False`` error is worded here, so that all of them say the same thing.

Decisions are pure, so they are remembered per (layout, requested shape) in one bounded
cache per order; the namespace ``reshape`` looks up ``ROW_MAJOR_DECISIONS`` itself before
any other work, which keeps a repeated view reshape at one dict lookup.

Pure Python, no NumPy: like the layout modules, this only does arithmetic on tuples.
"""

from __future__ import annotations

from ._bounded_cache import BoundedCache
from ._layout import Layout, Order
from ._reshape_as_view import ReshapeBlocked, reshape_as_view, reshape_as_view_column_major
from ._arguments import as_int_tuple

__all__ = [
    "ReshapeBlocked",
    "ORDER_NAMES",
    "ROW_MAJOR_DECISIONS",
    "COLUMN_MAJOR_DECISIONS",
    "remembered_row_major_decision",
    "check_order",
    "reshape_target",
    "decide_reshape",
    "new_shape_of",
    "blocked_message",
]

ORDER_NAMES: dict[Order, str] = {"C": "row-major (C)", "F": "column-major (F)"}

ROW_MAJOR_DECISIONS = BoundedCache()
"""``decide_reshape``'s answers in C order by ``(layout, shape)``, for requested shapes that
are tuples of exactly ``int`` (``(24.0, 9) == (24, 9)``, so a lookup must check the types)."""

COLUMN_MAJOR_DECISIONS = BoundedCache()
"""As ``ROW_MAJOR_DECISIONS``, in F order."""

remembered_row_major_decision = ROW_MAJOR_DECISIONS.get
"""``ROW_MAJOR_DECISIONS.get`` bound once, for the namespace ``reshape``'s hot path."""


def check_order(order: object, function: str) -> Order:
    """``order`` itself when it is ``"C"`` or ``"F"``; a ValueError naming ``function``
    otherwise."""
    if isinstance(order, str) and order in ORDER_NAMES:
        return order
    raise _order_error(order, function)


def _order_error(order: object, function: str) -> ValueError:
    return ValueError(f"{function}(): 'order' must be 'C' or 'F', got {order!r}")


def reshape_target(shape: object, size: int, function: str = "reshape") -> tuple[int, ...]:
    """The requested shape with its -1 (if any) inferred; ValueError if it cannot hold ``size``."""
    new_shape = as_int_tuple(shape, function, "shape")
    unknown = [axis for axis, n in enumerate(new_shape) if n == -1]
    if len(unknown) > 1:
        raise ValueError(f"{function}(): 'shape' {new_shape} can have at most one -1")
    if any(n < -1 for n in new_shape):
        raise ValueError(
            f"{function}(): 'shape' {new_shape} must hold sizes >= 0 and at most one -1"
        )
    known = 1
    for n in new_shape:
        if n != -1:
            known *= n
    if unknown:
        if known == 0 or size % known:
            raise ValueError(
                f"{function}(): cannot reshape an array of size {size} into shape "
                f"{new_shape}: the -1 has no unique value"
            )
        axis = unknown[0]
        new_shape = new_shape[:axis] + (size // known,) + new_shape[axis + 1 :]
    elif known != size:
        raise ValueError(
            f"{function}(): cannot reshape an array of size {size} into shape {new_shape}"
        )
    return new_shape


def _is_int_tuple(shape: object) -> bool:
    if shape.__class__ is not tuple:
        return False
    for n in shape:
        if n.__class__ is not int:
            return False
    return True


def decide_reshape(
    layout: Layout, shape: object, order: str = "C", function: str = "reshape"
) -> Layout | ReshapeBlocked:
    """
    Whether ``layout``'s elements, read in ``order``, can be viewed under ``shape``.

    Parameters
    ----------
    layout : Layout
        The input's layout.
    shape : int or sequence of int
        The requested shape; at most one -1 (inferred from the layout's size).
    order : {"C", "F"}, optional
        Reading and placing order (default "C"). Callers that must refuse a bad order
        before other arguments call ``check_order`` first.
    function : str, optional
        The public function asking, named in error messages (default "reshape").

    Returns
    -------
    Layout or ReshapeBlocked
        The view's layout (same offset), or the two neighbouring input axes that would
        have to merge but cannot, with the reason and the resolved ``new_shape``.

    Raises
    ------
    TypeError
        If ``shape`` is not an int or a sequence of ints.
    ValueError
        If ``shape`` cannot hold the layout's elements, or ``order`` is unknown.

    Examples
    --------
    >>> from array_api_reshape._tables._layout import Layout
    >>> from array_api_reshape._tables._reshape_decision import decide_reshape
    >>> sliced = Layout((4, 6, 9), (72, 9, 1), 0)
    >>> decide_reshape(sliced, (4, -1))
    Layout(shape=(4, 54), strides=(72, 1), offset=0)
    >>> decide_reshape(sliced, (24, 9))
    ReshapeBlocked(axes=(0, 1), reason='stride 72 != 6 * 9', new_shape=(24, 9))
    >>> decide_reshape(Layout((3, 2), (1, 3), 0), (6,), "F")
    Layout(shape=(6,), strides=(1,), offset=0)
    """
    if order == "C":
        decisions, decide = ROW_MAJOR_DECISIONS, reshape_as_view
    elif order == "F":
        decisions, decide = COLUMN_MAJOR_DECISIONS, reshape_as_view_column_major
    else:
        raise _order_error(order, function)
    remembered = _is_int_tuple(shape)
    if remembered:
        decision = decisions.get((layout, shape))
        if decision is not None:
            return decision
    new_shape = reshape_target(shape, layout.size, function)
    decision = decide(layout, new_shape)
    if remembered:
        decisions.remember((layout, shape), decision)
    return decision


def new_shape_of(decision: Layout | ReshapeBlocked) -> tuple[int, ...]:
    """The resolved shape a decision answers for, view or not."""
    if isinstance(decision, ReshapeBlocked):
        return decision.new_shape
    return decision.shape


def blocked_message(layout: Layout, blocked: ReshapeBlocked, order: str = "C") -> str:
    """The ``copy=False`` error: which axes block a view of ``blocked.new_shape`` and why."""
    first, second = blocked.axes
    new_shape = blocked.new_shape
    order_note = "" if order == "C" else ', order="F"'
    return (
        f"reshape(copy=False): no view of shape {new_shape} exists for an array with "
        f"shape {layout.shape} and strides {layout.strides}: axes {first} and {second} "
        f"cannot be merged because {blocked.reason}. Use copy=None to allow a copy, or "
        f"see layout.explain_reshape(x, {new_shape}{order_note})."
    )
