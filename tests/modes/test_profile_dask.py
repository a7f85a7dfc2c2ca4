"""
The dask profile: what array_api_compat.dask.array (Dask 2026.8) refuses and answers
otherwise than NumPy, measured in profiles/FIDELITY-dask.md.

Unknown sizes are checked against a model: the sizes a mask, nonzero or unique makes are
None in the public shape, the element-wise results and reductions carry them on by
broadcasting's rules, and every value stays NumPy's (the layout keeps the sizes).
"""

from __future__ import annotations

import gc
import operator
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape._modes import _unknown_sizes

THIS_FILE = os.path.basename(__file__)


@pytest.fixture(autouse=True)
def dask_profile():
    flags.reset()
    with flags.using(profile="dask"):
        yield
    flags.reset()


def masked() -> xp.Array:
    x = xp.arange(-3, 7)
    return x[x > 0]


# --- unknown sizes --------------------------------------------------------------------


def test_a_mask_gives_an_unknown_size_that_names_the_line_it_came_from():
    m = masked()
    assert m.shape == (None,) and m.size is None and m.ndim == 1
    with pytest.raises(ValueError) as raised:
        len(m)
    message = str(raised.value)
    assert "len(): needs the size of axis 0" in message
    assert f"x[mask] at modes/{THIS_FILE}:" in message
    assert "profile flag is 'dask'" in message
    with pytest.raises(ValueError, match="iter"):
        list(m)
    assert np.array_equal(np.asarray(m), np.arange(1, 7))


def test_without_the_profile_every_size_is_known():
    with flags.using(profile=None):
        m = masked()
        assert m.shape == (6,) and m.size == 6 and len(m) == 6


def test_which_results_of_nonzero_and_unique_have_unknown_sizes():
    x = xp.asarray([[0, 3], [3, 1]])
    assert [p.shape for p in xp.nonzero(x)] == [(None,), (None,)]
    assert xp.unique_values(x).shape == (None,)
    assert [r.shape for r in xp.unique_counts(x)] == [(None,), (None,)]
    values, inverse = xp.unique_inverse(x)
    assert values.shape == (None,) and inverse.shape == (2, 2)
    assert [r.shape for r in xp.unique_all(x)] == [(None,), (None,), (2, 2), (None,)]
    rows = x[xp.asarray([True, False])]
    columns = x[:, xp.asarray([False, True])]
    assert rows.shape == (None, 2) and columns.shape == (2, None)
    assert x[x > 0].shape == (None,)


def test_element_wise_results_carry_unknown_sizes_and_refuse_a_known_size_other_than_one():
    m = masked()
    for result in (m + 1, -m, m * m, xp.sin(m), m > 2, xp.where(m > 2, m, 0), m + xp.ones(1)):
        assert result.shape == (None,)
    column = xp.reshape(xp.arange(3), (3, 1))
    assert (m + column).shape == (3, None)
    with pytest.raises(ValueError, match="broadcast an unknown size with the known size 6"):
        m + xp.ones(6)
    assert np.array_equal(np.asarray(m * 2), np.arange(1, 7) * 2)


def test_reductions_know_their_result_except_along_the_unknown_axes_they_keep():
    m = masked()
    assert xp.sum(m).shape == () and int(xp.sum(m)) == 21
    grid = xp.reshape(xp.arange(6), (2, 3))[:, xp.asarray([True, False, True])]
    assert grid.shape == (2, None)
    assert xp.sum(grid, axis=1).shape == (2,)
    assert xp.sum(grid, axis=0).shape == (None,)
    assert xp.max(grid, axis=1, keepdims=True).shape == (2, 1)
    assert xp.max(grid, axis=0, keepdims=True).shape == (1, None)
    assert xp.mean(xp.astype(m, xp.float64)).shape == ()


def test_views_and_copies_that_keep_axes_keep_unknown_sizes():
    grid = xp.reshape(xp.arange(6), (2, 3))[:, xp.asarray([True, False, True])]
    assert xp.permute_dims(grid, (1, 0)).shape == (None, 2)
    assert grid.T.shape == (None, 2) and grid.mT.shape == (None, 2)
    assert xp.astype(grid, xp.float32).shape == (2, None)
    assert xp.zeros_like(grid).shape == (2, None)
    assert xp.full_like(grid, 3).shape == (2, None)
    assert xp.concat([grid, grid], axis=1).shape == (2, None)
    assert xp.concat([grid, xp.ones((2, 1), dtype=grid.dtype)], axis=1).shape == (2, None)
    assert grid[None].shape == (1, 2, None)
    assert grid[0].shape == (None,)


@pytest.mark.parametrize("call, error", [
    (lambda m: xp.reshape(m, (2, -1)), ValueError),
    (lambda m: xp.reshape(m, (6,)), ValueError),
    (lambda m: xp.expand_dims(m, axis=0), ValueError),
    (lambda m: xp.argmax(m), ValueError),
    (lambda m: xp.broadcast_to(m, (2, 6)), ValueError),
    (lambda m: xp.stack([m, m]), ValueError),
    (lambda m: xp.nonzero(m), ValueError),
    (lambda m: xp.searchsorted(m, xp.asarray([3])), ValueError),
    (lambda m: xp.flip(m), ValueError),
    (lambda m: xp.take(m, xp.asarray([0])), NotImplementedError),
    (lambda m: xp.clip(m, 1, 3), TypeError),
    (lambda m: xp.vecdot(m, m), ValueError),
    (lambda m: xp.diff(m), ValueError),
    (lambda m: m[0], ValueError),
    (lambda m: m[:3], ValueError),
    (lambda m: m[xp.asarray([0, 1])], NotImplementedError),
])
def test_what_needs_an_unknown_size_is_refused_naming_where_it_came_from(call, error):
    m = masked()
    with pytest.raises(error) as raised:
        call(m)
    assert f"x[mask] at modes/{THIS_FILE}:" in str(raised.value)


def test_what_dask_runs_on_unknown_sizes_runs():
    m = masked()
    assert m[:] is m and m[...] is m
    assert m[m > 3].shape == (None,)
    assert int(xp.matmul(m, m)) == 91
    assert xp.cumulative_sum(m).shape is not None
    assert xp.unique_values(m).shape == (None,)
    assert np.array_equal(np.asarray(xp.sort(m)), np.arange(1, 7))  # one chunk, as Dask's
    assert xp.argsort(m).shape[0] == 6


def test_a_none_among_a_shapes_sizes_says_it_is_an_unknown_size():
    m = masked()
    with pytest.raises(TypeError) as raised:
        xp.zeros(m.shape)
    assert "None is an unknown size" in str(raised.value)
    assert f"x[mask] at modes/{THIS_FILE}:" in str(raised.value)
    with flags.using(profile=None), pytest.raises(TypeError) as plain:
        xp.zeros((None,))
    assert "unknown size" not in str(plain.value)


def test_entries_go_with_their_arrays():
    gc.collect()
    before = len(_unknown_sizes._UNKNOWN)
    arrays = [masked() for _ in range(20)]
    assert len(_unknown_sizes._UNKNOWN) == before + 20
    del arrays
    assert len(_unknown_sizes._UNKNOWN) == before


@given(
    shape=st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple),
    seed=st.integers(0, 2**16),
    axis=st.integers(0, 2),
)
def test_a_mask_on_one_axis_hides_that_axis_and_keeps_numpys_values(shape, seed, axis):
    axis = axis % len(shape)
    rng = np.random.default_rng(seed)
    data = rng.integers(-5, 5, size=shape)
    keep = rng.random(shape[axis]) < 0.5
    with flags.using(profile="dask"):
        x = xp.asarray(data)
        key = (slice(None),) * axis + (xp.asarray(keep),)
        result = x[key]
        expected_shape = tuple(None if a == axis else n for a, n in enumerate(shape))
        assert result.shape == expected_shape
        doubled = result * 2 + 1
        assert doubled.shape == expected_shape
        assert np.array_equal(np.asarray(doubled), data[(slice(None),) * axis + (keep,)] * 2 + 1)
        total = xp.sum(doubled)
        assert total.shape == ()
        assert int(total) == int((data[(slice(None),) * axis + (keep,)] * 2 + 1).sum())


# --- indexing and writes --------------------------------------------------------------


@pytest.mark.parametrize("key", [
    lambda: (xp.asarray([0, 1]), xp.asarray([1, 2])),
    lambda: xp.asarray([[0, 1]]),
    lambda: (xp.asarray([0, 1]), None),
    lambda: (None, xp.asarray([0, 1])),
    lambda: (xp.asarray([True, False]), xp.asarray([0, 1])),
])
def test_dask_takes_one_index_array_of_one_dimension_per_key(key):
    a = xp.reshape(xp.arange(6), (2, 3))
    with pytest.raises(NotImplementedError, match="Dask does not support"):
        a[key()]
    with pytest.raises(NotImplementedError, match="Dask does not support"):
        a[key()] = 0


def test_one_index_array_or_mask_per_key_works_as_on_numpy():
    a = xp.reshape(xp.arange(6), (2, 3))
    assert np.array_equal(np.asarray(a[xp.asarray([1, 0])]), [[3, 4, 5], [0, 1, 2]])
    assert np.array_equal(np.asarray(a[:, xp.asarray([2, 0])]), [[2, 0], [5, 3]])
    assert np.array_equal(np.asarray(a[1, xp.asarray([2])]), [5])
    assert int(a[xp.asarray(1), xp.asarray(2)]) == 5


def test_writes_into_an_unknown_size_go_through_a_mask_and_take_one_value():
    m = masked()
    m[m > 4] = 0
    assert np.array_equal(np.asarray(m), [1, 2, 3, 4, 0, 0])
    with pytest.raises(ValueError, match="write other than through a boolean mask"):
        m[...] = 0
    with pytest.raises(ValueError, match="needs the size"):
        m[0] = 1
    x = xp.arange(5)
    x[x > 2] = 9
    x[x > 8] = xp.asarray(7)
    assert np.array_equal(np.asarray(x), [0, 1, 2, 7, 7])
    with pytest.raises(ValueError, match="cannot write an array of values through a boolean"):
        x[x > 6] = xp.asarray([1, 2])
    assert np.array_equal(np.asarray(x), [0, 1, 2, 7, 7])


# --- aliasing -------------------------------------------------------------------------


def test_views_are_copies_and_an_explicit_views_flag_wins():
    x = xp.asarray([1, 2, 3, 4])
    y = x[1:3]
    y[0] = 50
    assert np.array_equal(np.asarray(x), [1, 2, 3, 4])
    x[2] = 70
    assert np.array_equal(np.asarray(y), [50, 3])
    assert flags.get()["views"] == "copy-on-write"
    with flags.using(views="shared"):
        x = xp.asarray([1, 2, 3, 4])
        x[1:3][0] = 50
        assert int(x[1]) == 50


def test_whole_array_keys_give_the_array_itself_as_dask_does():
    x = xp.asarray([1, 2, 3, 4])
    for y in (x[:], x[...], x[:, ...]):
        assert y is x
    y = x[:]
    y[0] = 50
    assert int(x[0]) == 50


def test_in_place_operators_rebind_and_follow_the_forward_operators_dtype():
    x = xp.asarray([1, 2, 3])
    alias = x
    x += 1
    assert x is not alias and np.array_equal(np.asarray(alias), [1, 2, 3])
    x = xp.asarray([1, 2, 3])
    x += 1.5
    assert x.dtype == xp.float64 and np.array_equal(np.asarray(x), [2.5, 3.5, 4.5])

    def bump(a):
        a += 1

    y = xp.asarray([1, 2])
    bump(y)
    assert np.array_equal(np.asarray(y), [1, 2])


def test_asarray_copies_numpy_memory_and_refuses_to_share_it():
    a = np.arange(3)
    d = xp.asarray(a)
    a[0] = 99
    assert int(d[0]) == 0
    with pytest.raises(ValueError, match="Dask cannot share the memory of a NumPy"):
        xp.asarray(a, copy=False)
    x = xp.asarray([1, 2])
    assert xp.asarray(x) is x


# --- eager values ---------------------------------------------------------------------


def test_eager_reads_are_counted_with_a_fresh_count_per_block():
    x = xp.asarray([1.0, -2.0, 3.0])
    with flags.using(computes=10):
        assert flags.computes_counted() == 0
        bool(x[0] > 0)
        float(x[1])
        operator.index(xp.asarray(2))
        np.asarray(x)
        f"{x[0]:.1f}"
        assert flags.computes_counted() == 5
        with flags.using(computes=10):
            assert flags.computes_counted() == 0
        x + 1, xp.sum(x), x[x > 0], repr(x), len(x), [e for e in x]
        x[xp.argmax(x)]
        assert flags.computes_counted() == 5
        x[: xp.argmax(x)]  # a slice's bound is read: Dask computes it
        assert flags.computes_counted() == 6


def test_the_read_beyond_the_budget_is_refused_listing_the_earlier_ones():
    x = xp.asarray([1.0, -2.0])
    with flags.using(computes=1):
        bool(x[0] > 0)
        with pytest.raises(RuntimeError) as raised:
            float(x[1])
    message = str(raised.value)
    assert f"__float__() at modes/{THIS_FILE}:" in message
    assert f"earlier reads: __bool__() at modes/{THIS_FILE}:" in message
    assert "budget of 1" in message
    with flags.using(computes=0), pytest.raises(RuntimeError, match="earlier reads: none"):
        np.asarray(x)


def test_a_module_wide_budget_counts_from_when_it_is_set_even_without_a_profile():
    with flags.using(profile=None):
        x = xp.asarray(2.0)
        flags.set(computes=2)
        float(x), float(x)
        assert flags.computes_counted() == 2
        with pytest.raises(RuntimeError):
            float(x)
        flags.set(computes=2)
        assert flags.computes_counted() == 0
        flags.reset()
        float(x)
        assert flags.computes_counted() == 0  # nothing counts without a budget or the profile


def test_the_computes_environment_variable_sets_the_budget():
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARRAY_API_RESHAPE_")}
    code = ("import array_api_reshape as xp; from array_api_reshape import flags; "
            "x = xp.asarray(1.0); float(x); print(flags.get()['computes']); float(x)")
    done = subprocess.run([sys.executable, "-c", code],
                          env={**env, "ARRAY_API_RESHAPE_COMPUTES": "1"},
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "1"
    assert "RuntimeError" in done.stderr and "budget of 1" in done.stderr
    bad = subprocess.run([sys.executable, "-c", "import array_api_reshape"],
                         env={**env, "ARRAY_API_RESHAPE_COMPUTES": "many"},
                         capture_output=True, text=True, timeout=120)
    assert "ARRAY_API_RESHAPE_COMPUTES must be None or an int >= 0, got 'many'" in bad.stderr


# --- what array_api_compat.dask.array refuses -----------------------------------------


@pytest.mark.parametrize("call, error, words", [
    (lambda: xp.take_along_axis(xp.ones((2, 2)), xp.asarray([[0], [1]]), axis=1),
     AttributeError, "has no take_along_axis"),
    (lambda: xp.from_dlpack(np.arange(3)), AttributeError, "has no from_dlpack"),
    (lambda: xp.linalg.det(xp.eye(2)), AttributeError, "has no linalg.det"),
    (lambda: xp.linalg.pinv(xp.eye(2)), AttributeError, "has no linalg.pinv"),
    (lambda: xp.linalg.svdvals(xp.eye(2)), ValueError, "full_matrices=False only"),
    (lambda: xp.linalg.matrix_rank(xp.eye(2)), TypeError, "count the singular values"),
    (lambda: xp.linalg.svd(xp.eye(2)), ValueError, "refuses full_matrices=True"),
    (lambda: xp.linalg.qr(xp.eye(2), mode="complete"), ValueError, "mode='reduced' only"),
    (lambda: xp.linalg.cholesky(xp.eye(2), upper=True), AttributeError, "upper=True"),
    (lambda: xp.linalg.inv(xp.ones((2, 2, 2))), ValueError, "one matrix"),
    (lambda: xp.linalg.solve(xp.ones((2, 2, 2)), xp.ones((2, 2, 1))), ValueError, "one matrix"),
    (lambda: xp.reshape(xp.ones(4), (2, 2), copy=False), AttributeError, "copy=False"),
    (lambda: xp.repeat(xp.ones(3), xp.asarray([0, 1, 2])), NotImplementedError, "an int"),
    (lambda: xp.repeat(xp.ones((2, 2)), 2), NotImplementedError, "needs an axis"),
    (lambda: xp.searchsorted(xp.asarray([1, 2]), 2), AttributeError, "takes an array"),
    (lambda: xp.searchsorted(xp.asarray([1, 2]), xp.asarray(2)), TypeError, "1-d array"),
    (lambda: xp.searchsorted(xp.asarray([1, 2]), xp.asarray([2]), sorter=xp.asarray([0, 1])),
     NotImplementedError, "no sorter"),
    (lambda: xp.eye(2, 3), ValueError, "dask/dask#11937"),
])
def test_what_the_library_refuses_is_refused_with_its_exception_type(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value) and "Dask" in str(raised.value)


def test_what_the_library_takes_nearby_is_taken():
    assert xp.linalg.svd(xp.eye(2), full_matrices=False)[1].shape == (2,)
    assert xp.linalg.qr(xp.eye(2))[0].shape == (2, 2)
    assert xp.repeat(xp.ones(3), 2).shape == (6,)
    assert xp.repeat(xp.ones((2, 2)), 2, axis=0).shape == (4, 2)
    assert xp.searchsorted(xp.asarray([1, 2]), xp.asarray([2])).shape == (1,)
    assert xp.eye(3, 2).shape == (3, 2)
    assert xp.reshape(xp.ones(4), (2, 2)).shape == (2, 2)


def test_svd_gives_a_plain_tuple_and_cholesky_the_upper_factor_with_a_warning():
    parts = xp.linalg.svd(xp.eye(2), full_matrices=False)
    assert type(parts) is tuple and len(parts) == 3
    a = xp.asarray([[4.0, 2.0], [2.0, 5.0]])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        factor = xp.linalg.cholesky(a)
    assert np.allclose(np.asarray(factor), np.linalg.cholesky(np.asarray(a)).T)
    assert "gives the upper factor" in str(caught[0].message)
    assert caught[0].filename == __file__


def test_sizes_made_unknown_are_known_again_outside_the_profile():
    m = masked()
    with flags.using(profile=None):
        assert m.shape == (6,) and len(m) == 6
    with flags.using(profile="torch"):
        assert m.shape == (6,) and xp.reshape(m, (2, 3)).shape == (2, 3)
    with flags.using(profile="lowest"):
        assert m.shape == (None,)
    assert m.shape == (None,)


def test_found_running_the_clients_zero_d_mask_writes_numpy_index_keys_broadcast_shapes():
    y = xp.zeros(1)[0]
    y[xp.asarray(True)] = 1.0
    assert float(y) == 1.0
    with pytest.raises(NotImplementedError, match="0-dimensional boolean mask"):
        y[xp.asarray(True)]
    a = xp.reshape(xp.arange(6), (2, 3))
    with pytest.raises(NotImplementedError, match="several index arrays"):
        a[np.asarray([0, 1]), np.asarray([1, 2])]
    with pytest.raises(AttributeError, match="has no broadcast_shapes"):
        xp.broadcast_shapes((1,), (2,))


# --- what array_api_compat.dask.array has no attribute for --------------------------------

LACKED = ["take_along_axis", "from_dlpack", "broadcast_shapes"]
LACKED_IN_LINALG = ["det", "slogdet", "eigh", "eigvalsh", "eig", "eigvals", "pinv",
                    "matrix_power", "cross"]


def test_what_the_library_has_no_attribute_for_is_missing_to_hasattr():
    for name in LACKED:
        assert not hasattr(xp, name), name
        with pytest.raises(AttributeError, match=f"no attribute '{name}' under profile 'dask'"):
            getattr(xp, name)
    for name in LACKED_IN_LINALG:
        assert not hasattr(xp.linalg, name), name
    assert all(hasattr(xp.linalg, name) for name in ("svd", "svdvals", "matrix_rank", "qr"))
    assert hasattr(xp, "take") and hasattr(xp, "linalg") and hasattr(xp, "fft")
    with pytest.raises(AttributeError, match="has no attribute 'no_such_function'"):
        _ = xp.no_such_function


@pytest.mark.parametrize("profile, missing", [
    ("dask", True), ("lowest", True), ("torch", False), ("jax", False), ("cupy", False),
    (None, False),
])
def test_the_attributes_come_back_where_no_profile_lacks_them(profile, missing):
    with flags.using(profile=profile):
        for name in LACKED:
            assert hasattr(xp, name) is not missing, name
        for name in LACKED_IN_LINALG:
            assert hasattr(xp.linalg, name) is not missing, name


def test_older_standard_versions_lack_them_too_and_can_be_built_meanwhile():
    for version in ("2021.12", "2023.12", "2024.12"):
        namespace = xp.asarray(1).__array_namespace__(api_version=version)
        assert not hasattr(namespace, "from_dlpack"), version
        assert not hasattr(namespace.linalg, "det"), version
        assert hasattr(namespace, "sort") and hasattr(namespace.linalg, "svd")
        with flags.using(profile=None):
            assert hasattr(namespace, "from_dlpack") and hasattr(namespace.linalg, "det")
            assert namespace.linalg.det(xp.eye(2)) == 1.0
    with pytest.raises(AttributeError, match=r"added it in version 2024\.12"):
        _ = xp.asarray(1).__array_namespace__(api_version="2023.12").take_along_axis


def test_a_function_taken_before_the_profile_still_refuses_when_called():
    with flags.using(profile=None):
        take_along_axis, det = xp.take_along_axis, xp.linalg.det
    with pytest.raises(AttributeError, match="has no take_along_axis"):
        take_along_axis(xp.ones((2, 2)), xp.asarray([[0], [1]]), axis=1)
    with pytest.raises(AttributeError, match=r"has no linalg\.det"):
        det(xp.eye(2))

