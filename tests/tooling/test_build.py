"""The two builds: the compiled core and the pure-Python package, chosen at install time
(setup.py) and at import (ARRAY_API_RESHAPE_PURE), and said by ``--version``."""

from __future__ import annotations

import importlib.util
import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import array_api_reshape  # noqa: F401  (the build is chosen as the package is imported)
from array_api_reshape._modes import _call_sites
from array_api_reshape._runtime import _build

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "array_api_reshape"


def source_of(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def run_python(code: str, **environment: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != _build.PURE_VARIABLE}
    env.update(environment)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=True)
    return done.stdout.strip()


def test_every_compiled_module_has_its_source_and_each_declaration_file_its_module():
    for module in _build.COMPILED_MODULES:
        assert source_of(module).is_file(), module
    declared = {path.with_suffix(".py") for path in PACKAGE.rglob("*.pxd")}
    modules = _build.COMPILED_MODULES + _build.C_VERSIONS
    assert declared <= {source_of(module) for module in modules}
    assert not set(_build.COMPILED_MODULES) & set(_build.C_VERSIONS)
    for module in _build.C_VERSIONS:  # a module of C versions only: declarations beside it
        assert source_of(module).with_suffix(".pxd").is_file(), module


def test_setup_compiles_exactly_the_modules_the_package_names():
    namespace = runpy.run_path(str(ROOT / "setup.py"), run_name="not_main")
    assert namespace["compiled_modules"]() == list(_build.COMPILED_MODULES)


def test_the_walks_pass_over_the_frames_of_exactly_the_compiled_modules():
    assert _call_sites._TRANSPARENT == {
        str(source_of(module)) for module in _build.COMPILED_MODULES
    }


def test_the_environment_variable_runs_every_compiled_module_from_its_source():
    code = (
        "import sys, array_api_reshape as xp\n"
        "from array_api_reshape._runtime import _build\n"
        "print(all(sys.modules[m].__file__.endswith('.py') for m in _build.COMPILED_MODULES))\n"
        "print(_build.build_name()); print(xp.asarray([1.0, 2.0]) + 1)"
    )
    lines = run_python(code, ARRAY_API_RESHAPE_PURE="1").splitlines()
    assert lines == ["True", "pure Python (ARRAY_API_RESHAPE_PURE is set)",
                     "Array([2., 3.], dtype=float64)"]
    assert run_python(code, ARRAY_API_RESHAPE_PURE="0").splitlines()[2] == lines[2]


def test_the_build_name_says_what_is_loaded():
    modules = [sys.modules[name] for name in _build.COMPILED_MODULES]
    compiled = [_build.is_compiled(module) for module in modules]
    name = _build.build_name()
    if all(compiled):
        assert name == "compiled core"
    elif not any(compiled):
        assert name.startswith("pure Python (")
    else:
        assert name.startswith("partly compiled")
    expected = os.environ.get("ARRAY_API_RESHAPE_EXPECT_BUILD")  # set by CI for each run
    if expected == "compiled":
        assert name == "compiled core"
    elif expected == "pure":
        assert name.startswith("pure Python")


@pytest.mark.skipif(importlib.util.find_spec("Cython") is None, reason="needs Cython")
def test_without_a_compiler_the_build_says_so_in_one_line_and_leaves_pure_python(tmp_path):
    copy = tmp_path / "copy"
    copy.mkdir()
    shutil.copy(ROOT / "setup.py", copy)
    shutil.copy(ROOT / "pyproject.toml", copy)
    shutil.copy(ROOT / "README.md", copy)
    shutil.copytree(PACKAGE, copy / "array_api_reshape",
                    ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"))
    env = dict(os.environ, CC="false")  # a compiler that always fails
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=copy, env=env, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if line.startswith("array-api-reshape:")]
    assert len(said) == 1 and "installing the pure-Python package" in said[0], done.stderr
    assert not list((copy / "array_api_reshape").rglob("*.so"))
