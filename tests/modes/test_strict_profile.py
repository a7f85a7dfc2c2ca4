"""
The profile "strict" against the real array-api-strict (a test dependency): indexing keys
drawn at random, read and written on both, must be refused by both or by neither, and give
the same elements; hand-picked cases name the refusals' words that suites match on.
"""

from __future__ import annotations

import array_api_strict
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import array_api_reshape as xp
from array_api_reshape import flags

STRICT_FLAGS = dict(api_version="2025.12", boolean_indexing=True, data_dependent_shapes=True,
                    enabled_extensions=("linalg", "fft"))


@pytest.fixture(autouse=True)
def strict_at_its_defaults():
    array_api_strict.reset_array_api_strict_flags()
    with flags.using(profile="strict"):
        yield


shapes = st.lists(st.integers(0, 4), min_size=0, max_size=3).map(tuple)
bounds = st.none() | st.integers(-7, 7)
single_axis = st.one_of(
    st.integers(-5, 5),
    st.builds(slice, bounds, bounds, st.none() | st.sampled_from([-2, -1, 1, 2])),
    st.just(Ellipsis),
    st.none(),
)
keys = st.one_of(single_axis, st.lists(single_axis, max_size=4).map(tuple))


def outcome(namespace, shape, key, write):
    x = namespace.reshape(namespace.arange(int(np.prod(shape)), dtype=namespace.float64),
                          shape)
    try:
        if write:
            x[key] = -1.0
            selected = x
        else:
            selected = x[key]
    except (IndexError, TypeError, ValueError) as error:
        return type(error).__name__
    return np.asarray(selected).tolist(), tuple(selected.shape)


@settings(max_examples=600)
@given(shapes, keys, st.booleans())
def test_keys_are_refused_and_answered_as_array_api_strict_does(shape, key, write):
    assert outcome(xp, shape, key, write) == outcome(array_api_strict, shape, key, write)


@settings(max_examples=200)
@given(shapes, st.lists(st.integers(-3, 3), min_size=1, max_size=3), st.booleans())
def test_index_arrays_are_refused_and_answered_as_array_api_strict_does(shape, positions,
                                                                         write):
    def run(namespace):
        index = namespace.asarray(positions)
        return outcome(namespace, shape, (index, ...) if len(shape) > 1 else index, write)

    assert run(xp) == run(array_api_strict)


@pytest.mark.parametrize("key, words", [
    ((0,), "flat indexing"),
    ((slice(0, 10), slice(None)), "out-of-bounds slice bounds are not specified"),
    (([0, 1], slice(None)), "only integers, slices"),
])
def test_refusals_say_what_the_standard_leaves_out_and_the_way_out(key, words):
    x = xp.reshape(xp.arange(6), (2, 3))
    with pytest.raises(IndexError, match=words) as raised:
        x[key]
    assert "array-api-strict" in str(raised.value)
    assert flags.finding_of(raised.value).flag == "profile"


def test_operands_must_be_arrays_or_exact_python_scalars():
    x = xp.asarray([1.0, 2.0])
    for operand in (np.float64(1.0), None, "a"):
        with pytest.raises(TypeError, match="Python bool, int, float or complex"):
            x + operand
    with pytest.raises(TypeError):
        _ = x == None  # noqa: E711
    assert (x + 1.0).dtype == xp.float64 and (x * 2).dtype == xp.float64


def test_len_and_row_iteration_are_refused_one_dimensional_iteration_is_not():
    with pytest.raises(TypeError, match="no len"):
        len(xp.arange(3))
    with pytest.raises(TypeError, match="iteration"):
        list(xp.reshape(xp.arange(4), (2, 2)))
    assert [int(v) for v in xp.arange(3)] == [0, 1, 2]


def test_writes_across_kinds_and_index_arrays_in_writes_are_refused():
    x = xp.zeros(4)
    with pytest.raises(TypeError, match="cannot be promoted"):
        x[0] = True
    with pytest.raises(TypeError, match="cannot be promoted"):
        x[:2] = xp.asarray([1, 2])
    with pytest.raises(IndexError, match="fancy indexing __setitem__"):
        x[xp.asarray([0, 1])] = 1.0
    assert xp.all(x == 0.0)  # no refused write changed anything


def test_numpy_promotes_where_strict_lets_it_and_the_operator_still_refuses():
    i, f = xp.asarray([1, 2]), xp.asarray([1.0, 2.0])
    assert xp.matmul(i, f).dtype == xp.float64
    assert xp.vecdot(i, f).dtype == xp.float64
    with pytest.raises(TypeError, match="cannot be promoted"):
        i @ f
    with pytest.raises(TypeError, match="cannot be promoted"):
        i + f


def test_the_default_namespace_is_unchanged_outside_the_profile():
    with flags.using(profile=None):
        x = xp.reshape(xp.arange(6), (2, 3))
        assert x[0].shape == (3,) and x[0:10, :].shape == (2, 3) and len(x) == 2
        assert (xp.asarray([1.0]) + np.float64(1.0)).dtype == xp.float64
