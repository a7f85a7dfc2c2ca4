"""The views modes' books (``_modes/_view_tracking.py``): what making a view leaves behind
and what the reports read back from it. Making a view records the least it can (a weak
reference by ``id``, the frames of the call), so these tests check that the least is
enough: entries of arrays that are gone neither pile up nor speak for a newer array at
the same address, and the call's site reads back as the user's function and line."""

from __future__ import annotations

import gc
import sys
import warnings

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape._modes import _view_tracking as tracking
from array_api_reshape.flags import ViewMutationWarning


@pytest.fixture(autouse=True)
def default_flags():
    flags.reset()
    yield
    flags.reset()


def _entries(array) -> dict:
    return array._storage.sharing.arrays


def test_views_made_and_dropped_in_a_loop_leave_few_entries():
    with flags.using(views="error"):
        x = xp.arange(10.0)
        for _ in range(10_000):
            x[1:3]  # made and dropped at once
        # a dropped view's address is soon reused, and its entry with it
        assert len(_entries(x)) < 100


def test_the_next_write_drops_the_entries_of_views_that_are_gone():
    with flags.using(views="error"):
        x = xp.arange(10.0)
        kept = [x[i:i + 1] for i in range(10)]  # 10 live views at 10 addresses
        assert len(_entries(x)) == 11
        del kept
        gc.collect()
        y = x[0:2]
        x[5] = -1.0  # the write walks the entries: the dead ones go
        assert set(_entries(x)) <= {id(x), id(y)}


def test_marks_count_only_for_the_array_they_were_left_on():
    with flags.using(views="error"):
        x = xp.arange(6.0)
        view = x[0:3]
        sharing = x._storage.sharing
        x[0] = -1.0  # marks the view
        assert tracking.marks_of(sharing, view)
        newer = x[3:6]
        # the entry of a view that is gone, at the address of a newer array
        sharing.marks[id(newer)] = sharing.marks.pop(id(view))
        assert not tracking.marks_of(sharing, newer)
        xp.sum(newer)  # no report: the mark belongs to nobody alive


@pytest.mark.parametrize(
    "make, function",
    [
        (lambda x: x[1:4], "__getitem__()"),
        (lambda x: xp.reshape(x, (2, 3)), "reshape()"),
        (lambda x: xp.flip(x), "flip()"),
        (lambda x: xp.asarray(x, copy=False)[::2], "__getitem__()"),
    ],
)
def test_a_views_site_names_the_public_function_and_the_users_line(make, function):
    with flags.using(views="error"):
        x = xp.arange(6.0)
        view = make(x)
        site = tracking.site_of(view._made_at)
        assert site.function == function
        assert (site.filename, site.lineno) == (__file__, make.__code__.co_firstlineno)


def test_a_view_made_inside_another_public_function_names_the_outer_one():
    with flags.using(views="error"):
        x = xp.reshape(xp.arange(6.0), (2, 3))
        expected_line = sys._getframe().f_lineno + 1
        moved = xp.moveaxis(x, 0, 1)
        site = tracking.site_of(moved._made_at)
        assert site.function == "moveaxis()"
        assert (site.filename, site.lineno) == (__file__, expected_line)


def test_a_site_of_a_call_over_several_lines_is_the_line_of_the_call():
    with flags.using(views="error"):
        x = xp.arange(6.0)
        first_line = sys._getframe().f_lineno + 1
        view = xp.reshape(
            x,
            (3, 2),
        )
        assert tracking.site_of(view._made_at).lineno == first_line


def test_a_report_names_where_the_stale_view_was_made():
    with flags.using(views="warn"):
        x = xp.arange(6.0)
        made_line = sys._getframe().f_lineno + 1
        view = xp.reshape(x, (2, 3))
        x[0] = -1.0
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            xp.sum(view)
        (warning,) = caught
        assert warning.category is ViewMutationWarning
        assert f"made by reshape() at modes/test_view_bookkeeping.py:{made_line}" in str(
            warning.message
        )


def test_a_numpy_array_handed_in_is_named_where_it_was_handed_in():
    with flags.using(views="error-on-write"):
        base = np.zeros(4)
        handed_line = sys._getframe().f_lineno + 1
        x = xp.asarray(base)
        with pytest.raises(ValueError) as raised:
            x[0] = 1.0
        assert f"handed to asarray() at modes/test_view_bookkeeping.py:{handed_line}" in str(
            raised.value
        )
        assert base[0] == 0.0
