"""Linear-algebra kernels: ``numpy.linalg`` on NumPy views, errors in our own words."""

from __future__ import annotations

import warnings

import numpy as np


def run(function: str, *args, **kwargs):
    """``numpy.linalg.<function>`` with NumPy's warnings silenced; a singular or
    non-convergent input raises ValueError naming our function."""
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return getattr(np.linalg, function)(*args, **kwargs)
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


def as_complex(values: np.ndarray) -> np.ndarray:
    """Eigenvalues or eigenvectors as complex numbers of the same precision."""
    if values.dtype.kind == "c":
        return values
    return values.astype(np.complex64 if values.dtype == np.float32 else np.complex128)
