"""
The ``fft`` extension of the standard: discrete Fourier transforms and their helpers.

Transforms keep the input's precision: complex64 and float32 inputs give complex64 or
float32 results, complex128 and float64 give complex128 or float64.
"""

from ._chapters._fft_functions import (  # noqa: F401  (the extension's names, and only those)
    fft,
    fftfreq,
    fftn,
    fftshift,
    hfft,
    ifft,
    ifftn,
    ifftshift,
    ihfft,
    irfft,
    irfftn,
    rfft,
    rfftfreq,
    rfftn,
)

__all__ = [
    "fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
    "fftfreq", "rfftfreq", "fftshift", "ifftshift",
]
