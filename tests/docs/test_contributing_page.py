"""The contributor page "How the code is built": its generated parts cover every module of
the package, and every file and name its prose mentions exists in the code.

What counts as a mention: each inline code span of docs/contributing.md outside code
cells. A span with a "/" or ending in ".py" or ".md" is a file, found from the
repository's root or inside the package. A span that is a dotted Python name
(``Array._adopt``, ``_kernels.checked_scalar()``, ``KIND_GROUPS``), or a call of one
without keyword arguments (``Array._adopt(result, dtype)``), must be defined in
the package: after a module's short name or a class's name, as that module's or
class's member; alone, anywhere. Names the page proposes (a dtype or a module to add)
or takes from other libraries are listed in NOT_OURS.
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs"))
import _layers  # noqa: E402

PAGE = ROOT / "docs" / "contributing.md"
PACKAGE_DIR = ROOT / "array_api_reshape"

NOT_OURS = {
    # proposed by the walk-throughs
    "float16", "_cupy_storage.py", "_<chapter>_kernels.py",
    # NumPy, CuPy and Sphinx
    "np", "cupy", "cupy.ndarray", "cupy.linalg", "cupy.fft", "np.asarray", "np.ndarray",
    "np.promote_types",
}
NAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*(\(\))?")
CALL = re.compile(r"([A-Za-z_][\w.]*)\([^=]*\)")


def prose(text: str) -> str:
    """The page without its front matter and fenced blocks."""
    text = text.split("\n---\n", 1)[1]
    return re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)


def mentions() -> list[str]:
    return sorted(set(re.findall(r"`([^`\n]+)`", prose(PAGE.read_text(encoding="utf-8")))))


@functools.cache
def definitions() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Names defined by each module (by short name) and by each class (by name): functions,
    classes, assigned names, methods, ``self.x`` attributes and ``__slots__``. The modules
    are the package's, then the tests' and the docs' helpers (``assert_same``, ``LAYERS``)."""
    by_module: dict[str, set[str]] = {}
    by_class: dict[str, set[str]] = {}
    files = {m.short: PACKAGE_DIR / m.file for m in _layers.read_modules().values()}
    # tests/ in every folder; two test files of one name in two folders both count
    for helper in sorted((ROOT / "tests").rglob("*.py")) + sorted((ROOT / "docs").glob("_*.py")):
        short = helper.stem if helper.stem not in files else str(helper.relative_to(ROOT))
        files.setdefault(short, helper)
    for short, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = by_module.setdefault(short, set())
        for statement in tree.body:
            names |= _bound(statement)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                members = by_class.setdefault(node.name, set())
                for item in node.body:
                    members |= _bound(item)
                for inner in ast.walk(node):
                    if (isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Store)
                            and isinstance(inner.value, ast.Name) and inner.value.id == "self"):
                        members.add(inner.attr)
                    if (isinstance(inner, ast.Assign)
                            and any(getattr(t, "id", "") == "__slots__" for t in inner.targets)):
                        members |= {e.value for e in ast.walk(inner.value)
                                    if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return by_module, by_class


def _bound(node: ast.AST) -> set[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in node.names}
    return set()


def test_every_module_of_the_package_has_a_layer():
    modules = _layers.read_modules()
    assert _layers.unplaced(modules) == [], (
        "move it into its layer's folder (LAYERS in docs/_layers.py)")
    placed = [m.name for layer in _layers.grouped(modules) for m in layer]
    assert sorted(placed) == sorted(modules)
    assert len(modules) == len(list(PACKAGE_DIR.rglob("*.py")))


def test_a_module_without_a_layer_is_named(tmp_path):
    (tmp_path / "__init__.py").write_text('"""A package."""\n')
    (tmp_path / "_newcomer.py").write_text('"""Something new."""\nimport numpy\n')
    modules = _layers.read_modules(tmp_path)
    assert _layers.unplaced(modules) == ["_newcomer.py"]
    assert "`_newcomer.py`" in _layers.table(modules)


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_the_folder_is_the_layer_and_a_private_module_at_the_top_has_none(tmp_path):
    _write(tmp_path, {
        "__init__.py": "", "__main__.py": "", "fft.py": "", "layout/__init__.py": "",
        "_runtime/_build.py": "",
        "_tables/__init__.py": "", "_tables/_layout.py": "", "_kernels/_storage.py": "",
        "_modes/_flag_state.py": "", "_array/_array_object.py": "",
        "_chapters/_sub/_inner.py": "", "_entries/_array_entries.py": "",
        "_layout_tools/_svg.py": "", "_testing/_report.py": "",
        "_helpers.py": "", "_extras/_more.py": "", "layout/_private.py": "",
    })
    modules = _layers.read_modules(tmp_path)
    layer = {m.file: _layers.layer_of(m) for m in modules.values()}
    assert layer == {
        "__init__.py": 9, "__main__.py": 9, "fft.py": 9, "layout/__init__.py": 9,
        "_runtime/_build.py": 0,
        "_tables/__init__.py": 1, "_tables/_layout.py": 1, "_kernels/_storage.py": 2,
        "_modes/_flag_state.py": 3,
        "_array/_array_object.py": 4, "_chapters/_sub/_inner.py": 5,
        "_entries/_array_entries.py": 6, "_layout_tools/_svg.py": 7, "_testing/_report.py": 8,
        "_helpers.py": None, "_extras/_more.py": None, "layout/_private.py": None,
    }
    assert sorted(_layers.unplaced(modules)) == [
        "_extras/_more.py", "_helpers.py", "layout/_private.py",
    ]
    assert modules[f"{_layers.PACKAGE}._tables._layout"].short == "_layout"
    assert modules[f"{_layers.PACKAGE}.layout"].short == "layout"


def test_imports_inside_functions_and_relative_imports_are_read_type_checking_ones_not(tmp_path):
    _write(tmp_path, {
        "__init__.py": "from . import fft\nfrom ._array._array_object import Array\n",
        "fft.py": "",
        "_array/_array_object.py":
            "def f():\n    from .._chapters._reductions import reduce\n    import numpy as np\n",
        "_chapters/_reductions.py":
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from .._array._array_object import Array\n"
            "else:\n    from .._tables._devices import Device\n",
        "_tables/_devices.py": "",
    })
    modules = _layers.read_modules(tmp_path)
    package = _layers.PACKAGE
    array_object, reductions = f"{package}._array._array_object", f"{package}._chapters._reductions"
    assert modules[package].imports == {f"{package}.fft", array_object}
    assert modules[array_object].imports == {reductions}
    assert modules[array_object].uses_numpy
    # an import under TYPE_CHECKING never runs: no arrow; its else branch runs
    assert modules[reductions].imports == {f"{package}._tables._devices"}
    edges = _layers.layer_imports(modules)
    assert edges[(4, 5)] == [("_array_object", "_reductions")]  # upward between folders: dashed
    assert "_array_object` imports `_reductions" in _layers.upward_imports(modules)


def test_the_generated_parts_show_every_module():
    modules = _layers.read_modules()
    picture, table = _layers.svg(modules), _layers.table(modules)
    assert 'class="aar-layout' in picture and 'aria-label="The package' in picture
    for module in modules.values():
        assert f">{module.short}</text>" in picture, module.short
        assert f"| `{module.file}` |" in table, module.file
    builders = _layers.numpy_builders(modules)
    assert "_kernels/_storage.py" in builders and "allocate" in builders["_kernels/_storage.py"]


@pytest.mark.parametrize("mention", [m for m in mentions() if m not in NOT_OURS])
def test_what_the_page_names_exists(mention):
    if "/" in mention or mention.endswith((".py", ".md")):
        assert (ROOT / mention).exists() or (PACKAGE_DIR / mention).exists(), mention
        return
    call = CALL.fullmatch(mention)  # `Array._adopt(result, dtype)`: check the name called
    name = call.group(1) if call else mention
    if name in NOT_OURS or not NAME.fullmatch(name):
        return  # not a name: `.. autofunction::`, `float16 = DType(...)`
    by_module, by_class = definitions()
    head, *rest = name.removesuffix("()").split(".")
    if not rest:
        assert any(head in names for names in (*by_module.values(), *by_class.values())) \
            or head in by_module, mention
        return
    scope = by_module.get(head) or by_class.get(head)
    assert scope is not None, f"{mention}: no module or class {head!r} in the package"
    assert rest[0] in scope, f"{mention}: {head} has no {rest[0]!r}"
    if len(rest) > 1:
        assert rest[1] in by_class.get(rest[0], set()), mention


def test_the_walk_throughs_name_enough_to_be_checked():
    named = mentions()
    assert len(named) > 60
    for expected in ("_array/_versions.py", "_tables/_dtypes.py", "_kernels/_storage.py",
                     "_tables/_devices.py", "KIND_GROUPS"):
        assert expected in named


def test_every_layer_is_a_folder_of_modules_and_the_top_holds_only_public_ones():
    layers = _layers.grouped()
    for layer, members in zip(_layers.LAYERS, layers):
        assert len(members) > 1, f"{layer.title}: no module in its folder"
        if layer.folder is not None:
            assert (PACKAGE_DIR / layer.folder / "__init__.py").exists(), layer.folder
    top = sorted(p.name for p in PACKAGE_DIR.iterdir()
                 if p.suffix == ".py" or (p / "__init__.py").exists())
    folders = sorted(layer.folder for layer in _layers.LAYERS if layer.folder)
    assert top == sorted([*folders, "__init__.py", "__main__.py", "devices.py", "fft.py",
                          "flags.py", "layout", "linalg.py", "stand_in.py", "testing.py",
                          "threads.py", "versions.py"])


def test_numpy_outside_the_kernel_layer_is_named():
    text = _layers.numpy_outside_kernels()
    assert "`_tables/_dtypes.py` (imports NumPy" in text  # each DType carries its NumPy dtype
    assert "_kernels/" not in text


def test_the_redesign_table_names_files_that_exist_and_todays_figures():
    table = _layers.redesign_table()
    for path in re.findall(r"`(_[a-z_/]+\.py)`", table):
        assert (PACKAGE_DIR / path).is_file(), path
    reads = _layers.reads_of_the_modes()
    assert 0 < sum(reads.values()) <= 40 and all(f.startswith("_array/") for f in reads)
    assert f"{sum(reads.values())}, in {len(reads)} files" in table


def test_each_gate_is_asked_by_a_fast_path():
    gates = _layers.fast_path_gates()
    assert len(gates) >= 8
    fast_paths = "".join((PACKAGE_DIR / file).read_text(encoding="utf-8") for file in (
        "_array/_array_object.py", "_entries/_array_entries.py", "_entries/_creation_entries.py",
        "_entries/_reduction_entries.py"))
    for gate in gates:
        assert f"{gate}(" in fast_paths, gate
