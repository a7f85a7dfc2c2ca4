"""The hot paths agree with the general paths they shortcut.

Operators, element-wise functions, slicing, masks and asarray each have a short path for
their common case (see benchmarks/). Each property here runs the short path and its
general path (or NumPy) on the same inputs and asks for the same dtype, the same bits,
the same error type, and no memory shared where a new array is promised.
"""

from __future__ import annotations

import functools
import re
import math
import operator

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp
from array_api_reshape._tables._dtypes import ALL_DTYPES
from array_api_reshape._tables._dtypes import KIND_GROUPS as KINDS
from array_api_reshape._array._elementwise_dispatch import apply_binary
from array_api_reshape._kernels._elementwise_records import ELEMENTWISE_FUNCTIONS

import strided_views

BINARY_NAMES = sorted(name for name, f in ELEMENTWISE_FUNCTIONS.items() if f.arity == 2)

EDGE_SCALARS = st.one_of(
    st.booleans(),
    st.integers(-300, 300),
    st.sampled_from([2**24, 2**24 + 1, -(2**24) - 1, 2**53 + 1, 2**63, -(2**63) - 1, 2**64]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([-0.0, 1e300, -1e300, 3.4028235e38, 3.5e38, 5e-324]),
    st.complex_numbers(allow_nan=True, allow_infinity=True),
)

NUMPY_SCALARS = st.sampled_from([
    np.float64(1.5), np.float64("nan"), np.float64("-inf"), np.float32(0.1), np.float16(2),
    np.int64(3), np.int64(-(2**40)), np.int8(-1), np.uint8(200), np.uint64(2**63),
    np.bool_(True), np.complex128(1 - 2j), np.complex64(0.5j),
])
"""NumPy's scalars, which operators and functions take as the Python scalars they hold."""


def _outcome(call):
    """The result as (dtype, shape, bytes), or the type of the exception raised."""
    try:
        result = call()
    except (TypeError, ValueError, OverflowError, IndexError, MemoryError) as error:
        return type(error)
    values = np.asarray(result)
    return result.dtype, result.shape, values.tobytes()


def _arrays(dtype, shape):
    return npst.arrays(dtype.dtype, shape, elements={"allow_subnormal": False}
                       if dtype.kind in ("real floating", "complex floating") else None)


@pytest.mark.parametrize("name", BINARY_NAMES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_array_and_scalar_match_the_general_path(name, data):
    record = ELEMENTWISE_FUNCTIONS[name]
    dtype = data.draw(st.sampled_from(ALL_DTYPES))
    shape = data.draw(npst.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=3))
    x = xp.asarray(data.draw(_arrays(dtype, shape)))
    scalar = data.draw(EDGE_SCALARS | NUMPY_SCALARS)
    function = getattr(xp, name)
    with np.errstate(all="ignore"):
        for x1, x2 in ((x, scalar), (scalar, x)):
            fast = _outcome(functools.partial(function, x1, x2))
            general = _outcome(functools.partial(apply_binary, record, x1, x2, xp.Array))
            assert fast == general, (x1, x2)


@pytest.mark.parametrize("name", BINARY_NAMES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_two_arrays_match_the_general_path(name, data):
    record = ELEMENTWISE_FUNCTIONS[name]
    dtype = data.draw(st.sampled_from([d for d in ALL_DTYPES if d.kind in KINDS[record.kinds]]))
    shape = data.draw(npst.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3))
    x1 = xp.asarray(data.draw(_arrays(dtype, shape)))
    other_dtype = data.draw(st.sampled_from([dtype, *ALL_DTYPES]))
    x2 = xp.asarray(data.draw(_arrays(other_dtype, shape)))
    function = getattr(xp, name)
    with np.errstate(all="ignore"):
        fast = _outcome(lambda: function(x1, x2))
        general = _outcome(lambda: apply_binary(record, x1, x2, xp.Array))
    assert fast == general


OPERATORS = {
    "add": operator.add, "subtract": operator.sub, "multiply": operator.mul,
    "divide": operator.truediv, "remainder": operator.mod, "equal": operator.eq,
    "less": operator.lt, "greater_equal": operator.ge, "bitwise_and": operator.and_,
}


@pytest.mark.parametrize("name", sorted(OPERATORS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_operators_match_their_functions(name, data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES))
    x = xp.asarray(data.draw(_arrays(dtype, npst.array_shapes(min_dims=0, max_dims=2))))
    scalar = data.draw(EDGE_SCALARS)
    function, op = getattr(xp, name), OPERATORS[name]
    with np.errstate(all="ignore"):
        assert _outcome(lambda: op(x, scalar)) == _outcome(lambda: function(x, scalar))
        assert _outcome(lambda: op(x, x)) == _outcome(lambda: function(x, x))


REFLECTED = {
    "add": "__radd__", "subtract": "__rsub__", "multiply": "__rmul__", "divide": "__rtruediv__",
    "floor_divide": "__rfloordiv__", "remainder": "__rmod__", "pow": "__rpow__",
    "bitwise_and": "__rand__", "bitwise_or": "__ror__", "bitwise_xor": "__rxor__",
    "bitwise_left_shift": "__rlshift__", "bitwise_right_shift": "__rrshift__",
}


@pytest.mark.parametrize("name", sorted(REFLECTED))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_reflected_and_in_place_operators_match_their_functions(name, data):
    """``scalar op x`` is the function of (scalar, x); ``y op= other`` writes the
    function's result into ``y`` when it keeps ``y``'s dtype and shape, and otherwise
    raises and leaves ``y`` as it was, on contiguous arrays (the fast path's) and
    reversed ones (the general path's)."""
    dtype = data.draw(st.sampled_from(ALL_DTYPES))
    shape = data.draw(npst.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=3))
    source = data.draw(_arrays(dtype, shape))
    reverse = bool(shape) and data.draw(st.booleans())
    x = xp.asarray(source)[::-1] if reverse else xp.asarray(source)
    scalar = data.draw(EDGE_SCALARS | NUMPY_SCALARS)
    other = data.draw(st.sampled_from([
        scalar, x, xp.asarray(data.draw(_arrays(data.draw(st.sampled_from(ALL_DTYPES)), shape))),
    ]))
    function = getattr(xp, name)
    method = REFLECTED[name]
    in_place = "__i" + method[3:]
    with np.errstate(all="ignore"):
        reflected = _outcome(lambda: getattr(x, method)(scalar))
        assert reflected == _outcome(lambda: function(scalar, x))
        expected = _outcome(lambda: function(x, other))
        target = xp.asarray(source, copy=True)
        if reverse:
            target = target[::-1]
        before = np.asarray(target).tobytes()
        try:
            returned = getattr(target, in_place)(other)
        except (TypeError, ValueError, OverflowError):
            assert expected in (TypeError, ValueError, OverflowError) or (
                expected[:2] != (x.dtype, x.shape)), expected
            assert np.asarray(target).tobytes() == before
            return
    assert returned is target
    assert expected == (x.dtype, x.shape, np.asarray(target).tobytes())


@pytest.mark.parametrize("other", [object(), "1", [1.0], None])
def test_operators_leave_foreign_operands_to_python(other):
    x = xp.asarray([1.0, 2.0])
    assert x.__add__(other) is NotImplemented
    assert x.__lt__(other) is NotImplemented
    assert xp.multiply.__name__ == "multiply"
    with pytest.raises(TypeError, match="multiply"):
        xp.multiply(x, other)


def test_zero_dimensional_results_are_arrays():
    for dtype in (xp.int8, xp.float32, xp.complex128):
        x = xp.asarray(3, dtype=dtype)
        for result in (x + x, x * 2, 2 * x, x == x, xp.sum(x)):
            assert isinstance(result, xp.Array) and result.shape == ()
        assert (x + x).dtype is dtype and (x == x).dtype is xp.bool


def _own_memory(result, *inputs):
    values = np.asarray(result)
    return not any(np.shares_memory(values, np.asarray(i)) for i in inputs)


def _dense(result) -> bool:
    """The result's elements fill exactly ``size`` consecutive addresses, in some axis
    order (C for most results; the inputs' order, as NumPy keeps it, for transposed
    inputs): no gaps, no repeats, nothing copied into another order."""
    values = np.asarray(result)
    if values.size <= 1:
        return True
    span = sum((n - 1) * abs(s) for n, s in zip(values.shape, values.strides))
    return span // values.itemsize + 1 == values.size and 0 not in [
        s for n, s in zip(values.shape, values.strides) if n > 1
    ]


@settings(max_examples=60, deadline=None)
@given(recipe=strided_views.recipes(max_dims=3), data=st.data())
def test_element_wise_results_never_share_their_inputs_memory(recipe, data):
    _, view = recipe.build()
    x = xp.asarray(view)
    dtype = x.dtype
    names = [n for n in BINARY_NAMES if dtype.kind in KINDS[ELEMENTWISE_FUNCTIONS[n].kinds]]
    unary = ["abs", "real", "imag", "positive", "conj", "round", "negative", "square"]
    with np.errstate(all="ignore"):
        for name in data.draw(st.lists(st.sampled_from(names), max_size=4)):
            if name == "pow" and "integer" in dtype.kind:
                continue
            result = getattr(xp, name)(x, x)
            assert _own_memory(result, x) and _dense(result)
        for name in unary:
            try:
                result = getattr(xp, name)(x)
            except TypeError:
                continue
            assert _own_memory(result, x) and _dense(result), name


@settings(max_examples=100, deadline=None)
@given(
    recipe=strided_views.recipes(min_dims=1, max_dims=3),
    bounds=st.tuples(*[st.one_of(st.none(), st.integers(-7, 7))] * 2),
    step=st.sampled_from([None, 1, 2, 3, -1, -2]),
)
def test_repeated_slices_match_numpy_on_every_layout(recipe, bounds, step):
    key = slice(*bounds, step)
    base, view = recipe.build()
    x = xp.asarray(view)
    for _ in range(2):
        result = x[key]
        assert np.array_equal(np.asarray(result), view[key])
        assert np.shares_memory(np.asarray(result), base) or view[key].size == 0
    # A same-shaped array with other strides: a remembered slice must not leak across.
    other = np.ascontiguousarray(view)
    assert np.array_equal(np.asarray(xp.asarray(other)[key]), other[key])


@pytest.mark.parametrize("bad", [slice(1.0, 3), slice(True, 3), slice(1, 3, 0), slice(1, 3.0)])
def test_a_remembered_slice_does_not_admit_bad_bounds(bad):
    x = xp.arange(10)
    x[1:3], x[1:3:1]
    with pytest.raises((IndexError, TypeError, ValueError)):
        x[bad]


@settings(max_examples=60, deadline=None)
@given(recipe=strided_views.recipes(max_dims=3), data=st.data())
def test_whole_shape_masks_match_numpy(recipe, data):
    _, view = recipe.build()
    mask = data.draw(npst.arrays(np.bool_, view.shape))
    x = xp.asarray(view)
    result = x[xp.asarray(mask)]
    assert np.array_equal(np.asarray(result), view[mask]) and result.dtype == x.dtype
    assert _own_memory(result, x)


NUMPY_SOURCES = [
    np.arange(12.0).reshape(3, 4),
    np.arange(6, dtype=np.int16)[::2],
    np.arange(6.0).reshape(2, 3).T,
    np.ones((3, 1))[:, ::5],
    np.zeros((0, 3), dtype=np.float32),
    np.arange(4, dtype=">f8"),
    np.asarray(5, dtype=np.uint8),
    np.array([True, False]),
]


@pytest.mark.parametrize("source", NUMPY_SOURCES, ids=lambda a: f"{a.dtype.str}{a.shape}")
def test_asarray_of_numpy_shares_or_copies_as_promised(source):
    native = source.dtype.isnative
    if not native:
        with pytest.raises(TypeError, match="pass dtype= to convert it"):
            xp.asarray(source)
    dtype = None if native else xp.asarray(source.astype(source.dtype.newbyteorder("="))).dtype
    shared = xp.asarray(source, dtype=dtype)
    copied = xp.asarray(source, dtype=dtype, copy=True)
    for x in (shared, copied):
        assert np.array_equal(np.asarray(x), source) and x.shape == source.shape
        assert x.dtype == source.dtype.newbyteorder("=")
    assert not np.shares_memory(np.asarray(copied), source)
    assert np.asarray(copied).flags.c_contiguous
    assert np.shares_memory(np.asarray(shared), source) == (native and source.size > 0)
    if native and source.size > 0 and source.ndim:
        before = np.asarray(shared).copy()
        source.shape = (source.size,) if source.flags.c_contiguous else source.shape
        assert np.array_equal(np.asarray(shared), before), "the caller's array was cached"


def test_asarray_copy_true_of_numpy_is_independent():
    source = np.arange(5.0)
    copied = xp.asarray(source, copy=True)
    source[0] = math.pi
    assert float(copied[0]) == 0.0
    copied[1] = 7.0
    assert source[1] == 1.0


WHERE_SHAPES = npst.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_where_matches_its_general_path(data):
    """Arrays of one dtype or of two, a Python scalar on either side (NaN, infinities and
    ints beyond a dtype's range among them), shapes that broadcast or do not."""
    from array_api_reshape._chapters._searching_functions import where as general_where

    dtype = data.draw(st.sampled_from(ALL_DTYPES))
    shapes = data.draw(st.lists(WHERE_SHAPES, min_size=3, max_size=3))
    condition = xp.asarray(data.draw(npst.arrays(np.bool_, shapes[0])))
    x1 = xp.asarray(data.draw(_arrays(dtype, shapes[1])))
    other = data.draw(st.one_of(
        EDGE_SCALARS,
        st.sampled_from([dtype, *ALL_DTYPES]).flatmap(lambda d: _arrays(d, shapes[2]))
                      .map(xp.asarray),
    ))
    for first, second in ((x1, other), (other, x1)):
        fast = _outcome(functools.partial(xp.where, condition, first, second))
        general = _outcome(functools.partial(general_where, condition, first, second))
        assert fast == general, (first, second)


BASIC_ITEMS = st.one_of(
    st.integers(-5, 5), st.none(), st.just(Ellipsis),
    st.builds(slice, st.none() | st.integers(-5, 5), st.none() | st.integers(-5, 5),
              st.none() | st.integers(-3, 3)),
)


@settings(max_examples=300, deadline=None)
@given(shape=npst.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4),
       key=st.tuples() | st.lists(BASIC_ITEMS, max_size=5).map(tuple))
def test_tuple_keys_match_the_general_selection(shape, key):
    """A tuple of ints, slices, None and Ellipsis: the view's layout, or the error (too
    many indices, two ellipses, a zero step, an int out of bounds), as ``select`` gives."""
    from array_api_reshape import layout as layout_tools
    from array_api_reshape._array._indexing import select

    x = xp.reshape(xp.arange(math.prod(shape), dtype=xp.int64), shape)
    try:
        expected = select(x, key, "__getitem__")
    except (IndexError, ValueError) as error:
        with pytest.raises(type(error), match="^" + re.escape(str(error)) + "$"):
            x[key]
        return
    view = x[key]
    assert (view.shape, layout_tools.strides(view), layout_tools.offset(view)) == (
        expected.shape, expected.strides, expected.offset)
    assert view._storage is x._storage  # a view, whatever its size


FILL_VALUES = st.one_of(EDGE_SCALARS, st.just(-0.0))
PYTHON_TYPES = [bool, int, float, complex, str]
"""Python's types as dtypes: the first four name our defaults of their kinds."""
CREATION_SHAPES = st.one_of(
    st.integers(-2, 4),
    npst.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3),
    st.just((2, -1)), st.just((True, 2)), st.just([2, 3]),
)


@settings(max_examples=200, deadline=None)
@given(shape=CREATION_SHAPES, fill=FILL_VALUES,
       dtype=st.none() | st.sampled_from([*ALL_DTYPES, *PYTHON_TYPES]), zero_d=st.booleans(),
       device=st.sampled_from([None, "cpu"]))
def test_zeros_and_full_match_their_general_paths(shape, fill, dtype, zero_d, device):
    """Shapes good and bad, every dtype (or Python's types) or the default, fill values at
    the edges of the dtypes (and -0.0, whose sign stays), given as Python scalars or 0-d
    arrays."""
    from array_api_reshape._chapters import _creation_functions as general

    if zero_d:
        try:
            fill = xp.asarray(fill)
        except (OverflowError, TypeError):
            return
    if device is not None:  # the CPU's device object (another device would turn the
        device = xp.asarray(0).device  # fast paths off for the tests after this one)
    assert _outcome(lambda: xp.full(shape, fill, dtype=dtype, device=device)) == _outcome(
        lambda: general.full(shape, fill, dtype=dtype, device=device))
    assert _outcome(lambda: xp.zeros(shape, dtype=dtype, device=device)) == _outcome(
        lambda: general.zeros(shape, dtype=dtype, device=device))
    assert _outcome(lambda: xp.ones(shape, dtype=dtype, device=device)) == _outcome(
        lambda: general.ones(shape, dtype=dtype, device=device))
    assert _shape_and_dtype(lambda: xp.empty(shape, dtype=dtype, device=device)) == (
        _shape_and_dtype(lambda: general.empty(shape, dtype=dtype, device=device)))


def _shape_and_dtype(call):
    """An uninitialised result's dtype and shape (and its own memory), or the type of the
    exception raised."""
    outcome = _outcome(call)
    if isinstance(outcome, type):
        return outcome
    return outcome[:2]


@settings(max_examples=200, deadline=None)
@given(source=st.sampled_from(ALL_DTYPES).flatmap(
           lambda d: _arrays(d, npst.array_shapes(min_dims=0, max_dims=3, min_side=0,
                                                  max_side=3))),
       fill=FILL_VALUES, dtype=st.none() | st.sampled_from([*ALL_DTYPES, *PYTHON_TYPES]),
       zero_d=st.booleans(),
       device=st.sampled_from([None, "cpu"]), reverse=st.booleans())
def test_like_functions_match_their_general_paths(source, fill, dtype, zero_d, device,
                                                  reverse):
    """``*_like`` of arrays of every dtype and layout, in their dtype or another, fill
    values at the edges of the dtypes, as Python scalars or 0-d arrays."""
    from array_api_reshape._chapters import _creation_functions as general

    x = xp.asarray(source)
    if reverse and x.ndim:
        x = x[::-1]
    if zero_d:
        try:
            fill = xp.asarray(fill)
        except (OverflowError, TypeError):
            return
    if device is not None:
        device = xp.asarray(0).device
    for name in ("zeros_like", "ones_like"):
        fast, slow = getattr(xp, name), getattr(general, name)
        assert _outcome(functools.partial(fast, x, dtype=dtype, device=device)) == _outcome(
            functools.partial(slow, x, dtype=dtype, device=device))
    assert _outcome(lambda: xp.full_like(x, fill, dtype=dtype, device=device)) == _outcome(
        lambda: general.full_like(x, fill, dtype=dtype, device=device))
    assert _shape_and_dtype(lambda: xp.empty_like(x, dtype=dtype, device=device)) == (
        _shape_and_dtype(lambda: general.empty_like(x, dtype=dtype, device=device)))


RANGE_NUMBERS = st.one_of(
    st.integers(-20, 20), st.sampled_from([2**53, 2**53 + 1, -(2**53) - 1, 2**63, 2**70]),
    st.booleans(), st.floats(-20, 20), st.none(),
)


@settings(max_examples=300, deadline=None)
@given(start=RANGE_NUMBERS, stop=RANGE_NUMBERS, step=RANGE_NUMBERS,
       dtype=st.none() | st.sampled_from([*ALL_DTYPES, *PYTHON_TYPES]),
       device=st.sampled_from([None, "cpu"]))
def test_arange_matches_its_general_path(start, stop, step, dtype, device):
    """Ints near and beyond the fast path's bounds, bools, floats and None as any
    argument, a zero step, counts too large to make, every dtype or the default."""
    from array_api_reshape._chapters._creation_functions import arange as general

    if device is not None:
        device = xp.asarray(0).device
    arguments = (start, stop) if step is None else (start, stop, step)
    with np.errstate(all="ignore"):
        fast = _outcome(lambda: xp.arange(*arguments, dtype=dtype, device=device))
        slow = _outcome(lambda: general(*arguments, dtype=dtype, device=device))
    assert fast == slow


@settings(max_examples=200, deadline=None)
@given(source=st.sampled_from(ALL_DTYPES).flatmap(
           lambda d: _arrays(d, npst.array_shapes(min_dims=0, max_dims=3, min_side=0,
                                                  max_side=3))),
       dtype=st.sampled_from(ALL_DTYPES), copy=st.sampled_from([True, False, None, 1]),
       reverse=st.booleans())
def test_astype_matches_its_general_path(source, dtype, copy, reverse):
    """Every pair of dtypes (complex to real refused), copy True, False, None and bad
    values, contiguous and reversed inputs; ``copy=False`` to the same dtype gives ``x``
    itself, and a copy shares no memory with it."""
    from array_api_reshape._chapters._data_type_functions import astype as general

    x = xp.asarray(source)
    if reverse and x.ndim:
        x = x[::-1]
    with np.errstate(all="ignore"):
        fast = _outcome(lambda: xp.astype(x, dtype, copy=copy))
        slow = _outcome(lambda: general(x, dtype, copy=copy))
        again = None if isinstance(fast, type) else xp.astype(x, dtype, copy=copy)
    assert fast == slow
    if copy in (False, None) and dtype == x.dtype:  # (None: as False, a copy if needed)
        assert again is x
    elif again is not None:
        assert not np.shares_memory(np.asarray(again), source)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_concat_matches_its_general_path(data):
    """Arrays of one dtype or of several, of one rank or not, shapes that agree outside
    the axis or not, axes in range or out of it (and None)."""
    from array_api_reshape._chapters._manipulation_functions import concat as general_concat

    count = data.draw(st.integers(1, 3))
    rank = data.draw(st.integers(0, 3))
    arrays = []
    for _ in range(count):
        dtype = data.draw(st.sampled_from(ALL_DTYPES[:3] + ALL_DTYPES[-3:]))
        shape = data.draw(npst.array_shapes(min_dims=rank, max_dims=rank + data.draw(
            st.integers(0, 1)), min_side=0, max_side=3))
        arrays.append(xp.asarray(data.draw(_arrays(dtype, shape))))
    axis = data.draw(st.none() | st.integers(-4, 4))
    container = data.draw(st.sampled_from([tuple, list]))
    fast = _outcome(lambda: xp.concat(container(arrays), axis=axis))
    general = _outcome(lambda: general_concat(container(arrays), axis=axis))
    assert fast == general


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_take_along_axis_matches_its_general_path(data):
    """Positions in range (negative too) and out of it, index shapes that broadcast with
    ``x`` outside the axis or not, ranks that differ, axes in range or out of it, index
    dtypes signed, unsigned and not integers, strided inputs."""
    from array_api_reshape._chapters._indexing_functions import take_along_axis as general

    rank = data.draw(st.integers(1, 3))
    shape = data.draw(npst.array_shapes(min_dims=rank, max_dims=rank, min_side=0, max_side=4))
    x = xp.asarray(data.draw(_arrays(data.draw(st.sampled_from(ALL_DTYPES)), shape)))
    if data.draw(st.booleans()):
        x = x[..., ::-1]
    index_rank = data.draw(st.sampled_from([rank, rank, rank - 1, rank + 1]))
    index_shape = data.draw(npst.array_shapes(min_dims=index_rank, max_dims=index_rank,
                                              min_side=0, max_side=4))
    index_dtype = data.draw(st.sampled_from(
        [xp.int64, xp.int64, xp.int8, xp.int32, xp.uint8, xp.uint64, xp.float64, xp.bool]))
    indices = xp.asarray(data.draw(npst.arrays(
        index_dtype.dtype, index_shape,
        elements=st.integers(-5, 5) if "integer" in index_dtype.kind
        and "unsigned" not in index_dtype.kind else None)))
    axis = data.draw(st.integers(-4, 4))
    fast = _outcome(lambda: xp.take_along_axis(x, indices, axis=axis))
    slow = _outcome(lambda: general(x, indices, axis=axis))
    assert fast == slow


def test_take_along_axis_out_of_range_is_our_index_error():
    x = xp.reshape(xp.arange(6.0), (3, 2))
    with pytest.raises(IndexError, match=r"take_along_axis\(\): index 3 is out of range"):
        xp.take_along_axis(x, xp.asarray([[3, 0]]), axis=0)
    picked = xp.take_along_axis(x, xp.asarray([[-1, 0]]), axis=0)
    assert np.asarray(picked).tolist() == [[4.0, 1.0]]


@settings(max_examples=300, deadline=None)
@given(obj=EDGE_SCALARS | NUMPY_SCALARS | st.just(-0.0),
       dtype=st.none() | st.sampled_from([*ALL_DTYPES, *PYTHON_TYPES]),
       copy=st.sampled_from([None, True, False]))
def test_asarray_of_a_scalar_matches_its_general_path(obj, dtype, copy):
    """Python's and NumPy's scalars at the edges of the dtypes, into every dtype (or
    Python's types, or the default), with every copy flag."""
    from array_api_reshape._chapters._creation_functions import asarray as general

    with np.errstate(all="ignore"):
        fast = _outcome(lambda: xp.asarray(obj, dtype=dtype, copy=copy))
        slow = _outcome(lambda: general(obj, dtype=dtype, copy=copy))
    assert fast == slow


@settings(max_examples=100, deadline=None)
@given(source=st.sampled_from(ALL_DTYPES).flatmap(
           lambda d: _arrays(d, npst.array_shapes(min_dims=0, max_dims=3, min_side=0,
                                                  max_side=3))),
       same_dtype=st.booleans(), reverse=st.booleans())
def test_asarray_copy_true_of_our_array_matches_its_general_path(source, same_dtype, reverse):
    """A copy of an array of ours, contiguous or reversed, in its dtype given or not: the
    general path's elements and dtype, in memory of its own."""
    from array_api_reshape._chapters._creation_functions import asarray as general

    x = xp.asarray(source)
    if reverse and x.ndim:
        x = x[::-1]
    dtype = x.dtype if same_dtype else None
    copied = xp.asarray(x, dtype=dtype, copy=True)
    assert _outcome(lambda: copied) == _outcome(lambda: general(x, dtype=dtype, copy=True))
    assert not np.shares_memory(np.asarray(copied), source)


@settings(max_examples=200, deadline=None)
@given(source=st.sampled_from(ALL_DTYPES).flatmap(
           lambda d: _arrays(d, npst.array_shapes(min_dims=1, max_dims=3, min_side=1,
                                                  max_side=3))),
       key=st.integers(-4, 4), data=st.data())
def test_a_write_at_one_int_matches_the_general_write(source, key, data):
    """``x[i] = value`` (the fast path's key) against ``x[(i,)] = value`` (the general
    path's): 0-d arrays of ``x``'s dtype or another, arrays of other shapes and Python
    scalars; keys in range and out of it; the same elements after, or the same error
    and no element changed."""
    value = data.draw(st.one_of(
        EDGE_SCALARS,
        st.sampled_from(ALL_DTYPES).flatmap(
            lambda d: _arrays(d, data.draw(st.sampled_from([(), (), source.shape[1:], (2,)])))
        ).map(xp.asarray),
    ))
    outcomes = []
    for write_key in (key, (key,)):
        x = xp.asarray(source, copy=True)
        try:
            with np.errstate(all="ignore"):
                x[write_key] = value
        except (TypeError, ValueError, OverflowError, IndexError) as error:
            assert np.asarray(x).tobytes() == source.tobytes()
            outcomes.append(type(error))
            continue
        outcomes.append(np.asarray(x).tobytes())
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "any", "all"])
@settings(max_examples=100, deadline=None)
@given(source=st.sampled_from(ALL_DTYPES).flatmap(
           lambda d: _arrays(d, npst.array_shapes(min_dims=0, max_dims=3, min_side=0,
                                                  max_side=3))),
       axis=st.none() | st.integers(-4, 4) | st.just((0,)) | st.just(True) | st.just(2**70),
       keepdims=st.sampled_from([False, True, 1]), reverse=st.booleans())
def test_reductions_match_their_general_paths(name, source, axis, keepdims, reverse):
    """Every dtype (those a reduction refuses too), shapes with and without elements,
    axes in range, out of it, too large, tuples and bools, keepdims right and wrong,
    contiguous and reversed inputs, values at the edges (NaNs, overflowing sums)."""
    from array_api_reshape._chapters import _statistical_functions, _utility_functions

    general = getattr(_utility_functions if name in ("any", "all") else _statistical_functions,
                      name)
    x = xp.asarray(source)
    if reverse and x.ndim:
        x = x[::-1]
    fast = _outcome(lambda: getattr(xp, name)(x, axis=axis, keepdims=keepdims))
    slow = _outcome(lambda: general(x, axis=axis, keepdims=keepdims))
    assert fast == slow


MIXED_SHAPES = st.sampled_from([(), (1,), (3,), (2, 3), (2, 1), (1, 3), (4,)])


@pytest.mark.parametrize("name", BINARY_NAMES)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_arrays_converted_first_match_the_general_path(name, data):
    """Two arrays of any two dtypes (those that do not promote, or that the function
    refuses, too), of one dtype the function does not compute in (``int64 / int64``),
    of shapes that broadcast or do not, contiguous or reversed: the fast path that
    converts them gives the general path's dtype and bits, or its error."""
    record = ELEMENTWISE_FUNCTIONS[name]
    operands = []
    for _ in range(2):
        dtype = data.draw(st.sampled_from(ALL_DTYPES))
        shape = data.draw(MIXED_SHAPES)
        x = xp.asarray(data.draw(_arrays(dtype, shape)))
        if shape and data.draw(st.booleans()):
            x = x[::-1]
        operands.append(x)
    x1, x2 = operands
    function = getattr(xp, name)
    with np.errstate(all="ignore"):
        fast = _outcome(lambda: function(x1, x2))
        general = _outcome(lambda: apply_binary(record, x1, x2, xp.Array))
    assert fast == general
