"""The lines of the fake libraries that their tests mark with ``# MARKER`` comments."""

from __future__ import annotations

from pathlib import Path


def marked_line(folder: Path, files: tuple[str, ...], marker: str) -> str:
    """``file:line`` of the line of one of ``files`` (relative to ``folder``) that ends
    with the comment ``# marker``."""
    for relative in files:
        lines = (folder / relative).read_text().splitlines()
        for number, text in enumerate(lines, start=1):
            if text.rstrip().endswith(f"# {marker}"):
                return f"{relative}:{number}"
    raise AssertionError(f"no line marked {marker!r} in {files}")
