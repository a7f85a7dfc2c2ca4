"""The views modes see every way two of our arrays come to share memory: through NumPy
(``asarray(numpy.asarray(x))``), DLPack (``from_dlpack(x)``) and out-of-band pickle
buffers, the new array joins the bookkeeping of the memory it shares (one frame of
element addresses), whatever storage object it holds."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import flags


def _through_numpy(x):
    return xp.asarray(np.asarray(x))


def _through_dlpack(x):
    return xp.from_dlpack(x)


def _through_pickle(x):
    buffers = []
    data = pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    return pickle.loads(data, buffers=buffers)


ROUTES = [pytest.param(_through_numpy, id="asarray-of-numpy"),
          pytest.param(_through_dlpack, id="from-dlpack"),
          pytest.param(_through_pickle, id="pickle-out-of-band")]

SOURCES = [pytest.param(lambda x: x, id="whole"),
           pytest.param(lambda x: x[2:], id="offset-view")]


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("route", ROUTES)
def test_a_write_through_the_copy_of_the_route_is_refused_under_error_on_write(route, source):
    with flags.using(views="error-on-write"):
        x = xp.arange(8.0)
        other = route(source(x))
        assert np.shares_memory(np.asarray(other), np.asarray(x))
        with pytest.raises(ValueError, match="also views"):
            other[0] = -1.0
        with pytest.raises(ValueError, match="also views"):
            x[2] = -1.0
        assert np.array_equal(np.asarray(x), np.arange(8.0))


@pytest.mark.parametrize("route", ROUTES)
def test_copy_on_write_keeps_each_side_its_values(route):
    with flags.using(views="copy-on-write"):
        x = xp.arange(8.0)
        other = route(x)
        other[0] = -1.0
        x[1] = -2.0
        assert np.array_equal(np.asarray(x), [0.0, -2.0, 2, 3, 4, 5, 6, 7])
        assert np.array_equal(np.asarray(other), [-1.0, 1, 2, 3, 4, 5, 6, 7])


@pytest.mark.parametrize("route", ROUTES)
def test_error_reports_reading_the_array_another_route_changed(route):
    with flags.using(views="error"):
        x = xp.arange(8.0)
        other = route(x)
        other[0] = -1.0
        with pytest.raises(ValueError, match="changed through another array"):
            xp.sum(x)


@pytest.mark.parametrize(
    "route, made_by",
    [
        pytest.param(lambda x: x[1:3], "__getitem__", id="getitem-view"),
        pytest.param(_through_numpy, "asarray", id="asarray-of-numpy"),
        pytest.param(_through_dlpack, "from_dlpack", id="from-dlpack"),
        pytest.param(_through_pickle, "rebuild_array", id="pickle-out-of-band"),
    ],
)
def test_an_array_whose_views_or_routes_are_gone_is_free_again(route, made_by):
    with flags.using(views="error-on-write"):
        x = xp.zeros(8)
        other = route(x)
        with pytest.raises(ValueError, match=rf"made by {made_by}\(\) at .*test_view_tracking.py"):
            x[1] = 5.0
        assert float(x[1]) == 0.0  # nothing was written
        del other
        x[1] = 5.0
        assert float(x[1]) == 5.0


def test_a_read_only_numpy_array_over_our_memory_stays_read_only():
    with flags.using(views="error"):
        x = xp.arange(4.0)
        exported = np.asarray(x)
        exported.flags.writeable = False
        y = xp.asarray(exported)
        with pytest.raises(ValueError, match="read-only"):
            y[0] = 1.0
        assert float(x[0]) == 0.0
