"""The array object's contract: attributes, transposes, protocols, conversions, indexing.

NumPy is the oracle: an Array made with ``asarray`` from a NumPy view shares that view's
memory, so every result is compared with what NumPy does on the same data (or, for
writes, on an identical copy of it), and every view must sit on the same elements. The
last section holds named cases with the words of each error.
"""

from __future__ import annotations

import functools

import operator
import warnings

import array_api_compat
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import array_api_reshape as xp
from array_api_reshape import layout
import strided_views
from strided_views import assert_same_view, assert_unchanged, distinct_values, snapshot

SETTINGS = settings(max_examples=60, deadline=None, database=None)

NUMPY_DTYPES = (
    np.bool_, np.int8, np.int64, np.uint16, np.float32, np.float64, np.complex128,
)


# --- strided NumPy data: tests/helpers/strided_views.py, with this file's dtypes -------

recipes = functools.partial(strided_views.recipes, dtypes=NUMPY_DTYPES)


@st.composite
def basic_keys(draw, shape):
    """Ints (negative too), slices of any step with bounds beyond the axis, ... and None."""
    ndim = len(shape)
    use_ellipsis = draw(st.booleans())
    n_front = draw(st.integers(0, ndim))
    n_back = draw(st.integers(0, ndim - n_front)) if use_ellipsis else 0
    axes = list(range(n_front)) + list(range(ndim - n_back, ndim))
    items = [draw(index_item(shape[axis])) for axis in axes]
    if use_ellipsis:
        items.insert(n_front, Ellipsis)
    for _ in range(draw(st.integers(0, 2))):
        items.insert(draw(st.integers(0, len(items))), None)
    if len(items) == 1 and draw(st.booleans()):
        return items[0]
    return tuple(items)


def index_item(size: int):
    bound = st.none() | st.integers(-size - 3, size + 3)
    step = st.none() | st.integers(-size - 2, size + 2).filter(bool)
    slices = st.builds(slice, bound, bound, step)
    if size == 0:
        return slices
    return st.integers(-size, size - 1) | slices


def numpy_view_of(a: np.ndarray, key) -> np.ndarray:
    """``a[key]`` as NumPy would select it, always an ndarray view (never a scalar)."""
    items = key if isinstance(key, tuple) else (key,)
    if not any(item is Ellipsis for item in items):
        items = items + (Ellipsis,)
    return a[items]


# --- construction and attributes ----------------------------------------------------------


@pytest.mark.parametrize(
    "args, kwargs",
    [
        pytest.param((), {}, id="no-arguments"),
        pytest.param(([1, 2],), {}, id="a-list"),
        pytest.param((np.zeros(3),), {}, id="a-numpy-array"),
        pytest.param((), {"shape": (2,)}, id="keywords"),
    ],
)
def test_direct_construction_is_refused(args, kwargs):
    with pytest.raises(TypeError, match=r"use array_api_reshape\.asarray"):
        xp.Array(*args, **kwargs)


@pytest.mark.parametrize(
    "data, dtype, shape",
    [
        pytest.param(np.float64(2.5), xp.float64, (), id="0-d"),
        pytest.param(np.arange(6, dtype=np.int32), xp.int32, (6,), id="1-d"),
        pytest.param(np.zeros((2, 0, 3), dtype=np.uint8), xp.uint8, (2, 0, 3), id="zero-size"),
        pytest.param(np.ones((2, 3, 4), dtype=np.complex64), xp.complex64, (2, 3, 4), id="3-d"),
        pytest.param(np.ones((3, 4), dtype=np.bool_)[::-1, ::2], xp.bool, (3, 2), id="strided"),
    ],
)
def test_attributes(data, dtype, shape):
    x = xp.asarray(data)
    assert x.shape == shape
    assert type(x.shape) is tuple
    assert x.ndim == len(shape)
    assert x.size == int(np.prod(shape))
    assert x.dtype == dtype
    assert x.device == xp.asarray(0).device == xp.__array_namespace_info__().default_device()
    assert x.device in xp.__array_namespace_info__().devices()


@SETTINGS
@given(recipe=recipes())
def test_attributes_match_numpy(recipe):
    _, view = recipe.build()
    x = xp.asarray(view)
    assert (x.shape, x.ndim, x.size) == (view.shape, view.ndim, view.size)
    assert np.dtype(x.dtype) == view.dtype


# --- transposes ------------------------------------------------------------------------


@SETTINGS
@given(recipe=recipes(min_dims=2, max_dims=2))
def test_T_is_numpy_transpose_and_a_view(recipe):
    _, view = recipe.build()
    x = xp.asarray(view)
    assert_same_view(x.T, view.T, x)


@SETTINGS
@given(recipe=recipes(min_dims=2, max_dims=4))
def test_mT_is_numpy_matrix_transpose_and_a_view(recipe):
    _, view = recipe.build()
    x = xp.asarray(view)
    assert_same_view(x.mT, np.swapaxes(view, -1, -2), x)


@pytest.mark.parametrize("shape", [(), (3,), (2, 3, 4), (1, 1, 1, 1)],
                         ids=["0-d", "1-d", "3-d", "4-d-units"])
def test_T_needs_two_dimensions(shape):
    with pytest.raises(ValueError, match="two-dimensional"):
        _ = xp.zeros(shape).T


@pytest.mark.parametrize("shape", [(), (3,)], ids=["0-d", "1-d"])
def test_mT_needs_at_least_two_dimensions(shape):
    with pytest.raises(ValueError, match="at least two dimensions"):
        _ = xp.zeros(shape).mT


def test_writing_through_T_reaches_the_original():
    a = np.arange(6.0).reshape(2, 3)
    x = xp.asarray(a)
    x.T[2, 1] = -1.0
    assert a[1, 2] == -1.0


# --- to_device ------------------------------------------------------------------------


@pytest.mark.parametrize("device", ["cpu", "own-device"], ids=["cpu-string", "x.device"])
def test_to_device_cpu(device):
    a = np.arange(6.0).reshape(2, 3)[:, ::-1]
    x = xp.asarray(a)
    target = x.device if device == "own-device" else device
    y = x.to_device(target)
    assert y is x
    assert y.device == x.device
    assert y.dtype == x.dtype
    np.testing.assert_array_equal(np.asarray(y), a)


@pytest.mark.parametrize(
    "device, error, message",
    [
        pytest.param("gpu", ValueError, "not a device", id="unknown-name"),
        pytest.param("cuda:0", ValueError, "not a device", id="cuda"),
        pytest.param(0, TypeError, None, id="an-int"),
    ],
)
def test_to_device_refuses_other_devices(device, error, message):
    x = xp.arange(3)
    with pytest.raises(error, match=message):
        x.to_device(device)


# --- namespace --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "api_version",
    [None, "2021.12", "2022.12", "2023.12", "2024.12", "2025.12"],
    ids=lambda v: f"api-{v}",
)
def test_array_namespace(api_version):
    x = xp.asarray([1.0, 2.0])
    namespace = x.__array_namespace__(api_version=api_version)
    assert namespace.__array_api_version__ == (api_version or "2025.12")
    assert (namespace is xp) == (api_version in (None, "2025.12"))
    assert namespace is x.__array_namespace__(api_version=api_version)
    if api_version is None:
        assert x.__array_namespace__() is xp


@pytest.mark.parametrize("api_version", ["2099.01", "2020.10", "2025", ""],
                         ids=["future", "before-first", "year-only", "empty"])
def test_array_namespace_refuses_unknown_versions(api_version):
    with pytest.raises(ValueError, match="'api_version'"):
        xp.asarray(1).__array_namespace__(api_version=api_version)


def test_array_api_compat_finds_the_namespace():
    x = xp.asarray([[1, 2], [3, 4]])
    assert array_api_compat.array_namespace(x) is xp
    assert array_api_compat.array_namespace(x, x.T) is xp
    assert array_api_compat.is_array_api_obj(x)


# --- conversion to Python scalars ----------------------------------------------------------


@pytest.mark.parametrize(
    "value, conversion, expected",
    [
        pytest.param(True, bool, True, id="bool-bool"),
        pytest.param(False, bool, False, id="bool-false"),
        pytest.param(0, bool, False, id="int-bool"),
        pytest.param(0.5, bool, True, id="float-bool"),
        pytest.param(0j, bool, False, id="complex-bool"),
        pytest.param(7, int, 7, id="int-int"),
        pytest.param(-2.7, int, -2, id="float-int-truncates"),
        pytest.param(True, int, 1, id="bool-int"),
        pytest.param(3, float, 3.0, id="int-float"),
        pytest.param(2.5, float, 2.5, id="float-float"),
        pytest.param(False, float, 0.0, id="bool-float"),
        pytest.param(1.5 - 2j, complex, 1.5 - 2j, id="complex-complex"),
        pytest.param(2.5, complex, 2.5 + 0j, id="float-complex"),
        pytest.param(4, complex, 4 + 0j, id="int-complex"),
        pytest.param(-5, operator.index, -5, id="int-index"),
    ],
)
def test_zero_d_conversions(value, conversion, expected):
    x = xp.asarray(value)
    result = conversion(x)
    assert type(result) is type(expected)
    assert result == expected


@pytest.mark.parametrize("dtype", [xp.int8, xp.uint64, xp.int32], ids=str)
def test_index_of_integer_arrays(dtype):
    x = xp.asarray(5, dtype=dtype)
    assert operator.index(x) == 5
    assert [10, 11, 12, 13, 14, 15][x] == 15


def test_scalar_conversion_of_a_view():
    x = xp.asarray(np.arange(12.0).reshape(3, 4)[::-1, ::2])
    assert float(x[0, 1]) == 10.0
    assert int(x[2, 0]) == 0
    assert bool(x[2, 0]) is False


@pytest.mark.parametrize("shape", [(1,), (2, 3), (0,), (1, 1)], ids=["1", "2x3", "empty", "1x1"])
@pytest.mark.parametrize("conversion", [bool, int, float, complex, operator.index],
                         ids=["bool", "int", "float", "complex", "index"])
def test_conversions_need_zero_d(shape, conversion):
    x = xp.ones(shape, dtype=xp.int64)
    with pytest.raises(TypeError, match="only a 0-dimensional array"):
        conversion(x)


@pytest.mark.parametrize(
    "value, dtype, conversion, message",
    [
        pytest.param(1.0, xp.float64, operator.index, "must have an integer dtype",
                     id="index-of-float64"),
        pytest.param(1.0, xp.float32, operator.index, "must have an integer dtype",
                     id="index-of-float32"),
        pytest.param(1 + 0j, xp.complex128, operator.index, "must have an integer dtype",
                     id="index-of-complex"),
        pytest.param(True, xp.bool, operator.index, "must have an integer dtype",
                     id="index-of-bool"),
        pytest.param(1 + 0j, xp.complex128, float, "complex", id="float-of-complex"),
        pytest.param(1 + 0j, xp.complex64, int, "complex", id="int-of-complex"),
    ],
)
def test_conversion_kind_errors(value, dtype, conversion, message):
    with pytest.raises(TypeError, match=message):
        conversion(xp.asarray(value, dtype=dtype))


# --- repr ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make, expected",
    [
        pytest.param(lambda: xp.asarray([1, 2, 3]), "Array([1, 2, 3], dtype=int64)", id="1-d"),
        pytest.param(lambda: xp.asarray([1, 2], dtype=xp.uint8), "Array([1, 2], dtype=uint8)",
                     id="uint8"),
        pytest.param(lambda: xp.asarray(2.5), "Array(2.5, dtype=float64)", id="0-d"),
        pytest.param(lambda: xp.asarray([True]), "Array([ True], dtype=bool)", id="bool"),
        pytest.param(lambda: xp.zeros((0, 3)), "Array([], shape=(0, 3), dtype=float64)",
                     id="empty"),
        pytest.param(lambda: xp.asarray([[1, 2], [3, 4]], dtype=xp.int8)[::-1, ::-1],
                     "Array([[4, 3],\n       [2, 1]], dtype=int8)", id="flipped-2-d"),
    ],
)
def test_repr(make, expected):
    assert repr(make()) == expected


@SETTINGS
@given(recipe=recipes(max_side=3))
def test_repr_names_the_dtype_and_never_fails(recipe):
    _, view = recipe.build()
    text = repr(xp.asarray(view))
    assert text.startswith("Array(")
    assert text.endswith(f"dtype={np.dtype(view.dtype).name})")


# --- NumPy's __array__ protocol ---------------------------------------------------------


@SETTINGS
@given(recipe=recipes())
@pytest.mark.parametrize("export", [pytest.param(np.asarray, id="np.asarray"),
                                    pytest.param(np.from_dlpack, id="np.from_dlpack")])
def test_numpy_asarray_and_from_dlpack_share_memory(export, recipe):
    base, view = recipe.build()
    x = xp.asarray(view)
    result = export(x)
    np.testing.assert_array_equal(result, view)
    assert result.dtype == view.dtype
    if view.size:
        assert np.shares_memory(result, base)
        assert np.shares_memory(result, view)


def test_numpy_asarray_sees_writes():
    a = np.arange(6.0)
    x = xp.asarray(a)
    b = np.asarray(x)
    assert np.shares_memory(a, b)
    b[0] = 42.0
    assert float(x[0]) == 42.0
    assert np.shares_memory(np.asarray(x, copy=False), a)


def _reshape_in_place(a: np.ndarray, shape) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        a.shape = shape


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: (lambda a: (a, xp.asarray(a)))(np.arange(6.0)),
                     id="caller-reshapes-its-numpy-source"),
        pytest.param(lambda: (lambda x: (np.asarray(x), x))(xp.arange(6.0)),
                     id="caller-reshapes-np.asarray-result"),
        pytest.param(lambda: (lambda x: (np.asarray(x), x))(xp.asarray(np.arange(6.0))),
                     id="caller-reshapes-np.asarray-of-shared-source"),
    ],
)
def test_numpy_objects_handed_out_do_not_alias_the_arrays_metadata(make):
    # Sharing memory with NumPy must not share the ndarray object: reshaping (metadata
    # only) a NumPy array the caller holds cannot change what our Array is.
    numpy_array, x = make()
    _reshape_in_place(numpy_array, (2, 3))
    assert x.shape == (6,)
    assert np.asarray(x).shape == (6,)
    assert repr(x) == "Array([0., 1., 2., 3., 4., 5.], dtype=float64)"
    np.testing.assert_array_equal(np.asarray(x[1:]), [1.0, 2.0, 3.0, 4.0, 5.0])
    assert np.shares_memory(np.asarray(x), numpy_array)


@pytest.mark.parametrize("numpy_dtype", [np.float32, np.int64, np.complex128],
                         ids=["float32", "int64", "complex128"])
def test_numpy_asarray_with_a_dtype_converts(numpy_dtype):
    a = np.arange(6.0).reshape(2, 3)[:, ::-1]
    x = xp.asarray(a)
    result = np.asarray(x, dtype=numpy_dtype)
    assert result.dtype == numpy_dtype
    np.testing.assert_array_equal(result, a.astype(numpy_dtype))
    assert not np.shares_memory(result, a)


def test_numpy_asarray_with_the_same_dtype_still_shares():
    a = np.arange(6.0)
    x = xp.asarray(a)
    assert np.shares_memory(np.asarray(x, dtype=np.float64), a)


@pytest.mark.parametrize("call", [
    pytest.param(lambda x: np.array(x, copy=True), id="np.array-copy-True"),
    pytest.param(lambda x: np.array(x), id="np.array-default"),
    pytest.param(lambda x: x.__array__(copy=True), id="__array__-copy-True"),
])
def test_numpy_copies_do_not_share(call):
    a = np.arange(6.0).reshape(2, 3)
    x = xp.asarray(a)
    result = call(x)
    np.testing.assert_array_equal(result, a)
    assert not np.shares_memory(result, a)
    result[0, 0] = -1.0
    assert float(x[0, 0]) == 0.0


def test_array_copy_false_with_a_dtype_change_refuses():
    x = xp.asarray(np.arange(3.0))
    with pytest.raises(ValueError, match="needs a copy"):
        x.__array__(copy=False, dtype=np.float32)
    with pytest.raises(ValueError):
        np.asarray(x, dtype=np.float32, copy=False)
    assert x.__array__(copy=False, dtype=np.float64) is not None


def test_numpy_view_of_a_broadcast_is_read_only():
    broadcast = np.asarray(xp.broadcast_to(xp.arange(3), (2, 3)))
    assert not broadcast.flags.writeable


# --- DLPack -------------------------------------------------------------------------------


def test_dlpack_device_is_the_cpu():
    assert xp.asarray([1, 2]).__dlpack_device__() == (1, 0)


def test_dlpack_refuses_a_stream_and_other_devices():
    x = xp.asarray(np.arange(6.0).reshape(2, 3)[:, ::2])
    with pytest.raises(ValueError, match="'stream'"):
        x.__dlpack__(stream=1)
    with pytest.raises(ValueError, match="dl_device"):
        x.__dlpack__(dl_device=(2, 0))


@SETTINGS
@given(recipe=recipes())
def test_from_dlpack_of_our_array_shares_memory(recipe):
    # NumPy's side of the round trip: test_numpy_asarray_and_from_dlpack_share_memory
    _, view = recipe.build()
    x = xp.asarray(view)
    back = xp.from_dlpack(x)
    np.testing.assert_array_equal(np.asarray(back), view)
    if view.size:
        assert layout.shares_memory(back, x)


def test_dlpack_consumer_sees_writes():
    a = np.arange(4.0)
    x = xp.asarray(a)
    result = np.from_dlpack(x)
    a[1] = 9.0
    assert result[1] == 9.0


# --- iteration --------------------------------------------------------------------------


@SETTINGS
@given(recipe=recipes(min_dims=1))
def test_iteration_yields_views_along_axis_0(recipe):
    _, view = recipe.build()
    x = xp.asarray(view)
    items = list(x)
    assert len(items) == view.shape[0] == len(x)
    for i, item in enumerate(items):
        expected = view[i, ...]
        assert_same_view(item, expected, x)


def test_iteration_over_zero_d_is_refused():
    with pytest.raises(TypeError, match="0-dimensional"):
        iter(xp.asarray(1.0))
    with pytest.raises(TypeError):
        list(xp.asarray(1.0))


# --- basic __getitem__ ------------------------------------------------------------------------


@SETTINGS
@given(recipe=recipes(), data=st.data())
def test_basic_getitem_matches_numpy_and_is_a_view(recipe, data):
    _, view = recipe.build()
    x = xp.asarray(view)
    key = data.draw(basic_keys(view.shape), label="key")
    result = x[key]
    expected = numpy_view_of(view, key)
    assert_same_view(result, expected, x)


@SETTINGS
@given(recipe=recipes(min_dims=1, min_side=1), data=st.data())
def test_getitem_with_hypothesis_basic_indices(recipe, data):
    _, view = recipe.build()
    x = xp.asarray(view)
    if view.ndim >= 2:
        key = data.draw(hnp.basic_indices(view.shape, allow_newaxis=True), label="key")
    else:
        key = data.draw(st.slices(view.shape[0]), label="key")
    result = x[key]
    expected = numpy_view_of(view, key)
    assert_same_view(result, expected, x)


@pytest.mark.parametrize(
    "key",
    [
        pytest.param((), id="empty-tuple"),
        pytest.param(Ellipsis, id="ellipsis"),
        pytest.param(None, id="none"),
        pytest.param(-1, id="last-row"),
        pytest.param((slice(None, None, -1), 2), id="reversed-column"),
        pytest.param((slice(10, -10, -3),), id="out-of-range-negative-step"),
        pytest.param((slice(-100, 100),), id="out-of-range-bounds"),
        pytest.param((slice(3, 1),), id="empty-slice"),
        pytest.param((Ellipsis, None, -2), id="ellipsis-none-int"),
        pytest.param((None, 1, None, slice(None, None, 2), None), id="many-nones"),
        pytest.param((1, 2), id="a-single-element"),
    ],
)
def test_named_getitem_cases(key):
    a = np.arange(20).reshape(4, 5)
    x = xp.asarray(a)
    result = x[key]
    expected = numpy_view_of(a, key)
    assert_same_view(result, expected, x)


def test_getitem_of_zero_d():
    x = xp.asarray(np.asarray(5.0))
    assert_same_view(x[()], np.asarray(x))
    assert x[...].shape == ()
    assert x[None].shape == (1,)
    assert x[None, ..., None].shape == (1, 1)


@SETTINGS
@given(recipe=recipes(min_dims=1), data=st.data())
def test_getitem_out_of_range_integer_is_index_error(recipe, data):
    _, view = recipe.build()
    x = xp.asarray(view)
    axis = data.draw(st.integers(0, view.ndim - 1), label="axis")
    n = view.shape[axis]
    bad = data.draw(st.sampled_from([n, n + 3, -n - 1, -n - 5]), label="bad")
    before = snapshot(x)
    key = (slice(None),) * axis + (bad,)
    with pytest.raises(IndexError):
        x[key]
    if axis == 0:
        with pytest.raises(IndexError):
            x[bad]
    assert_unchanged(x, before)


@pytest.mark.parametrize(
    "shape, key",
    [
        pytest.param((), 0, id="int-into-0-d"),
        pytest.param((), (slice(None),), id="slice-into-0-d"),
        pytest.param((3,), (0, 0), id="two-ints-into-1-d"),
        pytest.param((3,), (Ellipsis, 0, 0), id="ellipsis-two-ints-into-1-d"),
        pytest.param((2, 3), (0, slice(None), 1), id="three-into-2-d"),
        pytest.param((2, 3), (None, 0, None, 1, 0), id="with-nones"),
    ],
)
def test_too_many_indices_is_index_error(shape, key):
    x = xp.zeros(shape)
    with pytest.raises(IndexError):
        x[key]
    with pytest.raises(IndexError):
        x[key] = 1.0


def test_two_ellipses_are_refused():
    with pytest.raises(IndexError):
        xp.zeros((2, 3))[..., ...]


# --- __setitem__ ---------------------------------------------------------------------


def python_scalars(dtype: np.dtype):
    """Python scalars that an array of ``dtype`` may hold without loss of kind."""
    if dtype == np.bool_:
        return st.booleans()
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return st.integers(int(info.min), int(info.max))
    if dtype.kind == "f":
        return st.integers(-100, 100) | st.floats(width=8 * dtype.itemsize)
    return st.complex_numbers(allow_infinity=False, allow_nan=False, max_magnitude=1e100)


@st.composite
def values_for(draw, target_shape, dtype):
    """A value to write: a Python scalar, or a NumPy array broadcastable to the target."""
    if draw(st.booleans()):
        value = draw(python_scalars(dtype))
        return value, value
    n_lead = draw(st.integers(0, len(target_shape)))
    trailing = target_shape[len(target_shape) - n_lead:]
    shape = tuple(draw(st.sampled_from([n, 1])) for n in trailing)
    values = distinct_values(int(np.prod(shape)), dtype).reshape(shape)
    values = values * 3 if dtype != np.bool_ else ~values
    if values.ndim and draw(st.booleans()):
        values = values[::-1]
    return values, xp.asarray(values)


@SETTINGS
@given(recipe=recipes(), data=st.data())
def test_setitem_writes_through_the_view_like_numpy(recipe, data):
    base, view = recipe.build()
    reference_base, reference_view = recipe.build()
    x = xp.asarray(view)
    key = data.draw(basic_keys(view.shape), label="key")
    target_shape = numpy_view_of(reference_view, key).shape
    numpy_value, value = data.draw(values_for(target_shape, view.dtype), label="value")
    x[key] = value
    reference_view[key] = numpy_value
    np.testing.assert_array_equal(base, reference_base)
    np.testing.assert_array_equal(np.asarray(x), reference_view)


@SETTINGS
@given(recipe=recipes(min_dims=1), data=st.data())
def test_setitem_through_a_view_of_a_view(recipe, data):
    base, view = recipe.build()
    reference_base, reference_view = recipe.build()
    x = xp.asarray(view)
    first = data.draw(basic_keys(view.shape), label="first")
    inner = x[first]
    reference_inner = numpy_view_of(reference_view, first)
    second = data.draw(basic_keys(inner.shape), label="second")
    target_shape = numpy_view_of(reference_inner, second).shape
    numpy_value, value = data.draw(values_for(target_shape, view.dtype), label="value")
    inner[second] = value
    reference_inner[second] = numpy_value
    np.testing.assert_array_equal(base, reference_base)


@pytest.mark.parametrize(
    "target_dtype, value_dtype",
    [
        pytest.param(xp.int64, xp.int8, id="int8-into-int64"),
        pytest.param(xp.float64, xp.float32, id="float32-into-float64"),
        pytest.param(xp.complex128, xp.complex64, id="complex64-into-complex128"),
        pytest.param(xp.uint32, xp.uint8, id="uint8-into-uint32"),
    ],
)
def test_setitem_with_a_promotable_array(target_dtype, value_dtype):
    x = xp.zeros((2, 3), dtype=target_dtype)
    x[:, 1:] = xp.asarray([5, 6], dtype=value_dtype)
    expected = np.zeros((2, 3), dtype=np.dtype(target_dtype))
    expected[:, 1:] = [5, 6]
    np.testing.assert_array_equal(np.asarray(x), expected)


@pytest.mark.parametrize(
    "key, value_key",
    [
        pytest.param(slice(1, None), slice(None, -1), id="shift-right"),
        pytest.param(slice(None, -1), slice(1, None), id="shift-left"),
        pytest.param(slice(None, None, -1), slice(None), id="reverse-in-place"),
    ],
)
def test_setitem_from_an_overlapping_view(key, value_key):
    x = xp.arange(6)
    x[key] = x[value_key]
    expected = np.arange(6)
    expected[key] = expected[value_key].copy()
    np.testing.assert_array_equal(np.asarray(x), expected)


def test_setitem_from_a_read_only_array_is_allowed():
    source = np.arange(3.0)
    source.flags.writeable = False
    x = xp.zeros((2, 3))
    x[1] = xp.asarray(source)
    np.testing.assert_array_equal(np.asarray(x), [[0, 0, 0], [0, 1, 2]])


def _int_array():
    base = np.arange(12).reshape(3, 4)
    return base, xp.asarray(base)


def _read_only_array():
    base = np.arange(12.0).reshape(3, 4)
    base.flags.writeable = False
    return base, xp.asarray(base)


def _writable_stride_0_array():
    base = np.arange(4.0)
    repeated = np.lib.stride_tricks.as_strided(base, shape=(3, 4), strides=(0, 8),
                                               writeable=True)
    return base, xp.asarray(repeated)


def _broadcast_view():
    base = np.arange(4.0)
    return base, xp.broadcast_to(xp.asarray(base), (3, 4))


@pytest.mark.parametrize(
    "make, write, error",
    [
        pytest.param(_int_array, lambda x: x.__setitem__((0, 0), 1.5), TypeError,
                     id="float-into-int"),
        pytest.param(_int_array, lambda x: x.__setitem__(slice(None), xp.ones(4)), TypeError,
                     id="float-array-into-int"),
        pytest.param(_int_array, lambda x: x.__setitem__(0, xp.asarray([0.5] * 4)), TypeError,
                     id="float-row-into-int"),
        pytest.param(_int_array,
                     lambda x: x.__setitem__(1, xp.asarray([1, 2, 3, 4], dtype=xp.uint64)),
                     TypeError, id="uint64-array-into-int64"),
        pytest.param(lambda: (np.arange(4.0), xp.asarray(np.arange(4.0))),
                     lambda x: x.__setitem__(0, 1j), TypeError, id="complex-into-float"),
        pytest.param(lambda: (np.zeros(3, np.bool_), xp.asarray(np.zeros(3, np.bool_))),
                     lambda x: x.__setitem__(0, 1), TypeError, id="int-into-bool"),
        pytest.param(_int_array, lambda x: x.__setitem__(slice(None), xp.arange(3)), ValueError,
                     id="shape-3-into-3x4"),
        pytest.param(_int_array, lambda x: x[::2].__setitem__(Ellipsis, xp.zeros((3, 4),
                     dtype=xp.int64)), ValueError, id="shape-3x4-into-2x4-view"),
        pytest.param(_int_array, lambda x: x.__setitem__(0, 2**63), OverflowError,
                     id="int-overflow-int64"),
        pytest.param(_int_array, lambda x: x.__setitem__(0, -2**63 - 1), OverflowError,
                     id="int-underflow-int64"),
        pytest.param(lambda: (np.zeros(4, np.int8), xp.asarray(np.zeros(4, np.int8))),
                     lambda x: x.__setitem__(slice(1, 3), 128), OverflowError,
                     id="int-overflow-int8"),
        pytest.param(lambda: (np.zeros(4, np.uint8), xp.asarray(np.zeros(4, np.uint8))),
                     lambda x: x.__setitem__(2, -1), OverflowError, id="negative-into-uint8"),
        pytest.param(_read_only_array, lambda x: x.__setitem__((0, 0), 1.0), ValueError,
                     id="read-only-source"),
        pytest.param(_read_only_array, lambda x: x[1:, ::-1].__setitem__(Ellipsis, 1.0),
                     ValueError, id="view-of-read-only-source"),
        pytest.param(_read_only_array, lambda x: x.__setitem__(0, xp.zeros(4)), ValueError,
                     id="read-only-source-array-value"),
        pytest.param(_broadcast_view, lambda x: x.__setitem__((0, 0), 1.0), ValueError,
                     id="broadcast-view"),
        pytest.param(_broadcast_view, lambda x: x[1].__setitem__(slice(None), 1.0), ValueError,
                     id="row-of-broadcast-view"),
        pytest.param(_writable_stride_0_array, lambda x: x.__setitem__(Ellipsis, 1.0),
                     ValueError, id="writable-numpy-stride-0"),
        pytest.param(_int_array, lambda x: x.__setitem__(3, 1), IndexError,
                     id="index-out-of-range"),
        pytest.param(_int_array, lambda x: x.__setitem__((0, 0, 0), 1), IndexError,
                     id="too-many-indices"),
    ],
)
def test_failed_setitem_changes_nothing(make, write, error):
    base, x = make()
    base_before = base.copy()
    before = snapshot(x)
    with pytest.raises(error):
        write(x)
    assert_unchanged(x, before)
    np.testing.assert_array_equal(base, base_before)


@SETTINGS
@given(recipe=recipes(min_dims=1, min_side=1, dtypes=(np.int8, np.int64, np.uint16)),
       data=st.data())
def test_failed_setitem_on_strided_views_changes_nothing(recipe, data):
    base, view = recipe.build()
    base_before = base.copy()
    x = xp.asarray(view)
    before = snapshot(x)
    key = data.draw(basic_keys(view.shape), label="key")
    target_shape = numpy_view_of(view, key).shape
    info = np.iinfo(view.dtype)
    bad_write, error = data.draw(st.sampled_from([
        (1.5, TypeError),
        (int(info.max) + 1, OverflowError),
        (int(info.min) - 1, OverflowError),
        (xp.ones(target_shape, dtype=xp.float64), TypeError),
        (xp.asarray(np.zeros(target_shape + (2,), dtype=view.dtype)), ValueError),
    ]), label="bad_write")
    with pytest.raises(error):
        x[key] = bad_write
    assert_unchanged(x, before)
    np.testing.assert_array_equal(base, base_before)


def test_read_only_numpy_source_stays_read_only():
    a = np.arange(6.0).reshape(2, 3)
    a.flags.writeable = False
    x = xp.asarray(a)
    assert np.shares_memory(np.asarray(x), a)
    for write in (
        lambda: x.__setitem__((0, 0), 5.0),
        lambda: x.__setitem__(Ellipsis, xp.zeros((2, 3))),
        lambda: x.T.__setitem__(1, 7.0),
        lambda: x[0].__setitem__(slice(None, None, -1), 1.0),
    ):
        with pytest.raises(ValueError):
            write()
    np.testing.assert_array_equal(a, np.arange(6.0).reshape(2, 3))
    np.testing.assert_array_equal(np.asarray(x), np.arange(6.0).reshape(2, 3))
    assert not np.asarray(x).flags.writeable


# --- the words of each error -------------------------------------------------------------


@pytest.mark.parametrize(
    "value, dtype, conversions",
    [
        (3, xp.int8, {bool: True, int: 3, float: 3.0, complex: 3 + 0j}),
        (2.5, xp.float32, {bool: True, int: 2, float: 2.5, complex: 2.5 + 0j}),
        (0, xp.bool, {bool: False, int: 0, float: 0.0, complex: 0j}),
    ],
    ids=["int8", "float32", "bool"],
)
def test_scalar_conversions(value, dtype, conversions):
    x = xp.asarray(value, dtype=dtype)
    for kind, expected in conversions.items():
        result = kind(x)
        assert result == expected and type(result) is kind


@pytest.mark.parametrize(
    "key, error, message",
    [((5,), IndexError, "out of bounds"), ((0, 0, 0), IndexError, "too many indices"),
     ((Ellipsis, Ellipsis), IndexError, "single ellipsis"),
     ((slice(0, 2, 0),), ValueError, "slice step cannot be zero"),
     ((slice(0.5, 2),), IndexError, "slice bounds"), ("a", IndexError, "basic indices")],
    ids=["out-of-range", "too-many", "two-ellipses", "zero-step", "float-slice", "string"],
)
def test_bad_keys(key, error, message):
    x = xp.reshape(xp.arange(10), (5, 2))
    with pytest.raises(error, match=message):
        x[key]


@pytest.mark.parametrize(
    "write, error, message",
    [
        (lambda x: x.__setitem__(0, 1.5), TypeError, "cannot cast float 1.5 to the array's dtype"),
        (lambda x: x.__setitem__(0, xp.zeros(3)), TypeError, "cannot cast dtype float64"),
        (lambda x: x.__setitem__(slice(None), xp.zeros(2, dtype=xp.int16)), ValueError,
         "does not broadcast"),
        (lambda x: x.__setitem__(0, 2**40), OverflowError, "does not fit"),
        (lambda x: x.__setitem__(9, 1), IndexError, "out of bounds"),
    ],
    ids=["float-into-int", "wider-dtype", "shape", "overflow", "index"],
)
def test_failed_setitem_changes_nothing_and_says_why(write, error, message):
    x = xp.reshape(xp.arange(12, dtype=xp.int16), (4, 3))
    before = np.asarray(x).copy()
    with pytest.raises(error, match=message):
        write(x)
    np.testing.assert_array_equal(np.asarray(x), before)
