"""The seam between the linalg/fft chapters and their kernels: the chapters hold no
ndarray, the kernels sit below the array object, and every result is a new array that
shares no memory with its inputs, whatever their layout."""

from __future__ import annotations

import ast
import inspect

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape._chapters import _fft_functions, _linalg_functions
from array_api_reshape._kernels import _fft_kernels, _linalg_kernels
from array_api_reshape import layout

CHAPTERS = [_linalg_functions, _fft_functions]
KERNELS = [_linalg_kernels, _fft_kernels]


def _code_names(module) -> list[str]:
    """Every name and attribute the module's code (not its docstrings) mentions."""
    tree = ast.parse(inspect.getsource(module))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.append(node.id)
        elif isinstance(node, ast.Attribute):
            found.append(node.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found.extend(alias.name for alias in node.names)
            if isinstance(node, ast.ImportFrom) and node.module:
                found.append(node.module)
    return found


@pytest.mark.parametrize("module", CHAPTERS, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_chapters_hold_no_ndarray(module):
    names = set(_code_names(module))
    forbidden = {"numpy", "np", "_numpy", "_np_view", "astype", "run", "numpy_call",
                 "wrap_result", "item", "flags"}
    assert names & forbidden == set()


@pytest.mark.parametrize("module", KERNELS, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_kernels_sit_below_the_array(module):
    imported = {
        node.module for node in ast.walk(ast.parse(inspect.getsource(module)))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert imported <= {"__future__", "collections.abc", "typing", "_tables._dtypes",
                        "_numpy_views", "_operand_kernels"}


def square(dtype=xp.float64):
    a = np.array([[4.0, 2.0, 0.5], [2.0, 5.0, 1.0], [0.5, 1.0, 3.0]])
    return xp.asarray(a, dtype=dtype)


def layouts(x):
    """The same matrix as C-contiguous, transposed (F order) and flipped storage."""
    yield "c", x
    yield "transposed", xp.matrix_transpose(xp.asarray(np.ascontiguousarray(np.asarray(x).T)))
    yield "flipped", xp.flip(xp.asarray(np.flip(np.asarray(x), -1).copy()), axis=-1)


def results(value):
    return value if isinstance(value, tuple) else (value,)


LINALG_CALLS = {
    "cholesky": lambda x: xp.linalg.cholesky(x),
    "cholesky-upper": lambda x: xp.linalg.cholesky(x, upper=True),
    "det": xp.linalg.det,
    "eigh": xp.linalg.eigh,
    "eigvalsh": xp.linalg.eigvalsh,
    "eig": xp.linalg.eig,
    "eigvals": xp.linalg.eigvals,
    "inv": xp.linalg.inv,
    "matrix_norm": xp.linalg.matrix_norm,
    "matrix_power-0": lambda x: xp.linalg.matrix_power(x, 0),
    "matrix_power-1": lambda x: xp.linalg.matrix_power(x, 1),
    "matrix_power--1": lambda x: xp.linalg.matrix_power(x, -1),
    "matrix_power-5": lambda x: xp.linalg.matrix_power(x, 5),
    "matrix_rank": xp.linalg.matrix_rank,
    "pinv": xp.linalg.pinv,
    "pinv-rtol-array": lambda x: xp.linalg.pinv(x, rtol=xp.asarray(0.1)),
    "qr": xp.linalg.qr,
    "slogdet": xp.linalg.slogdet,
    "solve": lambda x: xp.linalg.solve(x, x),
    "svd": xp.linalg.svd,
    "svdvals": xp.linalg.svdvals,
    "trace": xp.linalg.trace,
    "vector_norm": xp.linalg.vector_norm,
    "cross": lambda x: xp.linalg.cross(x, x),
    "outer": lambda x: xp.linalg.outer(x[0], x[1]),
    "fftshift": xp.fft.fftshift,
    "ifftshift": lambda x: xp.fft.ifftshift(x, axes=()),
    "rfft": xp.fft.rfft,
    "rfftn": xp.fft.rfftn,
    "ihfft": lambda x: xp.fft.ihfft(x, axis=0),
}


@pytest.mark.parametrize("name", list(LINALG_CALLS))
def test_results_are_new_arrays_equal_for_every_layout(name):
    call = LINALG_CALLS[name]
    expected = [np.asarray(r).copy() for r in results(call(square()))]
    for label, x in layouts(square()):
        before = np.asarray(x).copy()
        got = results(call(x))
        for result, reference in zip(got, expected):
            assert not layout.shares_memory(result, x), label
            np.testing.assert_allclose(np.asarray(result), reference, rtol=1e-12, atol=1e-12)
            # a result in whatever order the kernel gave keeps working as an Array
            np.testing.assert_array_equal(
                np.asarray(xp.reshape(result, (-1,))), np.asarray(reference).reshape(-1)
            )
        np.testing.assert_array_equal(np.asarray(x), before)


def test_matrix_power_one_is_a_copy():
    x = square()
    y = xp.linalg.matrix_power(x, 1)
    assert not layout.shares_memory(x, y)
    y[0, 0] = -1.0
    assert float(x[0, 0]) == 4.0


@pytest.mark.parametrize("dtype", [xp.float32, xp.complex64])
def test_single_precision_stays_single(dtype):
    x = square(dtype)
    assert xp.linalg.cholesky(x, upper=True).dtype is dtype
    assert xp.linalg.eigvalsh(x).dtype is xp.float32
    assert xp.linalg.eig(x).eigenvectors.dtype is xp.complex64
    assert xp.linalg.trace(x, dtype=xp.complex128).dtype is xp.complex128
    assert xp.fft.fft(xp.astype(x, xp.complex64)).dtype is xp.complex64
    assert xp.fft.irfft(xp.astype(x, xp.complex64)).dtype is xp.float32


def test_upper_cholesky_is_the_conjugate_transpose_of_the_lower():
    a = np.array([[4.0, 2.0 - 1.0j], [2.0 + 1.0j, 5.0]])
    x = xp.asarray(a)
    lower = np.asarray(xp.linalg.cholesky(x))
    upper = np.asarray(xp.linalg.cholesky(x, upper=True))
    np.testing.assert_allclose(upper, lower.conj().T)
    np.testing.assert_allclose(upper.conj().T @ upper, a)


def test_frequencies_are_new_arrays_in_the_asked_dtype():
    f = xp.fft.fftfreq(5, d=0.5, dtype=xp.float32)
    assert f.dtype is xp.float32
    np.testing.assert_allclose(np.asarray(f), np.fft.fftfreq(5, d=0.5).astype(np.float32))


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
@pytest.mark.parametrize("n", [1, 2, 5])
def test_a_transform_of_an_empty_signal_to_a_given_size_is_zeros(name, n):
    """A given size pads the signal with zeros, so an empty one transforms to zeros (NumPy's
    inverse real transforms read uninitialised memory there, different on every run)."""
    real_input = name in ("rfft", "ihfft")
    x = xp.zeros((3, 0), dtype=xp.float64 if real_input else xp.complex128)
    result = getattr(xp.fft, name)(x, n=n)
    expected = getattr(np.fft, name)(np.zeros((3, 1), dtype=x.dtype.name), n=n)
    assert result.shape == expected.shape
    np.testing.assert_array_equal(np.asarray(result), np.zeros(expected.shape))


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_an_empty_signal_to_given_sizes_over_several_axes_is_zeros(name):
    real_input = name == "rfftn"
    x = xp.zeros((0, 2), dtype=xp.float64 if real_input else xp.complex128)
    result = getattr(xp.fft, name)(x, s=(4, 2))
    expected = getattr(np.fft, name)(np.zeros((1, 2), dtype=x.dtype.name), s=(4, 2), axes=(0, 1))
    assert result.shape == expected.shape
    np.testing.assert_array_equal(np.asarray(result), np.zeros(expected.shape))
