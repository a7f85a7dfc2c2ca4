"""
How the ecosystem's helpers see our arrays under a profile: as the profile's library's own.

Real code meets a library through array-api-compat's helpers (``is_jax_array``,
``is_writeable_array``, ``is_lazy_array``, ...), and array-api-extra's ``at()``,
``apply_where`` and SciPy's and scikit-learn's own code choose their path by what those
helpers answer. array-api-compat decides by the array's class (a subclass of ``jax.Array``,
of ``dask.array.Array``), which none of ours is; so, left alone, a profiled array takes the
path of an unknown library (``at()`` writes in place, and the JAX profile refuses the write)
where the real library takes its own (``x.at[i].set(v)``, a new array).

While a profile may be in force, each such helper that code outside array-api-compat holds
(bound by name in a module, or read from the package, released or vendored:
``scipy._lib.array_api_compat``, ``sklearn.externals.array_api_compat``) is a thin wrapper:
for an array of ours under a profile it gives the answer ``HELPER_ANSWERS`` holds for the
profile's library; for anything else, or no answer, the helper's own. array-api-compat's
own modules keep the originals, so that ``array_namespace`` still gives our namespace. A
library's own ``x[i] = v`` is refused as before: only the helpers' view changes.

Wrappers are put in place once (``see_arrays_as_profiled``), when a profile is first
possible: in the modules already imported, and, through an import hook that watches only
array-api-compat's packages and array-api-extra's testing module, in copies imported later
(which every later ``from array_api_compat import ...`` then binds).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import threading
from collections.abc import Callable
from types import FunctionType, ModuleType
from typing import Any

from ._flag_state import MODES
from ._lazy_test_helper import lazy_patcher
from ._profiles import libraries

HELPER_ANSWERS: dict[str, dict[str, bool]] = {
    # JAX's arrays are immutable, and array-api-compat counts them lazy (they may be traced)
    "jax": {"is_jax_array": True, "is_writeable_array": False, "is_lazy_array": True},
    "dask": {"is_dask_array": True, "is_lazy_array": True},
    "torch": {"is_torch_array": True},
}
"""What each helper answers for an array of the profile's library, where it answers
otherwise for an array it does not know (array-api-compat 1.13 to 1.16)."""

HELPERS = frozenset(name for answers in HELPER_ANSWERS.values() for name in answers)

_OUR_PACKAGE = __name__.partition(".")[0]
_HELPERS_MODULE = "array_api_compat.common._helpers"
_LAZY_PATCHER = "patch_lazy_xp_functions"
_TESTING_MODULES = ("array_api_extra.testing", "array_api_extra.testing._testing")


def helper_answer(helper: str, array: Any) -> bool | None:
    """What ``helper`` answers for ``array`` under the profile in force: the library's
    answer for an array of ours, None (ask the helper) otherwise."""
    if not MODES.profile or not _is_our_array(array):
        return None
    for library in libraries():
        answers = HELPER_ANSWERS.get(library)
        if answers is not None:
            return answers.get(helper)
    return None


def _is_our_array(value: Any) -> bool:
    """True for an array of this package (not a dtype, a device or anything else of it)."""
    cls = value.__class__
    return cls.__name__ == "Array" and cls.__module__.startswith(_OUR_PACKAGE + ".")


_WRAPPERS: dict[Callable[..., Any], Callable[..., Any]] = {}
_LOCK = threading.Lock()


def _wrapper_of(helper: Callable[..., Any]) -> Callable[..., Any]:
    """The one wrapper of ``helper`` (made on first use)."""
    wrapper = _WRAPPERS.get(helper)
    if wrapper is None:
        name = helper.__name__
        if name == _LAZY_PATCHER:
            wrapper = lazy_patcher(helper)
        else:
            def wrapper(x: Any, /) -> Any:
                answer = helper_answer(name, x)
                return helper(x) if answer is None else answer

        wrapper.__name__ = name
        wrapper.__qualname__ = helper.__qualname__
        wrapper.__doc__ = helper.__doc__
        wrapper.__module__ = helper.__module__
        wrapper.__wrapped__ = helper  # type: ignore[attr-defined]
        _WRAPPERS[helper] = wrapper
    return wrapper


def _is_helper(value: Any) -> bool:
    # the type first: reading attributes of any other object may run its code (a
    # deprecated module attribute warns when read)
    if type(value) is not FunctionType or hasattr(value, "__wrapped__"):
        return False
    module = str(value.__module__)
    if value.__name__ in HELPERS:
        return module.endswith(_HELPERS_MODULE)
    return value.__name__ == _LAZY_PATCHER and module.endswith(_TESTING_MODULES)


def _keeps_originals(module_name: str) -> bool:
    """True for array-api-compat's own modules (its helpers and the namespaces it wraps),
    which go on calling the helpers as they are; its package and ``common`` package, which
    other code imports the helpers from, take the wrappers."""
    if module_name.startswith(_OUR_PACKAGE + ".") or module_name == _OUR_PACKAGE:
        return True
    inside = module_name.rpartition("array_api_compat.")
    return bool(inside[1]) and inside[2] != "common"


def wrap_module(module: ModuleType) -> int:
    """Put the wrappers in place of the helpers ``module`` holds by name; how many."""
    if _keeps_originals(module.__name__):
        return 0
    names = [name for name, value in list(vars(module).items()) if _is_helper(value)]
    for name in names:
        setattr(module, name, _wrapper_of(getattr(module, name)))
    return len(names)


def _is_watched_package(name: str) -> bool:
    """array-api-compat's packages and array-api-extra's testing module, released or
    vendored: what other code imports the wrapped helpers from."""
    return name.endswith(("array_api_compat", "array_api_compat.common",
                          "array_api_extra.testing"))


class _WrappingLoader(importlib.abc.Loader):
    """A loader that runs another's module, then wraps the helpers it holds."""

    def __init__(self, loader: Any):
        self.loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        wrap_module(module)


class _CompatPackageFinder(importlib.abc.MetaPathFinder):
    """Finds nothing itself: for the watched packages (``_is_watched_package``), the spec
    the other finders give, with a loader that wraps the helpers once the package has
    run."""

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if not _is_watched_package(fullname):
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _WrappingLoader(spec.loader)
                return spec
        return None


_FINDER = _CompatPackageFinder()


def see_arrays_as_profiled() -> None:
    """Put the wrappers in place, once: in every module imported so far, and, from now
    on, in array-api-compat's packages as they are imported."""
    with _LOCK:
        if _FINDER in sys.meta_path:
            return
        sys.meta_path.insert(0, _FINDER)
        for module in list(sys.modules.values()):
            if isinstance(module, ModuleType) and isinstance(module.__name__, str):
                wrap_module(module)


if MODES.may_differ("profile"):  # a profile from its environment variable, read at import
    see_arrays_as_profiled()
