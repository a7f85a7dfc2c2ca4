"""
The docs' table "Which mode finds which bug" (docs/portability.md) is true of the report:
a small fake library (fake_habits/) has each row's habit on a marked line, and a test of
it that passes on NumPy; its suite runs once under every flag the table names (through
``--xp-params``), and for each row and each of its flags, the report must name the
habit's line (where a mode refused, the write or view it found, or where a profile
answered otherwise) for that row's test under that flag.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from array_api_reshape._modes._flag_state import FLAGS

from .marked_lines import marked_line

FAKE = Path(__file__).parent / "fake_habits"
LIBRARY = "habits/__init__.py"
DOCS = Path(__file__).parents[2] / "docs" / "portability.md"

HABITS = {
    # the first cell of the docs' row: the tests that have the habit, and its marked line
    "writes through a slice or a reshape": [("test_writes_through_a_slice", "WRITE-THROUGH")],
    "writes into an array at all": [("test_writes_into_an_array", "WRITE")],
    "expects `x += 1` to change": [("test_increments_in_place", "INCREMENT")],
    "decides with a value": [("test_decides_with_a_value", "DECIDE")],
    "uses a size that depends on the data": [("test_uses_a_data_dependent_size", "SIZE")],
    "indexes with a boolean mask": [("test_indexes_with_a_mask", "MASK")],
    "indexes with two index arrays": [("test_indexes_with_two_index_arrays",
                                       "TWO-INDEX-ARRAYS")],
    "reverses with a negative step": [("test_reverses_with_a_negative_step", "NEGATIVE-STEP")],
    "expects float64 (or int64) by default": [("test_expects_float64_by_default",
                                               "DEFAULT-FLOAT")],
    "asks for float64 or int64 by name": [("test_asks_for_float64_by_name",
                                           "FLOAT64-BY-NAME")],
    "computes with uint16": [("test_computes_with_uint16", "UNSIGNED")],
    "reads out of bounds": [("test_reads_out_of_bounds", "OUT-OF-BOUNDS")],
    "hands arrays to NumPy": [("test_hands_arrays_to_numpy", "TO-NUMPY")],
    "makes arrays without `device=x.device`": [("test_makes_arrays_on_the_default_device",
                                                "NO-DEVICE")],
    "moves data between devices": [("test_moves_data_between_devices", "MOVE")],
    "makes data-dependent shapes on a device": [("test_makes_data_dependent_shapes",
                                                 "DATA-DEPENDENT")],
    "relies on what the standard leaves open": [("test_mixes_kinds", "MIXED-KINDS")],
    "uses a function newer than": [("test_uses_a_newer_function", "NEWER")],
    "does all of the above": [("test_reverses_with_a_negative_step", "NEGATIVE-STEP"),
                              ("test_writes_into_an_array", "WRITE")],
}

_ENTRY = re.compile(rf"`((?:{'|'.join(FLAGS)})=[^`]+)`")


def table() -> list[tuple[str, list[str]]]:
    """Each row of the docs' table: its first cell, and the entries its last one names
    (``default`` where it names no flag)."""
    text = DOCS.read_text(encoding="utf-8").split("## Which mode finds which bug")[1]
    rows = []
    for row in text.split("\n## ")[0].splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split(" | ")]
        if len(cells) == 3 and cells[0] not in ("the code", "---"):
            rows.append((cells[0], _ENTRY.findall(cells[2]) or ["default"]))
    return rows


def habits_of(first_cell: str) -> list[tuple[str, str]]:
    (key,) = [key for key in HABITS if first_cell.startswith(key)]
    return HABITS[key]


def line(marker: str) -> str:
    return marked_line(FAKE, (LIBRARY,), marker)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("habits")
    shutil.copytree(FAKE, folder, dirs_exist_ok=True)
    (folder / "pytest.ini").write_text("[pytest]\npythonpath = .\n")
    entries = sorted({entry for _, row_entries in table() for entry in row_entries})
    environment = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p",
                    "pytest_array_api_reshape", "--xp-report", "report.md", "--xp-params",
                    *entries], cwd=folder, env=environment, capture_output=True, text=True,
                   timeout=600)
    return json.loads((folder / "report.json").read_text())


def test_every_row_of_the_table_has_a_habit_here():
    rows = table()
    assert len(rows) == len(HABITS) == 19
    assert sorted(key for key in HABITS) == sorted(
        next(key for key in HABITS if cell.startswith(key)) for cell, _ in rows)


def _lines_of(record: dict) -> set[str]:
    places = [record["at"], record["write"], *record["view_made"]]
    return {f"{place['file']}:{place['line']}" for place in places if place}


@pytest.mark.parametrize("cell, entries", table(), ids=[cell[:40] for cell, _ in table()])
def test_each_flag_of_a_row_finds_its_habit_at_its_line(report, cell, entries):
    for test, marker in habits_of(cell):
        for entry in entries:
            wanted = f"tests/test_habits.py::{test}[{entry}]"
            found = [record for record in report["records"] if record["test"] == wanted]
            assert any(line(marker) in _lines_of(record) for record in found), (
                wanted, marker, found)
