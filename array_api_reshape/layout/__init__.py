"""
Layout tools beyond the standard: look at strides and offsets, ask whether a reshape can
be a view, and read why not.

Nothing in the standard namespace depends on this submodule.
"""

from .._layout_tools._contiguous import ascontiguous
from .._layout_tools._diagram import LayoutDiagram, diagram, reshape_diagram
from .._layout_tools._explain import (
    ReshapeExplanation,
    can_reshape_without_copy,
    explain_reshape,
)
from .._layout_tools._introspection import is_contiguous, offset, shares_memory, strides
from .._layout_tools._reshape import reshape
from .._layout_tools._resize import resize_inplace

__all__ = [
    "strides",
    "offset",
    "is_contiguous",
    "ascontiguous",
    "shares_memory",
    "can_reshape_without_copy",
    "explain_reshape",
    "reshape",
    "resize_inplace",
    "ReshapeExplanation",
    "diagram",
    "reshape_diagram",
    "LayoutDiagram",
]
