"""
Tests of a dtype's kind: one predicate (``_dtypes.is_kind``) answers them in the words of
KIND_GROUPS, and one function (``_dtypes.check_dtype_kind``) refuses a kind and words the
refusal, for every chapter.

Their answers are checked against a table of dtype names written out here (not read from
KIND_GROUPS), the wording through the public functions that use it, and the package's
source is searched for kinds tested (by their strings) or refusals worded anywhere else.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import array_api_reshape as xp
from array_api_reshape._tables._dtypes import (
    ALL_DTYPES,
    ISDTYPE_KINDS,
    KIND_GROUPS,
    check_dtype_kind,
    is_kind,
)

PACKAGE_DIR = Path(__file__).resolve().parents[2] / "array_api_reshape"

_SIGNED = {"int8", "int16", "int32", "int64"}
_UNSIGNED = {"uint8", "uint16", "uint32", "uint64"}
_REAL = {"float32", "float64"}
_COMPLEX = {"complex64", "complex128"}

ACCEPTED = {
    "bool": {"bool"},
    "signed integer": _SIGNED,
    "unsigned integer": _UNSIGNED,
    "integral": _SIGNED | _UNSIGNED,
    "real floating": _REAL,
    "complex floating": _COMPLEX,
    "numeric": _SIGNED | _UNSIGNED | _REAL | _COMPLEX,
    "boolean": {"bool"},
    "integer": _SIGNED | _UNSIGNED,
    "integer or boolean": _SIGNED | _UNSIGNED | {"bool"},
    "real-valued": _SIGNED | _UNSIGNED | _REAL,
    "real-valued or boolean": _SIGNED | _UNSIGNED | _REAL | {"bool"},
    "floating-point": _REAL | _COMPLEX,
    "real floating-point": _REAL,
    "complex floating-point": _COMPLEX,
    "any": {"bool"} | _SIGNED | _UNSIGNED | _REAL | _COMPLEX,
}
"""The dtype names each kind group accepts, written out from the standard's words."""


def test_the_table_here_covers_every_kind_group():
    assert set(ACCEPTED) == set(KIND_GROUPS)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("kinds", list(KIND_GROUPS))
def test_each_kind_group_accepts_its_dtypes_and_refuses_the_others(kinds, dtype):
    if dtype.name in ACCEPTED[kinds]:
        check_dtype_kind(dtype, "somefunction", "arg", kinds)
        return
    with pytest.raises(TypeError) as caught:
        check_dtype_kind(dtype, "somefunction", "arg", kinds)
    article = "an" if kinds[0] in "aeiou" else "a"
    assert str(caught.value) == (
        f"somefunction(): 'arg' must have {article} {kinds} dtype, got {dtype}"
    )


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("kinds", list(KIND_GROUPS))
def test_is_kind_answers_as_the_table_here(kinds, dtype):
    assert is_kind(dtype, kinds) is (dtype.name in ACCEPTED[kinds])


def test_is_kind_refuses_a_group_it_does_not_know():
    with pytest.raises(KeyError):
        is_kind(xp.int8, "integers")


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("kind", ISDTYPE_KINDS)
def test_the_kind_names_of_isdtype_accept_what_isdtype_accepts(kind, dtype):
    try:
        check_dtype_kind(dtype, "f", "x", kind)
        accepted = True
    except TypeError:
        accepted = False
    assert accepted == xp.isdtype(dtype, kind)


def test_advice_follows_the_refusal():
    with pytest.raises(TypeError) as caught:
        check_dtype_kind(xp.int8, "f", "x", "floating-point", advice="cast it first")
    assert str(caught.value) == (
        "f(): 'x' must have a floating-point dtype, got array_api_reshape.int8; cast it first"
    )


def _vector(dtype):
    return xp.asarray([1, 0, 0], dtype=dtype)


def _matrix(dtype):
    return xp.eye(2, dtype=dtype)


REFUSALS = [
    # (call, function, argument, dtype given): one or more per chapter that refuses a kind
    (lambda: xp.sum(_vector(xp.bool)), "sum", "x", xp.bool),
    (lambda: xp.max(_vector(xp.complex64)), "max", "x", xp.complex64),
    (lambda: xp.mean(_vector(xp.int32)), "mean", "x", xp.int32),
    (lambda: xp.std(_vector(xp.int8)), "std", "x", xp.int8),
    (lambda: xp.argmax(_vector(xp.complex128)), "argmax", "x", xp.complex128),
    (lambda: xp.searchsorted(_vector(xp.complex64), _vector(xp.complex64)),
     "searchsorted", "x1", xp.complex64),
    (lambda: xp.searchsorted(_vector(xp.int64), _vector(xp.int64), sorter=_vector(xp.float64)),
     "searchsorted", "sorter", xp.float64),
    (lambda: xp.where(_vector(xp.int8), 1, 2), "where", "condition", xp.int8),
    (lambda: xp.sort(_vector(xp.complex64)), "sort", "x", xp.complex64),
    (lambda: xp.argsort(_vector(xp.complex128)), "argsort", "x", xp.complex128),
    (lambda: xp.repeat(_vector(xp.int8), _vector(xp.float32)), "repeat", "repeats", xp.float32),
    (lambda: xp.finfo(xp.int16), "finfo", "type", xp.int16),
    (lambda: xp.iinfo(xp.float32), "iinfo", "type", xp.float32),
    (lambda: xp.matmul(_matrix(xp.float64), _matrix(xp.bool)), "matmul", "x2", xp.bool),
    (lambda: _matrix(xp.bool) @ _matrix(xp.float64), "matmul", "x1", xp.bool),
    (lambda: xp.tensordot(_matrix(xp.bool), _matrix(xp.int8)), "tensordot", "x1", xp.bool),
    (lambda: xp.vecdot(_vector(xp.int8), _vector(xp.bool)), "vecdot", "x2", xp.bool),
    (lambda: xp.linalg.cross(_vector(xp.bool), _vector(xp.bool)), "linalg.cross", "x1", xp.bool),
    (lambda: xp.linalg.outer(_vector(xp.bool), _vector(xp.bool)), "linalg.outer", "x1", xp.bool),
    (lambda: xp.linalg.trace(_matrix(xp.bool)), "linalg.trace", "x", xp.bool),
    (lambda: xp.linalg.inv(_matrix(xp.int64)), "linalg.inv", "x", xp.int64),
    (lambda: xp.linalg.matrix_power(_matrix(xp.int64), -1), "linalg.matrix_power", "x",
     xp.int64),
    (lambda: xp.linalg.matrix_rank(_matrix(xp.float64), rtol=xp.asarray(1j)),
     "linalg.matrix_rank", "rtol", xp.complex128),
    (lambda: xp.fft.fft(_vector(xp.float64)), "fft.fft", "x", xp.float64),
    (lambda: xp.fft.rfft(_vector(xp.complex128)), "fft.rfft", "x", xp.complex128),
    (lambda: xp.fft.fftfreq(4, dtype=xp.complex64), "fft.fftfreq", "dtype", xp.complex64),
]


@pytest.mark.parametrize("call, function, argument, dtype", REFUSALS,
                         ids=[f"{r[1]}-{r[2]}" for r in REFUSALS])
def test_every_chapter_refuses_a_kind_in_the_one_wording(call, function, argument, dtype):
    with pytest.raises(TypeError) as caught:
        call()
    assert re.match(
        rf"{re.escape(function)}\(\): '{argument}' must have an? [\w -]+ dtype, "
        rf"got {re.escape(str(dtype))}(;|$)",
        str(caught.value),
    ), str(caught.value)


def test_cross_and_outer_still_take_bool_with_a_number():
    # the refusal reads the promoted dtype, as before: only bool with bool is refused
    assert xp.linalg.cross(_vector(xp.bool), _vector(xp.float64)).dtype == xp.float64
    assert xp.linalg.outer(_vector(xp.bool), _vector(xp.int8)).dtype == xp.int8


KIND_REFUSAL = re.compile(
    r"must be numeric|numeric dtype|must be real\b|needs a floating|must have dtype \w"
    r"|must have an? .{1,40}? dtype"
    r"|must be an? [\w -]*(integer|floating|numeric|boolean|bool|real|complex)[\w -]* dtype"
    r"|(integer|floating|numeric|real-valued) array"
)
"""Wordings of a refusal of a dtype's kind."""

OWNED_ELSEWHERE = {
    # files other engineers were editing when the refusals moved into check_dtype_kind;
    # switch each to it, then drop its entry (the last test says when one is stale)
    "_array/_elementwise_dispatch.py",
    "_chapters/_elementwise_functions.py",  # clip's "must be real": a complex Python scalar
    "_kernels/_numpy_views.py",  # a NumPy array made of a list, in NumPy's dtype names
}


def _texts(node):
    """The text of a string or f-string node, with ``{}`` for each replacement field."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return "".join(
        part.value if isinstance(part, ast.Constant) else "{}" for part in node.values
    )


def kind_refusal_wordings():
    """(module, text) for each string of the package that words a kind refusal, outside
    check_dtype_kind."""
    found = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside_the_function = {
            id(node)
            for definition in ast.walk(tree)
            if isinstance(definition, ast.FunctionDef) and definition.name == "check_dtype_kind"
            for node in ast.walk(definition)
        }
        parts_of_fstrings = {
            id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
            for part in node.values
        }
        docstrings = {
            id(definition.body[0].value)
            for definition in ast.walk(tree)
            if isinstance(definition, (ast.Module, ast.ClassDef, ast.FunctionDef))
            and definition.body and isinstance(definition.body[0], ast.Expr)
        }
        skipped = inside_the_function | docstrings | parts_of_fstrings
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            is_text = isinstance(node, ast.JoinedStr) or (
                isinstance(node, ast.Constant) and isinstance(node.value, str)
            )
            if is_text and KIND_REFUSAL.search(_texts(node)):
                found.append((path.relative_to(PACKAGE_DIR).as_posix(), _texts(node)))
    return found


def test_no_kind_refusal_is_worded_outside_check_dtype_kind():
    elsewhere = [(module, text) for module, text in kind_refusal_wordings()
                 if module not in OWNED_ELSEWHERE]
    assert elsewhere == []


def test_the_list_of_files_owned_elsewhere_is_not_stale():
    still_wording = {module for module, _ in kind_refusal_wordings()}
    assert OWNED_ELSEWHERE <= still_wording, OWNED_ELSEWHERE - still_wording


def test_the_search_finds_the_old_wordings():
    for old in ("linalg.trace(): 'x' must be numeric",
                "tensordot(): 'x1' must have a numeric dtype, got {}",
                "iinfo(): 'type' must be an integer dtype, got {}",
                "where(): 'condition' must have dtype bool, got {}",
                "repeat(): 'repeats' must be an int or a 1-D integer array",
                "linalg.matrix_power(): a negative power needs a floating-point 'x'"):
        assert KIND_REFUSAL.search(old), old


KIND_WORDS = re.compile(r"\b(bool|integer|integral|floating|signed|unsigned|real|complex|numeric)")
"""Words of our kinds, as a string compared with a DType's ``kind`` would hold them (NumPy's
one-letter kinds, which the kernels test on NumPy arrays, hold none)."""

def _is_kind_attribute(node):
    return isinstance(node, ast.Attribute) and node.attr == "kind"


def _holds_kind_words(node):
    texts = [node] if isinstance(node, ast.Constant) else getattr(node, "elts", [])
    return any(isinstance(text, ast.Constant) and isinstance(text.value, str)
               and KIND_WORDS.search(text.value) for text in texts)


def _kind_tests_in(tree):
    """The lines of ``tree`` that compare a ``kind`` with our kinds' words, or look a
    group up in KIND_GROUPS."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(map(_is_kind_attribute, sides)) and any(map(_holds_kind_words, sides)):
                yield node.lineno
        elif isinstance(node, ast.Subscript) and getattr(node.value, "id", "") == "KIND_GROUPS":
            yield node.lineno


def kind_tests_by_string():
    """(module, line) of each kind tested by its string outside the dtype table."""
    return [
        (path.relative_to(PACKAGE_DIR).as_posix(), line)
        for path in sorted(PACKAGE_DIR.rglob("*.py"))
        if path.relative_to(PACKAGE_DIR).as_posix() != "_tables/_dtypes.py"
        for line in _kind_tests_in(ast.parse(path.read_text(encoding="utf-8")))
    ]


def test_no_kind_is_tested_by_its_string_outside_the_dtype_table():
    assert kind_tests_by_string() == [], "test kinds with _dtypes.is_kind(dtype, group)"


@pytest.mark.parametrize("old", [
    'dtype.kind == "complex floating"', '"integer" in dtype.kind',
    'x._dtype.kind in ("signed integer", "unsigned integer")', 'KIND_GROUPS["real-valued"]',
])
def test_the_search_finds_kinds_tested_by_string(old):
    assert list(_kind_tests_in(ast.parse(old))) == [1]


def test_the_search_leaves_numpys_kinds_alone():
    assert list(_kind_tests_in(ast.parse('a.dtype.kind in "iub"'))) == []
