"""The gates: which flags send which family of calls to its general path.

Each fast path runs only when its family's gate (``_modes/_gates``) says no mode could
see the call. The table below is the design: a flag sends a family to its general path
only when that general path checks something the flag governs. The last tests show the
same decisions from the outside: a flag that governs a family changes what it answers,
one that does not leaves its results alone."""

from __future__ import annotations

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape._modes import _gates

SETTINGS = {
    "views=error": {"views": "error"},
    "writeable=False": {"writeable": False},
    "unspecified=refuse": {"unspecified": "refuse"},
    "lazy=True": {"lazy": True},
    "boolean_indexing=False": {"boolean_indexing": False},
    "data_dependent_shapes=False": {"data_dependent_shapes": False},
    "fixed_device=device1": {"fixed_device": "device1"},
    "profile=jax": {"profile": "jax"},
    "enabled_extensions=fft": {"enabled_extensions": ("fft",)},
}

# For each setting, the gates that say no for an array nothing else views (the CPU's).
CLOSED = {
    "views=error": {"creation", "combination"},  # (combination: asked once per process)
    "writeable=False": {"write"},
    "unspecified=refuse": {"promotion", "computation", "combination"},
    "lazy=True": {"selection"},
    "boolean_indexing=False": {"selection"},
    "data_dependent_shapes=False": {"selection"},
    "fixed_device=device1": {"creation"},
    "profile=jax": {"operands", "promotion", "computation", "combination", "write", "view",
                    "selection", "creation"},
    "enabled_extensions=fft": set(),
}


def _answers(x, index):
    storage = x._storage
    return {
        "operands": _gates.plain_operands(storage, storage),
        "promotion": _gates.plain_promotion(),
        "computation": _gates.plain_computation(storage),
        "combination": _gates.plain_combination(),
        "write": _gates.plain_write(storage, None),
        "view": _gates.plain_view(),
        "selection": _gates.plain_selection(storage, index._storage),
        "creation": _gates.plain_creation(None),
    }


def test_every_gate_is_open_by_default():
    x, index = xp.asarray([1.0, 2.0]), xp.asarray([True, False])
    assert all(_answers(x, index).values())


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_a_flag_closes_exactly_the_gates_of_the_families_it_governs(setting):
    x, index = xp.asarray([1.0, 2.0]), xp.asarray([True, False])
    with flags.using(**SETTINGS[setting]):
        closed = {gate for gate, open_ in _answers(x, index).items() if not open_}
    assert closed == CLOSED[setting]


def test_under_views_modes_a_tracked_array_closes_the_operand_and_write_gates():
    with flags.using(views="error"):
        x = xp.asarray([1.0, 2.0, 3.0])
        plain = xp.asarray([1.0, 2.0, 3.0])
        assert _gates.plain_operands(x._storage, None)
        view = x[1:]  # x's memory is now seen by two arrays
        assert not _gates.plain_operands(view._storage, None)
        assert not _gates.plain_operands(plain._storage, x._storage)
        assert not _gates.plain_write(x._storage, None)
        assert _gates.plain_write(plain._storage, None)


def test_a_profile_set_elsewhere_keeps_the_operand_gate_open_here():
    x = xp.asarray([1.0, 2.0])
    with flags.using(profile="jax"):
        with flags.using(profile=None):
            assert _gates.plain_operands(x._storage, None)


def test_another_device_closes_the_operand_gate_for_its_arrays():
    x = xp.asarray([1.0, 2.0])
    y = xp.asarray([1.0, 2.0], device="device1")
    assert _gates.plain_operands(x._storage, None)
    assert not _gates.plain_operands(y._storage, None)
    assert not _gates.plain_operands(x._storage, y._storage)
    assert not _gates.plain_creation(y.device)


@pytest.mark.parametrize("setting", ["writeable=False", "lazy=True", "views=error",
                                     "enabled_extensions=fft"])
def test_a_flag_leaves_the_results_of_families_it_does_not_govern_alone(setting):
    a = np.linspace(-2.0, 2.0, 10)
    expected = (np.exp(a), np.sum(a), a + a, a[a > 0])
    with flags.using(**SETTINGS[setting]):
        x = xp.asarray(a)
        got = (xp.exp(x), xp.sum(x), x + x, x[x > 0.0]) if setting != "lazy=True" else (
            xp.exp(x), xp.sum(x), x + x)
    for ours, numpy_result in zip(got, expected):
        assert np.array_equal(np.asarray(ours), numpy_result)


def test_a_flag_that_governs_a_family_changes_its_answer():
    x, y = xp.asarray([1, 2], dtype=xp.int8), xp.asarray([1.0, 2.0], dtype=xp.float32)
    assert (x + y).dtype == xp.float32  # the converted fast path, by default
    with flags.using(unspecified="refuse"), pytest.raises(TypeError, match="unspecified"):
        x + y
    with flags.using(writeable=False), pytest.raises(ValueError, match="writeable"):
        y[0] = 3.0
    mask = xp.asarray([True, False])
    with flags.using(boolean_indexing=False), pytest.raises(RuntimeError, match="boolean"):
        y[mask]
