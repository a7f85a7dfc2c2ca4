"""
Divergences in the plugin's report: a small fake library (fake_divergent/: written and
tested on NumPy, one marked line per way a profiled library answers otherwise without
raising) runs under each profile through ``--xp-params``; for each test that fails there,
the report must name the marked line with what the library does and the way out, and the
row's rerun command must fail again when run.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from array_api_reshape._modes import _behaviours as behaviours

from .marked_lines import marked_line

FAKE = Path(__file__).parent / "fake_divergent"
LIBRARY = "divlib/__init__.py"
ENTRIES = ("default", "profile=dask", "profile=torch", "profile=jax",
           "profile=jax;writeable=True", "fixed_device=device2")

EXPECTED = [
    # the marked line, the report's mode, the behaviour, the test, its --xp-params entry
    ("WRITE-INTO-COPY", "profile='dask'", behaviours.WRITES_LAND_IN_A_COPY,
     "test_zero_first_row", "profile=dask"),
    ("REBIND", "profile='dask'", behaviours.IN_PLACE_OPERATORS_REBIND, "test_bump",
     "profile=dask"),
    ("REBIND", "profile='jax'", behaviours.IN_PLACE_OPERATORS_REBIND, "test_bump",
     "profile=jax"),
    ("DEFAULT-DTYPE", "profile='torch'", behaviours.NARROWER_DEFAULT_DTYPES,
     "test_default_dtype", "profile=torch"),
    ("DEFAULT-DTYPE", "profile='jax'", behaviours.NARROWER_DEFAULT_DTYPES,
     "test_default_dtype", "profile=jax"),
    ("DEFAULT-DTYPE", "fixed_device='device2'", behaviours.DEVICE_DEFAULT_DTYPES,
     "test_default_dtype", "fixed_device=device2"),
    ("CLAMP", "profile='jax'", behaviours.OUT_OF_BOUNDS_READS_CLAMP,
     "test_element_out_of_bounds", "profile=jax"),
    ("DROP", "profile='jax'", behaviours.OUT_OF_BOUNDS_WRITES_DROP,
     "test_set_element_out_of_bounds", "profile=jax;writeable=True"),
    ("AT", "profile='jax'", behaviours.ARRAYS_UPDATE_THROUGH_AT, "test_set_first",
     "profile=jax"),
    ("FOREIGN", "profile='dask'", behaviours.ASARRAY_COPIES_FOREIGN_MEMORY,
     "test_wrap_sees_later_writes", "profile=dask"),
    ("FLIP", "profile='torch'", behaviours.FLIP_COPIES, "test_flip_is_a_view",
     "profile=torch"),
    ("SVD", "profile='dask'", behaviours.SVD_GIVES_A_PLAIN_TUPLE, "test_singular_values",
     "profile=dask"),
    ("ATAN2", "profile='torch'", behaviours.FLOAT32_ATAN2_ROUNDS_CORRECTLY,
     "test_angle_as_numpy", "profile=torch"),
    ("UNSIGNED", "profile='torch'", behaviours.UNSIGNED_SUMS_IN_INT64, "test_unsigned_total",
     "profile=torch"),
    ("PROMOTION", "profile='dask'", behaviours.NUMPY_CROSS_KIND_PROMOTION,
     "test_mixed_promotion", "profile=dask"),
    ("CAST", "profile='torch'", behaviours.IN_PLACE_OPERATORS_CAST,
     "test_accumulate_refuses_a_wider_operand", "profile=torch"),
    ("NARROWED", "profile='jax'", behaviours.NARROWED_DTYPES, "test_zeros64", "profile=jax"),
    ("UNKNOWN", "profile='dask'", behaviours.UNKNOWN_SIZES, "test_count_positive",
     "profile=dask"),
]


def line(marker: str) -> str:
    return marked_line(FAKE, (LIBRARY,), marker)


def node_id(test: str, entry: str) -> str:
    return f"tests/test_divlib.py::{test}[{entry}]"


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """The fake library's suite under every entry, once for this module's tests."""
    folder = tmp_path_factory.mktemp("divergent")
    shutil.copytree(FAKE, folder, dirs_exist_ok=True)
    (folder / "pytest.ini").write_text("[pytest]\npythonpath = .\n")
    result = _pytest(folder, "-p", "pytest_array_api_reshape", "--xp-params", *ENTRIES,
                     "--xp-report", "report.md")
    report = json.loads((folder / "report.json").read_text())
    return folder, result, report, (folder / "report.md").read_text()


def _pytest(folder: Path, *args: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                          cwd=folder, env=environment, capture_output=True, text=True,
                          timeout=300)


def _row(report: dict, marker: str, mode: str, behaviour, test: str, entry: str) -> dict:
    wanted = node_id(test, entry)
    for row in report["rows"].get(mode, []):
        at = f"{row['at']['file']}:{row['at']['line']}"
        if (row["kind"] == "divergence" and row["behaviour"] == behaviour.name
                and at == line(marker) and wanted in row["tests"]):
            return row
    raise AssertionError((marker, mode, behaviour.name, wanted))


@pytest.mark.parametrize("marker, mode, behaviour, test, entry", EXPECTED,
                         ids=[f"{e[0]}-{e[4]}" for e in EXPECTED])
def test_each_divergence_of_a_failing_test_names_the_librarys_line(
        run, marker, mode, behaviour, test, entry):
    _, _, report, markdown = run
    row = _row(report, marker, mode, behaviour, test, entry)
    assert not row["at"]["test"]
    library = row["library"] or entry.partition("=")[2]
    assert row["message"] == behaviour.said(library)[0]
    assert row["way_out"] == behaviour.way_out
    assert behaviour.does.format(library=library) in markdown
    assert f"`{row['rerun']}`" in markdown
    assert node_id(test, entry) not in report["other_failures"]


def test_a_write_into_a_copy_names_the_view_it_went_through(run):
    _, _, report, _ = run
    row = _row(report, *EXPECTED[0])
    assert [f"{view['file']}:{view['line']}" for view in row["view_made"]] == [line("VIEW-ROW")]


def test_divergences_of_passing_tests_are_counted_not_listed(run):
    _, result, report, markdown = run
    passing = node_id("test_bump", "profile=torch")  # float32 by default, and it passes
    assert f"{passing} PASSED" in _pytest(run[0], passing, "-p", "pytest_array_api_reshape",
                                          "-v", "--xp-params", "profile=torch").stdout
    assert all(passing not in row["tests"] for rows in report["rows"].values() for row in rows)
    assert report["passing_with_divergences"] >= 1
    assert not any(row["behaviour"] == behaviours.VALUES_COMPUTE.name and row["at"]["test"]
                   for rows in report["rows"].values() for row in rows)  # a test's own read
    assert report["divergences_in_passing"] >= report["passing_with_divergences"]
    assert (f"Passing tests met {report['divergences_in_passing']} divergences "
            f"({report['passing_with_divergences']} tests; counted, not listed)") in markdown
    summary = re.search(r"array_api_reshape: (\d+) tests? failed because a mode refused, "
                        r"(\d+) tests? after a profile answered otherwise, 0 for other "
                        r"reasons", result.stdout)
    assert summary is not None and int(summary.group(2)) >= len(EXPECTED)


def test_every_divergence_record_is_met_by_this_library():
    """Each divergence the profiles note has a bug in the fake library that meets it."""
    noted = {record.name for record in behaviours.ALL if record.kind == "divergence"}
    met = {expected[2].name for expected in EXPECTED}
    unmet = noted - met - {behaviours.CHOLESKY_GIVES_THE_UPPER_FACTOR.name}  # a warning
    assert not unmet


@pytest.mark.parametrize("marker", sorted({e[0] for e in EXPECTED}))
def test_each_rerun_command_fails_again(run, marker):
    folder, _, report, _ = run
    expected = next(e for e in EXPECTED if e[0] == marker)
    command = shlex.split(_row(report, *expected)["rerun"])
    assert command[0] == "pytest"
    again = _pytest(folder, *command[1:])
    assert again.returncode == 1, again.stdout
    assert "1 failed" in again.stdout and "passed" not in again.stdout.splitlines()[-1]
