"""
Choose the version of the Python Array API standard that array_api_reshape follows.

The package module ``array_api_reshape`` is always the 2025.12 namespace. Every supported
version (2021.12 to 2025.12) also has a namespace of its own, built once on first use:
the same functions, without the names that version did not have yet, and with the
results that changed given as that version defines them (before 2025.12, ``meshgrid``,
``broadcast_arrays`` and ``__array_namespace_info__().devices()`` return lists; before
2024.12, ``capabilities()`` has no ``"max dimensions"``; before 2023.12, ``sum``,
``prod`` and ``linalg.trace`` of single precision give double precision).

``x.__array_namespace__(api_version=V)`` returns version V's namespace, and
``x.__array_namespace__()`` the default version's: 2025.12 unless the environment
variable ``ARRAY_API_RESHAPE_API_VERSION`` named another when the package was imported,
or :func:`set_default` chose one since.

This submodule is not part of the standard; import it as
``from array_api_reshape import versions``.
"""

from __future__ import annotations

import types

from ._array import _versions

SUPPORTED = _versions.SUPPORTED_API_VERSIONS
"""The versions of the standard a namespace can follow, oldest first."""

ENVIRONMENT_VARIABLE = _versions.ENVIRONMENT_VARIABLE
"""The environment variable read at import for the default version."""

__all__ = ["SUPPORTED", "ENVIRONMENT_VARIABLE", "get_default", "set_default", "namespace"]


def get_default() -> str:
    """
    The version that ``x.__array_namespace__()`` follows when none is asked for.

    Returns
    -------
    str
        Such as ``"2025.12"``.

    Examples
    --------
    >>> from array_api_reshape import versions
    >>> versions.get_default()
    '2025.12'
    """
    return _versions.get_default()


def set_default(api_version: str) -> None:
    """
    Make ``api_version`` the version that ``x.__array_namespace__()`` follows.

    Code that asks for a version explicitly (``x.__array_namespace__(api_version=V)``)
    is not affected, nor is the package module ``array_api_reshape`` (always 2025.12).

    Parameters
    ----------
    api_version : str
        One of :data:`SUPPORTED`.

    Raises
    ------
    TypeError
        If ``api_version`` is not a str.
    ValueError
        If it names no supported version.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import versions
    >>> versions.set_default("2023.12")
    >>> xp.asarray(0).__array_namespace__().__array_api_version__
    '2023.12'
    >>> versions.set_default("2025.12")
    """
    _versions.set_default(api_version)


def namespace(api_version: str | None = None) -> types.ModuleType:
    """
    The namespace that behaves as ``api_version`` of the standard.

    Parameters
    ----------
    api_version : str or None, optional
        One of :data:`SUPPORTED`; None (default) gives the default version's.

    Returns
    -------
    module
        ``array_api_reshape`` itself for 2025.12; for an older version, a module object
        made once and reused, whose names are those of that version. Asking it for a
        name added later raises an AttributeError saying which version added it.

    Raises
    ------
    TypeError
        If ``api_version`` is neither None nor a str.
    ValueError
        If it names no supported version.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import versions
    >>> xp2023 = versions.namespace("2023.12")
    >>> xp2023.__array_api_version__
    '2023.12'
    >>> type(xp2023.meshgrid(xp.arange(2), xp.arange(3)))
    <class 'list'>
    >>> hasattr(xp2023, "nextafter")
    False
    >>> versions.namespace("2025.12") is xp
    True
    """
    return _versions.namespace(api_version, "namespace")
