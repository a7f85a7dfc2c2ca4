"""
Standing in for array-api-strict: for a whole run, ``import array_api_strict`` gives this
package's namespace under array-api-strict's name, flags and devices.

Library authors test portability against array-api-strict, and their test set-ups choose it
by name (``import array_api_strict``, ``xp.__name__ == "array_api_strict"``,
``array_api_strict.Device("device1")``, ``set_array_api_strict_flags(api_version=...)``).
While the stand-in holds (:func:`install`), ``sys.modules`` maps that name (and its
extension submodules) to a module of ours, so that every later import, a conftest's
included, gets it; arrays answer ``__array_namespace__()`` with it, so that
array-api-compat's ``array_namespace`` and its name checks agree. The profile ``"strict"``
(array-api-strict's refusals) becomes the default where no profile was set.

The pytest plugin's ``--xp-as array_api_strict`` installs it for a run and for the
processes the run starts (:func:`child_environment`: the environment variable
``ARRAY_API_RESHAPE_AS``, and ``PYTHONPATH`` leading to a small package that imports this
one). Outside such a run ``array_api_strict`` is the real package: nothing is installed at
import unless ``ARRAY_API_RESHAPE_AS`` names it.

The module's standard names are those of the namespace of the standard version in force
(the api_version flag), read at each access, so that strict's flags (which map onto ours:
api_version, boolean_indexing, data_dependent_shapes, enabled_extensions) change what it
offers as they change strict's; its own names are strict's flag functions, ``Device``
(strict's device names: ``CPU_DEVICE``, ``device1``, ...), ``Array`` and ``__version__``,
the strict release whose behaviour the profile ``"strict"`` follows.

>>> from array_api_reshape import stand_in
>>> strict = stand_in.install()
>>> import array_api_strict
>>> array_api_strict is strict, array_api_strict.asarray([1, 2]).__array_namespace__() is strict
(True, True)
>>> stand_in.uninstall()

This submodule is not part of the standard; import it as
``from array_api_reshape import stand_in``.
"""

from __future__ import annotations

import atexit
import importlib.machinery
import os
import shutil
import sys
import tempfile
import types
from collections.abc import Collection, Mapping
from typing import Any, ClassVar

from ._array import _versions
from ._array._array_object import Array
from ._modes import _flag_state
from ._modes._flag_state import EXTENSIONS, LATEST_API_VERSION as LATEST
from ._modes._flag_state import SUPPORTED_API_VERSIONS
from ._tables._devices import Device as _OurDevice

__all__ = ["install", "uninstall", "standing_in", "child_environment", "shim_folder",
           "set_array_api_strict_flags", "get_array_api_strict_flags",
           "reset_array_api_strict_flags", "ArrayAPIStrictFlags", "Device", "StandIn",
           "STRICT", "STRICT_RELEASE", "ENVIRONMENT_VARIABLE"]

STRICT = "array_api_strict"
"""The one package the namespace stands in for."""

STRICT_RELEASE = "2.6.1"
"""The array-api-strict release whose behaviour the stand-in and the profile ``"strict"``
follow (measured in profiles/FIDELITY-strict.md)."""

ENVIRONMENT_VARIABLE = "ARRAY_API_RESHAPE_AS"
"""Names the package the namespace stands in for in a process (read at import): the
plugin's ``--xp-as`` sets it for the processes a run starts."""

STRICT_FLAGS = ("api_version", "boolean_indexing", "data_dependent_shapes",
                "enabled_extensions")
"""array-api-strict's flags, each the flag of ours of the same name."""

EXTENSION_ADDED_IN = {"linalg": "2021.12", "fft": "2022.12"}

_DEVICE_NAMES = {"CPU_DEVICE": "cpu"}
"""Strict's device names where ours differ."""

_STRICT_ENVIRONMENT = {
    "ARRAY_API_STRICT_API_VERSION": "api_version",
    "ARRAY_API_STRICT_BOOLEAN_INDEXING": "boolean_indexing",
    "ARRAY_API_STRICT_DATA_DEPENDENT_SHAPES": "data_dependent_shapes",
    "ARRAY_API_STRICT_ENABLED_EXTENSIONS": "enabled_extensions",
}


# array-api-strict's flag functions, on ours.

def set_array_api_strict_flags(
    *,
    api_version: str | None = None,
    boolean_indexing: bool | None = None,
    data_dependent_shapes: bool | None = None,
    enabled_extensions: Collection[str] | None = None,
) -> None:
    """
    Set array-api-strict's flags (for the whole process, as array-api-strict does); each is
    this package's flag of the same name (see ``array_api_reshape.flags``). A flag given as
    None keeps its value.

    An extension the new standard version does not have yet (fft before 2022.12) is
    disabled when ``enabled_extensions`` is not given, as array-api-strict disables it.

    Raises
    ------
    ValueError
        An unsupported standard version, an unknown extension, or an extension enabled
        for a version that does not have it.
    """
    changes: dict[str, object] = {}
    version = _flag_state.value("api_version")
    if api_version is not None:
        if api_version not in SUPPORTED_API_VERSIONS:
            raise ValueError(
                f"set_array_api_strict_flags(): unsupported standard version "
                f"{api_version!r}; the versions are {', '.join(SUPPORTED_API_VERSIONS)}"
            )
        changes["api_version"] = version = api_version
    if boolean_indexing is not None:
        changes["boolean_indexing"] = bool(boolean_indexing)
    if data_dependent_shapes is not None:
        changes["data_dependent_shapes"] = bool(data_dependent_shapes)
    if enabled_extensions is not None:
        for extension in enabled_extensions:
            if extension not in EXTENSIONS:
                raise ValueError(
                    f"set_array_api_strict_flags(): unsupported extension {extension!r}; "
                    f"the extensions are {', '.join(EXTENSIONS)}"
                )
            if EXTENSION_ADDED_IN[extension] > version:
                raise ValueError(
                    f"set_array_api_strict_flags(): extension {extension!r} requires "
                    f"standard version {EXTENSION_ADDED_IN[extension]} or later, not {version}"
                )
        changes["enabled_extensions"] = tuple(enabled_extensions)
    else:
        changes["enabled_extensions"] = tuple(
            extension for extension in _flag_state.value("enabled_extensions")
            if EXTENSION_ADDED_IN[extension] <= version
        )
    _flag_state.set_defaults(changes)


def get_array_api_strict_flags() -> dict[str, Any]:
    """
    array-api-strict's flags as they are here: ``api_version``, ``boolean_indexing``,
    ``data_dependent_shapes`` and ``enabled_extensions`` (a tuple), each this package's
    flag of the same name.
    """
    return {name: _flag_state.value(name) for name in STRICT_FLAGS}


def reset_array_api_strict_flags() -> None:
    """
    array-api-strict's flags back to their defaults: the newest standard version, boolean
    indexing and data-dependent shapes on, both extensions enabled.
    """
    _flag_state.set_defaults({name: _flag_state.FLAGS[name].default for name in STRICT_FLAGS})


class ArrayAPIStrictFlags:
    """
    A context manager that sets array-api-strict's flags (for the whole process, as
    array-api-strict's does) and puts back, at its end, the values they had when it was
    made.
    """

    __slots__ = ("kwargs", "old_flags")

    def __init__(
        self,
        *,
        api_version: str | None = None,
        boolean_indexing: bool | None = None,
        data_dependent_shapes: bool | None = None,
        enabled_extensions: Collection[str] | None = None,
    ):
        self.kwargs: dict[str, Any] = {
            "api_version": api_version,
            "boolean_indexing": boolean_indexing,
            "data_dependent_shapes": data_dependent_shapes,
            "enabled_extensions": enabled_extensions,
        }
        self.old_flags = get_array_api_strict_flags()

    def __enter__(self) -> None:
        set_array_api_strict_flags(**self.kwargs)

    def __exit__(self, *exception: object) -> None:
        set_array_api_strict_flags(**self.old_flags)


class _DeviceType(type):
    """Strict's ``Device`` is called with strict's device names and gives ours; every
    device of ours is an instance of it."""

    def __call__(cls, device: str = "CPU_DEVICE") -> _OurDevice:
        if isinstance(device, str):
            return _OurDevice(_DEVICE_NAMES.get(device, device))
        return _OurDevice(device)

    def __instancecheck__(cls, instance: object) -> bool:
        return isinstance(instance, _OurDevice)


class Device(metaclass=_DeviceType):
    """
    array-api-strict's ``Device``: ``Device()`` and ``Device("CPU_DEVICE")`` give the CPU,
    ``Device("device1")`` (``"device2"``, ``"no_float64"``, ``"no_x64"``) the test device
    of that name; an unknown name is a ValueError.
    """


class StandIn(types.ModuleType):
    """The ``array_api_strict`` module of a stand-in run: strict's own names in its
    ``__dict__``, the standard's read from the namespace of the version in force. A name
    a later version added is there all the same, and calling it raises RuntimeError, as
    in array-api-strict."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name not in _DYNAMIC_DUNDERS:
            raise AttributeError(f"module {STRICT!r} has no attribute {name!r}")
        namespace = _versions.namespace(_flag_state.value("api_version"), STRICT)
        if name == "__all__":
            present = [name for name in namespace.__all__ if hasattr(namespace, name)]
            return sorted({*_OWN_NAMES, "__array_api_version__", *present} - {"layout"})
        if name == "layout":
            raise AttributeError(f"module {STRICT!r} has no attribute {name!r}")
        if name in _EXTENSION_NAMES:
            getattr(namespace, name)  # AttributeError while the extension is disabled
            return _extension(name)
        return _attribute(namespace, name, STRICT, lambda: _versions.namespace(LATEST))

    def __dir__(self) -> list[str]:
        return sorted({*self.__dict__, *self.__getattr__("__all__")})

    def __repr__(self) -> str:
        return f"<module {STRICT!r} (array_api_reshape standing in for array-api-strict)>"


class _Extension(types.ModuleType):
    """``array_api_strict.linalg`` (``.fft``) of a stand-in run: the extension's names of
    the version in force, later ones gated as in ``StandIn``."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        extension = self.__name__.rpartition(".")[2]
        namespace = _versions.namespace(_flag_state.value("api_version"), STRICT)
        return _attribute(getattr(namespace, extension), name, self.__name__,
                          lambda: getattr(_versions.namespace(LATEST), extension))


_EXTENSION_NAMES = ("linalg", "fft")
_extensions: dict[str, _Extension] = {}


def _extension(name: str) -> _Extension:
    found = _extensions.get(name)
    if found is None:
        found = _extensions[name] = _Extension(f"{STRICT}.{name}")
        found.__spec__ = importlib.machinery.ModuleSpec(found.__name__, None,
                                                        origin="array_api_reshape")
    return found


def _attribute(namespace: Any, name: str, module: str, latest: Any) -> Any:
    """``namespace``'s attribute ``name``; a function a later version of the standard
    added, gated: calling it raises array-api-strict's RuntimeError while the version in
    force is older."""
    try:
        return getattr(namespace, name)
    except AttributeError as error:
        added = namespace.__dict__.get("_added_later", {}).get(name)
        if added is None or isinstance(getattr(latest(), name, None), types.ModuleType):
            raise AttributeError(str(error).replace("array_api_reshape", module, 1)) from None
    target = getattr(latest(), name)
    return _gated(name, added, target) if callable(target) else target  # (dtypes: there)


def _gated(name: str, added: str, function: Any) -> Any:
    def gated(*args: Any, **kwargs: Any) -> Any:
        version = _flag_state.value("api_version")
        if added > version:
            raise RuntimeError(
                f"The function {name} requires API version {added} or later, but the "
                f"current API version for array-api-strict is {version} "
                "(set_array_api_strict_flags(api_version=...) chooses it)"
            )
        return function(*args, **kwargs)

    gated.__name__ = gated.__qualname__ = name
    gated.__doc__ = function.__doc__
    return gated


_DYNAMIC_DUNDERS = frozenset({"__array_api_version__", "__array_namespace_info__", "__all__"})
_OWN_NAMES = ("set_array_api_strict_flags", "get_array_api_strict_flags",
              "reset_array_api_strict_flags", "ArrayAPIStrictFlags", "Device", "__version__")


class _Installed:
    """What ``install`` replaced, to put back."""

    module: ClassVar[StandIn | None] = None
    replaced: ClassVar[dict[str, types.ModuleType | None]] = {}
    profile_set: ClassVar[bool] = False


def stand_in() -> StandIn:
    """The stand-in module (built once)."""
    module = _Installed.module
    if module is None:
        module = _build()
        _Installed.module = module
    return module


def _build() -> StandIn:
    module = StandIn(STRICT, "array_api_reshape standing in for array-api-strict "
                             f"{STRICT_RELEASE} (pytest --xp-as array_api_strict).")
    module.__spec__ = importlib.machinery.ModuleSpec(STRICT, None, origin="array_api_reshape")
    module.__version__ = STRICT_RELEASE  # type: ignore[attr-defined]
    for function in (set_array_api_strict_flags, get_array_api_strict_flags,
                     reset_array_api_strict_flags, ArrayAPIStrictFlags, Device):
        setattr(module, function.__name__, function)
    module.Array = Array  # type: ignore[attr-defined]
    return module


def standing_in() -> bool:
    """True while ``import array_api_strict`` gives the stand-in."""
    module = _Installed.module
    return module is not None and sys.modules.get(STRICT) is module


def install(name: str = STRICT, *, profile: bool = True) -> StandIn:
    """
    Make ``import array_api_strict`` give the stand-in in this process (and its arrays'
    ``__array_namespace__()`` answer with it), until ``uninstall``. With ``profile``, the
    profile ``"strict"`` becomes the default where no profile was set explicitly. Strict's
    own environment variables (``ARRAY_API_STRICT_API_VERSION``, ...) are read, as
    array-api-strict reads them at import.
    """
    if name != STRICT:
        raise ValueError(f"--xp-as: array_api_reshape stands in for {STRICT!r} only, "
                         f"not {name!r}")
    module = stand_in()
    if standing_in():
        return module
    _Installed.replaced = {}
    for full_name, value in _modules(module).items():
        _Installed.replaced[full_name] = sys.modules.get(full_name)
        sys.modules[full_name] = value
    _versions.set_stand_in(module)
    if profile and "profile" not in _flag_state.saved_defaults()[1]:
        _flag_state.set_defaults({"profile": "strict"})
        _Installed.profile_set = True
    _read_strict_environment(os.environ)
    return module


def uninstall() -> None:
    """``import array_api_strict`` gives the real package again (where installed)."""
    if not standing_in():
        return
    for full_name, earlier in _Installed.replaced.items():
        if earlier is None:
            sys.modules.pop(full_name, None)
        else:
            sys.modules[full_name] = earlier
    _Installed.replaced = {}
    _versions.set_stand_in(None)
    if _Installed.profile_set:
        defaults, explicit = _flag_state.saved_defaults()
        defaults["profile"] = None
        _flag_state.restore_defaults((defaults, explicit - {"profile"}))
        _Installed.profile_set = False


def _modules(module: StandIn) -> dict[str, types.ModuleType]:
    """The module names the stand-in answers: the package and its extensions."""
    return {STRICT: module, **{f"{STRICT}.{name}": _extension(name) for name in _EXTENSION_NAMES}}


def _read_strict_environment(environment: Mapping[str, str]) -> None:
    settings: dict[str, Any] = {}  # the flag functions check each value
    for variable, flag in _STRICT_ENVIRONMENT.items():
        text = environment.get(variable)
        if text is None:
            continue
        if flag == "api_version":
            settings[flag] = text
        elif flag == "enabled_extensions":
            settings[flag] = [part for part in text.split(",") if part]
        else:
            settings[flag] = text.lower() == "true"
    if settings:
        set_array_api_strict_flags(**settings)


def install_from_environment(environment: Mapping[str, str] = os.environ) -> None:
    """At import: stand in for the package ``ARRAY_API_RESHAPE_AS`` names, if any."""
    name = environment.get(ENVIRONMENT_VARIABLE, "").strip()
    if name:
        install(name)


_SHIM = '''"""Not array-api-strict: array_api_reshape standing in for it in a process started
by a run of ``pytest --xp-as array_api_strict`` (see array_api_reshape.stand_in); where
ARRAY_API_RESHAPE_AS does not ask for that, this folder steps aside for the real package."""
import importlib
import os
import sys

if os.environ.get("ARRAY_API_RESHAPE_AS", "").strip() == "array_api_strict":
    importlib.import_module("array_api_reshape")  # reads ARRAY_API_RESHAPE_AS: the stand-in
else:
    _here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or ".") != _here]
    del sys.modules[__name__]
    sys.modules[__name__] = importlib.import_module(__name__)
'''

_shim_folder: list[str] = []


def shim_folder() -> str:
    """A folder (made once per process, removed at its exit) holding an
    ``array_api_strict`` package that imports this one, which stands in when
    ``ARRAY_API_RESHAPE_AS`` asks for it: first on ``PYTHONPATH``, it reaches processes
    that would not import array_api_reshape before ``array_api_strict`` (a Dask worker, a
    subprocess)."""
    if not _shim_folder:
        folder = tempfile.mkdtemp(prefix="array_api_reshape_stand_in_")
        os.mkdir(os.path.join(folder, STRICT))
        with open(os.path.join(folder, STRICT, "__init__.py"), "w", encoding="utf-8") as file:
            file.write(_SHIM)
        atexit.register(shutil.rmtree, folder, True)
        _shim_folder.append(folder)
    return _shim_folder[0]


def child_environment(environment: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment variables that make the processes started from here stand in too:
    ``ARRAY_API_RESHAPE_AS``, and ``PYTHONPATH`` with :func:`shim_folder` first (and the
    rest of ``environment``'s ``PYTHONPATH``, by default this process's)."""
    environment = os.environ if environment is None else environment
    folder = shim_folder()
    parts = [part for part in environment.get("PYTHONPATH", "").split(os.pathsep)
             if part and part != folder]
    return {ENVIRONMENT_VARIABLE: STRICT, "PYTHONPATH": os.pathsep.join([folder, *parts])}
