"""
Read the outcome of every test from a pytest JUnit XML report.

For the runners that drive other people's test suites: they ask pytest for
``--junitxml`` and read it back here, so that the counts do not depend on pytest's
terminal output. Each result keeps its message: the first line of a failure, an error
or a skip reason.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import NamedTuple

OUTCOMES = ("passed", "failed", "errors", "skipped", "xfailed")


class CaseResult(NamedTuple):
    module: str    # the last part of the test's class name (or its file when there is none)
    name: str      # the test's name with its parameter id, e.g. "test_var[True-0.0-None]"
    outcome: str   # one of OUTCOMES
    message: str   # the first line of the failure, error or skip message ("" when passed)


def read_results(junit: Path) -> list[CaseResult]:
    """Every test case of a JUnit XML report, in the report's order."""
    return [_result_of(case) for case in ElementTree.parse(junit).getroot().iter("testcase")]


def _result_of(case) -> CaseResult:
    module = case.get("classname", "").split(".")[-1] or case.get("file", "")
    for tag, outcome in (("failure", "failed"), ("error", "errors"), ("skipped", "skipped")):
        element = case.find(tag)
        if element is None:
            continue
        if outcome == "skipped" and element.get("type") == "pytest.xfail":
            outcome = "xfailed"
        message = (element.get("message") or element.text or "").strip()
        first_line = message.splitlines()[0] if message else ""
        return CaseResult(module, case.get("name", ""), outcome, first_line)
    return CaseResult(module, case.get("name", ""), "passed", "")
