"""The layout diagrams stand alone: every colour is written on the element it paints, over
an opaque light background of the picture's own, so a renderer that reads no CSS
(ImageMagick, librsvg, cairosvg) and a page of either theme show the same legible picture.

The first tests read the XML (no renderer needed); the others draw the pictures with
cairosvg and look at the pixels. They skip, saying why, only when cairosvg cannot be
imported."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import layout
from array_api_reshape.__main__ import main
from array_api_reshape._layout_tools._svg import PAPER, SHADE_FILLS, SHADE_NEW, SHADE_READ
from standalone_svg import (
    LIGHT,
    SVG,
    TEXT_CONTRAST,
    colour,
    contrast,
    luminance,
    problems,
    render,
    view_box,
    without_text,
)

SCALE = 2  # pixels per user unit in the renders


def every_other_column():
    return xp.reshape(xp.arange(12), (3, 4))[:, ::2]


def pictures():
    """Every kind of diagram: each kind of text, shade, cell and ellipsis appears."""
    sliced = xp.reshape(xp.arange(288), (4, 8, 9))[:, :6, :]
    transposed = xp.reshape(xp.arange(12), (3, 4)).T
    yield pytest.param(lambda: layout.diagram(every_other_column(), title="every other column"),
                       id="diagram-step-columns")
    yield pytest.param(lambda: layout.diagram(xp.zeros((5, 4, 70))), id="diagram-cut-3d")
    yield pytest.param(lambda: layout.diagram(xp.zeros((0, 3))), id="diagram-empty")
    yield pytest.param(lambda: layout.diagram(xp.asarray(5)), id="diagram-0d")
    yield pytest.param(lambda: layout.reshape_diagram(sliced, (4, 54)), id="reshape-view")
    yield pytest.param(lambda: layout.reshape_diagram(transposed, (12,)), id="reshape-copy-C")
    yield pytest.param(lambda: layout.reshape_diagram(transposed.T, (2, 6), order="F"),
                       id="reshape-copy-F")


def explain_svg(tmp_path, capsys) -> str:
    """What ``python -m array_api_reshape explain ... --svg FILE`` writes: a copy, so
    both shades appear."""
    path = tmp_path / "reshape.svg"
    assert main(["explain", "3,4", "12", "--strides", "1,3", "--svg", str(path)]) == 0
    capsys.readouterr()
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("make", list(pictures()))
def test_every_diagram_writes_its_colours_on_its_elements(make):
    picture = make()
    assert problems(picture.svg) == []
    assert picture._repr_svg_() == picture._repr_html_() == picture.svg


def test_the_explain_picture_writes_its_colours_on_its_elements(tmp_path, capsys):
    assert problems(explain_svg(tmp_path, capsys)) == []


def test_cells_keep_their_classes_for_css_and_their_colours_without_it():
    root = ElementTree.fromstring(layout.reshape_diagram(xp.zeros((3, 4)).T, (12,)).svg)
    cells = [r for r in root.iter(f"{SVG}rect") if r.get("class") != "background"]
    assert {r.get("class") for r in cells} == {SHADE_READ, SHADE_NEW}
    assert all(r.get("fill") == SHADE_FILLS[r.get("class")] and r.get("stroke") for r in cells)
    assert not list(root.iter(f"{SVG}style"))


def test_a_colour_given_only_by_a_class_is_found():
    svg = layout.diagram(every_other_column()).svg
    cell = f'class="{SHADE_READ}" fill="{SHADE_FILLS[SHADE_READ]}"'
    assert cell in svg
    class_only = svg.replace(cell, f'class="{SHADE_READ}"', 1)
    assert any("has no fill of its own" in problem for problem in problems(class_only))
    styled = svg.replace("<title>", "<style>rect.read{fill:#3b82f6}</style><title>", 1)
    assert any("<style> block sets colours" in problem for problem in problems(styled))


# Rendered by cairosvg, which reads no page CSS: what ImageMagick's users see.


def pixel(svg: str, image: np.ndarray, x: float, y: float) -> np.ndarray:
    """The RGB of the pixel at user coordinates (x, y) of ``svg`` drawn at SCALE."""
    left, top, _, _ = view_box(ElementTree.fromstring(svg))
    return image[int((y - top) * SCALE), int((x - left) * SCALE), :3]


def check_background(image: np.ndarray) -> None:
    """Opaque everywhere, light at the edges, and light on the whole."""
    assert (image[..., 3] == 255).all(), "transparent pixels: the page would show through"
    edges = np.concatenate([image[0, :, :3], image[-1, :, :3], image[:, 0, :3], image[:, -1, :3]])
    assert luminance(edges).min() >= LIGHT, "the background is not light"
    assert luminance(image[..., :3]).mean() >= LIGHT, "the picture is dark on the whole"


def check_cells(svg: str, image: np.ndarray) -> set[str]:
    """Inside each cell, away from its label, the cell's fill: its shade's colour, or the
    background for a cell that is not shaded; returns the shades seen."""
    seen = set()
    for cell in ElementTree.fromstring(svg).iter(f"{SVG}rect"):
        shade = cell.get("class")
        if shade == "background":
            continue
        inside = pixel(svg, image, float(cell.get("x")) + 3, float(cell.get("y")) + 3)
        expected = colour(SHADE_FILLS[shade] if shade else PAPER)
        assert np.abs(inside.astype(int) - expected).max() <= 2, (shade, inside)
        seen.add(shade)
    return seen


def check_text(svg: str, image: np.ndarray) -> None:
    """The pixels the text changes are dark on what lies under them: most of them reach
    TEXT_CONTRAST (only the edges of letters are softer)."""
    under = render(without_text(svg), SCALE)
    changed = np.abs(image.astype(int) - under.astype(int))[..., :3].sum(axis=-1) > 30
    assert changed.sum() > 500, "no text drawn"
    ink, paper = image[changed][:, :3], under[changed][:, :3]
    assert np.median(contrast(ink, paper)) >= TEXT_CONTRAST
    assert (luminance(ink) < luminance(paper)).mean() > 0.95, "text lighter than its paper"


def test_the_explain_picture_renders_legibly_without_css(tmp_path, capsys):
    svg = explain_svg(tmp_path, capsys)
    image = render(svg, SCALE)
    check_background(image)
    assert check_cells(svg, image) >= {SHADE_READ, SHADE_NEW}
    check_text(svg, image)


def test_the_diagram_of_a_strided_array_renders_legibly_without_css():
    svg = layout.diagram(every_other_column(), title="every other column").svg
    image = render(svg, SCALE)
    check_background(image)
    assert check_cells(svg, image) == {SHADE_READ, None}  # cells read and skipped
    check_text(svg, image)
