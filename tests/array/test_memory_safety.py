"""Memory safety: hostile DLPack producers are refused, read-only memory stays read-only
through every view, and no view leaves its buffer."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape._tables._layout import fits_in_buffer
from strategies import factorisations_of


class NotACapsule:
    def __dlpack__(self, **kwargs):
        return 5

    def __dlpack_device__(self):
        return (1, 0)


class ClaimsAGpu:
    data = np.arange(3.0)

    def __dlpack__(self, **kwargs):
        return self.data.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return (2, 0)


@pytest.mark.parametrize("function", [xp.from_dlpack, xp.asarray], ids=["from_dlpack", "asarray"])
def test_hostile_dlpack_producers_are_refused(function):
    with pytest.raises(TypeError, match="did not give a usable DLPack capsule"):
        function(NotACapsule())
    with pytest.raises(ValueError, match="only the CPU"):
        function(ClaimsAGpu())


def read_only_source():
    a = np.arange(24.0).reshape(2, 3, 4)
    a.flags.writeable = False
    return xp.asarray(a), a


VIEWS = {
    "itself": lambda x: x,
    "reshape": lambda x: xp.reshape(x, (-1, x.shape[-1])),
    "permute_dims": lambda x: xp.permute_dims(x, (2, 0, 1)),
    "flip": lambda x: xp.flip(x),
    "expand_dims": lambda x: xp.expand_dims(x, axis=0),
    "squeeze": lambda x: xp.squeeze(xp.expand_dims(x, axis=0), axis=0),
    "moveaxis": lambda x: xp.moveaxis(x, 0, -1),
    "getitem": lambda x: x[1, ::-1],
    "mT": lambda x: x.mT,
    "unstack": lambda x: xp.unstack(x)[0],
    "diagonal": lambda x: xp.linalg.diagonal(x),
    "from_dlpack": lambda x: xp.from_dlpack(x),
    "asarray": lambda x: xp.asarray(x),
}


@pytest.mark.parametrize("make_view", list(VIEWS.values()), ids=list(VIEWS))
def test_read_only_memory_stays_read_only_through_every_view(make_view):
    x, source = read_only_source()
    view = make_view(x)
    index = (0,) * view.ndim
    with pytest.raises(ValueError, match="read-only"):
        view[index] = 1.0
    with pytest.raises(ValueError, match="read-only"):
        view += 1.0
    assert not np.asarray(view).flags.writeable
    np.testing.assert_array_equal(source, np.arange(24.0).reshape(2, 3, 4))


@pytest.mark.parametrize("make_view", list(VIEWS.values()), ids=list(VIEWS))
def test_every_view_stays_inside_its_buffer(make_view):
    x = xp.asarray(np.arange(24.0).reshape(2, 3, 4)[:, ::-2, 1:])
    view = make_view(x)
    assert fits_in_buffer(view._layout, view._storage.size)


# --- views of views, drawn at random, stay inside the buffer ------------------------------


def assert_inside(x):
    assert fits_in_buffer(x._layout, x._storage.size), (x._layout, x._storage.size)


@st.composite
def view_chains(draw):
    """A random array from NumPy data followed by a random chain of view operations."""
    shape = draw(npst.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4))
    a = np.arange(math.prod(shape), dtype=np.float64).reshape(shape)
    a = a[draw(npst.basic_indices(shape, allow_newaxis=True))]
    return a, draw(st.lists(st.sampled_from(
        ["reshape", "permute", "flip", "index", "expand", "squeeze", "broadcast", "mT"]
    ), max_size=6))


@settings(max_examples=300)
@given(chain=view_chains(), data=st.data())
def test_views_of_views_stay_inside_the_buffer(chain, data):
    a, steps = chain
    x = xp.asarray(a)
    expected = a
    assert_inside(x)
    for step in steps:
        if step == "reshape":
            shape = data.draw(factorisations_of(x.size))
            x, expected = xp.reshape(x, shape), np.reshape(expected, shape)
        elif step == "permute":
            axes = tuple(data.draw(st.permutations(range(x.ndim))))
            x, expected = xp.permute_dims(x, axes), np.transpose(expected, axes)
        elif step == "flip":
            x, expected = xp.flip(x), np.flip(expected)
        elif step == "index":
            key = data.draw(npst.basic_indices(x.shape, allow_newaxis=True))
            x, expected = x[key], expected[key]
        elif step == "expand":
            x, expected = xp.expand_dims(x, axis=0), np.expand_dims(expected, 0)
        elif step == "squeeze" and 1 in x.shape:
            axis = x.shape.index(1)
            x, expected = xp.squeeze(x, axis=axis), np.squeeze(expected, axis=axis)
        elif step == "broadcast":
            x = xp.broadcast_to(x, (2,) + x.shape)
            expected = np.broadcast_to(expected, (2,) + expected.shape)
        elif step == "mT" and x.ndim >= 2:
            x, expected = x.mT, np.swapaxes(expected, -1, -2)
        assert_inside(x)
        np.testing.assert_array_equal(np.asarray(x), expected)
