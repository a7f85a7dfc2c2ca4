"""
A pytest plugin for ``real_suites.py``: a project's own array-API tests, run with
array_api_reshape (under a profile) where the project's test set-up hands out a real
library.

SciPy's ``xp`` fixture is parametrized with the libraries' modules (``jax.numpy``,
``torch``, ``dask.array``). Loaded with ``-p suite_backend``, this plugin keeps each test's
parameter, id and the project's own skip and xfail markers for that library, and hands the
test array_api_reshape instead of the library. The profile itself comes from the
environment (``ARRAY_API_RESHAPE_PROFILE``), which pytest-xdist's workers inherit.
scikit-learn's tests take the namespace by name (``_array_api_for_tests``); the plugin
answers our namespace there for the library's name.

Not part of the package: a runner's tool, used only by ``real_suites.py``.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import array_api_reshape

LIBRARY_MODULES = {"torch": "torch", "jax": "jax.numpy", "dask": "dask.array"}
"""The module each profile's library hands SciPy's and scikit-learn's tests."""


def _profiled_library() -> str:
    return LIBRARY_MODULES[os.environ["REAL_SUITES_LIBRARY"]]


def _on_profile() -> bool:
    """True in the run on our namespace (``REAL_SUITES_ON=profile``); False in the run on
    the library, where the plugin only makes the markers inert when asked."""
    return os.environ.get("REAL_SUITES_ON") == "profile"


def _markers_inert() -> bool:
    return os.environ.get("REAL_SUITES_MARKERS") == "inert"


def _scipy_fixture(conftest: Any) -> Any:
    """SciPy's ``xp`` fixture with its parameters and markers, giving our namespace where
    it gives the profile's library."""
    library = _profiled_library()

    @pytest.fixture(params=conftest.xp_available_backends)
    def xp(request: Any) -> Any:
        conftest.skip_or_xfail_xp_backends(request, "skip")
        conftest.skip_or_xfail_xp_backends(request, "xfail")
        if request.param.__name__ != library:
            pytest.skip(f"real_suites: only {library}'s parameter runs on the profile")
        namespace = array_api_reshape.asarray(0).__array_namespace__()
        # as SciPy's fixture does for the library: its test helper runs the functions the
        # tests tagged as lazy as the profile's library would (jax.jit, Dask's count)
        with conftest.patch_lazy_xp_functions(request=request, xp=namespace):
            with conftest.default_xp(namespace):
                yield namespace

    return xp


def pytest_plugin_registered(plugin: Any, plugin_name: str) -> None:
    """Swap SciPy's ``xp`` fixture as its conftest registers (its fixtures are read
    later, when its folder is collected)."""
    name = str(plugin_name).replace(os.sep, "/")
    if not (name.endswith("scipy/conftest.py") and hasattr(plugin, "xp_available_backends")):
        return
    if _markers_inert():
        plugin.skip_or_xfail_xp_backends = lambda request, skip_or_xfail: None
    if _on_profile():
        plugin.xp = _scipy_fixture(plugin)


def pytest_configure(config: Any) -> None:
    """Answer our namespace where scikit-learn's tests ask for the library by name."""
    if not _on_profile():
        return
    try:
        from sklearn.utils import _array_api, _testing
    except ImportError:
        return
    original = _testing._array_api_for_tests
    library = _profiled_library()

    def array_api_for_tests(array_namespace: str, device_name: Any = None,
                            dtype_name: Any = None) -> Any:
        if array_namespace != library:
            return original(array_namespace, device_name, dtype_name)
        if device_name not in (None, "cpu"):
            pytest.skip(f"real_suites: the profile runs on the CPU, not {device_name}")
        return array_api_reshape.asarray(0).__array_namespace__(), device_name

    _testing._array_api_for_tests = array_api_for_tests
    if hasattr(_array_api, "_array_api_for_tests"):
        _array_api._array_api_for_tests = array_api_for_tests
