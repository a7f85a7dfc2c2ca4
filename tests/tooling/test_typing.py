"""
Types for users (issue 15, item 6): mypy passes on the package, with the configuration
committed in pyproject.toml, and on a user's script (tests/helpers/typing_user_script.py) that
uses operators, indexing, attributes, linalg, fft and layout; a wrong use is reported.

mypy runs in this process through its API (``mypy.api.run``) with one cache directory
per test session, so that the second and third runs reuse what the first one read
(NumPy's stubs above all). The package is found on MYPYPATH at this checkout's root, not
as installed: an editable install's import hook is invisible to mypy. Imports from the
script are followed silently (``--follow-imports=silent``), as for an installed package:
the script's test reports the script's errors, the package's test the package's.
"""

from __future__ import annotations

import ast
import runpy
import tomllib
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api", reason="mypy is in the test extra")

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "pyproject.toml"
USER_SCRIPT = ROOT / "tests" / "helpers" / "typing_user_script.py"


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
    assert not errors, (
        f"mypy finds {len(errors)} errors in the user's script:\n" + "\n".join(errors)
    )


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
    # operators are methods with the standard's operand types: mypy reports a wrong
    # operand as an unsupported operand of ``+``
    assert any(":6: error:" in e and "[operator]" in e and '"Array"' in e for e in errors), errors
    assert any(":7: error:" in e and "[arg-type]" in e for e in errors), errors


OPERATOR_EXPRESSIONS = {
    # expression: the type mypy must reveal (an Array, or the Python type a conversion gives)
    **{expression: "Array" for expression in (
        "abs(x)", "-x", "+x", "~i", "x + 1", "1 + x", "x - y", "2 - x", "x * 2", "2 * x",
        "x / 2.0", "1.0 / x", "x // 2", "7 // x", "x % 2", "7 % x", "x ** 2", "2.0 ** x",
        "x @ y", "i & 1", "1 & i", "i | 1", "1 | i", "i ^ 1", "1 ^ i", "i << 1", "1 << i",
        "i >> 1", "64 >> i", "x < y", "x <= 1", "x > 1", "1 >= x", "x == y", "x != 1", "x[0]",
        "x[0, ...]", "x[:, None]", "x[x > 0]", "x.T", "x.mT")},
    "bool(x)": "bool", "float(x)": "float", "int(i)": "int",
    "complex(x)": "complex", "operator.index(i)": "int", "len(x)": "int",
}


def test_every_operator_reveals_its_type(run_mypy, tmp_path):
    lines = ["import operator", "import array_api_reshape as xp",
             "x = xp.asarray([[1.0, 2.0], [3.0, 4.0]])", "y = xp.asarray([[1.0, 0.0], [0.0, 1.0]])",
             "i = xp.asarray([[1, 2], [3, 4]])", "z = xp.asarray([1.0])"]
    first = len(lines) + 1
    expressions = list(OPERATOR_EXPRESSIONS)
    lines += [f"reveal_type({expression})" for expression in expressions]
    lines += ["z += 1", "z -= 1", "z *= 2", "z /= 2", "z //= 1", "z %= 3", "z **= 2",
              "reveal_type(z)",
              "j = xp.asarray([1])", "j &= 1", "j |= 2", "j ^= 1", "j <<= 1", "j >>= 1",
              "reveal_type(j)",
              "m = xp.asarray([[1.0]])", "m @= m", "reveal_type(m)"]
    script = tmp_path / "operators.py"
    script.write_text("\n".join(lines) + "\n")
    stdout, _, _ = mypy_api.run(["--config-file", str(CONFIG), "--follow-imports=silent",
                                 "--no-error-summary", "--hide-error-context", str(script)])
    errors = [line for line in stdout.splitlines() if ": error:" in line]
    assert not errors, "\n".join(errors)
    revealed = {int(line.split(":")[1]): line.split('Revealed type is "')[1].rstrip('"')
                for line in stdout.splitlines() if "Revealed type is" in line}
    array = "array_api_reshape._array._array_object.Array"
    for offset, expression in enumerate(expressions):
        expected = OPERATOR_EXPRESSIONS[expression]
        expected = array if expected == "Array" else expected
        assert revealed.get(first + offset) == expected, expression
    assert sorted(revealed.values()).count(array) == sum(
        1 for kind in OPERATOR_EXPRESSIONS.values() if kind == "Array") + 3  # z, j and m


def _attribute_uses(tree: ast.AST) -> set[str]:
    """Every dotted name the script reads: ``xp.linalg.inv`` gives ``xp.linalg.inv``."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            parts = []
            inner: ast.expr = node
            while isinstance(inner, ast.Attribute):
                parts.append(inner.attr)
                inner = inner.value
            if isinstance(inner, ast.Name):
                found.add(".".join([inner.id, *reversed(parts)]))
    return found


def test_the_user_script_uses_every_public_name():
    import array_api_reshape as xp
    from array_api_reshape import layout

    used = _attribute_uses(ast.parse(USER_SCRIPT.read_text()))
    public = ({f"xp.{name}" for name in xp.__all__}
              | {f"xp.linalg.{name}" for name in xp.linalg.__all__}
              | {f"xp.fft.{name}" for name in xp.fft.__all__}
              | {f"layout.{name}" for name in layout.__all__})
    used_prefixes = {".".join(name.split(".")[:k])
                     for name in used for k in range(2, name.count(".") + 2)}
    missing = sorted(name for name in public - used_prefixes if name not in {"xp.layout"})
    assert not missing, f"the user's script never uses {missing}"


def test_the_package_is_checked_with_every_function_annotated():
    options = tomllib.loads(CONFIG.read_text())["tool"]["mypy"]
    assert options["disallow_untyped_defs"] is True
    assert options["disallow_incomplete_defs"] is True


def test_mypy_passes_on_the_package(run_mypy):
    status, errors = run_mypy()  # the files of pyproject.toml's [tool.mypy]
    assert status == 0 and not errors, (
        f"mypy finds {len(errors)} errors in the package:\n" + "\n".join(errors)
    )
