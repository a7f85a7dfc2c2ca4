"""
The standard's data types as namespace objects, and their NumPy counterparts.

A DType compares equal to itself and to the NumPy dtype it stands for (and hashes like
it), never to strings or Python types (``float64 == "float64"`` is False). It exposes its
NumPy dtype as ``.dtype`` so that ``numpy.dtype(xp.float64)`` works: NumPy-based tools
such as Cubed and Zarr, which keep dtypes as NumPy dtypes, can hand them back to us.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np


class DType:
    """One of the standard's data types."""

    __slots__ = ("name", "dtype", "kind", "index", "_hash")

    name: str
    dtype: np.dtype[Any]  # the NumPy dtype it stands for: read by the kernel layer only
    kind: str  # one of the five kinds of KIND_GROUPS
    index: int  # its position in ALL_DTYPES, set once the table exists
    _hash: int

    def __init__(self, name: str, kind: str):
        self.name = name
        self.dtype = np.dtype(name)
        self.kind = kind
        self._hash = hash(self.dtype)

    def __repr__(self) -> str:
        return f"array_api_reshape.{self.name}"

    def __eq__(self, other: object) -> builtins.bool:
        return self is other or (other.__class__ is self.dtype.__class__ and other == self.dtype)

    def __ne__(self, other: object) -> builtins.bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return self._hash


    def __reduce__(self) -> tuple[Any, tuple[str]]:
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

_SIGNED, _UNSIGNED = "signed integer", "unsigned integer"
_REAL, _COMPLEX = "real floating", "complex floating"

KIND_GROUPS: dict[str, frozenset[str]] = {
    # isdtype's names, exactly the standard's
    "bool": frozenset({"bool"}),
    "signed integer": frozenset({_SIGNED}),
    "unsigned integer": frozenset({_UNSIGNED}),
    "integral": frozenset({_SIGNED, _UNSIGNED}),
    "real floating": frozenset({_REAL}),
    "complex floating": frozenset({_COMPLEX}),
    "numeric": frozenset({_SIGNED, _UNSIGNED, _REAL, _COMPLEX}),
    # the words of the standard's function signatures ("must have a ... data type")
    "boolean": frozenset({"bool"}),
    "integer": frozenset({_SIGNED, _UNSIGNED}),
    "integer or boolean": frozenset({_SIGNED, _UNSIGNED, "bool"}),
    "real-valued": frozenset({_SIGNED, _UNSIGNED, _REAL}),
    "real-valued or boolean": frozenset({_SIGNED, _UNSIGNED, _REAL, "bool"}),
    "floating-point": frozenset({_REAL, _COMPLEX}),
    "real floating-point": frozenset({_REAL}),
    "complex floating-point": frozenset({_COMPLEX}),
    "any": frozenset({_SIGNED, _UNSIGNED, _REAL, _COMPLEX, "bool"}),
}
"""Every group of dtype kinds the package speaks of, by the name it is spoken of with;
a DType's ``kind`` is one of its five members. The one table every chapter reads."""

ISDTYPE_KINDS = (
    "bool", "signed integer", "unsigned integer", "integral", "real floating",
    "complex floating", "numeric",
)
"""The kind names ``isdtype`` takes (the first entries of KIND_GROUPS)."""


def is_kind(dtype: DType, kinds: str) -> builtins.bool:
    """True when ``dtype`` is of ``kinds``, a group of KIND_GROUPS (``"integer"``,
    ``"real floating"``, ``"floating-point"``, ...): the package's one test of a dtype's
    kind, in the words ``isdtype`` and the standard's signatures use. A group that is not
    in the table is a KeyError, so a misspelt one fails where it is asked."""
    return dtype.kind in KIND_GROUPS[kinds]


DEFAULT_INTEGER = int64
DEFAULT_REAL_FLOATING = float64
DEFAULT_COMPLEX_FLOATING = complex128
DEFAULT_INDEX = int64

REAL_OF = {complex64: float32, complex128: float64}
"""The dtype of a complex dtype's real and imaginary components."""

COMPLEX_OF = {float32: complex64, float64: complex128}
"""The complex dtype whose components have a real floating dtype."""

_BY_NAME = {d.name: d for d in ALL_DTYPES}
_BY_NUMPY = {d.dtype: d for d in ALL_DTYPES}


def _dtype_by_name(name: str) -> DType:
    return _BY_NAME[name]


def from_numpy_dtype(numpy_dtype: np.dtype[Any]) -> DType | None:
    """Our DType for a native-byte-order NumPy dtype, or None if the standard has none."""
    found = _BY_NUMPY.get(numpy_dtype)
    if found is not None and numpy_dtype.isnative:
        return found
    return None


BUILTIN_TYPES = {
    builtins.bool: bool,
    int: DEFAULT_INTEGER,
    float: DEFAULT_REAL_FLOATING,
    complex: DEFAULT_COMPLEX_FLOATING,
}
"""Python's own types as names of our default dtype of their kind (as NumPy, PyTorch and
JAX read ``dtype=float``)."""


def check_keeps_imaginary(source: DType, target: DType, function: str) -> None:
    """TypeError for a conversion of complex values to an integer or real floating dtype:
    the standard leaves the choice of component to the caller. Complex to bool is a
    conversion the standard defines (0 is False, anything else True)."""
    if is_kind(source, "complex floating") and not (
        is_kind(target, "complex floating") or is_kind(target, "bool")
    ):
        raise TypeError(
            f"{function}(): the standard does not convert complex values to {target}; "
            "take real(), imag() or abs() first"
        )


def dtype_of_argument(dtype: Any, function: str, argument: str = "dtype") -> DType:
    """Our DType for ``dtype``: one of ours, the NumPy dtype of one of ours, or Python's
    ``bool``, ``int``, ``float`` or ``complex`` (our default dtype of that kind, as the
    major libraries agree; ``_modes._refusals.check_dtype`` refuses it where the
    unspecified flag says so); otherwise a TypeError naming the argument."""
    if dtype.__class__ is DType:
        return dtype
    if isinstance(dtype, np.dtype):
        ours = from_numpy_dtype(dtype)
        if ours is not None:
            return ours
    elif dtype.__class__ is type and dtype in BUILTIN_TYPES:
        return BUILTIN_TYPES[dtype]
    raise TypeError(
        f"{function}(): '{argument}' must be a dtype of array_api_reshape "
        f"(for example array_api_reshape.float64), got {dtype!r}"
    )


def check_dtype_kind(
    dtype: DType, function: str, argument: str, kinds: str, *, advice: str = "",
    error: type[Exception] = TypeError,
) -> None:
    """TypeError (or ``error``, where the standard names another: IndexError for an
    index array) unless ``dtype`` is of ``kinds``, a group of KIND_GROUPS: the package's
    one refusal of a dtype's kind, naming the function, the argument and the dtype given
    ("'x' must have a numeric dtype", "an integer dtype"). ``advice``, when given, follows
    as the way out (for example the argument to pass)."""
    if not is_kind(dtype, kinds):
        article = "an" if kinds[0] in "aeiou" else "a"
        message = f"{function}(): '{argument}' must have {article} {kinds} dtype, got {dtype}"
        raise error(f"{message}; {advice}" if advice else message)


_KIND_RANK = {"bool": 0, _SIGNED: 1, _UNSIGNED: 1, _REAL: 2, _COMPLEX: 3}
"""Each dtype kind's rank: a Python scalar of a kind up to an array's rank takes its dtype."""

_CATEGORY_RANK = {kind: min(rank, 2) for kind, rank in _KIND_RANK.items()}
"""The standard's three categories, in order: bool, integers, floating."""


def _standard_promotion(a: DType, b: DType) -> DType | None:
    """The standard's table: dtypes of one category only, never uint64 with signed ints."""
    if _CATEGORY_RANK[a.kind] != _CATEGORY_RANK[b.kind]:
        return None
    if a.kind != b.kind and is_kind(a, "integer") and uint64 in (a, b):
        return None
    return _BY_NUMPY[np.promote_types(a.dtype, b.dtype)]


def _mixed_kind_promotion(a: DType, b: DType) -> DType | None:
    """Where the standard is silent, what NumPy, PyTorch and JAX agree on: bool with a
    number, or an integer with a floating dtype, gives the higher-kind operand's dtype
    (so an integer never widens a float32). uint64 with a signed integer stays undefined:
    the three libraries disagree."""
    rank_a, rank_b = _CATEGORY_RANK[a.kind], _CATEGORY_RANK[b.kind]
    if rank_a == rank_b:
        return None
    return a if rank_a > rank_b else b


STANDARD_PROMOTION = {
    (a, b): result
    for a in ALL_DTYPES
    for b in ALL_DTYPES
    if (result := _standard_promotion(a, b)) is not None
}
"""The standard's promotion table alone (what ``can_cast`` answers from)."""

_PROMOTION = {
    (a, b): result
    for a in ALL_DTYPES
    for b in ALL_DTYPES
    if (result := _standard_promotion(a, b) or _mixed_kind_promotion(a, b)) is not None
}


def agreed_promotion(a: DType, b: DType, function: str = "result_type") -> DType:
    """The promotion of two dtypes: the standard's table, extended to mixed kinds where
    the major libraries agree (``is_standard_promotion`` tells them apart); TypeError
    for the pairs they disagree on."""
    result = _PROMOTION.get((a, b))
    if result is None:
        raise TypeError(
            f"{function}(): cannot promote {a.name} and {b.name} to a common dtype (no type can "
            "hold both, and libraries disagree on the choice); cast one of them "
            "explicitly with astype()"
        )
    return result


def promotes_to(source: DType, target: DType) -> builtins.bool:
    """True when promoting ``source`` with ``target`` gives ``target``: ``source``
    values may be stored in a ``target`` array (never floats into integers)."""
    return _PROMOTION.get((source, target)) is target


def standard_promotes_to(source: DType, target: DType) -> builtins.bool:
    """As ``promotes_to``, by the standard's table alone."""
    return STANDARD_PROMOTION.get((source, target)) is target


_SCALAR_RANK: dict[Any, int] = {builtins.bool: 0, int: 1, float: 2, complex: 3}


def agreed_scalar_promotion(dtype: DType, scalar: object, function: str) -> DType:
    """The dtype of an operation between an array of ``dtype`` and a Python scalar
    (``scalar_beyond_the_standard`` tells where the standard is silent).

    A scalar of the array's kind or a lower one takes the array's dtype (``True`` with
    int8 is int8, ``2`` with float32 is float32); a scalar of a higher kind gives our
    default dtype of the scalar's kind (``1.5`` with int64 is float64), except that a
    complex scalar with a real floating array keeps its precision (complex64 for
    float32), as NumPy, PyTorch and JAX all do.
    """
    rank = _SCALAR_RANK.get(scalar.__class__)
    if rank is None:
        rank = _python_scalar_rank(scalar)
        if rank is None:
            raise TypeError(
                f"{function}(): cannot promote {dtype} with a Python "
                f"{type(scalar).__name__}; only bool, int, float and complex scalars "
                "take part in type promotion"
            )
    if rank <= _KIND_RANK[dtype.kind]:
        return dtype
    if rank == 3 and is_kind(dtype, "real floating"):
        return COMPLEX_OF[dtype]
    return _DEFAULT_OF_RANK[rank]


_DEFAULT_OF_RANK = (bool, DEFAULT_INTEGER, DEFAULT_REAL_FLOATING, DEFAULT_COMPLEX_FLOATING)


def is_standard_promotion(a: DType, b: DType) -> builtins.bool:
    """True when the standard's own table promotes ``a`` with ``b``."""
    return (a, b) in STANDARD_PROMOTION


def scalar_beyond_the_standard(dtype: DType, scalar: object) -> builtins.bool:
    """True for a Python scalar (already accepted) the standard does not pair with an
    array of ``dtype``."""
    rank = _SCALAR_RANK.get(scalar.__class__)
    if rank is None:
        rank = _python_scalar_rank(scalar)
    return rank is not None and _scalar_beyond_the_standard(rank, dtype)


def _scalar_beyond_the_standard(rank: int, dtype: DType) -> builtins.bool:
    """True for a Python scalar the standard does not pair with an array of ``dtype``: a
    bool only meets bool arrays, an int integer or floating ones, a float or a complex
    floating ones."""
    kind_rank = _KIND_RANK[dtype.kind]
    if rank == 0 or kind_rank == 0:
        return rank != kind_rank
    return rank >= 2 and kind_rank < 2


_NUMPY_KIND_RANK = {"b": 0, "i": 1, "u": 1, "f": 2, "c": 3}


def _python_scalar_rank(value: object) -> int | None:
    """The rank of a subclass of a Python scalar type (NumPy's float64 is a float), or
    of a NumPy scalar (NumPy's int64 stands for a Python int)."""
    if isinstance(value, np.generic):
        return _NUMPY_KIND_RANK.get(value.dtype.kind)
    for kind, rank in _SCALAR_RANK.items():
        if isinstance(value, kind):
            return rank
    return None


def as_python_scalar(value: Any) -> builtins.bool | int | float | complex | None:
    """``value`` as a Python scalar when it is one (or a NumPy scalar: its ``item()``),
    else None. Operations take NumPy's scalars as they take Python's, as NumPy, PyTorch
    and JAX do."""
    if value.__class__ in _SCALAR_RANK:
        return value
    if isinstance(value, np.generic):
        return value.item() if value.dtype.kind in _NUMPY_KIND_RANK else None
    if isinstance(value, (builtins.bool, int, float, complex)):
        return value
    return None


def python_scalar_fits_kind(value: object, dtype: DType) -> builtins.bool:
    """True when a Python scalar may be stored in an array of ``dtype`` without
    changing its kind: bool into any array, int into numbers, float into floating
    arrays, complex into complex arrays (never a float into integers)."""
    rank = _SCALAR_RANK.get(value.__class__)
    if rank is None:
        rank = _python_scalar_rank(value)
    return rank is not None and rank <= _KIND_RANK[dtype.kind]


def _exact_python_scalars(dtype: DType) -> dict[type, tuple]:
    """The Python scalar types that meet ``dtype`` without changing it, each with the
    range of values that convert to it exactly and quietly: NumPy can take these
    scalars as they are, and a float's NaN and infinities too where floats are listed
    (the fast paths admit those besides the range); values outside it take the general
    path."""
    if is_kind(dtype, "bool"):
        return {builtins.bool: (False, True)}
    if is_kind(dtype, "integer"):
        info = np.iinfo(dtype.dtype)
        return {int: (int(info.min), int(info.max))}
    floating = np.finfo(dtype.dtype)
    exact_int = 2 ** (floating.nmant + 1)
    largest = float("inf") if floating.dtype == np.float64 else float(floating.max)
    return {int: (-exact_int, exact_int), float: (-largest, largest)}


EXACT_PYTHON_SCALARS = {dtype: _exact_python_scalars(dtype) for dtype in ALL_DTYPES}
"""For each dtype: the Python scalar types an operation may hand NumPy unconverted,
each with the lowest and highest value that may be."""
