"""The command line: the tour, --help, --version, and `explain` with its exit codes."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import array_api_reshape as xp
from array_api_reshape._runtime._build import build_name
from array_api_reshape import flags
from array_api_reshape import layout
from array_api_reshape.__main__ import InputError, main, parse_int_tuple, tour
from layout_model import a_view_exists
from strategies import factorisations_of, small_layouts


def run(capsys, *argv):
    """Exit status, standard output and standard error of main(argv)."""
    try:
        status = main(list(argv))
    except SystemExit as exit:
        status = exit.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_no_arguments_prints_the_tour(capsys):
    status, out, err = run(capsys)
    assert status == 0 and err == ""
    assert out.startswith(f"array_api_reshape {xp.__version__}")
    assert out.strip() == tour()
    assert "2025.12" in out
    assert "VIEW  (4, 8, 9)[:, :6, :], strides (72, 9, 1) -> (4, 54)" in out
    assert "COPY  (4, 8, 9)[:, :6, :], strides (72, 9, 1) -> (24, 9)" in out
    assert "axes 0 and 1 cannot merge: stride 72 != 6 * 9" in out
    assert "VIEW  (3, 4)[:, ::2], strides (4, 2) -> (6,)" in out
    assert "COPY  (3, 4) transposed" in out
    assert run(capsys, "tour")[1] == out


def test_the_tour_ends_with_a_mode_catching_a_read_that_relies_on_a_view(capsys):
    _, out, _ = run(capsys)
    tail = " ".join(out[out.index("For library authors"):].split())
    assert ("ValueError: sum() at example.py:5: reads an array whose elements were changed "
            "through another array over the same memory, by __setitem__() at example.py:4 "
            "(through a view made by __getitem__() at example.py:3)") in tail
    assert "made by zeros() at example.py:2" in tail
    assert "pytest --xp-mode views=error --xp-report portability.md" in tail
    assert flags.get()["views"] == "shared"


def test_help_describes_the_commands(capsys):
    status, out, _ = run(capsys, "--help")
    assert status == 0 and out.startswith("usage: python -m array_api_reshape")
    assert "explain" in out and "--version" in out and "COPY" not in out
    status, out, _ = run(capsys, "explain", "--help")
    assert status == 0 and "--strides STRIDES" in out and "--svg FILE" in out


def test_version_names_the_package_and_the_standard(capsys):
    status, out, _ = run(capsys, "--version")
    assert status == 0
    assert out.strip() == (f"array_api_reshape {xp.__version__} (Python Array API standard "
                           f"2025.12; {build_name()})")


@pytest.mark.parametrize("argv", [
    ["bogus", "--flag"], ["--flag"], ["explain", "3,4", "12", "--bogus"], ["explain", "3,4"],
    ["explain", "3,4", "12", "--order", "K"],
])
def test_unknown_commands_and_options_exit_2_with_the_usage(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("usage: python -m array_api_reshape")


@pytest.mark.parametrize("argv, message", [
    (["explain", "(3, 4)", "(5,)"], "cannot reshape an array of size 12 into shape (5,)"),
    (["explain", "(3, 4", "(12,)"], "SHAPE '(3, 4' is not a tuple of ints"),
    (["explain", "3x4", "12"], "SHAPE '3x4' is not a tuple of ints"),
    (["explain", "3,4", "(1.5, 8)"], "NEW_SHAPE '(1.5, 8)' is not a tuple of ints"),
    (["explain", "3,4", "12", "--strides", "(1,)"],
     "--strides (1,) has 1 entry but SHAPE (3, 4) has 2 axes"),
    (["explain", "3", "3", "--strides", "1,1"],
     "--strides (1, 1) has 2 entries but SHAPE (3,) has 1 axis"),
    (["explain", "3,4", "12", "--strides", "a,b"], "--strides 'a,b' is not a tuple of ints"),
    (["explain", "(-3, 4)", "12"], "SHAPE (-3, 4) must hold sizes >= 0"),
    (["explain", "3,4", "(-1, -1)"], "can have at most one -1"),
])
def test_bad_values_exit_2_with_one_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("python -m array_api_reshape explain: error: ")
    assert message in err


def test_explain_a_view(capsys):
    status, out, _ = run(capsys, "explain", "(4, 6, 9)", "(4, 54)", "--strides", "(72, 9, 1)")
    assert status == 0
    assert out.splitlines() == [
        "VIEW  shape (4, 6, 9), strides (72, 9, 1) -> (4, 54)",
        "      new strides (72, 1)",
    ]


def test_explain_a_copy_with_comma_lists(capsys):
    status, out, _ = run(capsys, "explain", "4,6,9", "24,9", "--strides", "72,9,1")
    assert status == 0
    assert out.splitlines() == [
        "COPY  shape (4, 6, 9), strides (72, 9, 1) -> (24, 9)",
        "      axes 0 and 1 cannot merge: stride 72 != 6 * 9",
    ]


def test_explain_defaults_to_c_contiguous_and_takes_negative_strides_and_order(capsys):
    assert run(capsys, "explain", "3,4", "-1")[1].startswith(
        "VIEW  shape (3, 4), strides (4, 1) -> (12,)"
    )
    assert "new strides (-1,)" in run(capsys, "explain", "(4,3)", "(12,)", "--strides=-3,-1")[1]
    # as --help writes them: a list that starts with a negative stride is no option
    assert "new strides (-1,)" in run(capsys, "explain", "(4,3)", "(12,)", "--strides", "-3,-1")[1]
    assert run(capsys, "explain", "3,4", "-1,2")[1].startswith(
        "VIEW  shape (3, 4), strides (4, 1) -> (6, 2)")
    assert run(capsys, "explain", "3,4", "12", "--strides", "1,3")[1].startswith("COPY")
    column_major = run(capsys, "explain", "3,4", "12", "--strides", "1,3", "--order", "F")[1]
    assert column_major.startswith("VIEW")


@settings(max_examples=60)
@given(data=st.data(), lay=small_layouts(max_ndim=4), order=st.sampled_from("CF"))
def test_explain_agrees_with_the_brute_force_model(data, lay, order):
    new_shape = data.draw(factorisations_of(lay.size, max_ndim=4))
    argv = ["explain", str(lay.shape), str(new_shape), f"--strides={lay.strides}", "--order", order]
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(argv) == 0
    verdict = out.getvalue()[:4]
    assert verdict == ("VIEW" if a_view_exists(lay, new_shape, order) else "COPY")


def test_explain_writes_the_picture(capsys, tmp_path):
    path = tmp_path / "reshape.svg"
    status, out, _ = run(capsys, "explain", "3,4", "12", "--strides", "1,3", "--svg", str(path))
    assert status == 0 and f"picture written to {path}" in out
    root = ElementTree.fromstring(path.read_text())
    assert root.get("aria-label").startswith("reshape to (12,): copy")
    x = xp.reshape(xp.arange(12), (4, 3)).T
    assert path.read_text() == layout.reshape_diagram(x, (12,)).svg


def test_explain_cannot_write_the_picture(capsys, tmp_path):
    status, _, err = run(capsys, "explain", "3,4", "12", "--svg", str(tmp_path / "no" / "x.svg"))
    assert status == 2 and "--svg: cannot write" in err and err.count("\n") == 1


@pytest.mark.parametrize("text, expected", [
    ("(4, 6, 9)", (4, 6, 9)), ("4,6,9", (4, 6, 9)), ("[4, 6]", (4, 6)), ("(5,)", (5,)),
    ("5", (5,)), ("()", ()), (" ( -1 , 3 ) ", (-1, 3)),
])
def test_tuples_are_read_as_python_writes_them(text, expected):
    assert parse_int_tuple(text, "SHAPE") == expected


@pytest.mark.parametrize("text", ["", "(,)", "((4, 6))", "4,,6", "(4, 6]", "four"])
def test_malformed_tuples_are_refused(text):
    with pytest.raises(InputError, match="is not a tuple of ints"):
        parse_int_tuple(text, "SHAPE")


def test_the_module_runs_as_a_program():
    command = [sys.executable, "-m", "array_api_reshape"]
    completed = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0 and "VIEW  contiguous (4, 6, 9)" in completed.stdout
    assert completed.stdout.strip() == tour()
    bad = subprocess.run([*command, "bogus", "--flag"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stdout == "" and "invalid choice: 'bogus'" in bad.stderr
