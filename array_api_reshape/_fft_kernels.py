"""FFT kernels: ``numpy.fft`` on NumPy views."""

from __future__ import annotations

import numpy as np


def run(function: str, *args, **kwargs) -> np.ndarray:
    """``numpy.fft.<function>(*args, **kwargs)`` as an array."""
    with np.errstate(all="ignore"):
        return np.asarray(getattr(np.fft, function)(*args, **kwargs))
