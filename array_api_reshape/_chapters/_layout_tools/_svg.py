"""
A small SVG canvas for the layout diagrams: cells, labels, and colours that follow the
reader's theme.

Colours come from ``currentColor``. Shown inline in a web page or a notebook, the picture
takes the text colour of the page around it, so it follows the site's own light/dark
switch. Opened as a file or shown through ``<img>``, the SVG is its own document; a rule on
``:root`` then picks dark or light ink from the operating system's preference. Every rule
is scoped to the ``aar-layout`` class, because the ``<style>`` of an inline SVG applies to
the whole page.
"""

from __future__ import annotations

import html

FONT_SIZE = 10
CHAR_WIDTH = 0.62  # of the font size, for monospace text
CELL_HEIGHT = 26

SHADE_READ = "read"  # cells an array reads: translucent blue
SHADE_NEW = "new"  # cells of a new buffer: translucent amber

_STYLE = (
    "svg.aar-layout text{font-family:monospace;font-size:10px;text-anchor:middle;"
    "fill:currentColor}"
    "svg.aar-layout text.label{text-anchor:start;font-size:11px}"
    "svg.aar-layout text.heading{text-anchor:start;font-size:12px;font-weight:bold}"
    "svg.aar-layout text.position{font-size:8px;fill-opacity:.75}"
    "svg.aar-layout rect{fill:none;stroke:currentColor;stroke-width:1}"
    "svg.aar-layout rect.read{fill:#3b82f6;fill-opacity:.45}"
    "svg.aar-layout rect.new{fill:#f59e0b;fill-opacity:.45}"
    ":root.aar-layout{color:#1f2937}"
    "@media (prefers-color-scheme: dark){:root.aar-layout{color:#e5e7eb}}"
)


def text_width(content: str, size: int = FONT_SIZE) -> float:
    """Width in pixels of ``content`` in monospace at ``size``."""
    return len(content) * size * CHAR_WIDTH


_TEXT_SIZES = {"heading": 12, "label": 11, "position": 8}
"""Font sizes of the kinds of text that are not the cells' labels."""


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
            f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{CELL_HEIGHT}"{shade_class}/>'
            f'<text x="{x + width / 2:g}" y="{y + CELL_HEIGHT / 2 + 4:g}">{label}</text>'
        )
        self._grow(x + width, y + CELL_HEIGHT)

    def text(self, x: float, y: float, content: object, kind: str | None = None) -> None:
        """Text at baseline ``y``: ``kind`` "heading" or "label" start at ``x``, others centre
        on it ("position": the small reading-order numbers)."""
        content = str(content)
        kind_class = f' class="{kind}"' if kind else ""
        self.parts.append(f'<text x="{x:g}" y="{y:g}"{kind_class}>{html.escape(content)}</text>')
        size = FONT_SIZE if kind is None else _TEXT_SIZES.get(kind, FONT_SIZE)
        starts_here = kind in ("heading", "label")
        self._grow(x + (text_width(content, size) if starts_here else 0), y + 4)

    def group(self, name: str) -> None:
        """Start a group of elements (``data-part`` names it for readers and tests)."""
        self.parts.append(f'<g data-part="{name}">')

    def end_group(self) -> None:
        self.parts.append("</g>")

    def render(self, description: str) -> str:
        """The SVG document; ``description`` becomes its title and accessible label."""
        width, height = int(self.width + 10), int(self.height + 10)
        label = html.escape(description)
        body = "\n".join(self.parts)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="aar-layout" width="{width}" '
            f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
            f"\n<title>{label}</title>\n<style>{_STYLE}</style>\n{body}\n</svg>"
        )
