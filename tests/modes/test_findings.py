"""
Every error and warning a mode raises carries a Finding: the flag and its value, the
public function that raised, and the lines of user code that caused it. A test runner
(array_api_reshape.testing) groups failures by these, never by reading messages.
"""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import devices, flags
from array_api_reshape.flags import Finding, Place, finding_of

pytestmark = pytest.mark.usefixtures("devices_off_afterwards")

THIS_FILE = os.path.abspath(__file__)


@pytest.fixture(autouse=True)
def default_flags():
    flags.reset()
    yield
    flags.reset()
    devices.clear_transfers()


def line_of(marker: str) -> int:
    """The line of this file holding ``marker`` in a comment."""
    with open(THIS_FILE, encoding="utf-8") as source:
        for number, text in enumerate(source, start=1):
            if text.rstrip().endswith(f"# {marker}"):
                return number
    raise AssertionError(marker)


def raised(call, settings, error=Exception) -> Finding:
    with flags.using(**settings), pytest.raises(error) as caught:
        call()
    finding = finding_of(caught.value)
    assert finding is not None, caught.value
    return finding


def here(place: Place) -> tuple[str, int]:
    return place.frames[0].filename, place.frames[0].lineno


@pytest.mark.parametrize("settings, call, error, flag, value, function", [
    ({"lazy": True}, lambda: bool(xp.asarray(True)), ValueError, "lazy", True, "__bool__()"),
    ({"data_dependent_shapes": False}, lambda: xp.nonzero(xp.asarray([1, 0])),
     RuntimeError, "data_dependent_shapes", False, "nonzero()"),
    ({"boolean_indexing": False}, lambda: xp.ones(2)[xp.asarray([True, False])],
     RuntimeError, "boolean_indexing", False, "__getitem__()"),
    ({"writeable": False}, lambda: xp.ones(2).__setitem__(0, 1.0), ValueError, "writeable",
     False, "__setitem__()"),
    ({"enabled_extensions": ("fft",)}, lambda: xp.linalg, AttributeError,
     "enabled_extensions", ("fft",), "array_api_reshape.linalg"),
    ({"unspecified": "refuse"}, lambda: xp.ones(2, dtype=float), TypeError, "unspecified",
     "refuse", "ones()"),
    ({"computes": 0}, lambda: float(xp.asarray(1.0)), RuntimeError, "computes", 0,
     "__float__()"),
    ({"fixed_device": "no_float64"}, lambda: xp.ones(2, device="cpu"), ValueError,
     "fixed_device", None, "ones()"),
    ({"profile": "torch"}, lambda: xp.arange(4)[::-1], ValueError, "profile", "torch",
     "__getitem__()"),
    ({"profile": "jax"}, lambda: xp.ones(2).__setitem__(0, 1.0), TypeError, "profile", "jax",
     "__setitem__()"),
    ({"profile": "dask"}, lambda: len(xp.arange(3)[xp.arange(3) > 0]), ValueError, "profile",
     "dask", "__len__()"),
    ({"profile": "dask"}, lambda: xp.take_along_axis, AttributeError, "profile", "dask",
     "array_api_reshape.take_along_axis"),
    ({"profile": "dask"}, lambda: xp.linalg.det, AttributeError, "profile", "dask",
     "array_api_reshape.linalg.det"),
    ({"profile": "cupy"}, lambda: np.asarray(xp.ones(2)), TypeError, "profile", "cupy",
     "__array__()"),
])
def test_each_refusal_carries_its_flag_value_and_function(
    settings, call, error, flag, value, function
):
    finding = raised(call, settings, error)
    assert (finding.flag, finding.function) == (flag, function)
    if value is not None:
        assert finding.value == value
    assert finding.mode == f"{flag}={finding.value!r}"
    assert finding.at.frames[0].filename == THIS_FILE
    assert finding.write is None and finding.view_made == ()


def test_a_profile_finding_names_the_library_and_the_place_of_the_call():
    finding = raised(lambda: xp.arange(4)[::-1], {"profile": "lowest"})  # the call
    assert finding.library == "PyTorch" and finding.value == "lowest"
    assert here(finding.at) == (THIS_FILE, line_of("the call"))
    assert finding.at.frames[1].function == "raised"


def test_the_devices_rules_and_transfers_carry_findings():
    devices.define("meta_like", data_dependent_shapes=False, lacks=("float64",))
    try:
        meta = xp.ones(2, device="meta_like")
        finding = raised(lambda: xp.nonzero(meta > 0), {})
        assert (finding.flag, finding.value, finding.function) == ("device", "meta_like",
                                                                   "nonzero()")
        finding = raised(lambda: xp.ones(2, dtype=xp.float64, device="meta_like"), {})
        assert (finding.flag, finding.value) == ("device", "meta_like")
        finding = raised(lambda: xp.ones(2, dtype=xp.float32).to_device("meta_like"),
                         {"transfers": "error"})
        assert (finding.flag, finding.value, finding.function) == ("transfers", "error",
                                                                   "to_device()")
    finally:
        devices.remove("meta_like")


def make_view(base):
    return base[0]  # the view is made


def write_through(view):
    view[0] = 5.0  # the write


def test_views_error_names_the_read_the_write_and_where_the_view_was_made():
    with flags.using(views="error"):
        base = xp.zeros((2, 3))
        write_through(make_view(base))
        with pytest.raises(ValueError) as caught:
            base + 1  # the read
    finding = finding_of(caught.value)
    assert (finding.flag, finding.value, finding.function) == ("views", "error", "__add__()")
    assert here(finding.at) == (THIS_FILE, line_of("the read"))
    assert here(finding.write) == (THIS_FILE, line_of("the write"))
    assert finding.write.function == "__setitem__()"
    assert [here(place) for place in finding.view_made] == [
        (THIS_FILE, line_of("the view is made"))
    ]
    assert finding.view_made[0].function == "__getitem__()"
    message = str(caught.value)
    for place in (finding.at, finding.write, *finding.view_made):
        assert str(place) in message


def test_views_error_on_write_names_the_write_and_each_view_it_went_through():
    with flags.using(views="error-on-write"):
        base = xp.zeros((2, 3))
        row = make_view(base)
        view = xp.reshape(row, (3, 1))  # the reshape
        with pytest.raises(ValueError) as caught:
            write_through(view)
    finding = finding_of(caught.value)
    assert (finding.value, finding.function) == ("error-on-write", "__setitem__()")
    assert finding.at == finding.write
    assert here(finding.write) == (THIS_FILE, line_of("the write"))
    assert finding.write.frames[1].filename == THIS_FILE  # the caller of write_through
    assert [here(place) for place in finding.view_made] == [
        (THIS_FILE, line_of("the reshape")), (THIS_FILE, line_of("the view is made"))
    ]
    assert [place.function for place in finding.view_made] == ["reshape()", "__getitem__()"]


def test_the_views_written_through_are_named_while_they_live():
    with flags.using(views="error-on-write"):
        base = xp.zeros((2, 3))
        view = xp.reshape(make_view(base), (3, 1))  # the temporary row is gone
        with pytest.raises(ValueError) as caught:
            write_through(view)
    assert [place.function for place in finding_of(caught.value).view_made] == ["reshape()"]


def test_views_warn_gives_the_finding_on_the_warning():
    with flags.using(views="warn"):
        base = xp.zeros(3)
        write_through(base[1:])
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            base + 1
    finding = finding_of(caught[0].message)
    assert (finding.flag, finding.value) == ("views", "warn")
    assert here(finding.write) == (THIS_FILE, line_of("the write"))


def test_a_write_into_an_array_that_is_no_view_has_no_view_made():
    with flags.using(views="error"):
        base = xp.zeros(3)
        part = base[1:]
        base[1] = 2.0
        with pytest.raises(ValueError) as caught:
            part + 1
    assert finding_of(caught.value).view_made == ()


def test_a_finding_is_found_on_the_errors_raised_from_it_and_on_no_other_error():
    def library_code():
        try:
            bool(xp.asarray(True))
        except ValueError as error:
            raise RuntimeError("the library's own message") from error

    with flags.using(lazy=True), pytest.raises(RuntimeError) as caught:
        library_code()
    assert finding_of(caught.value).flag == "lazy"
    with pytest.raises(ValueError) as plain:
        xp.reshape(xp.ones(3), (2, 2))
    assert finding_of(plain.value) is None
    assert finding_of(ValueError("no mode")) is None


def test_extension_functions_are_named_as_user_code_called_them():
    solve = xp.linalg.solve
    with flags.using(enabled_extensions=()), pytest.raises(RuntimeError) as caught:
        solve(xp.eye(2), xp.ones(2))
    finding = finding_of(caught.value)
    assert finding.function == "solve()" and "guarded" not in str(caught.value)
    assert xp.linalg.solve.__name__ == "solve" and xp.linalg.solve.__code__.co_name == "solve"


PUBLIC = {*dir(xp), *dir(xp.linalg), *dir(xp.fft), *dir(xp.Array)}

CALLS_UNDER_LOWEST = [
    lambda: xp.arange(4)[::-1],
    lambda: xp.ones(2).__setitem__(0, 1.0),
    lambda: len(xp.arange(3)[xp.arange(3) > 0]),
    lambda: xp.reshape(xp.arange(3)[xp.arange(3) > 0], (1, -1)),
    lambda: np.asarray(xp.ones(2)),
    lambda: xp.ones(2, dtype=xp.uint16) + xp.ones(2, dtype=xp.int8),
    lambda: xp.linalg.svd(xp.eye(2)),
    lambda: xp.searchsorted(xp.asarray([1, 2]), xp.asarray(2)),
    lambda: xp.repeat(xp.ones(3), xp.asarray([0, 1, 2])),
    lambda: xp.eye(2, 3),
    lambda: xp.std(xp.ones(3), correction=0.5),
    lambda: xp.take(xp.ones(3), xp.asarray([0], dtype=xp.uint8)),
    lambda: list(xp.ones((2, 2))[xp.asarray([True, False])]),
    lambda: xp.ones(3)[[0, 1]],
    lambda: xp.from_dlpack(np.ones(2)),
]


@pytest.mark.parametrize("call", CALLS_UNDER_LOWEST)
def test_every_refusal_names_the_public_function_user_code_called(call):
    with flags.using(profile="lowest"), pytest.raises(Exception) as caught:
        call()
    finding = finding_of(caught.value)
    assert finding is not None, caught.value
    name = finding.function.removesuffix("()").rpartition(".")[2]
    assert name in PUBLIC, finding.function
    assert name.strip("_") in str(caught.value)  # len() for __len__, add() for __add__


def _chain_of_temporaries():
    p = xp.arange(6.0)[1:]  # TEMP-FIRST
    q = p[0:2]  # TEMP-SECOND
    q[0] = 1.0
    return xp.sum(p)


def test_a_chain_of_views_of_freed_temporaries_names_each_place_once():
    """The parent of a view is kept by a weak reference: a freed temporary's ``id``,
    taken by a later array, never makes the chain loop back on itself."""
    for _ in range(20):  # freed temporaries' ids are reused across the rounds
        finding = raised(_chain_of_temporaries, {"views": "error"}, ValueError)
        chain = [here(place) for place in finding.view_made]
        assert chain == [(THIS_FILE, line_of("TEMP-SECOND")), (THIS_FILE, line_of("TEMP-FIRST"))]


def test_a_read_that_compiled_code_makes_is_named_as_a_read_not_as_an_internal_step():
    def written_then_read():
        x = xp.ones((2, 2))
        row = x[0, :]
        row[...] = 0.0
        return float(x[0, 0])

    finding = raised(written_then_read, {"views": "error"}, ValueError)
    assert finding.function in ("a read", "__float__()")
    with flags.using(views="error"), pytest.raises(ValueError) as caught:
        written_then_read()
    assert "check_read" not in str(caught.value)
    assert not any(step in str(caught.value) for step in ("_report", "_numpy", "check_"))
