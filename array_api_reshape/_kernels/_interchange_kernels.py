"""
Interchange kernels: our elements handed to another library, through NumPy's array
protocol (``__array__``) and DLPack (``__dlpack__``), shared unless a copy is asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ._copy_kernels import copy_strided
from ._numpy_views import Elements
from ._storage import DLPACK_CPU


def to_numpy(
    x: Elements, dtype: Any = None, copy: bool | None = None, read_only: bool = False
) -> np.ndarray:
    """NumPy's ``__array__`` protocol for our array: share memory unless told or forced
    to copy; with ``read_only``, a view NumPy refuses to write through."""
    view = x._numpy()
    if read_only:
        shared = to_numpy(x, dtype, copy)
        if np.may_share_memory(shared, view):
            shared = shared.view()
            shared.flags.writeable = False
        return shared
    if dtype is not None and np.dtype(dtype) != view.dtype:
        if copy is False:
            raise ValueError(
                f"__array__(): converting {view.dtype} to {np.dtype(dtype)} needs a copy, "
                "but copy=False"
            )
        return view.astype(dtype)
    # a new ndarray object over the same memory: callers may reshape what we hand out
    return copy_strided(view) if copy else view.view()


def export_dlpack(
    x: Elements,
    max_version: tuple[int, int] | None,
    dl_device: tuple[int, int] | None,
    copy: bool | None,
    read_only: bool = False,
    on_export: Callable[[np.ndarray], None] | None = None,
) -> Any:
    """The DLPack capsule of our array (NumPy produces it; the CPU needs no stream).
    With ``read_only`` the shared memory is exported read-only: DLPack 1.0 marks it so,
    and NumPy refuses an older capsule, which cannot say it. ``on_export`` is handed
    the NumPy view the capsule keeps alive, when it shares our memory (the views modes
    count it as another array while its consumer holds it)."""
    view = x._numpy()
    if (read_only or on_export is not None) and not copy:
        view = view.view()
        if read_only:
            view.flags.writeable = False
        if on_export is not None:
            on_export(view)
    if dl_device is not None and tuple(dl_device) != DLPACK_CPU:
        raise ValueError(
            f"__dlpack__(): 'dl_device' {dl_device!r} is not the CPU {DLPACK_CPU}; "
            "copying to another device is not supported"
        )
    if copy:
        view = copy_strided(view)
    kwargs: dict[str, Any] = {} if max_version is None else {"max_version": max_version}
    return view.__dlpack__(**kwargs)
