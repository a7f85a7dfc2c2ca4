"""
The profile flag: a real library's refusals and answers where they differ from NumPy's.

The oracle for what the profile lets through is NumPy (the same key on the same data);
what it refuses is what the library refused when its snippets were run (PyTorch 2.13 via
array_api_compat.torch: every slice whose step is negative raises
``ValueError: step must be greater than zero``, in reads and in writes, also when the
result is empty; ``flip`` gives a copy).
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape._modes._flag_state import MODES

pytestmark = pytest.mark.usefixtures("devices_off_afterwards")


@pytest.fixture(autouse=True)
def default_flags():
    flags.reset()
    yield
    flags.reset()


def test_no_profile_by_default_and_one_attribute_says_when_one_may_be_set():
    assert flags.get()["profile"] is None and MODES.profile is False
    with flags.using(profile="torch"):
        assert flags.get()["profile"] == "torch" and MODES.profile is True
    assert MODES.profile is False
    flags.set(profile="torch")
    assert MODES.profile is True and MODES.flags is True
    flags.set(profile=None)
    assert MODES.profile is False


def test_functions_a_profile_lacks_are_plain_attributes_while_no_profile_may_be_set():
    namespace = xp.asarray(1).__array_namespace__(api_version="2023.12")
    with flags.using(profile="dask"):
        assert "take_along_axis" not in vars(xp) and "det" not in vars(xp.linalg)
        assert "__getattr__" in vars(xp) and "__getattr__" in vars(xp.linalg)
        assert "from_dlpack" not in vars(namespace)
    assert "take_along_axis" in vars(xp) and "det" in vars(xp.linalg)
    assert "from_dlpack" in vars(namespace)
    assert "__getattr__" not in vars(xp) and "__getattr__" not in vars(xp.linalg)
    flags.set(profile="lowest")
    assert "broadcast_shapes" not in vars(xp) and not hasattr(xp, "broadcast_shapes")
    flags.set(profile=None)
    assert xp.broadcast_shapes((1,), (2,)) == (2,)


@pytest.mark.parametrize("text, expected", [("torch", "torch"), (" none ", None), ("", None)])
def test_the_environment_variable_sets_the_profile(text, expected):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARRAY_API_RESHAPE_")}
    code = "from array_api_reshape import flags; print(flags.get()['profile'])"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**env, "ARRAY_API_RESHAPE_PROFILE": text}, capture_output=True, text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(expected)


def test_a_bad_profile_in_the_environment_names_the_variable():
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARRAY_API_RESHAPE_")}
    done = subprocess.run([sys.executable, "-c", "import array_api_reshape"],
                          env={**env, "ARRAY_API_RESHAPE_PROFILE": "tensorflow"},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert ("ARRAY_API_RESHAPE_PROFILE must be None or one of 'torch', 'jax', 'dask', "
            "'cupy', 'strict', 'lowest', got 'tensorflow'") in (
        done.stderr
    )


# --- torch: negative-step slices -----------------------------------------------------------


def _slices(size: int) -> st.SearchStrategy[slice]:
    bound = st.one_of(st.none(), st.integers(-size - 2, size + 2))
    step = st.one_of(st.none(), st.integers(-3, 3).filter(bool))
    return st.builds(slice, bound, bound, step)


@st.composite
def _arrays_and_keys(draw):
    shape = draw(st.lists(st.integers(0, 4), min_size=1, max_size=3).map(tuple))
    items = [draw(st.one_of(_slices(n), st.integers(-n, n - 1))) if n else draw(_slices(n))
             for n in shape]
    key = tuple(items) if len(items) > 1 or draw(st.booleans()) else items[0]
    return shape, key


def _has_negative_step(key) -> bool:
    items = key if isinstance(key, tuple) else (key,)
    return any(isinstance(item, slice) and item.step is not None and item.step < 0
               for item in items)


@given(_arrays_and_keys())
def test_torch_refuses_exactly_the_keys_with_a_negative_step_and_reads_the_others_as_numpy(
    shape_and_key,
):
    shape, key = shape_and_key
    data = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    x = xp.asarray(data)
    with flags.using(profile="torch"):
        if _has_negative_step(key):
            with pytest.raises(ValueError, match="step must be greater than zero"):
                x[key]
        else:
            assert np.array_equal(np.asarray(x[key]), data[key])


@given(_arrays_and_keys())
def test_torch_refuses_writes_through_a_negative_step_and_writes_the_others_as_numpy(
    shape_and_key,
):
    shape, key = shape_and_key
    data = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    x = xp.asarray(data.copy())
    expected = data.copy()
    with flags.using(profile="torch"):
        if _has_negative_step(key):
            with pytest.raises(ValueError, match="step must be greater than zero"):
                x[key] = -1.0
            assert np.array_equal(np.asarray(x), data)  # nothing written
        else:
            x[key] = -1.0
            expected[key] = -1.0
            assert np.array_equal(np.asarray(x), expected)


def test_the_refusal_names_the_library_the_portable_way_and_the_flag():
    x = xp.arange(5.0)
    with flags.using(profile="torch"), pytest.raises(ValueError) as raised:
        x[4:0:-1]
    message = str(raised.value)
    assert message.startswith("__getitem__(): step must be greater than zero")
    assert "PyTorch" in message and "xp.flip" in message
    assert "flags.set with profile=None" in message


def test_a_refusal_whose_message_the_library_gives_starts_with_it_and_matches_itself():
    # SciPy's tests pass the message of one call back to pytest.raises(match=...) for
    # another: it must match itself as a regular expression (no parentheses)
    x = xp.asarray([1], dtype=xp.uint16)
    y = xp.asarray([1], dtype=xp.int8)
    with flags.using(profile="torch"):
        with pytest.raises(RuntimeError) as raised:
            xp.result_type(x, y)
        message = str(raised.value)
        assert message.startswith("Promotion for uint16, uint32, uint64 types is not "
                                  "supported, attempted to promote UInt16 and Char")
        with pytest.raises(RuntimeError, match=message):
            xp.result_type(x.dtype, y.dtype)


def test_empty_results_and_every_rank_are_refused_alike():
    x = xp.reshape(xp.arange(6.0), (2, 3))
    with flags.using(profile="torch"):
        for key in (slice(2, 2, -1), (slice(None), slice(None, None, -1)),
                    (Ellipsis, slice(None, None, -2)), (0, slice(None, None, -1))):
            with pytest.raises(ValueError, match="step must be greater than zero"):
                x[key]
        assert x[::2].shape == (1, 3)  # a positive step is a view, as in PyTorch


def test_without_the_profile_negative_steps_are_views_again():
    x = xp.arange(4.0)
    with flags.using(profile="torch"):
        with pytest.raises(ValueError):
            x[::-1]
    view = x[::-1]
    view[0] = 10.0
    assert float(x[3]) == 10.0


# --- torch: flip is a copy ---------------------------------------------------------------


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1), -1])
def test_torch_flip_gives_numpys_values_in_a_copy(axis):
    data = np.arange(6.0).reshape(2, 3)
    x = xp.asarray(data.copy())
    with flags.using(profile="torch"):
        flipped = xp.flip(x, axis=axis)
        assert np.array_equal(np.asarray(flipped), np.flip(data, axis=axis))
        flipped[0, 0] = -1.0
    assert np.array_equal(np.asarray(x), data)  # the input kept its elements
    assert all(stride > 0 for stride in np.asarray(flipped).strides)


def test_by_default_flip_stays_a_view():
    x = xp.arange(3.0)
    xp.flip(x)[0] = -1.0
    assert float(x[2]) == -1.0


# --- torch: float32 by default -------------------------------------------------------------

# each call and the dtype PyTorch 2.13 gave (array_api_compat.torch); NumPy gives float64,
# complex128 and int64 where these say float32, complex64 and int64
TORCH_DEFAULTS = [
    (lambda: xp.asarray([1.0]), "float32"),
    (lambda: xp.asarray(1.0), "float32"),
    (lambda: xp.asarray([1, 2.5]), "float32"),
    (lambda: xp.asarray([1]), "int64"),
    (lambda: xp.asarray([True]), "bool"),
    (lambda: xp.asarray([1j]), "complex64"),
    (lambda: xp.ones(3), "float32"),
    (lambda: xp.zeros((2,)), "float32"),
    (lambda: xp.empty(2), "float32"),
    (lambda: xp.eye(2), "float32"),
    (lambda: xp.full(2, 1.5), "float32"),
    (lambda: xp.full(2, 1), "int64"),
    (lambda: xp.full(2, 1j), "complex64"),
    (lambda: xp.arange(3.0), "float32"),
    (lambda: xp.arange(0, 1, 0.25), "float32"),
    (lambda: xp.arange(3), "int64"),
    (lambda: xp.linspace(0, 1, 5), "float32"),
    (lambda: xp.linspace(0, 10, 5), "float32"),
    (lambda: xp.linspace(0j, 1j, 3), "complex64"),
    (lambda: xp.asarray([1.0], dtype=xp.float64), "float64"),  # asked for: available
    (lambda: xp.asarray(np.asarray([1.0])), "float64"),  # a float64 array keeps its dtype
    (lambda: xp.ones(2, dtype=xp.float64) + 1.0, "float64"),
    # integers into floating functions, and Python floats and complex numbers with them
    (lambda: xp.asarray([1, 2]) / xp.asarray([2, 4]), "float32"),
    (lambda: xp.asarray([1, 2]) / 3, "float32"),
    (lambda: xp.sqrt(xp.asarray([1, 4])), "float32"),
    (lambda: xp.exp(xp.asarray([1, 2])), "float32"),
    (lambda: xp.expm1(xp.asarray([1, 2])), "float32"),
    (lambda: xp.atan2(xp.asarray([1, 2]), xp.asarray([2, 1])), "float32"),
    (lambda: xp.asarray([1, 2]) + 1.5, "float32"),
    (lambda: xp.asarray([1, 2]) + 1j, "complex64"),
    (lambda: xp.sqrt(xp.asarray([1.0], dtype=xp.float64)), "float64"),
    (lambda: xp.fft.fftfreq(4), "float32"),
]


@pytest.mark.parametrize("make, dtype", TORCH_DEFAULTS)
def test_torch_makes_floating_arrays_float32_by_default(make, dtype):
    with flags.using(profile="torch"):
        assert make().dtype == getattr(xp, dtype)
    assert make().dtype == getattr(xp, dtype.replace("float32", "float64").replace(
        "complex64", "complex128"))


def test_an_integer_array_with_a_float32_array_is_float32_with_or_without_torch():
    def mixed():
        return xp.asarray([1, 2]) + xp.asarray([1.5], dtype=xp.float32)

    assert mixed().dtype == xp.float32
    with flags.using(profile="torch"):
        assert mixed().dtype == xp.float32


def test_torch_reports_its_default_dtypes_for_the_cpu_only():
    info = xp.__array_namespace_info__()
    with flags.using(profile="torch"):
        assert info.default_dtypes() == {
            "real floating": xp.float32, "complex floating": xp.complex64,
            "integral": xp.int64, "indexing": xp.int64,
        }
        assert info.default_dtypes(device="cpu") == info.default_dtypes()
        assert info.default_dtypes(device="no_x64")["integral"] == xp.int32
    assert info.default_dtypes()["real floating"] == xp.float64


# --- torch: uint16, uint32 and uint64 are storage types ------------------------------------

# (operation, what PyTorch 2.13 did on uint16, uint32 and uint64 arrays: None for a
# result, else the exception type; uint8 and the signed integers did all of them;
# PyTorch 2.14 added flip, take and take_along_axis)
def _pair(dtype):
    return (xp.asarray([1, 2, 3], dtype=dtype), xp.asarray([2, 1, 3], dtype=dtype))


TORCH_UNSIGNED = [
    ("x + y", lambda x, y: x + y, NotImplementedError),
    ("x + 1", lambda x, y: x + 1, NotImplementedError),
    ("x - y", lambda x, y: x - y, NotImplementedError),
    ("x // y", lambda x, y: x // y, NotImplementedError),
    ("x % y", lambda x, y: x % y, NotImplementedError),
    ("x ** 2", lambda x, y: x**2, NotImplementedError),
    ("-x", lambda x, y: -x, NotImplementedError),
    ("abs", lambda x, y: xp.abs(x), NotImplementedError),
    ("sign", lambda x, y: xp.sign(x), NotImplementedError),
    ("square", lambda x, y: xp.square(x), NotImplementedError),
    ("x < y", lambda x, y: x < y, NotImplementedError),
    ("x <= y", lambda x, y: x <= y, NotImplementedError),
    ("x > 1", lambda x, y: x > 1, NotImplementedError),
    ("x >= y", lambda x, y: x >= y, NotImplementedError),
    ("maximum", lambda x, y: xp.maximum(x, y), NotImplementedError),
    ("minimum", lambda x, y: xp.minimum(x, y), NotImplementedError),
    ("~x", lambda x, y: ~x, NotImplementedError),
    ("x << 1", lambda x, y: x << 1, NotImplementedError),
    ("x >> 1", lambda x, y: x >> 1, NotImplementedError),
    ("x += y", lambda x, y: x.__iadd__(y), NotImplementedError),
    ("max", lambda x, y: xp.max(x), NotImplementedError),
    ("min", lambda x, y: xp.min(x), NotImplementedError),
    ("argmax", lambda x, y: xp.argmax(x), NotImplementedError),
    ("argmin", lambda x, y: xp.argmin(x), NotImplementedError),
    ("count_nonzero", lambda x, y: xp.count_nonzero(x), NotImplementedError),
    ("nonzero", lambda x, y: xp.nonzero(x), NotImplementedError),
    ("searchsorted", lambda x, y: xp.searchsorted(xp.sort(x), y), NotImplementedError),
    ("clip", lambda x, y: xp.clip(x, 1, 2), NotImplementedError),
    ("flip", lambda x, y: xp.flip(x), None),
    ("matmul", lambda x, y: xp.matmul(x, y), NotImplementedError),
    ("vecdot", lambda x, y: xp.vecdot(x, y), NotImplementedError),
    ("tensordot", lambda x, y: xp.tensordot(x, y, axes=1), NotImplementedError),
    ("take", lambda x, y: xp.take(x, xp.asarray([0, 1])), None),
    ("take_along_axis",
     lambda x, y: xp.take_along_axis(x, xp.asarray([0, 1]), axis=0), None),
    ("diff", lambda x, y: xp.diff(x), NotImplementedError),
    ("isin", lambda x, y: xp.isin(x, y), NotImplementedError),
    ("tril", lambda x, y: xp.tril(xp.stack([x, y])), NotImplementedError),
    ("triu", lambda x, y: xp.triu(xp.stack([x, y])), NotImplementedError),
    ("x[mask] = 0", lambda x, y: x.__setitem__(xp.asarray([True, False, True]), 0),
     NotImplementedError),
    ("x + int64 array", lambda x, y: x + xp.asarray([1, 1, 1]), RuntimeError),
    ("x * uint8 array", lambda x, y: x * xp.asarray([1, 1, 1], dtype=xp.uint8), RuntimeError),
    ("x == int64 array", lambda x, y: x == xp.asarray([1, 1, 1]), RuntimeError),
    # what PyTorch does with them
    ("x * y", lambda x, y: x * y, None),
    ("x * 2", lambda x, y: x * 2, None),
    ("x == y", lambda x, y: x == y, None),
    ("x != y", lambda x, y: x != y, None),
    ("x & y", lambda x, y: x & y, None),
    ("x | y", lambda x, y: x | y, None),
    ("x ^ y", lambda x, y: x ^ y, None),
    ("x / y", lambda x, y: x / y, None),
    ("sort", lambda x, y: xp.sort(x), None),
    ("argsort", lambda x, y: xp.argsort(x), None),
    ("unique_values", lambda x, y: xp.unique_values(x), None),
    ("any", lambda x, y: xp.any(x), None),
    ("where", lambda x, y: xp.where(xp.asarray([True, False, True]), x, y), None),
    ("astype", lambda x, y: xp.astype(x, xp.int64) + 1, None),
    ("x[1]", lambda x, y: x[1], None),
    ("x[index array]", lambda x, y: x[xp.asarray([0, 2])], None),
    ("x[0] = 5", lambda x, y: x.__setitem__(0, 5), None),
    ("x *= y", lambda x, y: x.__imul__(y), None),
    ("concat", lambda x, y: xp.concat([x, y]), None),
    ("stack", lambda x, y: xp.stack([x, y]), None),
    ("reshape", lambda x, y: xp.reshape(x, (3, 1)), None),
    ("roll", lambda x, y: xp.roll(x, 1), None),
    ("repeat", lambda x, y: xp.repeat(x, 2), None),
    ("x + float32 array", lambda x, y: x + xp.asarray([1.0, 1.0, 1.0], dtype=xp.float32),
     None),
]


UNSIGNED_IDS = [row[0] for row in TORCH_UNSIGNED]


@pytest.mark.parametrize("dtype", ["uint16", "uint32", "uint64"])
@pytest.mark.parametrize("name, call, error", TORCH_UNSIGNED, ids=UNSIGNED_IDS)
def test_torch_refuses_what_it_lacks_for_its_wide_unsigned_integers(dtype, name, call, error):
    x, y = _pair(getattr(xp, dtype))
    with flags.using(profile="torch"):
        if error is None:
            call(x, y)
        else:
            with pytest.raises(error) as raised:
                call(x, y)
            assert "PyTorch" in str(raised.value) and "astype" in str(raised.value)
    if error is not RuntimeError:  # (uint64 with int64: no promotion by default either)
        call(*_pair(getattr(xp, dtype)))  # the default namespace does every one of them


@pytest.mark.parametrize("dtype", ["uint8", "int32", "int64"])
@pytest.mark.parametrize("name, call, error", TORCH_UNSIGNED, ids=UNSIGNED_IDS)
def test_torch_does_all_of_it_for_uint8_and_the_signed_integers(dtype, name, call, error):
    if error is RuntimeError:  # promotions of the storage-only types only
        return
    x, y = _pair(getattr(xp, dtype))
    with flags.using(profile="torch"):
        call(x, y)


def test_torch_lists_no_wide_unsigned_dtype_and_refuses_linspace_in_them():
    info = xp.__array_namespace_info__()
    with flags.using(profile="torch"):
        assert list(info.dtypes(kind="unsigned integer")) == ["uint8"]
        assert "uint64" not in info.dtypes()
        with pytest.raises(NotImplementedError, match="linspace"):
            xp.linspace(0, 4, 3, dtype=xp.uint16)
    assert list(info.dtypes(kind="unsigned integer")) == ["uint8", "uint16", "uint32", "uint64"]


@pytest.mark.parametrize("function", [xp.sum, xp.prod, xp.cumulative_sum, xp.cumulative_prod])
@pytest.mark.parametrize("dtype", ["uint8", "uint16", "uint32", "uint64"])
def test_torch_accumulates_unsigned_integers_in_int64(function, dtype):
    x = xp.asarray([1, 2, 3], dtype=getattr(xp, dtype))
    with flags.using(profile="torch"):
        assert function(x).dtype == xp.int64
        assert function(x, dtype=xp.uint8).dtype == xp.uint8  # asked for: as asked
        for wide in (xp.uint16, xp.uint32, xp.uint64):  # PyTorch accumulates in none of them
            with pytest.raises(NotImplementedError, match="cannot accumulate"):
                function(x, dtype=wide)
    assert function(x).dtype == xp.uint64
    assert function(x, dtype=xp.uint16).dtype == xp.uint16


# --- torch: index arrays, overlapping writes, integer division, floating-only functions ----


@pytest.mark.parametrize("dtype", ["int8", "int16", "uint16", "uint32", "uint64"])
def test_torch_takes_index_arrays_of_int32_and_int64_only(dtype):
    x = xp.asarray([10, 20, 30])
    index = xp.asarray([0, 1, 1], dtype=getattr(xp, dtype))
    with flags.using(profile="torch"):
        with pytest.raises(IndexError, match="int64 and int32"):
            x[index]
        with pytest.raises(IndexError):
            x[index] = 5
        with pytest.raises(RuntimeError, match="int32 or int64"):
            xp.take(x, index)
        assert x[xp.astype(index, xp.int32)].shape == (3,)
    assert np.array_equal(np.asarray(x[index]), [10, 20, 20])


def test_torch_reads_a_uint8_index_array_as_a_mask_and_says_so():
    x = xp.asarray([10, 20, 30])
    index = xp.asarray([0, 1, 1], dtype=xp.uint8)
    with flags.using(profile="torch"):
        with pytest.warns(UserWarning, match="uint8 index array as a boolean mask"):
            assert np.array_equal(np.asarray(x[index]), [20, 30])
    assert np.array_equal(np.asarray(x[index]), [10, 20, 20])


OVERLAPPING = [
    ("x[1:] = x[:-1]", lambda x: x.__setitem__(slice(1, None), x[:-1])),
    ("x[:-1] = x[1:]", lambda x: x.__setitem__(slice(None, -1), x[1:])),
    ("x[1:] += x[:-1]", lambda x: x[1:].__iadd__(x[:-1])),
    ("x /= x[0]", lambda x: x.__itruediv__(x[0])),
    ("x[[1, 2]] = x[:2]", lambda x: x.__setitem__(xp.asarray([1, 2]), x[:2])),
    ("m[...] = m.T", lambda x: xp.reshape(x, (2, 2)).__setitem__(
        Ellipsis, xp.permute_dims(xp.reshape(x, (2, 2)), (1, 0)))),
]


@pytest.mark.parametrize("name, write", OVERLAPPING, ids=[row[0] for row in OVERLAPPING])
def test_torch_refuses_writes_whose_value_overlaps_the_written_elements_in_part(name, write):
    data = np.arange(1.0, 5.0)
    x = xp.asarray(data.copy())
    with flags.using(profile="torch"):
        with pytest.raises(RuntimeError, match="shares some, but not all"):
            write(x)
        assert np.array_equal(np.asarray(x), data)  # nothing written
    write(x)  # NumPy copies the value first


@pytest.mark.parametrize("write", [
    lambda x: x.__setitem__(Ellipsis, x),
    lambda x: x.__setitem__(slice(None), x[:]),
    lambda x: x.__iadd__(x),
    lambda x: x.__setitem__(slice(0, 2), x[2:4]),
    lambda x: x.__setitem__(slice(1, None), xp.asarray(x[:-1], copy=True)),
])
def test_torch_writes_a_value_that_is_the_same_elements_or_none_of_them(write):
    x = xp.arange(1.0, 5.0)
    with flags.using(profile="torch"):
        write(x)


def test_torch_refuses_an_integer_division_by_zero_and_divides_floats():
    with flags.using(profile="torch"):
        for call in (lambda: xp.asarray([1, 2]) // 0, lambda: xp.asarray([1, 2]) % 0,
                     lambda: xp.floor_divide(xp.asarray([1, 2]), xp.asarray([0, 1]))):
            with pytest.raises(RuntimeError, match="ZeroDivisionError"):
                call()
        assert float((xp.asarray([1.0]) // 0)[0]) == float("inf")
        assert np.array_equal(np.asarray(xp.asarray([4, 2]) // 2), [2, 1])
    assert np.array_equal(np.asarray(xp.asarray([1, 2]) // 0), [0, 0])


@pytest.mark.parametrize("call, error", [
    (lambda: xp.hypot(xp.asarray([3, 4]), xp.asarray([4, 3])), NotImplementedError),
    (lambda: xp.nextafter(xp.asarray([1, 2]), xp.asarray([2, 3])), NotImplementedError),
    (lambda: xp.mean(xp.asarray([1, 2])), RuntimeError),
    (lambda: xp.var(xp.asarray([1, 2])), RuntimeError),
    (lambda: xp.linalg.inv(xp.asarray([[1, 0], [0, 1]])), RuntimeError),
    (lambda: xp.linalg.vector_norm(xp.asarray([3, 4])), RuntimeError),
    (lambda: xp.std(xp.asarray([1.0, 2.0]), correction=0.5), NotImplementedError),
    (lambda: xp.unique_all(xp.asarray([1, 2, 2])), NotImplementedError),
])
def test_torch_raises_its_own_exception_types(call, error):
    with flags.using(profile="torch"):
        with pytest.raises(error, match="PyTorch"):
            call()


# --- a profile sets flags; an explicit flag wins ------------------------------------------


def test_jax_turns_the_writeable_flag_off_unless_it_is_set_explicitly():
    with flags.using(profile="jax"):
        assert flags.get()["writeable"] is False and MODES.read_only
    with flags.using(profile="jax", writeable=True):
        assert flags.get()["writeable"] is True
    with flags.using(writeable=True), flags.using(profile="jax"):
        assert flags.get()["writeable"] is True
    flags.set(profile="jax")
    assert flags.get()["writeable"] is False and MODES.read_only and MODES.writes
    flags.set(writeable=True)
    assert flags.get()["writeable"] is True
    flags.reset()
    assert flags.get()["writeable"] is True and not MODES.read_only


def test_a_profile_set_by_the_environment_sets_its_flags_and_an_explicit_variable_wins():
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARRAY_API_RESHAPE_")}
    code = "from array_api_reshape import flags; print(flags.get()['writeable'])"
    for extra, expected in (({}, "False"), ({"ARRAY_API_RESHAPE_WRITEABLE": "true"}, "True")):
        done = subprocess.run([sys.executable, "-c", code],
                              env={**env, "ARRAY_API_RESHAPE_PROFILE": "jax", **extra},
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == expected


# --- jax: immutable arrays, rebinding in-place operators, clamped reads --------------------


@pytest.mark.parametrize("write", [
    lambda x: x.__setitem__(0, 9),
    lambda x: x.__setitem__(slice(1, 3), xp.asarray([8, 9])),
    lambda x: x.__setitem__(x > 1, 0),
    lambda x: x.__setitem__(xp.asarray([0, 0, 2]), 1),
])
def test_jax_refuses_every_item_write_with_a_type_error(write):
    x = xp.asarray([1, 2, 3])
    with flags.using(profile="jax"):
        with pytest.raises(TypeError, match="JAX arrays are immutable"):
            write(x)
    assert np.array_equal(np.asarray(x), [1, 2, 3])


def test_jax_in_place_operators_make_a_new_array_and_leave_other_references_alone():
    with flags.using(profile="jax"):
        x = xp.asarray([1, 2, 3])
        alias = x
        x += 1
        assert x is not alias
        assert np.array_equal(np.asarray(x), [2, 3, 4])
        assert np.array_equal(np.asarray(alias), [1, 2, 3])
        y = xp.asarray([1, 2, 3])
        y += 1.5  # the result's dtype, as a new array may have (JAX's float32)
        assert y.dtype == xp.float32 and np.array_equal(np.asarray(y), [2.5, 3.5, 4.5])
        z = xp.asarray([1, 2, 3])
        with pytest.raises(TypeError, match="immutable"):  # x[i] += v writes back
            z[0] += 1


@pytest.mark.parametrize("key, expected", [
    (10, 3), (-10, 1), (3, 3), (-4, 1),
])
def test_jax_reads_an_out_of_bounds_int_as_the_nearest_element(key, expected):
    x = xp.asarray([1, 2, 3])
    with flags.using(profile="jax"):
        assert int(x[key]) == expected
    with pytest.raises(IndexError):
        x[key]


@given(st.lists(st.integers(-20, 20), min_size=1, max_size=6),
       st.integers(1, 5), st.integers(1, 5))
def test_jax_clamps_out_of_bounds_index_arrays_axis_by_axis(positions, rows, columns):
    data = np.arange(rows * columns).reshape(rows, columns)
    x = xp.asarray(data)
    index = xp.asarray(positions)
    with flags.using(profile="jax"):
        got = np.asarray(x[index, 0])
        also = np.asarray(x[1 % rows, index])
        basic = np.asarray(x[positions[0], ...])
    assert np.array_equal(got, data[np.clip(positions, -rows, rows - 1), 0])
    assert np.array_equal(also, data[1 % rows, np.clip(positions, -columns, columns - 1)])
    assert np.array_equal(basic, data[min(max(positions[0], -rows), rows - 1)])


def test_jax_takes_no_list_as_an_index():
    x = xp.asarray([1, 2, 3])
    with flags.using(profile="jax"):
        with pytest.raises(TypeError, match="no list as an index"):
            x[[0, 1]]
        assert np.array_equal(np.asarray(x[xp.asarray([0, 1])]), [1, 2])
    assert np.array_equal(np.asarray(x[[0, 1]]), [1, 2])


def test_jax_hands_numpy_read_only_memory():
    x = xp.asarray([1.0, 2.0])
    with flags.using(profile="jax"):
        assert not np.asarray(x).flags.writeable


# --- jax: no 64-bit types ------------------------------------------------------------------

JAX_DTYPES = [
    (lambda: xp.asarray([1.0]), "float32"),
    (lambda: xp.asarray([1]), "int32"),
    (lambda: xp.asarray([1j]), "complex64"),
    (lambda: xp.ones(3), "float32"),
    (lambda: xp.arange(3), "int32"),
    (lambda: xp.asarray(np.asarray([1.0])), "float32"),
    (lambda: xp.asarray(np.asarray([1], dtype=np.uint64)), "uint32"),
    (lambda: xp.argsort(xp.asarray([3, 1, 2])), "int32"),
    (lambda: xp.nonzero(xp.asarray([0, 1]))[0], "int32"),
    (lambda: xp.searchsorted(xp.asarray([1, 2, 3]), xp.asarray([2])), "int32"),
    (lambda: xp.sum(xp.asarray([1, 2], dtype=xp.int32)), "int32"),
    (lambda: xp.sum(xp.asarray([1, 2], dtype=xp.uint8)), "uint32"),
    (lambda: xp.mean(xp.asarray([1.0, 2.0])), "float32"),
    (lambda: xp.asarray([1, 2]) / 2, "float32"),
    (lambda: xp.sqrt(xp.asarray([1, 4])), "float32"),
]


@pytest.mark.parametrize("make, dtype", JAX_DTYPES)
def test_jax_makes_every_array_32_bit(make, dtype):
    with flags.using(profile="jax"):
        assert make().dtype == getattr(xp, dtype)
    assert make().dtype != getattr(xp, dtype) or dtype in ("int32", "uint32")


@pytest.mark.parametrize("make, function", [
    (lambda: xp.zeros(2, dtype=xp.float64), "zeros"),
    (lambda: xp.asarray([1], dtype=xp.int64), "asarray"),
    (lambda: xp.astype(xp.asarray([1]), xp.complex128), "astype"),
    (lambda: xp.sum(xp.asarray([1, 2]), dtype=xp.uint64), "sum"),
])
def test_jax_warns_where_a_64_bit_dtype_is_asked_for_and_makes_32_bits(make, function):
    with flags.using(profile="jax"):
        with pytest.warns(UserWarning, match=rf"{function}\(\): .* was asked for, but JAX"):
            made = make()
    assert made.dtype.name in ("float32", "int32", "complex64", "uint32")


def test_jax_lists_no_64_bit_dtype_but_keeps_their_limits():
    info = xp.__array_namespace_info__()
    with flags.using(profile="jax"):
        assert info.default_dtypes() == {
            "real floating": xp.float32, "complex floating": xp.complex64,
            "integral": xp.int32, "indexing": xp.int32,
        }
        assert not {"float64", "complex128", "int64", "uint64"} & set(info.dtypes())
        assert xp.iinfo(xp.int64).max == 2**63 - 1
        with pytest.raises(OverflowError):
            xp.asarray([2**40])


# --- "lowest": every library's refusals at once ---------------------------------------


def test_lowest_refuses_whatever_any_library_refused_in_its_snippets():
    import json

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "profiles"))
    import fidelity
    from snippets import NOT_EMULATED

    checked = 0
    for library in ("torch", "jax", "dask"):
        path = os.path.join(os.path.dirname(fidelity.__file__), f"FIDELITY-{library}.json")
        with open(path) as file:
            recorded = json.load(file)["outcomes"]
        for entry in recorded:
            if "error" in entry["outcome"] and entry["code"] not in NOT_EMULATED[library]:
                with flags.using(profile="lowest"):
                    outcome = fidelity.run(entry["code"], xp)
                assert "error" in outcome, (library, entry["code"], outcome)
                checked += 1
    assert checked > 240  # (PyTorch 2.14 flips and takes uint16: nine refusals fewer)


def test_lowest_sets_the_strictest_flags_and_takes_jaxs_defaults():
    with flags.using(profile="lowest"):
        assert flags.get()["writeable"] is False
        assert flags.get()["views"] == "copy-on-write"
        assert xp.arange(3).dtype == xp.int32 and xp.ones(2).dtype == xp.float32
        assert xp.int64 not in xp.__array_namespace_info__().dtypes().values()
        assert xp.uint32 not in xp.__array_namespace_info__().dtypes().values()
        x = xp.arange(5)
        with pytest.raises(IndexError):  # JAX clamps; the others raise: lowest raises
            x[10]
        with pytest.raises(IndexError, match="PyTorch takes index arrays of int64 and int32"):
            x[xp.asarray([1], dtype=xp.uint8)]
        assert x[x > 2].shape == (None,)
        with pytest.raises(ValueError, match="profile flag is 'lowest'"):
            x[::-1]
    with flags.using(profile="lowest", writeable=True):
        y = xp.arange(1.0, 5.0)
        with pytest.raises(RuntimeError, match="PyTorch refuses this write"):
            y /= y[0]
        alias = y
        y += 1
        assert alias is not y


def test_found_running_other_projects_suites_mean_with_a_dtype_and_a_rounded_atan2():
    import math

    ints = xp.asarray([[1, 2, 3], [4, 5, 6]])
    one, two = (xp.asarray([1.0, 1.0], dtype=xp.float32),
                xp.asarray([1.0, 2.0], dtype=xp.float32))
    rounded = [float(np.float32(math.atan2(1.0, 1.0))), float(np.float32(math.atan2(1.0, 2.0)))]
    with flags.using(profile=None):
        assert [float(v) for v in xp.atan2(one, two)] != rounded  # NumPy's float32 atan2
    for profile in ("torch", "jax"):
        with flags.using(profile=profile):
            assert float(xp.mean(ints, dtype=xp.float32)) == 3.5
            with pytest.raises(RuntimeError if profile == "torch" else TypeError):
                xp.mean(ints)
            result = xp.atan2(one, two)
            assert result.dtype == xp.float32
            assert [float(v) for v in result] == rounded


def test_jax_writes_drop_out_of_bounds_positions_where_writes_are_allowed():
    with flags.using(profile="jax", writeable=True):
        x = xp.zeros(3)
        x[10] = 1.0
        x[-10] = 2.0
        x[xp.asarray([0, 10])] = 3.0
        x[xp.asarray([1, -7])] = xp.asarray([7.0, 8.0])
        assert np.array_equal(np.asarray(x), [3.0, 7.0, 0.0])
        grid = xp.zeros((2, 3))
        grid[5] = xp.ones(3)
        grid[1, 7] = 4.0
        grid[:, xp.asarray([2, 9])] = 5.0
        assert np.array_equal(np.asarray(grid), [[0, 0, 5], [0, 0, 5]])
    with flags.using(profile="lowest", writeable=True), pytest.raises(IndexError):
        xp.zeros(3)[10] = 1.0
    with flags.using(profile="torch"), pytest.raises(IndexError):
        xp.zeros(3)[10] = 1.0


@pytest.mark.parametrize("profile, expected", [
    ("torch", "float64"), ("dask", "float64"), ("jax", "float32"),  # JAX narrows it
])
def test_a_numpy_scalar_keeps_its_dtype_where_a_python_float_takes_the_default(
        profile, expected):
    with flags.using(profile=profile):
        assert xp.asarray(np.float64(42.0)).dtype == getattr(xp, expected)
        assert xp.asarray(np.float32(1.0)).dtype == xp.float32
        assert xp.asarray(np.int16(1)).dtype == xp.int16
    with flags.using(profile="torch"):
        assert xp.asarray(42.0).dtype == xp.float32


@pytest.mark.parametrize("target, result, allowed", [
    ("complex64", "complex128", True), ("float32", "float64", True),
    ("int8", "int64", True), ("float32", "int64", True), ("complex64", "float64", True),
    ("float32", "complex64", False), ("int32", "float32", False), ("bool", "int8", False),
])
def test_torch_casts_in_place_results_within_a_kind_and_refuses_across(target, result,
                                                                       allowed):
    x = xp.ones(3, dtype=getattr(xp, target))
    y = xp.ones(3, dtype=getattr(xp, result))
    for profile in ("torch", None):
        with flags.using(profile=profile):
            before = np.asarray(x).copy()
            if (allowed and profile == "torch") or xp.result_type(x, y) == x.dtype:
                x += y
                assert x.dtype == getattr(xp, target)
                np.testing.assert_array_equal(np.asarray(x), before + np.asarray(y))
            else:
                with pytest.raises(TypeError, match="cannot cast the result's dtype"):
                    x += y
                np.testing.assert_array_equal(np.asarray(x), before)  # unchanged


@pytest.mark.parametrize("profile", ["dask", "cupy", "jax", "torch", "lowest"])
def test_integers_with_floats_promote_as_the_profiles_library_does(profile):
    numpy_like = profile in ("dask", "cupy")
    names = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64",
             "uint64", "float32", "float64", "complex64", "complex128"]
    with flags.using(profile=profile):
        for a in names:
            for b in names:
                if ("int" in a and "int" in b) or a == b == "bool":
                    continue  # within a kind: the standard's table (and PyTorch's refusals)
                ours = xp.result_type(getattr(xp, a), getattr(xp, b)).name
                if numpy_like:
                    assert ours == str(np.result_type(a, b)), (a, b)
                else:
                    with flags.using(profile=None):
                        assert ours == xp.result_type(getattr(xp, a), getattr(xp, b)).name


@pytest.mark.parametrize("profile, expected", [
    ("torch", ("float32", "int64", "int64", "complex64", "bool")),
    ("jax", ("float32", "int32", "int32", "complex64", "bool")),
    ("dask", ("float64", "int64", "int64", "complex128", "bool")),
])
def test_result_type_of_python_scalars_alone_is_the_librarys_default(profile, expected):
    # measured on PyTorch 2.14 (array_api_compat.torch), JAX 0.10 and Dask 2026.8
    calls = [(1.0, 1.0), (1, 1), (True, 1), (1, 1j), (True, False)]
    with pytest.raises(ValueError, match="at least one array or dtype is required"):
        xp.result_type(1.0, 1.0)
    with flags.using(profile=profile):
        assert tuple(xp.result_type(*call).name for call in calls) == expected


@pytest.mark.parametrize("profile", ["torch", "jax", "dask", "cupy"])
def test_bools_add_and_multiply_as_logical_or_and_and_under_every_profile(profile):
    a = xp.asarray([True, True, False, False])
    b = xp.asarray([True, False, True, False])
    with pytest.raises(TypeError, match="must have a numeric dtype"):
        a + b
    with flags.using(profile=profile):
        assert np.asarray(a + b).tolist() == [True, True, True, False]
        assert np.asarray(xp.multiply(a, b)).tolist() == [True, False, False, False]
        assert (a + b).dtype == xp.bool
        with pytest.raises(TypeError, match="must have a numeric dtype"):
            a - b  # NumPy, PyTorch and JAX refuse a bool subtraction too


def test_older_array_api_compat_wrappers_of_pytorch_refuse_python_scalars():
    x = xp.asarray([1.0, 2.0])
    older = {"array_api_compat": "1.13"}  # SciPy 1.17's vendored copy
    with flags.using(profile="torch"):
        assert np.asarray(xp.minimum(x, 1.5)).tolist() == [1.0, 1.5]
    with flags.using(profile="torch", library_settings=older):
        with pytest.raises(TypeError, match=r"minimum\(\): argument 'other' \(position 2\) "
                                            "must be Tensor, not float"):
            xp.minimum(x, 1.5)
        with pytest.raises(TypeError, match=r"argument 'input' \(position 1\) must be Tensor"):
            xp.less(1.5, x)
        assert np.asarray(xp.less(x, 1.5)).tolist() == [True, False]  # a scalar second
        assert np.asarray(x < 1.5).tolist() == [True, False]  # operators take scalars
        assert np.asarray(xp.add(x, 1.5)).tolist() == [2.5, 3.5]
    with flags.using(profile="jax", library_settings=older):
        assert np.asarray(xp.minimum(x, 1.5)).tolist() == [1.0, 1.5]


def test_library_settings_read_the_text_form_too():
    with flags.using(library_settings="torch_default_dtype=float64;array_api_compat=1.13"):
        assert dict(flags.get()["library_settings"]) == {
            "torch_default_dtype": "float64", "array_api_compat": "1.13"}


@pytest.mark.parametrize("profile", [None, "torch", "jax", "dask"])
def test_an_array_of_one_element_converts_as_the_library_converts_it(profile):
    # measured: NumPy 2.4 and JAX take bool() of any one-element array, int() and
    # float() of 0-d arrays only; PyTorch takes all three
    x = xp.asarray([[2.0]])
    conversions = {bool: True, float: 2.0, int: 2}
    with flags.using(profile=profile):
        for convert, expected in conversions.items():
            allowed = profile is not None and (convert is bool or profile == "torch")
            if allowed:
                assert convert(x) == expected
            else:
                with pytest.raises(TypeError, match="only a 0-dimensional array"):
                    convert(x)
        with pytest.raises(TypeError):
            bool(xp.asarray([1.0, 2.0]))  # more than one element: never


@pytest.mark.parametrize("profile, expected", [("torch", "int64"), ("jax", "int32"),
                                               ("dask", "int64")])
def test_bools_sum_in_the_librarys_default_integer_dtype(profile, expected):
    mask = xp.asarray([True, False, True])
    with pytest.raises(TypeError, match="must have a numeric dtype"):
        xp.sum(mask)
    with flags.using(profile=profile):
        total = xp.sum(mask)
        assert total.dtype == getattr(xp, expected) and int(total) == 2
        assert int(xp.prod(mask)) == 0


def test_torch_refuses_a_transform_of_no_point_with_its_runtime_error():
    x = xp.ones(4, dtype=xp.complex128)
    with pytest.raises(ValueError, match="'n' must be at least 1"):
        xp.fft.fft(x, n=0)
    with flags.using(profile="torch"):
        with pytest.raises(RuntimeError, match=r"^Invalid number of data points \(0\)"):
            xp.fft.fft(x, n=0)
        with pytest.raises(RuntimeError, match="Invalid number of data points"):
            xp.fft.fftn(xp.ones((2, 2), dtype=xp.complex128), s=(0, 2))
