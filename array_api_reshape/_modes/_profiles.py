"""
Backend profiles: a real array library's refusals and answers, where they differ from
NumPy's in ways that break code written and tested on NumPy.

The profile flag names the library (``flags.set(profile="torch")``). Its rules live here,
one function per place the array object asks (an indexing key, a write) and one table or
function per kind of rule the chapters' calls meet, which ``_call_rules`` lists by
namespace function; each is asked behind ``MODES.profile``, so that the default
namespace pays one attribute read where a profile may act and nothing elsewhere. A
refusal raises the library's own exception type (code may catch it), names the library
and what it does, and says the portable way.

What each library does was measured by running it: ``profiles/fidelity.py`` runs the
snippets of ``profiles/snippets.py`` on the library and on its profile, and the tests
replay the library's recorded outcomes against the profile.

Pure Python: keys and flags in, exceptions out.
"""

from __future__ import annotations

import operator
import warnings
from collections.abc import Mapping
from typing import Any, NamedTuple

from .._tables._devices import CPU_DEVICE, GPU_DEVICE, Device
from .._tables._dtypes import ALL_DTYPES, DType, is_kind
from ._flag_state import LIBRARY_SETTINGS, MODES, value
from ._behaviours import (
    ASARRAY_COPIES_FOREIGN_MEMORY,
    NARROWED_DTYPES,
    NARROWER_DEFAULT_DTYPES,
    NUMPY_CROSS_KIND_PROMOTION,
    OUT_OF_BOUNDS_READS_CLAMP,
    OUT_OF_BOUNDS_WRITES_DROP,
    UNSIGNED_SUMS_IN_INT64,
    INTEGER_DIVISION_BY_ZERO_RAISES,
    IN_PLACE_OPERATORS_CAST,
    PARTIAL_OVERLAP_RAISES,
    Behaviour,
)
from ._call_sites import Place, user_stack_level
from ._findings import E, listener, mode_error, note_divergence

LIBRARIES = {"torch": "PyTorch", "jax": "JAX", "dask": "Dask", "cupy": "CuPy",
             "strict": "array-api-strict"}
"""Each profile's library, as its messages name it."""

CPU_DEFAULT_DTYPE_NAMES = {
    "torch": {"real floating": "float32", "complex floating": "complex64",
              "integral": "int64", "indexing": "int64"},
    "jax": {"real floating": "float32", "complex floating": "complex64",
            "integral": "int32", "indexing": "int32"},
}
"""The default dtypes each profile's library gives on the CPU, where they are not
NumPy's (PyTorch's default floating dtype is float32, float64 stays available; JAX, by default,
has no 64-bit type at all)."""

NARROWER = {"jax": {"float64": "float32", "complex128": "complex64", "int64": "int32",
                    "uint64": "uint32"}}
"""The dtypes each profile's library does not make, and the one it makes instead (JAX
without its x64 option, its default: every array, asked for or computed, is 32-bit)."""


def active_profile() -> str | None:
    """The profile in force here, or None."""
    return value("profile") if MODES.profile else None


LOWEST = ("jax", "torch", "dask", "cupy")
"""The libraries the profile ``"lowest"`` holds code to, all at once: every refusal of
each, and where they answer differently, the answer of the first that has one (JAX's
32-bit defaults before PyTorch's)."""

_IN_FORCE: dict[str | None, tuple[str, ...]] = {
    None: (), "lowest": LOWEST, **{name: (name,) for name in LIBRARIES},
}


def libraries() -> tuple[str, ...]:
    """The libraries whose rules are in force here: none, the profile's, or each of
    ``LOWEST`` under ``"lowest"``."""
    return _IN_FORCE[value("profile")] if MODES.profile else ()


def first(table: Mapping[str, Any]) -> str | None:
    """The first library in force that ``table`` has an entry for, or None."""
    for library in libraries():
        if library in table:
            return library
    return None


def behaves(behaviour: Behaviour) -> bool:
    """True when the profile in force answers as ``behaviour`` says."""
    return behaving(behaviour) is not None


def behaving(behaviour: Behaviour) -> str | None:
    """The first library in force that answers as ``behaviour`` says, or None."""
    if not MODES.profile:
        return None
    profile = value("profile")
    if profile == "lowest" and not behaviour.in_lowest:
        return None
    for library in _IN_FORCE[profile]:
        if library in behaviour.libraries:
            return library
    return None


def diverged(behaviour: Behaviour, library: str | None = None, function: str | None = None,
             view_made: tuple[Place, ...] = ()) -> None:
    """Note, quietly, that the profile in force (``library``'s rules; else the first in
    force that ``behaviour`` names) just answered as ``behaviour`` says where the default
    would answer otherwise, at the user's line that called ``function``
    (``_findings.note_divergence``; nothing while no listener is on)."""
    if listener() is None:
        return
    library = library or behaving(behaviour) or min(behaviour.libraries)
    name = LIBRARIES.get(library, library)
    note_divergence("profile", value("profile"), behaviour.name, behaviour.said(name), name,
                    function, view_made)


_CATEGORIES = ("bool", "integer", "real floating", "complex floating")
"""The groups of ``KIND_GROUPS`` an in-place cast may go down, highest last."""


def _category(dtype: DType) -> int:
    return next(i for i, kinds in enumerate(_CATEGORIES) if is_kind(dtype, kinds))


def casts_in_place(result: DType, target: DType) -> bool:
    """True where the profile's library writes an in-place operator's ``result`` into an
    array of ``target`` dtype by casting it (PyTorch: a result of the target's kind, or of
    a kind the target's holds)."""
    if behaving(IN_PLACE_OPERATORS_CAST) is None or _category(result) > _category(target):
        return False
    diverged(IN_PLACE_OPERATORS_CAST)
    return True


def copies_foreign_memory(copy: bool | None) -> bool:
    """True when ``asarray`` of another library's memory must copy it, the profile's
    library copying it (Dask); with ``copy=False`` that is the library's ValueError."""
    library = behaving(ASARRAY_COPIES_FOREIGN_MEMORY)
    if library is None:
        return False
    if copy is False:
        raise refused(ValueError, library, (
            f"asarray(copy=False): {LIBRARIES[library]} cannot share the memory of a NumPy "
            "(or other foreign) array: it always copies it, so later writes to that array "
            "are not seen. Write through the array asarray gives, or pass copy=None; "
            f"{_flag_note()}"
        ))
    diverged(ASARRAY_COPIES_FOREIGN_MEMORY, library, "asarray()")
    return True


def profile_device() -> Device | None:
    """The device the profile's library makes arrays on, where it is not the CPU (CuPy's
    GPU), or None."""
    return GPU_DEVICE if "cupy" in libraries() else None


def profile_device_list() -> list[Device] | None:
    """The devices the profile's library lists in its inspection's ``devices()``: its
    own (CuPy's GPU; the CPU for the others, whose test devices it has none of), as a list,
    as each library gives it (their namespaces follow 2024.12 there); None without a
    profile, and under array-api-strict's, whose devices are ours."""
    if not libraries() or libraries() == ("strict",):
        return None
    return [GPU_DEVICE if "cupy" in libraries() else CPU_DEVICE]


LIBRARY_CAPABILITIES: dict[str, dict[str, bool]] = {
    "jax": {"boolean indexing": False, "data-dependent shapes": False},
}
"""What each profile's library answers in its inspection's ``capabilities()`` where it is
not what our namespace answers: JAX says no to both, for code traced by ``jax.jit``, and
helpers that ask (array-api-extra's ``apply_where``) take their ``where`` path for it."""


def library_capabilities() -> dict[str, bool]:
    """The capabilities the profile's library answers otherwise than ours (none without a
    profile)."""
    library = first(LIBRARY_CAPABILITIES)
    return {} if library is None else LIBRARY_CAPABILITIES[library]


def on_library_device(array: Any) -> bool:
    """True for an array on the profile's library's device (CuPy's GPU), while a profile
    may be in force."""
    return MODES.profile and array._storage.device is GPU_DEVICE


def refuse_host_conversion(call: str) -> TypeError:
    """CuPy's refusal to hand a GPU array's elements to NumPy implicitly."""
    return refused(TypeError, "cupy", (
        f"{call}: Implicit conversion to a NumPy array is not allowed: CuPy's arrays live "
        "on the GPU, and it copies them to the host only when asked. Move them first: "
        "x.to_device('cpu') (array_api_compat.to_device(x, 'cpu') gives a NumPy array on "
        f"CuPy), or keep the work in the namespace; {_flag_note()}"
    ))


def refuse_index_conversion() -> TypeError:
    """CuPy's arrays have no ``__index__``."""
    return refused(TypeError, "cupy", (
        "__index__(): CuPy's arrays have no __index__ (a 0-d array is no Python index: "
        "range(k), operator.index(k) and list[k] fail on CuPy); convert with int(k), "
        f"which copies the value to the host; {_flag_note()}"
    ))


def check_dlpack_import(source: Any, device: Any) -> None:
    """CuPy's refusals in ``from_dlpack``: any ``device=`` but the CPU (it takes none),
    and memory on the CPU without one (it imports device memory only)."""
    if "cupy" not in libraries():
        return
    if device is not None and device != "cpu" and getattr(device, "name", None) != "cpu":
        raise refused(NotImplementedError, "cupy", (
            "from_dlpack(): CuPy's from_dlpack does not support device yet (any device=); "
            f"import without it, then move with to_device(); {_flag_note()}"
        ))
    if device is None and not (hasattr(source, "_storage") and on_library_device(source)):
        raise refused(TypeError, "cupy", (
            "from_dlpack(): CPU arrays cannot be directly imported to CuPy: its from_dlpack "
            "takes device memory only. Use xp.asarray(source), which copies to the device; "
            f"{_flag_note()}"
        ))


SETTINGS_GIVING_NUMPY_DEFAULTS = {"torch": ("torch_default_dtype", "float64"),
                                  "jax": ("jax_enable_x64", True)}
"""The library setting under which a library's default dtypes on the CPU are NumPy's
(PyTorch's default dtype float64; JAX with its 64-bit types, which also makes every dtype
it would narrow)."""


def library_setting(name: str) -> object:
    """The library setting ``name`` in force (the library_settings flag), else the
    library's own default."""
    return dict(value("library_settings")).get(name, LIBRARY_SETTINGS[name][0])


def _set_to_numpy_defaults(library: str) -> bool:
    setting = SETTINGS_GIVING_NUMPY_DEFAULTS.get(library)
    return setting is not None and library_setting(setting[0]) == setting[1]


def cpu_default_dtype_names() -> dict[str, str] | None:
    """The profile's default dtypes on the CPU by kind, where its library's differ from
    NumPy's (and the suite has not set them to NumPy's); None otherwise."""
    library = first(CPU_DEFAULT_DTYPE_NAMES)
    if library is None or _set_to_numpy_defaults(library):
        return None
    return CPU_DEFAULT_DTYPE_NAMES[library]


_DTYPES_BY_NAME = {dtype.name: dtype for dtype in ALL_DTYPES}
_KIND_OF_WIDE_DEFAULT = {"float64": "real floating", "complex128": "complex floating"}


def library_default(dtype: DType) -> DType:
    """The dtype the profile's library gives where NumPy gives its default ``dtype``
    (float64 for an integer input of ``sqrt``, ``1 / 2``, an int array and a Python
    float): PyTorch's float32; ``dtype`` itself for any other dtype or no profile."""
    kind = _KIND_OF_WIDE_DEFAULT.get(dtype.name)
    names = None if kind is None else cpu_default_dtype_names()
    if names is None or kind is None:
        return dtype
    diverged(NARROWER_DEFAULT_DTYPES)
    return _DTYPES_BY_NAME[names[kind]]


_NUMPY_DEFAULT_NAMES = {"integral": "int64", "real floating": "float64",
                        "complex floating": "complex128"}
_SCALAR_KINDS = ((complex, "complex floating"), (float, "real floating"), (int, "integral"))


def scalars_alone_dtype(scalars: list[Any]) -> DType | None:
    """``result_type`` of Python scalars alone, which the standard refuses and every
    profiled library answers: its default dtype of the highest kind among them (bool for
    bools alone); None without a profile, and under array-api-strict's, which refuses
    as the standard does."""
    if not libraries() or libraries() == ("strict",):
        return None
    names = cpu_default_dtype_names() or _NUMPY_DEFAULT_NAMES
    for python_type, kind in _SCALAR_KINDS:
        if any(isinstance(scalar, python_type) and not isinstance(scalar, bool)
               for scalar in scalars):
            return narrowed(_DTYPES_BY_NAME[names[kind]])
    return _DTYPES_BY_NAME["bool"]


STORAGE_ONLY = {"torch": frozenset({"uint16", "uint32", "uint64"})}
"""The dtypes each profile's library stores but computes little with (PyTorch's uint16,
uint32 and uint64: creation, casts, ==, !=, &, |, ^, *, /, sorting, unique, flip, take,
take_along_axis and indexing; flip and the takes since PyTorch 2.14)."""

_INTEGERS = frozenset(dtype.name for dtype in ALL_DTYPES if is_kind(dtype, "integer or boolean"))


class Lack(NamedTuple):
    """A function a library lacks for some dtypes: which (None: every one), the exception
    it raises, and what to do instead."""

    dtypes: frozenset[str] | None
    error: type[Exception]
    instead: str


_STORAGE_ONLY_LACK = Lack(
    STORAGE_ONLY["torch"], NotImplementedError,
    "PyTorch's uint16, uint32 and uint64 are for storage (creation, casts, ==, !=, &, |, ^, "
    "*, /, sorting, unique, flip, take and indexing); compute in a signed or wider type "
    "(astype(x, int64)) and cast back, or keep uint8 and the signed integers",
)
_FLOATING_ONLY = Lack(
    _INTEGERS, NotImplementedError,
    "PyTorch computes it for floating-point arrays only; cast with astype() first",
)
_FLOATING_INPUT = Lack(
    _INTEGERS, RuntimeError,
    "PyTorch takes floating-point or complex arrays only; cast with astype() first",
)

LACKS: dict[str, dict[str, Lack]] = {"torch": {
    **dict.fromkeys((
        # element-wise
        "abs", "add", "bitwise_invert", "bitwise_left_shift", "bitwise_right_shift",
        "floor_divide", "greater", "greater_equal", "less", "less_equal", "maximum",
        "minimum", "negative", "pow", "remainder", "sign", "square", "subtract",
        # others
        "argmax", "argmin", "clip", "count_nonzero", "diff", "isin", "linspace",
        "matmul", "max", "min", "nonzero", "searchsorted",
        "tensordot", "tril", "triu", "vecdot",
        "__setitem__",  # with a boolean mask ("masked_fill"); other keys write
    ), _STORAGE_ONLY_LACK),
    **dict.fromkeys(("hypot", "logaddexp", "nextafter"), _FLOATING_ONLY),
    **dict.fromkeys((
        "mean", "std", "var", "linalg.inv", "linalg.det", "linalg.vector_norm",
        "linalg.matrix_norm", "linalg.cholesky", "linalg.eigh", "linalg.eigvalsh",
        "linalg.slogdet", "linalg.solve", "linalg.svd", "linalg.svdvals", "linalg.qr",
        "linalg.pinv", "linalg.matrix_rank",
    ), _FLOATING_INPUT),
    "unique_all": Lack(None, NotImplementedError,
                       "array_api_compat.torch has no unique_all; use unique_inverse and "
                       "unique_counts"),
}, "dask": {
    **{name: Lack(None, AttributeError,
                  f"array_api_compat.dask.array has no {name}; {instead}")
       for name, instead in (
           ("take_along_axis", "index one axis at a time, or use take"),
           ("broadcast_shapes", "broadcast the arrays themselves (broadcast_arrays) and "
                                "read their shape"),
           ("from_dlpack", "use asarray"),
           ("linalg.det", "compute it from linalg.qr's R (the product of its diagonal, "
                          "with Q's sign)"),
           ("linalg.slogdet", "compute it from linalg.qr's R"),
           ("linalg.eigh", "compute it on NumPy and convert"),
           ("linalg.eigvalsh", "compute it on NumPy and convert"),
           ("linalg.eig", "compute it on NumPy and convert"),
           ("linalg.eigvals", "compute it on NumPy and convert"),
           ("linalg.pinv", "solve with linalg.solve, or use linalg.svd(full_matrices=False)"),
           ("linalg.matrix_power", "multiply with matmul"),
           ("linalg.cross", "write the three components with element-wise functions"),
       )},
    "linalg.svdvals": Lack(None, ValueError,
                           "Dask's svd supports full_matrices=False only, which svdvals does "
                           "not pass; take linalg.svd(x, full_matrices=False)[1]"),
    "linalg.matrix_rank": Lack(None, TypeError,
                               "array_api_compat's Dask matrix_rank calls svd with an argument "
                               "Dask's svd lacks; count the singular values of "
                               "linalg.svd(x, full_matrices=False)[1] above a tolerance"),
}}
"""What each profile's library lacks, by function (each measured on PyTorch 2.13 through
array_api_compat.torch, and again on 2.14, which added uint16, uint32 and uint64 to flip,
take and take_along_axis)."""


def check_operation(function: str, *dtypes: DType) -> None:
    """The library's exception when it lacks ``function`` for one of ``dtypes`` (for
    PyTorch: NotImplementedError "not implemented for 'UInt16'", or RuntimeError for an
    integer input of a floating-point function)."""
    for library in libraries():
        lack = LACKS.get(library, {}).get(function)
        if lack is None:
            continue
        for dtype in dtypes:
            if lack.dtypes is None or dtype.name in lack.dtypes:
                what = "" if lack.dtypes is None else f" for {dtype.name}"
                raise refused(lack.error, library, (
                    f"{function}(): not implemented{what} in {LIBRARIES[library]}: "
                    f"{lack.instead}; {_flag_note()}"
                ))


def check_present(function: str) -> None:
    """The library's exception when it lacks ``function`` whatever the dtypes (a function
    of no array, as ``from_dlpack``)."""
    for library in libraries():
        lack = LACKS.get(library, {}).get(function)
        if lack is not None and lack.dtypes is None:
            raise refused(lack.error, library, (
                f"{function}(): not in {LIBRARIES[library]}: {lack.instead}; {_flag_note()}"
            ))


def _has_no_attribute(lack: Lack | None) -> bool:
    return lack is not None and lack.dtypes is None and lack.error is AttributeError


def lacked_attributes(prefix: str) -> frozenset[str]:
    """The names, under ``prefix`` (``""`` for the namespace, ``"linalg."``), that some
    profile's library has no attribute for: hidden from ``hasattr`` under that profile."""
    return frozenset(
        qualified.removeprefix(prefix)
        for lacks in LACKS.values()
        for qualified, lack in lacks.items()
        if _has_no_attribute(lack) and qualified.startswith(prefix)
        and "." not in qualified.removeprefix(prefix)
    )


def refuse_lacked_attribute(module: str, qualified: str) -> None:
    """AttributeError, as the library's namespace gives, for reading the attribute
    ``qualified`` (``"take_along_axis"``, ``"linalg.det"``) of ``module`` while a profile
    whose library has no such attribute is in force."""
    for library in libraries():
        lack = LACKS.get(library, {}).get(qualified)
        if _has_no_attribute(lack):
            assert lack is not None
            raise refused(AttributeError, library, (
                f"module {module!r} has no attribute {qualified.rpartition('.')[2]!r} "
                f"under profile {value('profile')!r}, as {LIBRARIES[library]}: "
                f"{lack.instead} (array_api_reshape.flags.set(profile=None) answers as "
                "NumPy does)"
            ), f"{module}.{qualified.rpartition('.')[2]}")


INDEX_DTYPES = {"torch": frozenset({"int32", "int64"})}
"""The integer dtypes each profile's library takes as index arrays (PyTorch reads a
uint8 array as a boolean mask, and refuses the others)."""


def index_array_rule(function: str, dtype: DType) -> str | None:
    """How the profile's library takes an integer index array of ``dtype`` in
    ``function``: None as NumPy does, ``"mask"`` as a boolean mask (PyTorch's uint8, with
    a warning); it raises for the dtypes it refuses (PyTorch: IndexError in indexing,
    RuntimeError in take and take_along_axis)."""
    library = first(INDEX_DTYPES)
    if library is None:
        return None
    if dtype.name in INDEX_DTYPES[library] or not is_kind(dtype, "integer"):
        return None
    if function in ("__getitem__", "__setitem__"):
        if dtype.name == "uint8" and value("profile") != "lowest":
            return "mask"  # (under "lowest" refused: NumPy reads positions there)
        raise refused(IndexError, library, (
            f"{function}(): {LIBRARIES[library]} takes index arrays of int64 and int32 (and "
            f"bool masks) only, not {dtype.name}: cast them with astype(i, int64); "
            f"{_flag_note()}"
        ))
    raise refused(RuntimeError, library, (
        f"{function}(): {LIBRARIES[library]} expects 'indices' of int32 or int64, not "
        f"{dtype.name}: cast them with astype(indices, int64); {_flag_note()}"
    ))


def uint8_mask_warning(function: str) -> UserWarning:
    """The warning the profile's library gives where it reads a uint8 index as a mask."""
    return refused(UserWarning, "torch", (
        f"{function}(): {LIBRARIES['torch']} reads a uint8 index array as a boolean mask "
        "(indexing with uint8 is deprecated there), not as positions as NumPy does: "
        f"index with int64 positions or a bool mask; {_flag_note()}"
    ))



def division_by_zero_error(function: str) -> RuntimeError:
    """The profile's library's error for an integer division by zero in ``function``."""
    library = behaving(INTEGER_DIVISION_BY_ZERO_RAISES) or "torch"
    return refused(RuntimeError, library, (
        f"{function}(): ZeroDivisionError: {LIBRARIES[library]} raises for an integer "
        "division by zero, where NumPy gives 0; test the divisor first (xp.where(d == 0, "
        f"..., x // d) still divides: divide by xp.where(d == 0, 1, d)); "
        f"{_flag_note()}"
    ))



def partial_overlap_error(operation: str) -> RuntimeError:
    """The profile's library's error for such a write, in ``operation``."""
    library = behaving(PARTIAL_OVERLAP_RAISES) or "torch"
    return refused(RuntimeError, library, (
        f"{operation}(): {LIBRARIES[library]} refuses this write: the value read shares "
        "some, but not all, of the written elements' memory, which it cannot order "
        "safely (NumPy copies the value first). Copy the value first: "
        f"xp.asarray(value, copy=True); {_flag_note()}"
    ))


def refuse_immutable_write(call: str) -> None:
    """The profile's library's error for a write into an array it makes immutable (JAX:
    TypeError), where the profile sets the writeable flag off."""
    if "jax" in libraries():
        raise refused(TypeError, "jax", (
            f"{call}: JAX arrays are immutable: they take no item assignment (x[i] = v, "
            "x[i] += v). Write x = array_api_extra.at(x, i).set(v) (JAX's x.at[i].set(v)), "
            f"which returns a new array; {_flag_note()}"
        ))



def clamped_key(key: Any, shape: tuple[int, ...]) -> Any:
    """A basic key with each int (or 0-d integer array) clamped into its axis (JAX's
    reads, noted as a divergence where one was out of bounds); other items as they are."""
    def clamped(position: int, size: int) -> int | None:
        if size and not -size <= position < size:
            diverged(OUT_OF_BOUNDS_READS_CLAMP, function="__getitem__()")
            return min(max(position, -size), size - 1)
        return None

    return _ints_changed(key, shape, clamped)


def dropped_key(key: Any, shape: tuple[int, ...]) -> Any:
    """A basic key for a write with each out-of-bounds int (or 0-d integer array) made an
    empty slice, so that the write changes nothing there (JAX's writes drop them; noted as
    a divergence)."""
    def dropped(position: int, size: int) -> slice | None:
        if -size <= position < size:
            return None
        diverged(OUT_OF_BOUNDS_WRITES_DROP, function="__setitem__()")
        return slice(0, 0)

    return _ints_changed(key, shape, dropped)


def _ints_changed(key: Any, shape: tuple[int, ...], change: Any) -> Any:
    """``key`` with each int (or 0-d integer array) item replaced by ``change(position,
    size of its axis)`` unless that is None, the axes counted around None and Ellipsis."""
    items = key if key.__class__ is tuple else (key,)
    consuming = sum(1 for item in items if item is not None and item is not Ellipsis)
    changed, axis = [], 0
    for item in items:
        if item is Ellipsis:
            axis += max(len(shape) - consuming, 0)
        elif item is not None:
            position = _integer_position(item)
            if position is not None and axis < len(shape):
                new = change(position, shape[axis])
                item = item if new is None else new
            axis += 1
        changed.append(item)
    return tuple(changed) if key.__class__ is tuple else changed[0]


def _integer_position(item: Any) -> int | None:
    """An int key item, or a 0-d integer array's value; None for anything else."""
    if item.__class__ is int:
        return item
    if getattr(item, "ndim", None) == 0 and (item.dtype.__class__ is DType
                                             and is_kind(item.dtype, "integer")):
        return operator.index(item)
    return None



REFUSED_ARGUMENTS: dict[str, dict[tuple[str, str], tuple[type[Exception], str]]] = {"dask": {
    ("reshape", "copy=False"): (
        AttributeError,
        "array_api_compat's Dask reshape fails on copy=False (AttributeError: can't set "
        "attribute); leave copy to its default",
    ),
    ("repeat", "an array of repeats"): (
        NotImplementedError, "Dask repeats by one int only; repeat with an int"),
    ("repeat", "axis=None for more than one dimension"): (
        NotImplementedError, "Dask needs an axis; reshape to one dimension first"),
    ("searchsorted", "a Python scalar as x2"): (
        AttributeError, "Dask's searchsorted takes an array; pass xp.asarray([value])"),
    ("searchsorted", "a 0-d array as x2"): (
        TypeError, "Dask's searchsorted takes a 1-d array; pass xp.reshape(x2, (1,))"),
    ("searchsorted", "sorter"): (
        NotImplementedError, "Dask's searchsorted takes no sorter; sort x1 first "
        "(xp.take(x1, sorter))"),
    ("eye", "more columns than rows"): (
        ValueError, "Dask's eye(n, m) with m > n fails when it computes (a missing "
        "piece of its graph, dask/dask#11937); build it as eye(m)[:n] or "
        "matrix_transpose(eye(m, n))"),
    ("linalg.cholesky", "upper=True"): (
        AttributeError, "array_api_compat's Dask cholesky fails on upper=True; take "
        "matrix_transpose of the lower factor (and mind that Dask gives the upper factor "
        "where the lower one is asked for)"),
    ("linalg.qr", "mode='complete'"): (
        ValueError, "Dask's qr gives mode='reduced' only"),
    ("linalg.svd", "full_matrices=True"): (
        ValueError, "Dask's svd gives full_matrices=False only (and not the default "
        "True): pass full_matrices=False"),
    **{(function, "a stack of matrices"): (
        ValueError, "Dask's linalg works on one matrix (two dimensions) at a time")
       for function in ("linalg.inv", "linalg.solve", "linalg.cholesky")},
}}
"""The arguments each profile's library refuses in a function, with its exception and the
way out, by (function, argument as written)."""


def refuse_argument(function: str, argument: str) -> None:
    """The profile's library's exception for ``argument`` in ``function``, when it
    refuses it (``REFUSED_ARGUMENTS``)."""
    for library in libraries():
        refusal = REFUSED_ARGUMENTS.get(library, {}).get((function, argument))
        if refusal is not None:
            error, advice = refusal
            raise refused(error, library, (
                f"{function}(): {LIBRARIES[library]} refuses {argument}: {advice}; "
                f"{_flag_note()}"
            ))


def warn_of_answer(behaviour: Behaviour, library: str, function: str) -> None:
    """Warn, at the user's line, that the profile gives ``library``'s answer to
    ``function`` as ``behaviour`` says: for an answer the library gives without a word
    where it is wrong for the question asked (Dask's upper Cholesky factor)."""
    name = LIBRARIES[library]
    warnings.warn(refused(UserWarning, library, (
        f"{function}(): {'; '.join(behaviour.said(name))}; "
        f"the profile gives {name}'s answer; {_flag_note()}"
    )), stacklevel=user_stack_level())


SCALARS_REFUSED_BEFORE_COMPAT_1_16 = {
    **dict.fromkeys(("atan2", "hypot", "logaddexp", "maximum", "minimum", "nextafter",
                     "logical_and", "logical_or", "logical_xor"), (1, 2)),
    **dict.fromkeys(("copysign", "equal", "not_equal", "greater", "greater_equal", "less",
                     "less_equal"), (1,)),
}
"""The element-wise functions whose PyTorch wrappers in array-api-compat before 1.16 refuse
a Python scalar, by the positions refused (measured through SciPy's vendored 1.13 and
scikit-learn's 1.15: ``minimum(x, 1.5)`` is a TypeError; the operators take scalars)."""

_POSITION_NAMES = {1: "input", 2: "other"}


def check_scalar_operands(function: str, x1: Any, x2: Any) -> None:
    """PyTorch's TypeError, through array-api-compat before 1.16, for a Python scalar as an
    operand of ``function`` (the namespace's function, not an operator)."""
    positions = SCALARS_REFUSED_BEFORE_COMPAT_1_16.get(function)
    if positions is None or "torch" not in libraries() or str(
            library_setting("array_api_compat")) >= "1.16":
        return
    for position, operand in ((1, x1), (2, x2)):
        if position in positions and operand.__class__ in (bool, int, float, complex):
            raise refused(TypeError, "torch", (
                f"{function}(): argument '{_POSITION_NAMES[position]}' (position "
                f"{position}) must be Tensor, not {operand.__class__.__name__}: "
                f"array-api-compat {library_setting('array_api_compat')}'s PyTorch "
                f"{function} takes tensors only; pass xp.asarray of the scalar, or "
                f"array-api-compat 1.16; {_flag_note()}"
            ))


def refuse_transform_length(function: str, points: int) -> None:
    """PyTorch's RuntimeError for a transform of fewer than one point (``n=0``), where
    the default's is a ValueError."""
    if "torch" in libraries():
        raise refused(RuntimeError, "torch", (
            f"Invalid number of data points ({points}) specified: so says "
            f"{LIBRARIES['torch']} in {function}; give each transformed axis at least one "
            f"point; {_flag_note()}"
        ))


def check_correction(function: str, correction: float) -> None:
    """NotImplementedError where the profile's library refuses ``correction`` (PyTorch's
    std takes no fractional correction)."""
    if (function == "std" and isinstance(correction, float) and not correction.is_integer()
            and "torch" in libraries()):
        raise refused(NotImplementedError, "torch", (
            f"std(): {LIBRARIES['torch']} takes no fractional 'correction' in std "
            f"(got {correction}); take xp.sqrt(xp.var(x, correction=...)); "
            f"{_flag_note()}"
        ))


UNSIGNED_ACCUMULATOR = {"torch": "int64"}
"""The dtype each profile's library sums unsigned integers in, where it is not uint64
(PyTorch: int64, for sum, prod and their cumulative forms)."""


def unsigned_accumulator() -> DType | None:
    """The dtype the profile's library accumulates unsigned integers in, where it is not
    the standard's uint64; None otherwise."""
    library = first(UNSIGNED_ACCUMULATOR)
    if library is None:
        return None
    diverged(UNSIGNED_SUMS_IN_INT64, library)
    return _DTYPES_BY_NAME[UNSIGNED_ACCUMULATOR[library]]


def check_accumulation(function: str, dtype: DType) -> None:
    """NotImplementedError when the profile's library cannot accumulate (sum, prod and
    their cumulative forms) in ``dtype``, asked for by name (PyTorch: in uint16, uint32
    and uint64, whatever the input)."""
    library = first(STORAGE_ONLY)
    if library is not None and dtype.name in STORAGE_ONLY[library]:
        raise refused(NotImplementedError, library, (
            f"{function}(): {LIBRARIES[library]} cannot accumulate in {dtype.name}, whose "
            "uint16, uint32 and uint64 are for storage; accumulate in int64 "
            f"(dtype=int64) and cast back with astype() if need be; {_flag_note()}"
        ))


CROSS_KIND_PROMOTION = {"jax": "the floating operand's", "torch": "the floating operand's",
                        "dask": "NumPy's", "cupy": "NumPy's"}
"""How each profile's library promotes an integer dtype with a floating one: as the
default does (the floating operand's dtype, as PyTorch and JAX do), or as NumPy does (Dask
and CuPy compute as NumPy: int64 with float32 is float64). Under "lowest", JAX's."""

_WIDE_ENOUGH = {"float32": ("int8", "uint8", "int16", "uint16", "bool"),
                "complex64": ("int8", "uint8", "int16", "uint16", "bool")}
_WIDER = {"float32": "float64", "complex64": "complex128"}


def cross_kind_promotion(a: DType, b: DType) -> DType | None:
    """The profile's library's promotion of an integer (or bool) dtype with a floating
    one, where it is NumPy's (``CROSS_KIND_PROMOTION``): the floating dtype when it holds every
    value of the integer one exactly, else its wider kin; None elsewhere (the default's
    answer)."""
    library = first(CROSS_KIND_PROMOTION)
    if library is None or CROSS_KIND_PROMOTION[library] != "NumPy's":
        return None
    floating, other = (a, b) if is_kind(a, "floating-point") else (b, a)
    if not is_kind(floating, "floating-point") or is_kind(other, "floating-point"):
        return None
    if floating.name in _WIDER and other.name not in _WIDE_ENOUGH[floating.name]:
        diverged(NUMPY_CROSS_KIND_PROMOTION, library)
        return _DTYPES_BY_NAME[_WIDER[floating.name]]
    return floating


TORCH_DTYPE_NAMES = {"bool": "Bool", "int8": "Char", "int16": "Short", "int32": "Int",
                     "int64": "Long", "uint8": "Byte", "uint16": "UInt16", "uint32": "UInt32",
                     "uint64": "UInt64", "float32": "Float", "float64": "Double",
                     "complex64": "ComplexFloat", "complex128": "ComplexDouble"}
"""PyTorch's names of the dtypes, as its messages give them."""


def check_promotion(a: DType, b: DType, function: str) -> None:
    """RuntimeError when the profile's library does not promote ``a`` with ``b``
    (PyTorch: a uint16, uint32 or uint64 with any other integer dtype), its message
    starting with PyTorch's own."""
    library = first(STORAGE_ONLY)
    if library is None or a is b:
        return
    storage_only = STORAGE_ONLY[library]
    if (a.name in storage_only or b.name in storage_only) and (
        is_kind(a, "integer") and is_kind(b, "integer")
    ):
        raise refused(RuntimeError, library, (
            "Promotion for uint16, uint32, uint64 types is not supported, attempted to "
            f"promote {TORCH_DTYPE_NAMES[a.name]} and {TORCH_DTYPE_NAMES[b.name]}: so says "
            f"{LIBRARIES[library]} in {function}; cast both to one integer dtype with astype "
            f"first; {_flag_note()}"
        ))


def dtype_is_listed(dtype: DType) -> bool:
    """False for the dtypes the profile's library leaves out of its inspection's
    ``dtypes()`` (PyTorch's uint16, uint32 and uint64; JAX's 64-bit types)."""
    return all(dtype.name not in STORAGE_ONLY.get(library, ())
               and (dtype.name not in NARROWER.get(library, {})
                    or _set_to_numpy_defaults(library)) for library in libraries())


def narrowed(dtype: DType) -> DType:
    """The dtype the profile's library makes where ``dtype`` is asked for or computed
    (JAX's float32 for float64, without its 64-bit types); ``dtype`` itself elsewhere."""
    library = first(NARROWER)
    if library is not None and _set_to_numpy_defaults(library):
        return dtype
    name = None if library is None else NARROWER[library].get(dtype.name)
    if name is None:
        return dtype
    diverged(NARROWED_DTYPES, library)
    return _DTYPES_BY_NAME[name]


def requested(dtype: DType, function: str) -> DType:
    """``dtype``, asked for by name in ``function``; where the profile's library makes
    another, a warning says so, as the library's does (the array is made narrower)."""
    narrow = narrowed(dtype)
    if narrow is not dtype:
        library = first(NARROWER) or "jax"
        warnings.warn(refused(UserWarning, library, (
            f"{function}(): {dtype.name} was asked for, but {LIBRARIES[library]} without "
            f"its 64-bit types (its default) makes {narrow.name} instead; ask for "
            f"{narrow.name}, or take the default dtypes; {_flag_note()}"
        )), stacklevel=user_stack_level())
    return dtype


def refused(kind: type[E], library: str, message: str, function: str | None = None) -> E:
    """The error (or warning) ``kind(message)`` for a refusal of ``library``'s, carrying
    its finding (of ``function``, else the package function user code called)."""
    return mode_error(kind, message, "profile", function, LIBRARIES[library])


def _flag_note() -> str:
    # no parentheses: suites match a library's message as a regular expression
    return (f"the profile flag is {value('profile')!r}, and "
            "array_api_reshape.flags.set with profile=None answers as NumPy does")


def check_key(key: Any, operation: str) -> None:
    """Refuse an indexing key the profile's library refuses, for ``operation``
    (``"__getitem__"``, ``"__setitem__"``): PyTorch has no negative-step slices, JAX
    takes no list."""
    in_force = libraries()
    if "jax" in in_force and (key.__class__ is list or (
        key.__class__ is tuple and any(item.__class__ is list for item in key)
    )):
        raise refused(TypeError, "jax", (
            f"{operation}(): JAX takes no list as an index (it reads a sequence as a tuple "
            "of indices, NumPy as an index array): index with an array, "
            f"x[xp.asarray(positions)]; {_flag_note()}"
        ))
    if "torch" in in_force:
        for item in key if key.__class__ is tuple else (key,):
            if item.__class__ is slice and _negative(item.step):
                raise refused(ValueError, "torch", (
                    f"{operation}(): step must be greater than zero: {LIBRARIES['torch']} "
                    "refuses negative-step slices, in reads and in writes. To reverse "
                    "portably, use xp.flip(x, axis=...) (a copy in PyTorch: write into "
                    "x through an index array, x[xp.arange(n - 1, -1, -1)] = values); "
                    f"{_flag_note()}"
                ))


def _negative(step: Any) -> bool:
    """True for a step that is a negative integer (other steps are the key check's)."""
    if step is None:
        return False
    try:
        return operator.index(step) < 0
    except TypeError:
        return False
