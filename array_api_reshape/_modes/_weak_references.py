"""
Weak references as the views modes' books make and read them on their hot path: the
basic weak reference of an object (CPython keeps one per object, without a callback, so
asking again while it lives gives the same reference, not a new one) and the object a
reference answers with (None once that object is gone).

The compiled build calls CPython's C API for these (``_weak_references.pxd``, whose
functions the compiled modules take in place of these), where calling the ``weakref.ref``
type or a reference costs a Python-level call that builds its arguments.
"""

from __future__ import annotations

import weakref
from typing import Any

weak_reference = weakref.ref
"""The basic weak reference of ``obj``: ``weak_reference(obj)``."""


def referent(ref: weakref.ref) -> Any:
    """The object ``ref`` refers to, or None once it is gone."""
    return ref()
