"""The array object is the class a reader sees: modes are explicit branches, no method is
replaced at run time, one function turns a key into a target, and the scalar write's fast
path agrees with the general path on every dtype, value and layout."""

from __future__ import annotations

import ast
import math
import pathlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape._modes._flag_state import FLAGS, MODES

PACKAGE = pathlib.Path(xp.__file__).parent

MODE_SETTINGS = [
    {"views": "warn"}, {"views": "error"}, {"views": "error-on-write"},
    {"views": "copy-on-write"}, {"writeable": False}, {"lazy": True},
    {"unspecified": "refuse"}, {"boolean_indexing": False}, {"fixed_device": "device1"},
]


def _class_methods() -> dict[str, object]:
    return {name: value for name, value in vars(xp.Array).items() if callable(value)}


@pytest.mark.parametrize("setting", MODE_SETTINGS, ids=lambda s: ",".join(map(str, s.items())))
def test_no_method_of_the_array_changes_when_a_mode_turns_on(setting):
    before = _class_methods()
    with flags.using(**setting):
        assert _class_methods() == before
    flags.set(**setting)
    try:
        assert _class_methods() == before
    finally:
        flags.reset()
    assert _class_methods() == before


def test_no_module_assigns_a_function_to_a_class_attribute_or_watches_flags():
    """``setattr(SomeClass, ...)`` and ``SomeClass.name = ...`` outside a class body, and
    a watcher registered on the flags, are the run-time patching this package gave up."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr":
                target = node.args[0]
                if isinstance(target, ast.Name) and target.id[:1].isupper():
                    found.append(f"{path.name}:{node.lineno} setattr({target.id}, ...)")
            if isinstance(node, ast.Attribute) and node.attr in ("watch", "watchers"):
                found.append(f"{path.name}:{node.lineno} .{node.attr}")
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                            and target.value.id == "Array"):
                        found.append(f"{path.name}:{node.lineno} Array.{target.attr} = ...")
    assert not found, found


@pytest.mark.parametrize("flag", ["views", "writeable", "lazy", "unspecified"])
def test_the_concerns_turn_on_only_for_their_flags_and_off_again(flag):
    value = {"views": "error", "writeable": False, "lazy": True, "unspecified": "refuse"}[flag]
    assert not (MODES.flags or MODES.writes or MODES.tracking or MODES.operands)
    with flags.using(**{flag: value}):
        assert MODES.flags
        assert MODES.writes == (flag in ("views", "writeable"))
        assert MODES.tracking == MODES.operands == (flag == "views")
    assert not (MODES.flags or MODES.writes or MODES.tracking or MODES.operands)
    assert set(MODES.blocks) == set(FLAGS) and not any(MODES.blocks.values())


# --- one key, one target -------------------------------------------------------------

@pytest.mark.parametrize(
    "key, error, words",
    [((5,), IndexError, "index 5 is out of bounds for axis 0"),
     ((0, 0, 0), IndexError, "too many indices"),
     ((Ellipsis, Ellipsis), IndexError, "single ellipsis"),
     ((slice(0, 2, 0),), ValueError, "slice step cannot be zero"),
     ("a", IndexError, "only integers, slices")],
)
@pytest.mark.parametrize("operation", ["__getitem__", "__setitem__"])
def test_a_bad_key_is_refused_naming_the_operation(key, error, words, operation):
    x = xp.reshape(xp.arange(6.0), (3, 2))
    before = np.asarray(x).copy()
    with pytest.raises(error, match=rf"^{operation}\(\): .*{words}"):
        if operation == "__getitem__":
            x[key]
        else:
            x[key] = 1.0
    assert np.array_equal(np.asarray(x), before)


def test_an_index_array_of_a_wrong_dtype_is_refused_naming_the_operation():
    x = xp.arange(4.0)
    refused = r"'key' must have an integer or boolean dtype, got array_api_reshape\.float64"
    with pytest.raises(IndexError, match=rf"^__setitem__\(\): {refused}"):
        x[xp.asarray([0.5])] = 1.0
    with pytest.raises(IndexError, match=rf"^__getitem__\(\): {refused}"):
        _ = x[xp.asarray([0.5])]


# --- the scalar write's fast path ---------------------------------------------------

SCALARS = st.one_of(
    st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True, width=64),
    st.sampled_from([math.inf, -math.inf, 0.0, -0.0, 2**53 + 1, 2**24 + 1, 65505]),
    st.complex_numbers(allow_nan=False, max_magnitude=1e6),
)
DTYPES = ["bool", "int8", "uint8", "int32", "int64", "uint64", "float32", "float64",
          "complex64", "complex128"]


def _write_through_general_path(x, index, value):
    """The same write through a key the fast path never takes (a 1-tuple)."""
    x[(index,)] = value


@settings(max_examples=300, deadline=None)
@given(dtype=st.sampled_from(DTYPES), value=SCALARS, index=st.integers(-6, 5),
       step=st.sampled_from([1, -1, 2]))
def test_a_scalar_write_by_int_matches_the_general_path(dtype, value, index, step):
    def attempt(write):
        x = xp.astype(xp.arange(10), getattr(xp, dtype))[::step]
        try:
            write(x, index, value)
        except Exception as error:  # the outcome compared is the error's kind and words
            return type(error), str(error), np.asarray(x).copy()
        return None, None, np.asarray(x).copy()

    def fast(x, index, value):
        x[index] = value

    fast_error, fast_words, fast_values = attempt(fast)
    slow_error, slow_words, slow_values = attempt(_write_through_general_path)
    assert fast_error is slow_error and fast_words == slow_words
    np.testing.assert_array_equal(fast_values, slow_values)


def test_a_scalar_write_into_read_only_or_broadcast_memory_is_refused_in_our_words():
    source = np.arange(4.0)
    source.flags.writeable = False
    read_only = xp.asarray(source)
    with pytest.raises(ValueError, match=r"^__setitem__\(\): the array is read-only"):
        read_only[1] = 2.0
    broadcast = xp.broadcast_to(xp.asarray([1.0, 2.0]), (3, 2))
    with pytest.raises(ValueError, match=r"^__setitem__\(\): the array is a broadcast view"):
        broadcast[0] = 2.0
    assert np.array_equal(np.asarray(broadcast), [[1.0, 2.0]] * 3)


def test_a_scalar_write_obeys_the_write_modes():
    x = xp.arange(4.0)
    with flags.using(writeable=False):
        with pytest.raises(ValueError, match="writeable flag is off"):
            x[1] = 5.0
    view = x[1:3]
    with flags.using(views="error-on-write"):
        view2 = x[1:3]
        with pytest.raises(ValueError, match="also views"):
            x[1] = 5.0
    del view2
    assert float(view[0]) == 1.0


# --- the views modes see every way two arrays come to share memory --------------------

@pytest.mark.parametrize("mode", ["warn", "error"])
def test_a_live_view_written_as_the_value_is_reported_when_read_afterwards(mode):
    with flags.using(views=mode):
        x = xp.arange(6.0)
        v = x[0:3]
        x[1:4] = v  # changes v[1] and v[2], through x
        expected = pytest.warns(flags.ViewMutationWarning) if mode == "warn" else (
            pytest.raises(ValueError, match="changed through another array"))
        with expected:
            xp.sum(v)


def test_a_live_view_written_as_the_value_is_refused_under_error_on_write():
    with flags.using(views="error-on-write"):
        x = xp.arange(6.0)
        v = x[0:3]
        with pytest.raises(ValueError, match="also views"):
            x[1:4] = v
        assert np.array_equal(np.asarray(x), np.arange(6.0))


@pytest.mark.parametrize("mode", ["warn", "error", "error-on-write", "copy-on-write"])
def test_a_temporary_value_made_on_the_same_line_is_not_another_array(mode):
    with flags.using(views=mode):
        x = xp.arange(6.0)
        x[1:4] = x[0:3]
        assert np.array_equal(np.asarray(x), [0.0, 0.0, 1.0, 2.0, 4.0, 5.0])


# --- the in-place operators' fast path ------------------------------------------------

IN_PLACE = {
    "__iadd__": np.add, "__isub__": np.subtract, "__imul__": np.multiply,
    "__itruediv__": np.divide, "__ipow__": np.power, "__ifloordiv__": np.floor_divide,
    "__imod__": np.remainder, "__iand__": np.bitwise_and, "__ior__": np.bitwise_or,
    "__ixor__": np.bitwise_xor, "__ilshift__": np.left_shift, "__irshift__": np.right_shift,
}
ARITHMETIC = ("__iadd__", "__isub__", "__imul__")


def _outcome(run):
    try:
        with np.errstate(all="ignore"):
            return None, run()
    except Exception as error:  # the outcome compared is the error's kind
        return type(error), None


@settings(max_examples=300, deadline=None)
@given(method=st.sampled_from(sorted(IN_PLACE)), dtype=st.sampled_from(DTYPES),
       other=st.sampled_from(["array", "scalar", "same", "reversed"]), data=st.data())
def test_an_in_place_operator_matches_writing_the_operator_form_back(method, dtype, other, data):
    """``x op= y`` leaves in ``x`` what ``x[...] = x op y`` leaves (the result computed
    apart, then written), or refuses it with the same kind of error."""
    values = data.draw(st.lists(st.integers(-5, 5), min_size=4, max_size=4), label="values")
    scalar = data.draw(st.sampled_from([2, 1, 0, -1, 2.5, True]), label="scalar")

    def fresh():
        x = xp.astype(xp.asarray(values), getattr(xp, dtype))
        if other == "array":
            y = xp.astype(xp.asarray(values[::-1]), getattr(xp, dtype))
        elif other == "same":
            y = x
        elif other == "reversed":
            y = xp.flip(x)
        else:
            y = scalar
        return x, y

    def in_place():
        x, y = fresh()
        result = getattr(x, method)(y)
        if result is NotImplemented:
            raise TypeError("NotImplemented")
        assert result is x
        return np.asarray(x).copy()

    def operator_form_written_back():
        x, y = fresh()
        result = getattr(x, method.replace("__i", "__", 1))(y)
        if result is NotImplemented:
            raise TypeError("NotImplemented")
        if result.dtype != x.dtype:
            raise TypeError("the result's dtype differs")
        x[...] = result
        return np.asarray(x).copy()

    fast_error, fast = _outcome(in_place)
    slow_error, slow = _outcome(operator_form_written_back)
    assert fast_error is slow_error
    if fast is not None:
        np.testing.assert_array_equal(fast, slow)


@pytest.mark.parametrize("method", ARITHMETIC)
def test_an_in_place_operator_refuses_read_only_and_broadcast_targets_unchanged(method):
    source = np.arange(4.0)
    source.flags.writeable = False
    read_only = xp.asarray(source)
    with pytest.raises(ValueError, match=rf"^{method}\(\): the array is read-only"):
        getattr(read_only, method)(1.0)
    broadcast = xp.broadcast_to(xp.asarray([1.0, 2.0]), (3, 2))
    with pytest.raises(ValueError, match=rf"^{method}\(\): the array is a broadcast view"):
        getattr(broadcast, method)(1.0)
    assert np.array_equal(np.asarray(broadcast), [[1.0, 2.0]] * 3)
    assert np.array_equal(source, np.arange(4.0))


@pytest.mark.parametrize("setting", [{"writeable": False}, {"views": "error-on-write"}])
def test_an_in_place_operator_obeys_the_write_modes(setting):
    with flags.using(**setting):
        x = xp.arange(4.0)
        keep = x[1:3]  # under error-on-write, another array over the elements written
        with pytest.raises(ValueError):
            x += 1.0
    assert np.array_equal(np.asarray(x), np.arange(4.0)) and keep.shape == (2,)


def test_an_in_place_operator_into_a_strided_view_writes_through():
    x = xp.arange(8.0)
    view = x[::2]
    view += 10.0
    assert np.array_equal(np.asarray(x), [10, 1, 12, 3, 14, 5, 16, 7])
