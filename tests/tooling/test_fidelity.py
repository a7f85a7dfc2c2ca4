"""
The profiles' fidelity records (profiles/FIDELITY-<profile>.json): what the real library did
on each snippet, replayed against array_api_reshape under the profile. The library itself
is never needed: its outcomes were recorded where it was installed (profiles/fidelity.py).
"""

from __future__ import annotations

import json
import os
import pathlib
import sys

import pytest

import array_api_reshape as xp
from array_api_reshape import flags

PROFILES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "profiles")
sys.path.insert(0, PROFILES)

import fidelity  # noqa: E402  (profiles/ is no package)
from snippets import NOT_EMULATED, SNIPPETS  # noqa: E402

pytestmark = pytest.mark.usefixtures("devices_off_afterwards")


def _recorded(profile: str) -> dict:
    refusal = fidelity.profile_refused(profile)
    if refusal is not None:  # snippets written before the profile: nothing to replay yet
        pytest.skip(f"array_api_reshape does not take this profile yet ({refusal}); once it "
                    f"does, record FIDELITY-{profile}.json with profiles/fidelity.py")
    with open(os.path.join(PROFILES, f"FIDELITY-{profile}.json")) as file:
        return json.load(file)


@pytest.mark.parametrize("profile", sorted(SNIPPETS))
def test_every_snippet_has_a_recorded_outcome_of_the_library(profile):
    recorded = _recorded(profile)
    assert [entry["code"] for entry in recorded["outcomes"]] == [
        snippet.program for snippet in SNIPPETS[profile]
    ], "the snippets changed: run profiles/fidelity.py --record profiles where the library is"
    assert recorded["versions"]["numpy"] and len(recorded["versions"]) >= 3


@pytest.mark.parametrize("profile", sorted(SNIPPETS))
def test_the_profile_answers_every_snippet_as_the_library_did(profile):
    recorded = _recorded(profile)["outcomes"]
    with flags.using(profile=profile):
        ours = [fidelity.run(entry["code"], xp) for entry in recorded]
    strays = [(entry["code"], entry["outcome"], outcome)
              for entry, outcome in zip(recorded, ours)
              if entry["outcome"] != outcome and entry["code"] not in NOT_EMULATED[profile]]
    assert not strays, "\n".join(f"{code}: library {want}, profile {got}"
                                 for code, want, got in strays[:10])


@pytest.mark.parametrize("profile", sorted(SNIPPETS))
def test_what_a_profile_knowingly_answers_otherwise_is_a_real_disagreement(profile):
    recorded = {entry["code"]: entry["outcome"] for entry in _recorded(profile)["outcomes"]}
    with flags.using(profile=profile):
        for code in NOT_EMULATED[profile]:
            assert recorded[code] != fidelity.run(code, xp), code


def test_the_report_counts_agreements_and_shows_each_disagreement():
    snippets = SNIPPETS["torch"][:3]
    library = {"versions": {"torch": "0"}, "outcomes": [{"error": "ValueError"}] * 3}
    ours = {"versions": {"array_api_reshape": "0"},
            "outcomes": [{"error": "ValueError"}, {"error": "ValueError"},
                         {"array": "int64", "shape": [6], "values": [5, 4, 3, 2, 1, 0]}]}
    original = fidelity.SNIPPETS["torch"]
    fidelity.SNIPPETS["torch"] = snippets
    try:
        text = fidelity.report("torch", library, ours)
    finally:
        fidelity.SNIPPETS["torch"] = original
    assert "3 snippets: 2 agree, 1 disagree." in text
    assert "| raises ValueError | int64 array (6,): [5, 4, 3, 2, 1, 0] |" in text


def test_outcomes_describe_arrays_dtypes_and_errors_alike_for_any_library():
    assert fidelity.run("xp.asarray([0.1, 2.0], dtype=xp.float32)", xp) == {
        "array": "float32", "shape": [2], "values": [0.1, 2.0]}
    assert fidelity.run("xp.float64", xp) == {"dtype": "float64"}
    assert fidelity.run("xp.asarray([1]) + 'a'", xp) == {"error": "TypeError"}
    assert fidelity.run("x = xp.zeros(2); x[0] = 1.0; x", xp)["values"] == [1.0, 0.0]


def test_an_unknown_size_reads_alike_as_nan_or_none_and_two_nans_agree():
    nan = float("nan")
    assert fidelity.describe((nan, 2)) == fidelity.describe((None, 2)) == {
        "sequence": [{"python": None}, {"python": 2}]}
    assert fidelity.describe([(nan,), (3,)]) == fidelity.describe([(None,), (3,)])
    assert fidelity.describe((1.5, nan)) == {"sequence": [{"python": 1.5}, {"python": "nan"}]}
    assert fidelity.describe(nan) == {"python": "nan"}
    assert fidelity.run("xp.asarray([float('nan'), 1.0])", xp)["values"] == ["nan", 1.0]


def test_a_snippet_counts_our_eager_reads_from_zero_under_any_profile():
    for code, count in (("computes(lambda: bool(xp.asarray(True)))", 1),
                        ("x = xp.asarray([1.0, 2.0]); "
                         "computes(lambda: float(x[0]) + float(x[1]))", 2),
                        ("computes(lambda: xp.sum(xp.asarray([1, 2])))", 0)):
        assert fidelity.run(code, xp) == {"python": count}
        with flags.using(profile="dask"):
            assert fidelity.run(code, xp) == {"python": count}


@pytest.mark.parametrize("outcome, words", [
    ({"error": "IndexError"}, "raises IndexError"),
    ({"array": "float32", "shape": [2], "values": [0.5, 1.0]}, "float32 array (2,): [0.5, 1.0]"),
    ({"python": True}, "True"),
    ({"python": 1.5}, "1.5"),
    ({"python": [1.0, -2.0]}, "(1-2j)"),
    ({"python": None}, "None"),
    ({"sequence": [{"python": 2}, {"python": None}]}, "a tuple: 2; None"),
    ({"sequence": []}, "an empty tuple"),
    ({"dict": {"int": {"dtype": "int64"}}}, "a dict: int: the dtype int64"),
    ({"dtype": "cpu"}, "cpu"),
])
def test_outcomes_are_shown_in_words(outcome, words):
    assert fidelity.in_words(outcome) == words


def test_the_recorded_reports_show_no_raw_records():
    for report in pathlib.Path(PROFILES).glob("FIDELITY-*.md"):
        text = report.read_text(encoding="utf-8")
        assert '{"' not in text, report.name
