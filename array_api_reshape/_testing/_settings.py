"""
The flag settings the plugin's options and markers name: ``NAME=VALUE`` pairs, joined by
``;`` into an entry of ``--xp-params`` (``"default"``: no flag), each VALUE read as the
flag's environment variable reads it (``true``, ``error``, ``linalg,fft``) or else as a
Python literal (``False``, ``('linalg',)``, ``None``), and checked as ``flags.set``
checks it.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping

from .._modes._flag_state import FLAGS, environment_text

Settings = dict[str, object]


class SettingError(ValueError):
    """A ``NAME=VALUE`` the plugin cannot read (pytest shows it as a usage error)."""


def parse_setting(text: str, option: str) -> tuple[str, object]:
    """One ``NAME=VALUE`` of ``option`` as a flag's name and its checked value: VALUE read
    as the flag's environment variable reads it (``lazy=true``, ``views=error``,
    ``enabled_extensions=linalg,fft``), else as a Python literal (``lazy=True``,
    ``enabled_extensions=('linalg',)``); a value the flag refuses is a SettingError."""
    name, equals, raw = text.partition("=")
    name, raw = name.strip(), raw.strip()
    if not equals or not name:
        raise SettingError(f"{option}: expected NAME=VALUE, got {text!r}")
    if name not in FLAGS:
        raise SettingError(
            f"{option}: {name!r} is no flag of array_api_reshape.flags; the flags are "
            f"{', '.join(FLAGS)}"
        )
    flag = FLAGS[name]
    try:
        return name, flag.check(flag.parse(raw))
    except (TypeError, ValueError) as error:
        refusal = error
    try:
        return name, flag.check(ast.literal_eval(raw))
    except (TypeError, ValueError, SyntaxError):
        pass
    raise SettingError(f"{option}: {name}={raw}: {refusal}") from None


def parse_entry(text: str, option: str = "--xp-params") -> Settings:
    """An entry of ``--xp-params``: ``"default"``, or ``NAME=VALUE`` pairs joined by
    ``;``."""
    if text.strip() == "default":
        return {}
    settings: Settings = {}
    for part in text.split(";"):
        if part.strip():
            name, value = parse_setting(part, option)
            settings[name] = value
    return settings


def spelled(settings: Mapping[str, object]) -> str:
    """Settings as ``--xp-mode`` and ``--xp-params`` read them back (``"views=error;
    writeable=false"``, each value as its environment variable spells it); ``"default"``
    for none."""
    if not settings:
        return "default"
    return ";".join(f"{name}={environment_text(name, value)}" for name, value in settings.items())


def covers(active: Mapping[str, object], wanted: Mapping[str, object]) -> bool:
    """True when every setting of ``wanted`` (a marker's mode) is in force in ``active``."""
    return all(name in active and active[name] == value for name, value in wanted.items())
