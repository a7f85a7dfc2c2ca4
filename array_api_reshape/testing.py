"""
A pytest plugin: run a library's own tests under array_api_reshape's portability modes,
and have the report name the library's lines that are not portable.

The package registers it through its ``pytest11`` entry point (the small module
``pytest_array_api_reshape``, which imports this one only when an option asks for it, so
that other projects' runs pay nothing). The options:

``--xp-mode NAME=VALUE``
    The whole run under that flag (``views=error``, ``lazy=true``, ``profile=jax``; any
    flag of :mod:`array_api_reshape.flags`, VALUE read as the flag's environment variable
    reads it, else as a Python literal). Repeatable. Every pytest-xdist worker runs under
    it too, and so does every process the tests start (the flag's environment variable is
    set for the run: a Dask cluster's workers, a subprocess). This is the way
    to run a project's existing suite, whichever namespace its conftest picks: the flags
    change what ``array_api_reshape`` does wherever the project uses it.
``--xp-params ENTRY [ENTRY ...]``
    For new test suites: each test that takes the ``xp`` fixture runs once per entry,
    with ``xp`` the namespace under that entry's flags (``NAME=VALUE`` pairs joined by
    ``;``; ``default`` for none): ``--xp-params default "views=error" "profile=jax"``.
    Without it, ``xp`` is the namespace under the run's flags.
``--xp-as array_api_strict``
    For the whole run, ``import array_api_strict`` (in the tests, their conftests, the
    library) gives this namespace standing in for array-api-strict: its name, its flag
    functions (``set_array_api_strict_flags``, ``ArrayAPIStrictFlags``, ... on this
    package's flags of the same names), its ``Device`` names (``CPU_DEVICE``,
    ``device1``, ...), ``Array``, and its behaviour (the profile ``"strict"``, the default
    while no ``--xp-mode profile=...`` says otherwise); arrays answer
    ``__array_namespace__()`` with it. ``--xp-mode`` flags stack on top. The processes the
    run starts stand in too (``ARRAY_API_RESHAPE_AS`` is set for them, and ``PYTHONPATH``
    leads to a small package that gives the stand-in when that variable asks for it).
    The run uses the pure-Python build, whose ``Array`` is a Python class as
    array-api-strict's is (suites patch it), unless ``ARRAY_API_RESHAPE_PURE`` is set
    (``0``: the compiled core). Without the option, ``array_api_strict`` is the real
    package.
``--xp-report PATH``
    At the end of the run, a Markdown report at PATH (and JSON beside it, ``.json``):
    every failure and warning a mode caused, grouped by mode and then by the line of the
    library that caused it (the first frame outside this package, the test files and the
    standard library), for the read or refusal, for the write, and for each view the
    write went through; deduplicated, with how many tests met each and one to rerun.
    Failures no mode caused are counted apart. The report reads the errors' ``finding``
    attributes (:class:`array_api_reshape.flags.Finding`), never their messages.

The markers ``skip_xp_mode(mode, reason=...)`` and ``xfail_xp_mode(mode, reason=...,
strict=False)`` skip a test, or expect it to fail, where the flags in force (the run's
``--xp-mode`` and the test's ``xp`` entry) have every ``NAME=VALUE`` of ``mode``
(``"views=error"``, ``"profile=jax;writeable=False"``).

The ``xp`` fixture and the markers are there when the plugin is active: with one of the
options, or with ``-p array_api_reshape.testing`` (or ``pytest_plugins =
["array_api_reshape.testing"]`` in a conftest).
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from collections.abc import Generator, Iterator, Sequence
from types import ModuleType
from typing import Any

import pytest

import array_api_reshape

from . import flags
from . import stand_in as _stand_in
from ._modes import _findings, _flag_state
from ._modes._behaviours import BY_NAME
from ._testing._records import LineChooser, Record, divergence_record, record
from ._testing._report import Run, write
from ._testing._settings import Settings, SettingError, covers, parse_entry, parse_setting, spelled

__all__ = ["xp"]

_PROPERTY = "array_api_reshape_finding"
_PROPERTY_PASSING = "array_api_reshape_passing_divergences"
_WORKER_OUTPUT = "array_api_reshape_warnings"


class _State:
    """The plugin's state in one pytest process (the controller of pytest-xdist, a
    worker, or a run without workers)."""

    def __init__(self, config: Any):
        self.modes: Settings = {}
        self.earlier: tuple[dict[str, object], frozenset[str]] | None = None
        self.environment: dict[str, str | None] = {}
        self.params: list[str] = config.getoption("xp_params") or []
        self.entries: list[Settings] = []
        self.report_path: str | None = config.getoption("xp_report")
        self.standing_in: str | None = None
        self.worker = hasattr(config, "workerinput")
        self.chooser = LineChooser((), str(config.rootpath))
        self.records: list[Record] = []
        self.run = Run("", self.params)
        self.failed: dict[str, None] = {}  # the tests that failed, in order (a set)
        self.rerun_options: list[str] = []

    def other_failures(self) -> list[str]:
        """The failed tests that no mode's failure record names, nor a divergence."""
        by_mode = {item["test"] for item in self.records
                   if item["kind"] in ("failure", "divergence")}
        return [nodeid for nodeid in self.failed if nodeid not in by_mode]

    def rerun(self, nodeid: str) -> str:
        """The command that runs test ``nodeid`` again under the flags it ran under: the
        run's options, and its entry of ``--xp-params`` (found in its id)."""
        options = list(self.rerun_options)
        entry = _entry_in(nodeid, self.params)
        if entry is not None:
            options += ["--xp-params", entry]
        return " ".join([f'pytest "{nodeid}"', *map(shlex.quote, options)])


def _entry_in(nodeid: str, params: Sequence[str]) -> str | None:
    """The entry of ``--xp-params`` that ``nodeid``'s parameters name, if any."""
    _, bracket, ids = nodeid.partition("[")
    if not bracket:
        return None
    parts = ids.rstrip("]")
    for text in sorted(params, key=len, reverse=True):
        if parts == text or parts.startswith(f"{text}-") or parts.endswith(f"-{text}") or (
                f"-{text}-" in parts):
            return text
    return None


_STATE = pytest.StashKey[_State]()

_RUNNING: list[_State] = []
"""The state of the run in this process (a hook without the config, such as
``pytest_warning_recorded``, reads it here)."""


def _state(config: Any) -> _State:
    return config.stash[_STATE]


def pytest_configure(config: Any) -> None:
    """Read the options, put the run under ``--xp-mode``'s flags."""
    state = _State(config)
    config.stash[_STATE] = state
    _RUNNING.append(state)
    try:
        for text in config.getoption("xp_mode") or []:
            name, value = parse_setting(text, "--xp-mode")
            state.modes[name] = value
        state.entries = [parse_entry(text) for text in state.params]
    except SettingError as error:
        raise pytest.UsageError(str(error)) from None
    state.standing_in = config.getoption("xp_as")
    if state.standing_in and not _stand_in.standing_in():  # pytester's runs in-process
        _stand_in.install(state.standing_in)
    state.earlier = _flag_state.saved_defaults()
    try:
        flags.set(**state.modes)
        variables = flags.environment(**state.modes)
    except (TypeError, ValueError) as error:
        raise pytest.UsageError(f"--xp-mode: {error}") from None
    if state.standing_in:
        variables.update(_stand_in.child_environment())
    state.environment = {name: os.environ.get(name) for name in variables}
    os.environ.update(variables)
    state.rerun_options = _rerun_options(state)
    state.run.modes = " ".join(
        ([f"as {state.standing_in}"] if state.standing_in else [])
        + [f"{name}={value!r}" for name, value in state.modes.items()]
    )


def _rerun_options(state: _State) -> list[str]:
    """The options that put one test under the run's flags again (the plugin named where
    pytest loads no plugin by itself)."""
    options = []
    if os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
        options += ["-p", "pytest_array_api_reshape"]
    if state.standing_in:
        options += ["--xp-as", state.standing_in]
    for name, value in state.modes.items():
        options += ["--xp-mode", f"{name}={_flag_state.environment_text(name, value)}"]
    return options


def pytest_unconfigure(config: Any) -> None:
    """The flags back as they were before the run."""
    state = config.stash.get(_STATE, None)
    if state is None:
        return
    if state.earlier is not None:  # not flags.set: that would make each value explicit
        _flag_state.restore_defaults(state.earlier)
    for name, text in state.environment.items():
        if text is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = text
    if state.standing_in:
        _stand_in.uninstall()
    _findings.stop_listening()
    if state in _RUNNING:
        _RUNNING.remove(state)


class _Entry(dict[str, object]):
    """The flags of one entry of ``--xp-params``: the parameter of this plugin's ``xp``
    fixture, told apart from the parameters of a project's own ``xp`` fixture (SciPy's is
    a module)."""


def pytest_generate_tests(metafunc: Any) -> None:
    """Each test that takes this plugin's ``xp`` runs once per entry of ``--xp-params``
    (a test whose ``xp`` is a project's own fixture is left alone)."""
    state = _state(metafunc.config)
    if "xp" in metafunc.fixturenames and state.entries and _takes_our_xp(metafunc):
        metafunc.parametrize("xp", [_Entry(entry) for entry in state.entries],
                             indirect=True, ids=state.params)


def _takes_our_xp(metafunc: Any) -> bool:
    definitions: Sequence[Any] = metafunc.definition._fixtureinfo.name2fixturedefs.get("xp", ())
    return bool(definitions) and definitions[-1].func is _xp_fixture


def _active(state: _State, item: Any) -> Settings:
    """The flags in force for ``item``: the run's, then its ``xp`` entry's (a parameter
    of this plugin's ``xp``; a project's own ``xp`` parameters are no flags)."""
    entry = getattr(getattr(item, "callspec", None), "params", {}).get("xp")
    return {**state.modes, **(entry if isinstance(entry, _Entry) else {})}


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """Apply ``skip_xp_mode`` and ``xfail_xp_mode`` where the flags in force match, and
    learn the test files (a line in one is a test's own)."""
    state = _state(config)
    state.chooser = LineChooser({str(item.path) for item in items}, str(config.rootpath))
    for item in items:
        active = _active(state, item)
        for marker in item.iter_markers("skip_xp_mode"):
            if _matches(marker, active):
                item.add_marker(pytest.mark.skip(reason=_reason(marker, active)))
        for marker in item.iter_markers("xfail_xp_mode"):
            if _matches(marker, active):
                item.add_marker(pytest.mark.xfail(reason=_reason(marker, active),
                                                  strict=marker.kwargs.get("strict", False)))


def _matches(marker: Any, active: Settings) -> bool:
    if not marker.args:
        raise pytest.UsageError(f"{marker.name}() needs a mode: NAME=VALUE pairs joined by ';'")
    try:
        wanted = parse_entry(str(marker.args[0]), marker.name)
    except SettingError as error:
        raise pytest.UsageError(str(error)) from None
    return covers(active, wanted)


def _reason(marker: Any, active: Settings) -> str:
    reason = marker.kwargs.get("reason", "")
    return f"{marker.name}({marker.args[0]!r}) under {spelled(active)}" + (
        f": {reason}" if reason else ""
    )


def _xp_fixture(request: Any) -> Iterator[ModuleType]:
    """The ``array_api_reshape`` namespace, under the flags of this test's entry of
    ``--xp-params`` (and the run's ``--xp-mode``) for the whole test."""
    entry: Settings = getattr(request, "param", None) or {}
    with flags.using(**entry):
        yield array_api_reshape


xp = pytest.fixture(name="xp")(_xp_fixture)


def _a_tests_own_cost(item: Record) -> bool:
    """A divergence that costs but answers the same (Dask computing its graph for a
    value), met on a test's own line: the test's reading, not the library's doing."""
    behaviour = BY_NAME.get(str(item["behaviour"]))
    at = item["at"]
    return behaviour is not None and behaviour.kind == "cost" and isinstance(at, dict) and bool(
        at["test"])


def _mode_error_frames(excinfo: Any) -> bool:
    """pytest's ``__tracebackhide__`` of the package's frames: hidden for a mode's error
    (the traceback ends at the user's line that met it), shown for any other."""
    return flags.finding_of(excinfo.value) is not None


def _hide_our_frames() -> None:
    """Have pytest hide the package's frames from a mode's error: each of its modules
    gets ``__tracebackhide__`` (the compiled ones too, whose frames read the same)."""
    for name, module in list(sys.modules.items()):
        if (name == "array_api_reshape" or name.startswith("array_api_reshape.")) and (
                getattr(module, "__tracebackhide__", None) is not _mode_error_frames):
            try:
                module.__tracebackhide__ = _mode_error_frames  # type: ignore[attr-defined]
            except (AttributeError, TypeError):
                pass


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: Any) -> None:
    """Note, quietly, where a profile answers otherwise than NumPy in this test."""
    _findings.listen()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Generator[None, Any, None]:
    """Give a failure that a mode caused its record, and a failed test the records of the
    divergences it met (a passing test, their count): carried to the controller of
    pytest-xdist with the report."""
    finding = None if call.excinfo is None else flags.finding_of(call.excinfo.value)
    if finding is not None:
        _hide_our_frames()
    outcome = yield
    report = outcome.get_result()
    if call.when == "teardown" or (call.when == "setup" and not report.failed):
        return
    state = _state(item.config)
    listening = _findings.listener()
    met = [] if listening is None else listening.divergences()
    if not report.failed:
        if met and call.when == "call":
            times = sum(times for _, _, times in met)
            report.user_properties.append((_PROPERTY_PASSING, json.dumps([len(met), times])))
        return
    rerun = state.rerun(item.nodeid)
    if finding is not None:  # a mode refused: that is the cause, not what the test met before
        found = [record(finding, call.excinfo.value, item.nodeid, "failure", state.chooser,
                        rerun)]
    else:
        met_records = (divergence_record(divergence, said, times, item.nodeid, state.chooser,
                                         rerun) for divergence, said, times in met)
        found = [met_record for met_record in met_records if not _a_tests_own_cost(met_record)]
    report.user_properties += [(_PROPERTY, json.dumps(found_record)) for found_record in found]


def pytest_warning_recorded(warning_message: Any, when: str, nodeid: str,
                            location: Any) -> None:
    """Record a warning that a mode gave (in the process that ran the test)."""
    message = warning_message.message
    finding = flags.finding_of(message) if isinstance(message, Warning) else None
    if finding is not None and nodeid and _RUNNING:
        state = _RUNNING[-1]
        state.records.append(record(finding, message, nodeid, "warning", state.chooser,
                                    state.rerun(nodeid)))


def pytest_runtest_logreport(report: Any) -> None:
    """Count the tests, and collect the records of failures (in the process that writes
    the report)."""
    if not _RUNNING or _RUNNING[-1].worker:
        return
    state = _RUNNING[-1]
    if report.failed:
        state.failed[report.nodeid] = None
        state.records.extend(json.loads(value) for name, value in report.user_properties
                             if name == _PROPERTY)
    for name, value in report.user_properties:
        if name == _PROPERTY_PASSING:
            state.run.passing_with_divergences += 1
            state.run.divergences_in_passing += json.loads(value)[1]
    if report.when == "call" or (report.when == "setup" and not report.passed):
        if report.failed:
            state.run.failed += 1
        elif report.skipped and hasattr(report, "wasxfail"):
            state.run.xfailed += 1
        elif report.skipped:
            state.run.skipped += 1
        else:
            state.run.passed += 1


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """pytest-xdist: take a finished worker's records of warnings."""
    state = _state(node.config)
    output = getattr(node, "workeroutput", {}).get(_WORKER_OUTPUT)
    if output:
        state.records.extend(json.loads(output))


def pytest_sessionfinish(session: Any) -> None:
    """A worker hands its records of warnings on; the writer writes the report."""
    state = _state(session.config)
    if state.worker:
        session.config.workeroutput[_WORKER_OUTPUT] = json.dumps(state.records)
        return
    state.run.other_failures = state.other_failures()
    if state.report_path is not None:
        write(state.report_path, state.run, state.records)


def pytest_terminal_summary(terminalreporter: Any, config: Any) -> None:
    """One line: how many failures the modes caused, and where the report is."""
    state = _state(config)
    if state.worker:
        return
    by_mode = {item["test"] for item in state.records if item["kind"] == "failure"}
    diverged = {item["test"] for item in state.records
                if item["kind"] == "divergence"} - by_mode
    where = f"; report: {state.report_path}" if state.report_path else ""
    others = len(state.other_failures())
    terminalreporter.write_line(
        f"array_api_reshape: {_tests(len(by_mode))} failed because a mode refused, "
        f"{_tests(len(diverged))} after a profile answered otherwise, {others} for other "
        f"reasons{where}"
    )


def _tests(number: int) -> str:
    return "1 test" if number == 1 else f"{number} tests"

