"""
The other projects' test suites that clients/run.py drives, and how each one is pointed
at a namespace.

- **Cubed** ships its tests in its wheel (``cubed/tests``). It imports its chunk backend
  once, from the environment variable ``CUBED_BACKEND_ARRAY_API_MODULE``, so each
  namespace gets its own pytest process. Its tests parametrise executors themselves
  (single-threaded, threads, processes, and any of beam, dask, lithops, ray, spark that
  is installed); the tests marked ``cloud`` need a cloud store and are left out.
- **Cubed (Dask executor)**: where distributed is installed, Cubed's tests also run on
  its ``dask`` executor. Those run apart, from a scratch copy of the installed package
  with one line added where the release still needs it (``CUBED_DASK_WORKAROUND``), and
  the main Cubed run leaves them out.
- **array-api-extra** lists the libraries its tests run on in the ``Backend`` enum of
  its own source. A scratch copy of the checkout gets one more member for us, and the
  few tests that branch on array_api_strict treat us like it. One pytest process runs
  every backend; the backend is the parameter id of each test.
- **einops** tests its array-API front end with four tests that import NumPy as the
  namespace in their body. A scratch copy makes that import read the namespace from an
  environment variable, one pytest process per namespace.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

from patching import (
    ALREADY_PRESENT,
    APPLIED,
    Substitution,
    Workaround,
    apply_substitutions,
    apply_workaround,
    copy_checkout,
    copy_package,
)

OURS = "array_api_reshape"
NAMESPACES = (OURS, "numpy", "array_api_strict")


@dataclass
class PytestRun:
    """One pytest process: where, how, and which namespace each of its tests ran on."""

    suite: str
    arguments: list[str]
    cwd: Path
    environment: dict[str, str]
    namespace: str | None = None           # every test ran on it; None: read the test id
    known_namespaces: tuple[str, ...] = ()  # parameter ids naming a namespace
    python: str = sys.executable
    parallel: bool = True                   # worth pytest-xdist workers

    def command(self, junit: Path, workers: str) -> list[str]:
        # --tb=native: pytest's own traceback formatting parses the source of every frame,
        # which crashes the whole run (INTERNALERROR, "AST constructor recursion depth
        # mismatch") on some of Cubed's deep tracebacks under Python 3.11.
        command = [self.python, "-m", "pytest", *self.arguments, "-q", "-p", "no:cacheprovider",
                   "--tb=native", f"--junitxml={junit}", "-o", "junit_family=xunit1"]
        if self.parallel and workers != "0":
            command += ["-n", workers]
        return command

    def selecting_ours(self) -> PytestRun:
        """This run limited to the tests on our namespace: a run of one namespace as it
        is; a run of many (array-api-extra's) keeps the tests whose parameter id names
        ours, not another id that contains our name (our strictest backend)."""
        if self.namespace is not None:
            return self
        others = [name for name in self.known_namespaces if OURS in name and name != OURS]
        expression = " and ".join([OURS, *(f"not {name}" for name in others)])
        return replace(self, arguments=[*self.arguments, "-k", expression])

    def namespace_of(self, test_name: str) -> str | None:
        """The namespace a test ran on: the run's own, or the first parameter id naming one."""
        if self.namespace is not None:
            return self.namespace
        parameters = re.search(r"\[(.*)\]$", test_name)
        for part in parameters.group(1).split("-") if parameters else ():
            if part in self.known_namespaces:
                return part
        return None


@dataclass
class Suite:
    name: str
    version: str                      # for the report: a release or a commit
    runs: list[PytestRun] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def path_before(folder: Path) -> str:
    """``PYTHONPATH`` with ``folder`` first and the caller's entries after it, so that a
    package the caller put on the path (a worktree's array_api_reshape) stays importable."""
    entries = [str(folder), *os.environ.get("PYTHONPATH", "").split(os.pathsep)]
    return os.pathsep.join(entry for entry in entries if entry)


# --- Cubed -------------------------------------------------------------------------------

CUBED_TEST_MODULES = ("test_array_api", "test_linalg", "test_indexing", "test_ops")
DASK = "dask"                      # the name of Cubed's executor on Dask distributed
CUBED_DASK = "Cubed (Dask executor)"
CUBED_COPY = "cubed-patched"       # the scratch folder of the Dask suite's copy of Cubed
# pytest's -k also matches the names of a test's folders, the root folder's included: a
# copy in a folder named "cubed-dask" would have "-k dask" select every test.


def cubed_arguments(rootdir: Path, tests: Path) -> list[str]:
    """pytest arguments for Cubed's four test modules in ``tests``, cloud tests left out."""
    # "-c os.devnull" keeps pytest from reading a configuration found above the installed
    # package (a virtual environment inside a project finds the project's pyproject.toml).
    return ["-c", os.devnull, "--rootdir", str(rootdir), "-m", "not cloud",
            "-W", "ignore::pytest.PytestUnknownMarkWarning",
            *(str(tests / f"{module}.py") for module in CUBED_TEST_MODULES)]


def cubed_selection(executors) -> list[str]:
    """The main Cubed run's selection: every test, but the dask executor's where it is
    present, since those run as their own suite (``cubed_dask_suite``)."""
    return ["-k", f"not {DASK}"] if DASK in executors else []


def cubed_suite(namespaces, executors, python: str) -> Suite:
    version, package = installed_package(python, "cubed")
    site_packages = package.parent
    arguments = cubed_arguments(site_packages, package / "tests") + cubed_selection(executors)
    runs = [
        PytestRun("Cubed", arguments, site_packages,
                  dict(os.environ, CUBED_BACKEND_ARRAY_API_MODULE=namespace),
                  namespace=namespace, python=python)
        for namespace in namespaces
    ]
    notes = [f"Cubed {version} from its wheel: `{'`, `'.join(CUBED_TEST_MODULES)}`, "
             "tests marked `cloud` left out; backend chosen with `CUBED_BACKEND_ARRAY_API_MODULE`; "
             f"executors its tests parametrise here: {', '.join(executors)} (beam, dask, lithops, "
             "ray and spark join when their packages are installed)."]
    if DASK in executors:
        notes.append(f"`-k \"not {DASK}\"`: the {DASK} executor's tests run as the suite "
                     f"{CUBED_DASK}, on a patched copy.")
    return Suite("Cubed", version, runs, notes)


CUBED_DASK_WORKAROUND = Workaround(
    "runtime/executors/dask.py",
    call="check_runtime_memory(spec, client)",
    line="await client._update_scheduler_info(n_workers=-1)",
    reason="before checking the workers' memory, Cubed's asynchronous client asks the "
           "scheduler for every worker, as a synchronous client's `scheduler_info()` does",
    upstream="`check_runtime_memory` in `cubed/runtime/executors/dask.py` (called from "
             "`DaskExecutor._async_execute_dag`), which reads "
             "`client.scheduler_info()[\"workers\"]`: an asynchronous client takes that from "
             "a cache that distributed 2026.7 and later fill with no workers "
             "(`Client._update_scheduler_info(n_workers=0)` in `distributed/client.py`), so "
             "every compute fails with `ValueError: Cluster has no workers running`",
)


def cubed_dask_suite(namespaces, scratch: Path, python: str) -> Suite:
    """Cubed's tests on its dask executor, from a scratch copy of the installed package
    with ``CUBED_DASK_WORKAROUND`` applied where the release still needs it."""
    version, package = installed_package(python, "cubed")
    distributed_version, _ = installed_package(python, "distributed")
    root = scratch / CUBED_COPY
    status = prepare_cubed_copy(package, root)
    # The copy comes first on the path of pytest and of the Dask workers it spawns.
    environment = dict(os.environ, PYTHONPATH=path_before(root))
    arguments = cubed_arguments(root, root / "cubed" / "tests") + ["-k", DASK]
    runs = [
        PytestRun(CUBED_DASK, arguments, root,
                  dict(environment, CUBED_BACKEND_ARRAY_API_MODULE=namespace),
                  namespace=namespace, python=python)
        for namespace in namespaces
    ]
    notes = [f"Cubed {version}'s tests on its `{DASK}` executor (`-k {DASK}`, the same four "
             f"modules), with distributed {distributed_version}, run from a scratch copy of the "
             "installed package:",
             workaround_note(CUBED_DASK_WORKAROUND, status)]
    return Suite(CUBED_DASK, version, runs, notes)


def prepare_cubed_copy(package: Path, root: Path) -> str:
    """Copy the installed ``cubed`` package to ``root / "cubed"`` and apply the Dask
    workaround where needed; returns the workaround's status."""
    copy_package(package, root / "cubed")
    return apply_workaround(root / "cubed", CUBED_DASK_WORKAROUND)


def workaround_note(workaround: Workaround, status: str) -> str:
    """One line for the report: what the edit does and why, or why the copy runs as installed."""
    where = f"`cubed/{workaround.path}`"
    if status == APPLIED:
        return (f"{where}: `{workaround.line}` inserted before `{workaround.call}`: "
                f"{workaround.reason}. It works around {workaround.upstream}.")
    if status == ALREADY_PRESENT:
        return f"{where} already holds `{workaround.line}`: run unpatched, as installed."
    return (f"{where} has no `{workaround.call}` any more: run unpatched, as installed "
            f"(the workaround was for {workaround.upstream}).")


def cubed_executors(python: str) -> list[str]:
    """The executors Cubed's tests run on: those its test helpers could create here."""
    completed = subprocess.run(
        [python, "-c",
         "from cubed.tests.utils import ALL_EXECUTORS as e; print(*(x.name for x in e))"],
        capture_output=True, text=True, check=True,
    )
    return completed.stdout.split()


def installed_package(python: str, name: str) -> tuple[str, Path]:
    """Version and folder of a package as the interpreter that runs the tests sees it."""
    completed = subprocess.run(
        [python, "-c", f"import {name}, os; print({name}.__version__); "
                       f"print(os.path.dirname(os.path.abspath({name}.__file__)))"],
        capture_output=True, text=True, check=True,
    )
    version, folder = completed.stdout.split("\n")[:2]
    return version, Path(folder)


# --- array-api-extra ---------------------------------------------------------------------

ARRAY_API_EXTRA_BACKEND_IDS = (
    "array_api_reshape", "array_api_reshape_strictest", "array_api_strict", "array_api_strictest",
    "numpy", "numpy:readonly",
    "cupy", "torch", "torch:gpu", "dask", "sparse", "jax", "jax:gpu",
)

_LIKE_STRICT = "treat array_api_reshape like array_api_strict, as the issue asks"
ARRAY_API_EXTRA_SUBSTITUTIONS = (
    Substitution(
        "src/array_api_extra/_lib/_backends.py",
        '    ARRAY_API_STRICTEST = "array_api_strict:strictest"\n',
        '    ARRAY_API_STRICTEST = "array_api_strict:strictest"\n'
        '    ARRAY_API_RESHAPE = "array_api_reshape"\n',
        "add our namespace to the Backend enum: every backend-parametrised test runs on it",
    ),
    Substitution(
        "src/array_api_extra/_lib/_backends.py",
        '    ARRAY_API_RESHAPE = "array_api_reshape"\n',
        '    ARRAY_API_RESHAPE = "array_api_reshape"\n'
        '    ARRAY_API_RESHAPE_STRICTEST = "array_api_reshape:strictest"\n',
        "add our strictest backend: array_api_strict's strictest flags and the two its "
        "authors wanted from it (writeable=False, lazy=True)",
    ),
    Substitution(
        "tests/main/conftest.py",
        "    if library == Backend.ARRAY_API_STRICTEST:\n",
        "    if library == Backend.ARRAY_API_RESHAPE_STRICTEST:\n"
        "        from array_api_reshape import flags as reshape_flags\n"
        "\n"
        "        with reshape_flags.using(\n"
        "            boolean_indexing=False,\n"
        "            data_dependent_shapes=False,\n"
        "            writeable=False,\n"
        "            enabled_extensions=(),\n"
        "        ), patch_lazy_xp_functions(request, xp=xp):\n"
        "            yield xp\n"
        "        return\n"
        "\n"
        "    if library == Backend.ARRAY_API_STRICTEST:\n",
        "the strictest backend's fixture: the flags for the whole test, and the functions "
        "under test (tagged with lazy_xp_function) run lazily, as JAX runs them under jit",
    ),
    Substitution(
        "tests/main/conftest.py",
        "            if library == elem:\n",
        "            if library == elem or (\n"
        "                elem == Backend.ARRAY_API_RESHAPE_STRICTEST\n"
        "                and library in (Backend.ARRAY_API_STRICTEST, Backend.JAX)\n"
        "            ):\n",
        "our strictest backend takes the skip and xfail marks of array_api_strict's strictest "
        "(the same three flags) and of JAX (immutable arrays, lazy under jit)",
    ),
    Substitution(
        "src/array_api_extra/testing/_testing.py",
        "    elif _compat.is_jax_namespace(xp):\n",
        "    elif getattr(getattr(getattr(request.node, 'callspec', None), 'params', {})"
        ".get('library'), 'value', None) == 'array_api_reshape:strictest':\n"
        "        from array_api_reshape import flags as reshape_flags\n"
        "\n"
        "        def _reshape_lazy(func):\n"
        "            @functools.wraps(func)\n"
        "            def lazily(*args, **kwargs):\n"
        "                with reshape_flags.using(lazy=True):\n"
        "                    return func(*args, **kwargs)\n"
        "            return lazily\n"
        "\n"
        "        for target, name, attr, func, tags in iter_tagged():\n"
        "            if tags['jax_jit']:\n"
        "                wrapped = _reshape_lazy(func)\n"
        "                if isinstance(attr, staticmethod):\n"
        "                    wrapped = staticmethod(wrapped)\n"
        "                elif isinstance(attr, classmethod):\n"
        "                    wrapped = classmethod(wrapped)\n"
        "                temp_setattr(target, name, wrapped)\n"
        "\n"
        "    elif _compat.is_jax_namespace(xp):\n",
        "under our strictest backend, run each function tagged for jit (lazy_xp_function) "
        "with array_api_reshape's lazy flag on, where JAX would run it under jax.jit; the "
        "backend is recognised by the test's `library` parameter, not by `writeable=False`, "
        "which the jax profile also sets",
    ),
    Substitution(
        "tests/main/test_at.py",
        "elif library.like(Backend.ARRAY_API_STRICT):",
        "elif library.like(Backend.ARRAY_API_STRICT, Backend.ARRAY_API_RESHAPE):",
        f"test_incompatible_dtype: {_LIKE_STRICT} (an int array and a float operand must raise)",
    ),
    Substitution(
        "tests/main/test_testing.py",
        "if library.like(Backend.ARRAY_API_STRICT, Backend.JAX):",
        "if library.like(Backend.ARRAY_API_STRICT, Backend.ARRAY_API_RESHAPE, Backend.JAX):",
        f"test_lazy_xp_function_cython_ufuncs: {_LIKE_STRICT} (no __array_ufunc__ dispatch)",
    ),
    Substitution(
        "tests/main/test_set.py",
        '        Backend.ARRAY_API_STRICT, reason="array-agnostic fallback"\n    )\n',
        '        Backend.ARRAY_API_STRICT, reason="array-agnostic fallback"\n    )\n'
        '    @pytest.mark.skip_xp_backend(\n'
        '        Backend.ARRAY_API_RESHAPE, reason="array-agnostic fallback"\n    )\n',
        "TestNUnique::test_delegates checks that a library's own function is used; like "
        "array_api_strict, ours has none and gets the array-agnostic fallback, so skip it as "
        "strict's is",
    ),
)

ARRAY_API_EXTRA_DESELECTED = {
    "tests/main/test_version.py::test_version":
        "compares the installed package metadata with `__version__`; the runner imports the "
        "scratch copy from its source folder, which has no metadata",
}


def array_api_extra_suite(checkout: Path, scratch: Path, python: str) -> Suite:
    copy = scratch / "array-api-extra"
    commit = copy_checkout(checkout, copy)
    apply_substitutions(copy, ARRAY_API_EXTRA_SUBSTITUTIONS)
    arguments = ["tests/main", "-o", "log_cli_level=WARNING"]
    for test in ARRAY_API_EXTRA_DESELECTED:
        arguments += ["--deselect", test]
    run = PytestRun("array-api-extra", arguments, copy,
                    dict(os.environ, PYTHONPATH=path_before(copy / "src")),
                    known_namespaces=ARRAY_API_EXTRA_BACKEND_IDS, python=python)
    notes = [f"array-api-extra commit `{commit}` (`tests/main`), run from a scratch copy with "
             "these edits:"]
    notes += [f"`{s.path}`: {s.reason}." for s in ARRAY_API_EXTRA_SUBSTITUTIONS]
    notes += [f"Deselected `{test}`: {why}." for test, why in ARRAY_API_EXTRA_DESELECTED.items()]
    return Suite("array-api-extra", commit, [run], notes)


# --- einops ------------------------------------------------------------------------------

EINOPS_NAMESPACE_VARIABLE = "ARRAY_API_CLIENTS_MODULE"
EINOPS_TESTS = ("einops/tests/test_array_api.py",
                "einops/tests/test_packing.py::test_pack_unpack_array_api")
_EINOPS_IMPORT = (
    "    import importlib, os\n"
    f'    xp = importlib.import_module(os.environ["{EINOPS_NAMESPACE_VARIABLE}"])\n'
)
EINOPS_SUBSTITUTIONS = (
    Substitution("einops/tests/test_array_api.py", "    import numpy as xp\n", _EINOPS_IMPORT,
                 f"the namespace under test comes from `{EINOPS_NAMESPACE_VARIABLE}`", count=3),
    Substitution("einops/tests/test_packing.py", "    import numpy as xp\n", _EINOPS_IMPORT,
                 f"the namespace under test comes from `{EINOPS_NAMESPACE_VARIABLE}`"),
    Substitution("einops/tests/test_array_api.py", 'if xp.__version__ < "2.0.0":',
                 'if np.__version__ < "2.0.0":',
                 "the guard asks for NumPy 2 (its from_dlpack); another namespace's version "
                 "number says nothing about it", count=3),
    Substitution("einops/tests/test_packing.py", 'if xp.__version__ < "2.0.0":',
                 'if np.__version__ < "2.0.0":',
                 "the same NumPy-version guard"),
)


def einops_suite(checkout: Path, scratch: Path, namespaces, python: str) -> Suite:
    copy = scratch / "einops"
    commit = copy_checkout(checkout, copy)
    apply_substitutions(copy, EINOPS_SUBSTITUTIONS)
    runs = [
        PytestRun("einops", list(EINOPS_TESTS), copy,
                  dict(os.environ, PYTHONPATH=path_before(copy), EINOPS_TEST_BACKENDS="numpy",
                       **{EINOPS_NAMESPACE_VARIABLE: namespace}),
                  namespace=namespace, python=python, parallel=False)
        for namespace in namespaces
    ]
    notes = [f"einops commit `{commit}`: its array-API tests (`{'`, `'.join(EINOPS_TESTS)}`), "
             "run from a scratch copy with these edits:"]
    notes += [f"`{s.path}` ({s.count}x): {s.reason}." for s in EINOPS_SUBSTITUTIONS]
    notes += ["`EINOPS_TEST_BACKENDS=numpy`: the tests import einops' own test helpers, which "
              "refuse to load without it."]
    return Suite("einops", commit, runs, notes)
