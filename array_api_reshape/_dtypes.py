"""
The standard's data types as namespace objects, and their NumPy counterparts.

A DType compares equal to itself and to the NumPy dtype it stands for (and hashes like
it), never to strings or Python types (``float64 == "float64"`` is False). It exposes its
NumPy dtype as ``.dtype`` so that ``numpy.dtype(xp.float64)`` works: NumPy-based tools
such as Cubed and Zarr, which keep dtypes as NumPy dtypes, can hand them back to us.
"""

from __future__ import annotations

import builtins

import numpy as np


class DType:
    """One of the standard's data types."""

    __slots__ = ("name", "dtype", "kind", "index", "_hash")

    def __init__(self, name: str, kind: str):
        self.name = name
        self.dtype = np.dtype(name)
        self.kind = kind
        self._hash = hash(self.dtype)

    def __repr__(self) -> str:
        return f"array_api_reshape.{self.name}"

    def __eq__(self, other) -> builtins.bool:
        return self is other or (other.__class__ is self.dtype.__class__ and other == self.dtype)

    def __ne__(self, other) -> builtins.bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return self._hash


    def __reduce__(self):
        return (_dtype_by_name, (self.name,))


bool = DType("bool", "bool")
int8 = DType("int8", "signed integer")
int16 = DType("int16", "signed integer")
int32 = DType("int32", "signed integer")
int64 = DType("int64", "signed integer")
uint8 = DType("uint8", "unsigned integer")
uint16 = DType("uint16", "unsigned integer")
uint32 = DType("uint32", "unsigned integer")
uint64 = DType("uint64", "unsigned integer")
float32 = DType("float32", "real floating")
float64 = DType("float64", "real floating")
complex64 = DType("complex64", "complex floating")
complex128 = DType("complex128", "complex floating")

ALL_DTYPES = (
    bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
    float32, float64, complex64, complex128,
)

for _index, _dtype in enumerate(ALL_DTYPES):
    _dtype.index = _index  # its position in ALL_DTYPES, for tables indexed by dtype

DEFAULT_INTEGER = int64
DEFAULT_REAL_FLOATING = float64
DEFAULT_COMPLEX_FLOATING = complex128
DEFAULT_INDEX = int64

_BY_NAME = {d.name: d for d in ALL_DTYPES}
_BY_NUMPY = {d.dtype: d for d in ALL_DTYPES}


def _dtype_by_name(name: str) -> DType:
    return _BY_NAME[name]


def from_numpy_dtype(numpy_dtype) -> DType | None:
    """Our DType for a native-byte-order NumPy dtype, or None if the standard has none."""
    found = _BY_NUMPY.get(numpy_dtype)
    if found is not None and numpy_dtype.isnative:
        return found
    return None


def check_dtype(dtype, function: str, argument: str = "dtype") -> DType:
    """Our DType for ``dtype`` (one of ours, or the NumPy dtype of one of ours); otherwise
    a TypeError naming the argument."""
    if dtype.__class__ is DType:
        return dtype
    if isinstance(dtype, np.dtype):
        ours = from_numpy_dtype(dtype)
        if ours is not None:
            return ours
    raise TypeError(
        f"{function}(): '{argument}' must be a dtype of array_api_reshape "
        f"(for example array_api_reshape.float64), got {dtype!r}"
    )


_CATEGORY = {
    "bool": "bool",
    "signed integer": "integer",
    "unsigned integer": "integer",
    "real floating": "floating",
    "complex floating": "floating",
}


def _promotion_is_defined(a: DType, b: DType) -> builtins.bool:
    """The standard connects dtypes of one category only, and never uint64 with signed ints."""
    if _CATEGORY[a.kind] != _CATEGORY[b.kind]:
        return False
    return not (a.kind != b.kind and "integer" in a.kind and uint64 in (a, b))


_PROMOTION = {
    (a, b): _BY_NUMPY[np.promote_types(a.dtype, b.dtype)]
    for a in ALL_DTYPES
    for b in ALL_DTYPES
    if _promotion_is_defined(a, b)
}


def promote_types(a: DType, b: DType, function: str = "result_type") -> DType:
    """The standard's promotion of two dtypes; TypeError where the standard defines none."""
    result = _PROMOTION.get((a, b))
    if result is None:
        raise TypeError(
            f"{function}(): the standard defines no type promotion between {a} and {b}; "
            "convert one of them explicitly with astype()"
        )
    return result


def promotes_to(source: DType, target: DType) -> builtins.bool:
    """True when promoting ``source`` with ``target`` gives ``target`` (a safe, same-kind cast)."""
    return _PROMOTION.get((source, target)) is target


_COMPLEX_OF = {float32: complex64, float64: complex128}


def scalar_result_dtype(dtype: DType, scalar, function: str) -> DType:
    """The dtype of an operation between an array of ``dtype`` and a Python scalar.

    bool scalars meet bool arrays; ints meet numeric arrays; floats meet floating arrays;
    complex scalars meet floating arrays (a real array becomes complex of its precision).
    The array's dtype wins; any other pairing is a TypeError.
    """
    if python_scalar_fits_kind(scalar, dtype):
        return dtype
    if isinstance(scalar, complex) and dtype.kind == "real floating":
        return _COMPLEX_OF[dtype]
    raise TypeError(
        f"{function}(): the standard defines no operation between an array of {dtype} "
        f"and a Python {type(scalar).__name__}"
    )


def python_scalar_fits_kind(value, dtype: DType) -> builtins.bool:
    """True when a Python scalar may become an element of ``dtype`` (bool with bool, int
    with numbers, float with floating, complex with complex)."""
    if isinstance(value, builtins.bool):
        return dtype.kind == "bool"
    if isinstance(value, int):
        return dtype.kind != "bool"
    if isinstance(value, float):
        return "floating" in dtype.kind
    if isinstance(value, complex):
        return dtype.kind == "complex floating"
    return False


def _exact_python_scalars(dtype: DType) -> dict[type, tuple]:
    """The Python scalar types that meet ``dtype`` without changing it, each with the
    range of values that convert to it exactly and quietly: NumPy can take these
    scalars as they are. NaN and values outside the range take the general path."""
    if dtype.kind == "bool":
        return {builtins.bool: (False, True)}
    if "integer" in dtype.kind:
        info = np.iinfo(dtype.dtype)
        return {int: (int(info.min), int(info.max))}
    info = np.finfo(dtype.dtype)
    exact_int = 2 ** (info.nmant + 1)
    largest = float("inf") if info.dtype == np.float64 else float(info.max)
    return {int: (-exact_int, exact_int), float: (-largest, largest)}


EXACT_PYTHON_SCALARS = {dtype: _exact_python_scalars(dtype) for dtype in ALL_DTYPES}
"""For each dtype: the Python scalar types an operation may hand NumPy unconverted,
each with the lowest and highest value that may be."""
