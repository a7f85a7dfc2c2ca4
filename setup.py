"""
The compiled core: the hot modules that ``array_api_reshape/_runtime/_build.py`` lists,
compiled by Cython from their own ``.py`` source (typed by the ``.pxd`` beside each).
Where that fails (no C compiler, no Python headers, no Cython) the package installs as
pure Python, which is complete, and the build log says so in one line.
``ARRAY_API_RESHAPE_BUILD=pure`` skips the compilation. Everything else about the package
is in pyproject.toml.
"""

from __future__ import annotations

import ast
import os
import re
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def compiled_modules() -> list[str]:
    """``COMPILED_MODULES`` of ``array_api_reshape/_runtime/_build.py``, read unimported."""
    source = os.path.join(HERE, "array_api_reshape", "_runtime", "_build.py")
    with open(source, encoding="utf-8") as file:
        tree = ast.parse(file.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "COMPILED_MODULES"
            for target in node.targets
        ):
            return list(ast.literal_eval(node.value))
    raise RuntimeError("array_api_reshape/_runtime/_build.py has no COMPILED_MODULES")


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
    compiled = cythonize(
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
    for extension in compiled:
        embed_slot_signatures(extension.sources[0],
                              os.path.join(*extension.name.split(".")) + ".py")
    return compiled


def text_signature(function: ast.FunctionDef) -> str:
    """``function``'s parameters as CPython's text signatures spell them (``($self, key,
    /)``): the form ``inspect.signature`` reads from the start of a C function's docstring."""
    arguments = function.args
    positional = arguments.posonlyargs + arguments.args
    defaults = [None] * (len(positional) - len(arguments.defaults)) + arguments.defaults
    parts = []
    for index, (argument, default) in enumerate(zip(positional, defaults)):
        name = "$" + argument.arg if index == 0 else argument.arg
        parts.append(name if default is None else f"{name}={ast.unparse(default)}")
        if index == len(arguments.posonlyargs) - 1:
            parts.append("/")
    if arguments.vararg is not None:
        parts.append("*" + arguments.vararg.arg)
    elif arguments.kwonlyargs:
        parts.append("*")
    for argument, kw_default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        parts.append(argument.arg if kw_default is None
                     else f"{argument.arg}={ast.unparse(kw_default)}")
    if arguments.kwarg is not None:
        parts.append("**" + arguments.kwarg.arg)
    return f"({', '.join(parts)})"


_SLOT_DOCSTRING = re.compile(r'PyDoc_STRVAR\((__pyx_doc_\w*?_\d+(__\w+__)), "')


def embed_slot_signatures(c_file: str, source: str) -> None:
    """Give each special method that Cython makes a slot of its type (``__getitem__``,
    ``__add__``, ...) its Python signature at the head of its C docstring, where CPython's
    ``__text_signature__`` finds it; Cython's own signature embedding passes over special
    methods, and without it ``inspect.signature`` of ``x.__getitem__`` raises ValueError in
    the compiled build. Running again changes nothing."""
    with open(source, encoding="utf-8") as file:
        tree = ast.parse(file.read())
    signatures = {
        node.name: text_signature(node)
        for cls in tree.body if isinstance(cls, ast.ClassDef)
        for node in cls.body if isinstance(node, ast.FunctionDef)
    }
    with open(c_file, encoding="utf-8") as file:
        code = file.read()
    slots = set(re.findall(r"__pyx_wrapperbase_\w*?_\d+(__\w+__)\.doc = ", code))

    def with_signature(match: re.Match[str]) -> str:
        name = match.group(2)
        head = match.group(0)
        if name not in slots or name not in signatures or code.startswith(name + "(", match.end()):
            return head
        return f"{head}{name}{signatures[name]}\\n--\\n\\n"

    embedded = _SLOT_DOCSTRING.sub(with_signature, code)
    if embedded != code:
        with open(c_file, "w", encoding="utf-8") as file:
            file.write(embedded)


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
