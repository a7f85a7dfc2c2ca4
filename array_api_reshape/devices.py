"""
Devices of your own, and a record of the moves between devices.

Beside the CPU, the namespace has array-api-strict's four test devices (``device1``,
``device2``, ``no_float64``, ``no_x64``). :func:`define` adds one that describes the
accelerator your users run: the dtypes it lacks, its default dtypes, and whether it allows
shapes that depend on the data (PyTorch's ``meta`` device, which holds shapes but no
values, allows none). It holds CPU memory, as the test devices do, and works wherever
they do: ``Device(name)``, every ``device=`` argument, ``to_device``, the inspection
functions (``devices()``, ``dtypes(device=)``, ``default_dtypes(device=)``), the
fixed_device flag; and two devices never meet in one call.

>>> import array_api_reshape as xp
>>> from array_api_reshape import devices, flags
>>> meta = devices.define("meta", data_dependent_shapes=False)
>>> x = xp.asarray([0.0, 2.0, 0.0], device="meta")
>>> float(xp.sum(x))
2.0
>>> xp.nonzero(x)  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
RuntimeError: nonzero(): its result's shape depends on the data, and device 'meta' allows no ...
>>> devices.remove(meta)

The flag ``transfers`` of :mod:`~array_api_reshape.flags` watches the moves of data from
one device to another (``to_device``, and ``asarray``, ``astype`` or ``from_dlpack``
with another ``device=`` than their array's), so that a library's author sees whether
the library keeps its inputs on their device: ``"log"`` records each move with the line
of your code that asked for it (:func:`transfers` reads the record, :func:`clear_transfers`
empties it), and ``"error"`` refuses it:

>>> devices.clear_transfers()
>>> x = xp.asarray([1.0, 2.0], device="device1")
>>> with flags.using(transfers="log"):
...     y = x.to_device("cpu")
>>> [(t.source.name, t.target.name, t.function, t.times) for t in devices.transfers()]
[('device1', 'cpu', 'to_device', 1)]
>>> devices.clear_transfers()

This submodule is not part of the standard; import it as
``from array_api_reshape import devices``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ._modes import _transfers
from ._modes._device_definitions import defined, removed
from ._tables._devices import Device
from ._tables._dtypes import DType

__all__ = ["Device", "Transfer", "define", "remove", "transfers", "clear_transfers"]

Transfer = _transfers.Transfer


def define(
    name: str,
    *,
    lacks: Iterable[DType | str] = (),
    default_dtypes: Mapping[str, DType | str] | None = None,
    data_dependent_shapes: bool = True,
) -> Device:
    """
    Define a test device: from now on, arrays can be made on it and moved to it, and
    ``__array_namespace_info__().devices()`` lists it after the built-in ones.

    Parameters
    ----------
    name : str
        How the device is named (``"meta"``, ``"mps"``, ``"cuda:0"``): a letter, then
        letters, digits, ``_``, ``-``, ``.`` or ``:``; not a built-in device's name, nor
        that of a device defined and not removed.
    lacks : collection of dtypes or dtype names, optional
        The dtypes arrays on the device cannot have (any but bool); results that would
        have one are refused, as on ``no_float64``. Default: none.
    default_dtypes : dict, optional
        The device's default dtypes by kind, with the keys of ``default_dtypes()``:
        ``"real floating"`` (float32 or float64), ``"complex floating"`` (complex64 or
        complex128), ``"integral"`` and ``"indexing"`` (int32 or int64). A kind left out
        takes the CPU's default (float64, complex128, int64, int64) when the device has
        it, else the 32-bit one.
    data_dependent_shapes : bool, optional
        False: ``nonzero``, ``unique_all``, ``unique_counts``, ``unique_inverse``,
        ``unique_values``, a read through a boolean mask and ``repeat`` with an array
        of counts raise RuntimeError for arrays on the device, as on PyTorch's ``meta``
        device. Default: True.

    Returns
    -------
    Device
        The new device.

    Raises
    ------
    TypeError
        If an argument has the wrong type (a name that is not a str, a single dtype
        name as ``lacks``, ...).
    ValueError
        If the name is malformed, built in or already defined; if a dtype is unknown or
        a default is not one of its kind's choices or is a dtype the device lacks.
        Nothing is defined then.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import devices
    >>> mps = devices.define("mps", lacks=["float64", "complex128"])
    >>> xp.__array_namespace_info__().default_dtypes(device=mps)["real floating"]
    array_api_reshape.float32
    >>> xp.ones(2, device="mps")
    Array([1., 1.], dtype=float32, device=mps)
    >>> devices.remove("mps")
    """
    return defined(name, lacks, default_dtypes, data_dependent_shapes, "define")


def remove(device: Device | str) -> None:
    """
    Take a device that :func:`define` made out of the namespace: its name no longer
    names a device, and no new array can be made on it or moved to it. Arrays already
    on it keep it and keep working; a device defined again under its name is a new
    device, which never meets them in one call.

    Parameters
    ----------
    device : Device or str
        The device, or its name.

    Raises
    ------
    TypeError
        If ``device`` is neither a device nor a str.
    ValueError
        If the device is built in, is not defined (or was removed already), or is the
        device the fixed_device flag keeps arrays on here.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import devices
    >>> _ = devices.define("scratch")
    >>> devices.remove("scratch")
    >>> "scratch" in [d.name for d in xp.__array_namespace_info__().devices()]
    False
    """
    removed(device, "remove")


def transfers() -> tuple[Transfer, ...]:
    """
    The moves of data between devices recorded while the transfers flag was ``"log"``
    (in any thread), one :class:`Transfer` for each line of code and pair of devices,
    in the order first seen, with how many times that line moved data.

    Each record holds ``source`` and ``target`` (devices), ``function`` (``"to_device"``,
    ``"asarray"``, ``"astype"`` or ``"from_dlpack"``), ``file`` and ``line`` (the first
    line outside array_api_reshape that led to the move: your code, or the library
    under test) and ``times``; ``str()`` puts it in one sentence.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import devices, flags
    >>> devices.clear_transfers()
    >>> x = xp.zeros(3, device="device2")
    >>> with flags.using(transfers="log"):
    ...     for _ in range(2):
    ...         y = xp.asarray(x, device="device1")
    >>> str(devices.transfers()[0])  # doctest: +ELLIPSIS
    'asarray() at ...:3 moved data from device2 to device1 (2 times)'
    >>> devices.clear_transfers()
    """
    return _transfers.recorded()


def clear_transfers() -> None:
    """
    Empty the record that :func:`transfers` reads (for every thread).

    Examples
    --------
    >>> from array_api_reshape import devices
    >>> devices.clear_transfers()
    >>> devices.transfers()
    ()
    """
    _transfers.forget()
