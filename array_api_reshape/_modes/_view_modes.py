"""
The views modes: what happens when a write changes elements another live array views.

The views flag chooses (``array_api_reshape.flags``):

``"shared"``
    Views share memory, as in NumPy and PyTorch (the default; nothing is tracked).
``"warn"``, ``"error"``
    After a write through one array changes elements that another live array views,
    that other array is marked; reading it (as the input of a function or operator,
    by advanced indexing, by conversion) gives a ``ViewMutationWarning`` or a
    ``ValueError``, unless it has itself been written over those elements since.
    Views made from a marked array carry the mark. A write into memory that a live
    NumPy array shares is reported at the write (NumPy's reads are not ours to see).
``"error-on-write"``
    Such a write raises, before anything is written.
``"copy-on-write"``
    Such a write first gives the written array elements of its own: no other array
    sees the change, as if every array owned its elements (JAX, Dask, pandas).

A write nobody else can see is never reported, and an array whose other views are gone
is free again. ``x[key] op= y`` and ``x[key] = value`` are one write into ``x``: the
temporary view Python makes for the augmented assignment, and a value made on the same
line (``x[1:4] = x[0:3]``), do not count as other arrays. A live array made on another
line and written as the value does, in every mode: ``x[1:4] = v`` with ``v = x[0:3]``
changes elements of ``v``, so reading ``v`` afterwards is reported ("warn", "error"),
the write is refused ("error-on-write"), or the writer copies and ``v`` keeps its
elements ("copy-on-write"). A write the default mode refuses raises the same error in
every mode, before anything is copied.

The array object calls this module from explicit branches, each behind one attribute
read of ``MODES.tracking`` (or ``MODES.writes``): where an array is made (``made``), a
view is made (``track_view``), elements are read (``check_read``) and written
(``before_write`` and ``after_write``, around the one place that writes). The first two
are ``_view_tracking``'s, which the compiled array object calls in C. ``asarray``
counts a NumPy array it shares through ``_foreign_kernels.borrowed``.
"""

from __future__ import annotations

import dis
import warnings
from typing import Any

from .._kernels._creation_kernels import converted_copy
from .._kernels._shared_memory import shares_buffer
from .._tables._bounded_cache import BoundedCache
from . import _call_sites
from . import _view_tracking as _tracking
from ._call_sites import Place
from ._behaviours import WRITES_LAND_IN_A_COPY
from ._findings import E, Finding, found, listener, note_divergence
from ._flag_state import MODES, value
from ._profiles import behaving, diverged
from ._refusals import ViewMutationWarning

__all__ = [
    "made", "track_view", "check_read", "before_write", "after_write", "register_export",
    "ViewMutationWarning",
]

_WAY_OUT = (
    "write into a copy from asarray(x, copy=True), or use array_api_extra.at(x, index)"
    ".set(value), which returns a new array"
)


def _flag_note(mode: str) -> str:
    return (f"the views flag is {mode!r} (array_api_reshape.flags.set(views='shared') "
            "lets views share writes, as NumPy does)")


def tracking() -> bool:
    """True when the views flag asks for tracking here."""
    return MODES.tracking and value("views") != "shared"


made = _tracking.made
"""Remember where an array just made by a function of ours was made (for the reports),
and count it among the arrays over its memory when others may see that memory
(``asarray`` of a NumPy array over ours). Called while the views flag may ask for
tracking somewhere (``MODES.tracking``): arrays made where it does not are remembered
too, which costs a little and changes nothing."""

track_view = _tracking.track_view
"""Count a new view and its parent among the live arrays over their memory (called by
the array object while ``MODES.tracking``; as for ``made``, views made where the flag
does not ask are counted too)."""


def check_read(array: Any) -> None:
    """Report a read of ``array``, whose storage other arrays share, when a write through
    one of them changed its elements (views flag "warn" or "error"); an array nobody
    else sees any more is released from the bookkeeping."""
    mode = value("views")
    if mode in ("warn", "error"):
        _report_marked_read(array, mode)
    _tracking.release_if_alone(array)


def _report_marked_read(array: Any, mode: str) -> None:
    found_mark = _tracking.marked_elements(array)
    if found_mark is None:
        return
    mark, made = found_mark
    reader = _call_sites.place_here(unnamed="a read")
    message = (
        f"{reader}: reads an array whose elements were changed through another array "
        f"over the same memory, by {mark.write}{_through(mark.through)}; where views are "
        f"copies (JAX, Dask, TensorFlow) this array would still hold its old values (it was "
        f"{_tracking.described(made) or 'made before tracking began'}). Read through the array "
        f"that was written, or write into a copy; {_flag_note(mode)}"
    )
    finding = Finding("views", mode, reader.function, reader, mark.write, mark.through)
    if mode == "error":
        raise found(ValueError(message), finding)
    _tracking.clear_mark(array, mark)
    warnings.warn(found(ViewMutationWarning(message), finding),
                  stacklevel=_call_sites.user_stack_level())


def _through(chain: tuple[Place, ...]) -> str:
    """Where the array written through was made, in words (after the write's place)."""
    if not chain:
        return ""
    viewed_from = "".join(f", from {place}" for place in chain[1:])
    return f" (through a view made by {chain[0]}{viewed_from})"


class Pending:
    """What a write leaves for ``after_write``: the other arrays it changes (to mark),
    where it was made, and whether the writer itself carries marks to clear."""

    __slots__ = ("others", "site", "through", "marked", "target", "advanced_key")

    def __init__(self, others: list, site: Place | None, through: tuple[Place, ...],
                 marked: bool, target: Any, advanced_key: Any):
        self.others = others
        self.site = site
        self.through = through
        self.marked = marked
        self.target = target
        self.advanced_key = advanced_key


def before_write(
    array: Any, target: Any, advanced_key: Any, source: Any, function: str, augmented: bool
) -> Pending | None:
    """Under the views flag, before ``array``'s elements ``target`` (the layout a basic
    key selects; ``array``'s own layout with ``advanced_key`` for an advanced one) are
    overwritten with ``source``, which the caller has checked: refuse the write
    ("error-on-write"), give ``array`` elements of its own ("copy-on-write": its layout
    changes, so the caller selects again), or report a NumPy array that sees the
    elements ("warn", "error"). Returns what ``after_write`` needs, or None. A write
    nobody else can see costs a few lookups."""
    mode = value("views")
    sharing = array._storage.sharing
    if mode == "shared" or sharing is None:
        return None
    excluded = _part_of_this_write(array, source, function, augmented)
    candidates = _tracking.live_others(array, excluded)
    marked = bool(_tracking.marks_of(sharing, array))
    if not candidates and not marked:
        return None
    others = _tracking.others_written(candidates, target, advanced_key)
    site: Place | None = None
    through: tuple[Place, ...] = ()
    if others:
        if mode == "copy-on-write":
            if listener() is not None:
                _note_write_into_copy(array, function)
            _own_elements(array)
            return None
        site = _call_sites.place_here(function)
        through = _tracking.view_chain(array)
        if mode == "error-on-write":
            raise _write_error(ValueError, site, through, others[0], mode)
        for other in others:
            if other.foreign is not None:  # NumPy's reads are not ours to see: report now
                if mode == "error":
                    raise _write_error(ValueError, site, through, other, mode)
                warnings.warn(_write_error(ViewMutationWarning, site, through, other, mode),
                              stacklevel=_call_sites.user_stack_level())
                break
    return Pending(others, site, through, marked, target, advanced_key)


def after_write(array: Any, pending: Pending) -> None:
    """After the write ``before_write`` saw: mark the other arrays it changed, and clear
    the writer's own marks over the elements it wrote."""
    if pending.others and pending.site is not None:
        _tracking.mark(pending.others, pending.site, pending.through)
    if pending.marked:
        _tracking.unmark_written(array, pending.target, pending.advanced_key)


def _part_of_this_write(
    array: Any, source: Any, function: str, augmented: bool
) -> tuple[object, ...]:
    """What a write into ``array`` does not count as another array: the value written
    when it was made on this very line (a temporary such as ``x[0:3]`` in
    ``x[1:4] = x[0:3]``; a live array made on another line is another array like any,
    whose changed elements are reported or, under copy-on-write, kept), and, for
    Python's own ``x[key] op= y``, the array ``x`` whose temporary view ``x[key]`` (made
    on this very line) is being written."""
    made = getattr(array, "_made_at", None) if augmented else None
    if made is not None and made[0] == "__getitem__" and in_augmented_subscript():
        if _call_sites.same_line(made, _call_sites.call_site(function)):
            return (source, _tracking.parent_of(array))
    return (source,) if _made_on_this_line(source, function) else ()


def _made_on_this_line(source: Any, function: str) -> bool:
    made = getattr(source, "_made_at", None)
    if made is None:
        return True  # not one of our tracked arrays: a scalar, or an array of nobody's
    return _call_sites.same_line(made, _call_sites.call_site(function))


def _write_error(
    kind: type[E], site: Place, through: tuple[Place, ...], other: _tracking.Other,
    mode: str,
) -> E:
    message = (
        f"{site}: this write{_through(through)} changes elements that {other.describe()} "
        f"also views; where views are copies (JAX, Dask, TensorFlow) that array would keep "
        f"its old values. To write portably, {_WAY_OUT}; {_flag_note(mode)}"
    )
    return found(kind(message), Finding("views", mode, site.function, site, site, through))


def _note_write_into_copy(array: Any, function: str) -> None:
    """Note the divergence of a write that copy-on-write gives elements of its own: the
    profile's (Dask's views are copies), else the views flag's."""
    through = _tracking.view_chain(array)
    if behaving(WRITES_LAND_IN_A_COPY) is not None:
        diverged(WRITES_LAND_IN_A_COPY, function=function, view_made=through)
    else:
        note_divergence("views", "copy-on-write", WRITES_LAND_IN_A_COPY.name,
                        WRITES_LAND_IN_A_COPY.said("a library whose views are copies "
                                                   "(JAX, Dask)"),
                        None, function, through)


def _own_elements(array: Any) -> None:
    """Copy-on-write: ``array`` gets a new storage holding a copy of its elements."""
    _tracking.forget(array)
    storage, layout = converted_copy(array, array._dtype)
    array._storage = storage
    array._replace_layout(layout)


_AFTER_AUGMENTED = BoundedCache(limit=4096)
"""For each (code, instruction offset) seen, whether an in-place result there is stored
back into a subscript."""
_SHUFFLES = {"CACHE", "COPY", "SWAP", "ROT_TWO", "ROT_THREE", "DUP_TOP_TWO", "NOP",
             "EXTENDED_ARG"}
_STORES = {"STORE_SUBSCR", "STORE_SLICE"}  # STORE_SLICE: ``x[a:b] op= y`` from Python 3.12


def in_augmented_subscript() -> bool:
    """True when the user's line being run is an augmented assignment to a subscript
    (``x[key] += y``): Python stores the in-place result back with ``x[key] = ...``."""
    frame = _call_sites.user_frame()
    code, offset = frame.f_code, frame.f_lasti
    known = _AFTER_AUGMENTED.get((code, offset))
    if known is None:
        instructions = list(dis.get_instructions(code))
        known = False
        for index, instruction in enumerate(instructions):
            if instruction.offset == offset:
                for following in instructions[index + 1:]:
                    if following.opname not in _SHUFFLES:
                        known = following.opname in _STORES
                        break
                break
        _AFTER_AUGMENTED.remember((code, offset), known)
    return known


def register_export(array: Any, exported: Any, function: str) -> Any:
    """Count ``exported``, a NumPy array handed out by ``function`` (``__array__``,
    ``__dlpack__``, ``__reduce_ex__``), among the arrays that see ``array``'s memory while
    someone holds it, and ``array`` itself: an array of ours made over that memory later
    (``asarray`` of it) sees ``array`` as another."""
    if tracking() and shares_buffer(array._storage, exported):
        site = _call_sites.call_site()
        handed_out_by = site._replace(function=function)
        _tracking.register_foreign(array._storage, [(exported, 0)],
                                  ("handed out by", handed_out_by))
        _tracking.track(array, ("first shared by", site))
        _tracking.handed_out(array._storage)
    return exported
