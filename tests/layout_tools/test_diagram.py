"""Layout diagrams: valid SVG that shows exactly the cells an array reads, copies labelled
with where each element came from, and small pictures for arrays of any size."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import array_api_reshape as xp
from array_api_reshape import layout
from array_api_reshape._tables._layout import Layout, element_addresses, row_major_strides
from array_api_reshape._tables._reshape_as_view import ReshapeBlocked, reshape_as_view
from array_api_reshape._layout_tools._diagram import (
    ELLIPSIS_MARK,
    TRUNCATION_NOTE,
    layout_picture,
    reshape_picture,
)
from array_api_reshape._layout_tools._sampling import reads_address
from layout_model import address_array, addresses_of
from strategies import buffer_size_for, factorisations_of, small_layouts

SVG = "{http://www.w3.org/2000/svg}"
MAX_BYTES = 100_000


def parse(picture):
    return ElementTree.fromstring(picture.svg)


def part(root, name):
    return next(g for g in root.iter(f"{SVG}g") if g.get("data-part") == name)


def labels(group):
    """The numbers inside the cells of a group, in drawing order (ellipses left out)."""
    return [
        int(t.text) for t in group.iter(f"{SVG}text")
        if t.get("class") is None and t.text != ELLIPSIS_MARK
    ]


def shaded(group):
    """The labels of the shaded cells of a group."""
    cells = [r for r in group.iter(f"{SVG}rect")]
    return [label for rect, label in zip(cells, labels(group)) if rect.get("class")]


def texts(root):
    return [t.text for t in root.iter(f"{SVG}text")]


@given(lay=small_layouts(max_ndim=3))
def test_element_addresses_match_the_model(lay):
    assert element_addresses(lay) == addresses_of(lay)


@given(lay=small_layouts(), address=st.integers(-3, 120))
def test_reads_address_matches_the_model(lay, address):
    assert reads_address(lay, address) == (address in addresses_of(lay))


@given(lay=small_layouts(max_ndim=3))
def test_diagram_shades_exactly_the_cells_the_model_reads(lay):
    size = buffer_size_for(lay)
    root = parse(layout_picture(lay, size, None, max_cells=200))
    buffer = part(root, "buffer")
    assert labels(buffer) == list(range(size))
    assert set(shaded(buffer)) == set(addresses_of(lay))
    if lay.size:
        assert labels(part(root, "array")) == addresses_of(lay)


@given(data=st.data(), lay=small_layouts(max_ndim=3), order=st.sampled_from("CF"))
def test_copy_pictures_label_each_new_cell_with_its_source_cell(data, lay, order):
    new_shape = data.draw(factorisations_of(lay.size, max_ndim=3))
    root = parse(reshape_picture(lay, buffer_size_for(lay), new_shape, order, max_cells=200))
    heading = texts(root)[0]
    source = address_array(lay)  # each element is its own buffer address
    expected = np.reshape(source, new_shape, order=order)
    if "copy" in heading:
        # the new buffer is laid out in the reading order: ravel in that order
        assert labels(part(root, "new-buffer")) == expected.ravel(order=order).tolist()
        positions = [int(t.text) for t in part(root, "new-buffer").iter(f"{SVG}text")
                     if t.get("class") == "position"]
        assert positions == list(range(lay.size))
    if lay.size and TRUNCATION_NOTE not in texts(root):
        assert labels(part(root, "result")) == expected.ravel().tolist()


@pytest.mark.parametrize("shape, strides, offset, new_shape", [
    pytest.param((4, 3), (1, 4), 0, (12,), id="transpose-flatten"),
    pytest.param((4, 3), (-3, 1), 9, (12,), id="flip-rows-flatten"),
    pytest.param((4, 3), (0, 1), 0, (12,), id="broadcast-flatten"),
    pytest.param((2, 2, 3), (12, 3, 1), 0, (4, 3), id="slice-middle-merge-head"),
])
def test_named_copies_read_from_the_right_cells(shape, strides, offset, new_shape):
    lay = Layout(shape, strides, offset)
    assert isinstance(reshape_as_view(lay, new_shape), ReshapeBlocked)
    root = parse(reshape_picture(lay, buffer_size_for(lay), new_shape, "C", 48))
    assert labels(part(root, "new-buffer")) == addresses_of(lay)


def test_transpose_copy_shows_cell_1_came_from_cell_4():
    x = xp.reshape(xp.arange(12), (3, 4)).T
    root = parse(layout.reshape_diagram(x, (12,)))
    assert labels(part(root, "new-buffer"))[:4] == [0, 4, 8, 1]


def test_view_pictures_show_the_new_layout_over_the_same_buffer():
    x = xp.reshape(xp.arange(288), (4, 8, 9))[:, :6, :]
    root = parse(layout.reshape_diagram(x, (4, 54), max_cells=40))
    assert "view" in texts(root)[0]
    assert [g.get("data-part") for g in root.iter(f"{SVG}g")] == ["buffer", "input", "result"]


@pytest.mark.parametrize("shape, view", [((4, 54), True), ((24, 9), False)])
def test_reshape_diagram_says_view_or_copy(shape, view):
    x = xp.reshape(xp.arange(288), (4, 8, 9))[:, :6, :]
    root = parse(layout.reshape_diagram(x, shape, max_cells=40))
    heading = texts(root)[0]
    assert ("view" in heading) == view and ("copy" in heading) == (not view)
    if not view:
        assert "axes 0 and 1 cannot merge" in heading


def big_pictures():
    arange = xp.arange(10000)
    square = xp.reshape(xp.arange(10000), (100, 100))
    wide = xp.zeros((2000, 3000))
    yield pytest.param(lambda: layout.diagram(arange), id="arange-10000")
    yield pytest.param(lambda: layout.diagram(square), id="100x100")
    yield pytest.param(lambda: layout.diagram(wide), id="2000x3000")
    yield pytest.param(lambda: layout.diagram(xp.zeros((5,) * 7)), id="5-to-the-7")
    yield pytest.param(lambda: layout.diagram(xp.zeros((1, 1, 70000))), id="unit-axes")
    yield pytest.param(lambda: layout.reshape_diagram(wide, (3000, 2000)), id="view-2000x3000")
    yield pytest.param(lambda: layout.reshape_diagram(wide.T, (-1,)), id="copy-2000x3000")
    yield pytest.param(
        lambda: layout.reshape_diagram(xp.broadcast_to(xp.arange(3), (10**6, 10**6, 3)), (-1, 3)),
        id="broadcast-10^12",
    )
    yield pytest.param(lambda: layout.diagram(wide, max_cells=10**6), id="max-cells-huge")


@pytest.mark.parametrize("make", list(big_pictures()))
def test_diagrams_of_any_size_stay_under_100_kb_and_say_they_are_cut(make):
    picture = make()
    assert len(picture.svg.encode()) < MAX_BYTES
    root = parse(picture)
    assert TRUNCATION_NOTE in texts(root)
    assert ELLIPSIS_MARK in texts(root)


def long_address_layouts():
    for shape in [(10**9,) * 4, (10**5, 10**5), (3,) * 30, (2,) * 60, (7, 10**12)]:
        strides = row_major_strides(shape)
        yield Layout(shape, strides, 0), Layout(shape[::-1], strides[::-1], 0)


@pytest.mark.parametrize("lay, transposed", list(long_address_layouts()))
@pytest.mark.parametrize("max_cells", [1, 48, 10**6])
def test_pictures_with_long_addresses_and_many_axes_stay_under_100_kb(lay, transposed, max_cells):
    size = lay.size
    pictures = [
        layout_picture(lay, size, "t" * 200, max_cells),
        reshape_picture(transposed, size, (size,), "C", max_cells),
        reshape_picture(lay, size, (size,), "F", max_cells),
        reshape_picture(lay, size, lay.shape[::-1], "C", max_cells),
    ]
    for picture in pictures:
        assert len(picture.svg.encode()) < MAX_BYTES
        parse(picture)


def test_long_titles_are_shortened():
    root = parse(layout.diagram(xp.zeros(3), title="x" * 100_000))
    assert texts(root)[0] == "x" * 117 + "..."
    assert len(layout.diagram(xp.zeros(3), title="x" * 100_000).svg) < 5_000


def test_a_large_array_shows_its_first_and_last_cells():
    root = parse(layout.diagram(xp.arange(10000)))
    drawn = labels(part(root, "array"))
    assert drawn[:5] == [0, 1, 2, 3, 4] and drawn[-5:] == [9995, 9996, 9997, 9998, 9999]
    buffer = labels(part(root, "buffer"))
    assert buffer[0] == 0 and buffer[-1] == 9999 and len(buffer) <= 48


def test_a_large_copy_labels_its_last_cells_from_numpy():
    x = xp.reshape(xp.arange(60000), (200, 300)).T
    root = parse(layout.reshape_diagram(x, (-1,)))
    expected = np.arange(60000).reshape(200, 300).T.ravel()
    drawn = labels(part(root, "new-buffer"))
    assert drawn[:24] == expected[:24].tolist() and drawn[-24:] == expected[-24:].tolist()


def test_small_diagrams_are_not_cut():
    for x in (xp.zeros((12, 12)), xp.arange(25), xp.zeros((5, 4, 4))):
        root = parse(layout.diagram(x, max_cells=x.size))
        assert TRUNCATION_NOTE not in texts(root) and ELLIPSIS_MARK not in texts(root)
        assert len(labels(part(root, "array"))) == x.size


def test_pictures_carry_their_own_background_and_colours():
    picture = layout.diagram(xp.arange(4), title="four")
    root = parse(picture)
    assert root.get("class") == "aar-layout" and not list(root.iter(f"{SVG}style"))
    assert "currentColor" not in picture.svg
    background = next(root.iter(f"{SVG}rect"))
    assert background.get("class") == "background" and background.get("fill") == "#ffffff"
    assert picture._repr_html_() == picture._repr_svg_() == picture.svg


def test_pictures_say_what_they_show():
    x = xp.reshape(xp.arange(12), (3, 4)).T
    root = parse(layout.reshape_diagram(x, (12,)))
    title = next(root.iter(f"{SVG}title")).text
    assert title == root.get("aria-label") and title.startswith("reshape to (12,): copy")
    assert root.get("role") == "img"


def test_diagrams_of_empty_and_zero_d_arrays(tmp_path):
    assert "(no elements)" in texts(parse(layout.diagram(xp.zeros((0, 3)))))
    assert labels(part(parse(layout.diagram(xp.asarray(5))), "array")) == [0]
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
    with pytest.raises(ValueError, match="reshape_diagram\\(\\): cannot reshape"):
        layout.reshape_diagram(xp.zeros(4), (3,))
