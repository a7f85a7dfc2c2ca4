"""
The compiled core: the hot modules that ``array_api_reshape/_tables/_build.py`` lists,
compiled by Cython from their own ``.py`` source (typed by the ``.pxd`` beside each).
Where that fails (no C compiler, no Python headers, no Cython) the package installs as
pure Python, which is complete, and the build log says so in one line.
``ARRAY_API_RESHAPE_BUILD=pure`` skips the compilation. Everything else about the package
is in pyproject.toml.
"""

from __future__ import annotations

import ast
import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def compiled_modules() -> list[str]:
    """``COMPILED_MODULES`` of ``array_api_reshape/_tables/_build.py``, read unimported."""
    source = os.path.join(HERE, "array_api_reshape", "_tables", "_build.py")
    with open(source, encoding="utf-8") as file:
        tree = ast.parse(file.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "COMPILED_MODULES"
            for target in node.targets
        ):
            return list(ast.literal_eval(node.value))
    raise RuntimeError("array_api_reshape/_tables/_build.py has no COMPILED_MODULES")


def say_pure(reason: str) -> None:
    print(f"array-api-reshape: installing the pure-Python package ({reason})", file=sys.stderr)


def extensions() -> list:
    """The compiled modules as Cython extensions, or none (and why) when they cannot be."""
    if os.environ.get("ARRAY_API_RESHAPE_BUILD", "") == "pure":
        say_pure("ARRAY_API_RESHAPE_BUILD=pure")
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        say_pure("Cython is not installed")
        return []
    try:
        import numpy
    except ImportError:
        say_pure("NumPy, whose C headers the compiled core reads, is not installed")
        return []
    modules = [
        Extension(name, [os.path.join(*name.split(".")) + ".py"],
                  include_dirs=[numpy.get_include()],
                  define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")])
        for name in compiled_modules()
    ]
    return cythonize(
        modules,
        quiet=True,
        compiler_directives={
            "language_level": 3,
            "binding": True,  # functions and methods introspect as Python's do
            "embedsignature": False,
            "annotation_typing": False,  # types come from the .pxd files, never annotations
            "always_allow_keywords": True,
            "autotestdict": False,  # pytest finds the docstrings' examples itself
        },
    )


class OptionalBuildExt(build_ext):
    """Builds the compiled core, or says in one line why the package is pure Python."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:  # one compiler per core: the modules are independent
            self.parallel = os.cpu_count() or 1

    def build_extensions(self) -> None:
        try:
            super().build_extensions()
        except Exception as error:  # no compiler, no headers: the pure package is complete
            reason = str(error).strip().splitlines()[0] if str(error).strip() else ""
            reason = reason if len(reason) <= 100 else reason[:97] + "..."  # one line
            say_pure(f"the compiled core did not build: {reason or type(error).__name__}")
            for built in self.get_outputs():
                if os.path.exists(built):
                    os.remove(built)
            self.extensions = []  # nothing left to copy beside the sources


if __name__ == "__main__":  # (setuptools runs it so; tests read compiled_modules only)
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
