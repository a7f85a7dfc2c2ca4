"""Layouts made without NamedTuple's argument handling (``_records.new_triple``, in C in the
compiled build) are the same records as NamedTuple's own."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from array_api_reshape._tables._layout import Layout, make_layout
from array_api_reshape._tables._records import first_of, new_triple

sizes = st.tuples(*[st.integers(0, 5)] * 2)


@given(sizes, st.tuples(st.integers(-9, 9), st.integers(-9, 9)), st.integers(0, 50))
def test_a_made_layout_is_the_namedtuple(shape, strides, offset):
    made, built = make_layout(shape, strides, offset), Layout(shape, strides, offset)
    assert type(made) is Layout and made == built and hash(made) == hash(built)
    assert (made.shape, made.strides, made.offset) == (shape, strides, offset)
    assert tuple(made) == (shape, strides, offset) and len(made) == 3
    assert repr(made) == repr(built) and pickle.loads(pickle.dumps(made)) == built
    assert made._replace(offset=offset + 1) == Layout(shape, strides, offset + 1)
    assert first_of(made) is made.shape


def test_new_triple_holds_its_values_and_keeps_them_alive():
    first, second = object(), [1, 2]
    record = new_triple(Layout, first, second, 3)
    del first
    assert record.strides is second and record.offset == 3 and record.shape is not None
