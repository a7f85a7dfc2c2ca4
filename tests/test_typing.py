"""
Types for users (issue 15, item 6): mypy passes on the package, with the configuration
committed in pyproject.toml, and on a user's script (tests/typing_user_script.py) that
uses operators, indexing, attributes, linalg, fft and layout; a wrong use is reported.

mypy runs in this process through its API (``mypy.api.run``) with one cache directory
per test session, so that the second and third runs reuse what the first one read
(NumPy's stubs above all). The package is found on MYPYPATH at this checkout's root, not
as installed: an editable install's import hook is invisible to mypy. Imports from the
script are followed silently (``--follow-imports=silent``), as for an installed package:
the script's test reports the script's errors, the package's test the package's.
"""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api", reason="mypy is in the test extra")

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyproject.toml"
USER_SCRIPT = Path(__file__).resolve().parent / "typing_user_script.py"


@pytest.fixture(scope="session")
def mypy_cache(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("mypy-cache")


@pytest.fixture
def run_mypy(mypy_cache, monkeypatch):
    """mypy with the package's configuration, run from the checkout's root; returns
    (exit status, the error lines)."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("MYPYPATH", str(ROOT))

    def run(*arguments: str) -> tuple[int, list[str]]:
        stdout, stderr, status = mypy_api.run(
            ["--config-file", str(CONFIG), "--cache-dir", str(mypy_cache),
             "--no-error-summary", "--hide-error-context", *arguments]
        )
        assert not stderr or status != 2, stderr
        errors = [line for line in stdout.splitlines() if ": error:" in line]
        return status, errors

    return run


def _script_errors(run_mypy, script: Path) -> list[str]:
    status, errors = run_mypy("--follow-imports=silent", str(script))
    assert status in (0, 1), errors
    return errors


def test_the_user_script_runs():
    runpy.run_path(str(USER_SCRIPT), run_name="typing_user_script")


def test_mypy_accepts_the_user_script(run_mypy):
    errors = _script_errors(run_mypy, USER_SCRIPT)
    assert not errors, f"mypy finds {len(errors)} errors in the user's script:\n" + "\n".join(errors)


WRONG_USES = """\
import array_api_reshape as xp

a = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
fine: xp.Array = a + a
also_fine: xp.Array = xp.reshape(a, (4,))
text = a + "text"  # line 6: wrong
reshaped = xp.reshape(a, "3")  # line 7: wrong
count: str = a.ndim  # line 8: wrong
"""


def test_mypy_reports_wrong_uses(run_mypy, tmp_path):
    script = tmp_path / "wrong_uses.py"
    script.write_text(WRONG_USES)
    errors = _script_errors(run_mypy, script)
    lines = sorted({int(error.split(":")[1]) for error in errors})
    # each wrong line is reported, and nothing else: the right uses beside them pass
    assert lines == [6, 7, 8], "mypy's errors:\n" + "\n".join(errors)
    # operators are typed callables in the class body: mypy reports a wrong operand as an
    # argument of the wrong type ("expected Array | bool | int | float | complex")
    assert any(":6: error:" in e and "[arg-type]" in e and "Array" in e for e in errors), errors
    assert any(":7: error:" in e and "[arg-type]" in e for e in errors), errors


def test_mypy_passes_on_the_package(run_mypy):
    status, errors = run_mypy()  # the files of pyproject.toml's [tool.mypy]
    assert status == 0 and not errors, (
        f"mypy finds {len(errors)} errors in the package:\n" + "\n".join(errors)
    )
