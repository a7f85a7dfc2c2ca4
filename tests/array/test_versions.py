"""Standard versions: ``__array_namespace__(api_version=V)`` returns a namespace that
behaves as V (only V's names, lists where V returns lists), built once and made of the
package's own functions; the default version comes from the environment variable or
``versions.set_default``; bad versions are refused clearly.

The facts checked here (which version added which name, which results became tuples)
are read from the standard's changelog.
"""

from __future__ import annotations

import os
import subprocess
import sys
import types

import array_api_compat
import pytest

import array_api_reshape as xp
from array_api_reshape import versions

OLDER = ("2021.12", "2022.12", "2023.12", "2024.12")


@pytest.fixture
def restore_default():
    before = versions.get_default()
    yield
    versions.set_default(before)


def namespace_of(api_version):
    return xp.asarray(0).__array_namespace__(api_version=api_version)


@pytest.mark.parametrize("api_version", versions.SUPPORTED)
def test_each_version_has_its_own_namespace_built_once(api_version):
    namespace = namespace_of(api_version)
    assert isinstance(namespace, types.ModuleType)
    assert namespace.__array_api_version__ == api_version
    assert namespace is namespace_of(api_version) is versions.namespace(api_version)
    assert (namespace is xp) == (api_version == "2025.12")
    for name in namespace.__all__:
        value = getattr(namespace, name)
        if name not in ("__array_api_version__", "meshgrid", "broadcast_arrays", "linalg",
                        "__array_namespace_info__", "sum", "prod"):
            assert value is getattr(xp, name), name


@pytest.mark.parametrize(
    "name, added",
    [
        pytest.param("reshape", "2021.12", id="reshape"),
        pytest.param("complex128", "2022.12", id="complex128"),
        pytest.param("isdtype", "2022.12", id="isdtype"),
        pytest.param("fft", "2022.12", id="fft"),
        pytest.param("__array_namespace_info__", "2023.12", id="info"),
        pytest.param("searchsorted", "2023.12", id="searchsorted"),
        pytest.param("clip", "2023.12", id="clip"),
        pytest.param("nextafter", "2024.12", id="nextafter"),
        pytest.param("take_along_axis", "2024.12", id="take_along_axis"),
        pytest.param("diff", "2024.12", id="diff"),
        pytest.param("count_nonzero", "2024.12", id="count_nonzero"),
        pytest.param("isin", "2025.12", id="isin"),
        pytest.param("broadcast_shapes", "2025.12", id="broadcast_shapes"),
    ],
)
@pytest.mark.parametrize("api_version", versions.SUPPORTED)
def test_a_namespace_has_exactly_the_names_of_its_version(api_version, name, added):
    namespace = namespace_of(api_version)
    present = added <= api_version
    assert hasattr(namespace, name) == present
    assert (name in namespace.__all__) == present
    if not present:
        with pytest.raises(AttributeError, match=f"added it in version {added}"):
            getattr(namespace, name)


@pytest.mark.parametrize("api_version", versions.SUPPORTED)
def test_linalg_eig_and_eigvals_arrive_in_2025_12(api_version):
    linalg = namespace_of(api_version).linalg
    for name in ("eig", "eigvals"):
        assert hasattr(linalg, name) == (api_version == "2025.12")
    assert linalg.solve is xp.linalg.solve
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = linalg.nothing


@pytest.mark.parametrize("api_version", versions.SUPPORTED)
def test_results_are_lists_before_2025_12_with_the_same_arrays(api_version):
    namespace = namespace_of(api_version)
    sequence = tuple if api_version == "2025.12" else list
    a, b = xp.arange(3), xp.arange(2.0)
    grids = namespace.meshgrid(a, xp.arange(2), indexing="ij")
    assert type(grids) is sequence
    assert [g.shape for g in grids] == [(3, 2), (3, 2)]
    broadcast = namespace.broadcast_arrays(xp.reshape(a, (3, 1)), b)
    assert type(broadcast) is sequence and [x.shape for x in broadcast] == [(3, 2)] * 2
    with pytest.raises(ValueError, match="meshgrid\\(\\)"):
        namespace.meshgrid(a, indexing="yx")
    if api_version >= "2023.12":
        info = namespace.__array_namespace_info__()
        assert type(info.devices()) is sequence
        assert list(info.devices()) == list(xp.__array_namespace_info__().devices())
        assert ("max dimensions" in info.capabilities()) == (api_version >= "2024.12")


@pytest.mark.parametrize("api_version", versions.SUPPORTED)
def test_sums_of_single_precision_are_double_before_2023_12(api_version):
    namespace = namespace_of(api_version)
    widened = api_version < "2023.12"
    x = xp.reshape(xp.asarray([1.5, 2.0, 3.0, 4.0], dtype=xp.float32), (2, 2))
    z = xp.asarray([1 + 1j, 2 - 1j], dtype=xp.complex64)
    cases = [
        (namespace.sum(x), xp.float64 if widened else xp.float32, 10.5),
        (namespace.prod(x, axis=0), xp.float64 if widened else xp.float32, None),
        (namespace.linalg.trace(x), xp.float64 if widened else xp.float32, 5.5),
        (namespace.sum(z), xp.complex128 if widened else xp.complex64, 3 + 0j),
        (namespace.sum(x, dtype=xp.float32), xp.float32, 10.5),
        (namespace.sum(xp.asarray([1, 2], dtype=xp.int8)), xp.int64, 3),
        (namespace.prod(xp.asarray([2.0, 3.0])), xp.float64, 6.0),
    ]
    for result, dtype, value in cases:
        assert result.dtype is dtype
        if value is not None:
            assert complex(result) == value
    assert [float(v) for v in namespace.prod(x, axis=0)] == [4.5, 8.0]
    with pytest.raises(TypeError, match="sum\\(\\)"):
        namespace.sum([1.0, 2.0])


def test_arrays_serve_every_namespace():
    old = namespace_of("2023.12")
    x = old.asarray([1.0, 2.0])
    assert type(x) is xp.Array
    assert x.__array_namespace__() is xp
    assert float(xp.sum(old.multiply(x, x))) == 5.0


def test_array_api_compat_asks_for_the_version():
    x = xp.asarray([1.0])
    assert array_api_compat.array_namespace(x, api_version="2023.12") is namespace_of("2023.12")
    assert array_api_compat.array_namespace(x) is xp


def test_set_default_changes_what_array_namespace_returns(restore_default):
    x = xp.asarray(0)
    versions.set_default("2024.12")
    assert versions.get_default() == "2024.12"
    assert x.__array_namespace__() is versions.namespace() is namespace_of("2024.12")
    assert x.__array_namespace__(api_version="2025.12") is xp
    assert xp.__array_api_version__ == "2025.12"
    versions.set_default("2025.12")
    assert x.__array_namespace__() is xp


@pytest.mark.parametrize(
    "bad, error",
    [
        pytest.param("2026.12", ValueError, id="future"),
        pytest.param("2020.10", ValueError, id="before-first"),
        pytest.param("", ValueError, id="empty"),
        pytest.param(2024.12, TypeError, id="float"),
        pytest.param(["2024.12"], TypeError, id="list"),
        pytest.param(b"2024.12", TypeError, id="bytes"),
    ],
)
def test_unknown_versions_are_refused_everywhere(bad, error, restore_default):
    for call, function in [
        (lambda: xp.asarray(0).__array_namespace__(api_version=bad), "__array_namespace__"),
        (lambda: versions.namespace(bad), "namespace"),
        (lambda: versions.set_default(bad), "set_default"),
    ]:
        with pytest.raises(error, match=f"{function}\\(\\): 'api_version'"):
            call()
    assert versions.get_default() == "2025.12"


def run_python(code: str, environment_value: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, ARRAY_API_RESHAPE_API_VERSION=environment_value)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment,
        timeout=120,
    )


def test_the_environment_variable_sets_the_default_at_import():
    code = (
        "import array_api_reshape as xp\n"
        "ns = xp.asarray(0).__array_namespace__()\n"
        "print(ns.__array_api_version__, type(ns.meshgrid(xp.arange(2))).__name__, "
        "xp.__array_api_version__)"
    )
    completed = run_python(code, "2023.12")
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split() == ["2023.12", "list", "2025.12"]


def test_a_bad_environment_variable_fails_the_import_with_its_name():
    completed = run_python("import array_api_reshape", "2023.13")
    assert completed.returncode != 0
    assert "ValueError" in completed.stderr
    assert "ARRAY_API_RESHAPE_API_VERSION" in completed.stderr and "'2023.13'" in completed.stderr
