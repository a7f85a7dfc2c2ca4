"""
The picture of the package's layers and the table of what each module owns, on the
page "How the code is built", both read from the code while the page is built.

Every module of the package is put in one layer by the folder it is in: each layer but
the top one is a sub-folder of the package (LAYERS), and the public modules are the files
and folders at the top whose names do not start with an underscore (``__init__.py`` and
``__main__.py`` too);
its imports (every ``import`` statement, those inside functions included, but not those
under ``if TYPE_CHECKING:``, which never run) are read with ``ast``, never by importing
the module. A module that matches no pattern has no layer:
``unplaced()`` names it, the page says so, and tests/docs/test_contributing_page.py fails.
"""

from __future__ import annotations

import ast
import html
from dataclasses import dataclass, field
from pathlib import Path

from array_api_reshape._layout_tools._svg import FONT_FAMILY, INK, PAPER

PACKAGE = "array_api_reshape"
PACKAGE_DIR = Path(__file__).resolve().parent.parent / PACKAGE


@dataclass(frozen=True)
class Layer:
    title: str
    summary: str
    folder: str | None  # the package's sub-folder that holds the layer; None: the top


LAYERS = (  # bottom to top
    Layer("Runtime", "which build runs, the threads, the memory one new array may take",
          "_runtime"),
    Layer("Layout and dtype tables", "pure Python: layouts, dtypes, devices", "_tables"),
    Layer("Kernel layer", "the only modules that run NumPy on elements", "_kernels"),
    Layer("Portability modes", "the flags' state, the modes' refusals, devices, views tracking",
          "_modes"),
    Layer("The array object", "Array, and the modules it builds its methods from", "_array"),
    Layer("Chapters", "one module per chapter of the standard", "_chapters"),
    Layer("Compiled entries", "the hottest functions: a fast path, else the chapter's function",
          "_entries"),
    Layer("Layout tools", "the layout submodule's tools beyond the standard", "_layout_tools"),
    Layer("The pytest plugin's parts", "the settings its options name, its records, its report",
          "_testing"),
    Layer("Public modules", "what users import: names, and the pytest plugin's hooks", None),
)


@dataclass
class Module:
    name: str  # dotted, e.g. array_api_reshape._layout_tools._svg
    file: str  # relative to the package, e.g. layout/_svg.py
    summary: str  # the first line of the module's docstring (its sentence)
    imports: set[str] = field(default_factory=set)  # package modules it imports
    uses_numpy: bool = False

    @property
    def short(self) -> str:
        """The name people say: the module's own name without its folders
        (``_tables/_layout.py`` as ``_layout``), a folder's ``__init__`` as the folder's
        name (``layout``), the package's ``__init__`` as ``__init__``."""
        stem = self.file.removesuffix(".py")
        return stem.removesuffix("/__init__").rsplit("/", 1)[-1] if stem != "__init__" else stem


def _dotted(file: str) -> str:
    parts = [PACKAGE, *file.removesuffix(".py").split("/")]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _first_line(docstring: str | None) -> str:
    """The docstring's first line; when its sentence runs on, up to that sentence's end."""
    if not docstring:
        return ""
    first, *rest = docstring.strip().split("\n\n")[0].split("\n")
    first = first.strip()
    if not rest or first.endswith((".", ":", "?", "!")):
        return first
    following = " ".join(" ".join(rest).split())
    head, end, _ = following.partition(". ")
    return f"{first} {head}{'.' if end else ''}"


def _imported(node: ast.AST, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules one import statement names (dotted), package-relative ones resolved."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if not isinstance(node, ast.ImportFrom):
        return set()
    if node.level:
        parts = module.split(".") if is_package else module.split(".")[:-1]
        base = ".".join(parts[: len(parts) - node.level + 1])
    else:
        base = ""
    target = ".".join(p for p in (base, node.module) if p)
    # "from . import fft" and "from .layout import _svg" name modules, not attributes
    submodules = {f"{target}.{alias.name}" for alias in node.names} & known
    return submodules or {target}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _run_time_nodes(tree: ast.AST):
    """Every node of ``tree`` but those under ``if TYPE_CHECKING:``, which never run."""
    pending = [tree]
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            pending.extend([node.test, *node.orelse])
        else:
            pending.extend(ast.iter_child_nodes(node))


def read_modules(package_dir: Path = PACKAGE_DIR) -> dict[str, Module]:
    """Every module of the package, by dotted name, with its summary and its imports."""
    files = sorted(p.relative_to(package_dir).as_posix() for p in package_dir.rglob("*.py"))
    known = {_dotted(f) for f in files}
    modules: dict[str, Module] = {}
    for file in files:
        name = _dotted(file)
        tree = ast.parse((package_dir / file).read_text(encoding="utf-8"))
        found: set[str] = set()
        for node in _run_time_nodes(tree):
            found |= _imported(node, name, file.endswith("__init__.py"), known)
        modules[name] = Module(
            name, file, _first_line(ast.get_docstring(tree)),
            imports={m for m in found if m in known and m != name},
            uses_numpy=any(m == "numpy" or m.startswith("numpy.") for m in found),
        )
    return modules


def _is_public(file: str) -> bool:
    """A file at the top, or in a public folder, with no private part in its path."""
    return not any(part.startswith("_") and not part.startswith("__")
                   for part in file.removesuffix(".py").split("/"))


def layer_of(module: Module) -> int | None:
    """The index in LAYERS of the module's layer, read from its folder: a layer's folder,
    or the top for a public module; None for a private module outside every layer's folder."""
    folder = module.file.split("/", 1)[0] if "/" in module.file else None
    for index, layer in enumerate(LAYERS):
        if layer.folder is not None and folder == layer.folder:
            return index
    return len(LAYERS) - 1 if _is_public(module.file) else None


def grouped(modules: dict[str, Module] | None = None) -> list[list[Module]]:
    """The modules of each layer, bottom to top, in file-name order."""
    modules = read_modules() if modules is None else modules
    layers: list[list[Module]] = [[] for _ in LAYERS]
    for module in modules.values():
        index = layer_of(module)
        if index is not None:
            layers[index].append(module)
    return layers


def unplaced(modules: dict[str, Module] | None = None) -> list[str]:
    """Private files of the package outside every layer's folder."""
    modules = read_modules() if modules is None else modules
    return [m.file for m in modules.values() if layer_of(m) is None]


def layer_imports(
    modules: dict[str, Module] | None = None,
) -> dict[tuple[int, int], list[tuple[str, str]]]:
    """Imports between layers: (importing layer, imported layer) -> the module pairs."""
    modules = read_modules() if modules is None else modules
    edges: dict[tuple[int, int], list[tuple[str, str]]] = {}
    for module in modules.values():
        source = layer_of(module)
        for imported in sorted(module.imports):
            target = layer_of(modules[imported])
            if source is not None and target is not None and source != target:
                pair = (module.short, modules[imported].short)
                edges.setdefault((source, target), []).append(pair)
    return dict(sorted(edges.items()))


def importers(file: str, modules: dict[str, Module] | None = None) -> str:
    """Markdown: the modules that import the module in ``file`` (relative to the package),
    with their layers."""
    modules = read_modules() if modules is None else modules
    target = _dotted(file)
    found = [m for m in modules.values() if target in m.imports]
    if not found:
        return f"No module imports `{file}`."
    names = ", ".join(
        f"`{m.file}` ({LAYERS[i].title.lower() if (i := layer_of(m)) is not None else 'no layer'})"
        for m in found)
    return f"Modules that import `{file}` today: {names}."


def numpy_outside_kernels(modules: dict[str, Module] | None = None,
                          package_dir: Path = PACKAGE_DIR) -> str:
    """Markdown: the modules outside the kernel layer that import NumPy or call
    ``_numpy()`` (an array's NumPy view), read from the code."""
    modules = read_modules() if modules is None else modules
    kernel_layer = next(i for i, layer in enumerate(LAYERS) if layer.title == "Kernel layer")
    found = []
    for module in modules.values():
        if layer_of(module) == kernel_layer:
            continue
        tree = ast.parse((package_dir / module.file).read_text(encoding="utf-8"))
        calls = sum(1 for node in ast.walk(tree) if isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute) and node.func.attr == "_numpy")
        what = (["imports NumPy"] if module.uses_numpy else []) + (
            [f"calls `_numpy()` {_plural(calls, 'time')}"] if calls else [])
        if what:
            found.append(f"`{module.file}` ({' and '.join(what)})")
    if not found:
        return "Outside the kernel layer, no module imports NumPy or calls `_numpy()`."
    return "Outside the kernel layer, read from the code: " + ", ".join(found) + "."


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def description(modules: dict[str, Module] | None = None) -> str:
    """The picture in words (its alt text): the layers and the imports between them."""
    modules = read_modules() if modules is None else modules
    layers = grouped(modules)
    edges = layer_imports(modules)
    parts = [f"The package's {len(LAYERS)} layers, bottom to top: " + "; ".join(
        f"{i + 1}. {layer.title} ({_plural(len(members), 'module')})"
        for i, (layer, members) in enumerate(zip(LAYERS, layers)))]
    down = [f"{LAYERS[a].title} on {LAYERS[b].title} ({len(p)})"
            for (a, b), p in edges.items() if a > b]
    up = [f"{LAYERS[a].title} on {LAYERS[b].title} ({', '.join(f'{x} imports {y}' for x, y in p)})"
          for (a, b), p in edges.items() if a < b]
    parts.append(
        "Imports down the layers: " + "; ".join(down) if down else "No imports between layers"
    )
    parts.append("Imports up the layers: " + "; ".join(up) if up else "No import goes up a layer")
    return ". ".join(parts) + "."


def upward_imports(modules: dict[str, Module] | None = None) -> str:
    """Markdown: the imports that go up a layer (the dashed arrows), or that there are none."""
    modules = read_modules() if modules is None else modules
    pairs = [(a, b, p) for (a, b), p in layer_imports(modules).items() if a < b]
    if not pairs:
        return "No module imports from a layer above its own."
    lines = ["Imports up a layer, which the design does not allow:", ""]
    for source, target, found in pairs:
        names = ", ".join(f"`{x}` imports `{y}`" for x, y in found)
        lines.append(f"- {LAYERS[source].title} on {LAYERS[target].title.lower()}: {names}")
    return "\n".join(lines)


# The drawing, in user units (the SVG scales to the page's width).
_WIDTH = 760
_BOX_WIDTH = 560
_ROW = 16
_HEAD = 38
_GAP = 24
_LANE_STEP = 15
_CHAR = 6.6  # the width of a character of the 11-unit monospace module names
_SANS = "Helvetica, Arial, Liberation Sans, DejaVu Sans, sans-serif"
"""Fonts of one width (fontconfig stands Liberation Sans in for the other two), in which
the longest layer heading fits its box, then the generic family."""
_BOX_FILL = "#f2f2f3"  # the ink at 6 % on the paper


def _lanes(edges: dict[tuple[int, int], list], upward: bool) -> list[tuple[int, int]]:
    """The pairs of layers, in lane order from the boxes outwards: short spans inside."""
    pairs = [pair for pair in edges if (pair[0] < pair[1]) == upward]
    return sorted(pairs, key=lambda pair: (abs(pair[0] - pair[1]), -pair[0]))


def svg(modules: dict[str, Module] | None = None) -> str:
    """The picture: a box per layer (top: public modules) listing its modules (bold: they
    import NumPy), and an arrow per pair of layers with imports between them, labelled
    with the number of module pairs. Imports down the layers run on the right; imports
    up a layer, which the design forbids, are dashed on the left. The picture stands
    alone: its colours are attributes of its elements, on a background of its own."""
    modules = read_modules() if modules is None else modules
    layers = grouped(modules)
    edges = layer_imports(modules)
    down, up = _lanes(edges, upward=False), _lanes(edges, upward=True)
    left = 8 + (14 + _LANE_STEP * len(up) if up else 0)
    right = left + _BOX_WIDTH
    longest = max((len(m.short) for m in modules.values()), default=1)
    columns = max(1, min(3, int((_BOX_WIDTH - 20) // (longest * _CHAR + 12))))
    column_width = (_BOX_WIDTH - 20) / columns
    rows = [max(1, -(-len(members) // columns)) for members in layers]
    heights = [_HEAD + _ROW * (n - 1) + 14 for n in rows]
    tops, y = {}, 8
    for index in reversed(range(len(LAYERS))):  # the top layer is drawn first
        tops[index] = y
        y += heights[index] + _GAP
    legend_y = y + 2
    width = max(_WIDTH, right + 22 + _LANE_STEP * len(down) + 16)
    height = legend_y + 34
    label = description(modules)
    out = [
        f'<svg class="aar-layout aar-layers" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'aria-label="{html.escape(label)}" font-family="{_SANS}" font-size="13">',
        f"<title>{html.escape(label)}</title>",
        '<defs><marker id="aar-layers-head" viewBox="0 0 10 10" refX="9" refY="5" '
        'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{INK}"/></marker></defs>',
        f'<rect class="background" x="0" y="0" width="{width}" height="{height}" '
        f'fill="{PAPER}"/>',
    ]
    for index, (layer, members) in enumerate(zip(LAYERS, layers)):
        top = tops[index]
        out.append(
            f'<rect x="{left}" y="{top}" width="{_BOX_WIDTH}" height="{heights[index]}" rx="6" '
            f'fill="{_BOX_FILL}" stroke="{INK}" stroke-width="1.2"/>')
        out.append(
            f'<text x="{left + 10}" y="{top + 19}" font-weight="bold" fill="{INK}">'
            f'{index + 1}. {html.escape(layer.title)}'
            f'<tspan font-weight="normal" font-style="italic"> \u2014 {html.escape(layer.summary)}'
            '</tspan></text>')
        for position, module in enumerate(members):
            column, row = divmod(position, rows[index])
            weight = ' font-weight="bold"' if module.uses_numpy else ""
            out.append(
                f'<text x="{left + 12 + column * column_width:.0f}" y="{top + _HEAD + row * _ROW}" '
                f'fill="{INK}" font-family="{FONT_FAMILY}" font-size="11"{weight}>'
                f'{html.escape(module.short)}</text>')
    for lanes, side in ((down, 1), (up, -1)):
        edge = right if side == 1 else left
        arrivals: dict[int, list[tuple[int, int]]] = {}
        for pair in lanes:
            arrivals.setdefault(pair[1], []).append(pair)
        for lane, (source, target) in enumerate(lanes):
            x = edge + side * (22 + lane * _LANE_STEP)
            y_from = tops[source] + heights[source] // 2 + (-6 if side == 1 else 6)
            arriving = arrivals[target]  # inner lanes arrive above outer ones
            step = (heights[target] - 16) / (len(arriving) + 1)
            y_to = tops[target] + 8 + round(step * (arriving.index((source, target)) + 1))
            dash = ' stroke-dasharray="5 3"' if side == -1 else ""
            pairs = edges[(source, target)]
            out.append(
                f'<path d="M{edge},{y_from} H{x} V{y_to} H{edge + side * 2}" fill="none" '
                f'stroke="{INK}" stroke-width="1.3"{dash} '
                'marker-end="url(#aar-layers-head)">'
                f'<title>{html.escape(LAYERS[source].title)} imports '
                f'{html.escape(LAYERS[target].title)}: '
                f'{html.escape(", ".join(f"{a} imports {b}" for a, b in pairs))}</title></path>')
            anchor = "start" if side == 1 else "end"
            out.append(
                f'<text x="{x + side * 3}" y="{y_from + (y_to - y_from) * 0.35 + 4:.0f}" '
                f'fill="{INK}" font-size="10" text-anchor="{anchor}">{len(pairs)}</text>')
    out.append(
        f'<text x="{left}" y="{legend_y + 10}" fill="{INK}" font-size="12">'
        "An arrow: imports from one layer into another; its number: how many pairs of "
        "modules.</text>")
    out.append(
        f'<text x="{left}" y="{legend_y + 26}" fill="{INK}" font-size="12">'
        "Dashed, on the left: imports up a layer. Bold: modules that import NumPy.</text>")
    out.append("</svg>")
    return "\n".join(out)


def html_figure() -> str:
    """The picture, inline, for the page."""
    return f'<figure class="aar-layers-figure">{svg()}</figure>'


def _cell(text: str) -> str:
    return text.replace("|", "\\|") or "(no docstring)"


def table(modules: dict[str, Module] | None = None) -> str:
    """Markdown: one table, layer by layer from the bottom (a row naming the layer, then
    its modules), with the first line of each module's docstring (to the end of its
    sentence)."""
    modules = read_modules() if modules is None else modules
    lines = ["| module | what it owns |", "| --- | --- |"]
    for index, (layer, members) in enumerate(zip(LAYERS, grouped(modules))):
        lines.append(f"| **{index + 1}. {layer.title}** | *{layer.summary}* |")
        lines += [f"| `{m.file}` | {_cell(m.summary)} |" for m in members]
    missing = unplaced(modules)
    if missing:
        lines += ["", "**No layer yet** (move it into the folder of its layer, `LAYERS` in "
                  "`docs/_layers.py`): " + ", ".join(f"`{f}`" for f in missing)]
    return "\n".join(lines)


NUMPY_BUILDERS = frozenset({
    "array", "asarray", "asanyarray", "ascontiguousarray", "asfortranarray", "require",
    "empty", "empty_like", "zeros", "zeros_like", "ones", "ones_like", "full", "full_like",
    "arange", "linspace", "eye", "identity", "tri", "frombuffer", "fromiter", "from_dlpack",
    "ndarray", "as_strided",
})
"""The NumPy functions that make a new ndarray (or one over given memory) from scratch."""


def _numpy_aliases(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.asname or a.name for a in node.names if a.name == "numpy"}
    return names


def _root_and_leaf(node: ast.AST) -> tuple[str | None, str | None]:
    leaf = node.attr if isinstance(node, ast.Attribute) else None
    while isinstance(node, ast.Attribute):
        node = node.value
    return (node.id if isinstance(node, ast.Name) else None), leaf


def _numpy_builder_calls(node: ast.AST, prefix: str, aliases: set[str],
                         functions: dict[str, list[str]]) -> None:
    """Add to ``functions`` each function under ``node`` (``Class.method`` for methods)
    that calls a NumPy function of NUMPY_BUILDERS by one of ``aliases``, with those calls."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            _numpy_builder_calls(child, f"{prefix}{child.name}.", aliases, functions)
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            calls = set()
            for inner in ast.walk(child):
                if isinstance(inner, ast.Call):
                    root, leaf = _root_and_leaf(inner.func)
                    if root in aliases and leaf in NUMPY_BUILDERS:
                        calls.add(leaf)
            if calls:
                functions[prefix + child.name] = sorted(calls)


def numpy_builders(modules: dict[str, Module] | None = None,
                   package_dir: Path = PACKAGE_DIR) -> dict[str, dict[str, list[str]]]:
    """For each module of the kernel layer: its functions (``Class.method`` for methods)
    that call a NumPy function of NUMPY_BUILDERS, and which ones they call."""
    modules = read_modules() if modules is None else modules
    kernel_layer = next(i for i, layer in enumerate(LAYERS) if layer.title == "Kernel layer")
    found: dict[str, dict[str, list[str]]] = {}
    for module in grouped(modules)[kernel_layer]:
        tree = ast.parse((package_dir / module.file).read_text(encoding="utf-8"))
        functions: dict[str, list[str]] = {}
        _numpy_builder_calls(tree, "", _numpy_aliases(tree), functions)
        if functions:
            found[module.file] = functions
    return found


def builders_table(modules: dict[str, Module] | None = None) -> str:
    """Markdown: the kernel-layer functions that make NumPy arrays, by module."""
    lines = ["| module | functions that make a NumPy array (and the NumPy call) |",
             "| --- | --- |"]
    for file, functions in numpy_builders(modules).items():
        cells = "; ".join(f"`{name}` ({', '.join(calls)})" for name, calls in functions.items())
        lines.append(f"| `{file}` | {cells} |")
    return "\n".join(lines)


def reads_of_the_modes(package_dir: Path = PACKAGE_DIR) -> dict[str, int]:
    """For each module outside ``_modes/`` that reads ``MODES`` (the modes' one attribute
    read per concern), how many times: by its file relative to the package."""
    reads = {}
    for path in sorted(package_dir.rglob("*.py")):
        file = path.relative_to(package_dir).as_posix()
        if file.startswith("_modes/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        count = sum(1 for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                    and getattr(node.value, "id", "") in ("MODES", "_MODES"))
        if count:
            reads[file] = count
    return reads


def fast_path_gates(package_dir: Path = PACKAGE_DIR) -> list[str]:
    """The functions that decide whether a fast path runs: the gates of ``_modes/_gates.py``."""
    tree = ast.parse((package_dir / "_modes" / "_gates.py").read_text(encoding="utf-8"))
    return [node.name for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("plain_")]


def redesign_table() -> str:
    """The contributing page's table of what the modes' seam changed: the figures before
    it (measured on the code of the time) beside today's, read from the code."""
    reads = reads_of_the_modes()
    gates = fast_path_gates()
    rows = [
        ("package modules touched to add an element-wise function",
         "4: the records, the chapter, `__init__.py`, the array object (an operator)",
         "the same 4"),
        ("package modules touched to add a profile rule",
         "2 or 3: `_modes/_profiles.py` and each chapter or array-object method that "
         "asked the profile inline (and `_modes/_behaviours.py`)",
         "2 or 3: `_modes/_call_rules.py`, `_modes/_profiles.py` (and "
         "`_modes/_behaviours.py`); no chapter"),
        ("package modules touched to add a mode",
         "3 to 7: `_modes/_flag_state.py`, its rule, and each fast path whose own mix of "
         "flags had to learn it (the array object, the three entry modules)",
         "3: `_modes/_flag_state.py`, `_modes/_gates.py`, its rule"),
        ("reads of `MODES` outside `_modes/`", "179, in 24 files",
         f"{sum(reads.values())}, in {_plural(len(reads), 'file')}"),
        ("functions that decide whether a fast path runs",
         "18, in 5 modules, each its own mix of flags",
         f"{len(gates)}, the gates of `_modes/_gates.py`"),
    ]
    lines = ["| | before | now |", "| --- | --- | --- |"]
    lines += [f"| {what} | {before} | {now} |" for what, before, now in rows]
    return "\n".join(lines)
