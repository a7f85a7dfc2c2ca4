"""Every public function is in the API reference and has an Examples section that runs
(pytest runs every docstring example as a doctest)."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import array_api_reshape as xp
from array_api_reshape import fft, layout, linalg, versions

API = Path(__file__).resolve().parent.parent / "docs" / "api"


def public_callables():
    for module, names, page in (
        (xp, [n for n in xp.__all__ if n not in ("layout", "linalg", "fft")], "namespace"),
        (linalg, linalg.__all__, "linalg"),
        (fft, fft.__all__, "fft"),
        (layout, layout.__all__, "layout"),
        (versions, versions.__all__, "versions"),
    ):
        for name in names:
            value = getattr(module, name)
            if inspect.isfunction(value) or inspect.isclass(value):
                yield pytest.param(value, name, page, id=f"{page}.{name}")


@pytest.mark.parametrize("value, name, page", list(public_callables()))
def test_public_callable_is_documented_with_a_running_example(value, name, page):
    text = (API / f"{page}.md").read_text()
    directive = "autoclass" if inspect.isclass(value) else "autofunction"
    assert f".. {directive}:: {name}\n" in text
    if inspect.isfunction(value):
        assert "Examples\n" in value.__doc__ and ">>> " in value.__doc__, f"{name} has no example"
