"""Every method of ``Array`` keeps the signature its source gives it, in both builds.

The compiled build makes the operators and ``__getitem__``/``__setitem__`` slots of a C
type, whose signatures Python reads from a text signature at the head of the C docstring
(``setup.py``'s ``embed_slot_signatures`` puts it there); the pure build's are Python's own.
The suite runs on each build, so each is held to the source here."""

from __future__ import annotations

import ast
import inspect
import runpy
from pathlib import Path

import pytest

import array_api_reshape as xp
from array_api_reshape._array import _array_object
from array_api_reshape._runtime._build import source_of

ROOT = Path(__file__).resolve().parents[2]


def _source_methods() -> dict[str, ast.FunctionDef]:
    tree = ast.parse(Path(source_of(_array_object.__name__)).read_text("utf-8"))
    (array_class,) = [node for node in tree.body
                      if isinstance(node, ast.ClassDef) and node.name == "Array"]
    return {node.name: node for node in array_class.body if isinstance(node, ast.FunctionDef)
            and not any(isinstance(d, ast.Name) and d.id == "property"
                        for d in node.decorator_list)}


SOURCE_METHODS = _source_methods()


def _parameters_in_source(function: ast.FunctionDef) -> list[tuple[str, str, bool]]:
    arguments = function.args
    kind = inspect.Parameter
    positional = ([(a.arg, kind.POSITIONAL_ONLY) for a in arguments.posonlyargs]
                  + [(a.arg, kind.POSITIONAL_OR_KEYWORD) for a in arguments.args])
    first_default = len(positional) - len(arguments.defaults)
    found = [(name, str(k), index >= first_default)
             for index, (name, k) in enumerate(positional)]
    if arguments.vararg is not None:
        found.append((arguments.vararg.arg, str(kind.VAR_POSITIONAL), False))
    found += [(a.arg, str(kind.KEYWORD_ONLY), d is not None)
              for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults)]
    if arguments.kwarg is not None:
        found.append((arguments.kwarg.arg, str(kind.VAR_KEYWORD), False))
    return found


def _parameters(signature: inspect.Signature) -> list[tuple[str, str, bool]]:
    return [(p.name, str(p.kind), p.default is not inspect.Parameter.empty)
            for p in signature.parameters.values()]


def test_the_source_defines_the_operators_and_the_indexing_methods():
    assert {"__getitem__", "__setitem__", "__add__", "__radd__", "__iadd__", "__abs__",
            "__eq__", "__matmul__", "__dlpack__", "to_device"} <= set(SOURCE_METHODS)


@pytest.mark.parametrize("name", sorted(SOURCE_METHODS))
def test_each_method_has_the_signature_of_its_source(name):
    method = getattr(xp.Array, name)
    assert _parameters(inspect.signature(method)) == _parameters_in_source(SOURCE_METHODS[name])


def test_every_method_of_an_array_has_a_signature():
    x = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    unreadable = []
    for name in dir(x):
        method = getattr(x, name, None)  # (an empty slot, _made_at, has no value)
        if not callable(method) or isinstance(method, type):
            continue
        try:
            inspect.signature(method)
        except ValueError:
            try:  # (object's own, which no class's instances show: __init_subclass__, ...)
                inspect.signature(getattr(object(), name))
            except (ValueError, AttributeError):
                continue
            unreadable.append(name)
    assert unreadable == []


def test_the_bound_indexing_methods_read_as_the_standard_spells_them():
    x = xp.asarray([1.0, 2.0])
    assert str(inspect.signature(x.__getitem__)).startswith("(key")
    assert [p.name for p in inspect.signature(x.__setitem__).parameters.values()] == [
        "key", "value"]
    assert all(p.kind is inspect.Parameter.POSITIONAL_ONLY
               for p in inspect.signature(x.__add__).parameters.values())


def test_text_signature_spells_what_inspect_reads_for_python_functions():
    text_signature = runpy.run_path(str(ROOT / "setup.py"), run_name="not_main")["text_signature"]
    for source in (
        "def f(self, /): pass",
        "def f(self, key, /): pass",
        "def f(self, other, /, *, copy=None, stream=1.5): pass",
        "def f(self, a, b=2, *args, c, d='x', **kwargs): pass",
        "def f(self, a, /, b, *, c): pass",
    ):
        namespace: dict[str, object] = {}
        exec(source, namespace)
        (function,) = ast.parse(source).body
        assert isinstance(function, ast.FunctionDef)
        expected = str(inspect.signature(namespace["f"]))  # type: ignore[arg-type]
        assert text_signature(function).replace("$", "") == expected
