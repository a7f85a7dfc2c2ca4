"""Can a reshape be a view, and if not, why: the same decision reshape() makes, in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .._array._array_object import Array, check_array
from .._tables._layout import Layout, Order
from .._tables._reshape_decision import (
    ORDER_NAMES,
    ReshapeBlocked,
    check_order,
    decide_reshape,
    new_shape_of,
)


@dataclass(frozen=True)
class ReshapeExplanation:
    """
    The answer of :func:`explain_reshape`: read the fields, or print it as a sentence.

    ``str()`` is the sentence; ``repr()`` and a notebook show the same sentence, so a bare
    ``layout.explain_reshape(x, shape)`` at a prompt answers in words.
    """

    shape: tuple[int, ...]
    strides: tuple[int, ...]
    new_shape: tuple[int, ...]
    order: Order
    is_view: bool
    new_strides: tuple[int, ...] | None
    blocking_axes: tuple[int, int] | None
    reason: str | None

    def __repr__(self) -> str:
        return f"<ReshapeExplanation: {self}>"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def __str__(self) -> str:
        head = (
            f"reshape {self.shape} (strides {self.strides}) -> {self.new_shape}, "
            f"reading in {ORDER_NAMES[self.order]} order: "
        )
        blocking_axes = self.blocking_axes
        if self.is_view or blocking_axes is None:  # is_view exactly when it is None
            return head + f"a view with strides {self.new_strides}; no data is copied."
        first, second = blocking_axes
        return head + (
            f"a copy. Axes {first} and {second} would have to merge into one axis, but "
            f"{self.reason}: one step along axis {first} does not jump over exactly one "
            f"full run of axis {second}, so no strides reproduce the elements."
        )


def _decide(layout: Layout, shape: int | Sequence[int], order: Order,
            function: str) -> Layout | ReshapeBlocked:
    return decide_reshape(layout, shape, order, function)


def explain_layout(layout: Layout, shape: int | Sequence[int], order: str = "C",
                   function: str = "explain_reshape") -> ReshapeExplanation:
    """:func:`explain_reshape` for a bare layout (the command line has no array)."""
    checked_order = check_order(order, function)
    decision = _decide(layout, shape, checked_order, function)
    new_strides: tuple[int, ...] | None = None
    blocking_axes: tuple[int, int] | None = None
    reason: str | None = None
    if isinstance(decision, ReshapeBlocked):
        blocking_axes, reason = decision.axes, decision.reason
    else:
        new_strides = decision.strides
    return ReshapeExplanation(
        shape=layout.shape,
        strides=layout.strides,
        new_shape=new_shape_of(decision),
        order=checked_order,
        is_view=blocking_axes is None,
        new_strides=new_strides,
        blocking_axes=blocking_axes,
        reason=reason,
    )


def can_reshape_without_copy(
    x: Array, shape: int | Sequence[int], *, order: Literal["C", "F"] = "C"
) -> bool:
    """
    Whether ``reshape(x, shape)`` can return a view.

    Parameters
    ----------
    x : Array
        Input array.
    shape : int or sequence of int
        The new shape (one -1 allowed).
    order : {"C", "F"}, optional
        Reading order of the elements: row-major (default) or column-major.

    Returns
    -------
    bool
        True exactly when some strides reproduce ``x``'s elements under ``shape``.

    Raises
    ------
    ValueError
        If ``shape`` cannot hold the ``x.size`` elements of ``x``, or ``order`` is unknown.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> x = xp.reshape(xp.arange(288), (4, 8, 9))[:, :6, :]
    >>> layout.can_reshape_without_copy(x, (4, 54)), layout.can_reshape_without_copy(x, (24, 9))
    (True, False)
    """
    check_array(x, "can_reshape_without_copy")
    function = "can_reshape_without_copy"
    decision = _decide(x._layout, shape, check_order(order, function), function)
    return decision.__class__ is not ReshapeBlocked


def explain_reshape(
    x: Array, shape: int | Sequence[int], *, order: Literal["C", "F"] = "C"
) -> ReshapeExplanation:
    """
    Explain whether ``reshape(x, shape)`` is a view or a copy, and why.

    Parameters
    ----------
    x : Array
        Input array.
    shape : int or sequence of int
        The new shape (one -1 allowed).
    order : {"C", "F"}, optional
        Reading order of the elements: row-major (default) or column-major.

    Returns
    -------
    ReshapeExplanation
        With ``is_view`` and the view's ``new_strides``, or the two ``blocking_axes``
        and the ``reason`` in numbers; ``str()`` of it is a readable sentence.

    Raises
    ------
    ValueError
        If ``shape`` cannot hold the ``x.size`` elements of ``x``, or ``order`` is unknown.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> x = xp.reshape(xp.arange(288), (4, 8, 9))[:, :6, :]
    >>> print(layout.explain_reshape(x, (4, 54)))
    reshape (4, 6, 9) (strides (72, 9, 1)) -> (4, 54), reading in row-major (C) order:
    a view with strides (72, 1); no data is copied.
    >>> layout.explain_reshape(x, (24, 9)).blocking_axes
    (0, 1)
    >>> layout.explain_reshape(x, (4, 54))
    <ReshapeExplanation: reshape (4, 6, 9) (strides (72, 9, 1)) -> (4, 54), reading in
    row-major (C) order: a view with strides (72, 1); no data is copied.>
    """
    check_array(x, "explain_reshape")
    return explain_layout(x._layout, shape, order)
