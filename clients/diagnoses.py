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
        fixed="e963e12 (arrays pickle: __reduce__ rebuilds them through a checked layout)",
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


# --- array_api_reshape standing in for array-api-strict -----------------------------------

STRICTS_BUG = "strict's bug"
"""Verdict: array-api-strict passes where the standard, or its own documentation, says it
should not; standing in, ours answers as they say."""
SUITES_BUG = "the suite's bug"
"""Verdict: the test holds array-api-strict to something no behaviour gives (its class's
module, its file, an internal name), which a stand-in cannot be asked for."""
OURS_OPEN = "ours: open"
"""Verdict: array-api-strict is right, the stand-in is not, and the fix has not landed."""
OURS_FIXED = "ours: fixed"
"""Verdict: as ``OURS_OPEN``, fixed since by the commit the finding names."""
STAND_IN_VERDICTS = (STRICTS_BUG, SUITES_BUG, OURS_OPEN, OURS_FIXED)


@dataclass(frozen=True)
class StandInFinding:
    """A test that passes on array-api-strict and not on array_api_reshape standing in for
    it (the pytest plugin's ``--xp-as array_api_strict``): which test, on which builds of
    ours, and whose the failure is (one of ``STAND_IN_VERDICTS``), with the evidence."""

    kind: str
    suite: str        # regular expression on the suite's name
    test: str         # regular expression searched in "module::test name"
    verdict: str      # one line, beside each test in the report
    evidence: str     # what the test does, what each side answers; once below the tests
    builds: tuple[str, ...] = ("compiled", "pure")  # the builds of ours it fails on
    message: str = ""  # regular expression searched in the failure message ("" matches any)
    fixed: str = ""   # kind OURS_FIXED: the commit that fixed it

    def matches(self, suite: str, test: str, message: str, builds) -> bool:
        return bool(re.search(self.suite, suite) and re.search(self.test, test)
                    and re.search(self.message, message) and set(builds) <= set(self.builds))


STAND_IN_FINDINGS = (
    StandInFinding(
        OURS_FIXED, suite=r"^array-api-compat$",
        test=r"^test_common::test_is_lazy_array_(nan_size|bool_raises)\[",
        message=r"cannot set '\w+' attribute of immutable type",
        builds=("compiled",), fixed="998e61c",
        verdict="the compiled Array class cannot be patched (C extension types are "
                "immutable); --xp-as runs the pure-Python build since, whose class takes "
                "the patches",
        evidence="the tests imitate a lazy library on array-api-strict's class: "
                 "`monkeypatch.setattr(type(x), \"shape\", shape)` with a NaN or None in the "
                 "shape, or `monkeypatch.setattr(type(x), \"__bool__\", ...)` raising "
                 "(`tests/test_common.py`), then ask `is_lazy_array(x)`. array-api-strict's "
                 "`Array` is a Python class; our compiled core's is a C extension type, whose "
                 "attributes cannot be set (`TypeError: cannot set 'shape' attribute of "
                 "immutable type 'array_api_reshape._array._array_object.Array'`); the "
                 "pure-Python build's class takes them, and the six pass there",
    ),
)
"""The verdicts on every test that passes on array-api-strict and fails standing in."""


def stand_in_finding_of(suite: str, test: str, message: str, builds
                        ) -> StandInFinding | None:
    """The known finding a test failing standing in (on ``builds``) belongs to, or None."""
    for finding in STAND_IN_FINDINGS:
        if finding.matches(suite, test, message, builds):
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
        r"ValueError: __i\w+__\(\) at array_api_extra/_at\.py:347: this write"
        r"(?: \(through .*?\))? changes elements that another array \(made by asarray\(\) at "
        r"(main/test_at\.py|array_api_extra/_at\.py)",
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
        r"ValueError: __setitem__\(\) at array_api_extra/_at\.py:349: this write"
        r"(?: \(through .*?\))? changes elements that another array \(made by zeros\(\) at "
        r"main/test_at\.py",
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


PROFILES = {"torch": "PyTorch", "jax": "JAX", "dask": "Dask", "cupy": "CuPy",
            "lowest": "PyTorch, JAX, Dask and CuPy at once"}
"""The values of array_api_reshape's profile flag that clients/run.py can run the suites
under, and the library each one brings."""

REAL_LIBRARY_RUNS = {
    "torch": "The verdicts were checked against PyTorch 2.13.0 on the CPU, through "
             "array_api_compat 1.16: array-api-extra's tests on its own `torch` backend pass "
             "(1090 passed, 2 xfailed, 168 skipped), while Cubed 0.27 cannot run on "
             "`array_api_compat.torch` at all (373 of its 378 tests fail at once with "
             "`TypeError: Cannot interpret 'torch.int64' as a data type`).",
    "jax": "The verdicts were checked against JAX 0.10.2 on the CPU with its default "
           "settings (64-bit types off), as the profile emulates it: array-api-extra's tests "
           "on its own `jax` backend, with its fixture's `jax_enable_x64` switched off (866 "
           "passed, 194 failed, 192 xfailed; with the 64-bit types on, as array-api-extra "
           "runs them, none fails), and Cubed 0.27 with `CUBED_BACKEND_ARRAY_API_MODULE="
           "jax.numpy` (354 passed, 24 failed; with `JAX_ENABLE_X64=1` all 378 pass; on "
           "its Dask executor all 50 pass).",
    "dask": "The verdicts were checked against Dask 2026.8.0 through array_api_compat 1.16, "
            "in the environment of these runs: array-api-extra's own `dask` backend is in "
            "the table above, and each failure under the profile was compared with the same "
            "test there. Cubed 0.27 with `CUBED_BACKEND_ARRAY_API_MODULE="
            "array_api_compat.dask.array` gives 262 passed, 116 failed: the 6 failures the "
            "profile finds, with Dask's own messages; the 2 `test_searchsorted_scalar` it "
            "also finds, there earlier at `broadcast_shapes`; 101 more at "
            "`broadcast_shapes`, which `array_api_compat.dask.array` lacks (the profile "
            "finds them since it hides the functions Dask lacks); and 7 on a key of several "
            "NumPy index arrays (`Don't yet support nd fancy indexing`), which the profile "
            "finds too. einops' four tests fail on Dask as under the profile.",
    "cupy": "CuPy needs a GPU, which these machines lack: the verdicts rest on the projects' "
            "code that names CuPy (quoted with each), on array-api-extra's "
            "`skip_xp_backend(Backend.CUPY, ...)` marks, and on CuPy's source "
            "(`cupy/_core/dlpack.pyx`, `cupy/_core/core.pyx`). Cubed and array-api-extra "
            "copy CuPy's arrays to the host with CuPy's own functions, chosen by its name or "
            "class, so nearly every test fails under the profile at that check.",
    "lowest": "No library is all four: under `lowest` a failure is expected wherever one of "
              "PyTorch, JAX, Dask and CuPy fails, and the rule that fires is the first the "
              "code meets (JAX's read-only arrays and missing 64-bit types, Dask's unknown "
              "sizes and missing functions, CuPy's refusal to hand memory to NumPy). Each "
              "verdict is the one given under that library's own profile, checked as there.",
}
"""How the real libraries were run to check each profile's verdicts, for the report."""

LIBRARY_BEHAVIOUR = "the library's own behaviour"
"""Verdict: the real library fails the same way; the profile rightly emulates it."""
LIBRARY_IDENTITY = "the code asks which library it runs on"
"""Verdict: the project or its test recognises the real library by name or class, which
no emulation can pass."""
OURS_TO_FIX = "ours to fix"
"""Verdict: the real library passes; the profile raises or answers where it should not."""

VERDICT_KINDS = (LIBRARY_BEHAVIOUR, LIBRARY_IDENTITY, OURS_TO_FIX)


@dataclass(frozen=True)
class ProfileFinding:
    """A failure of another project's tests on our namespace under a profile: what fails,
    where in that project's code, and whose the failure is (one of ``VERDICT_KINDS``),
    with the evidence (the real library's run, or the project's own code that names it)."""

    profiles: tuple[str, ...]   # the profiles it is found under
    kind: str
    message: str      # regular expression searched in the failure message
    what: str
    where: str
    verdict: str
    suite: str = ""   # regular expression on the suite's name ("" matches any)
    test: str = ""    # regular expression searched in the test's name ("" matches any)
    fixed: str = ""   # the commit that fixed one of ours; kept so that a return is recognised

    def matches(self, profile: str, suite: str, test: str, message: str) -> bool:
        return bool(profile in self.profiles and re.search(self.suite, suite)
                    and re.search(self.test, test) and re.search(self.message, message))


_CUBED_FLOAT32_VARIANCE = (
    "Cubed's `asarray` hands the Python list to the backend's own `asarray` "
    "(`cubed/array_api/creation_functions.py`), which gives float32 under the library's "
    "rules; the float32 variance then differs from NumPy's float64 one in the last digits "
    "(std 2.581989 in float32 against 2.5819888974716 in float64), and the test compares "
    "them exactly"
)

_LACKED_BY_DASK = (
    r"^AttributeError: ({0}\(\): not (implemented )?in Dask|module '[\w.]+' has no "
    r"attribute '{0}' under profile '\w+', as Dask)"
)
"""A function array_api_compat.dask.array has no attribute for, refused at the call (as
the profile did before 0699cce) or at the attribute."""

PROFILE_FINDINGS: tuple[ProfileFinding, ...] = (
    # --- torch ----------------------------------------------------------------------------
    ProfileFinding(
        ("torch",), LIBRARY_BEHAVIOUR, r"^AssertionError", suite=r"^Cubed$",
        test=r"::test_(std|var)\[",
        what="`var` and `std` of an array made from Python floats, compared exactly with "
             "NumPy's float64 answer",
        where="`cubed/tests/test_array_api.py` (`test_var`, `test_std`: "
              "`xp.asarray([[1.0, 2.0, 3.0], ...])`, then `assert_array_equal`)",
        verdict=f"{_CUBED_FLOAT32_VARIANCE}; PyTorch 2.13 makes float32 from Python floats "
                "(`torch.asarray([1.0]).dtype` is `torch.float32`). Cubed 0.27 cannot run on "
                "`array_api_compat.torch` to show it (373 of the 378 tests run here stop at "
                "once with `TypeError: Cannot interpret 'torch.int64' as a data type`: Cubed "
                "needs NumPy dtypes), but these tests fail in the same way on JAX with its "
                "32-bit default "
                "(see profile=jax)",
    ),
    ProfileFinding(
        ("torch",), LIBRARY_BEHAVIOUR, r"^AssertionError", suite=r"^Cubed$",
        test=r"::test_var_int$",
        what="`var` of an int64 array in the default floating dtype, compared exactly with "
             "NumPy's float64 answer",
        where="`cubed/array_api/statistical_functions.py:264` (`var` of integers: the "
              "backend's `default_dtypes()[\"real floating\"]`)",
        verdict="Cubed gives the variance of integers in the backend's default floating "
                "dtype, which `array_api_compat.torch` reports as `torch.float32` on PyTorch "
                "2.13; the float32 result (6.666667) is NumPy's float64 6.666666666666667 "
                "rounded to float32, and the test compares exactly. It ran this far once "
                "`mean(x, dtype=float64)` of integers stopped being refused (4df45d5)",
    ),
    ProfileFinding(
        ("torch",), OURS_TO_FIX,
        r"^RuntimeError: mean\(\): not implemented for int64 in PyTorch",
        suite=r"^Cubed", test=r"::test_var_int$",
        what="`mean(x, dtype=float64)` of an int64 chunk refused",
        where="`cubed/array_api/statistical_functions.py:289` (`_var_func`: "
              "`nxp.mean(a, dtype=dtype['mu'], ...)`, the chunk int64 in `test_var_int`)",
        verdict="a false alarm: PyTorch 2.13 computes `torch.mean(x, dtype=torch.float64)` "
                "of an int64 tensor, and so does `array_api_compat.torch.mean`; it refuses "
                "integers only without `dtype` (\"could not infer output dtype\"). Ours asks "
                "the table of floating-only functions (`LACKS['torch']['mean']`, "
                "`array_api_reshape/_modes/_profiles.py`) through `check_array(x, 'mean')` on "
                "the `dtype=` path as well "
                "(`array_api_reshape/_chapters/_statistical_functions.py:258`); only the path "
                "without `dtype` should ask it",
        fixed="4df45d5 (the lack is asked of the dtype computed in)",
    ),
    ProfileFinding(
        ("torch",), LIBRARY_IDENTITY, r"^AssertionError", suite=r"array-api-extra",
        test=r"TestNanToNum::test_(scalar_pos_inf|scalar_neg_inf|real|complex)\[",
        what="`nan_to_num` of infinities, against the test's `infinity` fixture",
        where="`tests/main/conftest.py` (`infinity`: float32's largest value for "
              "`Backend.TORCH`, float64's for every other backend)",
        verdict="the expected value is chosen by the backend's name: float32's largest "
                "value on PyTorch, whose default dtype is float32, and float64's elsewhere. "
                "Under the profile `nan_to_num` rightly gives float32's largest value, as "
                "PyTorch does, while the fixture's float64 value becomes inf in a float32 "
                "array. The tests pass on PyTorch 2.13; no emulation can pass them",
    ),
    ProfileFinding(
        ("torch",), OURS_TO_FIX, r"^AssertionError", suite=r"array-api-extra",
        test=r"TestAngle::test_(complex|2d)\[",
        what="`angle` of complex64 numbers on the diagonals, compared exactly with "
             "`xp.pi / 4` and its multiples in float32",
        where="`tests/main/test_elementwise.py` (`TestAngle.test_complex`, `test_2d`), "
              "through `xp.atan2` in `array_api_extra/_agnostic/_elementwise.py`",
        verdict="the dtype is right (PyTorch makes complex64 from Python complex numbers), "
                "the last bit is not: our float32 `atan2` is NumPy's, which gives "
                "0.78539813 for atan2(1, 1), one unit in the last place below the correctly "
                "rounded 0.78539819 that PyTorch 2.13 gives (and JAX 0.10.2); the tests "
                "compare exactly and pass on both libraries",
        fixed="4df45d5 (float32 atan2 correctly rounded under torch and jax)",
    ),
    ProfileFinding(
        ("torch",), LIBRARY_BEHAVIOUR,
        r"^NotImplementedError: take\(\): not implemented for uint32",
        suite=r"array-api-extra", test=r"TestSetDiff1D::test_setdiff1d\[",
        what="`setdiff1d` of uint32 arrays: a `take` of uint32 data",
        where="`array_api_extra/_lib/_helpers.py:113` (`in1d`: `xp.take(ar, order, axis=0)`)",
        verdict="array-api-extra marks this test `xfail_xp_backend(Backend.TORCH, "
                "reason=\"index_select not implemented for uint32\")` "
                "(`tests/main/test_set.py`), and it xfails on PyTorch 2.13",
    ),
    # --- jax ------------------------------------------------------------------------------
    ProfileFinding(
        ("jax", "lowest"), LIBRARY_IDENTITY,
        r"^TypeError: __setitem__\(\): JAX arrays are immutable",
        suite=r"^Cubed",
        what="a write into a chunk Cubed has just made with `empty`",
        where="`cubed/core/ops.py:701` (`_assemble_index_chunk`: `out[out_select] = ...`) and "
              "`cubed/array_api/manipulation_functions.py:230` (`_read_concat_chunk`)",
        verdict="Cubed writes with JAX's `out.at[...].set(...)` only when the backend "
                "module's name contains \"jax\" (`IS_IMMUTABLE_ARRAY = \"jax\" in xp_name`, "
                "`cubed/backend_array_api.py:75`), and in place into any other backend's "
                "arrays. On JAX 0.10.2 with its 32-bit default these tests pass, but for "
                "`test_qr`, `test_svd` and their recursive forms, which fail there later, on "
                "float32 results that miss NumPy's",
    ),
    ProfileFinding(
        ("jax",), LIBRARY_BEHAVIOUR, r"^AssertionError", suite=r"^Cubed",
        test=r"::test_(std|var)(\[|_int$|__poorly_conditioned)",
        what="`var` and `std` in 32 bits, compared exactly with NumPy's float64 answer",
        where="`cubed/tests/test_array_api.py` (`test_var`, `test_std`, `test_var_int`, "
              "`test_var__poorly_conditioned`)",
        verdict=f"{_CUBED_FLOAT32_VARIANCE}. The same 20 tests fail on JAX 0.10.2 with its "
                "default settings (64-bit types off); Cubed's own JAX workflow runs them "
                "with `JAX_ENABLE_X64`",
    ),
    ProfileFinding(
        ("jax", "lowest"), LIBRARY_BEHAVIOUR,
        r"^TypeError: __setitem__\(\): JAX arrays are immutable",
        suite=r"array-api-extra",
        test=r"test_at::test_gh134\[array_api_(reshape|strict)-(True|False)-False\]",
        what="`at(y, idx, copy=False).set(1)`: an update asked to happen in place",
        where="`tests/main/test_at.py` (`test_gh134` with `copy=False`)",
        verdict="a read-only library cannot update in place: array-api-extra skips these two "
                "tests on JAX (`skip_xp_backend(Backend.JAX, reason=\"read-only backend\")`)",
    ),
    ProfileFinding(
        ("jax", "lowest"), LIBRARY_IDENTITY,
        r"^TypeError: __setitem__\(\): JAX arrays are immutable",
        suite=r"array-api-extra",
        what="`at(x, idx).set(y)` and the other updates of `at()`, written in place",
        where="`array_api_extra/_at.py:347` and `:349` (`x[idx] = in_place_op(x[idx], y)`, "
              "`x[idx] = y`)",
        verdict="`at()` uses JAX's `x.at[idx]` when `is_jax_array(x)` and otherwise writes "
                "in place whenever `array_api_compat.is_writeable_array(x)` is true, which it "
                "is for every array class array-api-compat does not know. The tests pass on "
                "JAX 0.10.2 (its 32-bit default) but for 16 that array-api-extra itself marks "
                "`xfail_xp_backend(Backend.JAX, reason=\"bool mask update with shaped rhs\")`",
    ),
    ProfileFinding(
        ("jax", "lowest"), LIBRARY_IDENTITY, r"^AssertionError: Regex pattern did not match",
        suite=r"array-api-extra", test=r"test_at::test_incompatible_dtype\[",
        what="`at(x, idx).add(1.1)` and the other updates of an int array by a float",
        where="`tests/main/test_at.py` (`test_incompatible_dtype`)",
        verdict="the test expects JAX to succeed with a `FutureWarning` "
                "(`library.like(Backend.JAX)`) and array_api_strict, which array_api_reshape "
                "stands in for here, to raise a promotion error; under the profile `at()` "
                "takes its in-place path (above) and the write is refused as immutable "
                "instead. It passes on JAX by its name",
    ),
    ProfileFinding(
        ("jax", "lowest"), LIBRARY_IDENTITY,
        r"^UserWarning: astype\(\): (float64|complex128) was asked for",
        suite=r"array-api-extra", test=r"TestCov::",
        what="`cov`'s array-agnostic code casting to float64 (complex128)",
        where="`array_api_extra/_agnostic/_statistical.py:33` (`xp.astype(m, dtype)` with "
              "`dtype` float64)",
        verdict="array-api-extra hands `cov` to `jax.numpy.cov` when `is_jax_namespace(xp)` "
                "(`array_api_extra/_statistical.py`), so JAX never runs this code, which asks "
                "for float64 by name; JAX would give the same warning there "
                "(\"Explicitly requested dtype float64 requested in astype is not "
                "available\"). These tests pass on JAX 0.10.2 with its 32-bit default",
    ),
    ProfileFinding(
        ("jax", "lowest"), LIBRARY_BEHAVIOUR,
        r"^UserWarning: \w+\(\): (float64|complex128|int64|uint64) was asked for, but JAX "
        r"without its 64-bit types",
        what="a 64-bit dtype asked for by name, given in 32 bits with a warning (an error "
             "under array-api-extra's `filterwarnings = error`)",
        where="mostly the tests' own `xp.asarray(..., dtype=xp.float64)` "
              "(`tests/main/test_helpers.py`, `test_creation.py`, `test_statistical.py`, "
              "...), and `array_api_extra/_agnostic/_elementwise.py` (`apply_where`)",
        verdict="JAX with its default settings has no 64-bit types: it warns \"Explicitly "
                "requested dtype float64 requested in asarray is not available, and will be "
                "truncated to dtype float32\", and these same tests fail so on JAX 0.10.2. "
                "array-api-extra never sees it because its fixture turns JAX's 64-bit types "
                "on (`jax.config.update(\"jax_enable_x64\", True)` in `_setup_jax`, "
                "`tests/main/conftest.py`)",
    ),
    ProfileFinding(
        ("jax", "lowest"), LIBRARY_BEHAVIOUR,
        r"^AssertionError: (dtypes do not match: int32 != int64|assert \S*int32 == \S*int64)",
        suite=r"array-api-extra",
        what="an integer array or the default integer dtype compared with int64",
        where="`tests/main/test_testing.py` (`TestAsNumPyArray`) and "
              "`tests/main/test_inspection.py` (`TestDefaultDType.test_kind`)",
        verdict="JAX's default integer is int32 without its 64-bit types; the same tests "
                "fail so on JAX 0.10.2 with its default settings (array-api-extra's fixture "
                "turns the 64-bit types on)",
    ),
    ProfileFinding(
        ("jax",), LIBRARY_BEHAVIOUR, r"^AssertionError", suite=r"array-api-extra",
        test=r"(TestNanToNum::test_(scalar_pos_inf|scalar_neg_inf|real|complex)|"
             r"TestSinc::test_3d)\[",
        what="`nan_to_num` of infinities against float64's largest value, and `sinc` "
             "compared with `atol=1e-15`",
        where="`tests/main/test_elementwise.py` (`TestNanToNum`, `TestSinc.test_3d`)",
        verdict="float32 answers: these five fail on JAX 0.10.2 with its default settings "
                "too (two of them there by NumPy's `RuntimeWarning: overflow encountered in "
                "cast` as JAX turns 1.8e308 into float32, where the profile makes inf "
                "quietly); array-api-extra's fixture turns JAX's 64-bit types on",
    ),
    ProfileFinding(
        ("jax",), OURS_TO_FIX, r"^AssertionError", suite=r"array-api-extra",
        test=r"TestAngle::test_(complex|2d)\[",
        what="`angle` of complex64 numbers on the diagonals, compared exactly with "
             "`xp.pi / 4` and its multiples in float32",
        where="`tests/main/test_elementwise.py` (`TestAngle.test_complex`, `test_2d`)",
        verdict="as under profile=torch: our float32 `atan2` (NumPy's) is one unit in the "
                "last place below the correctly rounded value JAX 0.10.2 gives, and these "
                "tests pass on JAX with its 32-bit default",
        fixed="4df45d5 (float32 atan2 correctly rounded under torch and jax)",
    ),
    # --- dask (and lowest, where Dask's rule fires) ----------------------------------------
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR,
        _LACKED_BY_DASK.format("take_along_axis"),
        suite=r"array-api-extra", test=r"TestSearchsorted::",
        what="`searchsorted`'s array-agnostic code, which picks values with `take_along_axis`",
        where="`array_api_extra/_agnostic/_searching.py:37`",
        verdict="`array_api_compat.dask.array` has no `take_along_axis`, and array-api-extra "
                "skips the whole class on Dask: `skip_xp_backend(Backend.DASK, reason=\"no "
                "take_along_axis\")` (`tests/main/test_searching.py:145`)",
    ),
    ProfileFinding(
        ("dask", "lowest"), OURS_TO_FIX,
        _LACKED_BY_DASK.format("take_along_axis"),
        suite=r"array-api-extra", test=r"TestArgpartition::test_nd\[",
        what="the test's own `take_along_axis` helper, which first asks "
             "`hasattr(xp, \"take_along_axis\")`",
        where="`tests/main/test_sorting.py:120` (`TestArgpartition._take_along_axis`)",
        verdict="a false alarm: on Dask `hasattr(array_api_compat.dask.array, "
                "\"take_along_axis\")` is False, the helper takes its other path (one axis at "
                "a time, with one index array each) and the three tests pass on Dask 2026.8. "
                "Under the profile the name is still there (`hasattr` is True) and only a call "
                "raises `AttributeError` (`check_operation`, "
                "`array_api_reshape/_modes/_profiles.py:310`, reading `LACKS[\"dask\"]`, line "
                "270): a function the profile's library lacks should be missing to `hasattr` "
                "and `getattr` too, as a disabled extension already is (the module "
                "`__getattr__` that `serve_extensions` installs in `array_api_reshape/"
                "__init__.py:218`)",
        fixed="0699cce (what Dask's namespace lacks is missing to hasattr under the profile)",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR,
        _LACKED_BY_DASK.format("take_along_axis"), suite=r"^Cubed",
        what="`argmax` and `argmin`, which pick each chunk's values with `take_along_axis`",
        where="`cubed/core/ops.py:1413` (`_arg_map_func`: `nxp.take_along_axis(a, i, "
              "axis=axis)`)",
        verdict="`array_api_compat.dask.array` has no `take_along_axis`: with "
                "`CUBED_BACKEND_ARRAY_API_MODULE=array_api_compat.dask.array` `test_argmax`, "
                "`test_argmax_axis_0` and `test_argmin_axis_0` fail so (`AttributeError: "
                "module 'array_api_compat.dask.array' has no "
                "attribute 'take_along_axis'`)",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR, _LACKED_BY_DASK.format("broadcast_shapes"),
        suite=r"^Cubed",
        what="every element-wise function, whose result shape Cubed takes from the backend's "
             "`broadcast_shapes`",
        where="`cubed/array_api/manipulation_functions.py:44` (`broadcast_arrays`: "
              "`shape = broadcast_shapes(*(e.shape for e in args))`, with Cubed's "
              "`broadcast_shapes` calling the backend's)",
        verdict="`array_api_compat.dask.array` has no `broadcast_shapes`: with "
                "`CUBED_BACKEND_ARRAY_API_MODULE=array_api_compat.dask.array` 103 of Cubed's "
                "tests fail so (`AttributeError: module 'array_api_compat.dask.array' has no "
                "attribute 'broadcast_shapes'`), the same 103 as under the profile; on its Dask "
                "executor the same tests call the same code",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR,
        r"^NotImplementedError: __getitem__\(\): Dask does not support indexing with several "
        r"index arrays", suite=r"^Cubed", test=r"test_take\[|test_int_array_index_2d\[",
        what="a chunk read with a key of several NumPy index arrays",
        where="`cubed/core/ops.py:701` (`_assemble_index_chunk`, reading each chunk with the "
              "positions of every axis at once)",
        verdict="Dask takes one index array per key: with "
                "`CUBED_BACKEND_ARRAY_API_MODULE=array_api_compat.dask.array` these seven tests "
                "fail so (`NotImplementedError: Don't yet support nd fancy indexing`)",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR, r"^ValueError: eye\(\): Dask refuses more columns",
        suite=r"^Cubed",
        what="`eye(5, k=k, chunks=(2, 2))`, whose last row of chunks is wider than tall",
        where="`cubed/array_api/creation_functions.py:139` (`_eye`: `nxp.eye(x.shape[0], "
              "x.shape[1], k=...)` for each chunk)",
        verdict="Dask's `eye(n, m)` with more columns than rows fails when it computes "
                "(`ValueError: Missing dependency ('eye-...', 0, 1)` for `eye(2, 4)` on Dask "
                "2026.8), and both tests fail so with "
                "`CUBED_BACKEND_ARRAY_API_MODULE=array_api_compat.dask.array`",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR,
        r"^TypeError: searchsorted\(\): Dask refuses a 0-d array", suite=r"^Cubed",
        what="`searchsorted(x1, 11)`: each chunk searched for a 0-d array",
        where="`cubed/array_api/searching_functions.py:98` (`_searchsorted`: "
              "`nxp.searchsorted(x, y, side=side)`)",
        verdict="Dask's `searchsorted` takes a one-dimensional `x2` only: "
                "`searchsorted(asarray([1, 2, 3]), asarray(2))` raises `TypeError: "
                "'numpy.int64' object does not support item assignment` on Dask 2026.8. With "
                "`CUBED_BACKEND_ARRAY_API_MODULE=array_api_compat.dask.array` these two tests "
                "fail earlier, at `broadcast_shapes`, which that namespace lacks",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR,
        r"^ValueError: linalg\.svd\(\): Dask refuses full_matrices=True", suite=r"^Cubed",
        what="the SVD of each R factor with the default `full_matrices=True`",
        where="`cubed/array_api/linalg.py:176` (`_qr2`: `nxp.linalg.svd(R)`)",
        verdict="Dask gives the reduced SVD only: `ValueError: full_matrices=True is not "
                "supported by dask.`, and `test_svd` fails so with "
                "`CUBED_BACKEND_ARRAY_API_MODULE=array_api_compat.dask.array`",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR, _LACKED_BY_DASK.format("from_dlpack"),
        suite=r"^einops$",
        what="the tests' input, made with `xp.from_dlpack(numpy_array)`",
        where="`einops/tests/test_array_api.py` (three tests) and "
              "`einops/tests/test_packing.py` (`test_pack_unpack_array_api`)",
        verdict="`array_api_compat.dask.array` has no `from_dlpack`: with "
                "`ARRAY_API_CLIENTS_MODULE=array_api_compat.dask.array` the four tests fail so "
                "(`AttributeError: module 'array_api_compat.dask.array' has no attribute "
                "'from_dlpack'`); CuPy refuses NumPy's memory there too (see profile=cupy)",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR,
        r"^(ValueError: __setitem__\(\): Dask cannot write an array of values through a "
        r"boolean mask|ValueError: \w+\(\): needs the sizes, to broadcast an unknown size)",
        suite=r"array-api-extra",
        test=r"test_at::test_update_ops\[array_api_(reshape|strict)-True-1-1-",
        what="`at(x, mask).<op>(y)` with a one-dimensional `y`: values of a known size meet "
             "the mask's selection, whose size is unknown",
        where="`array_api_extra/_at.py:347` and `:349` (`x[idx] = in_place_op(x[idx], y)`, "
              "`x[idx] = y`)",
        verdict="array-api-extra marks these `xfail_xp_backend(Backend.DASK, reason=\"bool "
                "mask update with shaped rhs\")` (`tests/main/test_at.py:114`), and they xfail "
                "on Dask 2026.8, where an array of values cannot be written through a mask "
                "(`x[m] = x[m] + 1`: `ValueError: cannot broadcast shape (nan,) to shape "
                "(nan,)`)",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_IDENTITY,
        r"^(ValueError: __setitem__\(\): Dask cannot write an array of values through a "
        r"boolean mask|NotImplementedError: __getitem__\(\): Dask does not support a "
        r"0-dimensional boolean mask)",
        suite=r"array-api-extra", test=r"test_at::",
        what="`at(x, mask).<op>(y)` with a mask of `x`'s shape and a 0-d `y`, done as "
             "`x[mask] = op(x[mask], y)`",
        where="`array_api_extra/_at.py:347` (`x[idx] = in_place_op(x[idx], y)`)",
        verdict="`at()` makes such an update `xp.where(idx, op(x, y), x)` when "
                "`is_dask_array(idx)` (`array_api_extra/_at.py:289`), so on Dask it never "
                "reads or writes through the mask, and these tests pass on Dask 2026.8. Any "
                "other array takes the general path, on which Dask fails as the profile does: "
                "`x[m] = x[m] + 40.0` raises `ValueError: cannot broadcast shape (nan,) to "
                "shape (nan,)`, and a 0-d mask read `y[da.asarray(True)]` of a 0-d `y` raises "
                "`IndexError: Too many indices for array` (the profile: NotImplementedError)",
    ),
    ProfileFinding(
        ("dask", "lowest"), OURS_TO_FIX,
        r"^NotImplementedError: __setitem__\(\): Dask does not support a 0-dimensional "
        r"boolean mask", suite=r"array-api-extra",
        what="`y[mask] = 1` with a 0-d boolean mask and a scalar",
        where="`array_api_extra/_at.py:349` (`x[idx] = y`), called by `tests/main/test_at.py` "
              "(`test_gh134` and `test_update_ops` with a 0-d `x` and `set`)",
        verdict="a false alarm: Dask writes through a 0-d boolean mask that is a Dask array "
                "(`y = da.zeros(1)[0]; y[da.asarray(True)] = 1` computes to 1.0 on Dask 2026.8, "
                "and a 0-d mask on a 1-d array sets every element); it refuses such a mask in "
                "reads only (`IndexError: Too many indices for array`). The profile refuses "
                "it in both, in `key_axes` (`array_api_reshape/_modes/_unknown_sizes.py:291`), "
                "which `__getitem__` and `_check_lazy_write` (`array_api_reshape/_array/"
                "_array_object.py:888`) share; the refusal belongs to reads. On Dask these "
                "tests go through `at()`'s `where` branch (above), but the write that the "
                "general path makes is one Dask takes",
        fixed='c6a7628 (Dask writes through a 0-d boolean mask; only reads refuse it)',
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_IDENTITY,
        r"^(ValueError: __setitem__\(\): Dask cannot write an array of values through a "
        r"boolean mask|NotImplementedError: __getitem__\(\): Dask does not support a "
        r"0-dimensional boolean mask|ExceptionGroup: Hypothesis found)",
        suite=r"array-api-extra", test=r"(TestIsClose|TestApplyWhere)::",
        what="`apply_where` (and `isclose` through it) computing under a condition: "
             "`arr[cond]`, then `at(out, cond).set(values)`",
        where="`array_api_extra/_agnostic/_elementwise.py:171` and `:190` (`_apply_where`)",
        verdict="`apply_where` hands the work to `xp.map_blocks` over NumPy chunks when "
                "`is_dask_namespace(xp)` (`array_api_extra/_agnostic/_elementwise.py:137`), "
                "and these tests pass on Dask 2026.8 that way. Another namespace takes "
                "`_apply_where`, which indexes with the condition and writes an array of "
                "values back through it: both fail on Dask too (a 0-d mask read is an "
                "`IndexError` there, the write a `ValueError`)",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR,
        r"^NotImplementedError: take\(\): needs the sizes, to find the positions",
        suite=r"array-api-extra", test=r"test_no_invert_assume_unique\[.*slow path\]",
        what="`isin`'s slow path, which takes positions in a `unique_inverse` result",
        where="`array_api_extra/_lib/_helpers.py:105` (`unique_inverse`), then `xp.take`",
        verdict="array-api-extra marks the test `xfail_xp_backend(Backend.DASK, "
                "reason=\"NaN-shaped array\")`, and it xfails on Dask 2026.8 (the table above)",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_IDENTITY, r"^AssertionError$", suite=r"array-api-extra",
        test=r"(TestSetDiff1D|TestUnion1d)::|(TestTriIndices::test_(basic|offset|rectangular)|"
             r"TestAssertEqualCloseLess::test_none_shape|TestOneHot::test_abstract_size|"
             r"TestIsClose::test_none_shape(_bool)?|"
             r"test_lazy::test_lazy_apply_none_shape_(broadcast|in_args))\[",
        what="results whose size depends on the data, handed to array-api-extra's assertions",
        where="`array_api_extra/testing/_testing.py:626` (`assert None not in actual_shape  "
              "# Requires explicit support`)",
        verdict="array-api-extra's assertions refuse a None in a shape; they take Dask's "
                "unknown sizes, which Dask writes as NaN, and make them known with "
                "`compute_chunk_sizes()` when `is_dask_namespace(desired_xp)` "
                "(`testing/_testing.py:629`). The profile writes None, the standard's unknown "
                "size (Dask's NaN is a difference it documents, `profiles/FIDELITY-dask.md`); "
                "with NaN the shapes would still differ, since only a namespace recognised as "
                "Dask gets its sizes computed. The tests pass on Dask 2026.8",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_IDENTITY, r"^TypeError: Unsupported lazy shape",
        suite=r"array-api-extra", test=r"test_helpers::test_eager_shape\[",
        what="`eager_shape` of a masked array",
        where="`tests/main/test_helpers.py:177` (`if library is Backend.DASK:`)",
        verdict="the test expects `eager_shape` to raise for an unknown size only on "
                "`Backend.DASK`, and elsewhere a known shape `(1,)` after `a[a > 2]`",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR, r"^TypeError: Unsupported lazy shape",
        suite=r"array-api-extra", test=r"TestSetDiff1D::",
        what="`setdiff1d`, which asks `eager_shape` for the size of a `unique_values` result",
        where="`array_api_extra/_lib/_helpers.py:260` (`eager_shape`)",
        verdict="array-api-extra marks these `xfail_xp_backend(Backend.DASK, "
                "reason=\"NaN-shaped arrays\")` (`tests/main/test_set.py`), and they xfail on "
                "Dask 2026.8",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR,
        r"^NotImplementedError: __getitem__\(\): Dask does not support indexing with several "
        r"index arrays", suite=r"array-api-extra", test=r"TestTriIndices::test_use_to_read\[",
        what="`x[rows, cols]` with the two index arrays of `tril_indices`/`triu_indices`",
        where="`tests/main/test_indexing.py:115`",
        verdict="Dask takes one index array per key: array-api-extra marks the test "
                "`xfail_xp_backend(Backend.DASK, reason=\"dask: no 2D fancy indexing\", "
                "strict=False)` (`tests/main/test_indexing.py:103`), and it xfails on Dask "
                "2026.8",
    ),
    ProfileFinding(
        ("dask", "lowest"), LIBRARY_BEHAVIOUR, r"^ValueError: argsort\(\): needs the sizes",
        suite=r"array-api-extra", test=r"TestIn1D::",
        what="`in1d`'s slow path, which sorts the values of `unique_inverse`",
        where="`array_api_extra/_lib/_helpers.py:111`",
        verdict="array-api-extra marks this case `xfail_xp_backend(Backend.DASK, "
                "reason=\"NaN-shaped array\")` (`tests/main/test_helpers.py:44`), and it "
                "xfails on Dask 2026.8",
    ),
    ProfileFinding(
        ("dask", "lowest"), OURS_TO_FIX, r"^ValueError: sort\(\): needs the sizes",
        suite=r"array-api-extra", test=r"test_lazy::test_lazy_apply_none_shape_in_args\[",
        what="`xp.sort` of an array of unknown size that Dask would hold in one chunk (the "
             "`unique_values` of five elements)",
        where="`tests/main/test_lazy.py:238`",
        verdict="a false alarm: Dask sorts an array of unknown size held in one chunk "
                "(`sort(unique_values(asarray([1, 1, 2, 2, 2])))` gives [1, 2] on Dask "
                "2026.8) and refuses from two chunks on; `asarray` of data in memory makes "
                "one chunk up to Dask's chunk size (128 MiB by default). The profile, which "
                "has no chunks, refuses every unknown size (`NEEDS_SIZES[\"sort\"]`, checked "
                "by `refuse_unknown` and `check_known`, `array_api_reshape/_modes/"
                "_unknown_sizes.py:169` and `:124`), as its fidelity table measures for two "
                "chunks only. Behind it this test would still fail here, at array-api-extra's "
                "`assert None not in actual_shape` (above); on Dask it passes",
        fixed="after c6a7628 (the profile holds each array in one chunk: sort and argsort run)",
    ),
    # --- cupy (and lowest, where CuPy's rule fires) ----------------------------------------
    ProfileFinding(
        ("cupy", "lowest"), LIBRARY_BEHAVIOUR,
        r"^TypeError: __array__\(\): Implicit conversion to a NumPy array is not allowed",
        suite=r"array-api-extra",
        test=r"(test_lazy::test_lazy_apply_\w+\[.*-True\]|"
             r"TestLazyXpFunctionClasses::test_lazy_xp_function_classes)",
        what="`lazy_apply(..., as_numpy=True)` and a test class that converts with "
             "`np.asarray`",
        where="`array_api_extra/_lazy.py:323` (`np.asarray(arg)`) and "
              "`tests/main/test_testing.py:388` (`A.__init__`)",
        verdict="a copy from the device to the host, which CuPy refuses (`cupy.ndarray."
                "__array__` raises TypeError); array-api-extra skips these tests on CuPy: "
                "`skip_xp_backend(Backend.CUPY, reason=\"device->host copy\")` "
                "(`tests/main/test_lazy.py:25`, `:105`, `:285`) and `reason=\"converts to "
                "NumPy\"` (`tests/main/test_testing.py:451`)",
    ),
    ProfileFinding(
        ("cupy", "lowest"), LIBRARY_IDENTITY,
        r"^TypeError: __array__\(\): Implicit conversion to a NumPy array is not allowed",
        suite=r"array-api-extra",
        what="array-api-extra's assertions, which compare on NumPy copies",
        where="`array_api_extra/testing/_testing.py:704` (`_as_numpy_array`: "
              "`np.asarray(array)`)",
        verdict="the assertions copy a CuPy array to the host with `xp.asnumpy(array)` when "
                "`is_cupy_namespace(xp)` (`testing/_testing.py:680`); any other array goes "
                "through `np.from_dlpack` and then `np.asarray`, both of which CuPy refuses for "
                "GPU memory, as the profile does. CuPy cannot run here; the code that names it "
                "is the evidence",
    ),
    ProfileFinding(
        ("cupy", "lowest"), LIBRARY_IDENTITY,
        r"^TypeError: __array__\(\): Implicit conversion to a NumPy array is not allowed",
        suite=r"^Cubed",
        what="each chunk handed to Zarr, and each result checked, through `np.asarray`",
        where="`cubed/backend_array_api.py:53` (`backend_array_to_numpy_array`) and "
              "`cubed/_testing.py:17` (`to_numpy`)",
        verdict="Cubed keeps chunks on the GPU only for a backend whose module name contains "
                "\"cupy\" (`if \"cupy\" in namespace.__name__:`, `cubed/backend_array_api.py:"
                "42`: Zarr takes CuPy's device buffers), and its tests copy CuPy arrays to "
                "the host with `.get()`, chosen by their class (`to_numpy.register(cupy."
                "ndarray)`, `cubed/_testing.py:28`); any other backend's chunks go through "
                "`np.asarray`, which a GPU array refuses",
    ),
    ProfileFinding(
        ("cupy", "lowest"), OURS_TO_FIX,
        r"^ValueError: rebuild_array\(\) \(loading a pickled array_api_reshape Array\): "
        r"'device_name' must name a device of the namespace .*got 'cuda:0'", suite=r"^Cubed$",
        what="an array on `cuda:0` does not unpickle (Cubed's `processes` executor pickles "
             "each task's arguments to its worker processes)",
        where="`cubed/runtime/executors/local.py:81` (`unpickle_and_call`: "
              "`cloudpickle.loads(v)`)",
        verdict="a fault of ours: under `profile=\"cupy\"`, "
                "`pickle.loads(pickle.dumps(xp.ones(2)))` "
                "raises this error in any process, since `rebuild_array` looks the device's "
                "name up among the CPU and the four test devices only (`_checked_device`, "
                "`array_api_reshape/_array/_pickling.py:172`, reading `DEVICES_BY_NAME`), "
                "where the profile's `GPU_DEVICE` (`array_api_reshape/_tables/_devices.py:"
                "135`) is not. CuPy arrays pickle: `_ndarray_base.__reduce__` returns "
                "`array, (self.get(),)` (`cupy/_core/core.pyx`), a copy on the current GPU "
                "when loaded. Behind it these tests would fail anyway, at Cubed's "
                "`np.asarray` of a chunk (above)",
        fixed="c6a7628 (arrays on the cupy profile's GPU pickle)",
    ),
    ProfileFinding(
        ("cupy", "lowest"), OURS_TO_FIX,
        r"^dask\.tokenize\.TokenizationError: Object .* cannot be deterministically hashed",
        suite=r"^Cubed \(Dask executor\)$",
        what="Dask cannot name a task whose arguments hold an array on `cuda:0`",
        where="`dask/tokenize.py` (`_normalize_pickle`), from Cubed's Dask executor",
        verdict="the fault above, seen through Dask: it names an object it does not know by "
                "pickling it and loading it back, the loading fails with `rebuild_array()`'s "
                "`'cuda:0'` error, and the object is reported as not deterministically "
                "hashable (`dask.tokenize.tokenize(xp.ones(2))` under the profile raises it "
                "once Dask is asked for deterministic names, `tokenize.ensure-deterministic`; "
                "CuPy arrays load back). "
                "Behind it Cubed's `np.asarray` of a chunk would fail these tests too",
        fixed="c6a7628 (arrays on the cupy profile's GPU pickle)",
    ),
    ProfileFinding(
        ("cupy",), LIBRARY_BEHAVIOUR,
        r"^TypeError: from_dlpack\(\): CPU arrays cannot be directly imported to CuPy",
        suite=r"^einops$",
        what="the tests' input, made with `xp.from_dlpack(numpy_array)`",
        where="`einops/tests/test_array_api.py` (three tests) and "
              "`einops/tests/test_packing.py` (`test_pack_unpack_array_api`)",
        verdict="CuPy's `from_dlpack` takes device memory only and raises `TypeError('CPU "
                "arrays cannot be directly imported to CuPy. Use cupy.array(numpy.from_dlpack"
                "(input)) instead.')` for a CPU producer (`from_dlpack` in "
                "`cupy/_core/dlpack.pyx`); the tests' `AA.asnumpy` (`np.from_dlpack`, "
                "`einops/array_api.py:75`) would fail next on GPU memory",
    ),
)
"""The verdicts on every failure of the clients' suites under each profile."""


def profile_finding_of(profile: str, suite: str, test: str, message: str
                       ) -> ProfileFinding | None:
    """The known finding a failure under ``profile`` belongs to, or None."""
    for finding in PROFILE_FINDINGS:
        if finding.matches(profile, suite, test, message):
            return finding
    return None
