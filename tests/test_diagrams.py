"""Layout diagrams: valid SVG that shows exactly the cells an array reads."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

import array_api_reshape as xp
from array_api_reshape import layout
from array_api_reshape._layout import element_addresses
from layout_model import addresses_of
from hypothesis import given
from strategies import small_layouts

SVG = "{http://www.w3.org/2000/svg}"


def parse(picture):
    return ElementTree.fromstring(picture.svg)


def shaded_buffer_cells(root, fill="#3b82f6"):
    return [r for r in root.iter(f"{SVG}rect") if r.get("fill") == fill]


@given(lay=small_layouts(max_ndim=3))
def test_element_addresses_match_the_model(lay):
    assert element_addresses(lay) == addresses_of(lay)


def test_diagram_shades_the_cells_the_array_reads():
    x = xp.reshape(xp.arange(12), (3, 4))[:, ::2]
    root = parse(layout.diagram(x, title="every other column"))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "every other column" in texts
    assert "shape (3, 2)  strides (4, 2)  offset 0" in texts
    # 6 shaded buffer cells plus 6 array cells
    assert len(shaded_buffer_cells(root)) == 12
    assert layout.diagram(x)._repr_svg_() == layout.diagram(x).svg


def test_broadcast_diagram_reads_fewer_cells_than_it_shows():
    x = xp.broadcast_to(xp.arange(3), (2, 3))
    root = parse(layout.diagram(x))
    assert len(shaded_buffer_cells(root)) == 3 + 6


@pytest.mark.parametrize("shape, view", [((4, 54), True), ((24, 9), False)])
def test_reshape_diagram_says_view_or_copy(shape, view):
    x = xp.reshape(xp.arange(288), (4, 8, 9))[:, :6, :]
    picture = layout.reshape_diagram(x, shape, max_cells=40)
    root = parse(picture)
    heading = next(root.iter(f"{SVG}text")).text
    assert ("view" in heading) == view and ("copy" in heading) == (not view)
    if not view:
        assert "axes 0 and 1 cannot merge" in heading
        assert shaded_buffer_cells(root, "#f59e0b")


def test_diagrams_of_empty_and_zero_d_arrays(tmp_path):
    parse(layout.diagram(xp.zeros((0, 3))))
    parse(layout.diagram(xp.asarray(5)))
    path = tmp_path / "picture.svg"
    layout.reshape_diagram(xp.zeros((2, 3)), (3, 2), order="F").save(path)
    assert path.read_text().startswith("<svg")


def test_diagram_refuses_bad_input():
    with pytest.raises(TypeError, match="must be an array_api_reshape Array"):
        layout.diagram([1, 2])
    with pytest.raises(ValueError, match="'order'"):
        layout.reshape_diagram(xp.zeros(4), (2, 2), order="K")
    with pytest.raises(TypeError, match="'title' must be a str"):
        layout.diagram(xp.zeros(2), title=3)
    with pytest.raises(ValueError, match="'max_cells' must be at least 1"):
        layout.diagram(xp.zeros(2), max_cells=0)
