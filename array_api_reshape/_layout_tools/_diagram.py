"""
Layout diagrams: SVG pictures of which buffer cells an array reads, and in what order.

A diagram draws the flat buffer as a row of numbered cells, shades the cells the array
reads, and draws the array itself as grids of its last two axes whose cells show the
buffer address each element comes from. ``reshape_diagram`` draws an array and its
reshape: over the same buffer when the reshape is a view; when it must copy, over a new
buffer whose cells each show the input cell they were copied from, with their reading
order above them.

Large arrays stay small pictures: past a few dozen cells along an axis only the first and
last are drawn, with an ellipsis between, and the picture says so. A picture stands alone:
its colours are written on its elements, over a white background of its own, so it reads
the same on a light or a dark page and in renderers that read no CSS (see ``_svg``). Pure
Python: addresses come from the layout, no NumPy involved.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from .._array._array_object import Array, check_array
from .._tables._layout import (
    Layout,
    Order,
    column_major_strides,
    make_layout,
    product,
    row_major_strides,
)
from .._tables._reshape_decision import (
    ORDER_NAMES,
    ReshapeBlocked,
    check_order,
    decide_reshape,
    new_shape_of,
)
from .._tables._arguments import as_int
from ._sampling import (
    ELLIPSIS,
    address_of,
    balanced_indices,
    drawn_indices,
    grid_keeps,
    ravel,
    reads_address,
    source_address,
    unravel,
)
from ._svg import CELL_HEIGHT, SHADE_NEW, SHADE_READ, Canvas, text_width

GAP = 14  # between the grids of an array's outer indices
ROW = 22  # height of a line of text
SIDE_KEEP = 12  # cells from each end of an array axis: up to 25 cells are drawn whole
GRID_BUDGET = 300  # cell slots drawn for one array, over all its grids
OUTER_KEEP = 2  # grids of outer indices drawn from each end
MAX_BUFFER_CELLS = 200  # whatever max_cells asks
SIZE_LIMIT = 100_000  # bytes of SVG; a picture over it is drawn again with fewer cells
MAX_TITLE = 120  # characters of a title that are drawn
ELLIPSIS_MARK = "\u22ef"
TRUNCATION_NOTE = (
    "large: only the first and last cells along each axis are drawn; "
    f"{ELLIPSIS_MARK} marks those left out"
)


@dataclass(frozen=True)
class LayoutDiagram:
    """
    An SVG picture of an array's layout; notebooks and the documentation show it inline.

    Attributes
    ----------
    svg : str
        The SVG document.
    """

    svg: str

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        # The same picture inline: it carries its own background and colours.
        return self.svg

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the SVG to ``path``."""
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(self.svg)


class _Picture:
    """A canvas, the current top edge, and whether anything was left out."""

    def __init__(self, cell_width: float, max_cells: int, grid_budget: int):
        self.canvas = Canvas()
        self.top = 0.0
        self.cell_width = cell_width
        self.max_cells = min(max_cells, MAX_BUFFER_CELLS)  # per buffer row
        self.grid_budget = grid_budget  # cell slots per array
        self.truncated = False

    def line(self, content: str, kind: str = "label") -> None:
        self.canvas.text(0, self.top + 14, content, kind)
        self.top += ROW

    def ellipsis(self, x: float, y: float) -> None:
        self.canvas.text(x + self.cell_width / 2, y + CELL_HEIGHT / 2 + 4, ELLIPSIS_MARK)
        self.truncated = True


def _cell_width(*largest_labels: int) -> float:
    digits = max(len(str(label)) for label in largest_labels)
    return max(26.0, text_width("0" * digits) + 10)


def _draw_buffer(picture: _Picture, name: str, positions: list[int | None],
                 label_of: Callable[[int], object], shade_of: Callable[[int], str | None],
                 show_positions: bool) -> None:
    """One row of buffer cells: ``label_of(position)`` inside, shaded by ``shade_of``;
    with ``show_positions`` the cell's own number in small type above it."""
    canvas, width = picture.canvas, picture.cell_width
    canvas.group(name)
    top = picture.top + (10 if show_positions else 0)
    for slot, position in enumerate(positions):
        x = slot * width
        if position is ELLIPSIS:
            picture.ellipsis(x, top)
            continue
        if show_positions:
            canvas.text(x + width / 2, top - 3, position, "position")
        canvas.cell(x, top, width, label_of(position), shade_of(position))
    canvas.end_group()
    picture.top = top + CELL_HEIGHT + 12


def _outer_indices(shape: tuple[int, ...]) -> list[tuple[int, ...] | None]:
    """The indices of the leading axes (all but the last two) whose grids are drawn."""
    outer_shape = shape[:-2]
    count = product(outer_shape)
    return [
        ELLIPSIS if position is ELLIPSIS else unravel(position, outer_shape)
        for position in balanced_indices(count, OUTER_KEEP)
    ]


def _draw_array(picture: _Picture, name: str, shape: tuple[int, ...],
                label_of: Callable[[tuple[int, ...]], object], shade: str) -> None:
    """The array as grids of its last two axes, side by side; ``label_of(index)`` is the
    text of the element at multi-index ``index``."""
    canvas, width = picture.canvas, picture.cell_width
    if 0 in shape:
        picture.line("(no elements)")
        return
    rows = shape[-2] if len(shape) >= 2 else 1
    cols = shape[-1] if len(shape) >= 1 else 1
    outer = _outer_indices(shape)
    grids = sum(index is not ELLIPSIS for index in outer)
    keep_rows, keep_cols = grid_keeps(rows, cols, picture.grid_budget // grids, SIDE_KEEP)
    row_indices = balanced_indices(rows, keep_rows)
    col_indices = balanced_indices(cols, keep_cols)
    has_titles = len(shape) > 2
    grid_top = picture.top + (14 if has_titles else 0)
    left = 0.0
    canvas.group(name)
    for outer_index in outer:
        if outer_index is ELLIPSIS:
            picture.ellipsis(left, grid_top)
            left += width + GAP
            continue
        if has_titles:
            outer_label = f"[{', '.join(map(str, outer_index))}, ...]"
            canvas.text(left, picture.top + 10, outer_label, "label")
        for r, row in enumerate(row_indices):
            for c, col in enumerate(col_indices):
                x, y = left + c * width, grid_top + r * CELL_HEIGHT
                if row is ELLIPSIS or col is ELLIPSIS:
                    picture.ellipsis(x, y)
                    continue
                index = (*outer_index, row, col)[-len(shape):] if shape else ()
                canvas.cell(x, y, width, label_of(index), shade)
        left += len(col_indices) * width + GAP
    canvas.end_group()
    picture.top = grid_top + len(row_indices) * CELL_HEIGHT + 12


def _check_max_cells(max_cells: object, function: str) -> int:
    max_cells = as_int(max_cells, function, "max_cells")
    if max_cells < 1:
        raise ValueError(f"{function}(): 'max_cells' must be at least 1, got {max_cells}")
    return max_cells


def _buffer_positions(buffer_size: int, picture: _Picture) -> list[int | None]:
    max_cells = picture.max_cells
    return drawn_indices(buffer_size, (max_cells + 1) // 2, max_cells // 2)


def _within_size_limit(draw: Callable[[int, int], LayoutDiagram], max_cells: int) -> LayoutDiagram:
    """``draw(max_cells, grid_budget)``, again with half the cells while its SVG passes
    SIZE_LIMIT (long addresses make every cell longer)."""
    grid_budget = GRID_BUDGET
    while True:
        diagram = draw(max_cells, grid_budget)
        if len(diagram.svg.encode()) < SIZE_LIMIT or grid_budget < 8:
            return diagram
        max_cells, grid_budget = max(max_cells // 2, 1), grid_budget // 2


def _caption(layout: Layout) -> str:
    return f"shape {layout.shape}  strides {layout.strides}  offset {layout.offset}"


def _largest_address(layout: Layout, buffer_size: int) -> int:
    return max(buffer_size - 1, layout.offset, 0)


def _finish(picture: _Picture, description: str) -> LayoutDiagram:
    if picture.truncated:
        picture.line(TRUNCATION_NOTE)
        description += f" ({TRUNCATION_NOTE})"
    return LayoutDiagram(picture.canvas.render(description))


def layout_picture(
    lay: Layout, buffer_size: int, title: str | None, max_cells: int
) -> LayoutDiagram:
    """The picture of ``diagram`` for a layout over a buffer of ``buffer_size`` cells."""
    return _within_size_limit(
        lambda cells, budget: _layout_drawing(lay, buffer_size, title, cells, budget), max_cells
    )


def _layout_drawing(lay: Layout, buffer_size: int, title: str | None, max_cells: int,
                    grid_budget: int) -> LayoutDiagram:
    picture = _Picture(_cell_width(_largest_address(lay, buffer_size)), max_cells, grid_budget)
    if title:
        picture.line(title, "heading")
    picture.line(_caption(lay))
    picture.line("buffer (cells the array reads are shaded)", "heading")
    _draw_buffer(picture, "buffer", _buffer_positions(buffer_size, picture), str,
                 lambda a: SHADE_READ if reads_address(lay, a) else None, False)
    picture.line("array (each cell shows its buffer address)", "heading")
    _draw_array(picture, "array", lay.shape, lambda index: address_of(lay, index), SHADE_READ)
    heading = f"{title}: " if title else ""
    return _finish(picture, f"{heading}layout of an array with {_caption(lay)}")


def _verdict(new_shape: tuple[int, ...], decision: Layout | ReshapeBlocked) -> str:
    if isinstance(decision, ReshapeBlocked):
        first, second = decision.axes
        return (f"reshape to {new_shape}: copy - axes {first} and {second} cannot merge "
                f"({decision.reason})")
    return f"reshape to {new_shape}: view - new strides {decision.strides}, same buffer"


def reshape_picture(lay: Layout, buffer_size: int, shape: int | Sequence[int], order: Order,
                    max_cells: int, function: str = "reshape_diagram") -> LayoutDiagram:
    """The picture of ``reshape_diagram`` for a layout over ``buffer_size`` cells, a
    requested ``shape`` and a checked ``order``; the verdict is ``decide_reshape``'s."""
    decision = decide_reshape(lay, shape, order, function)
    return _within_size_limit(
        lambda cells, budget: _reshape_drawing(lay, buffer_size, decision, order, cells, budget),
        max_cells,
    )


def _reshape_drawing(lay: Layout, buffer_size: int, decision: Layout | ReshapeBlocked,
                     order: Order, max_cells: int, grid_budget: int) -> LayoutDiagram:
    new_shape = new_shape_of(decision)
    verdict = _verdict(new_shape, decision)
    picture = _Picture(_cell_width(_largest_address(lay, buffer_size), lay.size), max_cells,
                       grid_budget)
    picture.line(verdict, "heading")
    picture.line("input: " + _caption(lay))
    picture.line("buffer (cells the input reads are shaded)", "heading")
    _draw_buffer(picture, "buffer", _buffer_positions(buffer_size, picture), str,
                 lambda a: SHADE_READ if reads_address(lay, a) else None, False)
    picture.line("input array (each cell shows its buffer address)", "heading")
    _draw_array(picture, "input", lay.shape, lambda index: address_of(lay, index), SHADE_READ)
    if isinstance(decision, ReshapeBlocked):
        _draw_copy(picture, lay, new_shape, order)
    else:
        picture.line("result: " + _caption(decision))
        picture.line("result array (reads the same buffer; each cell shows its address)", "heading")
        _draw_array(picture, "result", new_shape, lambda index: address_of(decision, index),
                    SHADE_READ)
    return _finish(picture, verdict)


def _draw_copy(picture: _Picture, lay: Layout, new_shape: tuple[int, ...], order: Order) -> None:
    """The new buffer of a copy: cell k holds the element read k-th in ``order``."""
    strides = (row_major_strides if order == "C" else column_major_strides)(new_shape)
    reading = ORDER_NAMES[order]
    picture.line("result: " + _caption(make_layout(new_shape, strides, 0)) + " (a new buffer)")
    picture.line(f"new buffer, filled in {reading} reading order", "heading")
    picture.line("small number: the new cell; inside: the input cell it was copied from")
    _draw_buffer(picture, "new-buffer", _buffer_positions(lay.size, picture),
                 lambda position: source_address(lay, position, order), lambda _: SHADE_NEW, True)
    picture.line("result array (each cell shows the input cell it was copied from)", "heading")
    _draw_array(picture, "result", new_shape,
                lambda index: source_address(lay, ravel(index, new_shape, order), order), SHADE_NEW)


def diagram(x: Array, *, title: str | None = None, max_cells: int = 48) -> LayoutDiagram:
    """
    Draw which buffer cells ``x`` reads and where each of its elements comes from.

    Parameters
    ----------
    x : Array
        The array to draw. Arrays of any size give a small picture: past a few dozen
        cells along an axis only the first and last are drawn.
    title : str, optional
        A heading for the picture (its first 120 characters).
    max_cells : int, optional
        At most this many buffer cells are drawn, the first and the last ones
        (default 48; never more than 200).

    Returns
    -------
    LayoutDiagram
        With the SVG text as ``.svg``; notebooks display it directly.

    Raises
    ------
    TypeError
        If ``x`` is not an array or ``title`` is not a str.
    ValueError
        If ``max_cells`` is less than 1.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import layout
    >>> picture = layout.diagram(xp.reshape(xp.arange(12), (3, 4))[:, ::2])
    >>> picture.svg.startswith("<svg")
    True
    >>> len(layout.diagram(xp.zeros((1000, 1000))).svg) < 100_000
    True
    """
    check_array(x, "diagram")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"diagram(): 'title' must be a str or None, got {type(title).__name__}")
    max_cells = _check_max_cells(max_cells, "diagram")
    if title is not None and len(title) > MAX_TITLE:
        title = title[: MAX_TITLE - 3] + "..."
    return layout_picture(x._layout, x._storage.size, title, max_cells)


def reshape_diagram(
    x: Array,
    shape: int | Sequence[int],
    *,
    order: Literal["C", "F"] = "C",
    max_cells: int = 48,
) -> LayoutDiagram:
    """
    Draw ``x`` and its reshape to ``shape``: over the same buffer when the reshape is a
    view, over a new buffer when it must copy (with the two axes that block a view).

    In a copy, each cell of the new buffer shows the input buffer cell its value was
    read from, and its own number (the reading order) above it.

    Parameters
    ----------
    x : Array
        The array to reshape.
    shape : tuple of int
        The new shape (one -1 allowed).
    order : {"C", "F"}, optional
        Reading order (default row-major "C").
    max_cells : int, optional
        At most this many cells are drawn per buffer (default 48; never more
        than 200).

    Returns
    -------
    LayoutDiagram

    Raises
    ------
    ValueError
        If ``shape`` cannot hold the ``x.size`` elements of ``x``, ``order`` is unknown or
        ``max_cells`` is less than 1.

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
    checked_order = check_order(order, "reshape_diagram")
    return reshape_picture(x._layout, x._storage.size, shape, checked_order, max_cells)
