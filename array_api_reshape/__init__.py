"""
array_api_reshape: a standalone namespace of the Python Array API standard (2025.12)
on a strided array type whose reshape is a view whenever any strides allow.
"""

import os as _os
import sys as _sys

from ._runtime import _build  # noqa: F401  # first: it chooses compiled or pure-Python source
from . import fft as _fft
from . import layout
from . import linalg as _linalg
# The package's other public modules are attributes too, as layout is: ``xp.flags.set(...)``
# after ``import array_api_reshape as xp`` (they are not in ``__all__``, the standard's list).
from . import devices, flags, threads, versions  # noqa: F401
from ._array import _pickling, _versions
from ._array._array_object import Array
from ._modes import _ecosystem  # noqa: F401  # under a profile from the environment: see there
from ._chapters._constants import e, inf, nan, newaxis, pi
from ._chapters._creation_functions import eye, from_dlpack, linspace, meshgrid, tril, triu
from ._entries._creation_entries import (
    arange, asarray, empty, empty_like, full, full_like, ones, ones_like, zeros, zeros_like,
)
from ._entries._array_entries import astype, concat, permute_dims, reshape, take_along_axis, where
from ._entries._reduction_entries import all, any, max, min, prod, sum
from ._chapters._data_type_functions import can_cast, finfo, iinfo, isdtype, result_type
from ._chapters._elementwise_functions import (
    abs,
    acos,
    acosh,
    add,
    asin,
    asinh,
    atan,
    atan2,
    atanh,
    bitwise_and,
    bitwise_invert,
    bitwise_left_shift,
    bitwise_or,
    bitwise_right_shift,
    bitwise_xor,
    ceil,
    clip,
    conj,
    copysign,
    cos,
    cosh,
    divide,
    equal,
    exp,
    expm1,
    floor,
    floor_divide,
    greater,
    greater_equal,
    hypot,
    imag,
    isfinite,
    isinf,
    isnan,
    less,
    less_equal,
    log,
    log1p,
    log2,
    log10,
    logaddexp,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
    maximum,
    minimum,
    multiply,
    negative,
    nextafter,
    not_equal,
    positive,
    pow,
    real,
    reciprocal,
    remainder,
    round,
    sign,
    signbit,
    sin,
    sinh,
    sqrt,
    square,
    subtract,
    tan,
    tanh,
    trunc,
)
from ._chapters._indexing_functions import take
from ._chapters._info import Info as _Info
from ._chapters._info import __array_namespace_info__
from ._chapters._linear_algebra_functions import matmul, matrix_transpose, tensordot, vecdot
from ._chapters._manipulation_functions import (
    broadcast_arrays,
    broadcast_shapes,
    broadcast_to,
    expand_dims,
    flip,
    moveaxis,
    repeat,
    roll,
    squeeze,
    stack,
    tile,
    unstack,
)
from ._chapters._searching_functions import (
    argmax,
    argmin,
    count_nonzero,
    nonzero,
    searchsorted,
)
from ._chapters._set_functions import isin, unique_all, unique_counts, unique_inverse, unique_values
from ._chapters._sorting_functions import argsort, sort
from ._chapters._statistical_functions import cumulative_prod, cumulative_sum, mean, std, var
from ._chapters._utility_functions import diff
from ._modes._refusals import serve_hideable as _serve_hideable
from ._tables._dtypes import (
    bool,
    complex64,
    complex128,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)

__version__ = "0.1.0"
__array_api_version__ = "2025.12"

__all__ = [
    "__array_api_version__",
    "Array",
    # constants
    "e", "inf", "nan", "newaxis", "pi",
    # creation functions
    "arange", "asarray", "empty", "empty_like", "eye", "from_dlpack", "full", "full_like",
    "linspace", "meshgrid", "ones", "ones_like", "tril", "triu", "zeros", "zeros_like",
    # data type functions
    "astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type",
    # data types
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128",
    # element-wise functions
    "abs", "acos", "acosh", "add", "asin", "asinh", "atan", "atan2", "atanh", "bitwise_and",
    "bitwise_left_shift", "bitwise_invert", "bitwise_or", "bitwise_right_shift",
    "bitwise_xor", "ceil", "clip", "conj", "copysign", "cos", "cosh", "divide", "equal",
    "exp", "expm1", "floor", "floor_divide", "greater", "greater_equal", "hypot", "imag",
    "isfinite", "isinf", "isnan", "less", "less_equal", "log", "log1p", "log2", "log10",
    "logaddexp", "logical_and", "logical_not", "logical_or", "logical_xor", "maximum",
    "minimum", "multiply", "negative", "nextafter", "not_equal", "positive", "pow", "real",
    "reciprocal", "remainder", "round", "sign", "signbit", "sin", "sinh", "square", "sqrt",
    "subtract", "tan", "tanh", "trunc",
    # indexing functions
    "take", "take_along_axis",
    # inspection
    "__array_namespace_info__",
    # linear algebra functions
    "matmul", "matrix_transpose", "tensordot", "vecdot",
    # manipulation functions
    "broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims", "flip",
    "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack", "tile",
    "unstack",
    # searching functions
    "argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where",
    # set functions
    "isin", "unique_all", "unique_counts", "unique_inverse", "unique_values",
    # sorting functions
    "argsort", "sort",
    # statistical functions
    "cumulative_prod", "cumulative_sum", "max", "mean", "min", "prod", "std", "sum", "var",
    # utility functions
    "all", "any", "diff",
    # beyond the standard
    "layout",
    # extensions
    "fft", "linalg",
]

# The extensions are attributes only while the enabled_extensions flag has them, and the
# functions a profile's library lacks only while no such profile is in force (see
# array_api_reshape.flags): plain attributes while no mode is on, else served by a module
# __getattr__ that consults the flags.
_EXTENSIONS = {"linalg": _linalg, "fft": _fft}
_SERVED = _serve_hideable(globals(), _EXTENSIONS)


def __dir__() -> list[str]:
    return sorted({*globals(), *_SERVED.attributes})


# The older versions' namespaces are built from this module (see _versions): it hands
# itself over rather than being imported there, so that no import circle forms.
_versions.register_latest(_sys.modules[__name__], _Info, _EXTENSIONS)

# ARRAY_API_RESHAPE_AS=array_api_strict: this process's `import array_api_strict` gives the
# stand-in (a process started by a run of the pytest plugin's --xp-as).
if _os.environ.get("ARRAY_API_RESHAPE_AS", "").strip():
    from . import stand_in as _stand_in

    _stand_in.install_from_environment()

# Pickles written before the modules moved into their layers' folders name the old modules.
_pickling.keep_older_pickles_loading(__name__)
