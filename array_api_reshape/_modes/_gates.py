"""
Whether a call needs the portability modes: the one question each fast path asks.

Every hot operation has a fast path (in the compiled array object and entries) and a
general path, where the modes live. A fast path runs only when its family's gate here
says that no mode could see the call: the gate names what its general path would check
(the flags that govern it, the devices of its arrays, the memory other arrays see, the
profile in force). No fast path reads ``MODES`` itself, so a flag that governs nothing a
family does (``writeable=False`` for ``exp``) never sends that family to its general path.

Each gate reads the ``MODES`` concern of its family first: one C field read in the
default namespace, where every gate says yes.
"""

from __future__ import annotations

from typing import Any

from .._kernels._storage import Storage
from .._tables._devices import CPU_DEVICE
from ._flag_state import MODES, value


def _plain_storage(storage: Storage) -> bool:
    """True when no other tracked array sees ``storage``'s memory and it is the CPU's."""
    return storage.sharing is None and storage.device is CPU_DEVICE


def _no_profile_here() -> bool:
    """True when no profile is in force in this context (one may be elsewhere)."""
    return not MODES.profile or value("profile") is None


def plain_operands(first: Storage, second: Any) -> bool:
    """True when a computation on arrays over ``first`` and ``second`` (a storage, or None
    for a Python scalar or a single operand) needs no mode: no views mode tracks their
    memory, both are on the CPU, no profile is in force. The gate of the element-wise
    functions and operators, and of ``where``, ``concat``, ``take_along_axis``,
    ``astype`` and the reductions (with ``plain_promotion`` where dtypes meet)."""
    if not MODES.operands:
        return True
    if not _no_profile_here() or not _plain_storage(first):
        return False
    return second is None or _plain_storage(second)


def plain_promotion() -> bool:
    """True when two dtypes may meet as the default namespace promotes them: no flag that
    refuses a promotion (``unspecified="refuse"``, a profile) may differ. With
    ``plain_operands``, the gate of calls that convert their operands first."""
    return not MODES.promotion


def plain_computation(storage: Storage) -> bool:
    """True when a computation on one array over ``storage`` (a reduction, ``astype``)
    needs no mode: ``plain_operands`` and ``plain_promotion``."""
    return not MODES.promotion and plain_operands(storage, None)


def plain_combination() -> bool:
    """True when no call that combines several arrays (``where``, ``concat``,
    ``take_along_axis``) can need a mode anywhere: no views mode, no device but the CPU,
    no flag that refuses a promotion, no profile."""
    return not (MODES.operands or MODES.promotion)


def plain_write(target: Storage, source: Any) -> bool:
    """True when a write into ``target``'s memory, from ``source`` (a storage, or None for
    a scalar), needs no mode: the writeable flag cannot be off, no views mode tracks
    either's memory, both are on the CPU, no profile is in force. The gate of the
    in-place operators and of ``x[i] = v`` for one int or an index array."""
    if not (MODES.writes or MODES.devices):
        return True
    if MODES.read_only or not _no_profile_here() or not _plain_storage(target):
        return False
    return source is None or _plain_storage(source)


def plain_view() -> bool:
    """True when a view (a basic key, ``reshape``, ``permute_dims``) needs no profile's
    rules (keys a library clamps or refuses, sizes it does not know). The views modes
    see every view where it is made (``Array._view``), so they need no gate."""
    return not MODES.profile


def plain_selection(storage: Storage, index: Storage) -> bool:
    """True when selecting by an index array or a boolean mask (over ``index``) from, or
    into, ``storage`` needs no mode: no flag that governs such keys may differ
    (boolean_indexing, data_dependent_shapes, lazy, a profile), and ``plain_operands``."""
    return not MODES.selections and plain_operands(storage, index)


def plain_creation(device: Any) -> bool:
    """True when an array made on ``device`` (None: the default) needs no mode: the CPU,
    no fixed device, no profile's defaults, no views mode counting what is made. The gate
    of ``asarray`` and (with ``plain_promotion``, for the values they convert) of the
    creation functions."""
    if device is not None and device is not CPU_DEVICE:
        return False
    return not (MODES.fixed_device or MODES.profile or MODES.tracking)
