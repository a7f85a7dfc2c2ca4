"""
Where a line may break inside inline code (and inside the text of a table cell, where
prose names code too: ``array_api_compat.array_namespace(x)``): after a slash, a dot, a
colon, an equals sign, an opening parenthesis or bracket, a comma, or an underscore
between two words of a name (``<wbr>``, which copying leaves out), never inside a word.
The site's CSS lets table cells wrap only between words, so that a long path, call or
name (``scipy/special/tests/test_x.py:180``, ``flags.set(profile=None)``,
``test_binary_with_scalars``) wraps at its punctuation rather than in the middle of a
word, and tables fit the page.
"""

from __future__ import annotations

import re
from typing import Any

_CODE_TEXT = re.compile(r'(<span class="pre">)(.*?)(</span>)', re.DOTALL)
_CELL = re.compile(r"<td\b.*?</td>", re.DOTALL)
_TEXT = re.compile(r">([^<]+)<")
_AFTER = re.compile(r"([/.:=(\[,]|(?<=[A-Za-z0-9])_)(?=[A-Za-z0-9&'\"-])")


def breakable(html: str) -> str:
    """``html`` with a break opportunity after the punctuation of its inline code."""
    def code(match: re.Match[str]) -> str:
        opening, text, closing = match.groups()
        return opening + _AFTER.sub(r"\1<wbr>", text) + closing

    def cell(match: re.Match[str]) -> str:
        return _TEXT.sub(lambda text: ">" + _AFTER.sub(r"\1<wbr>", text.group(1)) + "<",
                         match.group(0))

    return _CELL.sub(cell, _CODE_TEXT.sub(code, html))


def _on_page(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    if "body" in context:
        context["body"] = breakable(context["body"])


def setup(app: Any) -> dict[str, bool]:
    """The Sphinx hook: every page's body, as it is written."""
    app.connect("html-page-context", _on_page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
