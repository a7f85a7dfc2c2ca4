"""
View/copy and error behaviour of array_api_reshape beside NumPy, array-api-strict and
PyTorch, measured by running each library that is installed.

The documentation page renders ``table()``; ``tests/docs/test_comparison.py`` checks the
``EXPECTED`` answers against the libraries present in the test environment.
"""

from __future__ import annotations

import functools
import importlib

import numpy as np

LIBRARIES = ("array_api_reshape", "numpy", "array_api_strict", "torch")


def _namespace(name):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _base(xp, name, n):
    if name == "torch":
        return xp.arange(n)
    return xp.arange(n)


def _shares(name, a, b) -> bool:
    if name == "torch":
        return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
    if name == "array_api_strict":
        a, b = a._array, b._array  # its arrays do not export NumPy's protocol
    return bool(np.shares_memory(np.asarray(a), np.asarray(b)))


def _reshape(xp, name, x, shape, copy=None):
    if name == "torch":
        return x.reshape(shape) if copy is None else x.view(shape)
    if copy is None:
        return xp.reshape(x, shape)
    return xp.reshape(x, shape, copy=copy)


def _outcome(function):
    try:
        return function()
    except Exception as error:  # the table reports the exception type by name
        return f"{type(error).__name__}"


def _case_slice(xp, name):
    x = _reshape(xp, name, _base(xp, name, 288), (4, 8, 9))[:, :6, :]
    return "view" if _shares(name, x, _reshape(xp, name, x, (4, 54))) else "copy"


def _case_step(xp, name):
    x = _reshape(xp, name, _base(xp, name, 12), (3, 4))[:, ::2]
    return "view" if _shares(name, x, _reshape(xp, name, x, (6,))) else "copy"


def _case_flip(xp, name):
    x = _reshape(xp, name, _base(xp, name, 12), (3, 4))
    flipped = xp.flip(x, dims=(0, 1)) if name == "torch" else xp.flip(x)
    return "view" if _shares(name, flipped, _reshape(xp, name, flipped, (12,))) else "copy"


def _case_broadcast(xp, name):
    x = xp.broadcast_to(_base(xp, name, 4), (6, 4))
    return "view" if _shares(name, x, _reshape(xp, name, x, (3, 2, 4))) else "copy"


def _case_transpose(xp, name):
    x = _reshape(xp, name, _base(xp, name, 12), (3, 4))
    t = x.T
    return "view" if _shares(name, t, _reshape(xp, name, t, (12,))) else "copy"


def _case_no_copy_error(xp, name):
    x = _reshape(xp, name, _base(xp, name, 12), (3, 4)).T

    def attempt():
        _reshape(xp, name, x, (12,), copy=False)
        return "view"

    return _outcome(attempt)


def _case_write_broadcast(xp, name):
    x = xp.broadcast_to(_base(xp, name, 3), (2, 3))

    def write():
        x[0, 0] = 5
        return "allowed"

    return _outcome(write)


CASES = {
    "reshape (4, 8, 9)[:, :6, :] to (4, 54)": _case_slice,
    "reshape (3, 4)[:, ::2] to (6,)": _case_step,
    "flatten a (3, 4) array flipped on both axes": _case_flip,
    "reshape a (4,) broadcast to (6, 4) into (3, 2, 4)": _case_broadcast,
    "flatten a transposed (3, 4) array": _case_transpose,
    "that flatten with copy=False (torch: .view)": _case_no_copy_error,
    "write into a broadcast array": _case_write_broadcast,
}

EXPECTED = {
    "array_api_reshape": ["view", "view", "view", "view", "copy", "ValueError", "ValueError"],
    "numpy": ["view", "view", "view", "view", "copy", "ValueError", "ValueError"],
    "array_api_strict": ["view", "view", "view", "view", "copy", "AttributeError", "ValueError"],
}
"""Answers checked by tests/docs/test_comparison.py for each of these libraries that is
installed; PyTorch is reported on the page when present but has no checked row here."""


def results() -> dict[str, list[str]]:
    """Each installed library's answer to every case."""
    answers = {}
    for name in LIBRARIES:
        xp = _namespace(name)
        if xp is not None:
            answers[name] = [_outcome(functools.partial(case, xp, name)) for case in CASES.values()]
    return answers


def table() -> str:
    """A Markdown table of the answers of the installed libraries."""
    answers = results()
    names = list(answers)
    lines = ["| case | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for i, case in enumerate(CASES):
        lines.append(f"| {case} | " + " | ".join(answers[n][i] for n in names) + " |")
    return "\n".join(lines)
