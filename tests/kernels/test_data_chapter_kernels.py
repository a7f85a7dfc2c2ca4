"""The searching, set, sorting, statistical, utility and indexing chapters and their kernels
(issue 15): chapters hold no ndarray, kernels sit below the array object, and the results
are new, writable arrays of the standard's dtypes."""

from __future__ import annotations

import ast
import pathlib

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import layout
from array_api_reshape._kernels._reduction_kernels import extremum_positions, reduced
from array_api_reshape._kernels._scan_kernels import cumulative, differences
from array_api_reshape._kernels._searching_kernels import chosen, insertion_positions
from array_api_reshape._kernels._set_kernels import membership, unique_parts
from array_api_reshape._kernels._sorting_kernels import sort_positions, sorted_values
from array_api_reshape._kernels._take_kernels import taken, taken_along_axis

PACKAGE = pathlib.Path(xp.__file__).parent

CHAPTERS = [
    "_chapters/_searching_functions.py",
    "_chapters/_set_functions.py",
    "_chapters/_sorting_functions.py",
    "_chapters/_statistical_functions.py",
    "_chapters/_reduction_steps.py",
    "_chapters/_utility_functions.py",
    "_chapters/_indexing_functions.py",
]

KERNELS = [
    "_kernels/_operand_kernels.py",
    "_kernels/_reduction_kernels.py",
    "_kernels/_scan_kernels.py",
    "_kernels/_searching_kernels.py",
    "_kernels/_set_kernels.py",
    "_kernels/_sorting_kernels.py",
    "_kernels/_take_kernels.py",
]

# what a chapter may not touch: NumPy, an array's NumPy view, ndarray methods, and the
# old ways of calling NumPy by name or wrapping its results
FORBIDDEN_ATTRIBUTES = {"_numpy", "_np_view", "astype", "item", "flags"}
FORBIDDEN_NAMES = {"np", "numpy", "numpy_call", "numpy_call_without_warnings", "wrap_result",
                   "checked_scalar", "from_contiguous_result"}


def _imported_modules(tree: ast.Module) -> set[str]:
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = "." * node.level + (node.module or "")
            modules.add(source)
            prefix = f"{source.rstrip('.')}." if node.module else source
            modules.update(f"{prefix}{alias.name}"
                           for alias in node.names if alias.name.startswith("_"))
    return modules


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_chapter_holds_no_ndarray(chapter):
    tree = ast.parse((PACKAGE / chapter).read_text())
    imported = _imported_modules(tree)
    assert not {m for m in imported if m.split(".")[0] == "numpy"}, imported
    assert not {m for m in imported if m.endswith("_numpy_views")}, \
        "chapters call named kernels of their own modules"
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            found.append(f"line {node.lineno}: .{node.attr}")
        if isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            found.append(f"line {node.lineno}: {node.id}")
    assert not found, f"{chapter}: {found}"


@pytest.mark.parametrize("kernel", KERNELS)
def test_kernel_sits_below_the_array(kernel):
    imported = _imported_modules(ast.parse((PACKAGE / kernel).read_text()))
    above = {m for m in imported if m.startswith("..") and not m.startswith(".._tables")}
    assert not above, f"{kernel} imports {above}"


class _Elements:
    """Anything with ``_numpy()`` is an operand to the kernels (they never see Array)."""

    def __init__(self, values):
        self.values = np.asarray(values)

    def _numpy(self):
        return self.values


def test_kernels_take_any_object_with_elements():
    x = _Elements([[3.0, 1.0], [2.0, 5.0]])
    assert reduced("sum", x, (0, 1), False, xp.float32).dtype == np.float32
    assert reduced("var", x, (1,), True, correction=1).shape == (2, 1)
    assert extremum_positions("argmax", x, None, True).tolist() == [[3]]
    assert cumulative("cumulative_prod", x, 1, xp.float64, True).tolist() == [
        [1.0, 3.0, 3.0], [1.0, 2.0, 10.0]]
    assert differences(x, 1, 0, xp.float64).tolist() == [[-1.0, 4.0]]
    assert chosen(_Elements([True, False]), 7, x, xp.int8).tolist() == [[7, 1], [7, 5]]
    assert insertion_positions(_Elements([1, 3]), 2, xp.int64, "left", None).tolist() == 1
    assert [p.tolist() for p in unique_parts(x, False, True, False)] == [
        [1.0, 2.0, 3.0, 5.0], [[2, 0], [1, 3]]]
    assert membership(3, _Elements([1, 3]), xp.int64, False).shape == ()
    assert sort_positions(x, 1, True, True).tolist() == [[0, 1], [1, 0]]
    assert sorted_values(x, 0, False, False).tolist() == [[2.0, 1.0], [3.0, 5.0]]
    assert taken(x, 1, 1).tolist() == [1.0, 5.0]
    assert taken_along_axis(x, _Elements([[1], [0]]), 1).tolist() == [[1.0], [2.0]]


def test_kernels_never_return_numpy_scalars():
    x = _Elements([4, 7, 1])
    for result in (
        reduced("max", x, (0,), False),
        reduced("mean", x, (0,), False, xp.float64, quiet=True),
        extremum_positions("argmin", x, None, False),
        insertion_positions(x, 5, xp.int64, "right", None),
        membership(x, 7, xp.int64, True),
        taken(x, 2, 0),
    ):
        assert type(result) is np.ndarray


def test_take_of_one_position_is_a_writable_array():
    # it used to keep NumPy's scalar as its buffer: read-only, unlike every other result
    result = xp.take(xp.asarray([1, 2, 3]), 1)
    result[()] = 7
    assert int(result) == 7


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda x: xp.sum(x, axis=0), id="sum"),
        pytest.param(lambda x: xp.max(x, axis=1, keepdims=True), id="max"),
        pytest.param(lambda x: xp.argmax(x, keepdims=True), id="argmax"),
        pytest.param(lambda x: xp.sort(x, axis=0, descending=True, stable=False), id="sort"),
        pytest.param(lambda x: xp.argsort(x, axis=0), id="argsort"),
        pytest.param(lambda x: xp.cumulative_sum(x, axis=1, include_initial=True), id="cumsum"),
        pytest.param(lambda x: xp.diff(x, axis=0), id="diff"),
        pytest.param(lambda x: xp.where(x > 2, x, 0), id="where"),
        pytest.param(lambda x: xp.take(x, xp.asarray([1, 0]), axis=1), id="take"),
        pytest.param(lambda x: xp.unique_values(x), id="unique"),
        pytest.param(lambda x: xp.nonzero(x)[1], id="nonzero"),
    ],
)
def test_results_are_new_writable_arrays(call):
    x = xp.asarray([[3, 1], [2, 5]])
    result = call(x)
    assert not layout.shares_memory(result, x)
    before = xp.asarray(x, copy=True)
    result[...] = 0
    assert xp.all(x == before)


def test_nonzero_gives_arrays_that_share_nothing():
    rows, cols = xp.nonzero(xp.asarray([[0, 5], [7, 0]]))
    assert not layout.shares_memory(rows, cols)
    rows[0] = 9
    assert (int(rows[0]), int(cols[0])) == (9, 1)


@pytest.mark.parametrize(
    "call, function",
    [
        (lambda: xp.where(xp.asarray([True]), xp.asarray([1], dtype=xp.int8), 300), "where"),
        (lambda: xp.searchsorted(xp.asarray([1], dtype=xp.int8), 300), "searchsorted"),
        (lambda: xp.isin(xp.asarray([1], dtype=xp.int8), 300), "isin"),
    ],
)
def test_scalars_that_do_not_fit_name_the_function(call, function):
    expected = rf"^{function}\(\): the Python int 300 does not fit in int8"
    with pytest.raises(OverflowError, match=expected):
        call()


def test_order_of_inputs_does_not_change_values():
    data = np.arange(12.0).reshape(3, 4)
    column_major = xp.asarray(np.asfortranarray(data))
    np.testing.assert_array_equal(
        np.asarray(xp.where(column_major > 4, column_major, -1.0)),
        np.where(data > 4, data, -1.0),
    )
    np.testing.assert_array_equal(
        np.asarray(xp.cumulative_prod(column_major, axis=0)), np.cumprod(data, axis=0)
    )
