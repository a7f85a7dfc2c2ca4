"""
The causes of the profiles' false alarms and misses on real suites, each with its verdict:
``real_suites.py`` files each disagreeing test under the first cause whose pattern its
failure's message (or its name) matches, and under the message's own first words when
none does.

A verdict says whose the disagreement is: the profile's (a bug to fix, or fixed), the
library's set-up that a profile cannot see (``is_jax(xp)``-style branches: the project
asks which library it runs on), or the suite's.
"""

from __future__ import annotations

import re
from typing import NamedTuple


class Cause(NamedTuple):
    libraries: frozenset[str]   # the profiles it is seen under
    pattern: str                # a regular expression searched in "suite::name :: message"
    name: str
    verdict: str


BRANCH = "the project's branch on which library it runs (a profile cannot take it)"
"""The verdict of a disagreement that comes from a project asking which library it runs on
(``is_jax(xp)``, ``is_dask(xp)``, ``xp.__name__``, ``scipy_namespace_for(xp)``): the
profile gives our namespace, so the project takes its path for unknown libraries."""

CAUSES: tuple[Cause, ...] = (
    Cause(frozenset({"jax"}), r"mismatched_dtypes\[jax\.numpy-boxcox",
          "SciPy hands boxcox to `jax.scipy.special` on JAX (`scipy_namespace_for(xp)`), "
          "whose int64-with-float32 answer is float32 where the test expects NumPy's "
          "float64; here SciPy's own NumPy path runs",
          BRANCH),
    Cause(frozenset({"jax"}), r"^scipy\.special::.*__array__\(\): needs the elements",
          "SciPy hands a special function to `jax.scipy.special` on JAX "
          "(`scipy_namespace_for(xp)`), which `jax.jit` traces; for another library it "
          "computes with NumPy (`np.asarray` of the arguments), which no traced array "
          "allows: the function runs under the lazy flag here, as under `jax.jit` there",
          BRANCH),
    Cause(frozenset({"dask"}), r"__array__\(\) at special/_support_alternative_backends\.py"
          r".*beyond the computes flag's budget",
          "SciPy runs a special function chunk by chunk on Dask (`is_dask(xp)`: "
          "`map_blocks`), computing nothing; for another library it converts the "
          "arguments with `np.asarray`, which a lazy library computes for, beyond the "
          "budget the test's `lazy_xp_function` tag allows",
          BRANCH),
    Cause(frozenset({"dask"}), r"rel_entr.*(boolean mask|0-dimensional boolean)",
          "on Dask, SciPy's `apply_where` (array-api-extra's) runs chunk by chunk on NumPy "
          "(`is_dask_namespace(xp)`: `map_blocks`), where an array of values may be "
          "written through a mask; here it writes through a mask on a Dask-profiled "
          "array, which Dask refuses",
          BRANCH),
    Cause(frozenset({"jax"}), r"unique_counts\(\) got an unexpected keyword argument 'size'",
          "array-api-extra's `nunique` passes JAX's `size=` to `unique_counts` for a JAX "
          "array; the profile's `unique_counts` takes no `size=`",
          "ours: not yet offered (JAX's `unique_*` take `size=` and `fill_value=`)"),
    Cause(frozenset({"jax", "dask"}), r"must be an array_api_reshape Array, got ndarray",
          "SciPy's `hessian` of a Python list computes its points with NumPy and hands "
          "them to `xp.sin`: JAX's and Dask's functions take NumPy arrays, the profile's "
          "do not",
          "ours: not offered (the library converts NumPy arrays given to its functions)"),
    Cause(frozenset({"jax"}), r"Expected regex: '\.\.\.be broadcast\.\.\.'",
          "SciPy's test matches the message of shapes that do not broadcast with NumPy's "
          "words, which JAX's message lacks (`Incompatible shapes for broadcasting`); the "
          "profile's message has them",
          "ours: JAX's own message not given"),
    Cause(frozenset({"torch"}), r"unsigned_integer_overflow\[.*torch",
          "scikit-learn's test leaves uint16, uint32 and uint64 out when `\"torch\" in "
          "xp.__name__`: on the profile it tests them, and PyTorch's refusal of "
          "`searchsorted` for them shows",
          BRANCH),
    Cause(frozenset({"torch"}), r"logsumexp_like_scipy_logsumexp\[.*torch",
          "scikit-learn's test runs `_logsumexp` without array-API dispatch when "
          "`array_namespace == \"torch\"` (NumPy's functions on a PyTorch tensor, which "
          "PyTorch converts); on the profile that mixes NumPy arrays with ours",
          BRANCH),
    Cause(frozenset({"torch"}), r"no attribute 'float16'",
          "the test uses PyTorch's float16 (scikit-learn expects it among the floating "
          "dtypes; SciPy's optimize tests compute in it): a dtype beyond the standard, "
          "which the profile does not add",
          "ours: not offered (no float16 in the namespace)"),
    Cause(frozenset({"torch"}), r"is_torch|force_floating.*needs at least one array",
          "SciPy's test skips pairs of Python scalars on PyTorch (`is_torch(xp)`), and "
          "passes our message back as a regular expression",
          BRANCH),
)
"""Every cause sorted so far, most specific first."""

_NUMBERS = re.compile(r"0x[0-9a-f]+|\d+(\.\d+)?(e[-+]?\d+)?")


def cause_of(library: str, suite: str, name: str, message: str) -> tuple[str, str]:
    """The cause and verdict of one disagreeing test."""
    text = f"{suite}::{name} :: {message}"
    for cause in CAUSES:
        if library in cause.libraries and re.search(cause.pattern, text):
            return cause.name, cause.verdict
    words = _NUMBERS.sub("N", message)[:90].replace("|", "/")
    return f"unsorted: `{words}`", "to sort"
