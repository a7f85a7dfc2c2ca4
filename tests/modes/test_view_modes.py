"""The views flag: a write that changes elements another live array views.

The oracle: the same chain of view operations on a NumPy array, and NumPy's exact
``shares_memory(..., max_work=None)`` between the written elements and the other
array's elements. 'error-on-write' must raise at the write exactly then, and 'error' at
the next read of the other array exactly then; both must stay silent otherwise.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import warnings

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import flags, layout
from array_api_reshape.flags import ViewMutationWarning


@pytest.fixture(autouse=True)
def default_flags():
    flags.reset()
    yield
    flags.reset()


# --- the oracle -------------------------------------------------------------------------


def _random_slice(rng: random.Random, size: int) -> slice:
    step = rng.choice([1, 1, 2, 3, -1, -2])
    start = rng.choice([None, rng.randint(-size, max(size - 1, 0))]) if size else None
    stop = rng.choice([None, rng.randint(-size, size)]) if size else None
    return slice(start, stop, step)


def _random_view(rng: random.Random, ours, theirs, *, writable: bool):
    """The same random chain of views of our array and of the NumPy mirror."""
    for _ in range(rng.randint(0, 3)):
        kind = rng.choice(["slice", "permute", "flip", "reshape", "broadcast", "index"])
        if kind == "slice" and ours.ndim:
            key = tuple(_random_slice(rng, n) for n in ours.shape)
            ours, theirs = ours[key], theirs[key]
        elif kind == "index" and ours.ndim > 1 and ours.shape[0]:
            i = rng.randrange(ours.shape[0])
            ours, theirs = ours[i], theirs[i]
        elif kind == "permute" and ours.ndim:
            axes = list(range(ours.ndim))
            rng.shuffle(axes)
            ours, theirs = xp.permute_dims(ours, tuple(axes)), np.transpose(theirs, axes)
        elif kind == "flip" and ours.ndim:
            axis = rng.randrange(ours.ndim)
            ours, theirs = xp.flip(ours, axis=axis), np.flip(theirs, axis=axis)
        elif kind == "reshape" and ours.size:
            shape = rng.choice([(ours.size,), (1, ours.size), (ours.size, 1)])
            if layout.can_reshape_without_copy(ours, shape):
                ours, theirs = (
                    xp.reshape(ours, shape, copy=False), theirs.reshape(shape, copy=False)
                )
        elif kind == "broadcast" and not writable and ours.ndim < 3:
            shape = (2,) + ours.shape
            ours, theirs = xp.broadcast_to(ours, shape), np.broadcast_to(theirs, shape)
    return ours, theirs


def _scenario(seed: int):
    """An array ``other``, an array ``writer`` over the same buffer, a basic index
    ``key`` into ``writer``, and whether ``writer[key]`` and ``other`` share elements
    (NumPy's exact answer). Nothing else over the buffer stays alive."""
    rng = random.Random(seed)
    shape = tuple(rng.randint(1, 4) for _ in range(rng.randint(1, 3)))
    base = xp.reshape(xp.arange(int(np.prod(shape)), dtype=xp.float64), shape)
    mirror = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    other, other_np = _random_view(rng, base, mirror, writable=False)
    writer, writer_np = _random_view(rng, base, mirror, writable=True)
    other, writer = other[...], writer[...]  # two arrays, even when no operation was drawn
    key = tuple(_random_slice(rng, n) for n in writer.shape) if writer.ndim else ()
    if writer.ndim and rng.random() < 0.3:
        key = (rng.randrange(-writer.shape[0], writer.shape[0]),) if writer.shape[0] else key
    written_np = writer_np[key + (Ellipsis,)]  # a view, also when every index is an int
    overlaps = bool(np.shares_memory(written_np, other_np, max_work=None))
    return other, writer, key, overlaps


def _run(mode: str, seed: int):
    with flags.using(views=mode):
        other, writer, key, overlaps = _scenario(seed)
        raised_at_write = raised_at_read = False
        try:
            writer[key] = -1.0
        except ValueError as error:
            assert "also views" in str(error)
            raised_at_write = True
        try:
            xp.sum(other)
        except ValueError as error:
            assert "reads an array whose elements were changed" in str(error)
            raised_at_read = True
    return overlaps, raised_at_write, raised_at_read


PAIRS = 2000


def test_views_error_modes_report_exactly_the_overlapping_writes():
    counts = {True: 0, False: 0}
    for seed in range(PAIRS):
        overlaps, at_write, at_read = _run("error-on-write", seed)
        assert at_write == overlaps, seed
        assert not at_read, seed  # the refused write changed nothing
        overlaps_again, at_write, at_read = _run("error", seed)
        assert overlaps_again == overlaps
        assert not at_write, seed
        assert at_read == overlaps, seed
        counts[overlaps] += 1
    # both outcomes are common, so the comparison means something
    assert min(counts.values()) > PAIRS // 5, counts


def test_copy_on_write_leaves_every_other_array_as_it_was():
    for seed in range(300):
        with flags.using(views="copy-on-write"):
            other, writer, key, _ = _scenario(seed)
            before = np.asarray(xp.asarray(other, copy=True))
            expected = np.array(np.asarray(writer, copy=True))
            expected[key] = -1.0
            writer[key] = -1.0
            np.testing.assert_array_equal(np.asarray(xp.asarray(other, copy=True)), before)
            np.testing.assert_array_equal(np.asarray(xp.asarray(writer, copy=True)), expected)


# --- named cases ------------------------------------------------------------------------


def test_disjoint_slices_of_one_buffer_are_written_freely():
    with flags.using(views="error-on-write"):
        x = xp.zeros(8)
        left, right = x[:4], x[4:]
        del x  # only the two halves are left: neither sees the other's elements
        left[...] = 1.0
        right[::2] = 2.0
        assert float(xp.sum(left)) == 4.0 and float(xp.sum(right)) == 4.0


def test_error_reports_the_read_not_the_write_and_names_both():
    with flags.using(views="error"):
        x = xp.zeros(4)
        view = xp.reshape(x, (2, 2))
        x[0] = 1.0  # allowed: nobody has read view since
        with pytest.raises(ValueError) as error:
            view + 1
        message = str(error.value)
        assert "__add__()" in message and "by __setitem__() at" in message
        assert "made by reshape() at" in message and "test_view_modes.py" in message


def test_a_view_of_a_marked_array_carries_the_mark_and_own_writes_clear_it():
    with flags.using(views="error"):
        x = xp.zeros(6)
        view = x[2:5]
        x[2:4] = 1.0
        with pytest.raises(ValueError):
            xp.sum(view[:1])  # made after the write, from the marked view
        view[0:2] = 3.0  # the view itself writes over the marked elements
        assert float(xp.sum(view)) == 6.0


def test_warn_gives_one_warning_per_write_at_the_users_line():
    with flags.using(views="warn"):
        x = xp.zeros(3)
        view = x[:2]
        x[0] = 1.0
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            view * 2
            view * 2
        assert [w.category for w in caught] == [ViewMutationWarning]
        assert caught[0].filename == __file__


def test_augmented_assignment_through_a_subscript_is_one_write():
    with flags.using(views="error-on-write"):
        x = xp.zeros(5)
        x[1:3] += 1.0  # the temporary view of x[1:3] is not another array
        x[::2] *= 2.0
        assert [float(v) for v in x] == [0.0, 1.0, 2.0, 0.0, 0.0]
        other = x[2:]
        with pytest.raises(ValueError, match="also views"):
            x[1:3] += 1.0  # other views x[2]
        del other
    with flags.using(views="error"):
        y = xp.zeros(4)
        y[1:3] += 1.0
        assert float(xp.sum(y)) == 2.0  # y is not reported for its own augmented write


def test_the_value_written_is_not_another_array():
    with flags.using(views="error-on-write"):
        x = xp.arange(5.0)
        x[1:] = x[:-1]
        assert [float(v) for v in x] == [0.0, 0.0, 1.0, 2.0, 3.0]


def test_numpy_arrays_sharing_memory_count_while_they_live():
    with flags.using(views="error-on-write"):
        held = np.zeros(3)
        x = xp.asarray(held)
        with pytest.raises(ValueError, match=r"a NumPy array \(handed to asarray"):
            x[0] = 1.0
        y = xp.asarray(np.zeros(3))  # nobody else holds that one
        y[0] = 1.0
        exported = np.asarray(y)
        with pytest.raises(ValueError, match=r"handed out by __array__\(\)"):
            y[1] = 1.0
        del exported
        y[1] = 1.0
        capsule_holder = np.from_dlpack(y)
        with pytest.raises(ValueError, match=r"handed out by __dlpack__\(\)"):
            y[2] = 1.0
        del capsule_holder
        y[2] = 1.0
        assert float(xp.sum(y)) == 3.0


def test_views_error_reports_writes_into_memory_numpy_sees_at_the_write():
    with flags.using(views="error"):
        held = np.zeros(3)
        x = xp.asarray(held)
        with pytest.raises(ValueError, match="a NumPy array"):
            x[0] = 1.0
        assert held[0] == 0.0


def test_copy_on_write_copies_only_when_a_write_needs_it():
    with flags.using(views="copy-on-write"):
        x = xp.zeros(6)
        view = xp.reshape(x, (2, 3))
        sliced = x[3:]
        assert layout.shares_memory(view, x) and layout.shares_memory(sliced, x)
        x[0] = 1.0  # sliced does not see x[0], but view does: x copies
        assert not layout.shares_memory(view, x)
        assert layout.shares_memory(view, sliced)
        assert float(view[0, 0]) == 0.0 and float(x[0]) == 1.0
        lone = xp.ones(3)
        storage = lone._storage
        lone[0] = 5.0  # nobody else sees it: written in place
        assert lone._storage is storage and float(lone[0]) == 5.0


def test_flag_values_are_checked():
    valid = "'shared', 'warn', 'error', 'error-on-write', 'copy-on-write'"
    with pytest.raises(ValueError, match=valid):
        flags.set(views="never")


def test_the_environment_variable_sets_the_mode_for_the_whole_process():
    code = (
        "import array_api_reshape as xp\n"
        "x = xp.zeros(4); row = xp.reshape(x, (2, 2))[0]\n"
        "x[0] = 1.0\n"
        "print(float(xp.sum(row)), float(xp.sum(x)))\n"
    )
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ARRAY_API_RESHAPE_")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**environment, "ARRAY_API_RESHAPE_VIEWS": "copy-on-write"},
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0.0", "1.0"]


def test_using_holds_in_its_own_thread_only():
    seen = {}

    def other_thread():
        x = xp.zeros(2)
        view = x[:]
        x[0] = 1.0  # this thread is in the default mode: the view shares the write
        seen["view"] = float(view[0])

    with flags.using(views="error-on-write"):
        thread = threading.Thread(target=other_thread)
        thread.start()
        thread.join()
    assert seen == {"view": 1.0}


def test_a_marked_array_left_alone_is_cleared_by_its_own_write():
    with flags.using(views="error"):
        base = xp.zeros(4)
        view = base[:2]
        base[0] = 1.0  # marks view
        del base  # nobody else is left over view's storage
        view[0] = 5.0  # view writes over the marked element itself
        assert float(xp.sum(view)) == 5.0


def test_a_read_through_an_operator_is_seen_even_when_the_kernels_view_is_cached():
    with flags.using(views="error"):
        x = xp.ones(4)
        view = x[:2]
        view + view  # builds and caches the view's NumPy view
        x[0] = 5.0
        with pytest.raises(ValueError, match="reads an array"):
            view + view
        with pytest.raises(ValueError, match="reads an array"):
            view * 2.0
        with pytest.raises(ValueError, match="reads an array"):
            -view  # noqa: B018 -- evaluating it is the read that must raise


@pytest.mark.parametrize("mode", ["warn", "error", "error-on-write", "copy-on-write"])
def test_a_write_the_default_refuses_is_refused_alike_and_changes_nothing(mode):
    with flags.using(views=mode):
        x = xp.zeros(3)
        view = x[:2]
        with pytest.raises(TypeError, match="cannot cast"):
            x[0] = "abc"
        with pytest.raises(ValueError, match="broadcast"):
            xp.broadcast_to(x, (2, 3))[0, 0] = 1.0
        frozen = np.zeros(3)
        frozen.flags.writeable = False
        y = xp.asarray(frozen)
        y_view = y[:2]
        with pytest.raises(ValueError, match="read-only"):
            y[0] = 1.0
        assert layout.shares_memory(x, view) and layout.shares_memory(y, y_view)
        assert float(xp.sum(x)) == 0.0 and not frozen.any()


def test_an_augmented_assignment_through_a_container_marks_the_arrays_base():
    with flags.using(views="error"):
        x = xp.zeros(4)
        held = {"head": x[:2]}
        held["head"] += 1.0  # the view written was made on another line: x sees the change
        with pytest.raises(ValueError, match="reads an array"):
            xp.sum(x)


def test_copy_on_write_keeps_a_live_value_array_as_it_was():
    with flags.using(views="copy-on-write"):
        x = xp.arange(5.0)
        head = x[:3]
        x[1:4] = head
        assert [float(v) for v in head] == [0.0, 1.0, 2.0]
        assert [float(v) for v in x] == [0.0, 0.0, 1.0, 2.0, 4.0]
        x[1:] = x[:-1]  # a value made on this line is the write's own: no copy needed
        assert [float(v) for v in x] == [0.0, 0.0, 0.0, 1.0, 2.0]


def test_numpy_exports_never_written_after_do_not_pile_up():
    with flags.using(views="error"):
        x = xp.zeros(3)
        for _ in range(1000):
            np.asarray(x)
        assert len(x._storage.sharing.foreign) <= 2
