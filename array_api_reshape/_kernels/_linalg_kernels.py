"""
Linear-algebra kernels: ``numpy.linalg`` on our arrays' elements, errors in our own words.

One function per function of the ``linalg`` extension. Each takes our arrays (whose
elements it reads through ``_numpy()``), our DTypes and plain Python values, and returns
new NumPy arrays that nobody else holds (a tuple of them for the decompositions), never
NumPy scalars. The chapter module (``_linalg_functions``) has checked every argument and
wraps the results with ``Array._adopt``, which converts them to the result dtype.

NumPy's floating-point warnings are silenced (the standard defines those results: NaN,
inf); a singular or non-convergent input raises ValueError naming our function.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Literal, TypeVar

import numpy as np

from .._tables._dtypes import DType
from ._numpy_views import elements_in, silenced
from ._operand_kernels import Elements

_Result = TypeVar("_Result")




def _silenced(function: str, call: Callable[[], _Result]) -> _Result:
    """``call()`` with NumPy's warnings off; its LinAlgError as ValueError naming
    ``linalg.<function>``."""
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return call()
    except np.linalg.LinAlgError as error:
        raise ValueError(f"linalg.{function}(): {_reason(str(error))}") from None


def _reason(message: str) -> str:
    lowered = message.lower()
    if "singular" in lowered:
        return "the matrix is singular (it has no inverse)"
    if "positive definite" in lowered:
        return "the matrix is not positive definite"
    if "converge" in lowered:
        return "the computation did not converge"
    return "the input is not valid for this decomposition"


def cholesky(x: Elements, upper: bool) -> np.ndarray:
    """The lower Cholesky factor of each matrix, or the upper one (its conjugate transpose)."""
    lower = _silenced("cholesky", lambda: np.linalg.cholesky(x._numpy()))
    if upper:
        return np.conj(np.swapaxes(lower, -1, -2))
    return lower


def cross(x1: Elements, x2: Elements, axis: int, dtype: DType) -> np.ndarray:
    """Cross products along ``axis`` (negative), computed in ``dtype``."""
    a, b = elements_in(x1, dtype), elements_in(x2, dtype)
    return _silenced("cross", lambda: np.linalg.cross(a, b, axis=axis))


def det(x: Elements) -> np.ndarray:
    """Determinants."""
    return np.asarray(_silenced("det", lambda: np.linalg.det(x._numpy())))


def eigh(x: Elements) -> tuple[np.ndarray, np.ndarray]:
    """Eigenvalues (ascending) and eigenvectors of Hermitian matrices."""
    values, vectors = _silenced("eigh", lambda: np.linalg.eigh(x._numpy()))
    return values, vectors


def eigvalsh(x: Elements) -> np.ndarray:
    """Eigenvalues (ascending) of Hermitian matrices."""
    return _silenced("eigvalsh", lambda: np.linalg.eigvalsh(x._numpy()))


def eig(x: Elements) -> tuple[np.ndarray, np.ndarray]:
    """Eigenvalues and eigenvectors of general matrices (real where NumPy finds them
    real: the chapter's ``Array._adopt`` makes them complex of ``x``'s precision)."""
    return _silenced("eig", lambda: np.linalg.eig(x._numpy()))


def eigvals(x: Elements) -> np.ndarray:
    """Eigenvalues of general matrices (real where NumPy finds them real: the chapter's
    ``Array._adopt`` makes them complex of ``x``'s precision)."""
    return _silenced("eigvals", lambda: np.linalg.eigvals(x._numpy()))


def inv(x: Elements) -> np.ndarray:
    """Inverses."""
    return _silenced("inv", lambda: np.linalg.inv(x._numpy()))


def matrix_norm(
    x: Elements, keepdims: bool, ord: float | Literal["fro", "nuc"] | None
) -> np.ndarray:
    """Norms of the matrices in the last two axes."""
    view = x._numpy()
    return np.asarray(
        _silenced(
            "matrix_norm",
            lambda: np.linalg.matrix_norm(view, keepdims=keepdims, ord=ord),
        )
    )


def matrix_power(x: Elements, n: int) -> np.ndarray:
    """Each matrix to the power ``n``; a new array also for ``n == 1`` (where NumPy
    hands back its input)."""
    view = x._numpy()
    if abs(n) > _NUMPY_POWER_LIMIT:
        return _silenced("matrix_power", lambda: _power_by_squaring(view, n))
    result = _silenced("matrix_power", lambda: np.linalg.matrix_power(view, n))
    if result is view:
        return view.copy()
    return result


_NUMPY_POWER_LIMIT = 2**31
"""NumPy's matrix_power mishandles some powers beyond int64 (-2**63 gives None); past
this magnitude the power is taken here, by the same repeated squaring NumPy uses."""


def _power_by_squaring(view: np.ndarray, n: int) -> np.ndarray:
    """``view``'s matrices to the power ``n`` (``abs(n) >= 2``): the inverses' for a
    negative ``n``, then one product per bit of ``abs(n)``."""
    square = np.linalg.inv(view) if n < 0 else view
    n = abs(n)
    result: np.ndarray | None = None
    while True:
        if n & 1:
            result = square if result is None else np.matmul(result, square)
        n >>= 1
        if not n:
            assert result is not None  # the highest bit of abs(n) is set
            return result
        square = np.matmul(square, square)


def _tolerance(rtol: Elements | float) -> np.ndarray | float:
    """A relative tolerance as NumPy takes it: a Python number or an array's view."""
    if isinstance(rtol, (int, float)):
        return rtol
    return rtol._numpy()


def matrix_rank(x: Elements, rtol: Elements | float | None) -> np.ndarray:
    """Ranks: how many singular values exceed ``rtol`` times the largest (NumPy's
    default tolerance when None)."""
    tolerance = None if rtol is None else _tolerance(rtol)
    view = x._numpy()
    return np.asarray(_silenced("matrix_rank", lambda: np.linalg.matrix_rank(view, rtol=tolerance)))


def outer(x1: Elements, x2: Elements, dtype: DType) -> np.ndarray:
    """Outer product of two vectors, computed in ``dtype``."""
    a, b = elements_in(x1, dtype), elements_in(x2, dtype)
    return _silenced("outer", lambda: np.linalg.outer(a, b))


def pinv(x: Elements, rtol: Elements | float) -> np.ndarray:
    """Pseudo-inverses; singular values below ``rtol`` times the largest count as zero."""
    tolerance = _tolerance(rtol)
    view = x._numpy()
    return _silenced("pinv", lambda: np.linalg.pinv(view, rtol=tolerance))


def qr(x: Elements, mode: Literal["reduced", "complete"]) -> tuple[np.ndarray, np.ndarray]:
    """``Q`` and ``R`` (``mode`` is "reduced" or "complete")."""
    view = x._numpy()
    q, r = _silenced("qr", lambda: np.linalg.qr(view, mode=mode))
    return q, r


def slogdet(x: Elements) -> tuple[np.ndarray, np.ndarray]:
    """Sign (or phase) and log of the absolute value of determinants."""
    sign, logabsdet = _silenced("slogdet", lambda: np.linalg.slogdet(x._numpy()))
    return np.asarray(sign), np.asarray(logabsdet)


def solve(x1: Elements, x2: Elements, dtype: DType) -> np.ndarray:
    """The solutions of ``x1 @ result = x2``, computed in ``dtype``."""
    a, b = elements_in(x1, dtype), elements_in(x2, dtype)
    return _silenced("solve", lambda: np.linalg.solve(a, b))


def svd(x: Elements, full_matrices: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``U``, singular values (descending) and ``Vh``."""
    view = x._numpy()
    u, s, vh = _silenced("svd", lambda: np.linalg.svd(view, full_matrices=full_matrices))
    return u, s, vh


def svdvals(x: Elements) -> np.ndarray:
    """Singular values, descending."""
    return _silenced("svdvals", lambda: np.linalg.svdvals(x._numpy()))


def trace(x: Elements, offset: int, dtype: DType) -> np.ndarray:
    """Sums along the diagonal ``offset`` of each matrix, accumulated in ``dtype``."""
    view = x._numpy()
    return np.asarray(
        _silenced("trace", lambda: np.linalg.trace(view, offset=offset, dtype=dtype.dtype))
    )


def vector_norm(
    x: Elements, axes: tuple[int, ...], keepdims: bool, ord: int | float
) -> np.ndarray:
    """Norms of the vectors along ``axes``."""
    view = x._numpy()
    return np.asarray(
        _silenced(
            "vector_norm",
            lambda: np.linalg.vector_norm(view, axis=axes, keepdims=keepdims, ord=ord),
        )
    )


def matmul(x1: Elements, x2: Elements, dtype: DType) -> np.ndarray:
    """Matrix product of two arrays with NumPy's broadcasting of stacks, computed in
    ``dtype`` (an array also for two vectors, where NumPy gives a scalar)."""
    with np.errstate(all="ignore"):
        return np.asarray(np.matmul(x1._numpy(), x2._numpy(), dtype=dtype.dtype))


def vector_dot(x1: Elements, x2: Elements, axis: int, dtype: DType) -> np.ndarray:
    """Sum over ``axis`` of conj(x1) * x2 for two arrays, after broadcasting the other
    axes, computed in ``dtype``."""
    a = np.moveaxis(elements_in(x1, dtype), axis, -1)
    b = np.moveaxis(elements_in(x2, dtype), axis, -1)
    with np.errstate(all="ignore"):
        return np.asarray(np.vecdot(a, b))  # over the last axis


def tensordot(
    x1: Elements, x2: Elements, axes: tuple[tuple[int, ...], tuple[int, ...]], dtype: DType
) -> np.ndarray:
    """The contraction of two arrays over the axis pairs ``axes``, computed in ``dtype``."""
    a, b = elements_in(x1, dtype), elements_in(x2, dtype)
    return np.asarray(silenced(np.tensordot, a, b, axes=axes))


def float_magnitude(values: np.ndarray) -> float:
    """The largest absolute value in a float array (NaN ignored; NaN if all are NaN).

    Two reductions and no temporary array: ``fmax`` and ``fmin`` skip NaNs."""
    flat = values.reshape(-1)
    return float(max(abs(np.fmax.reduce(flat)), abs(np.fmin.reduce(flat))))
