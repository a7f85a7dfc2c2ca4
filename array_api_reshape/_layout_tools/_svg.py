"""
A small SVG canvas for the layout diagrams: cells, labels, and the colours written on them.

A diagram is a picture that stands alone: every colour is an attribute of the element it
paints, over a white background of the picture's own, and the font and sizes are
attributes too (of the ``<svg>`` where all its text shares them). It reads the same inline
in a page of either theme, as an ``<img>``, in a notebook, and in renderers that read no
CSS (ImageMagick, librsvg, cairosvg). The classes stay, for a page's CSS to hook, but the
picture needs no CSS. The shades are the translucent blue and amber the diagrams always
had, written as the opaque colours they make on white.
"""

from __future__ import annotations

import html

FONT_SIZE = 10
CHAR_WIDTH = 0.62  # of the font size, for monospace text
CELL_HEIGHT = 26
PADDING = 8  # around the drawing, inside the background

FONT_FAMILY = "DejaVu Sans Mono, Menlo, Consolas, monospace"
"""Monospace fonts that Linux, macOS and Windows have, then the generic family. cairosvg
reads only the first name, which Linux systems have."""
PAPER = "#ffffff"  # the background
INK = "#1f2937"  # text and lines: contrast 14.7 on the paper
FAINT_INK = "#575e69"  # the small reading-order numbers: contrast 6.5 on the paper

SHADE_READ = "read"  # cells an array reads: blue
SHADE_NEW = "new"  # cells of a new buffer: amber
SHADE_FILLS = {None: "none", SHADE_READ: "#a7c7fb", SHADE_NEW: "#fad391"}
"""The fill of a cell of each shade: #3b82f6 and #f59e0b at 45 % on the paper."""


def text_width(content: str, size: int = FONT_SIZE) -> float:
    """Width in pixels of ``content`` in monospace at ``size``."""
    return len(content) * size * CHAR_WIDTH


_TEXT_KINDS: dict[str | None, tuple[int, str, str]] = {
    None: (FONT_SIZE, INK, ""),  # the cells' labels, centred
    "heading": (12, INK, ' font-weight="bold" text-anchor="start"'),
    "label": (11, INK, ' text-anchor="start"'),
    "position": (8, FAINT_INK, ""),  # the small reading-order numbers, centred
}
"""Each kind of text: its font size, its colour, and its other attributes; the picture's
own (``render``) give the font, FONT_SIZE and centring to the rest."""


def _text_attributes(kind: str | None) -> str:
    size, colour, more = _TEXT_KINDS[kind]
    size_attribute = f' font-size="{size}"' if size != FONT_SIZE else ""
    return f'fill="{colour}"{size_attribute}{more}'


class Canvas:
    """Collects SVG elements and the width and height they need."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.width = 0.0
        self.height = 0.0

    def _grow(self, right: float, bottom: float) -> None:
        self.width = max(self.width, right)
        self.height = max(self.height, bottom)

    def cell(
        self, x: float, y: float, width: float, label: object, shade: str | None = None
    ) -> None:
        """A cell of ``width`` x CELL_HEIGHT with ``label`` centred; ``shade`` a SHADE_* or None."""
        shade_class = f' class="{shade}"' if shade else ""
        self.parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{CELL_HEIGHT}"{shade_class} '
            f'fill="{SHADE_FILLS[shade]}" stroke="{INK}"/>'
            f'<text x="{x + width / 2:g}" y="{y + CELL_HEIGHT / 2 + 4:g}" '
            f'{_text_attributes(None)}>{label}</text>'
        )
        self._grow(x + width, y + CELL_HEIGHT)

    def text(self, x: float, y: float, content: object, kind: str | None = None) -> None:
        """Text at baseline ``y``: ``kind`` "heading" or "label" start at ``x``, others centre
        on it ("position": the small reading-order numbers)."""
        content = str(content)
        kind_class = f' class="{kind}"' if kind else ""
        self.parts.append(
            f'<text x="{x:g}" y="{y:g}"{kind_class} {_text_attributes(kind)}>'
            f"{html.escape(content)}</text>"
        )
        size = _TEXT_KINDS[kind][0]
        starts_here = kind in ("heading", "label")
        self._grow(x + (text_width(content, size) if starts_here else 0), y + 4)

    def group(self, name: str) -> None:
        """Start a group of elements (``data-part`` names it for readers and tests)."""
        self.parts.append(f'<g data-part="{name}">')

    def end_group(self) -> None:
        self.parts.append("</g>")

    def render(self, description: str) -> str:
        """The SVG document; ``description`` becomes its title and accessible label. The
        drawing starts at (0, 0); the view box adds PADDING on every side, and the
        background fills the view box."""
        width, height = int(self.width + 2 * PADDING), int(self.height + 2 * PADDING)
        box = f'x="{-PADDING}" y="{-PADDING}" width="{width}" height="{height}"'
        label = html.escape(description)
        body = "\n".join(self.parts)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="aar-layout" width="{width}" '
            f'height="{height}" viewBox="{-PADDING} {-PADDING} {width} {height}" role="img" '
            f'aria-label="{label}" font-family="{FONT_FAMILY}" font-size="{FONT_SIZE}" '
            f'text-anchor="middle">'
            f'\n<title>{label}</title>\n<rect class="background" {box} fill="{PAPER}"/>'
            f"\n{body}\n</svg>"
        )
