"""The linalg and fft extensions against NumPy, with the standard's result dtypes."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as npst

import array_api_reshape as xp

FLOATS = [np.float32, np.float64, np.complex64, np.complex128]


def well_conditioned(draw_data, dtype, shape):
    rng = np.random.default_rng(draw_data.draw(st.integers(0, 2**32 - 1)))
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    n = shape[-1]
    if shape[-1] == shape[-2]:
        a = a + n * np.eye(n)
    return a.astype(dtype)


def close(ours, expected, dtype):
    tolerance = 1e-4 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-9
    np.testing.assert_allclose(np.asarray(ours), expected, rtol=tolerance, atol=tolerance)


@pytest.mark.parametrize("dtype", FLOATS)
@settings(max_examples=20, deadline=None)
@given(data=st.data(), n=st.integers(1, 4), stack=st.lists(st.integers(1, 2), max_size=2))
def test_square_matrix_functions(dtype, data, n, stack):
    shape = tuple(stack) + (n, n)
    a = well_conditioned(data, dtype, shape)
    x = xp.asarray(a)
    close(xp.linalg.det(x), np.linalg.det(a), dtype)
    close(xp.linalg.inv(x), np.linalg.inv(a), dtype)
    close(xp.linalg.matrix_power(x, 3), np.linalg.matrix_power(a, 3), dtype)
    sign, logabsdet = xp.linalg.slogdet(x)
    expected_sign, expected_log = np.linalg.slogdet(a)
    close(sign, expected_sign, dtype)
    close(logabsdet, expected_log, dtype)
    b = well_conditioned(data, dtype, shape[:-1] + (2,))
    close(xp.linalg.solve(x, xp.asarray(b)), np.linalg.solve(a, b), dtype)
    hermitian = a @ np.conj(np.swapaxes(a, -1, -2))
    close(xp.linalg.cholesky(xp.asarray(hermitian)), np.linalg.cholesky(hermitian), dtype)
    close(xp.linalg.eigvalsh(xp.asarray(hermitian)), np.linalg.eigvalsh(hermitian), dtype)
    eigenvalues = xp.linalg.eigvals(x)
    assert eigenvalues.dtype.kind == "complex floating"
    close(xp.sort(xp.real(eigenvalues)), np.sort(np.linalg.eigvals(a).real), dtype)


@pytest.mark.parametrize("dtype", FLOATS)
@settings(max_examples=20, deadline=None)
@given(data=st.data(), m=st.integers(1, 4), n=st.integers(1, 4))
def test_rectangular_matrix_functions(dtype, data, m, n):
    a = well_conditioned(data, dtype, (m, n))
    x = xp.asarray(a)
    close(xp.linalg.svdvals(x), np.linalg.svd(a, compute_uv=False), dtype)
    u, s, vh = xp.linalg.svd(x, full_matrices=False)
    close((np.asarray(u) * np.asarray(s)) @ np.asarray(vh), a, dtype)
    q, r = xp.linalg.qr(x)
    close(np.asarray(q) @ np.asarray(r), a, dtype)
    close(xp.linalg.pinv(x), np.linalg.pinv(a), dtype)
    assert int(xp.linalg.matrix_rank(x)) == np.linalg.matrix_rank(a)
    for order in ("fro", "nuc", 1, 2, np.inf):
        close(xp.linalg.matrix_norm(x, ord=order), np.linalg.matrix_norm(a, ord=order), dtype)
    close(xp.linalg.vector_norm(x, ord=3), np.linalg.vector_norm(a, ord=3), dtype)
    close(xp.linalg.diagonal(x, offset=1), np.diagonal(a, offset=1), dtype)
    close(xp.linalg.trace(x), np.trace(a), dtype)


def test_result_dtypes_and_named_tuples():
    x = xp.asarray([[2.0, 1.0], [1.0, 3.0]], dtype=xp.complex64)
    assert xp.linalg.svdvals(x).dtype is xp.float32
    assert xp.linalg.eigh(x)._fields == ("eigenvalues", "eigenvectors")
    assert xp.linalg.slogdet(x)._fields == ("sign", "logabsdet")
    assert xp.linalg.qr(x)._fields == ("Q", "R")
    assert xp.linalg.svd(x)._fields == ("U", "S", "Vh")
    swap = xp.asarray([[0.0, 1.0], [1.0, 0.0]], dtype=xp.float32)
    assert xp.linalg.eig(swap).eigenvalues.dtype is xp.complex64


def test_diagonal_is_a_view():
    x = xp.reshape(xp.arange(12.0), (3, 4))
    d = xp.linalg.diagonal(x, offset=-1)
    assert d._storage is x._storage
    np.testing.assert_array_equal(np.asarray(d), np.diagonal(np.arange(12.0).reshape(3, 4), -1))


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: xp.linalg.inv(xp.zeros((2, 2))), ValueError, "singular"),
        (lambda: xp.linalg.cholesky(xp.asarray([[-1.0]])), ValueError, "positive definite"),
        (lambda: xp.linalg.det(xp.zeros((2, 3))), ValueError, "square"),
        (lambda: xp.linalg.det(xp.zeros((2, 2), dtype=xp.int32)), TypeError, "floating-point"),
        (lambda: xp.linalg.cross(xp.zeros(2), xp.zeros(2)), ValueError, "size 3"),
        (lambda: xp.linalg.qr(xp.zeros((2, 2)), mode="r"), ValueError, "'mode'"),
        (lambda: xp.linalg.matrix_norm(xp.zeros((2, 2)), ord=3), ValueError, "'ord'"),
    ],
    ids=["singular", "not-positive-definite", "not-square", "integer", "cross-size", "qr-mode",
         "matrix-norm-ord"],
)
def test_linalg_errors_in_our_words(call, error, message):
    with pytest.raises(error, match=message):
        call()


@given(a=npst.arrays(np.int32, npst.array_shapes(min_dims=1, max_dims=3, max_side=4)),
       b=npst.arrays(np.int32, npst.array_shapes(min_dims=1, max_dims=3, max_side=4)))
def test_tensordot_and_vecdot(a, b):
    if a.shape[-1] == b.shape[0]:
        ours = xp.tensordot(xp.asarray(a), xp.asarray(b), axes=1)
        np.testing.assert_array_equal(np.asarray(ours), np.tensordot(a, b, axes=1))
    if a.shape[-1] == b.shape[-1]:
        try:
            expected = np.vecdot(a, b)
        except ValueError:
            return
        np.testing.assert_array_equal(np.asarray(xp.vecdot(xp.asarray(a), xp.asarray(b))), expected)


@given(a=npst.arrays(np.int32, npst.array_shapes(min_dims=1, max_dims=3, max_side=4)),
       b=npst.arrays(np.int32, npst.array_shapes(min_dims=1, max_dims=3, max_side=4)))
def test_matmul_hands_numpy_an_array_also_for_two_vectors(a, b):
    try:
        expected = np.matmul(a, b)
    except ValueError:
        return
    ours = np.asarray(xp.matmul(xp.asarray(a), xp.asarray(b)))
    assert isinstance(ours, np.ndarray) and ours.dtype == expected.dtype
    np.testing.assert_array_equal(ours, expected)
    assert ours.shape == np.shape(expected)


def test_cross_and_outer():
    np.testing.assert_array_equal(
        np.asarray(xp.linalg.cross(xp.asarray([[1, 0, 0]]), xp.asarray([0, 1, 0]))), [[0, 0, 1]])
    np.testing.assert_array_equal(
        np.asarray(xp.linalg.outer(xp.asarray([1, 2]), xp.asarray([3, 4]))), [[3, 4], [6, 8]])


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
@pytest.mark.parametrize("norm", ["backward", "ortho", "forward"])
def test_one_axis_transforms(name, norm):
    rng = np.random.default_rng(1)
    real = rng.standard_normal((3, 8))
    complex_input = real + 1j * rng.standard_normal((3, 8))
    a = real if name in ("rfft", "ihfft") else complex_input
    for dtype in ((np.float32, np.float64) if a is real else (np.complex64, np.complex128)):
        source = a.astype(dtype)
        axis = 0 if name == "fft" else -1
        ours = getattr(xp.fft, name)(xp.asarray(source), n=6, axis=axis, norm=norm)
        expected = getattr(np.fft, name)(source, n=6, axis=axis, norm=norm)
        assert ours.dtype.name == expected.dtype.name
        close(ours, expected, dtype)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_n_dimensional_transforms(name):
    rng = np.random.default_rng(2)
    a = rng.standard_normal((4, 5, 6))
    source = a if name == "rfftn" else a + 1j * a
    ours = getattr(xp.fft, name)(xp.asarray(source), s=(4, 6), axes=(0, 2))
    close(ours, getattr(np.fft, name)(source, s=(4, 6), axes=(0, 2)), np.float64)


def test_frequencies_and_shifts():
    close(xp.fft.fftfreq(5, d=0.5), np.fft.fftfreq(5, d=0.5), np.float64)
    assert xp.fft.rfftfreq(6, dtype=xp.float32).dtype is xp.float32
    x = xp.reshape(xp.arange(12.0), (3, 4))
    close(xp.fft.fftshift(x, axes=1), np.fft.fftshift(np.asarray(x), axes=1), np.float64)
    close(xp.fft.ifftshift(x), np.fft.ifftshift(np.asarray(x)), np.float64)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: xp.fft.fft(xp.zeros(4)), TypeError, "complex floating-point"),
        (lambda: xp.fft.rfft(xp.zeros(4, dtype=xp.complex64)), TypeError, "real floating-point"),
        (lambda: xp.fft.fft(xp.zeros(4, dtype=xp.complex64), n=0), ValueError, "at least 1"),
        (lambda: xp.fft.fft(xp.zeros(4, dtype=xp.complex64), norm="none"), ValueError, "'norm'"),
        (lambda: xp.fft.fftfreq(4, dtype=xp.int32), TypeError, "real floating"),
        (lambda: xp.fft.fftfreq(4, d=0), ValueError, "must not be 0"),
    ],
    ids=["fft-real", "rfft-complex", "zero-length", "bad-norm", "int-frequencies",
         "zero-spacing"],
)
def test_fft_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize("shape, axis, refused", [
    ((0, 4), None, True), ((0, 4), 0, True), ((3, 0), 1, True), ((3, 0), (0, 1), True),
    ((0, 4), 1, False), ((0,), None, True), ((2, 4), None, False), ((0, 0), 0, True),
])
def test_minus_infinity_norm_of_empty_vectors_is_refused_in_our_words(shape, axis, refused):
    """The smallest magnitude of no elements has no value: NumPy's reduction raises its
    own ValueError (also where there are no vectors); ours names the function, the shape
    and the axes. Vectors with elements (or none of them) give NumPy's answer."""
    x = xp.zeros(shape)
    if refused:
        with pytest.raises(ValueError, match=r"^linalg.vector_norm\(\): ord=-inf .* shape"):
            xp.linalg.vector_norm(x, axis=axis, ord=-math.inf)
    else:
        expected = np.linalg.vector_norm(np.zeros(shape), axis=axis, ord=-np.inf)
        result = xp.linalg.vector_norm(x, axis=axis, ord=-math.inf)
        assert result.shape == expected.shape
        np.testing.assert_array_equal(np.asarray(result), expected)
    for huge in (-(2**70), -math.inf):  # a huge negative int order is -inf
        if refused:
            with pytest.raises(ValueError, match="ord=-inf"):
                xp.linalg.vector_norm(x, axis=axis, ord=huge)
