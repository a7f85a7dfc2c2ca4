"""
Portability flags (array_api_reshape.flags): the API, its scoping to threads and tasks,
the environment variables, and what each flag refuses.
"""

from __future__ import annotations

import asyncio
import json
import operator
import os
import pickle
import subprocess
import sys
import threading

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import flags, layout
from array_api_reshape._modes._flag_state import MODES

DEFAULTS = {
    "api_version": "2025.12",
    "boolean_indexing": True,
    "data_dependent_shapes": True,
    "enabled_extensions": ("linalg", "fft"),
    "lazy": False,
    "writeable": True,
    "fixed_device": None,
    "transfers": "allow",
    "unspecified": "follow",
    "views": "shared",
    "profile": None,
    "computes": None,
    "library_settings": (),
}


@pytest.fixture(autouse=True)
def default_flags():
    flags.reset()
    yield
    flags.reset()


def test_the_defaults_are_the_drop_in_namespace_and_cost_one_attribute():
    assert flags.get() == DEFAULTS
    assert flags.NAMES == tuple(DEFAULTS)
    assert MODES.flags is False
    assert flags.ENVIRONMENT_VARIABLES["lazy"] == "ARRAY_API_RESHAPE_LAZY"


def test_set_and_reset_change_the_defaults_for_every_thread():
    flags.set(lazy=True, enabled_extensions=["fft"])
    seen = {}
    thread = threading.Thread(target=lambda: seen.update(flags.get()))
    thread.start()
    thread.join()
    assert seen["lazy"] is True and seen["enabled_extensions"] == ("fft",)
    assert MODES.flags is True
    flags.reset()
    assert flags.get() == DEFAULTS and MODES.flags is False


@pytest.mark.parametrize(
    "bad, error, words",
    [
        ({"bogus": 1}, TypeError,
         "unknown flag 'bogus'; the flags are api_version, boolean_indexing"),
        ({"lazy": "yes"}, TypeError, "'lazy' must be True or False"),
        ({"api_version": "2023.13"}, ValueError, "one of 2021.12, 2022.12"),
        ({"api_version": 2023.12}, TypeError, "'api_version' must be a str"),
        ({"enabled_extensions": "linalg"}, TypeError, "a collection of extension names"),
        ({"enabled_extensions": ["linalg", "sparse"]}, ValueError, "('linalg', 'fft')"),
        ({"fixed_device": "gpu"}, ValueError, "'fixed_device' must be None or one of the devices"),
        ({"unspecified": "strict"}, ValueError, "'unspecified' must be one of 'follow', 'refuse'"),
        ({"profile": "numpy"}, ValueError,
         "'profile' must be None or one of 'torch', 'jax', 'dask', 'cupy', 'strict', 'lowest'"),
        ({"profile": 1}, TypeError,
         "'profile' must be None or one of 'torch', 'jax', 'dask', 'cupy', 'strict', 'lowest'"),
        ({"computes": -1}, ValueError, "'computes' must be None or an int >= 0"),
        ({"computes": 1.0}, TypeError, "'computes' must be None or an int >= 0"),
        ({"computes": True}, TypeError, "'computes' must be None or an int >= 0"),
        ({"library_settings": 64}, TypeError, "'library_settings' must be a mapping"),
        ({"library_settings": "x64"}, ValueError, "'library_settings' must be a mapping"),
        ({"library_settings": {"jax_enable_x64": "yes"}}, ValueError,
         "'jax_enable_x64': one of (False, True)"),
        ({"library_settings": {"torch_dtype": "float64"}}, ValueError,
         "'torch_default_dtype': one of ('float32', 'float64')"),
    ],
)
def test_bad_names_and_values_are_refused_with_the_valid_ones_and_change_nothing(bad, error, words):
    for apply in (lambda: flags.set(writeable=False, **bad),
                  lambda: flags.using(**bad).__enter__()):
        with pytest.raises(error) as raised:
            apply()
        assert words in str(raised.value)
        assert flags.get() == DEFAULTS


def test_using_is_scoped_to_its_block_even_when_it_raises():
    with flags.using(lazy=True):
        with flags.using(writeable=False):
            assert flags.get()["lazy"] is True and flags.get()["writeable"] is False
        assert flags.get()["writeable"] is True
    with pytest.raises(KeyError):
        with flags.using(boolean_indexing=False):
            raise KeyError
    assert flags.get() == DEFAULTS and MODES.flags is False


def test_using_in_one_thread_leaves_the_others_alone():
    entered, checked = threading.Event(), threading.Event()
    seen = {}

    def lazy_worker():
        with flags.using(lazy=True):
            entered.set()
            checked.wait(5)
            seen["worker"] = flags.get()["lazy"]

    thread = threading.Thread(target=lazy_worker)
    thread.start()
    entered.wait(5)
    seen["main"] = flags.get()["lazy"]
    assert bool(xp.asarray(True))  # the main thread converts freely meanwhile
    checked.set()
    thread.join()
    assert seen == {"worker": True, "main": False}


def test_a_task_sees_the_block_it_was_started_in_and_no_other():
    async def read_lazy():
        return flags.get()["lazy"]

    async def main():
        with flags.using(lazy=True):
            inside = asyncio.create_task(read_lazy())
        outside = asyncio.create_task(read_lazy())
        return await inside, await outside

    assert asyncio.run(main()) == (True, False)


def run_python(code: str, **environment: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARRAY_API_RESHAPE_")}
    return subprocess.run([sys.executable, "-c", code], env={**env, **environment},
                          capture_output=True, text=True, timeout=120)


def test_environment_variables_set_the_defaults_at_import():
    done = run_python(
        "from array_api_reshape import flags; print(sorted(flags.get().items()))",
        ARRAY_API_RESHAPE_LAZY="true", ARRAY_API_RESHAPE_BOOLEAN_INDEXING="0",
        ARRAY_API_RESHAPE_ENABLED_EXTENSIONS="", ARRAY_API_RESHAPE_API_VERSION="2024.12",
    )
    assert done.returncode == 0, done.stderr
    values = dict(eval(done.stdout))
    assert values["lazy"] is True and values["boolean_indexing"] is False
    assert values["enabled_extensions"] == () and values["api_version"] == "2024.12"


def test_a_bad_environment_variable_names_itself_and_the_valid_values():
    done = run_python("import array_api_reshape", ARRAY_API_RESHAPE_WRITEABLE="maybe")
    assert done.returncode != 0
    assert "ARRAY_API_RESHAPE_WRITEABLE must be True or False, got 'maybe'" in done.stderr


def test_api_version_chooses_the_namespace_of_this_context():
    x = xp.asarray(1.0)
    with flags.using(api_version="2023.12"):
        assert x.__array_namespace__().__array_api_version__ == "2023.12"
    assert x.__array_namespace__().__array_api_version__ == "2025.12"


# --- array-api-strict's flags ----------------------------------------------------------


def test_boolean_indexing_off_refuses_masks_and_keeps_integer_indices():
    x = xp.asarray([1, 2, 3])
    mask = x > 1
    with flags.using(boolean_indexing=False):
        for call in (lambda: x[mask], lambda: x[(mask,)],
                     lambda: x.__setitem__(mask, 0)):
            with pytest.raises(RuntimeError, match="boolean_indexing flag is off"):
                call()
        assert xp.asarray(x[xp.asarray([0, 2])] == xp.asarray([1, 3])).shape == (2,)
    assert int(xp.sum(x[mask])) == 5


@pytest.mark.parametrize(
    "name, call",
    [
        ("unique_all", lambda x: xp.unique_all(x)),
        ("unique_counts", lambda x: xp.unique_counts(x)),
        ("unique_inverse", lambda x: xp.unique_inverse(x)),
        ("unique_values", lambda x: xp.unique_values(x)),
        ("nonzero", lambda x: xp.nonzero(x)),
        ("repeat", lambda x: xp.repeat(x, xp.asarray([1, 0, 2]))),
    ],
)
def test_data_dependent_shapes_off_refuses_exactly_the_functions_strict_lists(name, call):
    x = xp.asarray([1, 0, 1])
    with flags.using(data_dependent_shapes=False):
        with pytest.raises(RuntimeError, match=rf"^{name}\(\): its result's shape depends"):
            call(x)
        assert xp.repeat(x, 2).shape == (6,)  # an int count is not data-dependent
    call(x)


def test_disabled_extensions_are_missing_attributes_and_their_functions_refuse():
    det, matmul_of_linalg, fft = xp.linalg.det, xp.linalg.matmul, xp.fft.fft
    older = xp.asarray(1).__array_namespace__(api_version="2023.12")
    with flags.using(enabled_extensions=["fft"]):
        for namespace in (xp, older):
            with pytest.raises(AttributeError, match="linalg extension is disabled"):
                _ = namespace.linalg
            assert namespace.fft.fft is fft
        with pytest.raises(
            RuntimeError, match=r"^linalg\.det\(\): the linalg extension is disabled"
        ):
            det(xp.eye(2))
        with pytest.raises(RuntimeError, match="also in the main namespace"):
            matmul_of_linalg(xp.eye(2), xp.eye(2))
        assert xp.matmul(xp.eye(2), xp.eye(2)).shape == (2, 2)
        assert fft(xp.ones(2, dtype=xp.complex64)).shape == (2,)
    assert float(det(xp.eye(2))) == 1.0 and "linalg" in dir(xp)


def test_extension_functions_keep_their_names_documents_and_pickles():
    for module in (xp.linalg, xp.fft):
        for name in module.__all__:
            function = getattr(module, name)
            assert function.__name__ == name and function.__doc__
            assert pickle.loads(pickle.dumps(function)) is function


# --- lazy ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda x: bool(x[0]), lambda x: int(x[0]), lambda x: float(x[0]),
        lambda x: complex(x[0]), lambda x: operator.index(x[0]), lambda x: range(x[0]),
        lambda x: f"{x[0]:.2f}", lambda x: np.asarray(x), lambda x: x.__dlpack__(),
        lambda x: xp.nonzero(x), lambda x: xp.unique_values(x), lambda x: x[x > 1],
        lambda x: xp.linspace(x[0], x[1], 3),
    ],
)
def test_lazy_refuses_what_needs_values_before_computing(call):
    x = xp.asarray([1, 2, 3])
    with flags.using(lazy=True):
        with pytest.raises(ValueError, match="lazy flag is on"):
            call(x)
    call(x)


def test_lazy_computes_everything_else_and_shows_no_values():
    x = xp.asarray([1.0, 2.0, 3.0])
    with flags.using(lazy=True):
        y = xp.sum(xp.reshape(x, (3, 1)) * 2.0 + x[::-1][None, :], axis=0)
        assert repr(y) == "Array(shape=(3,), dtype=float64, lazy)"
        y[0] = 1.0  # a write is no conversion
        z = xp.where(x > 1.0, x, 0.0)
    assert np.asarray(y).tolist() == [1.0, 18.0, 15.0] and np.asarray(z).tolist() == [0, 2, 3]


# --- writeable -------------------------------------------------------------------------

IN_PLACE = ["__iadd__", "__isub__", "__imul__", "__itruediv__", "__ifloordiv__", "__ipow__",
            "__imod__", "__imatmul__", "__iand__", "__ior__", "__ixor__", "__ilshift__",
            "__irshift__"]


@pytest.mark.parametrize("method", IN_PLACE)
def test_read_only_refuses_every_in_place_operator_and_names_the_ways_out(method):
    int64_methods = ("__iand__", "__ior__", "__ixor__", "__ifloordiv__", "__imod__")
    dtype = xp.int64 if "sh" in method or method in int64_methods else xp.float64
    x = xp.ones((2, 2), dtype=dtype)
    before = np.asarray(x).copy()
    refused = rf"^{method}\(\): arrays are read-only here"
    with flags.using(writeable=False):
        with pytest.raises(ValueError, match=refused) as raised:
            getattr(x, method)(x)
    message = str(raised.value)
    assert "array_api_extra.at" in message and "asarray(x, copy=True)" in message
    assert np.array_equal(np.asarray(x), before)


def test_read_only_refuses_item_writes_and_resizes_and_hands_out_read_only_memory():
    x = xp.asarray([1.0, 2.0, 3.0, 4.0])
    with flags.using(writeable=False):
        for call in (lambda: x.__setitem__(0, 5.0), lambda: x.__setitem__(xp.asarray([1]), 5.0),
                     lambda: layout.resize_inplace(x, (2,))):
            with pytest.raises(ValueError, match="read-only here"):
                call()
        shared = np.asarray(x)
        assert not shared.flags.writeable and np.shares_memory(shared, np.asarray(x))
        assert not np.from_dlpack(x).flags.writeable
        with pytest.raises(ValueError, match=r"older than DLPack 1\.0 cannot be marked read-only"):
            x.__dlpack__()
        assert np.from_dlpack(x, copy=True).flags.writeable  # a copy of its own is free
        copied = xp.asarray(x, copy=True)
        assert copied.shape == (4,) and xp.sum(x + 1.0) == 14.0
    assert np.asarray(x).tolist() == [1.0, 2.0, 3.0, 4.0]
    x[0] = 5.0
    assert np.asarray(x).flags.writeable


# --- unspecified -----------------------------------------------------------------------

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "docs"))
import _beyond  # noqa: E402  (the page "Beyond the standard": its table of our choices)


@pytest.mark.parametrize("question, code", [(row[0], row[1]) for row in _beyond.ROWS])
def test_refuse_raises_for_every_row_of_the_beyond_the_standard_page(question, code):
    scope = {"xp": xp}
    *statements, last = code.split("; ")

    def run():
        for statement in statements:
            exec(statement, scope)
        exec(last, scope)

    accepted = _beyond._outcome(xp, code) not in ("TypeError", "ValueError", "RuntimeError")
    with flags.using(unspecified="refuse"):
        with pytest.raises(TypeError) as raised:
            run()
    if accepted:  # refused only in this mode, and the message says why
        assert "the unspecified flag is 'refuse'" in str(raised.value), str(raised.value)


def test_refuse_keeps_everything_the_standard_specifies():
    f32, i8 = xp.ones(2, dtype=xp.float32), xp.ones(2, dtype=xp.int8)
    with flags.using(unspecified="refuse"):
        assert (f32 + xp.ones(2, dtype=xp.float64)).dtype == xp.float64
        assert (i8 + xp.ones(2, dtype=xp.int16)).dtype == xp.int16
        assert (f32 + 2).dtype == xp.float32 and (f32 * 1.5).dtype == xp.float32
        assert (f32 * 1j).dtype == xp.complex64 and (i8 + 3).dtype == xp.int8
        assert (xp.asarray([True]) & True).dtype == xp.bool
        assert xp.exp(f32).dtype == xp.float32 and xp.mean(f32).dtype == xp.float32
        assert xp.take(i8, xp.asarray([0])).shape == (1,)
        assert xp.linspace(0, 1, 3).dtype == xp.float64 and xp.arange(3).dtype == xp.int64
        for refused in (lambda: i8 + True, lambda: i8 * 1.5, lambda: xp.asarray([True]) + 1):
            with pytest.raises(TypeError, match="unspecified flag is 'refuse'"):
                refused()


def test_without_a_mode_the_namespaces_keep_plain_attributes_for_cpythons_fast_lookup():
    # A module with a __getattr__ loses the specialised attribute lookup of every name.
    older = xp.asarray(1).__array_namespace__(api_version="2024.12")
    assert "__getattr__" not in vars(xp) and vars(xp)["linalg"] is xp.linalg
    assert "linalg" in vars(older)
    with flags.using(lazy=True):  # a mode that does not govern extensions keeps them plain
        assert "__getattr__" not in vars(xp) and "linalg" in vars(xp) and "linalg" in vars(older)
    with flags.using(enabled_extensions=("linalg", "fft")):
        assert "__getattr__" in vars(xp) and "linalg" not in vars(xp)
        assert "linalg" not in vars(older)
        assert xp.linalg.det is older.linalg.det or older.linalg.__name__.endswith("linalg")
    assert "__getattr__" not in vars(xp) and "linalg" in vars(xp) and "linalg" in vars(older)


@pytest.mark.parametrize(
    "mode, boolean_indexing, data_dependent_shapes",
    [({}, True, True), ({"boolean_indexing": False}, False, True),
     ({"data_dependent_shapes": False}, True, False), ({"lazy": True}, False, False)],
)
def test_capabilities_say_what_the_mode_allows(mode, boolean_indexing, data_dependent_shapes):
    # array-api-extra reads these to choose its code paths (masks, unique_counts).
    with flags.using(**mode):
        capabilities = xp.__array_namespace_info__().capabilities()
    assert capabilities["boolean indexing"] is boolean_indexing
    assert capabilities["data-dependent shapes"] is data_dependent_shapes


SETTINGS_FOR_A_NEW_PROCESS = {
    "api_version": "2023.12", "boolean_indexing": False, "data_dependent_shapes": False,
    "enabled_extensions": ("fft",), "lazy": True, "writeable": False,
    "fixed_device": "no_float64", "transfers": "log", "unspecified": "refuse",
    "views": "error-on-write", "profile": "jax", "computes": 3,
    "library_settings": {"jax_enable_x64": True, "torch_default_dtype": "float64"},
}


def test_environment_gives_the_variables_that_set_the_flags_in_a_new_process():
    variables = flags.environment(**SETTINGS_FOR_A_NEW_PROCESS)
    assert set(variables) == {flags.ENVIRONMENT_VARIABLES[name] for name in flags.NAMES}
    script = ("import json; from array_api_reshape import flags; print(json.dumps({name: "
              "getattr(value, 'name', value) for name, value in flags.get().items()}))")
    done = subprocess.run([sys.executable, "-c", script], env={**os.environ, **variables},
                          capture_output=True, text=True, timeout=120)
    seen = json.loads(done.stdout)
    expected = {**SETTINGS_FOR_A_NEW_PROCESS, "enabled_extensions": ["fft"],
                "library_settings": [["jax_enable_x64", True],
                                     ["torch_default_dtype", "float64"]]}
    assert seen == expected
    assert flags.environment(profile=None, computes=None) == {
        "ARRAY_API_RESHAPE_PROFILE": "none", "ARRAY_API_RESHAPE_COMPUTES": "none"}


@pytest.mark.parametrize("settings, error, words", [
    ({"views": "sideways"}, ValueError, "'views' must be one of"),
    ({"lazy": "yes"}, TypeError, "'lazy' must be True or False"),
    ({"no_such_flag": 1}, TypeError, "no flag named 'no_such_flag'"),
])
def test_environment_refuses_what_set_refuses(settings, error, words):
    with pytest.raises(error, match=words):
        flags.environment(**settings)


def test_the_public_modules_are_attributes_of_the_namespace_as_layout_is():
    import array_api_reshape as namespace
    from array_api_reshape import devices, layout, threads, versions

    assert (namespace.flags, namespace.devices, namespace.threads, namespace.versions,
            namespace.layout) == (flags, devices, threads, versions, layout)
    assert not {"flags", "devices", "threads", "versions"} & set(namespace.__all__)
