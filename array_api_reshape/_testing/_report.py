"""
The plugin's report: the records of a run grouped by mode, then by the lines that caused
them (one row per distinct read, write and view), each with how many tests met it and
one to rerun; the failures no mode caused counted apart. Markdown for people, JSON for
tools.
"""

from __future__ import annotations

import json
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

    def add(self, item: Record) -> None:
        if item["test"] not in self.tests:
            self.tests.append(str(item["test"]))


@dataclass
class Run:
    """What the report says of the run beside the rows: the command's modes, the counts
    of tests, and the failures no mode caused."""

    modes: str
    params: Sequence[str]
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    xfailed: int = 0
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


def _rerun(nodeid: str) -> str:
    return f"`pytest \"{nodeid}\"`"


def _cells(row: Row, views: bool) -> list[str]:
    """One row of a mode's table: where it was raised, by which function (and as which
    library), the write and the views (for a views mode), the error, the tests."""
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
    return [*cells, f"{first['error']}{kind}", str(len(row.tests)), _rerun(row.tests[0])]


def markdown(run: Run, records: Sequence[Record]) -> str:
    """The report in Markdown."""
    groups = grouped(records)
    failures = sorted({str(r["test"]) for r in records if r["kind"] == "failure"})
    warned = sorted({str(r["test"]) for r in records if r["kind"] == "warning"})
    lines = ["# What the portability modes found", ""]
    under = f"`--xp-mode {run.modes}`" if run.modes else "no `--xp-mode`"
    params = (f"; the `xp` fixture over `{' '.join(run.params)}`" if run.params else "")
    lines += [
        f"The run: {under}{params}. Tests: {run.passed} passed, {run.failed} failed, "
        f"{run.skipped} skipped, {run.xfailed} xfailed. {len(failures)} failed because of "
        "a mode and "
        f"{len(warned)} had a mode's warning, at the "
        f"{_count(sum(map(len, groups.values())), 'place')} below; "
        f"{len(run.other_failures)} failed for other reasons (counted apart, at the end).",
        "",
    ]
    for mode, rows in groups.items():
        tests = {test for row in rows for test in row.tests}
        lines += [f"## {mode}: {_count(len(tests), 'test')}, {_count(len(rows), 'place')}", ""]
        views = any(row.first["write"] or row.first["view_made"] for row in rows)
        header = ["raised at", "by", *(["write", "through the view made at"] if views else []),
                  "error", "tests", "rerun one"]
        lines += ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
        for row in rows:
            lines.append("| " + " | ".join(_cells(row, views)) + " |")
        lines.append("")
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
        "other_failures": run.other_failures,
        "records": list(records),
        "rows": {mode: [{"tests": row.tests, **row.first} for row in rows]
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
