"""
What a profile's library does with an in-place operator (``x += y``) and with a write
whose value shares the written memory: the hooks the array object's general write paths
call, each doing nothing unless a profile may be in force.
"""

from __future__ import annotations

from typing import Any

from .._tables._layout import Layout, overlaps_in_part
from . import _strict_rules as strict_rules
from ._behaviours import IN_PLACE_OPERATORS_REBIND, PARTIAL_OVERLAP_RAISES
from ._flag_state import MODES
from ._profiles import behaves, diverged, partial_overlap_error


def check_in_place_operands(method: str, x: Any, other: Any) -> None:
    """array-api-strict's refusal of an operand of ``x``'s in-place operator ``method``
    that is neither an array nor a Python scalar (before Python tries the other side)."""
    if MODES.profile and strict_rules.in_force():
        strict_rules.check_operands(method, x, other, x.__class__)


def check_overlap(written: Layout, value: Any, operation: str) -> None:
    """The profile's library's refusal of a write into the elements of ``written`` whose
    ``value`` (an array over the same memory) overlaps them in part
    (``_behaviours.PARTIAL_OVERLAP_RAISES``)."""
    if overlaps_in_part(written, value._layout) and behaves(PARTIAL_OVERLAP_RAISES):
        raise partial_overlap_error(operation)


def in_place_rebinds(method: str, x: Any, other: Any) -> bool:
    """True when the profile's library answers ``x`` ``method`` ``other`` (``x += y``)
    with a new array that the name is rebound to, leaving ``x``'s memory alone (JAX);
    refuses first an ``other`` over ``x``'s memory that overlaps it in part."""
    if not MODES.profile:
        return False
    if other.__class__ is x.__class__ and other._storage is x._storage:
        check_overlap(x._layout, other, method)
    if behaves(IN_PLACE_OPERATORS_REBIND):
        diverged(IN_PLACE_OPERATORS_REBIND, function=f"{method}()")
        return True
    return False
