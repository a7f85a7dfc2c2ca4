"""
Does an SVG picture stand alone? Two ways to ask, shared by the tests of the layout
diagrams and of the documentation's pictures.

``problems(svg)`` reads the XML only: every element that draws must get its fill (and
its stroke, where it strokes) from attributes or a ``style=""`` attribute on itself or an
ancestor, never from a ``<style>`` block, a class or ``currentColor``; the first thing
drawn must be an opaque, light background filling the view box; text must use fonts
that end in a generic family and be dark enough on the rectangle it sits on. A picture
that still needs CSS for a colour fails here with no renderer installed.

``render(svg)`` draws the picture with cairosvg, a renderer that reads no page CSS, and
returns its pixels, for the tests that look at what a reader would see.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest

SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

DRAWING = frozenset({"rect", "circle", "ellipse", "line", "polyline", "polygon", "path",
                     "text", "use"})
"""Elements that paint; ``tspan`` takes its text element's colours."""
STROKE_ONLY = frozenset({"line", "polyline"})
"""Elements that show nothing unless stroked."""
TEMPLATES = frozenset({"defs", "clipPath", "mask", "symbol", "pattern"})
"""Containers whose content is drawn only where something refers to it; a ``<use>`` is
checked where it stands. Markers are checked as they are: their content takes its
colours from the marker's own ancestors."""
INHERITED = ("fill", "stroke", "fill-opacity", "stroke-opacity", "stroke-width",
             "stroke-dasharray", "font-family", "color")
COLOUR_PROPERTIES = re.compile(r"(^|[;{\s])(fill|stroke|color|opacity|fill-opacity|"
                               r"stroke-opacity)\s*:")
GENERIC_FAMILIES = frozenset({"serif", "sans-serif", "monospace", "cursive", "fantasy"})
NAMED_COLOURS = {"white": (255, 255, 255), "black": (0, 0, 0)}
LIGHT = 0.8
"""The least relative luminance of a light background (white is 1)."""
TEXT_CONTRAST = 4.5
"""WCAG's least contrast ratio for text."""


def tag(element: ElementTree.Element) -> str:
    return element.tag.removeprefix(SVG)


def own_properties(element: ElementTree.Element) -> dict[str, str]:
    """The presentation attributes of ``element``, overridden by its ``style=""``."""
    found = {name: value for name, value in element.attrib.items() if "{" not in name}
    for declaration in element.get("style", "").split(";"):
        name, colon, value = declaration.partition(":")
        if colon:
            found[name.strip()] = value.strip()
    return found


def drawn_elements(root: ElementTree.Element):
    """Each element that paints, in document order, with its resolved properties (its
    own, then those it inherits from its ancestors) and whether it is a marker's (drawn
    at the ends of lines, not where it stands)."""
    def walk(element, inherited, in_template, in_marker):
        own = own_properties(element)
        resolved = {**inherited, **{k: v for k, v in own.items() if k in INHERITED}}
        name = tag(element)
        in_marker = in_marker or name == "marker"
        hidden = (in_template or name in TEMPLATES) and not in_marker
        if name in DRAWING and not hidden:
            yield element, {**resolved, **own}, in_marker
        for child in element:
            yield from walk(child, resolved, hidden, in_marker)

    yield from walk(root, {}, False, False)


def colour(value: str) -> tuple[int, ...] | None:
    """``#rgb``, ``#rrggbb`` or a few names as (r, g, b); None for anything else."""
    value = value.strip().lower()
    if value in NAMED_COLOURS:
        return NAMED_COLOURS[value]
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        return tuple(int(c * 2, 16) for c in value[1:])
    if re.fullmatch(r"#[0-9a-f]{6}", value):
        return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
    return None


def luminance(rgb) -> float:
    """WCAG relative luminance of an (r, g, b) in 0..255 (arrays of them too)."""
    channel = np.asarray(rgb, dtype=float) / 255
    linear = np.where(channel <= 0.03928, channel / 12.92, ((channel + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


def contrast(first, second) -> float:
    """WCAG contrast ratio of two colours (or of arrays of them)."""
    a, b = luminance(first), luminance(second)
    return (np.maximum(a, b) + 0.05) / (np.minimum(a, b) + 0.05)


def view_box(root: ElementTree.Element) -> tuple[float, float, float, float]:
    if root.get("viewBox"):
        x, y, width, height = (float(v) for v in root.get("viewBox").replace(",", " ").split())
        return x, y, width, height
    number = re.compile(r"[\d.]+")
    return 0.0, 0.0, float(number.match(root.get("width")).group()), float(
        number.match(root.get("height")).group())


def covered_box(element: ElementTree.Element) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) of a rect, or of a path of straight lines only."""
    if tag(element) == "rect":
        x, y = float(element.get("x", 0)), float(element.get("y", 0))
        return x, y, x + float(element.get("width")), y + float(element.get("height"))
    path = element.get("d", "")
    if tag(element) != "path" or re.search(r"[^MLZmlz\d\s.,-]", path):
        return None
    numbers = [float(n) for n in re.findall(r"-?[\d.]+", path)]
    xs, ys = numbers[0::2], numbers[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def background_problems(root, first_drawn) -> list[str]:
    """The first element drawn must fill the view box with an opaque light colour."""
    if first_drawn is None:
        return ["nothing is drawn"]
    element, properties = first_drawn
    x, y, width, height = view_box(root)
    box = covered_box(element)
    if box is None or box[0] > x + 0.5 or box[1] > y + 0.5 or \
            box[2] < x + width - 0.5 or box[3] < y + height - 0.5:
        return [f"the first element drawn, <{tag(element)}>, is no background filling the "
                f"view box {x:g} {y:g} {width:g} {height:g}"]
    fill = colour(properties.get("fill", ""))
    opacities = [float(properties.get(name, 1)) for name in ("opacity", "fill-opacity")]
    if fill is None or min(opacities) < 1:
        return [f"the background's fill {properties.get('fill')!r} is not an opaque colour"]
    if luminance(fill) < LIGHT:
        return [f"the background {properties['fill']} is not light"]
    return []


def paint_problems(element, properties, by_id) -> list[str]:
    """The element's fill and stroke must be written on it or an ancestor (for a
    ``<use>``: or on the element it draws)."""
    name, where = tag(element), describe(element)
    found = []
    if name == "use":
        target = by_id.get((element.get(XLINK_HREF) or element.get("href", "")).lstrip("#"))
        if target is None:
            found.append(f"{where} refers to nothing")
        elif "fill" not in properties and "fill" not in own_properties(target):
            found.append(f"{where} draws {describe(target)} with no fill of its own")
    elif "fill" not in properties and name not in STROKE_ONLY:
        found.append(f"{where} has no fill of its own (a renderer paints it black)")
    strokes = name in STROKE_ONLY or any(
        k in properties for k in ("stroke-width", "stroke-dasharray", "stroke-opacity"))
    if strokes and "stroke" not in properties:
        found.append(f"{where} strokes with no stroke colour of its own")
    return found


def font_problems(element, properties) -> list[str]:
    families = [f.strip().strip("'\"") for f in properties.get("font-family", "").split(",")]
    if families[-1] not in GENERIC_FAMILIES:
        return [f"{describe(element)} has font-family {properties.get('font-family')!r}, "
                "which does not end in a generic family"]
    return []


def describe(element: ElementTree.Element) -> str:
    attributes = " ".join(f'{k}="{element.get(k)}"' for k in ("class", "id", "x", "y", "d")
                          if element.get(k) is not None)
    text = f" ({element.text[:30]!r})" if element.text else ""
    return f"<{tag(element)} {attributes[:80]}>{text}"


def text_contrast_problems(drawn) -> list[str]:
    """Each text's fill must reach TEXT_CONTRAST on what it sits on: the fill of the last
    rectangle drawn before it that holds its anchor point (the background at least)."""
    found, rectangles = [], []
    for element, properties, _ in drawn:
        if tag(element) == "rect" and colour(properties.get("fill", "")) is not None:
            rectangles.append((covered_box(element), properties["fill"]))
        if tag(element) != "text":
            continue
        x, y = float(element.get("x", 0)), float(element.get("y", 0))
        under = [fill for (left, top, right, bottom), fill in rectangles
                 if left <= x <= right and top <= y <= bottom]
        ink = colour(properties.get("fill", ""))
        if ink is None or not under:
            found.append(f"{describe(element)} has fill {properties.get('fill')!r} on "
                         f"{under[-1] if under else 'no rectangle'}: not a colour on a colour")
        elif contrast(ink, colour(under[-1])) < TEXT_CONTRAST:
            found.append(f"{describe(element)}: ink {properties['fill']} on {under[-1]} has "
                         f"contrast {contrast(ink, colour(under[-1])):.1f} < {TEXT_CONTRAST}")
    return found


def problems(svg: str) -> list[str]:
    """What keeps ``svg`` from standing alone; an empty list when nothing does."""
    root = ElementTree.fromstring(svg)
    found = []
    for style in root.iter(f"{SVG}style"):
        if COLOUR_PROPERTIES.search(style.text or ""):
            found.append("a <style> block sets colours: renderers without CSS ignore it, "
                         "and a page's CSS may not reach it")
    if "currentcolor" in svg.lower():
        found.append("currentColor: the picture's ink depends on the CSS around it")
    drawn = list(drawn_elements(root))
    in_place = [(element, properties) for element, properties, in_marker in drawn
                if not in_marker]
    found += background_problems(root, in_place[0] if in_place else None)
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    for element, properties, _ in drawn:
        found += paint_problems(element, properties, by_id)
        if tag(element) == "text":
            found += font_problems(element, properties)
    return found + text_contrast_problems(drawn)


def renderer():
    """The cairosvg module, or a skip that says why it cannot be imported."""
    try:
        import cairosvg
        from PIL import Image  # noqa: F401 - cairosvg's own dependency, which reads its PNGs
    except (ImportError, OSError) as error:  # OSError: cairocffi finds no libcairo
        pytest.skip(f"the SVG renderer cannot be imported ({type(error).__name__}: {error}); "
                    "install cairosvg (pip) and the cairo library (libcairo2)")
    return cairosvg


def render(svg: str, scale: float = 2) -> np.ndarray:
    """The picture drawn by cairosvg: an (height, width, 4) array of RGBA bytes."""
    cairosvg = renderer()
    from PIL import Image

    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGBA"))


def without_text(svg: str) -> str:
    """``svg`` with every text element removed (the same picture, no ink of letters)."""
    return re.sub(r"<text\b.*?</text>", "", svg, flags=re.DOTALL)
