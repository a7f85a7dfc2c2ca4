"""
The pytest entry point of array_api_reshape's plugin, kept apart from the package so that
other projects' test runs pay nothing for it: it adds the options and the markers, and
only when an option asks for a mode, a parametrized ``xp``, a report or a stand-in does it
import ``array_api_reshape.testing`` (the plugin itself) and register it.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import pytest

PLUGIN = "array_api_reshape.testing"
PURE = "ARRAY_API_RESHAPE_PURE"

MARKERS = (
    "skip_xp_mode(mode, *, reason=''): skip the test when the xp fixture's entry of "
    "--xp-params (or the run's --xp-mode) has every NAME=VALUE of mode "
    "(array_api_reshape.testing)",
    "xfail_xp_mode(mode, *, reason='', strict=False): expect the test to fail when the xp "
    "fixture's entry of --xp-params (or the run's --xp-mode) has every NAME=VALUE of mode "
    "(array_api_reshape.testing)",
)


def pytest_addoption(parser: Any, pluginmanager: Any) -> None:
    """The plugin's options (see ``array_api_reshape.testing``). And the package is not
    the plugin: pytest marks every module of a distribution with a ``pytest11`` entry
    point for assertion rewriting, which would rewrite ``array_api_reshape``'s modules in
    every project's test run; this is the first moment after the marking and before any
    of them is imported, so the mark is taken back here."""
    marked = getattr(getattr(pluginmanager, "rewrite_hook", None), "_must_rewrite", None)
    if isinstance(marked, set):
        marked.discard("array_api_reshape")
    group = parser.getgroup("array-api-reshape", "array_api_reshape portability modes")
    group.addoption(
        "--xp-mode", action="append", default=[], metavar="NAME=VALUE",
        help="run the whole session under this flag of array_api_reshape.flags "
             "(repeatable; VALUE is read as the flag's environment variable reads it: "
             "lazy=true, views=error, enabled_extensions=linalg,fft; or as a Python "
             "literal)",
    )
    group.addoption(
        "--xp-params", nargs="+", default=None, metavar="ENTRY",
        help="parametrize the xp fixture: each test that takes xp runs once per entry, an "
             "entry being NAME=VALUE pairs joined by ';' ('default' for no flag)",
    )
    group.addoption(
        "--xp-as", default=None, metavar="PACKAGE",
        help="for the whole run, 'import PACKAGE' gives array_api_reshape standing in for "
             "it (array_api_strict: its name, flags, devices, and its behaviour as the "
             "profile 'strict'); also in the processes the run starts; on the pure-Python "
             "build, whose Array class a suite may patch, unless ARRAY_API_RESHAPE_PURE "
             "is set (0: the compiled core)",
    )
    group.addoption(
        "--xp-report", default=None, metavar="PATH",
        help="write, at the end of the run, the failures and warnings the modes caused, "
             "grouped by mode and by the library's own line (Markdown; JSON beside it)",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: Any, parser: Any, args: Any) -> None:
    """With ``--xp-as`` (or ``ARRAY_API_RESHAPE_AS`` set): the stand-in in place before
    pytest imports the first conftest, which may import the package it stands in for; on
    the pure-Python build unless ``ARRAY_API_RESHAPE_PURE`` says otherwise (the run's
    processes inherit the choice)."""
    name = getattr(early_config.known_args_namespace, "xp_as", None) or os.environ.get(
        "ARRAY_API_RESHAPE_AS", "").strip()
    if name:
        if "array_api_reshape" not in sys.modules and PURE not in os.environ:
            # the pure-Python build, whose Array is a Python class as array-api-strict's
            # is: suites patch it (array-api-compat's set type(x).shape); set
            # ARRAY_API_RESHAPE_PURE=0 to keep the compiled core
            os.environ[PURE] = "1"
        from array_api_reshape import stand_in

        try:
            stand_in.install(name)
        except ValueError as error:
            raise pytest.UsageError(str(error)) from None


def pytest_configure(config: Any) -> None:
    """Register the markers; register the plugin when an option asks for it."""
    for marker in MARKERS:
        config.addinivalue_line("markers", marker)
    asked = (config.getoption("xp_mode") or config.getoption("xp_params") is not None
             or config.getoption("xp_report") is not None
             or config.getoption("xp_as") is not None)
    if asked and not config.pluginmanager.has_plugin(PLUGIN):
        import importlib

        config.pluginmanager.register(importlib.import_module(PLUGIN), PLUGIN)


XP_HINT = (
    "the xp fixture is array_api_reshape's plugin's: give one of its options "
    "(--xp-params default 'profile=jax', --xp-mode views=error, --xp-report report.md), or "
    "-p array_api_reshape.testing (or pytest_plugins = ['array_api_reshape.testing'] in a "
    "conftest) for xp without flags"
)


def pytest_exception_interact(node: Any, call: Any, report: Any) -> None:
    """A test that asks for ``xp`` while the plugin is off: its error says which options
    give it (called for failed tests only: other runs pay nothing)."""
    error = getattr(call.excinfo, "value", None)
    if (getattr(error, "argname", None) != "xp" or type(error).__name__ != "FixtureLookupError"
            or node.config.pluginmanager.has_plugin(PLUGIN)):
        return
    shown = getattr(report.longrepr, "errorstring", None)
    if isinstance(shown, str):
        report.longrepr.errorstring = f"{shown}\n{XP_HINT}"
    else:
        report.sections.append(("array_api_reshape", XP_HINT))
