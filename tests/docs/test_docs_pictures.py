"""The pictures the documentation draws while it is built stand alone, like the layout
diagrams: colours written on their elements, an opaque light background of their own, so
they read the same on the light and the dark theme and in any renderer. The pictures are
made by the docs' own modules, as the pages make them, without running Sphinx.

The SVG pictures: the package's layers (docs/_layers.py, inline on "How the code is
built") and the copy plan's tile order (docs/_tile_order.py, an ``<img>`` on "When is
data copied?", drawn by Matplotlib, the docs extra: skipped without it). The layout
diagrams on the pages are ``layout.diagram`` and ``layout.reshape_diagram``, checked in
tests/layout_tools/test_standalone_pictures.py. The other docs modules
(_beyond.py, _comparison.py) make tables only."""

from __future__ import annotations

import base64
import re
import sys
from pathlib import Path

import numpy as np
import pytest

from standalone_svg import LIGHT, TEXT_CONTRAST, contrast, luminance, problems, render, without_text

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs"))
import _layers  # noqa: E402
import _tile_order  # noqa: E402


@pytest.fixture(scope="module")
def tile_order_svg() -> str:
    pytest.importorskip("matplotlib", reason="the tile-order figure is drawn by Matplotlib "
                        "(the docs extra)")
    return _tile_order.svg()


def test_the_layers_picture_stands_alone():
    assert problems(_layers.svg()) == []


def test_the_tile_order_picture_stands_alone(tile_order_svg):
    assert problems(tile_order_svg) == []
    assert "<text" not in tile_order_svg  # letters are outlines: no font is needed


def test_the_page_shows_the_tile_order_picture_that_stands_alone(tile_order_svg):
    source = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', _tile_order.html()).group(1)
    assert problems(base64.b64decode(source).decode("utf-8")) == []


@pytest.mark.parametrize("name", ["layers", "tile-order"])
def test_the_docs_pictures_render_light_and_legible_without_css(name, request):
    svg = _layers.svg() if name == "layers" else request.getfixturevalue("tile_order_svg")
    image = render(svg, 2)
    # Matplotlib's size is not a whole number of pixels: its last row and column are
    # partly covered, as the edge of any shape is.
    inner = image[:-1, :-1]
    assert (inner[..., 3] == 255).all(), "transparent pixels: the page would show through"
    edges = np.concatenate([inner[0, :, :3], inner[-1, :, :3], inner[:, 0, :3], inner[:, -1, :3]])
    assert luminance(edges).min() >= LIGHT, "the background is not light"
    if name == "layers":  # text as <text>: the pixels it changes are dark on their paper
        under = render(without_text(svg), 2)
        changed = np.abs(image.astype(int) - under.astype(int))[..., :3].sum(axis=-1) > 30
        assert changed.sum() > 1000
        assert np.median(contrast(image[changed][:, :3], under[changed][:, :3])) >= TEXT_CONTRAST
