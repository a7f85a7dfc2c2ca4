"""
The architecture as tests: the layers of DESIGN.md, read from the source with ``ast``.

Bottom to top, one folder each: the layout and dtype tables (pure Python), the kernel layer
(the only modules that import NumPy or touch ndarrays), the array object, the chapters.
These tests parse every module of the package (nothing is imported or run) and check:

- no import circle, counting imports inside functions too (any depth of the syntax tree);
- only the kernel layer (and the dtype table, whose DTypes carry their NumPy dtype)
  imports NumPy;
- no chapter module reaches into an ndarray (``._numpy()``, ``._np_view``,
  ``numpy_call``, ``.astype(``) or reads a DType's NumPy dtype (``dtype.dtype``: kernels
  take our DTypes); docstrings and comments do not count;
- the array object, and the kernel layer below it, depend on no chapter module, not even
  through another module.

Imports under ``if TYPE_CHECKING:`` never run, so they form no circle and are left out:
they are how a module names a type from a layer above it in an annotation.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest

import array_api_reshape

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs"))
import _layers

PACKAGE = "array_api_reshape"
PACKAGE_DIR = Path(array_api_reshape.__file__).resolve().parent

LAYER_OF = {m.name: _layers.layer_of(m) for m in _layers.read_modules(PACKAGE_DIR).values()}
"""Each module's layer (an index into ``_layers.LAYERS``, bottom to top), read from its
folder: ``_tables``, ``_kernels``, ``_array``, ``_chapters``, and the public top."""

KERNEL_LAYER, ARRAY_LAYER, CHAPTER_LAYER = (
    next(i for i, layer in enumerate(_layers.LAYERS) if layer.folder == folder)
    for folder in ("_kernels", "_array", "_chapters"))

NUMPY_ALSO_IN = {"_tables._dtypes"}
"""The dtype table imports NumPy too: each DType carries its NumPy dtype (DESIGN.md,
"Storage, kernels and the dtype table are the only modules that import NumPy")."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE_DIR).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def _short(module: str) -> str:
    """The name inside the package: ``_kernels._storage``, ``layout``, ``__init__``."""
    return module[len(PACKAGE) + 1:] if module != PACKAGE else "__init__"


def is_kernel(module: str) -> bool:
    return LAYER_OF.get(module) == KERNEL_LAYER


def is_chapter(module: str) -> bool:
    """A chapter module, or a public one above the chapters (they only re-export)."""
    layer = LAYER_OF.get(module)
    return layer is not None and layer >= CHAPTER_LAYER


MODULE_PATHS = {_module_name(path): path for path in sorted(PACKAGE_DIR.rglob("*.py"))}
TREES = {module: ast.parse(path.read_text(), str(path)) for module, path in MODULE_PATHS.items()}


@dataclass(frozen=True)
class Import:
    target: str  # a module of the package, or any other module's full name (numpy.linalg)
    line: int
    in_function: bool


def _is_type_checking_block(node: ast.AST) -> bool:
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(node: ast.AST, in_function: bool = False):
    """Every import node under ``node`` with whether it is inside a function, leaving out
    ``if TYPE_CHECKING:`` bodies (their ``else:`` runs and is kept)."""
    for child in ast.iter_child_nodes(node):
        if _is_type_checking_block(child):
            assert isinstance(child, ast.If)
            for other in child.orelse:
                yield from _walk_one(other, in_function)
            continue
        yield from _walk_one(child, in_function)


def _walk_one(node: ast.AST, in_function: bool):
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node, in_function
    inside = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
    yield from _walk(node, inside)


def _resolve_from(module: str, node: ast.ImportFrom) -> str:
    """The absolute name of a ``from ... import`` statement's module."""
    if node.level == 0:
        return node.module or ""
    is_package = MODULE_PATHS[module].name == "__init__.py"
    base = module.split(".")
    drop = node.level - 1 if is_package else node.level
    base = base[: len(base) - drop] if drop else base
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str) -> list[Import]:
    """Every module ``module`` imports, at any depth: ``from . import _kernels`` is the
    submodule ``_kernels``; ``from .. import asarray`` is the package's ``__init__``."""
    found = []
    for node, in_function in _walk(TREES[module]):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            source = _resolve_from(module, node)
            targets = [
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in MODULE_PATHS else source
                for alias in node.names
            ]
        found.extend(Import(target, node.lineno, in_function) for target in targets)
    return found


IMPORTS = {module: imports_of(module) for module in MODULE_PATHS}
GRAPH = {
    module: {
        i.target: i for i in reversed(found) if i.target in MODULE_PATHS and i.target != module
    }
    for module, found in IMPORTS.items()
}
"""For each module, the package modules it imports, each with its first import statement."""


def _describe_edge(source: str, target: str) -> str:
    edge = GRAPH[source][target]
    where = "inside a function" if edge.in_function else "at module level"
    return f"{_short(source)} (line {edge.line}, {where}) imports {_short(target)}"


def import_cycles() -> list[list[str]]:
    """The import circles: for each strongly connected group of modules (Tarjan's
    algorithm), the shortest circle through each of its members, each circle once."""
    cycles: list[list[str]] = []
    seen: set[frozenset[tuple[str, str]]] = set()
    for group in _strongly_connected_groups():
        for start in sorted(group):
            cycle = _shortest_cycle(start, group)
            edges = frozenset(pairwise(cycle))
            if edges not in seen:
                seen.add(edges)
                cycles.append(cycle)
    return cycles


def _strongly_connected_groups() -> list[set[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(GRAPH[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(group)

    for module in sorted(GRAPH):
        if module not in index:
            visit(module)
    return groups


def _shortest_cycle(start: str, group: set[str]) -> list[str]:
    """A shortest circle from ``start`` back to it, as a list that ends where it starts."""
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for module in frontier:
            for target in sorted(GRAPH[module]):
                if target == start:
                    return paths[module] + [start]
                if target in group and target not in paths:
                    paths[target] = paths[module] + [target]
                    following.append(target)
        frontier = following
    raise AssertionError(f"no circle through {start} in {sorted(group)}")  # pragma: no cover


def path_between(source: str, wanted) -> list[str] | None:
    """A shortest import path from ``source`` to a module for which ``wanted`` is true."""
    paths = {source: [source]}
    frontier = [source]
    while frontier:
        following = []
        for module in frontier:
            for target in sorted(GRAPH[module]):
                if target in paths:
                    continue
                paths[target] = paths[module] + [target]
                if wanted(target):
                    return paths[target]
                following.append(target)
        frontier = following
    return None


def _describe_path(path: list[str]) -> str:
    return "; ".join(_describe_edge(a, b) for a, b in pairwise(path))


# --- the checks of the parser itself --------------------------------------------------------


def test_the_parser_sees_the_package_and_its_imports():
    assert f"{PACKAGE}._array._array_object" in MODULE_PATHS
    assert f"{PACKAGE}._layout_tools._svg" in MODULE_PATHS
    assert is_chapter(PACKAGE) and is_chapter(f"{PACKAGE}._layout_tools._explain")
    assert is_chapter(f"{PACKAGE}._chapters._creation_functions")
    assert not is_chapter(f"{PACKAGE}._tables._layout")
    assert is_kernel(f"{PACKAGE}._kernels._copy_kernels")
    assert is_kernel(f"{PACKAGE}._kernels._storage")
    assert not is_kernel(f"{PACKAGE}._array._array_object")
    assert set(LAYER_OF) == set(MODULE_PATHS) and None not in LAYER_OF.values()
    # relative imports at either depth, and the package itself for a name from __init__
    explain = f"{PACKAGE}._layout_tools._explain"
    assert explain in GRAPH[f"{PACKAGE}.layout"]
    assert f"{PACKAGE}._tables._layout" in GRAPH[explain]


def test_imports_inside_functions_and_type_checking_blocks_are_read_as_intended():
    tree = ast.parse(
        "import numpy\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from ._array_object import Array\n"
        "def f():\n"
        "    from . import _kernels\n"
        "    from .. import asarray\n"
    )
    found = [(node.lineno, inside) for node, inside in _walk(tree)]
    assert found == [(1, False), (2, False), (6, True), (7, True)]


# --- the architecture -----------------------------------------------------------------------


def test_no_import_circle_in_the_package():
    cycles = import_cycles()
    described = [
        " -> ".join(_short(m) for m in cycle)
        + "\n    " + _describe_path(cycle).replace("; ", "\n    ")
        for cycle in cycles
    ]
    assert not cycles, "import circles (imports inside functions count):\n" + "\n".join(described)


def test_only_the_kernel_layer_imports_numpy():
    offenders = [
        f"{_short(module)} line {i.line}: imports {i.target}"
        for module, found in sorted(IMPORTS.items())
        if not is_kernel(module) and _short(module) not in NUMPY_ALSO_IN
        for i in found
        if i.target == "numpy" or i.target.startswith("numpy.")
    ]
    assert not offenders, "NumPy imported outside the kernel layer:\n" + "\n".join(offenders)


def _ndarray_uses(tree: ast.AST) -> list[tuple[int, str]]:
    """Where code (not a docstring or comment) reaches into an ndarray."""
    uses = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            function = node.func
            if isinstance(function, ast.Attribute) and function.attr in ("_numpy", "astype"):
                uses.append((node.lineno, f".{function.attr}(...)"))
        if isinstance(node, ast.Attribute) and node.attr == "_np_view":
            uses.append((node.lineno, "._np_view"))
        if (isinstance(node, ast.Name) and node.id == "numpy_call") or (
            isinstance(node, ast.Attribute) and node.attr == "numpy_call"
        ):
            uses.append((node.lineno, "numpy_call"))
        if isinstance(node, ast.alias) and node.name == "numpy_call":
            uses.append((getattr(node, "lineno", 0), "import of numpy_call"))
    return sorted(set(uses))


def test_the_ndarray_finder_ignores_docstrings_and_comments():
    source = (
        'def f(x):\n'
        '    """x._numpy() and y.astype(z) and numpy_call and ._np_view, in words."""\n'
        '    # x._numpy()\n'
        '    return x._numpy().astype(int), x._np_view, numpy_call("sum", x)\n'
    )
    found = {what for _, what in _ndarray_uses(ast.parse(source))}
    assert found == {"._numpy(...)", ".astype(...)", "._np_view", "numpy_call"}
    assert {line for line, _ in _ndarray_uses(ast.parse(source))} == {4}


def test_no_chapter_reaches_into_an_ndarray():
    offenders = [
        f"{_short(module)} line {line}: {what}"
        for module in sorted(MODULE_PATHS)
        if is_chapter(module)
        for line, what in _ndarray_uses(TREES[module])
    ]
    assert not offenders, (
        f"{len(offenders)} ndarray uses in chapter modules (hand our Arrays to a kernel):\n"
        + "\n".join(offenders)
    )


def _numpy_dtype_reads(tree: ast.AST) -> list[int]:
    """Lines that read a DType's NumPy dtype: ``dtype.dtype``, ``x.dtype.dtype``,
    ``result_dtype.dtype`` (a name or attribute ending in ``dtype``, then ``.dtype``)."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "dtype":
            value = node.value
            name = value.id if isinstance(value, ast.Name) else getattr(value, "attr", "")
            if name.endswith("dtype"):
                lines.append(node.lineno)
    return sorted(set(lines))


def test_the_numpy_dtype_finder():
    tree = ast.parse("a = x.dtype\nb = dtype.dtype\nc = x.dtype.dtype\nd = out_dtype.dtype\n")
    assert _numpy_dtype_reads(tree) == [2, 3, 4]


def test_no_chapter_hands_a_kernel_a_numpy_dtype():
    offenders = [
        f"{_short(module)} line {line}"
        for module in sorted(MODULE_PATHS)
        if is_chapter(module)
        for line in _numpy_dtype_reads(TREES[module])
    ]
    assert not offenders, (
        f"{len(offenders)} reads of a DType's NumPy dtype (.dtype.dtype) in chapter modules "
        "(pass our DType to the kernel):\n" + "\n".join(offenders)
    )


def test_no_import_goes_up_from_one_folder_to_a_higher_one():
    upward = [
        f"{_short(module)} (layer {LAYER_OF[module] + 1}) line {edge.line} imports "
        f"{_short(target)} (layer {LAYER_OF[target] + 1})"
        for module, targets in sorted(GRAPH.items())
        for target, edge in targets.items()
        if LAYER_OF[target] > LAYER_OF[module]
    ]
    assert not upward, "imports up a layer (from a folder to one above it):\n" + "\n".join(upward)


def test_the_array_object_depends_on_no_chapter():
    path = path_between(f"{PACKAGE}._array._array_object", is_chapter)
    assert path is None, (
        "_array_object reaches a chapter module: " + " -> ".join(map(_short, path))
        + "\n    " + _describe_path(path).replace("; ", "\n    ")
    )


@pytest.mark.parametrize("module", sorted(m for m in MODULE_PATHS if is_kernel(m)), ids=_short)
def test_the_kernel_layer_sits_below_the_array(module):
    path = path_between(module, lambda m: is_chapter(m) or LAYER_OF[m] == ARRAY_LAYER)
    assert path is None, (
        f"kernel module {_short(module)} reaches {_short(path[-1])}: "
        + " -> ".join(map(_short, path)) + "\n    " + _describe_path(path).replace("; ", "\n    ")
    )
