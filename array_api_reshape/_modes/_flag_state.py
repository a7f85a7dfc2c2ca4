"""
The portability flags' values: module-wide defaults, and overrides per thread or task.

``array_api_reshape.flags`` is the public face; every layer reads flags here. A flag's
value is the innermost ``flags.using(...)`` block's, in the current context (a context
variable: each thread and each asyncio task has its own), else the module-wide default
(``flags.set``, or the environment variable ``ARRAY_API_RESHAPE_<FLAG>`` read at import).

Hot paths ask ``MODES`` first: for each concern (any flag, writes, views tracking,
operands, devices) one attribute that stays False while no flag governing it can differ
from its default anywhere, so the default namespace pays one attribute read on the paths
a flag governs and nothing on the others. ``MODES.devices`` turns on (for good) when the
first array is made on another device, and from then on calls check that their arrays
share one device. Nothing is switched or emptied when a flag changes: the answers are
read, per call, in the methods that a reader sees.

Pure Python: the flags are a table of names, defaults and checks.
"""

from __future__ import annotations

import contextvars
import os
import threading
import types
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NamedTuple

from .._tables._devices import DEVICES_BY_NAME, Device

SUPPORTED_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")
"""The versions of the standard a namespace can follow, oldest first."""

LATEST_API_VERSION = "2025.12"

EXTENSIONS = ("linalg", "fft")
"""The standard's extensions, all enabled by default."""

ENVIRONMENT_PREFIX = "ARRAY_API_RESHAPE_"

VIEW_MODES = ("shared", "warn", "error", "error-on-write", "copy-on-write")
"""The values of the views flag; the first is the default."""

TRANSFER_MODES = ("allow", "log", "error")
"""The values of the transfers flag (what a move of data between devices does); the first
is the default."""


class Flag(NamedTuple):
    """One flag: its default, the check that normalises a value (or raises TypeError or
    ValueError naming the flag), how its environment variable's text reads, and the
    valid values in words."""

    name: str
    default: object
    check: Callable[[object], object]
    parse: Callable[[str], object]
    valid: str


def _refuse(name: str, value: object, valid: str, error: type[Exception] = ValueError) -> Exception:
    return error(f"flags: {name!r} must be {valid}, got {value!r}")


def _bool_flag(name: str, default: bool) -> Flag:
    def check(value: object) -> bool:
        if not isinstance(value, bool):
            raise _refuse(name, value, "True or False", TypeError)
        return value

    def parse(text: str) -> bool:
        lowered = text.strip().lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise _refuse(f"{ENVIRONMENT_PREFIX}{name.upper()}", text, "true or false (or 1, 0)")

    return Flag(name, default, check, parse, "True or False")


def _check_api_version(value: object) -> str:
    if not isinstance(value, str):
        raise _refuse("api_version", value, f"a str, one of {', '.join(SUPPORTED_API_VERSIONS)}",
                      TypeError)
    if value not in SUPPORTED_API_VERSIONS:
        raise _refuse("api_version", value, f"one of {', '.join(SUPPORTED_API_VERSIONS)}")
    return value


def _check_extensions(value: Any) -> tuple[str, ...]:
    valid = f"a collection of extension names from {EXTENSIONS}"
    if isinstance(value, (str, bytes)) or not hasattr(type(value), "__iter__"):
        raise _refuse("enabled_extensions", value, valid, TypeError)
    names = tuple(value)
    for name in names:
        if name not in EXTENSIONS:
            raise _refuse("enabled_extensions", value, valid)
    return tuple(extension for extension in EXTENSIONS if extension in names)


def _parse_extensions(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(",") if part.strip())


def _check_device(value: object) -> Device | None:
    if value is None or isinstance(value, Device):
        return value
    if isinstance(value, str) and value in DEVICES_BY_NAME:
        return DEVICES_BY_NAME[value]
    raise _refuse("fixed_device", value, f"None or one of the devices {tuple(DEVICES_BY_NAME)}")


PROFILES = ("torch", "jax", "dask", "cupy", "strict", "lowest")
"""The values of the profile flag besides None: the libraries whose refusals and answers
a profile brings to the code under test (``_profiles``), and ``"lowest"``, all of them at
once."""

PROFILE_FLAGS: dict[str, dict[str, object]] = {
    "torch": {},
    "jax": {"writeable": False},
    "dask": {"views": "copy-on-write"},
    "cupy": {},
    "strict": {"unspecified": "refuse"},
    "lowest": {"writeable": False, "views": "copy-on-write"},
}
"""The flags each profile sets: where a profile is in force, a flag nobody set explicitly
(in a ``flags.using`` block or ``flags.set``, or its environment variable) takes the
profile's value (JAX's arrays are read-only; every view of Dask's is a copy, so a write
through one reaches neither the array it came from nor the others; array-api-strict refuses
what the standard leaves unspecified; "lowest" holds code to all of them at once)."""

_SET_BY_PROFILES = frozenset(name for flags in PROFILE_FLAGS.values() for name in flags)


def _check_profile(value: object) -> str | None:
    valid = f"None or one of {', '.join(map(repr, PROFILES))}"
    if value is None:
        return None
    if not isinstance(value, str):
        raise _refuse("profile", value, valid, TypeError)
    if value not in PROFILES:
        raise _refuse("profile", value, valid)
    return value


def _parse_profile(text: str) -> str | None:
    text = text.strip()
    return None if text.lower() == "none" else text


LIBRARY_SETTINGS: dict[str, tuple[object, ...]] = {
    "jax_enable_x64": (False, True),
    "torch_default_dtype": ("float32", "float64"),
    "array_api_compat": ("1.16", "1.15", "1.14", "1.13"),
}
"""The settings of a profile's library that a test suite may make (SciPy's conftest turns
on JAX's 64-bit types and makes float64 PyTorch's default dtype), each with its values, the
library's own default first: JAX's ``jax.config.update("jax_enable_x64", True)``,
PyTorch's ``torch.set_default_dtype(torch.float64)``; and the version of array-api-compat
whose wrappers the code meets the library through (SciPy 1.17 vendors 1.13, scikit-learn
1.9 vendors 1.15)."""


def _check_library_settings(value: Any) -> tuple[tuple[str, object], ...]:
    valid = ("a mapping of library settings to values: "
             + "; ".join(f"{name!r}: one of {choices}" for name, choices
                         in LIBRARY_SETTINGS.items()))
    if isinstance(value, str):  # the environment variable's text, as --xp-mode gives it
        value = _parse_library_settings(value)
    if isinstance(value, tuple) and all(isinstance(item, tuple) for item in value):
        value = dict(value)
    if not isinstance(value, Mapping):
        raise _refuse("library_settings", value, valid, TypeError)
    for name, setting in value.items():
        if name not in LIBRARY_SETTINGS or setting not in LIBRARY_SETTINGS[name]:
            raise _refuse("library_settings", dict(value), valid)
    return tuple(sorted((name, setting) for name, setting in value.items()
                        if setting != LIBRARY_SETTINGS[name][0]))


def _parse_library_settings(text: str) -> dict[str, object]:
    """``jax_enable_x64=true;torch_default_dtype=float64`` as a mapping."""
    settings: dict[str, object] = {}
    for part in filter(None, (part.strip() for part in text.replace(",", ";").split(";"))):
        name, _, setting = part.partition("=")
        name, setting = name.strip(), setting.strip()
        lowered = setting.lower()
        settings[name] = (True if lowered in ("1", "true", "yes", "on") else
                          False if lowered in ("0", "false", "no", "off") else
                          setting)
    return settings


def _check_computes(value: object) -> int | None:
    valid = "None or an int >= 0 (how many eager values a block may read)"
    if value is None:
        return None
    if value.__class__ is not int:
        raise _refuse("computes", value, valid, TypeError)
    if value < 0:
        raise _refuse("computes", value, valid)
    return value


def _parse_computes(text: str) -> int | None:
    text = text.strip()
    if text.lower() == "none":
        return None
    try:
        return int(text)
    except ValueError:
        return text  # type: ignore[return-value]  # (the check names the variable)


def _choice_flag(name: str, choices: tuple[str, ...]) -> Flag:
    valid = f"one of {', '.join(repr(choice) for choice in choices)}"

    def check(value: object) -> str:
        if not isinstance(value, str):
            raise _refuse(name, value, valid, TypeError)
        if value not in choices:
            raise _refuse(name, value, valid)
        return value

    return Flag(name, choices[0], check, str.strip, valid)


FLAGS: dict[str, Flag] = {
    flag.name: flag
    for flag in (
        Flag("api_version", LATEST_API_VERSION, _check_api_version, str.strip,
             f"one of {', '.join(SUPPORTED_API_VERSIONS)}"),
        _bool_flag("boolean_indexing", True),
        _bool_flag("data_dependent_shapes", True),
        Flag("enabled_extensions", EXTENSIONS, _check_extensions, _parse_extensions,
             f"a collection of names from {EXTENSIONS}"),
        _bool_flag("lazy", False),
        _bool_flag("writeable", True),
        Flag("fixed_device", None, _check_device, str.strip,
             f"None or one of the devices {tuple(DEVICES_BY_NAME)}"),
        _choice_flag("transfers", TRANSFER_MODES),
        _choice_flag("unspecified", ("follow", "refuse")),
        _choice_flag("views", VIEW_MODES),
        Flag("profile", None, _check_profile, _parse_profile,
             f"None or one of {', '.join(map(repr, PROFILES))}"),
        Flag("computes", None, _check_computes, _parse_computes,
             "None or an int >= 0"),
        Flag("library_settings", (), _check_library_settings, _parse_library_settings,
             "a mapping of library settings (jax_enable_x64, torch_default_dtype)"),
    )
}
"""Every flag by name, in the order ``flags.get()`` shows them."""

_MODE_FLAGS = tuple(name for name in FLAGS if name != "api_version")
"""The flags that change what is allowed (the version only chooses a namespace)."""


class _Modes:
    """What the hot paths ask before they ask for a flag's value: for each concern, whether
    some flag that governs it may differ from its default in some context (a module-wide
    default, or any ``flags.using`` block open in any thread). Each answer is a plain
    attribute, recomputed whenever a default changes or a block opens or closes, so a hot
    path pays one attribute read, and only on the paths that concern governs:

    ``flags``
        some flag of ``_MODE_FLAGS`` may differ (the first question of every refusal).
    ``writes``
        a write must be checked: the writeable flag may be off (``read_only``), the
        views flag may not be ``"shared"`` (``tracking``) or a profile may be set.
    ``read_only``
        the writeable flag may be off.
    ``fixed_device``
        the fixed_device flag may be set, or a profile whose library has a device of its
        own (CuPy's): arrays may be made on a device other than the CPU.
    ``tracking``
        the views flag may not be ``"shared"``: views made are counted and reads watched.
    ``operands``
        an element-wise call must check its operands (``tracking``, ``devices`` or
        ``profile``): the fast paths, which compare no devices, read views directly and
        know no library's refusals, are off.
    ``devices``
        arrays may live on a device other than the CPU (``use_devices``); before the
        first such array every array is on the CPU, so no call compares devices.
    ``profile``
        the profile flag may be set: indexing keys and the functions a library answers
        differently ask ``_profiles``.
    ``promotion``
        a flag that refuses promotions may differ (``unspecified``, ``profile``): calls
        where two dtypes meet check them.
    ``selections``
        a flag that governs index arrays and masks may differ (``boolean_indexing``,
        ``data_dependent_shapes``, ``lazy``, ``profile``), or devices are in use.
    ``versions``
        the api_version flag may differ from its default: ``__array_namespace__()``
        asks it which version's namespace to give.

    A value that is True only means "ask the flag": ``flags.value`` decides."""

    __slots__ = (
        "flags", "writes", "read_only", "tracking", "fixed_device", "operands", "devices",
        "profile", "promotion", "selections", "versions", "blocks", "lock",
    )

    def __init__(self) -> None:
        self.flags = self.writes = self.read_only = self.tracking = self.fixed_device = False
        self.operands = self.devices = self.profile = self.versions = False
        self.promotion = self.selections = False
        self.blocks: dict[str, int] = dict.fromkeys(FLAGS, 0)  # open blocks setting each flag
        self.lock = threading.Lock()

    def may_differ(self, name: str) -> bool:
        """True when flag ``name`` may differ from its default in some context (a profile
        that may be in force sets it)."""
        if self.blocks[name] > 0 or _defaults[name] != FLAGS[name].default:
            return True
        return name in _SET_BY_PROFILES and self.may_differ("profile")

    def may_hide(self) -> bool:
        """True when a flag that hides attributes of the namespaces (enabled_extensions,
        profile) may differ from its default in some context."""
        return self.may_differ("enabled_extensions") or self.may_differ("profile")

    def update(self) -> None:
        """Recompute every answer from the defaults and the open blocks, and place the
        namespaces' extension attributes accordingly."""
        differs = {name: self.may_differ(name) for name in _MODE_FLAGS}
        place_served(hidden=differs["enabled_extensions"] or differs["profile"])
        self.tracking = differs["views"]
        self.read_only = differs["writeable"]
        self.fixed_device = differs["fixed_device"] or differs["profile"]
        self.profile = differs["profile"]
        self.writes = self.tracking or self.read_only or self.profile
        self.operands = self.tracking or self.devices or self.profile
        self.promotion = differs["unspecified"] or self.profile
        self.selections = (differs["boolean_indexing"] or differs["data_dependent_shapes"]
                           or differs["lazy"] or self.profile or self.devices)
        self.flags = any(differs.values())
        self.versions = self.may_differ("api_version")

    def open(self, names: Iterable[str], step: int) -> None:
        """Count a ``flags.using`` block setting ``names`` opening (``step`` 1) or
        closing (-1)."""
        with self.lock:
            for name in names:
                self.blocks[name] += step
            self.update()

    def use_devices(self, in_use: bool = True) -> None:
        """Record that arrays may now live on devices other than the CPU (called before
        the first such array is made). It stays so for the life of the process; only
        tests turn it off, once every array they made on another device is gone."""
        with self.lock:
            self.devices = in_use
            self.update()


class ServedAttributes(NamedTuple):
    """Attributes of a namespace module that a mode may hide: its extensions (``linalg``,
    ``fft``: the enabled_extensions flag) and the functions some profile's library has
    no attribute for (``take_along_axis`` on Dask). Held: the module's ``__dict__``, the
    attributes by name, which of them are extensions, the prefix of their names in the
    profiles' tables (``""``, or ``"linalg."`` for the linalg module), and the
    module-level ``__getattr__`` that serves them while hidden (None when the namespace's
    class has one)."""

    namespace: dict[str, Any]
    attributes: dict[str, object]
    extensions: frozenset[str]
    prefix: str
    getattr: Callable[[str], object] | None


_SERVED_ATTRIBUTES: list[ServedAttributes] = []
"""Every namespace with attributes a mode may hide (the package, its linalg module, each
older version's namespace)."""


def hold_served(attributes: ServedAttributes) -> None:
    """Count a namespace among those whose hideable attributes ``place_served`` places,
    and place them now."""
    with MODES.lock:
        _SERVED_ATTRIBUTES.append(attributes)
        _place(attributes, MODES.may_hide())


def place_served(hidden: bool) -> None:
    """While the enabled_extensions or the profile flag may differ from its default
    somewhere (``hidden``), the namespaces' hideable attributes are no plain attributes:
    a ``__getattr__`` serves them, asking the flags in the caller's context. Otherwise
    they are plain attributes: a module with a ``__getattr__`` loses CPython's
    specialised attribute lookup for every name (about 8 ns to 17 ns per ``xp.name``)."""
    for attributes in _SERVED_ATTRIBUTES:
        _place(attributes, hidden)


def _place(attributes: ServedAttributes, hidden: bool) -> None:
    namespace = attributes.namespace
    if hidden:  # __getattr__ first, so that no lookup falls between the two steps
        if attributes.getattr is not None:
            namespace["__getattr__"] = attributes.getattr
        for name in attributes.attributes:
            namespace.pop(name, None)
    else:
        namespace.update(attributes.attributes)
        if attributes.getattr is not None:
            namespace.pop("__getattr__", None)


MODES = _Modes()

_NO_OVERRIDES: Mapping[str, object] = types.MappingProxyType({})

_overrides: contextvars.ContextVar[Mapping[str, object]] = contextvars.ContextVar(
    "array_api_reshape_flags", default=_NO_OVERRIDES
)


def checked(values: Mapping[str, object]) -> dict[str, object]:
    """``values`` with every value checked and normalised; an unknown name is a
    TypeError listing the flags. Nothing is changed here."""
    result = {}
    for name, value in values.items():
        flag = FLAGS.get(name)
        if flag is None:
            raise TypeError(
                f"flags: unknown flag {name!r}; the flags are {', '.join(FLAGS)}"
            )
        result[name] = flag.check(value)
    return result


def value(name: str) -> Any:
    """The flag's value in the current context: the innermost ``flags.using`` block's,
    else the module-wide default when it was set explicitly, else the value of the
    profile in force when the profile sets the flag, else the default."""
    overrides = _overrides.get()
    if name in overrides:
        return overrides[name]
    if name in _SET_BY_PROFILES and name not in _explicit:
        profile = overrides["profile"] if "profile" in overrides else _defaults["profile"]
        if profile is not None:
            implied = PROFILE_FLAGS[profile]  # type: ignore[index]
            if name in implied:
                return implied[name]
    return _defaults[name]


def current() -> dict[str, object]:
    """Every flag's value in the current context."""
    return {name: value(name) for name in FLAGS}


def set_defaults(values: Mapping[str, object]) -> None:
    """Make ``values`` (checked first, all or none) the module-wide defaults."""
    new = checked(values)
    _defaults.update(new)
    _explicit.update(new)
    MODES.update()


def saved_defaults() -> tuple[dict[str, object], frozenset[str]]:
    """The module-wide defaults, and which of them were set explicitly (a profile does not
    change those): what ``restore_defaults`` puts back."""
    return dict(_defaults), frozenset(_explicit)


def restore_defaults(saved: tuple[dict[str, object], frozenset[str]]) -> None:
    """The module-wide defaults as ``saved_defaults`` found them, explicit or not."""
    defaults, explicit = saved
    _defaults.update(defaults)
    _explicit.clear()
    _explicit.update(explicit)
    MODES.update()


def reset_defaults() -> None:
    """Every flag's default back to the package's own (environment variables ignored)."""
    _defaults.update({name: flag.default for name, flag in FLAGS.items()})
    _explicit.clear()
    MODES.update()


@contextmanager
def overriding(values: Mapping[str, object]) -> Iterator[None]:
    """``values`` (checked first) in force in the current context until the block ends."""
    new = checked(values)
    token = _overrides.set({**_overrides.get(), **new})
    MODES.open(new, 1)
    try:
        yield
    finally:
        _overrides.reset(token)
        MODES.open(new, -1)


def environment_variable(name: str) -> str:
    """The environment variable that sets flag ``name`` at import."""
    return f"{ENVIRONMENT_PREFIX}{name.upper()}"


def environment_text(name: str, value: object) -> str:
    """The text of flag ``name``'s environment variable that sets it to ``value`` (checked
    first: the flag's own error for a bad value), such that reading it back gives
    ``value``."""
    flag = FLAGS[name]
    value = flag.check(value)
    if value is None:
        text = "none"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif name == "library_settings" and isinstance(value, tuple):
        text = ";".join(f"{setting}={str(choice).lower()}" for setting, choice in value)
    elif isinstance(value, tuple):
        text = ",".join(value)
    elif isinstance(value, Device):
        text = value.name
    else:
        text = str(value)
    assert flag.check(flag.parse(text)) == value, (name, value, text)
    return text


def _from_environment() -> dict[str, object]:
    """The defaults: the package's own, with each flag's environment variable read over
    it (counted as set explicitly); a bad value is refused naming the variable."""
    values = {name: flag.default for name, flag in FLAGS.items()}
    for name, flag in FLAGS.items():
        text = os.environ.get(environment_variable(name))
        if text is None or (text.strip() == "" and name != "enabled_extensions"):
            continue  # unset or empty: the default (an empty extension list is none)
        try:
            values[name] = flag.check(flag.parse(text))
            _explicit.add(name)
        except (TypeError, ValueError):
            raise ValueError(
                f"array_api_reshape: the environment variable {environment_variable(name)} "
                f"must be {flag.valid}, got {text!r}"
            ) from None
    return values


_explicit: set[str] = set()
"""The flags whose module-wide default was set explicitly (``flags.set``, an environment
variable): a profile does not change them."""

_defaults: dict[str, object] = _from_environment()
MODES.update()
