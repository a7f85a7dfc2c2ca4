"""
array-api-extra's test helper ``patch_lazy_xp_functions`` under a lazy library's profile.

A suite's ``xp`` fixture calls it with the namespace under test; for JAX's it wraps the
functions the tests tagged with ``lazy_xp_function`` in ``jax.jit``, for Dask's it counts
the graphs they compute, and for any other namespace it does nothing. Given our namespace
under the JAX or the Dask profile, the wrapped helper (``_ecosystem`` puts it in place of
the original) does what the library's path does, with our flags: each call of a tagged
function runs under the lazy flag (no value from the data, as under ``jax.jit``) or within
the computes budget its tag allows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FunctionType
from typing import Any

from ._computes import counting_block
from ._flag_state import MODES, overriding
from ._profiles import libraries

_OUR_PACKAGE = __name__.partition(".")[0]


def _lazy_library(namespace: Any) -> str | None:
    """The lazy library (JAX, whose jit traces; Dask) of the profile in force, when
    ``namespace`` is ours; None otherwise."""
    if not MODES.profile or not str(getattr(namespace, "__name__", "")).startswith(
            _OUR_PACKAGE):  # (a namespace of ours: the package, or an older version's)
        return None
    return next((library for library in libraries() if library in LAZY_STAND_INS), None)


LAZY_STAND_INS = {
    "jax": "the lazy flag on, as under jax.jit (a traced array has no value: bool(), "
           "float(), handing it to NumPy and shapes from the data fail)",
    "dask": "the computes flag set to the number of computations the tag allows",
}
"""What array-api-extra's test helper ``patch_lazy_xp_functions`` does, under each lazy
library's profile and given our namespace, to the functions a test tagged with
``lazy_xp_function``: on JAX it wraps them in ``jax.jit``, on Dask it counts the graphs
they compute; here each call of such a function runs with the setting named."""


def _tags(func: Any, registry: dict[Any, Any]) -> dict[str, Any] | None:
    tags = func.__dict__.get("_lazy_xp_function") if type(func) is FunctionType else None
    if tags is None:
        try:
            tags = registry.get(func)
        except TypeError:  # unhashable
            return None
    return tags


def _run_lazily(func: Callable[..., Any], settings: dict[str, object]) -> Callable[..., Any]:
    def lazily(*args: Any, **kwargs: Any) -> Any:
        with overriding(settings):
            if "computes" not in settings:
                return func(*args, **kwargs)
            with counting_block():  # each call's budget counts from 0, as Dask's does
                return func(*args, **kwargs)

    lazily.__name__ = getattr(func, "__name__", "lazily")
    lazily.__qualname__ = getattr(func, "__qualname__", lazily.__name__)
    lazily.__wrapped__ = func  # type: ignore[attr-defined]
    return lazily


def lazy_patcher(original: Callable[..., Any]) -> Callable[..., Any]:
    """array-api-extra's ``patch_lazy_xp_functions`` (a test helper), which under the JAX
    or Dask profile, given our namespace, does to the tagged functions what it does for
    the library's: see ``LAZY_STAND_INS``. Otherwise it is the helper itself."""
    registry = original.__globals__.get("_ufuncs_tags", {})

    def patch_lazy_xp_functions(request: Any, monkeypatch: Any = None, *, xp: Any) -> Any:
        library = _lazy_library(xp)
        if library is None:
            return original(request, monkeypatch, xp=xp)
        module = request.module
        changed: list[tuple[Any, str, Any]] = []
        for holder in [module, *getattr(module, "lazy_xp_modules", [])]:
            for name, func in list(holder.__dict__.items()):
                tags = _tags(func, registry)
                if tags is None:
                    continue
                if library == "jax" and tags.get("jax_jit", True):
                    settings: dict[str, object] = {"lazy": True}
                elif library == "dask":
                    allowed = tags.get("allow_dask_compute", False)
                    settings = {"computes": 1_000_000 if allowed is True else int(allowed)}
                else:
                    continue
                if monkeypatch is not None:
                    monkeypatch.setattr(holder, name, _run_lazily(func, settings))
                else:
                    changed.append((holder, name, func))
                    setattr(holder, name, _run_lazily(func, settings))
        return _restoring(changed)

    return patch_lazy_xp_functions


@contextmanager
def _restoring(changed: list[tuple[Any, str, Any]]) -> Iterator[None]:
    try:
        yield
    finally:
        for holder, name, func in changed:
            setattr(holder, name, func)
