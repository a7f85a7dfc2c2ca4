"""
Who else can read an element: the bookkeeping of the views modes.

While the views flag is not ``"shared"``, a storage that more than one live array can
see (ours, or a NumPy array that shares its memory) carries a ``Sharing``: weak
references to those arrays, where each was made, which array each view was made from,
and the marks that writes through one array leave on the others. Whether a write
touches another array's elements is decided on element addresses: an extent test
first, then the exact intersection of the two sets of addresses, never address ranges
alone. An array whose last other viewer is gone is free again, since only live arrays
are asked.

A NumPy array counts while something other than our own objects holds it: the storage
is built so that all of our references to it go through one object, and the count of
those references is measured when it is registered (``sys.getrefcount`` before and
after), so that ``asarray(numpy.zeros(3))`` shares with nobody once the call returns.

The modes' layer: pure Python bookkeeping that asks the kernels (``_shared_memory``) for
what only NumPy knows (element addresses, where a NumPy array's elements are, who holds
it); arrays are read through their storage and layout, never through the array class.
"""

from __future__ import annotations

import os
import sys
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
from .._tables._layout import Layout, extent, row_major_strides

ArrayObject = Any
"""Our array object (storage, layout, dtype); the array layer sits above this module."""

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


class Site(NamedTuple):
    """Where user code called the package: the package function called, and the
    caller's file and line."""

    function: str
    filename: str
    lineno: int

    def __str__(self) -> str:
        parts = self.filename.replace("\\", "/").split("/")
        return f"{self.function} at {'/'.join(parts[-2:])}:{self.lineno}"


_new_site = tuple.__new__  # a Site without NamedTuple's argument handling

_IN_PACKAGE = BoundedCache(limit=4096)
"""Whether each code object seen in a walk of the stack is the package's own."""


_in_package = _IN_PACKAGE.get  # bound once: the walk below is on the views modes' hot path


def _inside(code: Any) -> bool:
    """True for a code object of the package's own."""
    inside = _in_package(code)
    if inside is None:
        inside = _IN_PACKAGE.remember(code, code.co_filename.startswith(_PACKAGE))
    return inside


def _outside(frame: Any) -> tuple[Any, str]:
    """The first frame outside the package from ``frame`` outwards, and the name of the
    package function it called."""
    function = frame.f_code.co_name
    while frame.f_back is not None:
        code = frame.f_code
        inside = _in_package(code)
        if inside is None:
            inside = _inside(code)
        if not inside:
            break
        function = code.co_name
        frame = frame.f_back
    return frame, function


def user_stack_level() -> int:
    """The ``stacklevel`` of ``warnings.warn``, called right here, that names the first
    line outside the package."""
    frame, level = sys._getframe(1), 1
    while frame.f_back is not None and _inside(frame.f_code):
        frame, level = frame.f_back, level + 1
    return level


def call_site(function: str | None = None, depth: int = 1) -> Site:
    """The first frame outside the package, and ``function``, or else the package
    function that frame called; the walk starts ``depth`` frames up from the caller's,
    where a caller that knows how deep it is saves the steps."""
    frame, called = _outside(sys._getframe(depth))
    return _new_site(Site, (function or f"{called}()", frame.f_code.co_filename, frame.f_lineno))


def user_frame() -> Any:
    """The innermost frame outside the package."""
    return _outside(sys._getframe(1))[0]


class Mark:
    """Elements of an array changed through another array: their addresses (a set of
    element indices into the storage) and the write that changed them."""

    __slots__ = ("addresses", "write")

    def __init__(self, addresses: Addresses, write: Site):
        self.addresses = addresses
        self.write = write


Origin = tuple[str, Site]
"""Where an array came from, for the reports: how ("made by", "first viewed by") and
the site, put into words only when a report needs them."""


def described(origin: Origin | None) -> str | None:
    """An origin in words ("made by reshape() at f.py:3"), or None."""
    return None if origin is None else f"{origin[0]} {origin[1]}"


class Record:
    """One live array of ours over a shared storage, and where it came from."""

    __slots__ = ("ref", "made", "parent", "marks")

    def __init__(self, ref: weakref.ref, made: Origin | None, parent: weakref.ref | None,
                 marks: list[Mark]):
        self.ref = ref
        self.made = made
        self.parent = parent
        self.marks = marks


class Foreign:
    """A NumPy array sharing the storage's memory, and how many references our own
    objects hold to it (it counts as live only while something else holds it too)."""

    __slots__ = ("ref", "our_references", "origin")

    def __init__(self, ref: weakref.ref, our_references: int, origin: Site):
        self.ref = ref
        self.our_references = our_references
        self.origin = origin

    def live(self) -> ForeignArray | None:
        array = self.ref()
        if array is None or not is_held_elsewhere(array, self.our_references):
            return None
        return array


class _KeyedRef(weakref.ref):
    """A weak reference to a tracked array that knows its key in ``Sharing.records``."""

    __slots__ = ("key",)
    key: int


class Sharing:
    """The live arrays over one storage (and its read-only aliases)."""

    __slots__ = ("records", "foreign", "gone")

    def __init__(self) -> None:
        self.records: dict[int, Record] = {}
        self.foreign: list[Foreign] = []
        self.gone = self._gone  # bound once: the callback of every record's reference

    def _gone(self, ref: _KeyedRef) -> None:
        """A tracked array is gone: forget its record (unless the key is already reused)."""
        record = self.records.get(ref.key)
        if record is not None and record.ref is ref:
            del self.records[ref.key]


def sharing_of(storage: Storage) -> Sharing | None:
    """The storage's Sharing, or None when no tracked array shares it."""
    return storage.sharing


_HANDED_OUT: weakref.WeakSet[Storage] = weakref.WeakSet()
"""Every live storage whose memory was handed out (``__array__``, ``__dlpack__``, an
out-of-band pickle buffer) while tracked: the memory a NumPy array handed back to us
may lie in (``alias_of_tracked``). Memory that came in from NumPy needs no such search:
the NumPy array it came in as is counted on every storage over it."""


def _sharing_for(storage: Storage) -> Sharing:
    sharing = storage.sharing
    if sharing is None:
        sharing = storage.sharing = Sharing()
    return sharing


def handed_out(storage: Storage) -> None:
    """Remember that ``storage``'s memory was handed to another library."""
    _sharing_for(storage)
    _HANDED_OUT.add(storage)


def alias_of_tracked(array: ForeignArray) -> tuple[Storage, Layout] | None:
    """When a NumPy array's elements lie in the storage of tracked arrays of ours (it
    came back from ``__array__``, ``__dlpack__`` or an out-of-band pickle buffer): a
    storage over the same buffer that shares its bookkeeping (read-only when the NumPy
    array or the storage is), and the array's layout over it, so that every array over
    that memory is seen in one frame of element addresses; None otherwise."""
    found = storage_holding(array, list(_HANDED_OUT))
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


def track(array: ArrayObject, made: Origin | None, parent: ArrayObject | None = None) -> None:
    """Count ``array`` among the live arrays of its storage (once), ``made`` saying where
    it came from; a view made from ``parent`` (tracked already) carries its marks."""
    sharing = _sharing_for(array._storage)
    key = id(array)
    records = sharing.records
    if key in records:
        return
    array._np_view = None  # its reads must reach ``_numpy()``, which checks them
    parent_ref, marks = None, []
    if parent is not None:
        parent_record = records.get(id(parent))
        if parent_record is not None:
            parent_ref = parent_record.ref
            if parent_record.marks:
                marks = list(parent_record.marks)
        else:
            parent_ref = weakref.ref(parent)
    ref = _KeyedRef(array, sharing.gone)
    ref.key = key
    records[key] = Record(ref, made, parent_ref, marks)


def forget(array: ArrayObject) -> None:
    """Stop counting ``array`` over its storage (it is about to get a storage of its own)."""
    sharing = sharing_of(array._storage)
    if sharing is not None:
        sharing.records.pop(id(array), None)


def share_storage(storage: Storage, alias: Storage) -> None:
    """``alias`` (another storage over ``storage``'s memory) shares its bookkeeping."""
    alias.sharing = _sharing_for(storage)
    if storage in _HANDED_OUT:
        _HANDED_OUT.add(alias)


def register_foreign(
    storage: Storage, arrays: list[tuple[ForeignArray, int]], origin: Site
) -> None:
    """Count NumPy arrays that see ``storage``'s memory, each with the number of
    references our own objects hold to it (entries whose array is gone go first, so
    that exports never written after do not pile up; an array counted already keeps its
    entry: the storages over one buffer share it, and their references with it)."""
    sharing = _sharing_for(storage)
    sharing.foreign = [foreign for foreign in sharing.foreign if foreign.ref() is not None]
    counted = {id(foreign.ref()) for foreign in sharing.foreign}
    for array, our_references in arrays:
        if id(array) not in counted:
            sharing.foreign.append(Foreign(weakref.ref(array), our_references, origin))


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
            shared = (
                Storage(borrowed_through_one_reference(array)),
                Layout(array.shape, row_major_strides(array.shape), 0),
            )
        else:
            shared = borrow(array)
        if shared is None:
            return None
        after = reference_counts(owners)
    site = call_site()
    register_foreign(shared[0],
                     [(owner, count - was) for owner, was, count in zip(owners, before, after)],
                     Site(f"handed to {site.function}", site.filename, site.lineno))
    return shared


def _apart(first: tuple[int, int] | None, second: tuple[int, int] | None) -> bool:
    return first is None or second is None or first[0] > second[1] or first[1] < second[0]


# --- one write --------------------------------------------------------------------------


class Other(NamedTuple):
    """A live array whose elements a write changes: ours (a record) or NumPy's."""

    record: Record | None
    foreign: Foreign | None
    addresses: Addresses

    def describe(self) -> str:
        if self.foreign is not None:
            return f"a NumPy array ({self.foreign.origin})"
        made = described(self.record.made) if self.record is not None else None
        return f"another array ({made})" if made else "another array"


Candidate = tuple  # (Record | None, Foreign | None, Layout): a live array and its layout


def live_others(writer: ArrayObject, excluded: tuple[object, ...]) -> list[Candidate]:
    """Every live array but ``writer`` and ``excluded`` (one or two objects) that may see
    ``writer``'s storage (ours, or a NumPy array held outside our objects), with its layout
    over the storage. A storage left with nobody else drops its bookkeeping (unless the
    writer carries marks), so that later writes through it are plain."""
    storage = writer._storage
    sharing = sharing_of(storage)
    if sharing is None:
        return []
    candidates: list[Candidate] = []
    first = excluded[0] if excluded else writer
    second = excluded[-1] if excluded else writer  # ``write`` passes one or two
    for record in tuple(sharing.records.values()):
        array = record.ref()
        if not (array is None or array is writer or array is first or array is second):
            candidates.append((record, None, array._layout))
    if sharing.foreign:
        for foreign in tuple(sharing.foreign):
            array = foreign.live()
            if array is None:
                if foreign.ref() is None:
                    _drop(sharing, foreign)
            elif not (array is first or array is second):
                candidates.append((None, foreign, foreign_layout(array, storage)))
    if not candidates:
        _forget_if_alone(writer, storage, sharing)
    return candidates


def _forget_if_alone(writer: ArrayObject, storage: Storage, sharing: Sharing) -> None:
    """Drop the bookkeeping of a storage that no other live array sees (a NumPy array
    only our own objects hold is no other), unless the writer carries marks still to
    report: its writes are plain again."""
    record = sharing.records.get(id(writer))
    if record is not None and record.marks:
        return
    if all(other.ref() is None or other.ref() is writer for other in sharing.records.values()):
        sharing.records.pop(id(writer), None)
        storage.sharing = None


def release_if_alone(array: ArrayObject) -> None:
    """``array``'s storage forgets its bookkeeping when no other live array sees it and
    ``array`` carries no mark (the reads and writes through it are plain again)."""
    storage = array._storage
    sharing = storage.sharing
    if sharing is None:
        return
    for record in sharing.records.values():
        other = record.ref()
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
    """The array ``array`` was viewed from, while it lives."""
    sharing = sharing_of(array._storage)
    record = None if sharing is None else sharing.records.get(id(array))
    return None if record is None or record.parent is None else record.parent()


def mark(others: list[Other], write: Site) -> None:
    """Leave a mark of ``write`` on each of our arrays among ``others``; an array keeps
    one mark, the earliest write's, over every element changed under it since."""
    for other in others:
        record = other.record
        if record is None:
            continue
        if record.marks:
            first = record.marks[0]
            if other.addresses is not first.addresses and len(
                difference(other.addresses, first.addresses)
            ):
                record.marks = [Mark(union(first.addresses, other.addresses), first.write)]
        else:
            record.marks = [Mark(other.addresses, write)]


def unmark_written(writer: ArrayObject, target: Layout, advanced_key: tuple | None) -> None:
    """The writer's own write replaces what others wrote over the same elements."""
    sharing = sharing_of(writer._storage)
    record = None if sharing is None else sharing.records.get(id(writer))
    if record is None or not record.marks:
        return
    written = addresses_of(target, advanced_key)
    kept = []
    for old in record.marks:
        remaining = difference(old.addresses, written)
        if len(remaining):
            kept.append(Mark(remaining, old.write))
    record.marks = kept


def marked_elements(array: ArrayObject) -> tuple[Mark, Origin | None] | None:
    """The first mark that covers some element of ``array``, and where the array was
    made; None when its elements are as every other library would have them."""
    sharing = sharing_of(array._storage)
    record = None if sharing is None else sharing.records.get(id(array))
    if record is None or not record.marks:
        return None
    own = addresses_of(array._layout)
    for old in record.marks:
        if len(intersection(old.addresses, own)):
            return old, record.made
    return None


def clear_mark(array: ArrayObject, reported: Mark) -> None:
    """Drop a mark once reported (the warning is given once per write)."""
    sharing = sharing_of(array._storage)
    record = None if sharing is None else sharing.records.get(id(array))
    if record is not None:
        record.marks = [old for old in record.marks if old is not reported]

