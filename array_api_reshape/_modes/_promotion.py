"""
The promotion of dtypes as the portability modes see it: the standard's promotion, a
pairing the standard is silent on refused when the unspecified flag is "refuse", and a
profile's library's own rules where it differs. Every function that promotes its operands
asks here (the fast paths only where the gate ``plain_promotion`` says no mode may differ).
"""

from __future__ import annotations

from .._tables._dtypes import (
    DType,
    agreed_promotion,
    agreed_scalar_promotion,
    is_standard_promotion,
    scalar_beyond_the_standard,
)
from . import _strict_rules as strict_rules
from ._flag_state import MODES
from ._profiles import check_promotion, cross_kind_promotion, library_default
from ._refusals import refuse_unspecified


def promote_types(a: DType, b: DType, function: str = "result_type") -> DType:
    """The promotion of two dtypes (``_dtypes.agreed_promotion``); across kinds, where
    the standard is silent, refused when the unspecified flag is "refuse"; refused where
    the profile's library refuses it."""
    if MODES.profile:
        check_promotion(a, b, function)
        library_result = cross_kind_promotion(a, b)
        if library_result is not None:
            return library_result
    result = agreed_promotion(a, b, function)
    if MODES.flags and not is_standard_promotion(a, b) and not (
            MODES.profile and strict_rules.lets_numpy_promote(function)):
        refuse_unspecified(function, f"{a.name} cannot be promoted with {b.name} "
                                     "(across kinds)")
    return result


def scalar_result_dtype(dtype: DType, scalar: object, function: str) -> DType:
    """The dtype of an operation between an array of ``dtype`` and a Python scalar
    (``_dtypes.agreed_scalar_promotion``); a pairing the standard is silent on is refused
    when the unspecified flag is "refuse"."""
    result = agreed_scalar_promotion(dtype, scalar, function)
    if MODES.flags and scalar_beyond_the_standard(dtype, scalar):
        refuse_unspecified(
            function,
            f"a Python {type(scalar).__name__} cannot be promoted with an array of {dtype.name}",
        )
        if MODES.profile:
            return library_default(result)
    return result
