"""The comparison table of the documentation, checked against every installed library."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"


def load_comparison():
    spec = importlib.util.spec_from_file_location("_comparison", DOCS / "_comparison.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["_comparison"] = module
    spec.loader.exec_module(module)
    return module


comparison = load_comparison()


@pytest.mark.parametrize("library", sorted(comparison.EXPECTED))
def test_each_installed_library_answers_as_the_page_says(library):
    answers = comparison.results()
    assert library in answers, f"{library} belongs to the test extra and must be installed"
    assert answers[library] == comparison.EXPECTED[library]


def test_table_has_a_row_per_case():
    table = comparison.table()
    assert len(table.splitlines()) == 2 + len(comparison.CASES)
    assert "array_api_reshape" in table.splitlines()[0]
