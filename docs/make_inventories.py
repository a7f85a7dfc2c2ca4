"""
Write the small intersphinx inventories in docs/_inventories/ from the tables below.

The site links to NumPy's and the standard's pages through intersphinx, but the build
runs where those sites cannot be reached, so the inventories it reads are made here from
the names and page addresses the documentation actually uses.

    python docs/make_inventories.py
"""

from __future__ import annotations

import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent / "_inventories"

NUMPY = {
    "numpy.reshape": ("function", "reference/generated/numpy.reshape.html"),
    "numpy.ravel": ("function", "reference/generated/numpy.ravel.html"),
    "numpy.asarray": ("function", "reference/generated/numpy.asarray.html"),
    "numpy.ascontiguousarray": ("function", "reference/generated/numpy.ascontiguousarray.html"),
    "numpy.shares_memory": ("function", "reference/generated/numpy.shares_memory.html"),
    "numpy.from_dlpack": ("function", "reference/generated/numpy.from_dlpack.html"),
    "numpy.ndarray": ("class", "reference/generated/numpy.ndarray.html"),
}

STANDARD = {
    name: ("function", f"API_specification/generated/array_api.{name.split('.')[-1]}.html")
    for name in (
        "array_api.reshape", "array_api.permute_dims", "array_api.asarray",
        "array_api.broadcast_to", "array_api.flip", "array_api.expand_dims",
        "array_api.squeeze", "array_api.matrix_transpose", "array_api.unstack",
    )
}


def write(path: Path, project: str, version: str, entries: dict) -> None:
    header = (
        "# Sphinx inventory version 2\n"
        f"# Project: {project}\n# Version: {version}\n"
        "# The remainder of this file is compressed using zlib.\n"
    )
    body = "".join(
        f"{name} py:{role} 1 {uri} -\n" for name, (role, uri) in sorted(entries.items())
    )
    path.write_bytes(header.encode() + zlib.compress(body.encode()))


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    write(HERE / "numpy.inv", "NumPy", "2", NUMPY)
    write(HERE / "array-api.inv", "Python array API standard", "2025.12", STANDARD)
