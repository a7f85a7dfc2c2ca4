"""
Showing an array never raises, under any flag: a test runner shows the arrays of a
failing test (pytest's ``repr`` of the locals), and a mode's error must stay the one the
test met, not an error in the report's own ``repr``.
"""

from __future__ import annotations

import pytest

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape._modes._flag_state import PROFILES, TRANSFER_MODES, VIEW_MODES

SETTINGS = (
    [{"views": mode} for mode in VIEW_MODES]
    + [{"profile": profile} for profile in PROFILES]
    + [{"transfers": mode} for mode in TRANSFER_MODES]
    + [{"lazy": True}, {"writeable": False}, {"computes": 0}, {"unspecified": "refuse"},
       {"boolean_indexing": False}, {"fixed_device": "device1"}]
)


def _arrays_after_a_write_through_a_view() -> list:
    x = xp.reshape(xp.arange(6.0), (2, 3))
    row = x[0, :]
    try:
        row[...] = 7.0  # refused under some flags: the arrays are shown all the same
    except Exception:
        pass
    return [x, row, x[1, 1], xp.ones((0, 2)), xp.asarray(True)]


def _spelled(settings: dict) -> str:
    return ";".join(f"{name}={value}" for name, value in settings.items())


@pytest.mark.parametrize("settings", SETTINGS, ids=_spelled)
def test_repr_and_str_never_raise_and_leave_the_next_read_to_the_mode(settings):
    with flags.using(**settings):
        arrays = _arrays_after_a_write_through_a_view()
        for array in arrays:
            shown = repr(array)
            assert shown.startswith("Array(")
            assert str(array)
    if settings == {"views": "error"}:  # the mark is still there for the next real read
        with flags.using(**settings):
            x = xp.reshape(xp.arange(6.0), (2, 3))
            row = x[0, :]
            row[...] = 7.0
            repr(x)
            with pytest.raises(ValueError, match="reads an array whose elements were changed"):
                xp.sum(x)
