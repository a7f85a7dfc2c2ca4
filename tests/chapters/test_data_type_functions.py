"""Data type functions and the promotion table, against the standard's tables and NumPy."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, strategies as st

import array_api_reshape as xp

DTYPES = [xp.bool, xp.int8, xp.int16, xp.int32, xp.int64, xp.uint8, xp.uint16, xp.uint32,
          xp.uint64, xp.float32, xp.float64, xp.complex64, xp.complex128]
SIGNED = [xp.int8, xp.int16, xp.int32, xp.int64]
UNSIGNED = [xp.uint8, xp.uint16, xp.uint32, xp.uint64]
REAL = [xp.float32, xp.float64]
COMPLEX = [xp.complex64, xp.complex128]

# The standard's mixed signed/unsigned table, written out.
MIXED = {
    (xp.uint8, xp.int8): xp.int16, (xp.uint8, xp.int16): xp.int16,
    (xp.uint8, xp.int32): xp.int32, (xp.uint8, xp.int64): xp.int64,
    (xp.uint16, xp.int8): xp.int32, (xp.uint16, xp.int16): xp.int32,
    (xp.uint16, xp.int32): xp.int32, (xp.uint16, xp.int64): xp.int64,
    (xp.uint32, xp.int8): xp.int64, (xp.uint32, xp.int16): xp.int64,
    (xp.uint32, xp.int32): xp.int64, (xp.uint32, xp.int64): xp.int64,
}
FLOATING = {
    (xp.float32, xp.float64): xp.float64, (xp.float32, xp.complex64): xp.complex64,
    (xp.float32, xp.complex128): xp.complex128, (xp.float64, xp.complex64): xp.complex128,
    (xp.float64, xp.complex128): xp.complex128, (xp.complex64, xp.complex128): xp.complex128,
}


def expected_promotion(a, b):
    if a is b:
        return a
    for table in (MIXED, FLOATING):
        if (a, b) in table:
            return table[a, b]
        if (b, a) in table:
            return table[b, a]
    for family in (SIGNED, UNSIGNED):
        if a in family and b in family:
            return family[max(family.index(a), family.index(b))]
    return None


KIND_RANK = {xp.bool: 0, **{d: 1 for d in SIGNED + UNSIGNED}, **{d: 2 for d in REAL + COMPLEX}}


def expected_mixed_kind_promotion(a, b):
    """Beyond the standard, where NumPy, PyTorch and JAX agree: bool with a number and
    an integer with a floating dtype give the higher kind's dtype; uint64 with a signed
    integer stays undefined (they disagree)."""
    if KIND_RANK[a] == KIND_RANK[b]:
        return None
    return a if KIND_RANK[a] > KIND_RANK[b] else b


@pytest.mark.parametrize("a, b", list(itertools.product(DTYPES, DTYPES)),
                         ids=lambda d: d.name)
def test_result_type_follows_the_standards_table_then_the_mixed_kind_rule(a, b):
    standard = expected_promotion(a, b)
    expected = standard or expected_mixed_kind_promotion(a, b)
    if expected is None:
        with pytest.raises(TypeError, match="cannot promote"):
            xp.result_type(a, b)
    else:
        assert xp.result_type(a, b) is expected
        assert xp.result_type(xp.zeros(1, dtype=a), b) is expected
    # can_cast answers from the standard's table alone
    assert xp.can_cast(a, b) == (standard is b)


@pytest.mark.parametrize(
    "dtype, scalar, expected",
    [(xp.int8, 1, xp.int8), (xp.float32, 1, xp.float32), (xp.float32, 1.5, xp.float32),
     (xp.float32, 1j, xp.complex64), (xp.float64, 1j, xp.complex128),
     (xp.complex64, 2.0, xp.complex64), (xp.bool, True, xp.bool),
     (xp.int8, 1.5, xp.float64), (xp.bool, 1, xp.int64), (xp.int64, 1j, xp.complex128),
     (xp.float64, True, xp.float64), (xp.uint8, True, xp.uint8), (xp.bool, 2.5, xp.float64),
     (xp.int16, np.int64(3), xp.int16), (xp.float32, np.float64(0.5), xp.float32)],
    ids=["int-int8", "int-float32", "float-float32", "complex-float32", "complex-float64",
         "float-complex64", "bool-bool", "float-int8", "int-bool", "complex-int64",
         "bool-float64", "bool-uint8", "float-bool", "numpy-int-int16", "numpy-float-float32"],
)
def test_result_type_with_python_scalars(dtype, scalar, expected):
    assert xp.result_type(dtype, scalar) is expected
    assert xp.result_type(scalar, dtype) is expected


@pytest.mark.parametrize("scalar", ["1", None, [1], b"1"], ids=repr)
def test_result_type_refuses_non_scalars(scalar):
    with pytest.raises(TypeError, match="must be an array_api_reshape dtype or Array"):
        xp.result_type(xp.float64, scalar)


def test_result_type_needs_an_array_or_dtype():
    with pytest.raises(ValueError, match="at least one array or dtype"):
        xp.result_type(1, 2.0)
    with pytest.raises(ValueError, match="at least one array or dtype"):
        xp.result_type(-2, 1, 10.0)
    with pytest.raises(TypeError, match="must be an array_api_reshape dtype or Array"):
        xp.result_type("float64")


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.name)
def test_dtypes_are_understood_by_numpy_and_compare_strictly(dtype):
    numpy_dtype = np.dtype(dtype.name)
    assert np.dtype(dtype) == numpy_dtype
    assert dtype == dtype and dtype != dtype.name and dtype != dtype.dtype.type
    assert dtype == numpy_dtype and numpy_dtype == dtype and hash(dtype) == hash(numpy_dtype)
    assert numpy_dtype in (xp.int8, dtype) and len({dtype, numpy_dtype}) == 1
    others = [d for d in DTYPES if d is not dtype]
    assert all(dtype != other and dtype != np.dtype(other.name) for other in others)
    assert xp.zeros(1, dtype=numpy_dtype).dtype is dtype


@pytest.mark.parametrize("dtype", REAL + COMPLEX, ids=lambda d: d.name)
def test_finfo_gives_python_numbers(dtype):
    info = xp.finfo(dtype)
    real = {xp.complex64: xp.float32, xp.complex128: xp.float64}.get(dtype, dtype)
    reference = np.finfo(real.name)
    assert info.dtype is real
    assert (info.bits, info.eps, info.max, info.min, info.smallest_normal) == (
        reference.bits, float(reference.eps), float(reference.max), float(reference.min),
        float(reference.smallest_normal))
    assert all(type(v) is float for v in (info.eps, info.max, info.min, info.smallest_normal))
    assert xp.finfo(xp.zeros(1, dtype=dtype)) == info


@pytest.mark.parametrize("dtype", SIGNED + UNSIGNED, ids=lambda d: d.name)
def test_iinfo_gives_python_ints(dtype):
    info = xp.iinfo(xp.zeros(1, dtype=dtype))
    reference = np.iinfo(dtype.name)
    assert (info.bits, info.max, info.min, info.dtype) == (
        reference.bits, int(reference.max), int(reference.min), dtype)
    assert type(info.max) is int and type(info.min) is int


def test_finfo_and_iinfo_refuse_other_kinds():
    with pytest.raises(TypeError, match="floating-point dtype"):
        xp.finfo(xp.int32)
    with pytest.raises(TypeError, match="integer dtype"):
        xp.iinfo(xp.float32)
    with pytest.raises(TypeError, match="'type' must be"):
        xp.iinfo("int32")


KINDS = {
    "bool": [xp.bool], "signed integer": SIGNED, "unsigned integer": UNSIGNED,
    "integral": SIGNED + UNSIGNED, "real floating": REAL, "complex floating": COMPLEX,
    "numeric": SIGNED + UNSIGNED + REAL + COMPLEX,
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_isdtype_kinds(kind):
    for dtype in DTYPES:
        assert xp.isdtype(dtype, kind) == (dtype in KINDS[kind])
        assert xp.isdtype(dtype, (kind, xp.bool)) == (dtype in KINDS[kind] or dtype is xp.bool)
        assert xp.isdtype(dtype, dtype)


def test_isdtype_refuses_bad_kinds():
    with pytest.raises(ValueError, match="unknown kind 'floating'"):
        xp.isdtype(xp.float32, "floating")
    with pytest.raises(TypeError, match="'kind' must be"):
        xp.isdtype(xp.float32, 3)
    with pytest.raises(TypeError, match="'dtype' must be a dtype"):
        xp.isdtype(np.float32, "numeric")


@given(source=st.sampled_from(DTYPES), target=st.sampled_from(DTYPES), copy=st.booleans(),
       values=st.lists(st.integers(-3, 3), min_size=0, max_size=5))
def test_astype_matches_numpy(source, target, copy, values):
    a = np.asarray(values).astype(source.name)
    x = xp.asarray(a)
    if source in COMPLEX and target not in COMPLEX and target is not xp.bool:
        with pytest.raises(TypeError, match="does not convert complex"):
            xp.astype(x, target, copy=copy)
        return
    result = xp.astype(x, target, copy=copy)
    assert result.dtype is target
    np.testing.assert_array_equal(np.asarray(result), a.astype(target.name))
    assert (result is x) == (not copy and source is target)


@given(source=st.sampled_from(DTYPES), target=st.sampled_from(DTYPES),
       values=st.lists(st.integers(-3, 3), min_size=0, max_size=5))
def test_asarray_with_a_dtype_converts_as_astype_does(source, target, values):
    """Our arrays and NumPy's alike: complex values never silently lose their imaginary
    part (the standard refuses that cast; NumPy warns and drops it); complex to bool is
    the standard's defined cast."""
    a = np.asarray(values).astype(source.name) * (1 + 1j if source in COMPLEX else 1)
    for given_source in (xp.asarray(a), a):
        if source in COMPLEX and target not in COMPLEX and target is not xp.bool:
            with pytest.raises(TypeError, match=r"asarray\(\): .*does not convert complex"):
                xp.asarray(given_source, dtype=target)
            continue
        result = xp.asarray(given_source, dtype=target)
        assert result.dtype is target
        np.testing.assert_array_equal(np.asarray(result), a.astype(target.name))


def test_astype_refuses_bad_arguments():
    with pytest.raises(TypeError, match="'dtype' must be a dtype"):
        xp.astype(xp.zeros(2), "float32")
    with pytest.raises(TypeError, match="'copy' must be True, False or None"):
        xp.astype(xp.zeros(2), xp.float32, copy="no")
    with pytest.raises(TypeError, match="'x' must be an array_api_reshape Array"):
        xp.astype([1.0], xp.float32)
