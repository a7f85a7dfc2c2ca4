"""
The hooks through which the modes reach the chapters: each reads ``MODES`` itself, so that
a chapter reads it nowhere, and costs one call on the default path, where it answers as if
no mode existed.

What is tested: no chapter module reads ``MODES``; each hook, with no mode on, gives its
answer without asking the machinery behind it (which is replaced here by something that
fails); and, with the mode on, what it decides.
"""

from __future__ import annotations

import pytest

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape._modes import _results

@pytest.fixture(autouse=True)
def default_flags():
    flags.reset()
    yield
    flags.reset()


# --- a result made from inputs --------------------------------------------------------------

RESULT_HOOKS = [
    pytest.param(lambda r, x: _results.result_like(r, x), id="result_like"),
    pytest.param(lambda r, x: _results.broadcast_result(r, (x, 1.0), "f"), id="broadcast"),
    pytest.param(lambda r, x: _results.reduced_result(r, x, None, False), id="reduced"),
    pytest.param(lambda r, x: _results.joined_result(r, [x, x], 0), id="joined"),
    pytest.param(lambda r, x: _results.permuted_result(r, x, (0,)), id="permuted"),
]


@pytest.mark.parametrize("hook", RESULT_HOOKS)
def test_without_a_profile_a_result_comes_back_as_it_is(hook, monkeypatch):
    for name in ("same_axes", "carried", "after_reduction", "concatenated", "permuted",
                 "is_dask", "made_unknown"):
        monkeypatch.setattr(_results, name, None)  # any look would fail
    x = xp.arange(3)
    result = xp.zeros(3)
    assert hook(result, x) is result
    _results.data_dependent_results("nonzero", [result], x)
    assert result.shape == (3,)


def test_a_result_carries_its_inputs_unknown_sizes_under_the_dask_profile():
    with flags.using(profile="dask"):
        x = xp.arange(-3, 7)
        masked = x[x > 0]
        grid = xp.reshape(xp.arange(6.0), (2, 3))[xp.asarray([True, False])]
        assert _results.result_like(xp.zeros(6), masked).shape == (None,)
        assert _results.broadcast_result(xp.zeros(6), (masked, 2), "add").shape == (None,)
        assert _results.reduced_result(xp.zeros(3), grid, (0,), False).shape == (3,)
        assert _results.reduced_result(xp.zeros((1, 1)), grid, (1,), True).shape == (None, 1)
        assert _results.joined_result(xp.zeros(12), [masked, masked], 0).shape == (None,)
        assert _results.permuted_result(xp.zeros((3, 1)), grid, (1, 0)).shape == (3, None)
        values, inverse = xp.zeros(2), xp.zeros(6)
        _results.data_dependent_results("unique_inverse", [values, inverse], masked, 1)
        assert values.shape == (None,) and inverse.shape == (None,)
