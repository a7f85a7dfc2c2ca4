"""
A dict of remembered answers that never grows past a bound.

The layout modules remember pure decisions (the same layout and the same request give the
same answer) so that repeated view operations cost one dict lookup. Every such cache is a
``BoundedCache``: a plain dict for lookups (``get`` and ``in`` run at dict speed on the hot
paths) with one way to add an entry, ``remember``, which forgets everything once the bound
is reached. Clearing rather than evicting one entry at a time keeps ``remember`` a few
operations long; a workload that cycles through more layouts than the bound simply pays for
the decisions again.

Hot paths look entries up through a bound method kept in a module-level name
(``remembered_x = X_CACHE.get``): calling ``get`` on a dict subclass costs about 10 ns more
than calling a plain dict's, and a bound method removes that difference.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

V = TypeVar("V")

DEFAULT_LIMIT = 4096


class BoundedCache(dict):
    """
    A dict that holds at most ``limit`` entries, filled through :meth:`remember`.

    Parameters
    ----------
    limit : int, optional
        The most entries kept (default 4096); reaching it clears the cache before the
        next entry is stored.

    Examples
    --------
    >>> from array_api_reshape._tables._bounded_cache import BoundedCache
    >>> cache = BoundedCache(limit=2)
    >>> cache.remember("a", 1), cache.remember("b", 2)
    (1, 2)
    >>> cache.remember("c", 3)
    3
    >>> sorted(cache.items())
    [('c', 3)]
    """

    __slots__ = ("limit",)

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        if limit.__class__ is not int or limit < 1:
            raise ValueError(f"BoundedCache(): 'limit' must be an int >= 1, got {limit!r}")
        super().__init__()
        self.limit = limit

    def remember(self, key: Hashable, value: V) -> V:
        """Store ``value`` under ``key`` (clearing the cache first when it is full) and
        return ``value``."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
