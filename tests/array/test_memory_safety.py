"""Memory safety: hostile DLPack producers are refused, read-only memory stays read-only
through every view, and no view leaves its buffer."""

from __future__ import annotations

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape._tables._layout import fits_in_buffer


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
