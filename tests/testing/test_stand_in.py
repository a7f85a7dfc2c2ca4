"""
The stand-in for array-api-strict: in this process (``install``/``uninstall``), its
attributes and flags against array-api-strict's; and through the plugin's ``--xp-as``,
in runs of suites laid out as the projects lay theirs out (a conftest that imports
array_api_strict, SciPy's ``xp`` fixture parametrized with modules), on pytest-xdist's
workers and in a subprocess a test starts.
"""

from __future__ import annotations

import os
import subprocess
import sys

import array_api_compat
import pytest

import array_api_reshape
from array_api_reshape import flags
from array_api_reshape import stand_in as _stand_in
from array_api_reshape._modes import _flag_state

pytest_plugins = ["pytester"]


@pytest.fixture
def strict(monkeypatch):
    """The stand-in installed, and everything as it was afterwards."""
    for variable in _stand_in._STRICT_ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    saved = _flag_state.saved_defaults()
    real = sys.modules.get("array_api_strict")
    module = _stand_in.install()
    try:
        yield module
    finally:
        _stand_in.uninstall()
        _flag_state.restore_defaults(saved)
        assert sys.modules.get("array_api_strict") is real


def test_import_gives_the_stand_in_and_arrays_answer_with_it(strict):
    import array_api_strict

    assert array_api_strict is strict
    assert array_api_strict.__name__ == "array_api_strict"
    x = array_api_strict.asarray([1.0, 2.0])
    assert type(x) is array_api_reshape.Array
    assert x.__array_namespace__() is strict
    assert array_api_compat.array_namespace(x) is strict
    assert array_api_compat.is_array_api_strict_namespace(strict)
    assert isinstance(x, strict.Array)
    assert strict.linalg.solve is array_api_reshape.linalg.solve
    assert strict.fft.fft is array_api_reshape.fft.fft
    import array_api_strict.linalg

    assert sys.modules["array_api_strict.linalg"] is strict.linalg
    assert strict.linalg.__name__ == "array_api_strict.linalg"


def test_the_stand_in_has_strict_s_names(strict):
    real_names = {
        "set_array_api_strict_flags", "get_array_api_strict_flags",
        "reset_array_api_strict_flags", "ArrayAPIStrictFlags", "Device", "__version__",
        "__array_api_version__", "linalg", "fft",
    }
    standard = set(array_api_reshape.__all__) - {"layout"}
    assert real_names <= set(strict.__all__) and standard <= set(strict.__all__)
    assert "layout" not in strict.__all__ and not hasattr(strict, "layout")
    assert strict.__version__ == _stand_in.STRICT_RELEASE
    assert strict.__spec__.name == "array_api_strict"
    with pytest.raises(AttributeError, match="array_api_strict"):
        strict.no_such_function  # noqa: B018


def test_devices_have_strict_s_names(strict):
    cpu = strict.Device()
    assert cpu is strict.Device("CPU_DEVICE") is array_api_reshape.asarray(1).device
    device1 = strict.Device("device1")
    assert device1 == strict.__array_namespace_info__().devices()[1]
    assert device1 != cpu and isinstance(device1, strict.Device)
    assert not isinstance("device1", strict.Device)
    x = strict.asarray([1, 2], device=device1)
    assert x.device == device1
    with pytest.raises(ValueError, match="device3"):
        strict.Device("device3")
    with pytest.raises(ValueError):  # mixing devices, as strict refuses
        x + strict.asarray([1, 2])


def test_strict_s_flags_are_ours(strict):
    assert strict.get_array_api_strict_flags() == {
        "api_version": "2025.12", "boolean_indexing": True, "data_dependent_shapes": True,
        "enabled_extensions": ("linalg", "fft"),
    }
    strict.set_array_api_strict_flags(api_version="2023.12", boolean_indexing=False,
                                      data_dependent_shapes=False)
    ours = flags.get()
    assert (ours["api_version"], ours["boolean_indexing"], ours["data_dependent_shapes"]) == (
        "2023.12", False, False)
    assert strict.__array_api_version__ == "2023.12"
    with pytest.raises(RuntimeError, match=r"requires API version 2024\.12"):
        strict.count_nonzero(strict.asarray([1]))  # there, as in strict, but added in 2024.12
    strict.set_array_api_strict_flags(api_version="2024.12")
    with pytest.raises(RuntimeError, match=r"eigvals requires API version 2025\.12"):
        strict.linalg.eigvals(strict.eye(2))
    strict.set_array_api_strict_flags(api_version="2023.12")
    x = strict.asarray([1, 0, 2])
    with pytest.raises(RuntimeError, match="data-dependent shapes"):
        strict.nonzero(x)
    with pytest.raises(RuntimeError):
        x[x > 0]
    strict.reset_array_api_strict_flags()
    assert flags.get()["api_version"] == "2025.12" and flags.get()["boolean_indexing"]
    assert strict.count_nonzero(x) == 2


def test_extensions_follow_the_flag_and_the_version(strict):
    strict.set_array_api_strict_flags(enabled_extensions=["linalg"])
    assert not hasattr(strict, "fft") and hasattr(strict, "linalg")
    assert "fft" not in strict.__all__
    strict.set_array_api_strict_flags(enabled_extensions=("linalg", "fft"))
    strict.set_array_api_strict_flags(api_version="2021.12")  # no fft before 2022.12
    assert strict.get_array_api_strict_flags()["enabled_extensions"] == ("linalg",)
    with pytest.raises(ValueError, match=r"'fft' requires standard version 2022\.12"):
        strict.set_array_api_strict_flags(enabled_extensions=["fft"])
    with pytest.raises(ValueError, match="unsupported extension 'sparse'"):
        strict.set_array_api_strict_flags(api_version="2025.12", enabled_extensions=["sparse"])
    with pytest.raises(ValueError, match=r"unsupported standard version '2020\.12'"):
        strict.set_array_api_strict_flags(api_version="2020.12")


def test_the_context_manager_puts_the_flags_back(strict):
    before = strict.get_array_api_strict_flags()
    with strict.ArrayAPIStrictFlags(api_version="2024.12", enabled_extensions=["linalg"]):
        assert strict.get_array_api_strict_flags()["api_version"] == "2024.12"
        assert strict.__array_api_version__ == "2024.12"
        assert not hasattr(strict, "fft")
        with pytest.raises(AttributeError):
            strict.no_such_name  # noqa: B018
    assert strict.get_array_api_strict_flags() == before


def test_asking_an_array_for_a_version_sets_it_as_strict_does(strict):
    x = strict.asarray(1)
    assert x.__array_namespace__(api_version="2023.12") is strict
    assert strict.__array_api_version__ == "2023.12"
    with pytest.raises(ValueError, match="unsupported standard version"):
        x.__array_namespace__(api_version="2019.12")


def test_strict_s_environment_variables_are_read_at_install(monkeypatch):
    monkeypatch.setenv("ARRAY_API_STRICT_API_VERSION", "2024.12")
    monkeypatch.setenv("ARRAY_API_STRICT_BOOLEAN_INDEXING", "False")
    monkeypatch.setenv("ARRAY_API_STRICT_ENABLED_EXTENSIONS", "linalg")
    saved = _flag_state.saved_defaults()
    try:
        strict = _stand_in.install()
        assert strict.get_array_api_strict_flags() == {
            "api_version": "2024.12", "boolean_indexing": False,
            "data_dependent_shapes": True, "enabled_extensions": ("linalg",),
        }
    finally:
        _stand_in.uninstall()
        _flag_state.restore_defaults(saved)


def test_the_profile_strict_is_the_default_unless_one_was_set(strict):
    assert flags.get()["profile"] == "strict"
    _stand_in.uninstall()
    assert flags.get()["profile"] is None
    flags.set(profile="torch")
    _stand_in.install()
    assert flags.get()["profile"] == "torch"


def test_outside_a_stand_in_array_api_strict_is_the_real_package():
    assert not _stand_in.standing_in()
    result = subprocess.run(
        [sys.executable, "-c", "import array_api_strict, array_api_reshape as xp; "
         "print(array_api_strict.__file__, xp.asarray(1).__array_namespace__().__name__)"],
        capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": _stand_in.child_environment()["PYTHONPATH"]},
    )
    where, name = result.stdout.split()
    assert where.endswith(os.path.join("array_api_strict", "__init__.py"))
    assert "array_api_reshape_stand_in" not in where and name == "array_api_reshape"


def test_a_bad_package_name_is_refused():
    with pytest.raises(ValueError, match="stands in for 'array_api_strict' only, not 'numpy'"):
        _stand_in.install("numpy")


# Runs of a suite through the plugin.

CONFTEST = """
import array_api_strict
import numpy
import pytest

@pytest.fixture(params=[numpy, array_api_strict], ids=["numpy", "array_api_strict"])
def xp(request):
    return request.param
"""

TESTS = """
import os, subprocess, sys
import array_api_strict
import array_api_compat

def test_name(xp):
    x = xp.asarray([1.0, 2.0])
    assert array_api_compat.array_namespace(x).__name__.endswith(xp.__name__)
    print("NAMESPACE", xp.__name__, type(x).__module__)

def test_strict_refuses_a_python_float_with_an_integer_array():
    x = array_api_strict.asarray([1, 2])
    try:
        x + 1.5
    except TypeError:
        return
    raise AssertionError("accepted")

def test_a_subprocess_stands_in_too():
    out = subprocess.run([sys.executable, "-c",
                          "import array_api_strict as s; print(type(s.asarray(1)).__module__)"],
                         capture_output=True, text=True, check=True).stdout
    assert out.startswith("array_api_reshape"), out

def test_the_array_class_can_be_patched_as_strict_s_can(monkeypatch):
    x = array_api_strict.asarray([1.0])
    monkeypatch.setattr(type(x), "shape", (None,))
    assert x.shape == (None,)

def test_worker():
    print("WORKER", os.environ.get("PYTEST_XDIST_WORKER"), array_api_strict.__name__)
"""


@pytest.fixture
def scipy_layout(pytester, monkeypatch):
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.delenv("ARRAY_API_RESHAPE_AS", raising=False)
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_suite=TESTS)
    return pytester


def _run(pytester, *args, shown=True):
    return pytester.runpytest_subprocess("-p", "pytest_array_api_reshape", "-p",
                                         "no:cacheprovider", *(["-s"] if shown else []), *args)


def test_xp_as_serves_the_conftest_the_tests_and_their_subprocesses(scipy_layout):
    result = _run(scipy_layout, "--xp-as", "array_api_strict", "--xp-mode", "views=error")
    result.assert_outcomes(passed=6)  # on the pure-Python build: its Array class is patchable
    result.stdout.fnmatch_lines(["*NAMESPACE array_api_strict array_api_reshape*"])


def test_without_xp_as_the_suite_meets_the_real_package(scipy_layout):
    result = _run(scipy_layout, "--xp-mode", "views=error")
    result.assert_outcomes(passed=5, failed=1)  # the real package everywhere: the subprocess's
    result.stdout.fnmatch_lines(["*FAILED test_suite.py::test_a_subprocess_stands_in_too*"])
    result.stdout.fnmatch_lines(["*NAMESPACE array_api_strict array_api_strict*"])


def test_xp_as_reaches_pytest_xdist_workers(scipy_layout):
    junit = scipy_layout.path / "junit.xml"
    result = _run(scipy_layout, "-p", "xdist.plugin", "--xp-as", "array_api_strict", "-n", "2",
                  f"--junitxml={junit}", "-o", "junit_logging=system-out", shown=False)
    result.assert_outcomes(passed=6)
    written = junit.read_text()
    assert written.count("NAMESPACE array_api_strict array_api_reshape") == 1
    assert "WORKER gw" in written


def test_the_compiled_core_is_kept_when_asked_for(scipy_layout, monkeypatch):
    monkeypatch.setenv("ARRAY_API_RESHAPE_PURE", "0")
    build = subprocess.run(
        [sys.executable, "-c", "import array_api_reshape; "
         "from array_api_reshape._runtime import _build; print(_build.build_name())"],
        capture_output=True, text=True, check=True).stdout
    result = _run(scipy_layout, "--xp-as", "array_api_strict", "-k", "patched or name")
    if build.startswith("compiled"):
        result.assert_outcomes(passed=2, failed=1)  # a C extension type takes no attribute
    else:
        result.assert_outcomes(passed=3)  # no compiled core installed: pure Python anyway


def test_xp_params_leave_a_projects_own_xp_alone(scipy_layout):
    result = _run(scipy_layout, "--xp-params", "default", "views=error", "-k", "name")
    result.assert_outcomes(passed=2)  # the project's two modules, not our two entries
