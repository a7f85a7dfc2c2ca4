"""The API reference: every public name on the page of its chapter of the standard, with
an Examples section that runs (pytest runs every docstring example as a doctest); the
array object with its attributes, methods and operators; every page reachable."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import array_api_reshape as xp
from array_api_reshape import devices, fft, layout, linalg, versions

API = Path(__file__).resolve().parents[2] / "docs" / "api"

# the private module of each chapter of the standard -> its reference page
CHAPTER_PAGES = {
    "_creation_functions": "creation",
    "_data_type_functions": "data-type-functions",
    "_elementwise_functions": "elementwise",
    "_indexing_functions": "indexing",
    "_info": "inspection",
    "_linear_algebra_functions": "linear-algebra",
    "_manipulation_functions": "manipulation",
    "_searching_functions": "searching",
    "_set_functions": "sets",
    "_sorting_functions": "sorting",
    "_statistical_functions": "statistics",
    "_utility_functions": "utilities",
    "_array_object": "array",
}

# the array object's attributes and methods in the standard (2025.12)
STANDARD_ARRAY_ATTRIBUTES = ["dtype", "device", "mT", "ndim", "shape", "size", "T"]
STANDARD_ARRAY_METHODS = [
    "__abs__", "__add__", "__and__", "__array_namespace__", "__bool__", "__complex__",
    "__dlpack__", "__dlpack_device__", "__eq__", "__float__", "__floordiv__", "__ge__",
    "__getitem__", "__gt__", "__index__", "__int__", "__invert__", "__le__", "__lshift__",
    "__lt__", "__matmul__", "__mod__", "__mul__", "__ne__", "__neg__", "__or__", "__pos__",
    "__pow__", "__rshift__", "__setitem__", "__sub__", "__truediv__", "__xor__", "to_device",
]


# the compiled entries of hot functions (_entries/) -> their chapters' pages
ENTRY_PAGES = {"asarray": "creation", "reshape": "manipulation", "permute_dims": "manipulation",
               "where": "searching", "zeros": "creation", "full": "creation",
               "concat": "manipulation", "take_along_axis": "indexing", "arange": "creation",
               "empty": "creation", "empty_like": "creation", "ones": "creation",
               "ones_like": "creation", "zeros_like": "creation", "full_like": "creation",
               "astype": "data-type-functions", "sum": "statistics", "prod": "statistics",
               "max": "statistics", "min": "statistics", "any": "utilities",
               "all": "utilities"}


def page_of(module_name: str, name: str) -> str:
    module = module_name.rsplit(".", 1)[-1]
    return ENTRY_PAGES[name] if module.endswith("_entries") else CHAPTER_PAGES[module]


def public_callables():
    namespace = [n for n in xp.__all__ if n not in ("layout", "linalg", "fft")]
    for name in namespace:
        value = getattr(xp, name)
        if inspect.isroutine(value) or inspect.isclass(value):
            yield pytest.param(value, name, page_of(value.__module__, name), id=f"{name}")
    for module, page in (
        (linalg, "linalg"), (fft, "fft"), (layout, "layout"), (versions, "versions"),
        (devices, "devices"),
    ):
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isroutine(value) or inspect.isclass(value):
                yield pytest.param(value, name, page, id=f"{page}.{name}")


def reference_text(page: str) -> str:
    return (API / f"{page}.md").read_text()


@pytest.mark.parametrize("value, name, page", list(public_callables()))
def test_public_callable_is_documented_on_its_chapter_page_with_a_running_example(
    value, name, page
):
    directive = "autoclass" if inspect.isclass(value) else "autofunction"
    assert re.search(rf"\.\. {directive}:: {re.escape(name)}(\(\))?\n", reference_text(page))
    chapter_pages = CHAPTER_PAGES.values()
    others = [p for p in chapter_pages if p != page] if page in chapter_pages else []
    assert not any(f".. {directive}:: {name}\n" in reference_text(o) for o in others), (
        f"{name} is documented on more than one page"
    )
    if inspect.isroutine(value):
        assert "Examples\n" in value.__doc__ and ">>> " in value.__doc__, f"{name} has no example"


def test_dtypes_and_constants_have_their_page():
    text = reference_text("data-types")
    for name in xp.__all__:
        value = getattr(xp, name)
        if not callable(value) and name != "__array_api_version__" and not inspect.ismodule(value):
            assert f".. py:data:: {name}\n" in text, name


@pytest.mark.parametrize("name", STANDARD_ARRAY_ATTRIBUTES)
def test_array_attributes_are_documented(name):
    assert f".. autoproperty:: Array.{name}\n" in reference_text("array")
    assert getattr(xp.Array, name).__doc__


@pytest.mark.parametrize("name", STANDARD_ARRAY_METHODS)
def test_array_methods_and_operators_are_documented(name):
    text = reference_text("array")
    assert (f"method:: Array.{name}" in text) or (f"| `{name}` |" in text), name
    assert hasattr(xp.Array, name)


def test_every_operator_row_names_real_methods():
    rows = [line for line in reference_text("array").splitlines() if line.startswith("| `")]
    methods = [m for row in rows for m in re.findall(r"`(__\w+__)`", row)]
    assert len(methods) >= 19 + 13 * 2
    missing = [m for m in methods if not hasattr(xp.Array, m)]
    assert not missing, missing


def test_every_reference_page_is_in_the_index():
    index = reference_text("index")
    for page in API.glob("*.md"):
        if page.stem != "index":
            assert f"\n{page.stem}\n" in index, page.stem
