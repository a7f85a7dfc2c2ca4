"""
FFT kernels: ``numpy.fft`` on our arrays' elements.

One function per function of the ``fft`` extension. Each takes our arrays (whose elements
it reads through ``_numpy()``), our DTypes and plain Python values, and returns a new
NumPy array in the result dtype that nobody else holds. The chapter module
(``_fft_functions``) has checked every argument and wraps the result with
``Array._adopt``. NumPy's floating-point warnings are silenced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import numpy as np

from .._tables._dtypes import DType
from ._operand_kernels import Elements

Norm = Literal["backward", "ortho", "forward"]




OneAxisTransform = Callable[[Elements, "int | None", int, Norm, DType], np.ndarray]
"""The signature of ``fft``, ``ifft``, ``rfft``, ``irfft``, ``hfft`` and ``ihfft``."""

ManyAxesTransform = Callable[
    [Elements, "tuple[int, ...] | None", "tuple[int, ...] | None", Norm, DType], np.ndarray
]
"""The signature of ``fftn``, ``ifftn``, ``rfftn`` and ``irfftn``."""

Frequencies = Callable[[int, float, DType], np.ndarray]
"""The signature of ``fftfreq`` and ``rfftfreq``."""

Shift = Callable[[Elements, "tuple[int, ...] | None"], np.ndarray]
"""The signature of ``fftshift`` and ``ifftshift``."""


def _in_dtype(result: np.ndarray, dtype: DType) -> np.ndarray:
    """A fresh transform result in ``dtype`` (itself when it is so already)."""
    return np.asarray(result).astype(dtype.dtype, copy=False)


def _one_axis(
    transform: Callable[..., np.ndarray],  # a numpy.fft function of one axis
    x: Elements,
    n: int | None,
    axis: int,
    norm: Norm,
    dtype: DType,
) -> np.ndarray:
    view = x._numpy()
    if n is not None:
        view = _padded_where_empty(view, (axis,))
    with np.errstate(all="ignore"):
        return _in_dtype(transform(view, n=n, axis=axis, norm=norm), dtype)


def _many_axes(
    transform: Callable[..., np.ndarray],  # a numpy.fft function of several axes
    x: Elements,
    s: tuple[int, ...] | None,
    axes: tuple[int, ...] | None,
    norm: Norm,
    dtype: DType,
) -> np.ndarray:
    view = x._numpy()
    if s is not None:
        view = _padded_where_empty(view, tuple(range(-len(s), 0)) if axes is None else axes)
    with np.errstate(all="ignore"):
        return _in_dtype(transform(view, s=s, axes=axes, norm=norm), dtype)


def _padded_where_empty(view: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """``view`` with each empty axis of ``axes`` given one zero: a transform of a given
    size pads its input with zeros anyway, and NumPy's inverse real transforms read
    uninitialised memory when that input is empty."""
    if all(view.shape[axis] for axis in axes):
        return view
    shape = list(view.shape)
    for axis in axes:
        shape[axis] = shape[axis] or 1
    if 0 in shape:  # another axis is empty too: the result is empty whatever is read
        return view
    return np.zeros(shape, dtype=view.dtype)


def fft(x: Elements, n: int | None, axis: int, norm: Norm, dtype: DType) -> np.ndarray:
    """One-dimensional discrete Fourier transform along ``axis``, in ``dtype``."""
    return _one_axis(np.fft.fft, x, n, axis, norm, dtype)


def ifft(x: Elements, n: int | None, axis: int, norm: Norm, dtype: DType) -> np.ndarray:
    """One-dimensional inverse transform along ``axis``, in ``dtype``."""
    return _one_axis(np.fft.ifft, x, n, axis, norm, dtype)


def rfft(x: Elements, n: int | None, axis: int, norm: Norm, dtype: DType) -> np.ndarray:
    """Transform of a real signal (non-negative frequencies), in ``dtype``."""
    return _one_axis(np.fft.rfft, x, n, axis, norm, dtype)


def irfft(x: Elements, n: int | None, axis: int, norm: Norm, dtype: DType) -> np.ndarray:
    """Inverse of ``rfft`` (a real signal), in ``dtype``."""
    return _one_axis(np.fft.irfft, x, n, axis, norm, dtype)


def hfft(x: Elements, n: int | None, axis: int, norm: Norm, dtype: DType) -> np.ndarray:
    """Transform of a signal with Hermitian symmetry (real output), in ``dtype``."""
    return _one_axis(np.fft.hfft, x, n, axis, norm, dtype)


def ihfft(x: Elements, n: int | None, axis: int, norm: Norm, dtype: DType) -> np.ndarray:
    """Inverse of ``hfft``, in ``dtype``."""
    return _one_axis(np.fft.ihfft, x, n, axis, norm, dtype)


def fftn(
    x: Elements, s: tuple[int, ...] | None, axes: tuple[int, ...] | None, norm: Norm,
    dtype: DType,
) -> np.ndarray:
    """N-dimensional transform over ``axes`` (sizes ``s``), in ``dtype``."""
    return _many_axes(np.fft.fftn, x, s, axes, norm, dtype)


def ifftn(
    x: Elements, s: tuple[int, ...] | None, axes: tuple[int, ...] | None, norm: Norm,
    dtype: DType,
) -> np.ndarray:
    """N-dimensional inverse transform, in ``dtype``."""
    return _many_axes(np.fft.ifftn, x, s, axes, norm, dtype)


def rfftn(
    x: Elements, s: tuple[int, ...] | None, axes: tuple[int, ...] | None, norm: Norm,
    dtype: DType,
) -> np.ndarray:
    """N-dimensional transform of a real signal, in ``dtype``."""
    return _many_axes(np.fft.rfftn, x, s, axes, norm, dtype)


def irfftn(
    x: Elements, s: tuple[int, ...] | None, axes: tuple[int, ...] | None, norm: Norm,
    dtype: DType,
) -> np.ndarray:
    """Inverse of ``rfftn``, in ``dtype``."""
    return _many_axes(np.fft.irfftn, x, s, axes, norm, dtype)


def fftfreq(n: int, d: float, dtype: DType) -> np.ndarray:
    """The ``n`` sample frequencies of ``fft`` for a spacing ``d``, in ``dtype``."""
    with np.errstate(all="ignore"):
        return np.fft.fftfreq(n, d=d).astype(dtype.dtype)


def rfftfreq(n: int, d: float, dtype: DType) -> np.ndarray:
    """The non-negative sample frequencies of ``rfft``, in ``dtype``."""
    with np.errstate(all="ignore"):
        return np.fft.rfftfreq(n, d=d).astype(dtype.dtype)


def fftshift(x: Elements, axes: tuple[int, ...] | None) -> np.ndarray:
    """``x`` with the zero frequency moved to the centre of ``axes`` (all when None)."""
    return np.asarray(np.fft.fftshift(x._numpy(), axes=axes))


def ifftshift(x: Elements, axes: tuple[int, ...] | None) -> np.ndarray:
    """Inverse of ``fftshift``."""
    return np.asarray(np.fft.ifftshift(x._numpy(), axes=axes))
