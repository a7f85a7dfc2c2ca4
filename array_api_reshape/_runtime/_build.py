"""
Which build of the package is running: the compiled core (the hot modules below compiled
by Cython from their own ``.py`` source, typed by the ``.pxd`` beside each) or the
pure-Python package, which is complete on its own.

``pip install .`` compiles the hot modules where a C compiler and Python's headers are
present and installs the pure-Python package elsewhere (``setup.py``). Setting the
environment variable ``ARRAY_API_RESHAPE_PURE=1`` before the import runs the pure-Python
source even where compiled modules are installed: for debugging, and for contributors
who edit a compiled module's ``.py`` without rebuilding.

This module imports nothing of the package (``setup.py`` reads ``COMPILED_MODULES`` from it
without importing it) and nothing but the standard library.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType

COMPILED_MODULES = (
    "array_api_reshape._array._array_object",
    "array_api_reshape._array._keys",
    "array_api_reshape._tables._layout",
    "array_api_reshape._tables._layout_indexing",
    "array_api_reshape._modes._flag_state",
    "array_api_reshape._modes._gates",
    "array_api_reshape._kernels._storage",
    "array_api_reshape._kernels._numpy_views",
    "array_api_reshape._kernels._piecewise_kernels",
    "array_api_reshape._tables._dtypes",
    "array_api_reshape._entries._array_entries",
    "array_api_reshape._entries._creation_entries",
    "array_api_reshape._entries._reduction_entries",
    "array_api_reshape._kernels._creation_kernels",
    "array_api_reshape._kernels._scalar_kernels",
    "array_api_reshape._runtime._memory",
    "array_api_reshape._kernels._manipulation_kernels",
    "array_api_reshape._kernels._reduction_kernels",
    "array_api_reshape._kernels._elementwise_kernels",
    "array_api_reshape._kernels._searching_kernels",
    "array_api_reshape._kernels._copy_kernels",
    "array_api_reshape._tables._arguments",
    "array_api_reshape._tables._reshape_decision",
    "array_api_reshape._tables._copy_plan",
    "array_api_reshape._tables._piece_plan",
    "array_api_reshape._chapters._reduction_steps",
    "array_api_reshape._modes._view_tracking",
)
"""The modules the compiled build compiles: the per-call hot path."""

C_VERSIONS = (
    "array_api_reshape._kernels._ndarray_fields",
    "array_api_reshape._tables._records",
    "array_api_reshape._modes._call_sites",
    "array_api_reshape._modes._weak_references",
)
"""Modules never compiled whose ``.pxd`` gives the compiled modules C versions of their
functions (NumPy's C fields, CPython's frames and weak references); the pure-Python
build runs their Python ones."""

PURE_VARIABLE = "ARRAY_API_RESHAPE_PURE"
"""The environment variable that, set to 1 before the import, runs the pure-Python source."""

_PACKAGE_FOLDER = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def source_of(module: str) -> str:
    """The path of the ``.py`` source of the package's ``module`` (a dotted name)."""
    return os.path.join(_PACKAGE_FOLDER, *module.split(".")[1:]) + ".py"


def pure_requested() -> bool:
    """True when the environment asks for the pure-Python source (``ARRAY_API_RESHAPE_PURE``
    set to anything but empty or 0)."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


class _PureSourceFinder(importlib.abc.MetaPathFinder):
    """Finds each compiled module's ``.py`` source, ahead of its compiled file (which the
    import system would otherwise prefer)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED_MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_of(fullname))


def choose_source() -> None:
    """Run the pure-Python source of the compiled modules when the environment asks
    (called once, below, as the package's ``__init__`` imports this module first)."""
    if pure_requested() and not any(isinstance(f, _PureSourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PureSourceFinder())


choose_source()


def is_compiled(module: ModuleType) -> bool:
    """True when ``module`` was loaded from a compiled extension file."""
    return isinstance(getattr(module, "__loader__", None),
                      importlib.machinery.ExtensionFileLoader)


def build_name() -> str:
    """The build that is running, in words: ``"compiled core"``, or ``"pure Python"`` with
    the reason (asked for by the environment, or no compiled module installed)."""
    modules = [sys.modules[name] for name in COMPILED_MODULES if name in sys.modules]
    compiled = sum(is_compiled(module) for module in modules)
    if modules and compiled == len(modules):
        return "compiled core"
    if compiled:
        return f"partly compiled ({compiled} of {len(modules)} hot modules: rebuild)"
    if pure_requested():
        return f"pure Python ({PURE_VARIABLE} is set)"
    return "pure Python (installed without the compiled core)"
