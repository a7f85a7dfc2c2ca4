"""
The ``fft`` extension of the standard: discrete Fourier transforms and their helpers.

Transforms keep the input's precision: complex64 and float32 inputs give complex64 or
float32 results, complex128 and float64 give complex128 or float64.
"""

from ._chapters._fft_functions import (  # the extension's names, and only those
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
from ._modes._refusals import extension_function as _extension_function

__all__ = [
    "fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
    "fftfreq", "rfftfreq", "fftshift", "ifftshift",
]

# Each function refuses while the enabled_extensions flag leaves fft out.
for _name in __all__:
    globals()[_name] = _extension_function("fft", __name__, globals()[_name])
del _name, _extension_function
