"""DLPack in both directions, and regression tests for what the conformance suite found
(each reproduced here without the suite, which CI cannot fetch)."""

from __future__ import annotations

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import layout


def test_dlpack_versioned_export_and_copy():
    x = xp.reshape(xp.arange(6.0), (2, 3))
    shared = np.from_dlpack(x)
    assert np.shares_memory(shared, np.asarray(x))
    copied = np.from_dlpack(x, copy=True)
    assert not np.shares_memory(copied, np.asarray(x))
    capsule = x.__dlpack__(max_version=(1, 0))
    assert type(capsule).__name__ == "PyCapsule"


def test_from_dlpack_respects_read_only_producers():
    a = np.arange(3.0)
    a.flags.writeable = False
    x = xp.from_dlpack(a)
    with pytest.raises(ValueError, match="read-only"):
        x[0] = 1.0
    assert float(x[2]) == 2.0


def test_from_dlpack_round_trips_our_own_views():
    x = xp.flip(xp.reshape(xp.arange(12), (3, 4)), axis=1)[:, ::2]
    y = xp.from_dlpack(x)
    assert layout.shares_memory(x, y)
    np.testing.assert_array_equal(np.asarray(y), np.asarray(x))


def test_asarray_of_false_with_an_unsigned_dtype():
    # array-api-tests test_asarray_scalars: xp.asarray(False, dtype=uint8)
    assert int(xp.asarray(False, dtype=xp.uint8)) == 0


def test_clip_bounds_broadcast_with_a_zero_d_input():
    # array-api-tests test_clip: min of shape (0,) against x of shape ()
    result = xp.clip(xp.asarray(0, dtype=xp.uint8), min=xp.zeros(0, dtype=xp.uint8))
    assert result.shape == (0,)


def test_cross_broadcasts_operands_of_different_rank():
    # array-api-tests test_cross: x1 of shape (0, 3) with x2 of shape (3,)
    result = xp.linalg.cross(xp.zeros((0, 3), dtype=xp.uint8), xp.zeros(3, dtype=xp.uint8))
    assert result.shape == (0, 3)


def test_pinv_and_matrix_rank_take_an_rtol_array_per_matrix():
    # array-api-tests test_pinv: rtol broadcast against the stack shape
    stack = xp.reshape(xp.asarray([1.0, 0.0, 0.0, 1e-3] * 2), (2, 2, 2))
    rtol = xp.asarray([1e-6, 1e-1])
    assert [int(r) for r in xp.linalg.matrix_rank(stack, rtol=rtol)] == [2, 1]
    assert xp.linalg.pinv(stack, rtol=rtol).shape == (2, 2, 2)


def test_floor_divide_special_cases_through_the_operator():
    # array-api-tests test_special_cases: __floordiv__ with infinities
    x = xp.asarray([float("inf"), 1.0])
    result = np.asarray(x // xp.asarray([2.0, -float("inf")]))
    assert result[0] == np.inf and result[1] == 0 and np.signbit(result[1])
