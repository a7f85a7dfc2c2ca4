"""
Who else can read an element: the bookkeeping of the views modes.

While the views flag is not ``"shared"``, a storage that more than one live array can
see (ours, or a NumPy array that shares its memory) carries a ``Sharing``: weak
references to those arrays and the marks that writes through one array leave on the
others. Each array of ours keeps where it was made in its ``_made_at`` (a ``Made``: a
code object and an instruction offset, put into words only when a report needs them), a
weak reference to the array it was viewed from, and the token of the ``Sharing`` that
counts it.
Whether a write touches another array's elements is decided on element addresses: an
extent test first, then the exact intersection of the two sets of addresses, never
address ranges alone. An array whose last other viewer is gone is free again, since only
live arrays are asked.

Making a view is the hot path here (compiled in the compiled build), so it does the least
that later questions need: one weak reference, appended to a list (no callback, no key:
the entries of arrays that are gone are dropped when the entries are next walked, or when
the list has doubled since), the parent's weak reference (CPython keeps one basic
reference per object, so asking again gives the one made when the parent was counted),
the code and offset of the user's call (read in C from the frame that called the
compiled code, without a walk of the stack, when that frame is the user's) and no
formatting.

A NumPy array counts while something other than our own objects holds it: the storage
is built so that all of our references to it go through one object, and the count of
those references is measured when it is registered (``sys.getrefcount`` before and
after), so that ``asarray(numpy.zeros(3))`` shares with nobody once the call returns.

The modes' layer: pure Python bookkeeping that asks the kernels (``_shared_memory``) for
what only NumPy knows (element addresses, where a NumPy array's elements are, who holds
it); arrays are read through their storage and layout, never through the array class.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any, NamedTuple

from .._kernels._shared_memory import (
    Addresses,
    ForeignArray,
    addresses_of,
    borrowed_through_one_reference,
    difference,
    foreign_layout,
    intersection,
    is_c_contiguous,
    is_held_elsewhere,
    overlap,
    owners_of,
    reference_counts,
    storage_holding,
    union,
)
from .._kernels._storage import Storage, borrow, read_only_alias
from .._tables._bounded_cache import BoundedCache
from .._tables._layout import (
    Layout,
    contiguous_layout,
    extent,
    remembered_contiguous_layout,
)
from . import _call_sites, _weak_references
from ._call_sites import (
    IN_PACKAGE,
    PLACE_FRAMES,
    UNNAMED,
    Made,
    Place,
    Site,
    is_package_code,
    made_here,
    place_of,
    site_of,
)

ArrayObject = Any
"""Our array object (storage, layout, dtype); the array layer sits above this module."""

_weak = weakref.ref


class Mark:
    """Elements of an array changed through another array: their addresses (a set of
    element indices into the storage), the write that changed them, and where the array
    written through was made (``view_chain``)."""

    __slots__ = ("addresses", "write", "through")

    def __init__(self, addresses: Addresses, write: Place, through: tuple[Place, ...]):
        self.addresses = addresses
        self.write = write
        self.through = through


Origin = tuple[str, "Made | Site"]
"""Where an array came from, for the reports: how ("made by", "first viewed by") and
where, put into words only when a report needs them."""


def described(origin: Origin | None) -> str | None:
    """An origin in words ("made by reshape() at f.py:3"), or None."""
    if origin is None:
        return None
    how, where = origin
    return f"{how} {where if isinstance(where, Site) else site_of(where)}"


class Foreign:
    """A NumPy array sharing the storage's memory, and how many references our own
    objects hold to it (it counts as live only while something else holds it too)."""

    __slots__ = ("ref", "our_references", "origin")

    def __init__(self, ref: weakref.ref, our_references: int, origin: Origin):
        self.ref = ref
        self.our_references = our_references
        self.origin = origin

    def live(self) -> ForeignArray | None:
        array = self.ref()
        if array is None or not is_held_elsewhere(array, self.our_references):
            return None
        return array


FEWEST_ENTRIES = 256
"""The length below which a Sharing's list of arrays is never searched for the entries of
arrays that are gone (beyond it, it is each time it doubles): views made and dropped in a
loop cost a search every 250 or so, and leave at most this many dead entries."""


class Sharing:
    """The live arrays over one storage (and its read-only aliases).

    ``arrays`` holds a weak reference to each array of ours counted here, once (an entry
    whose array is gone stays until the entries are walked, or until the list reaches
    ``limit``). An array made while tracked holds ``token`` in its ``_made_at`` while
    these books count it (the token, not the books: an array outliving the books keeps
    none of their marks alive); one made before has an entry in ``origins``. ``marks``
    and ``origins`` hold, by ``id``, for the few arrays that have them, the marks of other
    arrays' writes and where an array made before the tracking came from (or None), each
    beside the reference it belongs to (an entry counts only while its reference answers
    with its array)."""

    __slots__ = ("arrays", "limit", "token", "marks", "origins", "foreign")

    def __init__(self) -> None:
        self.arrays: list[weakref.ref] = []
        self.limit = FEWEST_ENTRIES
        self.token = object()
        self.marks: dict[int, tuple[weakref.ref, list[Mark]]] = {}
        self.origins: dict[int, tuple[weakref.ref, Origin | None]] = {}
        self.foreign: list[Foreign] = []


def _count(sharing: Sharing, array: ArrayObject) -> weakref.ref:
    """Count ``array`` among the arrays of ``sharing`` (the caller knows it is not yet):
    its weak reference, appended; the entries of arrays that are gone are dropped
    whenever the list reaches its limit, which is then twice the entries kept."""
    ref = _weak_references.weak_reference(array)
    arrays = sharing.arrays
    arrays.append(ref)
    if len(arrays) >= sharing.limit:
        _drop_gone(sharing)
    return ref


_REWRITING = threading.Lock()
"""Held while entries are dropped from a list of arrays: one thread rewrites a list at a
time, and the entries other threads append meanwhile are kept."""


def _drop_gone(sharing: Sharing, leaving: ArrayObject = None) -> None:
    """Drop the entries of arrays that are gone (and ``leaving``'s); the list may grow to
    twice what is kept before this is done again."""
    with _REWRITING:
        arrays = sharing.arrays
        read = len(arrays)
        kept = 0
        for index in range(read):
            ref = arrays[index]
            array = _weak_references.referent(ref)
            if array is not None and array is not leaving:
                arrays[kept] = ref
                kept += 1
        del arrays[kept:read]
        sharing.limit = max(2 * len(arrays), FEWEST_ENTRIES)


def _live_arrays(sharing: Sharing) -> list[ArrayObject]:
    """The arrays of ours ``sharing`` counts that are alive (the entries of those that are
    gone are dropped)."""
    _drop_gone(sharing)
    live = []
    for ref in tuple(sharing.arrays):
        array = _weak_references.referent(ref)
        if array is not None:
            live.append(array)
    return live


def sharing_of(storage: Storage) -> Sharing | None:
    """The storage's Sharing, or None when no tracked array shares it."""
    return storage.sharing


def _sharing_for(storage: Storage) -> Sharing:
    sharing = storage.sharing
    if sharing is None:
        sharing = storage.sharing = Sharing()
    return sharing


def _own(entries: dict[int, tuple[weakref.ref, Any]], array: ArrayObject) -> Any:
    """The value ``entries`` keeps for ``array`` (None when it keeps none)."""
    entry = entries.get(id(array))
    return None if entry is None or entry[0]() is not array else entry[1]


def marks_of(sharing: Sharing, array: ArrayObject) -> list[Mark]:
    """The marks that other arrays' writes left on ``array`` (empty when none)."""
    return (_own(sharing.marks, array) or []) if sharing.marks else []


def _set_marks(sharing: Sharing, array: ArrayObject, marks: list[Mark]) -> None:
    if marks:
        sharing.marks[id(array)] = (_weak(array), marks)
    else:
        sharing.marks.pop(id(array), None)


def origin_of(array: ArrayObject) -> Origin | None:
    """Where ``array`` came from, for the reports: where it was made, when it was made
    while tracked, else where its memory was first shared (viewed, handed out)."""
    made = getattr(array, "_made_at", None)
    if made is not None:
        return ("made by", made)
    sharing = array._storage.sharing
    return None if sharing is None else _own(sharing.origins, array)


def is_tracked(sharing: Sharing | None, array: ArrayObject) -> bool:
    """True when ``array`` is counted among the arrays of ``sharing``."""
    if sharing is None:
        return False
    made = getattr(array, "_made_at", None)
    if made is not None:
        return made[4] is sharing.token
    entry = sharing.origins.get(id(array))
    return entry is not None and entry[0]() is array


_HANDED_OUT: set[weakref.ref] = set()
"""A weak reference to every live storage whose memory was handed out (``__array__``,
``__dlpack__``, an out-of-band pickle buffer) while tracked: the memory a NumPy array
handed back to us may lie in (``alias_of_tracked``). Memory that came in from NumPy needs
no such search: the NumPy array it came in as is counted on every storage over it."""


def handed_out(storage: Storage) -> None:
    """Remember that ``storage``'s memory was handed to another library."""
    _sharing_for(storage)
    _HANDED_OUT.add(_weak(storage, _HANDED_OUT.discard))


def alias_of_tracked(array: ForeignArray) -> tuple[Storage, Layout] | None:
    """When a NumPy array's elements lie in the storage of tracked arrays of ours (it
    came back from ``__array__``, ``__dlpack__`` or an out-of-band pickle buffer): a
    storage over the same buffer that shares its bookkeeping (read-only when the NumPy
    array or the storage is), and the array's layout over it, so that every array over
    that memory is seen in one frame of element addresses; None otherwise."""
    if not _HANDED_OUT:
        return None
    storages = [storage for storage in (ref() for ref in tuple(_HANDED_OUT)) if storage]
    found = storage_holding(array, storages)
    if found is None:
        return None
    storage, layout, writeable = found
    if writeable and storage.writable:
        alias = Storage(storage.buffer, storage.device)
    else:
        alias = read_only_alias(storage)
    share_storage(storage, alias)
    return alias, layout


def storage_joining_tracked(storage: Storage) -> tuple[Storage, int] | None:
    """For a new storage over memory that a tracked storage holds (an out-of-band pickle
    buffer of an array of ours): a storage sharing that one's bookkeeping, and the
    element where the new storage's elements start in it; None otherwise."""
    found = alias_of_tracked(storage.buffer)
    return None if found is None else (found[0], found[1].offset)


_COUNTING_FIRST = threading.Lock()
"""Held while an array is counted for the first time: threads that view one array no
mode has counted yet, at once, count it once (and give its storage one Sharing)."""


def track(array: ArrayObject, origin: Origin | None = None) -> None:
    """Count ``array`` among the live arrays of its storage (once); ``origin`` says where
    it came from when it was not made while tracked (``_made_at`` says so otherwise)."""
    with _COUNTING_FIRST:
        sharing = _sharing_for(array._storage)
        if is_tracked(sharing, array):
            return
        array._np_view = None  # its reads must reach ``_numpy()``, which checks them
        ref = _count(sharing, array)
        made = getattr(array, "_made_at", None)
        if made is None:
            sharing.origins[id(array)] = (ref, origin)
            array._made_at = None  # (set, so that ``track_view`` reads it without a default)
        else:
            array._made_at = (made[0], made[1], made[2], made[3], sharing.token)


_last_made: Made = (None, None, -1, None, None)
"""The last ``Made`` put together without a walk (views made in a loop at one line from
one array are made at the same place, and share it: a ``Made`` is a value), the
``function`` it was asked with and its offset."""
_last_function: str | None = None
_last_offset = -1


def _made_here(function: str | None, parent: weakref.ref | None, books: object) -> Made:
    """``made_here(parent, function, books)``, for the compiled build without a walk of
    the stack when the code that called the compiled code is the user's: its frame is the
    one the walk would stop at, and no function of the package's is there to name."""
    global _last_made, _last_function, _last_offset
    code = _call_sites.calling_code()
    if code is None:
        return made_here(parent, function, books)
    last = _last_made
    if code is not last[1]:  # (the code of ``_last_made`` is the user's)
        inside = IN_PACKAGE.get(_call_sites.filename_of(code))
        if inside is None:
            inside = is_package_code(code)
        if inside:
            return made_here(parent, function, books)
    offset = _call_sites.calling_offset()
    if (code is last[1] and offset == _last_offset and parent is last[3]
            and books is last[4] and function is _last_function):
        return last
    _last_made = (function or UNNAMED, code, offset, parent, books)
    _last_function = function
    _last_offset = offset
    return _last_made


def made(array: ArrayObject) -> None:
    """Remember where ``array``, just made by a function of ours, was made, and count it
    among the arrays over its memory when others may see that memory."""
    array._made_at = _made_here(None, None, None)
    storage = array._storage
    if storage.sharing is not None:  # memory others see
        track(array)


def track_view(parent: ArrayObject, view: ArrayObject, function: str | None = None) -> None:
    """Count ``parent`` (when it is not yet) and its new ``view`` among the live arrays
    over their memory; the view carries the parent's marks. ``function``: the package
    function that made it, when its caller knows (else the walk of the stack finds it)."""
    storage = parent._storage
    if view._storage is not storage:  # a read-only alias of the parent's memory
        share_storage(storage, view._storage)
    sharing = storage.sharing
    try:
        made = parent._made_at
    except AttributeError:  # (pure-Python build) an array no mode has placed: not tracked
        made = None
    if sharing is None or made is None or made[4] is not sharing.token:  # (``is_tracked``)
        if not is_tracked(sharing, parent):
            first = _made_here(function, None, None)
            track(parent, ("first viewed by", first))
            sharing = storage.sharing
            view._made_at = (first[0], first[1], first[2],
                             _weak_references.weak_reference(parent), sharing.token)
            _count(sharing, view)
            _inherit_marks(sharing, parent, view)
            return
    view._made_at = _made_here(function, _weak_references.weak_reference(parent),
                               sharing.token)
    _count(sharing, view)
    if sharing.marks:
        _inherit_marks(sharing, parent, view)


def _inherit_marks(sharing: Sharing, parent: ArrayObject, view: ArrayObject) -> None:
    inherited = marks_of(sharing, parent)
    if inherited:
        _set_marks(sharing, view, list(inherited))


def forget(array: ArrayObject) -> None:
    """Stop counting ``array`` over its storage (it is about to get a storage of its own)."""
    sharing = sharing_of(array._storage)
    if sharing is not None:
        _drop_gone(sharing, array)
        sharing.marks.pop(id(array), None)
        sharing.origins.pop(id(array), None)
    made = getattr(array, "_made_at", None)
    if made is not None:
        array._made_at = (made[0], made[1], made[2], made[3], None)


def share_storage(storage: Storage, alias: Storage) -> None:
    """``alias`` (another storage over ``storage``'s memory) shares its bookkeeping."""
    alias.sharing = _sharing_for(storage)
    if _HANDED_OUT and _weak(storage) in _HANDED_OUT:
        _HANDED_OUT.add(_weak(alias, _HANDED_OUT.discard))


def register_foreign(
    storage: Storage, arrays: list[tuple[ForeignArray, int]], origin: Origin
) -> None:
    """Count NumPy arrays that see ``storage``'s memory, each with the number of
    references our own objects hold to it (entries whose array is gone go first, so
    that exports never written after do not pile up; an array counted already keeps its
    entry: the storages over one buffer share it, and their references with it)."""
    sharing = _sharing_for(storage)
    counted: set[int] | tuple[()] = ()
    if sharing.foreign:
        sharing.foreign = [foreign for foreign in sharing.foreign if foreign.ref() is not None]
        counted = {id(foreign.ref()) for foreign in sharing.foreign}
    for array, our_references in arrays:
        if id(array) not in counted:
            sharing.foreign.append(
                Foreign(_weak_references.weak_reference(array), our_references, origin))


def _drop(sharing: Sharing, foreign: Foreign) -> None:
    """Forget a NumPy array that is gone (another thread may have just done so)."""
    try:
        sharing.foreign.remove(foreign)
    except ValueError:
        pass


def borrowed_and_tracked(array: ForeignArray) -> tuple[Storage, Layout] | None:
    """``borrow(array)`` for the views modes: a storage over ``array``'s memory that holds
    it through one object, with ``array`` (and the NumPy array whose memory it views)
    counted among the arrays that see the storage while anything else holds them. When
    that memory is already a tracked storage's (``alias_of_tracked``), the storage shares
    that bookkeeping, and only ``array`` itself is counted: the arrays it views are ours
    or were counted when they were handed out."""
    shared = alias_of_tracked(array)
    if shared is not None:
        owners = [array]
        before = after = reference_counts(owners)
    else:
        owners = owners_of(array)
        before = reference_counts(owners)
        if is_c_contiguous(array):
            shape = array.shape
            shared = (
                Storage(borrowed_through_one_reference(array)),
                remembered_contiguous_layout(shape) or contiguous_layout(shape),
            )
        else:
            shared = borrow(array)
        if shared is None:
            return None
        after = reference_counts(owners)
    register_foreign(shared[0],
                     [(owner, count - was) for owner, was, count in zip(owners, before, after)],
                     ("handed to", _made_here(None, None, None)))
    return shared


def _apart(first: tuple[int, int] | None, second: tuple[int, int] | None) -> bool:
    return first is None or second is None or first[0] > second[1] or first[1] < second[0]


# --- one write --------------------------------------------------------------------------


class Other(NamedTuple):
    """A live array whose elements a write changes: ours or NumPy's."""

    array: ArrayObject | None
    foreign: Foreign | None
    addresses: Addresses

    def describe(self) -> str:
        if self.foreign is not None:
            return f"a NumPy array ({described(self.foreign.origin)})"
        made = described(origin_of(self.array))
        return f"another array ({made})" if made else "another array"


Candidate = tuple  # (our array | None, Foreign | None, Layout): a live array and its layout


def live_others(writer: ArrayObject, excluded: tuple[object, ...]) -> list[Candidate]:
    """Every live array but ``writer`` and ``excluded`` (one or two objects) that may see
    ``writer``'s storage (ours, or a NumPy array held outside our objects), with its layout
    over the storage; the entries of arrays that are gone are dropped. A storage left with
    nobody else drops its bookkeeping (unless the writer carries marks), so that later
    writes through it are plain."""
    storage = writer._storage
    sharing = sharing_of(storage)
    if sharing is None:
        return []
    candidates: list[Candidate] = []
    first = excluded[0] if excluded else writer
    second = excluded[-1] if excluded else writer  # ``write`` passes one or two
    for array in _live_arrays(sharing):
        if not (array is writer or array is first or array is second):
            candidates.append((array, None, array._layout))
    if sharing.foreign:
        for foreign in tuple(sharing.foreign):
            numpy_array = foreign.live()
            if numpy_array is None:
                if foreign.ref() is None:
                    _drop(sharing, foreign)
            elif not (numpy_array is first or numpy_array is second):
                candidates.append((None, foreign, foreign_layout(numpy_array, storage)))
    if not candidates:
        _forget_if_alone(writer, storage, sharing)
    return candidates


def _forget_if_alone(writer: ArrayObject, storage: Storage, sharing: Sharing) -> None:
    """Drop the bookkeeping of a storage that no other live array sees (a NumPy array
    only our own objects hold is no other), unless the writer carries marks still to
    report: its writes are plain again."""
    if marks_of(sharing, writer):
        return
    if all(ref() is None or ref() is writer for ref in tuple(sharing.arrays)):
        storage.sharing = None


def release_if_alone(array: ArrayObject) -> None:
    """``array``'s storage forgets its bookkeeping when no other live array sees it and
    ``array`` carries no mark (the reads and writes through it are plain again)."""
    storage = array._storage
    sharing = storage.sharing
    if sharing is None:
        return
    for ref in tuple(sharing.arrays):
        other = ref()
        if other is not None and other is not array:
            return
    for foreign in sharing.foreign:
        if foreign.live() is not None:
            return
    _forget_if_alone(array, storage, sharing)


def others_written(
    candidates: list[Candidate], target: Layout, advanced_key: tuple | None
) -> list[Other]:
    """The candidates whose elements include some that the write selects (``target``,
    the writer's elements under a basic key, or its whole layout and an advanced key),
    with the common addresses. A NumPy array whose bytes fall between our elements
    counts as seeing all of them."""
    found = []
    if advanced_key is None:
        for ours, numpys, layout in candidates:
            common = _basic_overlap(target, target if layout is None else layout)
            if common is not None:
                found.append(Other(ours, numpys, common))
        return found
    span = extent(target)
    written = None
    for ours, numpys, layout in candidates:
        layout = target if layout is None else layout
        if _apart(span, extent(layout)):
            continue
        if written is None:
            written = addresses_of(target, advanced_key)
        common = overlap(written, layout)
        if common is not None:
            found.append(Other(ours, numpys, common))
    return found


def _basic_overlap(target: Layout, layout: Layout) -> Addresses | None:
    """The addresses ``target`` and ``layout`` share (None for none), remembered: layouts
    are values, so the answer for a pair never changes."""
    pair = (target, layout)
    common = _OVERLAPS.get(pair, _UNKNOWN)
    if common is _UNKNOWN:
        common = None
        if not _apart(extent(target), extent(layout)):
            common = overlap(addresses_of(target), layout)
        _OVERLAPS.remember(pair, common)
    return common


_OVERLAPS = BoundedCache(limit=1024)
"""The common addresses (or None) of a basic write's layout and another array's layout."""

_UNKNOWN = object()


def parent_of(array: ArrayObject) -> ArrayObject | None:
    """The array ``array`` was viewed from, while it lives (a weak reference to it is
    kept: a freed parent is no parent, whichever array takes its ``id`` later)."""
    made = getattr(array, "_made_at", None)
    if made is None or made[3] is None:
        return None
    parent: ArrayObject | None = made[3]()
    return parent


def view_chain(array: ArrayObject) -> tuple[Place, ...]:
    """Where ``array`` was made and where each array it was viewed from was, innermost
    first, while each is a view of a live array (the line that relies on a view sharing
    its elements with its parent is among them); empty for an array that is no view."""
    places: list[Place] = []
    current = array
    while current is not None and len(places) < PLACE_FRAMES:
        made = getattr(current, "_made_at", None)
        if made is None or made[3] is None:
            break
        places.append(place_of(made))
        current = parent_of(current)
    return tuple(places)


def mark(others: list[Other], write: Place, through: tuple[Place, ...]) -> None:
    """Leave a mark of ``write`` (through an array made at ``through``) on each of our
    arrays among ``others``; an array keeps one mark, the earliest write's, over every
    element changed under it since."""
    for other in others:
        array = other.array
        if array is None:
            continue
        sharing = array._storage.sharing
        if sharing is None:
            continue
        marks = marks_of(sharing, array)
        if marks:
            first = marks[0]
            if other.addresses is not first.addresses and len(
                difference(other.addresses, first.addresses)
            ):
                _set_marks(sharing, array, [Mark(union(first.addresses, other.addresses),
                                                 first.write, first.through)])
        else:
            _set_marks(sharing, array, [Mark(other.addresses, write, through)])


def unmark_written(writer: ArrayObject, target: Layout, advanced_key: tuple | None) -> None:
    """The writer's own write replaces what others wrote over the same elements."""
    sharing = sharing_of(writer._storage)
    marks = [] if sharing is None else marks_of(sharing, writer)
    if sharing is None or not marks:
        return
    written = addresses_of(target, advanced_key)
    kept = []
    for old in marks:
        remaining = difference(old.addresses, written)
        if len(remaining):
            kept.append(Mark(remaining, old.write, old.through))
    _set_marks(sharing, writer, kept)


def marked_elements(array: ArrayObject) -> tuple[Mark, Origin | None] | None:
    """The first mark that covers some element of ``array``, and where the array came
    from; None when its elements are as every other library would have them."""
    sharing = sharing_of(array._storage)
    marks = [] if sharing is None else marks_of(sharing, array)
    if not marks:
        return None
    own = addresses_of(array._layout)
    for old in marks:
        if len(intersection(old.addresses, own)):
            return old, origin_of(array)
    return None


def clear_mark(array: ArrayObject, reported: Mark) -> None:
    """Drop a mark once reported (the warning is given once per write)."""
    sharing = sharing_of(array._storage)
    if sharing is not None:
        _set_marks(sharing, array, [old for old in marks_of(sharing, array)
                                    if old is not reported])
