"""The inspection API: ``__array_namespace_info__()``."""

from __future__ import annotations

from .._array._versions import LATEST_API_VERSION, TUPLES_SINCE, checked_version
from .._modes._device_checks import default_device, default_dtypes_of, resolve_device
from .._modes._profiles import dtype_is_listed, profile_device_list
from .._modes._refusals import capabilities_here
from .._tables._devices import Device, all_devices
from .._tables._dtypes import ALL_DTYPES, DType
from .._tables._arguments import MAX_DIMENSIONS
from ._data_type_functions import isdtype


class Info:
    """What this namespace supports: capabilities, devices and dtypes.

    ``api_version`` is the standard version whose answers it gives: before 2025.12
    ``devices()`` is a list, and before 2024.12 ``capabilities()`` has no
    ``"max dimensions"``.
    """

    __slots__ = ("api_version",)

    def __init__(self, api_version: str = LATEST_API_VERSION) -> None:
        self.api_version = checked_version(api_version, "Info")

    def __reduce__(self) -> tuple[type[Info], tuple[str]]:
        return (Info, (self.api_version,))

    def __repr__(self) -> str:
        return f"array_api_reshape.Info(api_version={self.api_version!r})"

    def capabilities(self) -> dict[str, bool | int]:
        """
        The optional features this namespace has.

        Returns
        -------
        dict
            ``"boolean indexing"`` and ``"data-dependent shapes"`` (True, unless a
            portability mode of ``array_api_reshape.flags`` turns them off here: their
            flags, or ``lazy``; the default device's refusal of data-dependent shapes
            turns off both) and ``"max dimensions"`` (the largest rank an array may
            have).

        Examples
        --------
        >>> import array_api_reshape as xp
        >>> xp.__array_namespace_info__().capabilities()["boolean indexing"]
        True
        """
        capabilities: dict[str, bool | int] = dict(capabilities_here())
        if self.api_version >= "2024.12":
            capabilities["max dimensions"] = MAX_DIMENSIONS
        return capabilities

    def default_device(self) -> Device:
        """
        The device arrays are created on when none is given: the CPU, or the device of
        the fixed_device flag while it is set.

        Examples
        --------
        >>> import array_api_reshape as xp
        >>> xp.__array_namespace_info__().default_device()
        array_api_reshape.Device('cpu')
        >>> from array_api_reshape import flags
        >>> with flags.using(fixed_device="device2"):
        ...     xp.__array_namespace_info__().default_device()
        array_api_reshape.Device('device2')
        """
        return default_device()

    def default_dtypes(self, *, device: Device | str | None = None) -> dict[str, DType]:
        """
        The default dtypes for each kind of data on ``device``.

        Parameters
        ----------
        device : device, optional
            A device of :meth:`devices` or its name; None (default): the default device.

        Returns
        -------
        dict
            Keys ``"real floating"``, ``"complex floating"``, ``"integral"`` and
            ``"indexing"``: float64, complex128, int64 and int64 on the CPU and
            ``device1``; ``device2`` and ``no_float64`` default to float32 and complex64,
            ``no_x64`` to float32, complex64, int32 and int32 (as array-api-strict's).

        Examples
        --------
        >>> import array_api_reshape as xp
        >>> xp.__array_namespace_info__().default_dtypes()["integral"]
        array_api_reshape.int64
        >>> xp.__array_namespace_info__().default_dtypes(device="no_x64")["integral"]
        array_api_reshape.int32
        """
        return dict(default_dtypes_of(resolve_device(device, "default_dtypes")))

    def devices(self) -> tuple[Device, ...] | list[Device]:
        """
        Every device this namespace can place arrays on (a list before version 2025.12):
        the CPU and array-api-strict's four test devices, which hold CPU memory but
        differ in the dtypes they have and give by default (see :meth:`dtypes` and
        :meth:`default_dtypes`), then the devices defined with
        ``array_api_reshape.devices.define``.

        Examples
        --------
        >>> import array_api_reshape as xp
        >>> xp.__array_namespace_info__().devices()  # doctest: +NORMALIZE_WHITESPACE
        (array_api_reshape.Device('cpu'), array_api_reshape.Device('device1'),
         array_api_reshape.Device('device2'), array_api_reshape.Device('no_float64'),
         array_api_reshape.Device('no_x64'))
        """
        library_devices = profile_device_list()
        if library_devices is not None:
            return library_devices
        listed = all_devices()
        return listed if self.api_version >= TUPLES_SINCE else list(listed)

    def dtypes(
        self,
        *,
        device: Device | str | None = None,
        kind: str | DType | tuple[str | DType, ...] | None = None,
    ) -> dict[str, DType]:
        """
        The dtypes supported on ``device``, by name, optionally of one ``kind``.

        Parameters
        ----------
        device : device, optional
            A device of :meth:`devices` or its name; None (default): the default device.
            ``no_float64`` lacks float64 and complex128, ``no_x64`` also int64 and uint64.
        kind : str, dtype or tuple, optional
            A kind as :func:`~array_api_reshape.isdtype` takes it; None (default) gives every dtype.

        Returns
        -------
        dict
            Names (such as ``"float64"``) mapped to dtypes.

        Examples
        --------
        >>> import array_api_reshape as xp
        >>> list(xp.__array_namespace_info__().dtypes(kind="real floating"))
        ['float32', 'float64']
        >>> list(xp.__array_namespace_info__().dtypes(device="no_x64", kind="integral"))
        ['int8', 'int16', 'int32', 'uint8', 'uint16', 'uint32']
        """
        lacks = resolve_device(device, "dtypes").lacks
        return {
            d.name: d
            for d in ALL_DTYPES
            if d.name not in lacks and (kind is None or isdtype(d, kind)) and dtype_is_listed(d)
        }


def __array_namespace_info__() -> Info:
    """
    The inspection object of this namespace.

    Returns
    -------
    Info
        With ``capabilities()``, ``default_device()``, ``default_dtypes()``,
        ``devices()`` and ``dtypes()``.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> info = xp.__array_namespace_info__()
    >>> info.default_dtypes()["real floating"]
    array_api_reshape.float64
    """
    return Info()
