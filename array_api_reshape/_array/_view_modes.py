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
temporary view Python makes for the augmented assignment and the value written do
not count as other arrays (under copy-on-write, a live array made on another line and
written as the value does: the writer copies, so it keeps its elements). A write the
default mode refuses raises the same error in every mode, before anything is copied.

The array object keeps its plain methods while no mode is on; while some mode may be,
``install`` puts tracking versions of ``_view``, ``_read_only_view``, ``_numpy``,
``_new``, ``_adopt`` and ``__setitem__`` on the class, so the default namespace pays
nothing for this (``asarray`` counts a NumPy array it shares through
``_foreign_kernels.borrowed``).
"""

from __future__ import annotations

import dis
import warnings
from typing import Any, Callable

from .._kernels import _sharing
from .._kernels._creation_kernels import converted_copy
from .._tables._bounded_cache import BoundedCache
from .._tables._flag_state import MODES, value
from .._tables._index_keys import basic_key, is_advanced
from .._tables._layout_indexing import basic_indexed, first_axis_indexed
from .._tables._mode_checks import ViewMutationWarning, refuse_write

__all__ = ["install", "write", "ViewMutationWarning"]

_WAY_OUT = (
    "write into a copy from asarray(x, copy=True), or use array_api_extra.at(x, index)"
    ".set(value), which returns a new array"
)


def _flag_note(mode: str) -> str:
    return (f"the views flag is {mode!r} (array_api_reshape.flags.set(views='shared') "
            "lets views share writes, as NumPy does)")


def tracking() -> bool:
    """True when the views flag asks for tracking here."""
    return MODES.any and value("views") != "shared"


def install(array_class: Any) -> None:
    """Give ``array_class`` tracking versions of its constructors, ``_view`` and
    ``_numpy`` while some mode may be on, and its plain ones otherwise."""
    plain = {name: array_class.__dict__[name]
             for name in ("_view", "_read_only_view", "_numpy", "_new", "_adopt")}
    plain_view = plain["_view"]
    plain_read_only_view = plain["_read_only_view"]
    plain_numpy = plain["_numpy"]
    plain_new = plain["_new"].__func__
    plain_adopt = plain["_adopt"].__func__

    def made_here(array: Any) -> Any:
        if tracking():
            array._made = _sharing.call_site()
        return array

    def new(storage: Any, layout: Any, dtype: Any, device: Any) -> Any:
        return made_here(plain_new(storage, layout, dtype, device))

    def adopt(result: Any, dtype: Any, device: Any) -> Any:
        return made_here(plain_adopt(result, dtype, device))

    def view(self: Any, layout: Any) -> Any:
        result = plain_view(self, layout)
        if tracking():
            _track_view(self, result)
        return result

    def read_only_view(self: Any, layout: Any) -> Any:
        result = plain_read_only_view(self, layout)
        if tracking():
            _sharing.share_storage(self._storage, result._storage)
            _track_view(self, result)
        return result

    def numpy(self: Any) -> Any:
        if getattr(self._storage, "sharing", None) is not None and MODES.any:
            mode = value("views")
            if mode in ("warn", "error"):
                _report_marked_read(self, mode)
        return plain_numpy(self)

    def setitem(self: Any, key: Any, value_: Any, /) -> None:
        refuse_write("__setitem__()")
        write(self, key, value_, "__setitem__()", False, self._plain_setitem)

    setitem.__doc__ = array_class.__setitem__.__doc__
    plain["__setitem__"] = array_class.__dict__["__setitem__"]
    tracked = {"_view": view, "_read_only_view": read_only_view, "_numpy": numpy, "_new": staticmethod(new),
               "_adopt": staticmethod(adopt),
               "__setitem__": setitem}

    def switch(any_mode: bool) -> None:
        for name, method in (tracked if any_mode else plain).items():
            setattr(array_class, name, method)

    MODES.watch(switch)


def _track_view(parent: Any, view: Any) -> None:
    """Count ``parent`` and its new ``view`` among the live arrays over their memory."""
    site = _sharing.call_site()
    view._made = site
    _sharing.track(parent, getattr(parent, "_made", None))
    _sharing.track(view, site, parent=parent)


def _report_marked_read(array: Any, mode: str) -> None:
    found = _sharing.marked_elements(array)
    if found is None:
        return
    mark, made = found
    reader = _sharing.call_site()
    message = (
        f"{reader.function}: reads an array whose elements were changed through another "
        f"array over the same memory, by {mark.write}; where views are copies (JAX, Dask, "
        f"TensorFlow) this array would still hold its old values (it was made by "
        f"{made or 'an unknown call, before tracking began'}). Read through the array "
        f"that was written, or write into a copy; {_flag_note(mode)}"
    )
    if mode == "error":
        raise ValueError(message)
    _sharing.clear_mark(array, mark)
    warnings.warn(message, ViewMutationWarning, stacklevel=_sharing.user_stack_level())


def write(
    array: Any, key: Any, source: Any, function: str, augmented: bool,
    plain_write: Callable[[Any, Any], None],
) -> None:
    """``array[key] = source`` under the views flag (``plain_write`` does the write
    itself); ``augmented`` for the write of an in-place operator. Called only while some
    mode may be on; a write's cost here is a few lookups unless another live array sees
    the storage."""
    mode = value("views")
    sharing = getattr(array._storage, "sharing", None)
    if mode == "shared" or sharing is None:
        plain_write(key, source)
        return
    excluded = _not_others(array, source, function, augmented, mode)
    candidates = _sharing.live_others(array, excluded)
    record = sharing.records.get(id(array))
    marked = record is not None and bool(record.marks)
    if not candidates and not marked:
        plain_write(key, source)
        return
    try:
        if key.__class__ is int and array._layout.shape:
            target, advanced = first_axis_indexed(array._layout, key), None
        elif is_advanced(key):
            target, advanced = array._layout, array._advanced_key(key)
        else:
            target, advanced = basic_indexed(array._layout, basic_key(key)), None
        others = _sharing.others_written(candidates, target, advanced)
    except (IndexError, TypeError, ValueError):  # the plain write raises the right error
        plain_write(key, source)
        return
    if others:
        site = _sharing.call_site(function, 3 if function == "__setitem__()" else 2)
        if mode in ("error-on-write", "copy-on-write") or any(
            other.foreign is not None for other in others
        ):
            # a write the plain path refuses (a read-only or broadcast array, a value of
            # the wrong kind or shape) raises its own error before a report or a copy
            array._checked_source(source, None if advanced is not None else target.shape)
            array._check_writable()
        if mode == "error-on-write":
            raise ValueError(_write_message(site, others[0], mode))
        if mode == "copy-on-write":
            _own_elements(array)
            plain_write(key, source)
            return
        for other in others:
            if other.foreign is not None:  # NumPy's reads are not ours to see: report now
                if mode == "error":
                    raise ValueError(_write_message(site, other, mode))
                warnings.warn(_write_message(site, other, mode), ViewMutationWarning,
                              stacklevel=_sharing.user_stack_level())
                break
    plain_write(key, source)
    if others:
        _sharing.mark(others, site)
    if marked:
        _sharing.unmark_written(array, target, advanced)


def _not_others(
    array: Any, source: Any, function: str, augmented: bool, mode: str
) -> tuple[object, ...]:
    """What a write into ``array`` does not count as another array: the value written
    (except, under copy-on-write, a live array made on another line, whose elements the
    writer must not change), and, for Python's own ``x[key] op= y``, the array ``x``
    whose temporary view ``x[key]`` (made on this very line) is being written."""
    made = getattr(array, "_made", None) if augmented else None
    if made is not None and made.function == "__getitem__()" and in_augmented_subscript():
        here = _sharing.call_site(function, 3)
        if (made.filename, made.lineno) == (here.filename, here.lineno):
            return (source, _sharing.parent_of(array))
    if mode == "copy-on-write" and not _made_on_this_line(source, function):
        return ()
    return (source,)


def _made_on_this_line(source: Any, function: str) -> bool:
    made = getattr(source, "_made", None)
    if made is None:
        return True  # not one of our tracked arrays: a scalar, or an array of nobody's
    here = _sharing.call_site(function, 3)
    return (made.filename, made.lineno) == (here.filename, here.lineno)


def _write_message(site: _sharing.Site, other: _sharing.Other, mode: str) -> str:
    return (
        f"{site}: this write changes elements that {other.describe()} also views; where "
        f"views are copies (JAX, Dask, TensorFlow) that array would keep its old values. "
        f"To write portably, {_WAY_OUT}; {_flag_note(mode)}"
    )


def _own_elements(array: Any) -> None:
    """Copy-on-write: ``array`` gets a new storage holding a copy of its elements."""
    _sharing.forget(array)
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
    frame = _sharing.user_frame()
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
    """Count ``exported``, a NumPy array handed out by ``function`` (``__array__``),
    among the arrays that see ``array``'s memory while someone holds it."""
    if tracking() and _sharing.shares_buffer(array._storage, exported):
        site = _sharing.call_site()
        _sharing.register_foreign(array._storage, [(exported, 0)],
                                  _sharing.Site(f"handed out by {function}", site.filename,
                                                site.lineno))
    return exported
