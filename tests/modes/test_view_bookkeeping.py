"""The views modes' books (``_modes/_view_tracking.py``): what making a view leaves behind
and what the reports read back from it. Making a view records the least it can (a weak
reference appended to a list, the code and offset of the call, shared by the views made
at one place), so these tests check that the least is enough: entries of arrays that are
gone neither pile up nor speak for a newer array at the same address, each array is
counted once, and the call's site reads back as the user's function and line, in both
builds (the compiled one reads the calling code in C, the pure one walks the stack)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
import threading
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


def _entries(array) -> list:
    return array._storage.sharing.arrays


def _counted(array) -> list[int]:
    """The ids of the live arrays counted over ``array``'s memory, once per entry."""
    return [id(ref()) for ref in _entries(array) if ref() is not None]


def test_views_made_and_dropped_in_a_loop_leave_few_entries():
    with flags.using(views="error"):
        x = xp.arange(10.0)
        for _ in range(10_000):
            x[1:3]  # made and dropped at once
        # the entries of views that are gone go whenever the list has doubled
        assert len(_entries(x)) <= tracking.FEWEST_ENTRIES
        assert _counted(x) == [id(x)]


def test_live_views_keep_their_entries_and_the_list_grows_with_them():
    with flags.using(views="error"):
        x = xp.arange(300.0)
        kept = []
        for i in range(300):
            kept.append(x[i:i + 1])
            x[i:i + 2]  # dropped at once
        assert sorted(_counted(x)) == sorted([id(x)] + [id(view) for view in kept])
        assert len(_entries(x)) < 4 * len(kept)


def test_views_made_by_several_threads_at_once_are_all_counted():
    flags.set(views="error")  # every thread's views are counted
    x = xp.arange(64.0)
    kept: list[list] = [[] for _ in range(4)]

    def make_views(mine: list) -> None:
        for i in range(10_000):
            view = x[i % 60:i % 60 + 2]  # most are dropped at once: the list is rewritten
            if i % 50 == 0:
                mine.append(view)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=make_views, args=(mine,)) for mine in kept]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    views = [view for mine in kept for view in mine]
    assert sorted(_counted(x)) == sorted([id(x)] + [id(view) for view in views])


def test_the_next_write_drops_the_entries_of_views_that_are_gone():
    with flags.using(views="error"):
        x = xp.arange(10.0)
        kept = [x[i:i + 1] for i in range(10)]  # 10 live views
        assert len(_entries(x)) == 11
        del kept
        gc.collect()
        y = x[0:2]
        x[5] = -1.0  # the write walks the entries: the dead ones go
        assert sorted(id(ref()) for ref in _entries(x)) == sorted([id(x), id(y)])


def test_an_array_is_counted_once_however_many_views_it_gives():
    with flags.using(views="error"):
        x = xp.arange(6.0)
        views = [x[1:3], xp.reshape(x, (2, 3)), x[::2]]
        views.append(views[1][0])  # a view of a view
        assert sorted(_counted(x)) == sorted([id(x)] + [id(view) for view in views])
        assert all(tracking.is_tracked(x._storage.sharing, a) for a in [x, *views])


def test_an_array_made_before_tracking_began_is_counted_once_when_first_viewed():
    x = xp.arange(6.0)  # made while nothing is tracked
    with flags.using(views="error"):
        first, second = x[1:3], x[2:4]
        assert sorted(_counted(x)) == sorted([id(x), id(first), id(second)])
        first[0] = -1.0
        with pytest.raises(ValueError, match=r"it was first viewed by __getitem__\(\) at "
                                             r"modes/test_view_bookkeeping.py"):
            xp.sum(x)


def test_an_array_given_elements_of_its_own_is_no_longer_counted():
    with flags.using(views="copy-on-write"):
        x = xp.arange(6.0)
        view = x[1:3]
        sharing = x._storage.sharing
        view[0] = -1.0  # the view copies: it leaves the books of x's memory
        assert view._storage is not x._storage
        assert not tracking.is_tracked(sharing, view)
        assert _counted(x) == [id(x)]
        again = view[0:1]  # and its own memory gets books of its own
        assert sorted(_counted(view)) == sorted([id(view), id(again)])


def test_views_made_at_one_place_share_where_they_were_made():
    with flags.using(views="error"):
        x = xp.arange(6.0)
        line = sys._getframe().f_lineno + 1
        made = [x[1:3]._made_at for _ in range(3)]
        assert made[0] == made[1] == made[2]
        other = x[1:3]  # another line
        y = xp.arange(6.0)
        from_y = [y[1:3] for _ in range(2)]  # the same line, another array
        assert tracking.site_of(made[0]).lineno == line
        assert tracking.site_of(other._made_at).lineno == line + 2
        assert tracking.parent_of(from_y[0]) is y and tracking.parent_of(from_y[1]) is y
        assert tracking.parent_of(other) is x


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
        (lambda x: x[3], "__getitem__()"),
        (lambda x: x[None, 1:], "__getitem__()"),
        (lambda x: xp.reshape(x, (2, 3)), "reshape()"),
        (lambda x: xp.reshape(x, (2, 3)).mT, "mT()"),
        (lambda x: xp.permute_dims(xp.reshape(x, (2, 3)), (1, 0)), "permute_dims()"),
        (lambda x: xp.flip(x), "flip()"),
        (lambda x: xp.broadcast_to(x, (2, 6)), "broadcast_to()"),
        (lambda x: xp.asarray(x, copy=False)[::2], "__getitem__()"),
        (lambda x: xp.from_dlpack(x), "from_dlpack()"),
        (lambda x: xp.asarray(np.zeros(3)), "asarray()"),
        (lambda x: xp.zeros(3), "zeros()"),
    ],
)
def test_a_views_site_names_the_public_function_and_the_users_line(make, function):
    # compiled functions make no frames: the compiled build reads the calling code in C,
    # the pure build walks the stack, and both name the same function and line
    with flags.using(views="error"):
        x = xp.arange(6.0)
        view = make(x)
        site = tracking.site_of(view._made_at)
        assert site.function == function
        assert (site.filename, site.lineno) == (__file__, make.__code__.co_firstlineno)


def test_an_array_made_names_the_public_function_and_the_users_line():
    with flags.using(views="error"):
        line = sys._getframe().f_lineno + 1
        x = xp.asarray(np.zeros(3))
        site = tracking.site_of(x._made_at)
        assert (site.function, site.filename, site.lineno) == ("asarray()", __file__, line)


def test_a_view_made_by_module_level_code_names_its_line():
    script = textwrap.dedent("""
        import array_api_reshape as xp
        from array_api_reshape import flags
        from array_api_reshape._modes import _view_tracking as tracking
        flags.set(views="error")
        x = xp.arange(6.0)
        view = x[1:3]
        print(tracking.site_of(view._made_at))
        print(tracking.site_of(xp.reshape(x, (2, 3))._made_at))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, env=dict(os.environ))
    assert done.stdout.splitlines() == ["__getitem__() at <string>:7",
                                        "reshape() at <string>:9"]


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
