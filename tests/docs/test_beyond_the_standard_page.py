"""The "Beyond the standard" page computes its table while the docs are built; these
tests hold its ours-column to the rules the page states in words."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs"))
import _beyond

import array_api_reshape

STATED = {
    "bool array with int8 array": "int8",
    "int64 array with float32 array": "float32",
    "int64 array with complex64 array": "complex64",
    "int64 array with Python float": "float64",
    "bool array with Python int": "int64",
    "exp of an int64 array": "float64",
    "divide two int64 arrays": "float64",
    "mean of an int32 array, dtype=float32": "float32",
    "mean of an int64 array, no dtype": "TypeError",
    "uint64 array with int64 array": "TypeError",
    "Python's float as a dtype": "float64",
    "linspace with an integer dtype": "int64",
    "0-d array as an arange bound": "int64",
    "take with one integer position": "int64",
    "int array += Python float": "TypeError",
    "float written into an int array": "TypeError",
}


@pytest.mark.parametrize("question, code", [(row[0], row[1]) for row in _beyond.ROWS],
                         ids=[row[0] for row in _beyond.ROWS])
def test_each_row_gives_what_the_page_states(question, code):
    assert _beyond._outcome(array_api_reshape, code) == STATED[question]


def test_every_row_is_checked_and_the_table_renders():
    assert {row[0] for row in _beyond.ROWS} == set(STATED)
    assert _beyond.table().count("\n") == len(STATED) + 1
