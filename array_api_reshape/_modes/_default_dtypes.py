"""
The dtypes a call gives where it is not told one, as the device and the profile in force
choose them: a creation function's default (the device's own, float32 on ``device2``; the
profile's library's on the CPU, PyTorch's float32), the dtype of an array of Python data,
and the dtype a sum accumulates in.

The chapters ask these hooks instead of reading the modes: each reads ``MODES.profile``
itself and, on the CPU without a profile, gives the CPU's answer at the cost of one call.
A default that differs from the CPU's is noted as a divergence at the user's line (a test
failing under a device or a profile can be traced there).

Pure Python: devices and dtypes in, dtypes out.
"""

from __future__ import annotations

from .._tables._devices import CPU_DEVICE, Device
from .._tables._dtypes import (
    DEFAULT_COMPLEX_FLOATING,
    DEFAULT_INTEGER,
    DEFAULT_REAL_FLOATING,
    DType,
    as_python_scalar,
    int32,
    int64,
    is_kind,
    uint32,
    uint64,
)
from ._behaviours import DEVICE_DEFAULT_DTYPES, NARROWER_DEFAULT_DTYPES
from ._device_checks import check_dtype_on_device, default_dtypes_of
from ._findings import listener, note_divergence
from ._flag_state import MODES, value
from ._profiles import diverged, unsigned_accumulator

_KIND_OF_DEFAULT = {
    DEFAULT_INTEGER: "integral",
    DEFAULT_REAL_FLOATING: "real floating",
    DEFAULT_COMPLEX_FLOATING: "complex floating",
}
"""Each default dtype of the CPU, by the key of a device's default dtypes it is."""


def dtype_on(device: Device, dtype: DType | None, default: DType, function: str) -> DType:
    """The dtype ``function`` makes its array of on ``device``: ``dtype`` when one was
    asked for, else ``default`` (a default of the CPU: int64, float64, complex128; or any
    other dtype, kept as it is) as ``device`` chooses it: its own default of that kind
    (float32 on ``device2``, and on the CPU under the "torch" profile); ValueError naming
    ``function`` when ``device`` lacks the dtype."""
    if device is CPU_DEVICE and not MODES.profile:
        return default if dtype is None else dtype
    if dtype is None:
        dtype = _default_on(device, default)
    check_dtype_on_device(dtype, device, function)
    return dtype


def _default_on(device: Device, default: DType) -> DType:
    """``default``, a CPU default, as ``device`` chooses it (noted where it differs)."""
    kind = _KIND_OF_DEFAULT.get(default)
    if kind is None:
        return default
    chosen = default_dtypes_of(device)[kind]
    if chosen is not default:
        if MODES.profile and device is CPU_DEVICE:
            diverged(NARROWER_DEFAULT_DTYPES)
        elif listener() is not None:
            fixed = MODES.flags and value("fixed_device") is device
            note_divergence("fixed_device" if fixed else "device", device.name,
                            DEVICE_DEFAULT_DTYPES.name, DEVICE_DEFAULT_DTYPES.said(device.name),
                            None)
    return chosen


def dtype_of_data(device: Device, inferred: DType, data: object) -> DType:
    """The dtype of an array of Python ``data`` made on ``device`` (``asarray``), for
    which NumPy infers ``inferred``: the device's own default where ``inferred`` is a CPU
    default (``dtype_on``). A NumPy scalar keeps its dtype on the CPU under a profile, as
    each profiled library keeps it (``torch.asarray(numpy.float64(1.0))`` is float64,
    where a Python float takes the default float32)."""
    if device is CPU_DEVICE and (not MODES.profile or as_python_scalar(data) is not None):
        return inferred
    return dtype_on(device, None, inferred, "asarray")


def accumulator_dtype(dtype: DType, device: Device) -> DType:
    """The dtype ``sum``, ``prod`` and their cumulative forms accumulate an array of
    ``dtype`` on ``device`` in when no dtype is asked for: the standard's (int64 for signed
    integers, uint64 for unsigned ones; their 32-bit kin on a device without them), the
    profile's library's for unsigned integers (PyTorch's int64; uint64 under any other
    profile), and ``dtype`` itself for the other kinds."""
    if is_kind(dtype, "signed integer"):
        return int64 if "int64" not in device.lacks else int32
    if is_kind(dtype, "unsigned integer"):
        if MODES.profile:
            return unsigned_accumulator() or uint64
        return uint64 if "uint64" not in device.lacks else uint32
    return dtype
