"""
A profile's rules for a call of a namespace function, as tables: what the profile's library
refuses in the call (``CALL_RULES``: an argument, a dtype, the function itself) and where it
answers the call otherwise than NumPy (``CALL_ANSWERS``: a behaviour of ``_behaviours``).

A chapter asks two hooks and never a profile's record itself:

    check_call("searchsorted", x2=x2, sorter=sorter)   # the library's refusals, if any
    if answers_otherwise("flip"):                       # the library's answer instead
        ...

``check_call`` gets the call's arguments by name where the chapter checks them, and runs
each rule of the function that reads only arguments it was given, in the table's order; a
refusal raises the library's own exception with its words (``_profiles``,
``_strict_rules``). Both hooks read ``MODES.profile`` first: while no profile may be in
force, each is one call that answers "no".

Pure Python: names and arguments in, exceptions (or a bool) out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .._kernels._storage import Storage
from . import _strict_rules as strict_rules
from ._behaviours import (
    BOOLS_SUM_AS_INTEGERS,
    CHOLESKY_GIVES_THE_UPPER_FACTOR,
    FLIP_COPIES,
    SVD_GIVES_A_PLAIN_TUPLE,
    Behaviour,
)
from ._flag_state import MODES
from ._profiles import (
    behaving,
    check_accumulation,
    check_correction,
    check_dlpack_import,
    check_operation,
    check_present,
    diverged,
    index_array_rule,
    refuse_argument,
    refuse_transform_length,
    warn_of_answer,
)


class CallRule(NamedTuple):
    """One rule of the profiles for a call: the arguments it reads, by the names the call
    gives them, and its check, called with the function's name and those arguments,
    which raises where the library in force refuses them."""

    reads: tuple[str, ...]
    check: Callable[..., None]


def _is_array(value: Any) -> bool:
    """True for one of our arrays (read structurally: this module sits below the class)."""
    return isinstance(getattr(value, "_storage", None), Storage)


class Refused:
    """The check of an argument the library may refuse: ``argument``, its words in
    ``_profiles.REFUSED_ARGUMENTS``, is in the call when ``given`` of the arguments read
    says so."""

    __slots__ = ("argument", "given")

    def __init__(self, argument: str, given: Callable[..., bool]) -> None:
        self.argument = argument
        self.given = given

    def __call__(self, function: str, *values: Any) -> None:
        if self.given(*values):
            refuse_argument(function, self.argument)


def _lacked(function: str) -> None:
    """The library's error where it has no such function (``_profiles.LACKS``)."""
    check_present(function)


def _dlpack_import(function: str, x: Any, device: Any) -> None:
    """The library's refusals of what ``from_dlpack`` imports, and onto which device."""
    check_dlpack_import(x, device)


def _lacked_for(function: str, dtype: Any) -> None:
    """The library's error where it has no such function for ``dtype``."""
    check_operation(function, dtype)


def _tuple_required(argument: str) -> Callable[..., None]:
    """array-api-strict's refusal of a shape-like ``argument`` that is not a tuple."""
    def check(function: str, given: Any) -> None:
        strict_rules.refuse_sequence_shape(function, argument, given)

    return check


def _no_nested_arrays(function: str, obj: Any) -> None:
    """array-api-strict's refusal of a list or tuple of arrays given as data."""
    if isinstance(obj, (list, tuple)) and any(_is_array(item) for item in obj):
        strict_rules.refuse_nested_arrays(function)


def _standard_data(function: str, numpy_type: str) -> None:
    """array-api-strict's words for data of a type no dtype holds."""
    strict_rules.refuse_unsupported_data(numpy_type)


def _one_dtype(function: str, dtypes: tuple[Any, Any]) -> None:
    """array-api-strict's error for arrays of two dtypes (the first two that differ)."""
    strict_rules.refuse_mixed_dtypes(function, *dtypes)


def _strict_operands(function: str, x: Any, operand: Any) -> None:
    """array-api-strict's refusal of an operand that is no array nor Python scalar."""
    if strict_rules.in_force():
        strict_rules.check_operands(function, x, operand, x.__class__)


def _ordered_bounds(function: str, low: Any, high: Any) -> None:
    """array-api-strict's refusal of Python scalar bounds in the wrong order."""
    strict_rules.refuse_empty_clip(low, high)


def _int_in_range(function: str, dtype: Any, scalar: Any) -> None:
    """array-api-strict's refusal of a Python int outside an integer dtype's range."""
    strict_rules.check_int_range(function, dtype, scalar)


def _index_dtype(function: str, indices: Any) -> None:
    """The library's refusal of an index array's integer dtype."""
    index_array_rule(function, indices.dtype)


def _accumulated_in(function: str, dtype: Any) -> None:
    """The library's refusal of an accumulator dtype asked for by name."""
    check_accumulation(function, dtype)


def _fractional_correction(function: str, correction: Any) -> None:
    """The library's refusal of a fractional degrees-of-freedom correction."""
    check_correction(function, correction)


def _points(function: str, points: int) -> None:
    """The library's error for a transform of fewer than one point."""
    refuse_transform_length(function, points)


def _is_stack(x: Any) -> bool:
    return x.ndim > 2


_STACK = Refused("a stack of matrices", _is_stack)
_TRANSFORMS = ("fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft",
               "ihfft")
_ACCUMULATIONS = ("sum", "prod", "cumulative_sum", "cumulative_prod")

CALL_RULES: dict[str, tuple[CallRule, ...]] = {
    "asarray": (CallRule(("obj",), _no_nested_arrays),
                CallRule(("data_type",), _standard_data)),
    "from_dlpack": (CallRule((), _lacked), CallRule(("x", "device"), _dlpack_import)),
    "eye": (CallRule(("n_rows", "n_cols"),
                     Refused("more columns than rows", lambda rows, columns: columns > rows)),),
    "linspace": (CallRule(("dtype",), _lacked_for),),
    "meshgrid": (CallRule(("dtypes",), _one_dtype),),
    "reshape": (CallRule(("shape",), _tuple_required("shape")),
                CallRule(("copy",), Refused("copy=False", lambda copy: copy is False))),
    "tile": (CallRule(("repetitions",), _tuple_required("repetitions")),),
    "broadcast_shapes": (CallRule((), _lacked),),
    "repeat": (CallRule(("repeats",), Refused("an array of repeats", _is_array)),
               CallRule(("x", "axis"), Refused("axis=None for more than one dimension",
                                               lambda x, axis: axis is None and x.ndim > 1))),
    "searchsorted": (
        CallRule(("x2",), Refused("a Python scalar as x2", lambda x2: not _is_array(x2))),
        CallRule(("x2",), Refused("a 0-d array as x2",
                                  lambda x2: _is_array(x2) and x2.ndim == 0)),
        CallRule(("sorter",), Refused("sorter", lambda sorter: sorter is not None)),
    ),
    "isin": (CallRule(("dtype",), _lacked_for),),
    "take": (CallRule(("indices",), _index_dtype),),
    "take_along_axis": (CallRule(("indices",), _index_dtype),),
    "clip": (CallRule(("x", "bound"), _strict_operands),
             CallRule(("min", "max"), _ordered_bounds)),
    "result_type": (CallRule(("dtype", "scalar"), _int_in_range),),
    **dict.fromkeys(_ACCUMULATIONS, (CallRule(("dtype",), _accumulated_in),)),
    "std": (CallRule(("correction",), _fractional_correction),),
    **dict.fromkeys((f"fft.{name}" for name in _TRANSFORMS), (CallRule(("points",), _points),)),
    "linalg.cholesky": (CallRule(("x",), _STACK),
                        CallRule(("upper",), Refused("upper=True", lambda upper: upper))),
    "linalg.inv": (CallRule(("x",), _STACK),),
    "linalg.solve": (CallRule(("x1",), _STACK),),
    "linalg.qr": (CallRule(("mode",), Refused("mode='complete'",
                                               lambda mode: mode == "complete")),),
    "linalg.svd": (CallRule(("full_matrices",), Refused("full_matrices=True",
                                                         lambda full: full is True)),),
}
"""Each namespace function some profile's library refuses something of, and its rules, in
the order they are checked."""


def check_call(function: str, /, **arguments: Any) -> None:
    """The errors of the profile's library for this call of ``function``, whose
    ``arguments`` (by name) the chapter hands over where it checks them: each rule of
    ``CALL_RULES[function]`` that reads only given arguments runs, in order. Nothing while
    no profile may be in force."""
    if not MODES.profile:
        return
    for rule in CALL_RULES.get(function, ()):
        if all(name in arguments for name in rule.reads):
            rule.check(function, *[arguments[name] for name in rule.reads])


CALL_ANSWERS: dict[str, Behaviour] = {
    "flip": FLIP_COPIES,
    "sum": BOOLS_SUM_AS_INTEGERS,
    "prod": BOOLS_SUM_AS_INTEGERS,
    "linalg.cholesky": CHOLESKY_GIVES_THE_UPPER_FACTOR,
    "linalg.svd": SVD_GIVES_A_PLAIN_TUPLE,
}
"""The functions some profile's library answers otherwise than NumPy, each with the
behaviour that says how (the chapter gives that answer where ``answers_otherwise`` says
so: a copy for ``flip``, a plain tuple for ``svd``, ...)."""

WARNED_ANSWERS = frozenset({CHOLESKY_GIVES_THE_UPPER_FACTOR})
"""The answers given with a warning rather than noted quietly: the library answers a
question other than the one asked, without a word."""


def answers_otherwise(function: str) -> bool:
    """True where the profile's library in force answers ``function`` as its behaviour in
    ``CALL_ANSWERS`` says, so that the chapter gives that answer; a divergence is noted at
    the user's line (or warned of, ``WARNED_ANSWERS``). False while no profile may be in
    force."""
    if not MODES.profile:
        return False
    behaviour = CALL_ANSWERS.get(function)
    library = None if behaviour is None else behaving(behaviour)
    if library is None:
        return False
    assert behaviour is not None
    if behaviour in WARNED_ANSWERS:
        warn_of_answer(behaviour, library, function)
    elif behaviour.kind == "divergence":
        diverged(behaviour, library, f"{function}()")
    return True
