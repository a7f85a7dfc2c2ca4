"""
The command line: ``python -m array_api_reshape``.

Without arguments it prints a short tour: the versions, then a few classic reshapes, each
marked view or copy with the reason, then for library authors a portability mode catching
code that relies on views, and the pytest plugin's command line. ``explain SHAPE
NEW_SHAPE`` answers the one question people bring: is this reshape a view, and if not, why
not::

    python -m array_api_reshape explain "(4, 6, 9)" "(24, 9)" --strides "(72, 9, 1)"

Shapes and strides are Python tuples or comma lists; strides count elements, not bytes.
Bad input exits with status 2 and a one-line message.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap

import array_api_reshape as xp
from array_api_reshape import flags, layout, versions
from array_api_reshape._layout_tools._diagram import reshape_picture
from array_api_reshape._layout_tools._explain import ReshapeExplanation, explain_layout
from array_api_reshape._runtime._build import build_name
from array_api_reshape._tables._layout import Layout, extent, row_major_strides

PROG = "python -m array_api_reshape"


class InputError(ValueError):
    """A command-line value that cannot be used; its message is shown as is."""


def _classic_cases() -> list[tuple[str, xp.Array, tuple[int, ...]]]:
    """(title, array, new shape) for the layouts every strided library meets."""
    sliced = xp.reshape(xp.arange(288), (4, 8, 9))[:, :6, :]
    flipped = xp.flip(xp.reshape(xp.arange(216), (4, 6, 9)), axis=0)
    broadcast = xp.broadcast_to(xp.arange(4), (6, 4))
    every_other_column = xp.reshape(xp.arange(12), (3, 4))[:, ::2]
    transposed = xp.reshape(xp.arange(12), (3, 4)).T
    return [
        ("contiguous (4, 6, 9)", xp.reshape(xp.arange(216), (4, 6, 9)), (24, 9)),
        ("(4, 8, 9)[:, :6, :]", sliced, (4, 54)),
        ("(4, 8, 9)[:, :6, :]", sliced, (24, 9)),
        ("(4, 6, 9) flipped on axis 0", flipped, (4, 54)),
        ("(4, 6, 9) flipped on axis 0", flipped, (24, 9)),
        ("(4,) broadcast to (6, 4)", broadcast, (3, 2, 4)),
        ("(4,) broadcast to (6, 4)", broadcast, (24,)),
        ("(3, 4)[:, ::2]", every_other_column, (6,)),
        ("(3, 4) transposed", transposed, (12,)),
        ("empty (0, 3)", xp.zeros((0, 3)), (3, 0, 5)),
    ]


def _verdict_lines(title: str, explanation: ReshapeExplanation) -> list[str]:
    """VIEW or COPY with the shapes, then the new strides or the blocking axes and why."""
    verdict = "VIEW" if explanation.is_view else "COPY"
    lines = [f"{verdict}  {title}, strides {explanation.strides} -> {explanation.new_shape}"]
    blocking_axes = explanation.blocking_axes
    if explanation.is_view or blocking_axes is None:  # is_view exactly when it is None
        lines.append(f"      new strides {explanation.new_strides}")
    else:
        first, second = blocking_axes
        lines.append(f"      axes {first} and {second} cannot merge: {explanation.reason}")
    return lines


_PORTABLE_EXAMPLE = """\
import array_api_reshape as xp
c = xp.zeros((2, 3))
row = c[0]         # a view here and in NumPy; a copy in JAX and Dask
row[1] = 5.0       # so this changes c here, but not there
total = xp.sum(c)  # c's values depend on the library
"""


def _portability_lines() -> list[str]:
    """What a library author does next: one mode catching non-portable code, run live,
    and the pytest plugin's command line."""
    lines = ["", "For library authors: code that relies on views sharing writes breaks on "
             "JAX and Dask.", "Under flags.using(views='error') this code (example.py)", ""]
    lines += [f"  {number}  {text}"
              for number, text in enumerate(_PORTABLE_EXAMPLE.splitlines(), start=1)]
    with flags.using(views="error"):
        try:
            exec(compile(_PORTABLE_EXAMPLE, "example.py", "exec"), {})
        except ValueError as error:
            message = f"ValueError: {error}"
        else:  # pragma: no cover - the views mode refuses the read
            raise AssertionError("views='error' let the example's read through")
    lines += ["", "raises", ""]
    lines += textwrap.wrap(message, width=88, initial_indent="  ", subsequent_indent="    ")
    lines += ["", "Run your library's own tests under a mode, and read which of its lines are "
              "not portable:", "",
              "  pytest --xp-mode views=error --xp-report portability.md", "",
              "(other modes: lazy=True, writeable=False, profile=torch|jax|dask|cupy|lowest; "
              "see array_api_reshape.testing)"]
    return lines


def tour() -> str:
    """The text of the tour."""
    lines = [
        f"array_api_reshape {xp.__version__}: the Python Array API standard "
        f"{xp.__array_api_version__} on strided arrays ({build_name()})",
        f"Standard versions {', '.join(versions.SUPPORTED)}: "
        "x.__array_namespace__(api_version=...); "
        f"default {versions.get_default()} (see array_api_reshape.versions)",
        "",
        "Each reshape below is a view exactly when some strides reproduce the elements:",
        "",
    ]
    for title, x, new_shape in _classic_cases():
        lines += _verdict_lines(title, layout.explain_reshape(x, new_shape))
    lines += ["", f"Ask about your own layout: {PROG} explain SHAPE NEW_SHAPE --strides STRIDES"]
    lines += _portability_lines()
    return "\n".join(lines)


def parse_int_tuple(text: str, what: str) -> tuple[int, ...]:
    """``"(4, 6)"``, ``"[4, 6]"``, ``"4,6"``, ``"(5,)"``, ``"5"`` or ``"()"`` as a tuple of ints."""
    body = text.strip()
    bracketed = body[:1] + body[-1:] in ("()", "[]")
    if bracketed:
        body = body[1:-1].strip()
        if not body:
            return ()
    items = [item.strip() for item in body.split(",")]
    if len(items) > 1 and items[-1] == "":
        items.pop()  # "(5,)": the trailing comma of a one-tuple
    try:
        return tuple(int(item) for item in items)
    except ValueError:
        raise InputError(
            f"{what} {text!r} is not a tuple of ints; write it as (4, 6, 9) or 4,6,9"
        ) from None


def layout_from_arguments(shape_text: str, strides_text: str | None) -> Layout:
    """The layout the user describes: C-contiguous strides unless given; the offset is the
    smallest that keeps every address in the buffer (negative strides start later)."""
    shape = parse_int_tuple(shape_text, "SHAPE")
    if any(n < 0 for n in shape):
        raise InputError(f"SHAPE {shape} must hold sizes >= 0")
    if strides_text is None:
        return Layout(shape, row_major_strides(shape), 0)
    strides = parse_int_tuple(strides_text, "--strides")
    if len(strides) != len(shape):
        entries = "entry" if len(strides) == 1 else "entries"
        axes = "axis" if len(shape) == 1 else "axes"
        raise InputError(
            f"--strides {strides} has {len(strides)} {entries} but SHAPE {shape} has "
            f"{len(shape)} {axes}; give one stride per axis"
        )
    bounds = extent(Layout(shape, strides, 0))
    return Layout(shape, strides, -bounds[0] if bounds else 0)


def explain(arguments: argparse.Namespace) -> list[str]:
    """The lines ``explain`` prints; writes the picture when ``--svg`` is given."""
    lay = layout_from_arguments(arguments.shape, arguments.strides)
    new_shape = parse_int_tuple(arguments.new_shape, "NEW_SHAPE")
    try:
        explanation = explain_layout(lay, new_shape, arguments.order, function="explain")
    except ValueError as error:
        raise InputError(str(error).removeprefix("explain(): ")) from None
    lines = _verdict_lines(f"shape {lay.shape}", explanation)
    if arguments.svg:
        bounds = extent(lay)
        buffer_size = bounds[1] + 1 if bounds else 0
        picture = reshape_picture(lay, buffer_size, new_shape, arguments.order, 48,
                                  function="explain")
        try:
            picture.save(arguments.svg)
        except OSError as error:
            raise InputError(f"--svg: cannot write {arguments.svg!r}: {error.strerror}") from None
        lines.append(f"      picture written to {arguments.svg}")
    return lines


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="The Python Array API standard on strided arrays whose reshape is a "
        "view whenever any strides allow. Without a command: a short tour.",
    )
    parser.add_argument(
        "--version", action="store_true",
        help="show the package's version, the standard's and which build is running "
        "(the compiled core or pure Python), and exit",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("tour", help="classic reshapes, each marked view or copy (the default)")
    explain_parser = commands.add_parser(
        "explain",
        help="is reshaping SHAPE to NEW_SHAPE a view, and if not, why not",
        description="Say whether reshaping an array of SHAPE (with STRIDES) to NEW_SHAPE is "
        "a view or needs a copy: the new strides, or the two axes that block a view and why.",
        epilog='example: explain "(4, 6, 9)" "(24, 9)" --strides "(72, 9, 1)"',
    )
    explain_parser.add_argument("shape", metavar="SHAPE", help="e.g. (4, 6, 9) or 4,6,9")
    explain_parser.add_argument(
        "new_shape", metavar="NEW_SHAPE", help='one -1 allowed, e.g. "(-1, 9)"'
    )
    explain_parser.add_argument(
        "--strides", metavar="STRIDES",
        help="in elements, one per axis, any sign (default: C-contiguous): -3,-1 or "
        '"(-3, -1)"',
    )
    explain_parser.add_argument(
        "--order", choices=("C", "F"), default="C",
        help="reading order: row-major C (default) or column-major F",
    )
    explain_parser.add_argument("--svg", metavar="FILE", help="also write the picture here")
    return parser


_NEGATIVE_LIST = re.compile(r"-\d+(\s*,\s*-?\d+)*\s*,?")
"""A comma list that starts with a negative number (``-4,1``): argparse would take the
word for an option."""


def with_negative_lists_as_values(argv: list[str]) -> list[str]:
    """``argv`` with each comma list that starts with a negative number made a value:
    ``--strides -4,1`` as ``--strides=-4,1``, a shape ``-1,9`` as ``(-1,9)``."""
    words: list[str] = []
    for word in argv:
        if _NEGATIVE_LIST.fullmatch(word):
            if words and words[-1] == "--strides":
                words[-1] = f"--strides={word}"
                continue
            word = f"({word})"
        words.append(word)
    return words


def main(argv: list[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    arguments = parser.parse_args(with_negative_lists_as_values(
        sys.argv[1:] if argv is None else argv))
    if arguments.version:  # one line, never wrapped
        print(f"array_api_reshape {xp.__version__} (Python Array API standard "
              f"{xp.__array_api_version__}; {build_name()})")
        return 0
    if arguments.command == "explain":
        try:
            lines = explain(arguments)
        except InputError as error:
            print(f"{PROG} explain: error: {error}", file=sys.stderr)
            return 2
        print("\n".join(lines))
        return 0
    print(tour())
    return 0


if __name__ == "__main__":
    sys.exit(main())
