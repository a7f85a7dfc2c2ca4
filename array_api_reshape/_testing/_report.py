"""
The plugin's report: the records of a run grouped by mode, then by the lines that caused
them (one row per distinct read, write and view), each with what happened there, the way
out, how many tests met it and the command that runs one again under the same flags.
Failures a mode caused (its error), failures after a profile answered otherwise (its
divergences, listed for failing tests only), and the failures of neither are counted
apart. Markdown for people, JSON for tools.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ._records import Record, key_of, where


@dataclass
class Row:
    """One line of the report: the records that share a key, and the tests they came
    from (in the order first met)."""

    first: Record
    tests: list[str] = field(default_factory=list)
    times: int = 0

    def add(self, item: Record) -> None:
        times = item.get("times", 1)
        self.times += times if isinstance(times, int) else 1
        if item["test"] not in self.tests:
            self.tests.append(str(item["test"]))


@dataclass
class Run:
    """What the report says of the run beside the rows: the command's modes, the counts
    of tests, the divergences of passing tests (counted, not listed), and the failures no
    mode caused."""

    modes: str
    params: Sequence[str]
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    xfailed: int = 0
    passing_with_divergences: int = 0
    divergences_in_passing: int = 0
    other_failures: list[str] = field(default_factory=list)


def grouped(records: Iterable[Record]) -> dict[str, list[Row]]:
    """The rows of each mode, most tests first (ties: as first met)."""
    rows: dict[tuple[str, ...], Row] = {}
    for item in records:
        key = key_of(item)
        if key not in rows:
            rows[key] = Row(item)
        rows[key].add(item)
    by_mode: dict[str, list[Row]] = {}
    for row in rows.values():
        by_mode.setdefault(str(row.first["mode"]), []).append(row)
    for mode_rows in by_mode.values():
        mode_rows.sort(key=lambda row: -len(row.tests))
    return dict(sorted(by_mode.items(), key=lambda item: -sum(len(r.tests) for r in item[1])))


_SITE = re.compile(r"^(?:\S+\(\)|an? [a-z ]+?)(?: at \S+:\d+)?: ")
"""A message's opening ``function() at file:line: ``, which the row's columns say."""

_FLAG_NOTE = re.compile(
    r"[;,]?\s*\(?(?:the [\w ]+ flag is |array_api_reshape\.flags\.set).*$", re.DOTALL
)
"""A message's closing note on the flag in force, which the row's mode says."""

_SENTENCE_END = re.compile(r"(?<=[a-z0-9)'\"])\. (?=[A-Z])")


def what_and_way_out(message: str) -> tuple[str, str]:
    """A mode's message as its first sentence (what happened) and the rest (the way out),
    without the opening place and the closing note on the flag."""
    text = _FLAG_NOTE.sub("", _SITE.sub("", message.strip(), count=1)).strip()
    parts = _SENTENCE_END.split(text, maxsplit=1)
    if len(parts) == 2:
        return parts[0] + ".", parts[1].rstrip(";,. ") + "."
    first, semicolon, rest = text.partition("; ")
    return (first + ".", rest.rstrip(";,. ") + ".") if semicolon else (text, "")


def _place(line: object) -> str:
    if not isinstance(line, dict):
        return ""
    own = " (the test's own line)" if line["test"] else ""
    return f"`{where(line)}` in `{line['in']}`{own}"


def _views(lines: object) -> str:
    if not isinstance(lines, list) or not lines:
        return ""
    return "; from ".join(f"{_place(line)} by `{line['called']}`" for line in lines)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _rerun(row: Row) -> str:
    command = row.first.get("rerun") or f'pytest "{row.tests[0]}"'
    return f"`{command}`"


def _failure_cells(row: Row, views: bool) -> list[str]:
    """One row of a mode's failures: where it was raised, by which function (and as which
    library), the write and the views (for a views mode), the error, what happened and
    the way out, the tests."""
    first = row.first
    library = f", as {first['library']}" if first["library"] else ""
    cells = [_place(first["at"]), f"`{first['function']}`{library}"]
    if views:
        write = first["write"]
        same = isinstance(write, dict) and where(write) == where(first["at"])  # type: ignore[arg-type]
        cells += ["the same" if same else _place(write), _views(first["view_made"])]
    kind = "" if first["kind"] == "failure" else " (warning)"
    if first.get("failed_with"):
        kind += f" (the test then failed with {first['failed_with']})"
    what, way_out = what_and_way_out(str(first["message"]))
    return [*cells, f"{first['error']}{kind}: {_cell(what)}", _cell(way_out),
            str(len(row.tests)), _rerun(row)]


def _divergence_cells(row: Row) -> list[str]:
    """One row of a mode's divergences met by failing tests: the line, the function, what
    the library does there and the way out, the tests."""
    first = row.first
    what, way_out = str(first["message"]), str(first["way_out"])
    place = _place(first["at"])
    if first["view_made"]:
        place += f", through the view made at {_views(first['view_made'])}"
    return [place, f"`{first['function']}`", _cell(what), _cell(way_out),
            str(len(row.tests)), _rerun(row)]


def _library_lines_first(row: Row) -> tuple[bool, int]:
    at = row.first["at"]
    return (isinstance(at, dict) and bool(at["test"]), -len(row.tests))


def _table(header: list[str], lines: list[list[str]]) -> list[str]:
    return ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header),
            *("| " + " | ".join(cells) + " |" for cells in lines), ""]


def _tests_of(records: Sequence[Record], kind: str) -> set[str]:
    return {str(r["test"]) for r in records if r["kind"] == kind}


def markdown(run: Run, records: Sequence[Record]) -> str:
    """The report in Markdown."""
    groups = grouped(records)
    failures = _tests_of(records, "failure")
    warned = _tests_of(records, "warning")
    diverged = _tests_of(records, "divergence") - failures
    places = sum(map(len, groups.values()))
    lines = ["# What the portability modes found", ""]
    under = f"`--xp-mode {run.modes}`" if run.modes else "no `--xp-mode`"
    params = (f"; the `xp` fixture over `{' '.join(run.params)}`" if run.params else "")
    lines += [
        f"The run: {under}{params}. Tests: {run.passed} passed, {run.failed} failed, "
        f"{run.skipped} skipped, {run.xfailed} xfailed. "
        f"{_count(len(failures), 'test')} failed because a mode refused, "
        f"{len(diverged)} failed after a profile answered otherwise than NumPy, and "
        f"{len(warned)} had a mode's warning, at {_count(places, 'place')} (a row each "
        f"below); {len(run.other_failures)} failed for other reasons (counted apart, at the "
        f"end). Passing tests met {_count(run.divergences_in_passing, 'divergence')} "
        f"({_count(run.passing_with_divergences, 'test')}; counted, not listed).",
        "",
    ]
    for mode, rows in groups.items():
        tests = {test for row in rows for test in row.tests}
        lines += [f"## {mode}: {_count(len(tests), 'test')}, {_count(len(rows), 'place')}", ""]
        refused = [row for row in rows if row.first["kind"] != "divergence"]
        answered = sorted((row for row in rows if row.first["kind"] == "divergence"),
                          key=_library_lines_first)
        if refused:
            views = any(row.first["write"] or row.first["view_made"] for row in refused)
            header = ["raised at", "by", *(["write", "through the view made at"] if views
                                           else []),
                      "error", "the way out", "tests", "rerun one"]
            lines += _table(header, [_failure_cells(row, views) for row in refused])
        if answered:
            lines += ["Where it answered otherwise than NumPy, quietly, in the tests that "
                      "failed:", ""]
            header = ["at", "by", "what the library does there", "the way out", "tests",
                      "rerun one"]
            lines += _table(header, [_divergence_cells(row) for row in answered])
    if run.other_failures:
        lines += [f"## Not the modes': {_count(len(run.other_failures), 'test')}", ""]
        lines += [f"- `{nodeid}`" for nodeid in run.other_failures[:50]]
        if len(run.other_failures) > 50:
            lines.append(f"- and {len(run.other_failures) - 50} more (in the JSON report)")
        lines.append("")
    return "\n".join(lines)


def as_json(run: Run, records: Sequence[Record]) -> str:
    """The report as JSON: the run's counts, every record, the rows of each mode."""
    groups = grouped(records)
    return json.dumps({
        "modes": run.modes, "params": list(run.params), "passed": run.passed,
        "failed": run.failed, "skipped": run.skipped, "xfailed": run.xfailed,
        "passing_with_divergences": run.passing_with_divergences,
        "divergences_in_passing": run.divergences_in_passing,
        "other_failures": run.other_failures,
        "records": list(records),
        "rows": {mode: [{"tests": row.tests, **row.first, "times": row.times}
                        for row in rows]
                 for mode, rows in groups.items()},
    }, indent=1)


def write(path: str, run: Run, records: Sequence[Record]) -> tuple[Path, Path]:
    """Write the Markdown report at ``path`` and the JSON beside it (``.json``)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(markdown(run, records), encoding="utf-8")
    beside = target.with_suffix(".json")
    beside.write_text(as_json(run, records), encoding="utf-8")
    return target, beside
