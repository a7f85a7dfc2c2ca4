"""The benchmark's view cases cost O(1): no element memory, no NumPy array touched, and
the result shares the input's storage. Checked by counting, never by timing."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

import array_api_reshape as xp


def fresh(shape, slicer=None):
    x = xp.reshape(xp.arange(int(np.prod(shape)), dtype=xp.float64), shape)
    x = x if slicer is None else x[slicer]
    assert x._np_view is None
    return x


CASES = [
    pytest.param(lambda s: fresh((4 * s, 6, 9)), lambda x: xp.reshape(x, (x.shape[0] * 6, 9)),
                 id="view-contiguous-merge"),
    pytest.param(lambda s: fresh((216 * s,)), lambda x: xp.reshape(x, (x.shape[0] // 36, 6, 6)),
                 id="view-contiguous-split"),
    pytest.param(lambda s: fresh((4 * s, 8, 9), (slice(None), slice(0, 6), slice(None))),
                 lambda x: xp.reshape(x, (x.shape[0], 54)), id="view-slice-merge-tail"),
    pytest.param(lambda s: fresh((4 * s, 6, 9)), lambda x: xp.permute_dims(x, (2, 0, 1)),
                 id="permute-3d"),
    pytest.param(lambda s: fresh((2 * s, 3, 4, 5, 6, 7)),
                 lambda x: xp.permute_dims(x, (5, 4, 3, 2, 1, 0)), id="permute-6d"),
]


def allocated_during(operation, x):
    operation(x)  # a first call may fill the decision caches
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        result = operation(x)
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    return result, peak


@pytest.mark.parametrize("make, operation", CASES)
def test_view_cases_are_constant_cost_and_share_memory(make, operation):
    peaks = []
    for scale in (1, 100, 1000):
        x = make(scale)
        result, peak = allocated_during(operation, x)
        assert result._storage is x._storage
        assert result._np_view is None and x._np_view is None, "no NumPy array was built"
        peaks.append(peak)
    assert max(peaks) < 4096, f"a view allocated {peaks} bytes"
    assert peaks[2] <= peaks[0] + 512, f"allocation grew with the input: {peaks}"
