"""
The profiles' behaviours are typed records, one definition each: the code asks for one by
its record, so that a misspelt behaviour fails at import; each names libraries that have a
profile, says whether it refuses or answers otherwise, what the library does and the way
out; and each is used where the package decides.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from array_api_reshape import flags
from array_api_reshape._modes import _behaviours as behaviours
from array_api_reshape._modes._profiles import LIBRARIES, behaving

PACKAGE = Path(behaviours.__file__).parent.parent
SOURCES = {path: path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py")
           if path.name != "_behaviours.py"}
CONSTANTS = {name: record for name, record in vars(behaviours).items()
             if isinstance(record, behaviours.Behaviour)}


def test_each_record_is_well_formed_and_defined_once():
    assert len({record.name for record in behaviours.ALL}) == len(behaviours.ALL)
    assert set(behaviours.ALL) == set(CONSTANTS.values())
    for record in behaviours.ALL:
        assert record.kind in ("refusal", "divergence", "permission", "cost"), record
        assert record.libraries <= set(LIBRARIES), record
        assert "{library}" in record.does, record
        does, way_out = record.said("PyTorch")
        assert does.startswith(("PyTorch", "slices", "the device")) and way_out, record


@pytest.mark.parametrize("name", sorted(CONSTANTS))
def test_each_record_is_used_where_the_package_decides(name):
    users = [path.name for path, text in SOURCES.items() if re.search(rf"\b{name}\b", text)]
    assert users, f"{name} is defined but nothing asks for it"


def test_no_behaviour_is_asked_for_by_a_string():
    for path, text in SOURCES.items():
        assert not re.search(r"\bbehav(es|ing)\(\s*[\"']", text), path


def test_a_misspelt_behaviour_fails_at_import():
    with pytest.raises(ImportError):
        exec("from array_api_reshape._modes._behaviours import FLIP_COPY", {})
    with flags.using(profile="torch"), pytest.raises(AttributeError):
        behaving("flip copies")  # type: ignore[arg-type]
    assert importlib.import_module("array_api_reshape._modes._behaviours").FLIP_COPIES
