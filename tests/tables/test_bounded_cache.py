"""BoundedCache: never past its bound, never a stale answer; and it is every cache we have."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from hypothesis import given, strategies as st

import array_api_reshape
import array_api_reshape as xp
from array_api_reshape._tables import _layout, _layout_indexing
from array_api_reshape._chapters import _manipulation_functions
from array_api_reshape._tables import _reshape_decision
from array_api_reshape._tables._bounded_cache import DEFAULT_LIMIT, BoundedCache


@given(limit=st.integers(1, 5), keys=st.lists(st.integers(0, 9), max_size=40))
def test_bounded_and_never_stale(limit, keys):
    cache = BoundedCache(limit)
    latest = {}
    for step, key in enumerate(keys):
        assert cache.remember(key, step) == step
        latest[key] = step
        assert 1 <= len(cache) <= limit
        assert cache[key] == step
        assert all(latest[k] == v for k, v in cache.items())


def test_reaching_the_bound_forgets_everything_before_storing():
    cache = BoundedCache(3)
    for key in "abc":
        cache.remember(key, key.upper())
    assert dict(cache) == {"a": "A", "b": "B", "c": "C"}
    cache.remember("d", "D")
    assert dict(cache) == {"d": "D"}


def test_replacing_a_key_in_a_full_cache_also_clears_it():
    cache = BoundedCache(2)
    cache.remember("a", 1)
    cache.remember("b", 2)
    cache.remember("b", 3)
    assert dict(cache) == {"b": 3}


def test_lookups_are_a_dicts():
    cache = BoundedCache()
    assert cache.limit == DEFAULT_LIMIT == 4096
    cache.remember((1, 2), "x")
    assert cache.get((1, 2)) == "x" and (1, 2) in cache and cache.get((2, 1)) is None
    assert isinstance(cache, dict)


@pytest.mark.parametrize("limit", [0, -1, 2.0, True, "8", None])
def test_a_bad_limit_is_refused(limit):
    with pytest.raises(ValueError, match=r"^BoundedCache\(\): 'limit' must be an int >= 1"):
        BoundedCache(limit)


EVERY_CACHE = [
    pytest.param(_layout.CONTIGUOUS_LAYOUTS, _layout.remembered_contiguous_layout,
                 id="contiguous-layouts"),
    pytest.param(_layout_indexing.SLICED_LAYOUTS, _layout_indexing.remembered_sliced_layout,
                 id="sliced-layouts"),
    pytest.param(_reshape_decision.ROW_MAJOR_DECISIONS,
                 _reshape_decision.remembered_row_major_decision, id="row-major-decisions"),
    pytest.param(_reshape_decision.COLUMN_MAJOR_DECISIONS, None, id="column-major-decisions"),
    pytest.param(_manipulation_functions._PERMUTED_LAYOUTS,
                 _manipulation_functions.remembered_permutation, id="permuted-layouts"),
]


@pytest.mark.parametrize("cache, bound_lookup", EVERY_CACHE)
def test_every_cache_is_bounded_and_its_hot_path_lookup_reads_it(cache, bound_lookup):
    assert isinstance(cache, BoundedCache) and cache.limit == DEFAULT_LIMIT
    if bound_lookup is not None:
        assert bound_lookup.__self__ is cache


def test_no_module_keeps_a_plain_dict_as_a_cache():
    """A module-level dict named like a cache must be a BoundedCache (or it grows forever)."""
    cache_words = ("CACHE", "LAYOUTS", "DECISIONS", "REMEMBERED")
    offenders = []
    for info in pkgutil.walk_packages(array_api_reshape.__path__, "array_api_reshape."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if type(value) is dict and any(word in name.upper() for word in cache_words):
                offenders.append(f"{info.name}.{name}")
    assert offenders == []


def test_the_caches_stay_bounded_under_many_distinct_reshapes():
    x = xp.arange(6 * 4200)
    for n in range(1, 4200 + 1):
        if (6 * 4200) % n == 0:
            xp.reshape(x, (n, -1))
        xp.reshape(x[: 6 * n], (n, 6))
    for cache in (_layout.CONTIGUOUS_LAYOUTS, _layout_indexing.SLICED_LAYOUTS,
                  _reshape_decision.ROW_MAJOR_DECISIONS):
        assert len(cache) <= DEFAULT_LIMIT
