"""The functions of the ``fft`` extension; ``array_api_reshape.fft`` publishes
them (and nothing else).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Literal

from .._array._array_object import Array, check_array
from .._kernels import _fft_kernels as kernels
from .._kernels._manipulation_kernels import row_major_copy
from .._runtime._memory import check_allocation
from .._modes._call_rules import check_call
from .._modes._device_checks import check_dtype_on_device, default_dtypes_of
from .._modes._placement import device_of_call
from .._modes._refusals import check_dtype, refuse_unspecified_kind
from .._tables._devices import CPU_DEVICE, Device
from .._tables._dtypes import COMPLEX_OF, REAL_OF, DType, check_dtype_kind, float64
from .._tables._layout import product
from .._tables._arguments import (
    INT64_MAX,
    as_int,
    as_int_tuple,
    is_one_of,
    normalize_axes,
    normalize_axis,
)

_NORMS = ("backward", "ortho", "forward")
_FLOAT64_MAX = sys.float_info.max


def _check(function: str, x: Array, kinds: str, norm: str) -> None:
    check_array(x, f"fft.{function}")
    check_dtype_kind(x.dtype, f"fft.{function}", "x", kinds)
    if not is_one_of(norm, _NORMS):
        raise ValueError(
            f"fft.{function}(): 'norm' must be one of {', '.join(_NORMS)}, got {norm!r}"
        )


def _length(function: str, n: int | None) -> int | None:
    if n is None:
        return None
    n = as_int(n, f"fft.{function}", "n")
    if n < 1:
        check_call(f"fft.{function}", points=n)
        raise ValueError(f"fft.{function}(): 'n' must be at least 1, got {n}")
    return n


def _one_axis(
    function: str,
    kernel: kernels.OneAxisTransform,
    x: Array,
    n: int | None,
    axis: int,
    norm: kernels.Norm,
    kinds: str,
    result_of: Callable[[DType], DType],
) -> Array:
    _check(function, x, kinds, norm)
    if x.ndim == 0:
        raise ValueError(f"fft.{function}(): 'x' must have at least one dimension")
    length = _length(function, n)
    axis = normalize_axis(axis, x.ndim, f"fft.{function}")
    dtype = result_of(x.dtype)
    points = _points(function, x, axis, length, halved=function in _HALF_SPECTRUM_INPUTS)
    cause = "'x'" if length is None else f"'n' {length}"
    _check_result(function, x, {axis: _output_length(function, points)}, dtype, cause)
    return Array._adopt(kernel(x, length, axis, norm, dtype), dtype, x._storage.device)


_HALF_SPECTRUM_INPUTS = ("irfft", "hfft", "irfftn")
"""Transforms whose input holds half a spectrum: ``m`` values stand for ``2 * (m - 1)``."""

_HALF_SPECTRUM_OUTPUTS = ("rfft", "ihfft", "rfftn")
"""Transforms that give half a spectrum: ``n`` points give ``n // 2 + 1`` values."""


def _points(function: str, x: Array, axis: int, length: int | None, halved: bool) -> int:
    """The number of points transformed along ``axis``: ``length`` when given, else
    what ``x`` holds there; ValueError when that is none."""
    if length is not None and length >= 1:
        return length
    size = x._layout.shape[axis]
    points = 2 * (size - 1) if halved else size
    if points < 1:
        default = f"2 * ({size} - 1) = {points}" if halved else "0"
        raise ValueError(
            f"fft.{function}(): 'x' has {size} element(s) along axis {axis}, which give "
            f"{default} points to transform; give the length ('n' or 's') to pad it"
        )
    return points


def _output_length(function: str, points: int) -> int:
    return points // 2 + 1 if function in _HALF_SPECTRUM_OUTPUTS else points


def _check_result(
    function: str, x: Array, lengths: dict[int, int], dtype: DType, cause: str
) -> None:
    """ValueError or MemoryError naming ``function`` and the ``cause`` (the argument that
    set the lengths) when the result, ``x``'s shape with the axes of ``lengths``
    resized, cannot be held or stored."""
    shape = tuple(lengths.get(axis, size) for axis, size in enumerate(x._layout.shape))
    if any(n > INT64_MAX for n in shape) or product(shape) > INT64_MAX:
        raise ValueError(
            f"fft.{function}(): {cause} would make a result of shape {shape}, more "
            "elements than an array can hold"
        )
    check_allocation(shape, dtype, f"fft.{function}", cause)


def _many_axes(
    function: str,
    kernel: kernels.ManyAxesTransform,
    x: Array,
    s: Sequence[int] | None,
    axes: Sequence[int] | None,
    norm: kernels.Norm,
    kinds: str,
    result_of: Callable[[DType], DType],
) -> Array:
    _check(function, x, kinds, norm)
    checked_axes = None if axes is None else normalize_axes(
        axes, x.ndim, f"fft.{function}", "axes"
    )
    sizes = None
    if s is not None:
        sizes = as_int_tuple(s, f"fft.{function}", "s")
        if any(n < 1 and n != -1 for n in sizes):
            check_call(f"fft.{function}", points=min(sizes))
            raise ValueError(f"fft.{function}(): 's' must hold positive sizes, got {sizes}")
        if checked_axes is None:
            if len(sizes) > x.ndim:
                raise ValueError(
                    f"fft.{function}(): 's' {sizes} has more sizes than 'x' has "
                    f"dimensions ({x.ndim}); give 'axes' too"
                )
            checked_axes = tuple(range(x.ndim - len(sizes), x.ndim))
        if len(sizes) != len(checked_axes):
            raise ValueError(f"fft.{function}(): 's' and 'axes' must have the same length")
        sizes = tuple(x._layout.shape[a] if n == -1 else n for n, a in zip(sizes, checked_axes))
    dtype = result_of(x.dtype)
    transformed = tuple(range(x.ndim)) if checked_axes is None else checked_axes
    halved = function in _HALF_SPECTRUM_INPUTS or function in _HALF_SPECTRUM_OUTPUTS
    if halved and not transformed:
        raise ValueError(
            f"fft.{function}(): needs at least one axis to transform ('x' has "
            f"{x.ndim} dimension(s), 'axes' {axes!r}, 's' {s!r})"
        )
    lengths = {}
    for k, axis in enumerate(transformed):
        length = None if sizes is None else sizes[k]
        last = k == len(transformed) - 1
        points = _points(function, x, axis, length, last and function in _HALF_SPECTRUM_INPUTS)
        lengths[axis] = _output_length(function, points) if last else points
    _check_result(function, x, lengths, dtype, "'x'" if s is None else f"'s' {sizes}")
    return Array._adopt(kernel(x, sizes, checked_axes, norm, dtype), dtype, x._storage.device)


def _complex_result(dtype: DType) -> DType:
    """The complex dtype of a transform's result: a real input's complex counterpart."""
    return COMPLEX_OF.get(dtype, dtype)


def _real_result(dtype: DType) -> DType:
    """The real dtype of an inverse real transform's result."""
    return REAL_OF.get(dtype, dtype)


def fft(
    x: Array,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """
    One-dimensional discrete Fourier transform.

    Parameters
    ----------
    x : Array
        Complex floating-point input.
    n : int, optional
        Length of the transformed axis (the input is cropped or zero-padded).
    axis : int, optional
        The axis (default -1).
    norm : {"backward", "ortho", "forward"}, optional
        Scaling: none (default), ``1/sqrt(n)``, or ``1/n``.

    Returns
    -------
    Array
        Of ``x``'s dtype.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.fft(xp.asarray([1 + 0j, 1 + 0j]))
    Array([2.+0.j, 0.+0.j], dtype=complex128)
    """
    return _one_axis(
        "fft", kernels.fft, x, n, axis, norm, "complex floating-point", _complex_result
    )


def ifft(
    x: Array,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """
    One-dimensional inverse discrete Fourier transform.

    Parameters
    ----------
    x : Array
        Complex floating-point input.
    n : int, optional
        Length of the transformed axis.
    axis : int, optional
        The axis (default -1).
    norm : {"backward", "ortho", "forward"}, optional
        Scaling: ``1/n`` (default), ``1/sqrt(n)``, or none.

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.ifft(xp.asarray([2 + 0j, 0j]))
    Array([1.+0.j, 1.+0.j], dtype=complex128)
    """
    return _one_axis(
        "ifft", kernels.ifft, x, n, axis, norm, "complex floating-point", _complex_result
    )


def fftn(
    x: Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """
    N-dimensional discrete Fourier transform.

    Parameters
    ----------
    x : Array
        Complex floating-point input.
    s : sequence of int, optional
        Lengths of the transformed axes (-1 keeps an axis's length).
    axes : sequence of int, optional
        The axes; default the last ``len(s)`` axes, or all.
    norm : {"backward", "ortho", "forward"}, optional
        Scaling, as for :func:`fft`.

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.fftn(xp.ones((2, 2), dtype=xp.complex64))[0, 0]
    Array(4.+0.j, dtype=complex64)
    """
    return _many_axes(
        "fftn", kernels.fftn, x, s, axes, norm, "complex floating-point", _complex_result
    )


def ifftn(
    x: Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """
    N-dimensional inverse discrete Fourier transform.

    Parameters
    ----------
    x : Array
        Complex floating-point input.
    s : sequence of int, optional
        Lengths of the transformed axes.
    axes : sequence of int, optional
        The axes.
    norm : {"backward", "ortho", "forward"}, optional
        Scaling, as for :func:`ifft`.

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.ifftn(xp.full((2, 2), 1 + 0j))[0, 0]
    Array(1.+0.j, dtype=complex128)
    """
    return _many_axes(
        "ifftn", kernels.ifftn, x, s, axes, norm, "complex floating-point", _complex_result
    )


def rfft(
    x: Array,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """
    One-dimensional discrete Fourier transform of real input (non-negative frequencies).

    Parameters
    ----------
    x : Array
        Real floating-point input.
    n : int, optional
        Length of the input axis to use.
    axis : int, optional
        The axis (default -1).
    norm : {"backward", "ortho", "forward"}, optional
        Scaling, as for :func:`fft`.

    Returns
    -------
    Array
        Complex, ``n // 2 + 1`` long along ``axis``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.rfft(xp.asarray([1.0, 1.0, 1.0, 1.0]))
    Array([4.+0.j, 0.+0.j, 0.+0.j], dtype=complex128)
    """
    return _one_axis("rfft", kernels.rfft, x, n, axis, norm, "real floating-point", _complex_result)


def irfft(
    x: Array,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """
    Inverse of :func:`rfft`: real output from non-negative frequencies.

    Parameters
    ----------
    x : Array
        Complex floating-point input.
    n : int, optional
        Length of the output axis; default ``2 * (m - 1)`` for ``m`` input values.
    axis : int, optional
        The axis (default -1).
    norm : {"backward", "ortho", "forward"}, optional
        Scaling, as for :func:`ifft`.

    Returns
    -------
    Array
        Real.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.irfft(xp.asarray([4 + 0j, 0j, 0j]))
    Array([1., 1., 1., 1.], dtype=float64)
    """
    return _one_axis(
        "irfft", kernels.irfft, x, n, axis, norm, "complex floating-point", _real_result
    )


def rfftn(
    x: Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """
    N-dimensional discrete Fourier transform of real input.

    Parameters
    ----------
    x : Array
        Real floating-point input.
    s : sequence of int, optional
        Lengths of the input axes to use.
    axes : sequence of int, optional
        The axes; the last one is halved.
    norm : {"backward", "ortho", "forward"}, optional
        Scaling, as for :func:`fft`.

    Returns
    -------
    Array
        Complex.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.rfftn(xp.ones((2, 2))).shape
    (2, 2)
    """
    return _many_axes(
        "rfftn", kernels.rfftn, x, s, axes, norm, "real floating-point", _complex_result
    )


def irfftn(
    x: Array,
    /,
    *,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """
    Inverse of :func:`rfftn`.

    Parameters
    ----------
    x : Array
        Complex floating-point input.
    s : sequence of int, optional
        Lengths of the output axes.
    axes : sequence of int, optional
        The axes.
    norm : {"backward", "ortho", "forward"}, optional
        Scaling, as for :func:`ifft`.

    Returns
    -------
    Array
        Real.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.irfftn(xp.full((2, 2), 1 + 0j)).shape
    (2, 2)
    """
    return _many_axes(
        "irfftn", kernels.irfftn, x, s, axes, norm, "complex floating-point", _real_result
    )


def hfft(
    x: Array,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """
    Discrete Fourier transform of a signal with Hermitian symmetry (real output).

    Parameters
    ----------
    x : Array
        Complex floating-point input (the non-negative frequencies).
    n : int, optional
        Length of the output axis; default ``2 * (m - 1)``.
    axis : int, optional
        The axis (default -1).
    norm : {"backward", "ortho", "forward"}, optional
        Scaling, as for :func:`fft`.

    Returns
    -------
    Array
        Real.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.hfft(xp.asarray([1 + 0j, 0j, 0j]))
    Array([1., 1., 1., 1.], dtype=float64)
    """
    return _one_axis("hfft", kernels.hfft, x, n, axis, norm, "complex floating-point", _real_result)


def ihfft(
    x: Array,
    /,
    *,
    n: int | None = None,
    axis: int = -1,
    norm: Literal["backward", "ortho", "forward"] = "backward",
) -> Array:
    """
    Inverse of :func:`hfft`: the non-negative frequencies of a real signal.

    Parameters
    ----------
    x : Array
        Real floating-point input.
    n : int, optional
        Length of the input axis to use.
    axis : int, optional
        The axis (default -1).
    norm : {"backward", "ortho", "forward"}, optional
        Scaling, as for :func:`ifft`.

    Returns
    -------
    Array
        Complex.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.ihfft(xp.asarray([1.0, 1.0, 1.0, 1.0]))
    Array([1.-0.j, 0.-0.j, 0.-0.j], dtype=complex128)
    """
    return _one_axis(
        "ihfft", kernels.ihfft, x, n, axis, norm, "real floating-point", _complex_result
    )


def _frequencies(
    function: str,
    kernel: kernels.Frequencies,
    n: int,
    d: float,
    dtype: DType | None,
    device: Device | None,
) -> Array:
    n = as_int(n, f"fft.{function}", "n")
    if n < 1:
        raise ValueError(f"fft.{function}(): 'n' must be at least 1, got {n}")
    if isinstance(d, bool) or not isinstance(d, (int, float)):
        raise TypeError(f"fft.{function}(): 'd' must be a number, got {d!r}")
    if d == 0:
        raise ValueError(f"fft.{function}(): 'd' (the sample spacing) must not be 0")
    if isinstance(d, int) and abs(d) > _FLOAT64_MAX:
        raise OverflowError(
            f"fft.{function}(): 'd' {d} is beyond the range of float64 (about ±1.8e308)"
        )
    checked = None if dtype is None else check_dtype(dtype, f"fft.{function}")
    placed = device_of_call(f"fft.{function}", device)
    result_dtype = default_dtypes_of(placed)["real floating"] if checked is None else checked
    check_dtype_kind(result_dtype, f"fft.{function}", "dtype", "real floating-point")
    if placed is not CPU_DEVICE:
        check_dtype_on_device(result_dtype, placed, f"fft.{function}")
    check_allocation((n,), float64, f"fft.{function}", f"'n' {n}")  # float64 first
    return Array._adopt(kernel(n, d, result_dtype), result_dtype, placed)


def fftfreq(
    n: int,
    /,
    *,
    d: float = 1.0,
    dtype: DType | None = None,
    device: Device | None = None,
) -> Array:
    """
    Sample frequencies of :func:`fft` for ``n`` samples spaced ``d`` apart.

    Parameters
    ----------
    n : int
        Number of samples.
    d : float, optional
        Sample spacing (default 1.0).
    dtype : dtype, optional
        A real floating dtype (default: the device's default, float64 on the CPU).
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name; None
        (default): the default device (the CPU unless the fixed_device flag is set).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.fftfreq(4)
    Array([ 0.  ,  0.25, -0.5 , -0.25], dtype=float64)
    >>> xp.fft.fftfreq(4, device="no_float64")
    Array([ 0.  ,  0.25, -0.5 , -0.25], dtype=float32, device=no_float64)
    """
    return _frequencies("fftfreq", kernels.fftfreq, n, d, dtype, device)


def rfftfreq(
    n: int,
    /,
    *,
    d: float = 1.0,
    dtype: DType | None = None,
    device: Device | None = None,
) -> Array:
    """
    Sample frequencies of :func:`rfft` (non-negative only).

    Parameters
    ----------
    n : int
        Number of samples.
    d : float, optional
        Sample spacing (default 1.0).
    dtype : dtype, optional
        A real floating dtype (default: the device's default, float64 on the CPU).
    device : device, optional
        A device of ``__array_namespace_info__().devices()`` or its name; None
        (default): the default device (the CPU unless the fixed_device flag is set).

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.rfftfreq(4)
    Array([0.  , 0.25, 0.5 ], dtype=float64)
    """
    return _frequencies("rfftfreq", kernels.rfftfreq, n, d, dtype, device)


def _shift(
    function: str,
    kernel: kernels.Shift,
    x: Array,
    axes: int | Sequence[int] | None,
) -> Array:
    check_array(x, f"fft.{function}")
    refuse_unspecified_kind(f"fft.{function}", "x", x.dtype, "floating-point")
    checked_axes = None if axes is None else normalize_axes(
        axes, x.ndim, f"fft.{function}", "axes"
    )
    if x.ndim == 0 or checked_axes == ():  # nothing to shift (NumPy cannot shift no axes)
        return Array._adopt(row_major_copy(x), x.dtype, x._storage.device)
    return Array._adopt(kernel(x, checked_axes), x.dtype, x._storage.device)


def fftshift(x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """
    Move the zero frequency to the centre.

    Parameters
    ----------
    x : Array
        Input array.
    axes : int or sequence of int, optional
        The axes to shift; default all.

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.fftshift(xp.fft.fftfreq(4))
    Array([-0.5 , -0.25,  0.  ,  0.25], dtype=float64)
    """
    return _shift("fftshift", kernels.fftshift, x, axes)


def ifftshift(x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """
    Inverse of :func:`fftshift`.

    Parameters
    ----------
    x : Array
        Input array.
    axes : int or sequence of int, optional
        The axes to shift; default all.

    Returns
    -------
    Array

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> xp.fft.ifftshift(xp.asarray([-0.5, -0.25, 0.0, 0.25]))
    Array([ 0.  ,  0.25, -0.5 , -0.25], dtype=float64)
    """
    return _shift("ifftshift", kernels.ifftshift, x, axes)

