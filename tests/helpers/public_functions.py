"""The public functions the error tables go through, and a valid call of each taken from
its own docstring example (they all run as doctests)."""

from __future__ import annotations

import ast
import doctest

import array_api_reshape as xp
from array_api_reshape import fft, layout, linalg

MODULES = (
    (xp, [n for n in xp.__all__ if n not in ("layout", "linalg", "fft")]),
    (linalg, linalg.__all__),
    (fft, fft.__all__),
    (layout, layout.__all__),
)


def example_call(function):
    """(args, kwargs) of the first call of ``function`` in its docstring example."""
    namespace = {"xp": xp, "layout": layout}
    for example in doctest.DocTestParser().get_examples(function.__doc__):
        tree = ast.parse(example.source)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == function.__name__
            ):
                args = [eval(compile(ast.Expression(a), "<example>", "eval"), namespace)
                        for a in node.args]
                kwargs = {
                    k.arg: eval(compile(ast.Expression(k.value), "<example>", "eval"), namespace)
                    for k in node.keywords
                }
                return args, kwargs
        exec(compile(tree, "<example>", "exec"), namespace)
    raise LookupError(f"no example call of {function.__name__}")
