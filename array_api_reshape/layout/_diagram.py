"""
Layout diagrams: SVG pictures of which buffer cells an array reads, and in what order.

A diagram draws the flat buffer as a row of numbered cells, marks the cells the array
reads, and draws the array itself as a grid whose cells show the buffer address each
element comes from. ``reshape_diagram`` draws an array and its reshape over the same
buffer when the reshape is a view, or over a new buffer when it must copy. Text and lines
follow the reader's light or dark preference and fills are translucent, so the pictures
read in light and dark themes alike. Pure Python: the addresses come from the layout, no NumPy involved.
"""

from __future__ import annotations

import html
import itertools
from dataclasses import dataclass

from .._array_object import Array, check_array
from .._layout import Layout, contiguous_layout, element_addresses
from .._layout_reshape import ReshapeBlocked, reshape_as_view, reshape_as_view_column_major
from .._manipulation_functions import reshape_target
from .._validation import as_int

# Dark text and lines on light pages, light ones where the reader prefers dark: the
# media query works for inline SVG and for SVG shown as an image alike.
_THEME = (
    "text{fill:#1f2937}rect{stroke:#4b5563}"
    "@media (prefers-color-scheme: dark){text{fill:#e5e7eb}rect{stroke:#9ca3af}}"
)

CELL = 26
GAP = 14
FILL_READ = "#3b82f6"
FILL_NEW = "#f59e0b"


@dataclass(frozen=True)
class LayoutDiagram:
    """An SVG picture; notebooks and executed docs pages show it through ``_repr_svg_``."""

    svg: str

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path) -> None:
        """Write the SVG to ``path``."""
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(self.svg)


class _Canvas:
    """Collects SVG elements and the size they need."""

    def __init__(self):
        self.parts: list[str] = []
        self.width = 0
        self.height = 0

    def rect(self, x, y, width, height, fill="none", opacity=1.0, dashed=False):
        dash = ' stroke-dasharray="4 3"' if dashed else ""
        self.parts.append(
            f'<rect x="{x}" y="{y}" width="{width}" height="{height}" fill="{fill}" '
            f'fill-opacity="{opacity}" stroke="currentColor" stroke-width="1"{dash}/>'
        )
        self.width = max(self.width, x + width)
        self.height = max(self.height, y + height)

    def text(self, x, y, content, size=11, anchor="middle", weight="normal"):
        self.parts.append(
            f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="currentColor" font-family="monospace">'
            f"{html.escape(str(content))}</text>"
        )
        self.width = max(self.width, x + (len(str(content)) * size * 0.62 if anchor == "start" else 0))
        self.height = max(self.height, y + 4)

    def render(self, title: str) -> str:
        width, height = int(self.width + 10), int(self.height + 10)
        body = "\n".join(self.parts)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(title)}">\n'
            f"<title>{html.escape(title)}</title>\n<style>{_THEME}</style>\n{body}\n</svg>"
        )


def _draw_buffer(canvas: _Canvas, top: int, label: str, size: int, read: set[int], fill: str,
                 max_cells: int) -> None:
    shown = min(size, max_cells)
    canvas.text(0, top + 12, label, anchor="start", weight="bold")
    top += 20
    for address in range(shown):
        x = address * CELL
        is_read = address in read
        canvas.rect(x, top, CELL, CELL, fill if is_read else "none", 0.45 if is_read else 1.0)
        canvas.text(x + CELL / 2, top + CELL / 2 + 4, address, size=10)
    if size > shown:
        canvas.text(shown * CELL + 6, top + CELL / 2 + 4, f"... {size - shown} more", anchor="start")


def _draw_array(canvas: _Canvas, top: int, label: str, layout: Layout, fill: str) -> int:
    """The array as grids of its last two axes, side by side; returns the bottom edge."""
    canvas.text(0, top + 12, label, anchor="start", weight="bold")
    top += 20
    shape = layout.shape or ()
    rows = shape[-2] if len(shape) >= 2 else 1
    cols = shape[-1] if len(shape) >= 1 else 1
    outer = list(itertools.product(*(range(n) for n in shape[:-2])))
    addresses = iter(element_addresses(layout))
    left = 0
    for outer_index in outer:
        if outer_index:
            canvas.text(left, top + 10, f"[{', '.join(map(str, outer_index))}, ...]", size=9, anchor="start")
        grid_top = top + (14 if outer_index else 0)
        for r in range(rows):
            for c in range(cols):
                x, y = left + c * CELL, grid_top + r * CELL
                canvas.rect(x, y, CELL, CELL, fill, 0.45)
                canvas.text(x + CELL / 2, y + CELL / 2 + 4, next(addresses), size=10)
        left += cols * CELL + GAP
    if 0 in shape:
        canvas.text(0, top + 10, "(no elements)", anchor="start")
    return top + rows * CELL + (14 if outer and outer[0] else 0)


def _check_max_cells(max_cells, function: str) -> int:
    max_cells = as_int(max_cells, function, "max_cells")
    if max_cells < 1:
        raise ValueError(f"{function}(): 'max_cells' must be at least 1, got {max_cells}")
    return max_cells


def _caption(layout: Layout) -> str:
    return f"shape {layout.shape}  strides {layout.strides}  offset {layout.offset}"


def diagram(x: Array, *, title: str | None = None, max_cells: int = 96) -> LayoutDiagram:
    """
    Draw which buffer cells ``x`` reads and where each of its elements comes from.

    Parameters
    ----------
    x : Array
        The array to draw (keep it small: every element is a cell).
    title : str, optional
        A heading for the picture.
    max_cells : int, optional
        At most this many buffer cells are drawn (default 96).

    Returns
    -------
    LayoutDiagram
        With the SVG text as ``.svg``; notebooks display it directly.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> picture = layout.diagram(xp.reshape(xp.arange(12), (3, 4))[:, ::2])
    >>> picture.svg.startswith("<svg")
    True
    """
    check_array(x, "diagram")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"diagram(): 'title' must be a str or None, got {type(title).__name__}")
    max_cells = _check_max_cells(max_cells, "diagram")
    canvas = _Canvas()
    top = 0
    if title:
        canvas.text(0, 14, title, size=13, anchor="start", weight="bold")
        top = 24
    lay = x._layout
    canvas.text(0, top + 12, _caption(lay), anchor="start")
    top += 22
    _draw_buffer(canvas, top, "buffer (cells the array reads are shaded)", x._storage.size,
                 set(element_addresses(lay)), FILL_READ, max_cells)
    top += 20 + CELL + 16
    _draw_array(canvas, top, "array (each cell shows its buffer address)", lay, FILL_READ)
    return LayoutDiagram(canvas.render(title or f"layout of an array with {_caption(lay)}"))


def reshape_diagram(x: Array, shape, *, order: str = "C", max_cells: int = 96) -> LayoutDiagram:
    """
    Draw ``x`` and its reshape to ``shape``: over the same buffer when the reshape is a
    view, over a new buffer when it must copy (with the two axes that block a view).

    Parameters
    ----------
    x : Array
        The array to reshape.
    shape : tuple of int
        The new shape (one -1 allowed).
    order : {"C", "F"}, optional
        Reading order (default row-major "C").
    max_cells : int, optional
        At most this many buffer cells are drawn per buffer (default 96).

    Returns
    -------
    LayoutDiagram

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> x = xp.reshape(xp.arange(12), (3, 4)).T
    >>> "copy" in layout.reshape_diagram(x, (12,)).svg
    True
    """
    check_array(x, "reshape_diagram")
    max_cells = _check_max_cells(max_cells, "reshape_diagram")
    if order not in ("C", "F"):
        raise ValueError(f"reshape_diagram(): 'order' must be 'C' or 'F', got {order!r}")
    new_shape = reshape_target(shape, x.size, "reshape_diagram")
    decide = reshape_as_view if order == "C" else reshape_as_view_column_major
    decision = decide(x._layout, new_shape)
    canvas = _Canvas()
    lay = x._layout
    if isinstance(decision, ReshapeBlocked):
        first, second = decision.axes
        verdict = (f"reshape to {new_shape}: copy - axes {first} and {second} cannot merge "
                   f"({decision.reason})")
    else:
        verdict = f"reshape to {new_shape}: view - new strides {decision.strides}, same buffer"
    canvas.text(0, 14, verdict, size=12, anchor="start", weight="bold")
    top = 26
    canvas.text(0, top + 12, "input: " + _caption(lay), anchor="start")
    top += 22
    _draw_buffer(canvas, top, "buffer", x._storage.size, set(element_addresses(lay)), FILL_READ, max_cells)
    top += 20 + CELL + 16
    top = _draw_array(canvas, top, "input array", lay, FILL_READ) + 20
    if isinstance(decision, ReshapeBlocked):
        result = contiguous_layout(new_shape)
        canvas.text(0, top + 12, "result: " + _caption(result) + " (a new buffer)", anchor="start")
        top += 22
        _draw_buffer(canvas, top, "new buffer (copied in reading order)", x.size,
                     set(range(x.size)), FILL_NEW, max_cells)
        top += 20 + CELL + 16
        _draw_array(canvas, top, "result array", result, FILL_NEW)
    else:
        canvas.text(0, top + 12, "result: " + _caption(decision), anchor="start")
        top += 22
        _draw_array(canvas, top, "result array (reads the same buffer)", decision, FILL_READ)
    return LayoutDiagram(canvas.render(verdict))
