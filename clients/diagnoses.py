"""
Why tests of other projects fail on array_api_reshape: one Cause per difference in
behaviour, recognised by the failure message (and, where needed, the test's name).

clients/run.py sorts every failure on our namespace into the first Cause that matches;
a failure no Cause recognises is listed in the report as "not yet diagnosed" with its
message. A Cause that nothing matches any more is dropped from the report: fixed causes
disappear by themselves. Write a Cause after reading the failing test and the code it
calls: which namespace function, which inputs, what we do, what NumPy and
array_api_strict do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Cause:
    title: str
    functions: tuple[str, ...]   # the namespace functions (or protocols) involved
    message: str         # regular expression searched in the failure message
    explanation: str     # inputs, what we do, what NumPy and array_api_strict do, the way out
    suite: str = ""      # regular expression on the suite's name ("" matches any)
    test: str = ""       # regular expression searched in the test's name ("" matches any)
    found: str = ""      # when it was first seen, and how many tests it failed
    fixed: str = ""      # the commit that fixed it; kept so that a return is recognised

    def matches(self, suite: str, test: str, message: str) -> bool:
        return bool(re.search(self.suite, suite) and re.search(self.test, test)
                    and re.search(self.message, message))


CAUSES = (
    Cause(
        title="`mean()` takes no `dtype=`",
        functions=("mean",),
        message=r"mean\(\) got an unexpected keyword argument 'dtype'",
        explanation=(
            "Cubed's `var` and `std` compute each chunk's mean with "
            "`nxp.mean(chunk, dtype=float64, axis=..., keepdims=True)` (complex128 for complex "
            "input; the chunk is float64, or int64 in `test_var_int`). Ours raises `TypeError: "
            "mean() got an unexpected keyword argument 'dtype'`; NumPy accumulates and returns in "
            "the given dtype (an int64 chunk with `dtype=float64` gives a float64 mean); "
            "array_api_strict has no `dtype=` either (the standard's signature has none). "
            "DESIGN.md already promises `mean(..., dtype=)`; it must accept an integer `x` when "
            "`dtype` is floating. Behind it the same tests meet three more differences (found "
            "by running them on a namespace with each one patched over): `nxp.take(a, 0, "
            "axis=axis)` with a Python int index (ours: `TypeError: take(): 'indices' must be an "
            "array_api_reshape Array, got int`; NumPy drops the axis, as `a[..., 0]`); the "
            "mixed int64/float64 operators of the next cause (`n_a * mu_a`, `... / n_ab`, "
            "`a - mu` in `test_var_int`); and `a['n'] - correction`, an int64 array minus a "
            "Python float (ours: `TypeError: subtract(): the standard defines no operation "
            "between an array of int64 and a Python float`; NumPy: float64). With all four "
            "patched over, every Cubed test passes."
        ),
        found='34 Cubed tests at 9a77706',
        fixed='156cb93 (mean takes a floating dtype=)',
    ),
    Cause(
        title="Mixed integer and floating (or complex) operands are refused",
        functions=("divide", "multiply", "add", "subtract", "the operators"),
        message=(r"no type promotion between \S*(u?int\d+ and \S*(float|complex)"
                 r"|(float|complex)\d+ and \S*u?int)"),
        explanation=(
            "Cubed's `mean` divides the per-chunk sums by the per-chunk counts: "
            "`nxp.divide(total, n)` with `total` float64 (complex128 for complex input) and `n` "
            "int64. Ours raises `TypeError: divide(): the standard defines no type promotion "
            "between float64 and int64`; NumPy returns float64 (complex128); array_api_strict "
            "raises as we do (the standard leaves mixed kinds unspecified). DESIGN.md's rule is "
            "NumPy's, PyTorch's and JAX's: the floating (complex) operand's dtype wins. The "
            "operators need it too (Cubed's `var` combines chunks with `(n_a * mu_a + n_b * mu_b) "
            "/ n_ab`, int64 with float64)."
        ),
        found='4 Cubed tests at 9a77706, and behind mean(dtype=) in var and std',
        fixed='70d5afe (promotion where the standard is silent follows NumPy, PyTorch and JAX)',
    ),
    Cause(
        title="An integer array with a Python float is refused",
        functions=("subtract", "the operators"),
        message=r"no operation between an array of \S*int\d+ and a Python float",
        explanation=(
            "Cubed's `var` ends with `nxp.divide(a['n'] - correction)`: an int64 array of counts "
            "minus `correction`, a Python float (0.0 or 1.0). Ours raises `TypeError: "
            "subtract(): the standard defines no operation between an array of int64 and a "
            "Python float`; NumPy gives float64; array_api_strict raises (`Python float "
            "scalars can only be promoted with floating-point arrays`). Same rule as the "
            "mixed-kind promotion: the float decides."
        ),
        found="behind mean(dtype=) in Cubed's var and std",
        fixed="70d5afe (Python scalars promote as NumPy's do)",
    ),
    Cause(
        title="`take()` refuses a Python int index",
        functions=("take",),
        message=r"take\(\): 'indices' must be an \S+ Array, got int",
        explanation=(
            "Cubed's `var` combines pairs of chunk statistics with `nxp.take(a, 0, axis=axis)` "
            "and `nxp.take(a, 1, axis=axis)`. Ours raises `TypeError: take(): 'indices' must be "
            "an array_api_reshape Array, got int` (a 0-d array index: `ValueError: 'indices' "
            "must be one-dimensional`); NumPy drops that axis, as `a[:, 0]` does, and so do JAX "
            "and CuPy; array_api_strict refuses as we do (the standard asks for a 1-D array), "
            "and so does PyTorch's `take`/`index_select`. Cubed relies on NumPy's reading."
        ),
        found='34 Cubed tests once mean(dtype=) was fixed',
        fixed='c0c6307 (take accepts one integer position and drops the axis)',
    ),
    Cause(
        title="Arrays do not unpickle",
        functions=("Array.__reduce__", "pickle.loads"),
        message=r"Array\(\) cannot be called directly",
        explanation=(
            "Cubed's `processes` executor pickles each task's chunks to send them to worker "
            "processes. `pickle.dumps(x)` works (the default reduction of a slotted object), but "
            "`pickle.loads` calls `Array.__new__` without arguments, which refuses: "
            "`TypeError: Array() cannot be called directly; use array_api_reshape.asarray()`. "
            "NumPy arrays round-trip; array_api_strict arrays too. DESIGN.md: arrays pickle "
            "and copy like NumPy's (an `Array.__reduce__` rebuilding through a checked layout)."
        ),
        found='13 Cubed tests (processes executor) at 9a77706',
        fixed="e963e12 (the merge of issue 14's pickling)",
    ),
    Cause(
        title="Refusing an integer array with a float operand: the message does not say dtype",
        functions=("add", "subtract", "multiply", "divide", "pow", "minimum", "maximum",
                   "Array.__setitem__"),
        message=r"Regex pattern did not match",
        suite=r"array-api-extra",
        test=r"test_incompatible_dtype",
        explanation=(
            "`array_api_extra.at(x, idx).<op>(1.1)` with `x = asarray([2, 4])` (int64), `idx` "
            "`slice(None)` or a boolean mask, for add, subtract, multiply, divide, power, min, "
            "max and set. Treated like array_api_strict, the test expects an exception whose "
            "message matches `cast|promote|dtype`. We raise TypeError, rightly, but with "
            "`add(): the standard defines no operation between an array of "
            "array_api_reshape.int64 and a Python float` (likewise for the other functions) "
            "and `__setitem__(): cannot write float 1.1 into an array of "
            "array_api_reshape.int64`, neither of which contains those words; array_api_strict "
            "says `Python float scalars can only be promoted with floating-point arrays.` "
            "(NumPy: in-place arithmetic raises a casting error, set/min/max truncate.) "
            "The way out is in the wording: say `dtype int64` in these messages."
        ),
        found='32 array-api-extra tests at 9a77706',
        fixed="70d5afe (messages say 'cannot promote' and 'cannot cast')",
    ),
)


def cause_of(suite: str, test: str, message: str) -> Cause | None:
    for cause in CAUSES:
        if cause.matches(suite, test, message):
            return cause
    return None


@dataclass(frozen=True)
class ModeFinding:
    """A failure of another project's tests under a portability mode of ours: what the
    mode refused, where in that project's code, and whose the defect is."""

    refusal: str  # how the failure's message starts
    where: str  # the project's code that made the call
    verdict: str


MODE_FINDINGS = (
    ModeFinding(
        "ValueError: __setitem__(): arrays are read-only here",
        "`array_api_extra/_at.py:349` (`_AtOp`, the in-place path of `at()`)",
        "a non-portable write in array-api-extra: `at()` writes in place when "
        "`array_api_compat.is_writeable_array(x)` is true, which it is for every library "
        "but NumPy (by its flag), JAX and sparse; any other read-only library is written into",
    ),
    ModeFinding(
        "ValueError: __ior__(): arrays are read-only here",
        "`array_api_extra/_lib/_helpers.py:100` (`in1d`: `mask |= x1 == a`)",
        "an in-place operator in array-api-extra on a mask it has just made: JAX, which has "
        "no in-place operators, rebinds the name instead; a read-only library that refuses "
        "in-place operators fails",
    ),
    ModeFinding(
        "ValueError: __iand__(): arrays are read-only here",
        "`array_api_extra/_lib/_helpers.py:96` (`in1d`: `mask &= x1 != a`)",
        "as for `|=` above",
    ),
    ModeFinding(
        "ValueError: __array__(): needs the elements",
        "`array_api_extra/_lazy.py:323` (`lazy_apply(..., as_numpy=True)`)",
        "array-api-extra's `lazy_apply` converts its arguments with `numpy.asarray` on every "
        "library but JAX and Dask, the lazy ones it knows; on another lazy library that is an "
        "eager conversion inside a function meant to run under jit",
    ),
    ModeFinding(
        "ValueError: __int__(): needs the array's value",
        "`array_api_extra/_lazy.py:327` (the function `lazy_apply` calls eagerly)",
        "as for `__array__` above: the eager path of `lazy_apply` on a lazy library",
    ),
    ModeFinding(
        "ValueError: unique_values(): needs the values",
        "`array_api_extra/_lazy.py:327` (the function `lazy_apply` calls eagerly)",
        "as for `__array__` above",
    ),
    ModeFinding(
        "ValueError: __bool__(): needs the array's value",
        "`tests/main/test_testing.py` (functions that materialise on purpose, 4 tests)",
        "tests of array-api-extra's own lazy-testing helpers: they expect materialising to "
        "fail on JAX and Dask, which they recognise by name, and to work elsewhere; our lazy "
        "backend fails as JAX does, so these would need it in their JAX branch. Not a defect",
    ),
)
"""The verdicts on every failure of array-api-extra's suite on our strictest backend."""


def mode_finding_of(message: str) -> ModeFinding | None:
    """The known finding a failure's message belongs to, or None."""
    for finding in MODE_FINDINGS:
        if message.startswith(finding.refusal):
            return finding
    return None


@dataclass(frozen=True)
class ViewFinding:
    """A write found by a views mode in another project's code: the failure's message
    matches ``pattern`` (the write and the other array, as our message names them)."""

    pattern: str
    what: str
    where: str
    verdict: str


VIEW_FINDINGS = (
    ViewFinding(
        r"ValueError: __i\w+__\(\) at array_api_extra/_at\.py:347: this write changes elements "
        r"that another array \(made by asarray\(\) at (main/test_at\.py|array_api_extra/_at\.py)",
        "an in-place operator on the temporary view `x[idx]`, whose base `x` is written again "
        "on the same line",
        "`array_api_extra/_at.py:347` (`x[idx] = in_place_op(x[idx], y)`, the in-place path "
        "of `at()`)",
        "harmless in effect, refused in form: `at()` spells `x[idx] op= y` with "
        "`operator.iadd` and friends, so the temporary view is written before `x[idx] = ...` "
        "writes the same values into `x`; nothing reads `x` in between, so `views='error'` "
        "stays silent and the result is the same where views are copies. Under "
        "`error-on-write` the first write is refused, as the standard's advice on view "
        "mutation reads; Python's own `x[idx] += y` would be recognised as one write",
    ),
    ViewFinding(
        r"ValueError: __setitem__\(\) at array_api_extra/_at\.py:349: this write changes "
        r"elements that another array \(made by zeros\(\) at main/test_at\.py",
        "`at(y, idx).set(1)` writing into `y = x[0]`, a view of the test's `x`",
        "`tests/main/test_at.py:329` (`test_gh134`: `y = x[0]`, then `at_op(y, idx, SET, 1, "
        "copy=copy)`)",
        "a non-portable write in array-api-extra's test: with `copy=False` (and `copy=None` "
        "on a writeable library) `at()` writes in place into `y`, which changes `x` where "
        "views share memory and not where they are copies (Dask, the library the test is "
        "about). The test never reads `x` again, so `views='error'` stays silent: the "
        "results do not depend on it",
    ),
)
"""The verdicts on every write the views modes find in the clients' suites."""


def view_finding_of(message: str) -> ViewFinding | None:
    """The known view finding a failure's message belongs to, or None."""
    for finding in VIEW_FINDINGS:
        if re.match(finding.pattern, message):
            return finding
    return None
