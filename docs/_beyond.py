"""The table of the page "Beyond the standard": what each choice gives here and in NumPy,
computed while the page is built; PyTorch's and JAX's columns are their documented
behaviour (neither library is installed where the documentation is built)."""

from __future__ import annotations

import re

import numpy

import array_api_reshape

# (what is asked, the code, PyTorch, JAX, our reason)
ROWS = [
    ("bool array with int8 array", "xp.asarray([True]) + xp.asarray([1], dtype=xp.int8)",
     "int8", "int8", "all agree"),
    ("int64 array with float32 array",
     "xp.asarray([1]) + xp.asarray([0.5], dtype=xp.float32)",
     "float32", "float32", "the floating operand's dtype: a float32 computation stays float32"),
    ("int64 array with complex64 array",
     "xp.asarray([1]) + xp.asarray([0.5j], dtype=xp.complex64)",
     "complex64", "complex64", "as above"),
    ("int64 array with Python float", "xp.asarray([1]) + 1.5",
     "default float", "default float", "our default floating dtype, float64"),
    ("bool array with Python int", "xp.asarray([True]) + 1",
     "int64", "default int", "our default integer dtype, int64"),
    ("exp of an int64 array", "xp.exp(xp.asarray([1]))",
     "default float", "default float", "computed in float64"),
    ("divide two int64 arrays", "xp.divide(xp.asarray([1]), xp.asarray([2]))",
     "default float", "default float", "computed in float64"),
    ("mean of an int32 array, dtype=float32",
     "xp.mean(xp.asarray([1, 2], dtype=xp.int32), dtype=xp.float32)",
     "float32", "float32", "accepted: all accept a dtype"),
    ("mean of an int64 array, no dtype", "xp.mean(xp.asarray([1, 2]))",
     "RuntimeError", "default float", "refused (they disagree): pass dtype="),
    ("uint64 array with int64 array",
     "xp.asarray([1], dtype=xp.uint64) + xp.asarray([1])",
     "RuntimeError", "float", "refused (they disagree; no integer holds both)"),
    ("Python's float as a dtype", "xp.zeros(1, dtype=float)",
     "float64", "default float", "our default floating dtype"),
    ("linspace with an integer dtype", "xp.linspace(0, 10, 5, dtype=xp.int64)",
     "int64", "int64", "accepted, values rounded down"),
    ("0-d array as an arange bound", "xp.arange(xp.asarray(3))",
     "accepted", "accepted", "accepted"),
    ("take with one integer position", "xp.take(xp.asarray([[1, 2], [3, 4]]), 0, axis=1)",
     "TypeError", "accepted", "accepted, the axis dropped (Cubed relies on it)"),
    ("int array += Python float", "x = xp.asarray([1]); x += 1.5",
     "RuntimeError", "immutable arrays", "refused: the array would change dtype"),
    ("float written into an int array", "x = xp.asarray([1]); x[0] = 1.5",
     "truncates", "truncates", "refused: it would lose data silently"),
]


_ASSIGNMENT = re.compile(r"\s[-+*/]?=\s")


def _outcome(namespace, code: str) -> str:
    """The dtype a line of code ends with (or the exception it raises), run on ``namespace``."""
    scope = {"xp": namespace}
    *statements, last = code.split("; ")
    try:
        for statement in statements:
            exec(statement, scope)
        if _ASSIGNMENT.search(last):
            exec(last, scope)
            result = scope["x"]
        else:
            result = eval(last, scope)
    except Exception as error:  # the table shows which exception a call raises
        return type(error).__name__
    dtype = getattr(result, "dtype", None)
    return getattr(dtype, "name", str(dtype))


def table() -> str:
    """The Markdown table: every row computed on array_api_reshape and on NumPy."""
    lines = [
        "| what is asked | code | ours | NumPy | PyTorch | JAX | our rule |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for question, code, torch, jax, reason in ROWS:
        ours = _outcome(array_api_reshape, code)
        theirs = _outcome(numpy, code)
        lines.append(
            f"| {question} | `{code}` | **{ours}** | {theirs} | {torch} | {jax} | {reason} |"
        )
    return "\n".join(lines)
