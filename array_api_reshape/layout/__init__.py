"""
Layout tools beyond the standard: look at strides and offsets, ask whether a reshape can
be a view, and read why not.

Nothing in the standard namespace depends on this submodule.
"""

from ._contiguous import ascontiguous
from ._diagram import LayoutDiagram, diagram, reshape_diagram
from ._explain import ReshapeExplanation, can_reshape_without_copy, explain_reshape
from ._introspection import is_contiguous, offset, shares_memory, strides
from ._reshape import reshape
from ._resize import resize_inplace

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
