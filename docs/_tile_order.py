"""
The picture of the copy plan's tile order on the "When is data copied?" page.

Both panels show the *source* of a transposed copy, one cell per element laid out as it
sits in memory (rows are consecutive addresses), coloured by when the copy reads it. NumPy
walks the destination in order, so it reads the source down a column, one cache line per
element; the plan reads tile after tile, so a tile's lines are reused while they are in
the cache. The tile order comes from the package's own planning functions.

The SVG stands alone, like the layout diagrams: a white background, every colour written
on its element (text in the diagrams' ink, never left to the default black, which
Matplotlib does not write), and text drawn as outlines, so no font is needed.
"""

from __future__ import annotations

import io
import itertools

import numpy as np

from array_api_reshape._layout_tools._svg import INK, PAPER
from array_api_reshape._tables._copy_plan import regular_regions


def visiting_order(side: int, edge: int) -> tuple[np.ndarray, np.ndarray]:
    """When each source element of a transposed ``side x side`` copy is read: by NumPy
    (destination order) and by the plan (tiles of ``edge``). Indexed [source row, column]."""
    # destination (i, j) reads source (j, i)
    numpy_order = np.arange(side * side).reshape(side, side).T
    planned = np.empty((side, side), dtype=int)
    box = ((0, side), (0, side))
    step = itertools.count()
    for region in regular_regions(box, (edge, edge)):
        corners = itertools.product(*(range(start, stop, extent) for start, stop, extent in region))
        for corner in corners:
            ranges = (range(c, c + e) for c, (_, _, e) in zip(corner, region))
            for i, j in itertools.product(*ranges):
                planned[j, i] = next(step)  # destination (i, j) is source (j, i)
    return numpy_order, planned


def figure(side: int = 16, edge: int = 4):
    """Two panels, NumPy's read order and the planned one, with the first reads traced."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    orders = visiting_order(side, edge)
    fig, axes = plt.subplots(1, 2, figsize=(10, 5.2))
    titles = ("NumPy: destination order\n(down a column: a new cache line for every read)",
              f"planned: {edge} x {edge} tiles\n(each line read {edge} times while it is cached)")
    for ax, order, title in zip(axes, orders, titles):
        ax.imshow(order, cmap="viridis")
        first = side * edge + edge
        path = sorted(np.argwhere(order < first), key=lambda rc: order[rc[0], rc[1]])
        rows, cols = zip(*path)
        ax.plot(cols, rows, color="white", linewidth=1.2, marker="o", markersize=2.5)
        ax.set_title(title, fontsize=11, color=INK)
        ax.set_xlabel("source column (consecutive addresses)", color=INK)
        ax.set_ylabel("source row", color=INK)
        ax.set_xticks([])
        ax.set_yticks([])
        if order is orders[1]:
            for k in range(0, side + 1, edge):
                ax.axhline(k - 0.5, color="white", linewidth=0.6)
                ax.axvline(k - 0.5, color="white", linewidth=0.6)
    fig.tight_layout()
    return fig


def svg(side: int = 16, edge: int = 4) -> str:
    """The figure as SVG text, for the page: on an opaque white background with a margin
    all round (the square panels leave tight_layout's titles at the very edge), its text
    as outlines (whatever a matplotlibrc says)."""
    import matplotlib
    import matplotlib.pyplot as plt

    fig = figure(side, edge)
    stream = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "path"}):
        fig.savefig(stream, format="svg", facecolor=PAPER, transparent=False,
                    bbox_inches="tight", pad_inches=0.15)
    plt.close(fig)
    return stream.getvalue()


ALT_TEXT = (
    "The source of a transposed 16 x 16 copy, each element coloured by when the tiled copy "
    "reads it: the 4 x 4 tiles are read one after another, each tile's rows in a row"
)


def html(side: int = 16, edge: int = 4) -> str:
    """The figure as an ``<img>`` that says what it shows, on its own light background."""
    import base64

    encoded = base64.b64encode(svg(side, edge).encode("utf-8")).decode("ascii")
    return (
        f'<img alt="{ALT_TEXT}" '
        f'src="data:image/svg+xml;base64,{encoded}" style="max-width: 100%">'
    )
