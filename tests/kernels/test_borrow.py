"""``_storage.borrow`` shares a NumPy array's memory as a storage and a layout: in every
order (C, Fortran, any transpose, reversed or sliced axes) the layout's view over the
storage is the array, element for element, in the same memory."""

from __future__ import annotations

import numpy as np
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as npst

from array_api_reshape._kernels._numpy_views import numpy_view
from array_api_reshape._kernels._storage import borrow


@st.composite
def numpy_arrays_in_any_order(draw):
    shape = draw(npst.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4))
    base = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    if draw(st.booleans()):
        base = np.asfortranarray(base)
    axes = draw(st.permutations(range(base.ndim)))
    view = base.transpose(axes)
    key = tuple(draw(st.sampled_from([slice(None), slice(None, None, -1), slice(1, None)]))
                for _ in range(view.ndim))
    return view[key] if key and draw(st.booleans()) else view


@given(numpy_arrays_in_any_order())
def test_a_borrowed_array_is_its_layout_over_its_memory(array):
    borrowed = borrow(array)
    assert borrowed is not None
    storage, layout = borrowed
    assert layout.shape == array.shape
    view = numpy_view(storage, layout, array.dtype)
    assert np.array_equal(view, array)
    if array.size:
        assert np.shares_memory(view, array)
        assert view.__array_interface__["data"][0] == array.__array_interface__["data"][0]
    if array.flags.f_contiguous and array.size:
        assert storage.buffer.size == array.size  # exactly its elements, nothing more
