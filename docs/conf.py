"""Sphinx configuration of the array-api-reshape documentation."""

import logging
import os
import sys
from pathlib import Path

import array_api_reshape

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the docs' own helper modules

project = "array-api-reshape"
author = "array-api-reshape developers"
copyright = f"2026, {author}; BSD-3-Clause licence"
release = array_api_reshape.__version__
version = release

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.intersphinx",
    "numpydoc",
    "_wrapping",
]

source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "jupyter_execute", ".jupyter_cache"]
html_theme = "furo"
html_title = "array-api-reshape"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_favicon = "_static/favicon.svg"

nitpicky = True
autodoc_typehints = "none"
autodoc_member_order = "bysource"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
myst_enable_extensions = ["colon_fence"]
nb_execution_mode = "force"
# nbclient logs "Executing notebook with kernel" at INFO for every page it runs, and the
# build printed those lines; the build says nothing unless something is wrong.
logging.getLogger("traitlets").setLevel(logging.WARNING)
nb_execution_raise_on_error = True
nb_execution_timeout = 120
nb_render_markdown_format = "myst"
# A cell that raises shows one line, "ValueError: message" (IPython's Minimal mode, below).
# myst-nb's default lexer for it, IPython's traceback lexer, reads such a line as a frame
# of a traceback and colours pieces of the message as names and code (in the dark theme,
# blue and underlined like a link); the message is text.
nb_render_error_lexer = "text"

# Made by make_inventories.py: the build runs where numpy.org and data-apis.org cannot be
# reached, so intersphinx reads small local inventories of the pages we link to.
intersphinx_mapping = {
    "numpy": ("https://numpy.org/doc/stable/", "_inventories/numpy.inv"),
    "array-api": ("https://data-apis.org/array-api/2025.12/", "_inventories/array-api.inv"),
}

# The notebook kernels read their settings from IPYTHONDIR; give them one of our own
# (under the build directory). A quiet build: they log a warning about their local TCP
# transport on every page, so keep their log to errors. A cell that raises shows what a
# doctest shows, "ValueError: message", not a traceback through the package's private
# modules with this machine's paths in it: IPython's "Minimal" exception mode.
_KERNEL_SETTINGS = Path(__file__).resolve().parent / "_build" / "ipython"
(_KERNEL_SETTINGS / "profile_default").mkdir(parents=True, exist_ok=True)
(_KERNEL_SETTINGS / "profile_default" / "ipython_kernel_config.py").write_text(
    'c.IPKernelApp.log_level = "ERROR"\nc.InteractiveShell.xmode = "Minimal"\n',
    encoding="utf-8",
)
os.environ["IPYTHONDIR"] = str(_KERNEL_SETTINGS)
# ipykernel compiles each cell as /tmp/ipykernel_<pid>/<hash>.py, and the package's
# messages name the place a call came from by its file's last two parts
# ("__add__() at ipykernel_15580/3169378523.py:5"): a piece of this machine's temporary
# path, different in every build. Every cell is "<cell>" instead, as doctest's examples
# are "<doctest ...>": "__add__() at <cell>:5", line 5 of the cell shown.
os.environ["IPYKERNEL_CELL_NAME"] = "<cell>"
