"""The functions of the ``linalg`` extension; ``array_api_reshape.linalg`` publishes
them (and nothing else).
"""

from __future__ import annotations

import math
import sys
from typing import Literal, NamedTuple

from .._array._array_object import Array, check_array
from .._kernels import _linalg_kernels as kernels
from .._modes._call_rules import answers_otherwise, check_call
from .._modes._device_checks import index_dtype_on
from .._modes._placement import device_of_call
from .._modes._refusals import check_dtype, refuse_unspecified_kind
from .._modes._promotion import promote_types
from .._tables._dtypes import COMPLEX_OF, REAL_OF, DType, check_dtype_kind, int64, is_kind, uint64
from .._tables._layout import broadcast_shape, diagonal_of_matrices
from .._tables._arguments import INT64_MAX, as_int, is_one_of
from ._data_type_functions import finfo
from ._reduction_steps import check_keepdims, reduced_axes


class EighResult(NamedTuple):
    """Eigenvalues (ascending) and eigenvectors of Hermitian matrices."""

    eigenvalues: Array
    eigenvectors: Array


class EigResult(NamedTuple):
    """Eigenvalues and eigenvectors of general square matrices (complex)."""

    eigenvalues: Array
    eigenvectors: Array


class QRResult(NamedTuple):
    """An orthonormal ``Q`` and an upper-triangular ``R`` with ``x = Q @ R``."""

    Q: Array
    R: Array


class SlogdetResult(NamedTuple):
    """The sign (or phase) and the natural log of the absolute value of a determinant."""

    sign: Array
    logabsdet: Array


class SVDResult(NamedTuple):
    """``U``, singular values ``S`` (descending) and ``Vh`` with ``x = U @ diag(S) @ Vh``."""

    U: Array
    S: Array
    Vh: Array


def _floating(x: Array, function: str, argument: str = "x") -> None:
    check_array(x, f"linalg.{function}", argument)
    check_dtype_kind(x.dtype, f"linalg.{function}", argument, "floating-point")


def _matrices(x: Array, function: str, square: bool = False) -> None:
    _floating(x, function)
    if x.ndim < 2:
        raise ValueError(
            f"linalg.{function}(): 'x' must be a (stack of) matrices, got shape {x.shape}"
        )
    if square and x._layout.shape[-1] != x._layout.shape[-2]:
        raise ValueError(
            f"linalg.{function}(): 'x' must hold square matrices, got shape {x.shape}"
        )


def cholesky(x: Array, /, *, upper: bool = False) -> Array:
    """
    Cholesky factor of Hermitian positive-definite matrices.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, M)``.
    upper : bool, optional
        Return the upper factor ``U`` (``x = U^H U``) instead of the lower ``L``
        (``x = L L^H``, default).

    Returns
    -------
    Array

    Raises
    ------
    ValueError
        If a matrix is not positive definite.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.cholesky(xp.asarray([[4.0, 2.0], [2.0, 5.0]]))
    Array([[2., 0.],
           [1., 2.]], dtype=float64)
    """
    _matrices(x, "cholesky", square=True)
    if not isinstance(upper, bool):
        raise TypeError(f"linalg.cholesky(): 'upper' must be a bool, got {upper!r}")
    check_call("linalg.cholesky", x=x, upper=upper)
    if not upper and answers_otherwise("linalg.cholesky"):  # the library's, with a warning
        upper = True
    return Array._adopt(kernels.cholesky(x, upper), x.dtype, x._storage.device)


def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """
    Cross products of 3-element vectors.

    Parameters
    ----------
    x1, x2 : Array
        Numeric arrays of size 3 along ``axis``; the other axes broadcast.
    axis : int, optional
        The axis holding the vectors (default -1).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.cross(xp.asarray([1.0, 0.0, 0.0]), xp.asarray([0.0, 1.0, 0.0]))
    Array([0., 0., 1.], dtype=float64)
    """
    check_array(x1, "linalg.cross", "x1")
    check_array(x2, "linalg.cross", "x2")
    dtype = promote_types(x1.dtype, x2.dtype, "linalg.cross")
    # bool only when both are (a number promotes bool), so 'x1' is bool then
    check_dtype_kind(dtype, "linalg.cross", "x1", "numeric")
    axis = as_int(axis, "linalg.cross", "axis")
    smallest = min(x1.ndim, x2.ndim)
    if not -smallest <= axis < 0:
        raise ValueError(
            f"linalg.cross(): 'axis' must be a negative axis in [{-smallest}, -1], got {axis}"
        )
    if broadcast_shape(x1._layout.shape, x2._layout.shape) is None:
        raise ValueError(
            f"linalg.cross(): shapes {x1.shape} and {x2.shape} cannot be broadcast together"
        )
    if x1._layout.shape[axis] != 3 or x2._layout.shape[axis] != 3:
        raise ValueError(
            f"linalg.cross(): axis {axis} must have size 3 in both inputs, got "
            f"{x1.shape} and {x2.shape}"
        )
    device = device_of_call("linalg.cross", x1=x1, x2=x2)
    return Array._adopt(kernels.cross(x1, x2, axis, dtype), dtype, device)


def det(x: Array, /) -> Array:
    """
    Determinants of square matrices.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, M)``.

    Returns
    -------
    Array
        Shape ``(...)``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.det(xp.asarray([[1.0, 2.0], [3.0, 4.0]]))
    Array(-2., dtype=float64)
    """
    _matrices(x, "det", square=True)
    return Array._adopt(kernels.det(x), x.dtype, x._storage.device)


def diagonal(x: Array, /, *, offset: int = 0) -> Array:
    """
    The diagonals of matrices (a view).

    Parameters
    ----------
    x : Array
        Array of shape ``(..., M, N)``.
    offset : int, optional
        0 (default) for the main diagonal, positive above it, negative below.

    Returns
    -------
    Array
        A view of shape ``(..., K)``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.diagonal(xp.reshape(xp.arange(9), (3, 3)), offset=1)
    Array([1, 5], dtype=int64)
    """
    check_array(x, "linalg.diagonal")
    if x.ndim < 2:
        raise ValueError(f"linalg.diagonal(): 'x' must have at least two dimensions, got {x.shape}")
    offset = as_int(offset, "linalg.diagonal", "offset")
    return x._view(diagonal_of_matrices(x._layout, offset))


def eigh(x: Array, /) -> EighResult:
    """
    Eigenvalues (ascending) and eigenvectors of Hermitian (symmetric) matrices.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, M)``; only its lower triangle is read.

    Returns
    -------
    EighResult
        Real ``eigenvalues`` and ``eigenvectors`` as columns.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.eigh(xp.asarray([[2.0, 0.0], [0.0, 1.0]])).eigenvalues
    Array([1., 2.], dtype=float64)
    """
    _matrices(x, "eigh", square=True)
    values, vectors = kernels.eigh(x)
    device = x._storage.device
    return EighResult(
        Array._adopt(values, _real_dtype(x.dtype), device), Array._adopt(vectors, x.dtype, device)
    )


def eigvalsh(x: Array, /) -> Array:
    """
    Eigenvalues (ascending) of Hermitian (symmetric) matrices.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, M)``.

    Returns
    -------
    Array
        Real eigenvalues.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.eigvalsh(xp.asarray([[2.0, 0.0], [0.0, 1.0]]))
    Array([1., 2.], dtype=float64)
    """
    _matrices(x, "eigvalsh", square=True)
    return Array._adopt(kernels.eigvalsh(x), _real_dtype(x.dtype), x._storage.device)


def _complex_dtype(dtype: DType) -> DType:
    """The complex dtype of ``dtype``'s precision (itself when complex)."""
    return COMPLEX_OF.get(dtype, dtype)


def _real_dtype(dtype: DType) -> DType:
    """The real dtype of ``dtype``'s precision (itself when real)."""
    return REAL_OF.get(dtype, dtype)


def eig(x: Array, /) -> EigResult:
    """
    Eigenvalues and eigenvectors of general square matrices, always complex.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, M)``.

    Returns
    -------
    EigResult
        Complex ``eigenvalues`` and ``eigenvectors`` (as columns) of ``x``'s precision.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.eig(xp.asarray([[0.0, -1.0], [1.0, 0.0]])).eigenvalues
    Array([0.+1.j, 0.-1.j], dtype=complex128)
    """
    _matrices(x, "eig", square=True)
    values, vectors = kernels.eig(x)
    dtype = _complex_dtype(x.dtype)
    device = x._storage.device
    return EigResult(Array._adopt(values, dtype, device), Array._adopt(vectors, dtype, device))


def eigvals(x: Array, /) -> Array:
    """
    Eigenvalues of general square matrices, always complex.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, M)``.

    Returns
    -------
    Array
        Complex eigenvalues of ``x``'s precision.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.eigvals(xp.asarray([[2.0, 0.0], [0.0, 3.0]]))
    Array([2.+0.j, 3.+0.j], dtype=complex128)
    """
    _matrices(x, "eigvals", square=True)
    return Array._adopt(kernels.eigvals(x), _complex_dtype(x.dtype), x._storage.device)


def inv(x: Array, /) -> Array:
    """
    Inverses of square matrices.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, M)``.

    Returns
    -------
    Array

    Raises
    ------
    ValueError
        If a matrix is singular.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.inv(xp.asarray([[2.0, 0.0], [0.0, 4.0]]))
    Array([[0.5 , 0.  ],
           [0.  , 0.25]], dtype=float64)
    """
    _matrices(x, "inv", square=True)
    check_call("linalg.inv", x=x)
    return Array._adopt(kernels.inv(x), x.dtype, x._storage.device)


def matrix_norm(
    x: Array,
    /,
    *,
    keepdims: bool = False,
    ord: int | float | Literal["fro", "nuc"] | None = "fro",
) -> Array:
    """
    Norms of matrices.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, N)``.
    keepdims : bool, optional
        Keep the two matrix axes as size 1 (default False).
    ord : {"fro", "nuc", 1, -1, 2, -2, inf, -inf}, optional
        Frobenius (default), nuclear, or the induced norm of that order.

    Returns
    -------
    Array
        Real norms.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.matrix_norm(xp.asarray([[3.0, 0.0], [0.0, 4.0]]))
    Array(5., dtype=float64)
    """
    _matrices(x, "matrix_norm")
    if not is_one_of(ord, ("fro", "nuc", 1, -1, 2, -2, float("inf"), float("-inf"))):
        raise ValueError(f"linalg.matrix_norm(): unsupported 'ord' {ord!r}")
    keepdims = check_keepdims(keepdims, "linalg.matrix_norm")
    result = kernels.matrix_norm(x, keepdims, ord)
    return Array._adopt(result, _real_dtype(x.dtype), x._storage.device)


def matrix_power(x: Array, n: int, /) -> Array:
    """
    A square matrix raised to an integer power (negative powers invert it first).

    Parameters
    ----------
    x : Array
        Array of shape ``(..., M, M)``.
    n : int
        The power.

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.matrix_power(xp.asarray([[1.0, 1.0], [0.0, 1.0]]), 3)
    Array([[1., 3.],
           [0., 1.]], dtype=float64)
    """
    check_array(x, "linalg.matrix_power")
    n = as_int(n, "linalg.matrix_power", "n")
    refuse_unspecified_kind("linalg.matrix_power", "x", x.dtype, "floating-point")
    if x.ndim < 2 or x._layout.shape[-1] != x._layout.shape[-2]:
        raise ValueError(f"linalg.matrix_power(): 'x' must hold square matrices, got {x.shape}")
    if n < 0:
        check_dtype_kind(
            x.dtype, "linalg.matrix_power", "x", "floating-point",
            advice=f"a negative 'n' ({n}) inverts the matrices, which needs one",
        )
    return Array._adopt(kernels.matrix_power(x, n), x.dtype, x._storage.device)


def _check_tolerance(x: Array, rtol: float | Array | None, function: str) -> None:
    """``rtol`` is None, a real number, or a real array that broadcasts to the stack
    shape of ``x`` (one tolerance per matrix)."""
    if rtol is None:
        return
    if isinstance(rtol, Array):
        device_of_call(f"linalg.{function}", x=x, rtol=rtol)
        check_dtype_kind(rtol.dtype, f"linalg.{function}", "rtol", "real-valued")
        stack = x._layout.shape[:-2]
        if broadcast_shape(rtol._layout.shape, stack) != stack:
            raise ValueError(
                f"linalg.{function}(): 'rtol' of shape {rtol.shape} must broadcast to the "
                f"stack shape {stack} of 'x' (shape {x.shape})"
            )
        return
    if isinstance(rtol, bool) or not isinstance(rtol, (int, float)):
        raise TypeError(f"linalg.{function}(): 'rtol' must be a float or an array, got {rtol!r}")
    if isinstance(rtol, int) and abs(rtol) > sys.float_info.max:
        raise OverflowError(
            f"linalg.{function}(): 'rtol' {rtol} is beyond the range of float64 (about ±1.8e308)"
        )


def matrix_rank(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """
    Ranks of matrices: how many singular values exceed ``rtol`` times the largest.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, N)``.
    rtol : float or Array, optional
        Relative tolerance; default ``max(M, N)`` times the dtype's machine epsilon.

    Returns
    -------
    Array
        int64 ranks.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.matrix_rank(xp.asarray([[1.0, 2.0], [2.0, 4.0]]))
    Array(1, dtype=int64)
    """
    _matrices(x, "matrix_rank")
    _check_tolerance(x, rtol, "matrix_rank")
    device = x._storage.device
    return Array._adopt(kernels.matrix_rank(x, rtol), index_dtype_on(device), device)


def outer(x1: Array, x2: Array, /) -> Array:
    """
    Outer product of two vectors.

    Parameters
    ----------
    x1, x2 : Array
        One-dimensional numeric arrays.

    Returns
    -------
    Array
        Shape ``(len(x1), len(x2))``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.outer(xp.asarray([1, 2]), xp.asarray([1, 10]))
    Array([[ 1, 10],
           [ 2, 20]], dtype=int64)
    """
    check_array(x1, "linalg.outer", "x1")
    check_array(x2, "linalg.outer", "x2")
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError("linalg.outer(): 'x1' and 'x2' must be one-dimensional")
    dtype = promote_types(x1.dtype, x2.dtype, "linalg.outer")
    # bool only when both are (a number promotes bool), so 'x1' is bool then
    check_dtype_kind(dtype, "linalg.outer", "x1", "numeric")
    device = device_of_call("linalg.outer", x1=x1, x2=x2)
    return Array._adopt(kernels.outer(x1, x2, dtype), dtype, device)


def pinv(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """
    Moore-Penrose pseudo-inverses of matrices.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, N)``.
    rtol : float or Array, optional
        Singular values below ``rtol`` times the largest count as zero; default
        ``max(M, N)`` times the dtype's machine epsilon.

    Returns
    -------
    Array
        Shape ``(..., N, M)``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.pinv(xp.asarray([[2.0, 0.0], [0.0, 0.0]]))
    Array([[0.5, 0. ],
           [0. , 0. ]], dtype=float64)
    """
    _matrices(x, "pinv")
    _check_tolerance(x, rtol, "pinv")
    tolerance = max(x._layout.shape[-2:]) * _epsilon(x.dtype) if rtol is None else rtol
    return Array._adopt(kernels.pinv(x, tolerance), x.dtype, x._storage.device)


def _epsilon(dtype: DType) -> float:
    return finfo(dtype).eps


def qr(x: Array, /, *, mode: Literal["reduced", "complete"] = "reduced") -> QRResult:
    """
    QR decompositions of matrices.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, N)``.
    mode : {"reduced", "complete"}, optional
        Reduced (default: ``Q`` is ``M x K``, ``K = min(M, N)``) or complete
        (``Q`` is ``M x M``).

    Returns
    -------
    QRResult

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> q, r = xp.linalg.qr(xp.asarray([[3.0, 0.0], [4.0, 5.0]]))
    >>> q.shape, r.shape
    ((2, 2), (2, 2))
    """
    _matrices(x, "qr")
    check_call("linalg.qr", mode=mode)
    if not is_one_of(mode, ("reduced", "complete")):
        raise ValueError(f"linalg.qr(): 'mode' must be 'reduced' or 'complete', got {mode!r}")
    q, r = kernels.qr(x, mode)
    device = x._storage.device
    return QRResult(Array._adopt(q, x.dtype, device), Array._adopt(r, x.dtype, device))


def slogdet(x: Array, /) -> SlogdetResult:
    """
    Sign (or phase) and log of the absolute value of determinants.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, M)``.

    Returns
    -------
    SlogdetResult
        ``sign`` of ``x``'s dtype and real ``logabsdet``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.slogdet(xp.asarray([[-2.0, 0.0], [0.0, 1.0]])).sign
    Array(-1., dtype=float64)
    """
    _matrices(x, "slogdet", square=True)
    sign, logabsdet = kernels.slogdet(x)
    device = x._storage.device
    return SlogdetResult(
        Array._adopt(sign, x.dtype, device),
        Array._adopt(logabsdet, _real_dtype(x.dtype), device),
    )


def solve(x1: Array, x2: Array, /) -> Array:
    """
    Solve ``x1 @ result = x2`` for square, invertible ``x1``.

    Parameters
    ----------
    x1 : Array
        Floating-point array of shape ``(..., M, M)``.
    x2 : Array
        Shape ``(M,)`` (one right-hand side for every matrix) or ``(..., M, K)``.

    Returns
    -------
    Array

    Raises
    ------
    ValueError
        If a matrix is singular or the shapes do not fit.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.solve(xp.asarray([[2.0, 0.0], [0.0, 4.0]]), xp.asarray([2.0, 2.0]))
    Array([1. , 0.5], dtype=float64)
    """
    _matrices(x1, "solve", square=True)
    _floating(x2, "solve", "x2")
    check_call("linalg.solve", x1=x1)
    dtype = promote_types(x1.dtype, x2.dtype, "linalg.solve")
    if x2.ndim == 0:
        raise ValueError("linalg.solve(): 'x2' must have at least one dimension")
    rows = x2._layout.shape[0] if x2.ndim == 1 else x2._layout.shape[-2]
    if rows != x1._layout.shape[-1]:
        raise ValueError(f"linalg.solve(): shapes {x1.shape} and {x2.shape} do not fit")
    device = device_of_call("linalg.solve", x1=x1, x2=x2)
    return Array._adopt(kernels.solve(x1, x2, dtype), dtype, device)


def svd(x: Array, /, *, full_matrices: bool = True) -> SVDResult:
    """
    Singular value decompositions of matrices.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, N)``.
    full_matrices : bool, optional
        Square ``U`` and ``Vh`` (default True), or reduced ones of ``K = min(M, N)``
        columns / rows.

    Returns
    -------
    SVDResult

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.svd(xp.asarray([[3.0, 0.0], [0.0, 4.0]])).S
    Array([4., 3.], dtype=float64)
    """
    _matrices(x, "svd")
    check_call("linalg.svd", full_matrices=full_matrices)
    if full_matrices is not True and full_matrices is not False:
        raise TypeError(f"linalg.svd(): 'full_matrices' must be a bool, got {full_matrices!r}")
    u, s, vh = kernels.svd(x, full_matrices)
    device = x._storage.device
    parts = (Array._adopt(u, x.dtype, device), Array._adopt(s, _real_dtype(x.dtype), device),
             Array._adopt(vh, x.dtype, device))
    if answers_otherwise("linalg.svd"):  # a plain tuple, as Dask's
        return parts  # type: ignore[return-value]
    return SVDResult(*parts)


def svdvals(x: Array, /) -> Array:
    """
    Singular values of matrices, in descending order.

    Parameters
    ----------
    x : Array
        Floating-point array of shape ``(..., M, N)``.

    Returns
    -------
    Array
        Real values, shape ``(..., min(M, N))``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.svdvals(xp.asarray([[3.0, 0.0], [0.0, 4.0]]))
    Array([4., 3.], dtype=float64)
    """
    _matrices(x, "svdvals")
    return Array._adopt(kernels.svdvals(x), _real_dtype(x.dtype), x._storage.device)


def trace(x: Array, /, *, offset: int = 0, dtype: DType | None = None) -> Array:
    """
    Sums along the diagonals of matrices.

    Parameters
    ----------
    x : Array
        Numeric array of shape ``(..., M, N)``.
    offset : int, optional
        The diagonal: 0 (default), positive above, negative below.
    dtype : dtype, optional
        Accumulator and result dtype, chosen as for ``sum`` by default.

    Returns
    -------
    Array
        Shape ``(...)``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.trace(xp.reshape(xp.arange(9), (3, 3)))
    Array(12, dtype=int64)
    """
    check_array(x, "linalg.trace")
    if x.ndim < 2:
        raise ValueError(f"linalg.trace(): 'x' must have at least two dimensions, got {x.shape}")
    check_dtype_kind(x.dtype, "linalg.trace", "x", "numeric")
    offset = as_int(offset, "linalg.trace", "offset")
    rows, columns = x._layout.shape[-2:]
    offset = min(max(offset, -rows), columns)  # a diagonal beyond the matrix is empty anyway
    if dtype is None:
        result_dtype = (int64 if is_kind(x.dtype, "signed integer") else
                        uint64 if is_kind(x.dtype, "unsigned integer") else x.dtype)
    else:
        result_dtype = check_dtype(dtype, "linalg.trace")
    return Array._adopt(kernels.trace(x, offset, result_dtype), result_dtype, x._storage.device)


def _has_empty_vectors(shape: tuple[int, ...], axes: tuple[int, ...]) -> bool:
    """True when the vectors along ``axes`` of an array of ``shape`` have no elements
    (NumPy refuses to reduce them even when there are none of them)."""
    return math.prod(shape[axis] for axis in axes) == 0


def vector_norm(
    x: Array,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    ord: int | float = 2,
) -> Array:
    """
    Norms of vectors.

    Parameters
    ----------
    x : Array
        Floating-point array.
    axis : int or tuple of int, optional
        The axes holding the vectors; None (default) takes the whole array as one vector.
    keepdims : bool, optional
        Keep those axes as size 1 (default False).
    ord : int, float, inf or -inf, optional
        The order (default 2, the Euclidean norm).

    Returns
    -------
    Array
        Real norms.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.linalg.vector_norm(xp.asarray([3.0, 4.0]))
    Array(5., dtype=float64)
    """
    _floating(x, "vector_norm")
    if isinstance(ord, bool) or not isinstance(ord, (int, float)):
        raise TypeError(f"linalg.vector_norm(): 'ord' must be a number, got {ord!r}")
    if isinstance(ord, int) and not -INT64_MAX - 1 <= ord <= INT64_MAX:
        # The p-norm of n values lies within a factor n**(1/p) of the largest magnitude
        # (the smallest for p < 0): for |p| >= 2**63 that factor rounds to 1 in float64.
        ord = math.inf if ord > 0 else -math.inf
    axes = reduced_axes(x, axis, "linalg.vector_norm")
    keepdims = check_keepdims(keepdims, "linalg.vector_norm")
    if ord == -math.inf and _has_empty_vectors(x._layout.shape, axes):
        raise ValueError(
            "linalg.vector_norm(): ord=-inf (the smallest magnitude) of a vector of no "
            f"elements has no value: x of shape {x.shape} has empty vectors along axes "
            f"{axes} (NumPy refuses it too)"
        )
    result = kernels.vector_norm(x, axes, keepdims, ord)
    return Array._adopt(result, _real_dtype(x.dtype), x._storage.device)
