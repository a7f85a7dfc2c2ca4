"""
Backend profiles: a real array library's refusals and answers, where they differ from
NumPy's in ways that break code written and tested on NumPy.

The profile flag names the library (``flags.set(profile="torch")``). Its rules live here,
one function per place the array object or a chapter asks (an indexing key, a function
whose answer differs); each is called behind ``MODES.profile``, so that the default
namespace pays one attribute read where a profile may act and nothing elsewhere. A
refusal raises the library's own exception type (code may catch it), names the library
and what it does, and says the portable way.

What each library does was found by running the library itself, on the snippets that
its profile's tests replay here.

Pure Python: keys and flags in, exceptions out.
"""

from __future__ import annotations

import operator
from typing import Any

from .._tables._dtypes import ALL_DTYPES, DType
from ._flag_state import MODES, value

LIBRARIES = {"torch": "PyTorch"}
"""Each profile's library, as its messages name it."""

CPU_DEFAULT_DTYPE_NAMES = {
    "torch": {"real floating": "float32", "complex floating": "complex64",
              "integral": "int64", "indexing": "int64"},
}
"""The default dtypes each profile's library gives on the CPU, where they are not
NumPy's (PyTorch's default floating dtype is float32; float64 stays available)."""


def active_profile() -> str | None:
    """The profile in force here, or None."""
    return value("profile") if MODES.profile else None


def cpu_default_dtype_names() -> dict[str, str] | None:
    """The profile's default dtypes on the CPU by kind, where its library's differ from
    NumPy's; None otherwise."""
    profile = active_profile()
    return None if profile is None else CPU_DEFAULT_DTYPE_NAMES.get(profile)


_DTYPES_BY_NAME = {dtype.name: dtype for dtype in ALL_DTYPES}
_KIND_OF_WIDE_DEFAULT = {"float64": "real floating", "complex128": "complex floating"}


def library_default(dtype: DType) -> DType:
    """The dtype the profile's library gives where NumPy gives its default ``dtype``
    (float64 for an integer input of ``sqrt``, ``1 / 2``, an int array and a Python
    float): PyTorch's float32; ``dtype`` itself for any other dtype or no profile."""
    kind = _KIND_OF_WIDE_DEFAULT.get(dtype.name)
    names = None if kind is None else cpu_default_dtype_names()
    return dtype if names is None or kind is None else _DTYPES_BY_NAME[names[kind]]


STORAGE_ONLY = {"torch": frozenset({"uint16", "uint32", "uint64"})}
"""The dtypes each profile's library stores but computes little with (PyTorch's uint16,
uint32 and uint64: creation, casts, ==, !=, &, |, ^, *, /, sorting, unique and indexing)."""

MISSING_FOR_STORAGE_ONLY = {"torch": frozenset({
    # element-wise
    "abs", "add", "bitwise_invert", "bitwise_left_shift", "bitwise_right_shift",
    "floor_divide", "greater", "greater_equal", "less", "less_equal", "maximum",
    "minimum", "negative", "pow", "remainder", "sign", "square", "subtract",
    # others
    "argmax", "argmin", "clip", "count_nonzero", "diff", "flip", "isin", "linspace",
    "matmul", "max", "min", "nonzero", "searchsorted", "take", "take_along_axis",
    "tensordot", "tril", "triu", "vecdot",
    "__setitem__",  # with a boolean mask ("masked_fill"); other keys write
})}
"""The functions each profile's library lacks for its storage-only dtypes (PyTorch 2.13
raises NotImplementedError for each of them on uint16, uint32 and uint64)."""


UNSIGNED_ACCUMULATOR = {"torch": "int64"}
"""The dtype each profile's library sums unsigned integers in, where it is not uint64
(PyTorch: int64, for sum, prod and their cumulative forms)."""


def unsigned_accumulator() -> DType | None:
    """The dtype the profile's library accumulates unsigned integers in, where it is not
    the standard's uint64; None otherwise."""
    profile = active_profile()
    name = None if profile is None else UNSIGNED_ACCUMULATOR.get(profile)
    return None if name is None else _DTYPES_BY_NAME[name]


def check_operation(function: str, *dtypes: DType) -> None:
    """NotImplementedError when the profile's library lacks ``function`` for one of
    ``dtypes`` (PyTorch's "not implemented for 'UInt16'")."""
    profile = active_profile()
    if profile is None or function not in MISSING_FOR_STORAGE_ONLY.get(profile, ()):
        return
    for dtype in dtypes:
        if dtype.name in STORAGE_ONLY[profile]:
            raise NotImplementedError(
                f"{function}(): not implemented for {dtype.name} in {LIBRARIES[profile]}, "
                "whose uint16, uint32 and uint64 are for storage (creation, casts, ==, "
                "!=, &, |, ^, *, /, sorting, unique and indexing); compute in a signed "
                "or wider type (astype(x, int64)) and cast back, or keep uint8 and the "
                f"signed integers; {_flag_note(profile)}"
            )


def check_accumulation(function: str, dtype: DType) -> None:
    """NotImplementedError when the profile's library cannot accumulate (sum, prod and
    their cumulative forms) in ``dtype``, asked for by name (PyTorch: in uint16, uint32
    and uint64, whatever the input)."""
    profile = active_profile()
    if profile is not None and dtype.name in STORAGE_ONLY.get(profile, ()):
        raise NotImplementedError(
            f"{function}(): {LIBRARIES[profile]} cannot accumulate in {dtype.name}, whose "
            "uint16, uint32 and uint64 are for storage; accumulate in int64 "
            f"(dtype=int64) and cast back with astype() if need be; {_flag_note(profile)}"
        )


def check_promotion(a: DType, b: DType, function: str) -> None:
    """RuntimeError when the profile's library does not promote ``a`` with ``b``
    (PyTorch: a uint16, uint32 or uint64 with any other integer dtype)."""
    profile = active_profile()
    if profile is None or a is b or profile not in STORAGE_ONLY:
        return
    storage_only = STORAGE_ONLY[profile]
    if (a.name in storage_only or b.name in storage_only) and (
        "integer" in a.kind and "integer" in b.kind
    ):
        raise RuntimeError(
            f"{function}(): {LIBRARIES[profile]} does not promote {a.name} with {b.name} "
            "(promotion for uint16, uint32 and uint64 is not supported); cast both to one "
            f"integer dtype with astype() first; {_flag_note(profile)}"
        )


def dtype_is_listed(dtype: DType) -> bool:
    """False for the dtypes the profile's library leaves out of its inspection's
    ``dtypes()`` (PyTorch's uint16, uint32 and uint64)."""
    profile = active_profile()
    return profile is None or dtype.name not in STORAGE_ONLY.get(profile, ())


def _flag_note(profile: str) -> str:
    return (f"the profile flag is {profile!r} (array_api_reshape.flags.set(profile=None) "
            "answers as NumPy does)")


def check_key(key: Any, operation: str) -> None:
    """Refuse an indexing key the profile's library refuses, for ``operation``
    (``"__getitem__"``, ``"__setitem__"``): PyTorch has no negative-step slices."""
    profile = active_profile()
    if profile == "torch":
        for item in key if key.__class__ is tuple else (key,):
            if item.__class__ is slice and _negative(item.step):
                raise ValueError(
                    f"{operation}(): step must be greater than zero: {LIBRARIES[profile]} "
                    "refuses negative-step slices, in reads and in writes. To reverse "
                    "portably, use xp.flip(x, axis=...) (a copy in PyTorch: write into "
                    "x through an index array, x[xp.arange(n - 1, -1, -1)] = values); "
                    f"{_flag_note(profile)}"
                )


def _negative(step: Any) -> bool:
    """True for a step that is a negative integer (other steps are the key check's)."""
    if step is None:
        return False
    try:
        return operator.index(step) < 0
    except TypeError:
        return False


def flip_copies() -> bool:
    """True when the profile's library gives ``flip`` as a copy (PyTorch: its tensors
    have no negative strides), so that writes into the result do not reach the input."""
    return active_profile() == "torch"
