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
  its own source; the backend is the parameter id of each test. Its checkout runs
  unpatched: the tests of its ``array_api_strict`` and ``array_api_strictest`` backends
  once on the real array-api-strict and once with the plugin's ``--xp-as
  array_api_strict`` (our namespace standing in for it), compared test by test; the
  stand-in again without the profile ``"strict"`` (``--xp-mode profile=None``) as our
  default namespace; and its other backends (NumPy, Dask, ...) in one more process.
- **array-api-compat** parametrises its tests over library names; its tests that concern
  array-api-strict run on the real package and standing in (on the pure-Python build, as
  ``--xp-as`` chooses), compared test by test, and once more on the compiled core where it
  is installed, for the record.
- **einops** tests its array-API front end with four tests that import NumPy as the
  namespace in their body. A scratch copy makes that import read the namespace from an
  environment variable, one pytest process per namespace.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
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
STRICT = "array_api_strict"
NAMESPACES = (OURS, "numpy", STRICT)

COMPILED = "compiled"
PURE = "pure"
PURE_VARIABLE = "ARRAY_API_RESHAPE_PURE"
"""Set to 1 before the import, array_api_reshape runs its pure-Python source."""


def standing_in(namespace: str, build: str) -> str:
    """How the report names our namespace standing in for ``namespace`` (a package, or a
    backend of a suite named after it): 'array_api_reshape as array_api_strict (pure)'."""
    return f"{OURS} as {namespace} ({build})"


def is_ours(namespace: str) -> bool:
    """True for our namespace, standing in for another or not."""
    return namespace == OURS or namespace.startswith(f"{OURS} as ")


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
    stand_in: str = ""                      # our namespace stood in for this package
    build: str = ""                         # then: which build of ours (COMPILED, PURE)

    def command(self, junit: Path, workers: str) -> list[str]:
        # --tb=native: pytest's own traceback formatting parses the source of every frame,
        # which crashes the whole run (INTERNALERROR, "AST constructor recursion depth
        # mismatch") on some of Cubed's deep tracebacks under Python 3.11.
        command = [self.python, "-m", "pytest", *self.arguments, "-q", "-p", "no:cacheprovider",
                   "--tb=native", f"--junitxml={junit}", "-o", "junit_family=xunit1"]
        if self.stand_in:
            command += ["--xp-as", self.stand_in]
        if self.parallel and workers != "0":
            command += ["-n", workers]
        return command

    def description(self) -> str:
        """The run in words, for the console and the report: "every backend (-k
        'array_api_strict'), array_api_reshape standing in for array_api_strict (compiled)"."""
        words = self.namespace or "every backend"
        if self.namespace is None and "-k" in self.arguments:
            words += f" (-k {self.arguments[self.arguments.index('-k') + 1]!r})"
        if self.stand_in:
            ours = "" if self.namespace == OURS else f", {OURS}"
            words += f"{ours} standing in for {self.stand_in} ({self.build})"
        modes = [after for before, after in zip(self.arguments, self.arguments[1:])
                 if before == "--xp-mode"]
        return words + "".join(f", --xp-mode {mode}" for mode in modes)

    def namespace_of(self, test_name: str) -> str | None:
        """The namespace a test ran on: the run's own, or the first parameter id naming
        one; standing in, ours as that namespace (``standing_in``)."""
        found = self.namespace
        if found is None:
            parameters = re.search(r"\[(.*)\]$", test_name)
            found = next((part for part in (parameters.group(1).split("-") if parameters else ())
                          if part in self.known_namespaces), None)
        if found is None or not self.stand_in or found == OURS:
            return found
        return standing_in(found, self.build)


@dataclass
class StandInComparison:
    """The same tests on a real package and on our namespace standing in for it (one run
    per build of ours), compared test by test in the report."""

    real: PytestRun
    stand_ins: list[PytestRun]


@dataclass
class Suite:
    name: str
    version: str                      # for the report: a release or a commit
    runs: list[PytestRun] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    comparison: StandInComparison | None = None


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
    STRICT, "array_api_strictest", "numpy", "numpy:readonly",
    "cupy", "torch", "torch:gpu", "dask", "sparse", "jax", "jax:gpu",
)
ARRAY_API_EXTRA_TESTS = "tests/main"
ARRAY_API_EXTRA_LEFT_OUT = (
    "`tests/vendoring` left out: it tests copies of array-api-compat and array-api-extra "
    "vendored into `tests/vendoring/` by a pixi task, which a checkout does not hold"
)
ARRAY_API_EXTRA_DESELECTED = {
    "tests/main/test_version.py::test_version":
        "compares the installed package metadata with `__version__`; the runner imports the "
        "scratch copy from its source folder, which has no metadata",
}


def installed_build(python: str) -> str:
    """``COMPILED`` where the interpreter's array_api_reshape runs its compiled core (in
    this environment), else ``PURE``."""
    completed = subprocess.run(
        [python, "-c", "import array_api_reshape; "
                       "from array_api_reshape._runtime._build import build_name; "
                       "print(build_name())"],
        capture_output=True, text=True, check=True,
    )
    return COMPILED if completed.stdout.strip() == "compiled core" else PURE


def array_api_extra_suite(checkout: Path, scratch: Path, python: str) -> Suite:
    """array-api-extra's own tests, unpatched: its strict backends on array-api-strict and
    on our namespace standing in for it; the stand-in without the profile ``"strict"`` as
    our default namespace; its other backends."""
    copy = scratch / "array-api-extra"
    commit = copy_checkout(checkout, copy)
    arguments = [ARRAY_API_EXTRA_TESTS, "-o", "log_cli_level=WARNING"]
    for test in ARRAY_API_EXTRA_DESELECTED:
        arguments += ["--deselect", test]
    environment = dict(os.environ, PYTHONPATH=path_before(copy / "src"))

    def run(selection: str, **options) -> PytestRun:
        return PytestRun("array-api-extra", [*arguments, "-k", selection], copy,
                         dict(environment), known_namespaces=ARRAY_API_EXTRA_BACKEND_IDS,
                         python=python, **options)

    real = run(STRICT)
    stand_in = run(STRICT, stand_in=STRICT, build=PURE)  # what --xp-as runs
    ours = run(f"{STRICT} and not array_api_strictest", stand_in=STRICT, build=PURE,
               namespace=OURS)
    ours.arguments += ["--xp-mode", "profile=None"]
    others = run(f"not {STRICT}")
    notes = [f"array-api-extra commit `{commit}` (`{ARRAY_API_EXTRA_TESTS}`), unpatched, run "
             "from a scratch copy of its last commit in four processes:",
             f"`-k {STRICT}` (its `{STRICT}` and `array_api_strictest` backends) on the real "
             "array-api-strict, then the same with the plugin's `--xp-as array_api_strict`: our "
             "namespace under array-api-strict's name, flags, devices and refusals (the "
             "profile `strict`), compared test by test below;",
             f"`-k \"{STRICT} and not array_api_strictest\" --xp-as array_api_strict --xp-mode "
             "profile=None`: the stand-in without strict's refusals, our default namespace "
             "(the row `array_api_reshape`; the tests take their array-api-strict branches); "
             "the views modes, profiles and flags rerun these;",
             f"`-k \"not {STRICT}\"`: its other backends.",
             ARRAY_API_EXTRA_LEFT_OUT + ".",
             "A test that passes in spite of a non-strict xfail mark (pytest's \"xpassed\") "
             "counts as passed, as the JUnit file records it."]
    notes += [f"Deselected `{test}`: {why}." for test, why in ARRAY_API_EXTRA_DESELECTED.items()]
    return Suite("array-api-extra", commit, [real, stand_in, ours, others], notes,
                 StandInComparison(real, [stand_in]))


# --- array-api-compat --------------------------------------------------------------------

ARRAY_API_COMPAT_SELECTION = ("array_api_strict or lazy_array_nan_size or lazy_array_bool_raises "
                              "or namespace_mismatch or sort_argsort_meta")
"""array-api-compat's tests that concern array-api-strict: those parametrised with its name,
and those that import it in their body."""


def array_api_compat_suite(checkout: Path, scratch: Path, python: str) -> Suite:
    """array-api-compat's tests that concern array-api-strict, unpatched: on the real
    package and standing in, on our installed build and on the pure-Python one."""
    copy = scratch / "array-api-compat"
    commit = copy_checkout(checkout, copy)
    environment = dict(os.environ, PYTHONPATH=path_before(copy / "src"))

    def run(**options) -> PytestRun:
        return PytestRun("array-api-compat", ["tests", "-k", ARRAY_API_COMPAT_SELECTION], copy,
                         dict(environment), namespace=STRICT, python=python, parallel=False,
                         **options)

    real = run()
    stand_in = run(stand_in=STRICT, build=PURE)  # what --xp-as runs
    runs = [real, stand_in]
    notes = [f"array-api-compat commit `{commit}` (`tests`, its own source first on the path), "
             f"unpatched, run from a scratch copy of its last commit: `-k "
             f"\"{ARRAY_API_COMPAT_SELECTION}\"`, the tests that concern array-api-strict, on "
             "the real array-api-strict and with the plugin's `--xp-as array_api_strict` "
             "(on the pure-Python build, which the option chooses), compared test by test "
             "below."]
    if installed_build(python) == COMPILED:
        compiled = run(stand_in=STRICT, build=COMPILED)
        compiled.environment[PURE_VARIABLE] = "0"
        runs.append(compiled)
        notes.append(f"Once more standing in on the compiled core (`{PURE_VARIABLE}=0`), "
                     "for the record and not compared: its `Array` is a C extension type, "
                     "which takes no attribute, so the tests that patch `type(x)` fail there.")
    return Suite("array-api-compat", commit, runs, notes, StandInComparison(real, [stand_in]))


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
