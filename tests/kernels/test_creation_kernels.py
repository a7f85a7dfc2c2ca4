"""
The creation, data-type and manipulation chapters after their NumPy work moved into
kernels (issue 15): the messages that name NumPy's dtypes, the paths of ``asarray`` that
now meet in one kernel, and the F-order copy that ``reshape`` and ``ascontiguous`` share.
Every expectation here held before the move.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import layout


@pytest.mark.parametrize(
    "call, error, message",
    [
        pytest.param(lambda: xp.asarray(np.arange(3, dtype=">f8")), TypeError,
                     "asarray(): NumPy dtype >f8 has no counterpart among the standard's "
                     "dtypes; pass dtype= to convert it", id="asarray-swapped-bytes"),
        pytest.param(lambda: xp.asarray(np.arange(3.0), dtype=xp.float32, copy=False),
                     ValueError, "asarray(copy=False): the source cannot be shared: "
                     "converting float64 to array_api_reshape.float32 needs a copy",
                     id="asarray-convert-copy-false"),
        pytest.param(lambda: xp.asarray(np.arange(3, dtype=">f8"), dtype=xp.float64, copy=False),
                     ValueError, "asarray(copy=False): the source cannot be shared: "
                     "converting >f8 to array_api_reshape.float64 needs a copy",
                     id="asarray-swapped-bytes-copy-false"),
        pytest.param(lambda: xp.asarray([1.5, "a"]), TypeError,
                     "asarray(): data of NumPy type <U32 has no counterpart among the "
                     "standard's dtypes", id="asarray-python-strings"),
        pytest.param(lambda: xp.asarray([2**64]), OverflowError,
                     "asarray(): a Python int in the data does not fit in "
                     "array_api_reshape.int64 (pass dtype= for an unsigned type)",
                     id="asarray-huge-int"),
        pytest.param(lambda: xp.from_dlpack(np.arange(3, dtype=np.float16)), TypeError,
                     "from_dlpack(): dtype float16 is not one of the standard's dtypes",
                     id="from-dlpack-float16"),
        pytest.param(lambda: xp.full((2,), 300, dtype=xp.int8), OverflowError,
                     "full(): the Python int 300 does not fit in int8 ([-128, 127])",
                     id="full-overflow"),
        pytest.param(lambda: xp.repeat(xp.arange(3), xp.asarray([1, -1, 2])), ValueError,
                     "repeat(): 'repeats' must not be negative", id="repeat-negative-count"),
    ],
)
def test_messages_naming_numpy_dtypes_and_values(call, error, message):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value) == message


@pytest.mark.parametrize(
    "source",
    [
        pytest.param(np.arange(12.0).reshape(3, 4), id="c-contiguous"),
        pytest.param(np.arange(12.0).reshape(3, 4).T, id="transposed"),
        pytest.param(np.arange(24.0)[::2], id="strided"),
        pytest.param(np.zeros((0, 3)), id="empty"),
    ],
)
@pytest.mark.parametrize("copy", [None, True])
def test_asarray_of_numpy_arrays(source, copy):
    """Shared unless copied, whichever path (the one-call fast path or the general one)."""
    before = source.copy()
    x = xp.asarray(source, copy=copy)
    np.testing.assert_array_equal(np.asarray(x), before, strict=True)
    shares = layout.shares_memory(x, source)
    assert shares == (copy is None and source.size > 0)
    if copy:
        assert layout.is_contiguous(x)


def test_shares_memory_with_a_numpy_subclass():
    class Tagged(np.ndarray):
        pass

    x = xp.arange(6)
    tagged = np.asarray(x).view(Tagged)
    assert layout.shares_memory(x, tagged)
    assert layout.shares_memory(tagged, x[2:])
    assert not layout.shares_memory(x, np.arange(6).view(Tagged))


def test_f_order_copies_of_reshape_and_ascontiguous_agree():
    """One kernel builds both: the same values, F-contiguous, in a buffer of their own."""
    x = xp.permute_dims(xp.reshape(xp.arange(24), (2, 3, 4)), (2, 0, 1))
    reshaped = layout.reshape(x, (4, 6), order="F", copy=True)
    contiguous = layout.ascontiguous(x, order="F")
    expected = np.asarray(x)
    np.testing.assert_array_equal(np.asarray(contiguous), expected, strict=True)
    np.testing.assert_array_equal(
        np.asarray(reshaped), np.reshape(expected, (4, 6), order="F"), strict=True
    )
    for result, shape in ((reshaped, (4, 6)), (contiguous, x.shape)):
        assert layout.is_contiguous(result, order="F")
        assert layout.offset(result) == 0
        assert not layout.shares_memory(result, x)
        assert result.shape == shape


def test_manipulation_results_are_c_contiguous_new_arrays():
    m = xp.reshape(xp.arange(12.0), (3, 4)).T
    for result in (
        xp.concat([m, m], axis=1),
        xp.stack([m, m], axis=2),
        xp.repeat(m, xp.asarray([2]), axis=0),
        xp.roll(m, (1, 2), axis=(0, 1)),
        xp.tile(m, (2, 1)),
        xp.astype(m, xp.float32),
    ):
        assert layout.is_contiguous(result)
        assert not layout.shares_memory(result, m)


def test_pickle_round_trip_through_the_kernels():
    x = xp.flip(xp.reshape(xp.arange(6, dtype=xp.int16), (2, 3)), axis=1)
    for protocol in (2, 5):
        loaded = pickle.loads(pickle.dumps(x, protocol=protocol))
        np.testing.assert_array_equal(np.asarray(loaded), np.asarray(x), strict=True)
    with pytest.raises(ValueError, match="holds 5 bytes"):
        xp.Array.__reduce_ex__(x, 2)[0](1, "int16", (2, 3), b"12345", True)
