"""
Under a profile, our arrays have the methods its library's arrays have beyond the standard
(``_modes/_library_methods``), and the namespace the library's functions beyond it
(``logspace``); each gives what NumPy's method of the same name gives (PyTorch's keywords
read as the standard's). Without a profile, none of them is there.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as numpy_strategies

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape._modes._library_methods import LIBRARY_METHODS

ALL_LIBRARIES = ("jax", "dask", "torch", "cupy")


def test_no_method_or_function_beyond_the_standard_without_a_profile():
    x = xp.asarray([1.0, 2.0])
    for name in [*LIBRARY_METHODS, "at"]:
        assert not hasattr(x, name), name
    assert not hasattr(xp, "logspace")
    with flags.using(profile="jax"):
        assert hasattr(x, "sum") and hasattr(xp, "logspace")
    assert not hasattr(x, "sum")


@pytest.mark.parametrize("name", sorted(LIBRARY_METHODS))
def test_each_method_is_there_exactly_for_its_libraries(name):
    x = xp.asarray([1.0, 2.0])
    for library in ALL_LIBRARIES:
        with flags.using(profile=library):
            assert hasattr(x, name) == (library in LIBRARY_METHODS[name].libraries), library


NUMPY_CALLS = [
    ("sum", (), {}), ("sum", (), {"axis": -1}), ("sum", (), {"axis": 0, "keepdims": True}),
    ("prod", (), {"axis": 1}), ("mean", (), {}), ("max", (), {"axis": 0}),
    ("min", (), {}), ("std", (), {"ddof": 1}), ("var", (), {"axis": 1}),
    ("all", (), {}), ("any", (), {"axis": 0}), ("argmax", (), {"axis": 1}),
    ("argmin", (), {}), ("cumsum", (), {}), ("cumsum", (), {"axis": 0}),
    ("cumprod", (), {"axis": 1}), ("round", (), {}), ("clip", (0.25, 0.75), {}),
    ("conj", (), {}), ("astype", ("float32",), {}), ("reshape", (-1,), {}),
    ("reshape", ((1, -1),), {}), ("flatten", (), {}), ("ravel", (), {}),
    ("copy", (), {}), ("tolist", (), {}),
]


@given(elements=numpy_strategies.arrays(
    np.float64, st.tuples(st.integers(1, 4), st.integers(1, 4)),
    elements=st.floats(0, 1, width=32)))
@pytest.mark.parametrize("name, args, keywords", NUMPY_CALLS)
def test_the_methods_give_numpys_answers_under_the_jax_and_dask_profiles(
        name, args, keywords, elements):
    arguments = [getattr(xp, a) if a == "float32" else a for a in args]
    with warnings.catch_warnings():  # std of one element with ddof=1: NaN, as NumPy's
        warnings.simplefilter("ignore", RuntimeWarning)
        expected = getattr(elements, name)(*args, **keywords)
        with flags.using(profile="dask"):
            got = getattr(xp.asarray(elements), name)(*arguments, **keywords)
            got = got if name == "tolist" else np.asarray(got)
    if name == "tolist":
        assert got == expected
    else:
        np.testing.assert_allclose(got, expected, rtol=1e-12)
        assert got.shape == np.shape(expected)


def test_torch_keywords_read_as_the_standards():
    x = xp.reshape(xp.arange(6.0), (2, 3))
    with flags.using(profile="torch"):
        assert np.asarray(x.sum(dim=0, keepdim=True)).tolist() == [[3.0, 5.0, 7.0]]
        assert np.asarray(x.clone()).tolist() == np.asarray(x).tolist()
        assert x[1, 2].item() == 5.0
        assert not hasattr(x, "max")  # PyTorch's max(dim) gives values and indices
    with flags.using(profile="torch", library_settings={"torch_default_dtype": "float64"}):
        assert np.asarray(xp.logspace(0, 2, 3)).tolist() == [1.0, 10.0, 100.0]


def test_the_array_class_holds_a_descriptor_for_every_name_a_profile_may_give():
    from array_api_reshape._array._library_attributes import NAMES, LibraryAttribute

    held = {name for name, value in vars(xp.Array).items()
            if isinstance(value, LibraryAttribute)}
    assert held == set(NAMES)
    assert all(getattr(xp.Array, name).__doc__ for name in NAMES)
