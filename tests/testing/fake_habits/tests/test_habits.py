import pytest

import habits


def device(xp, name):
    return {str(d): d for d in xp.__array_namespace_info__().devices()}[name]


def test_writes_through_a_slice(xp):
    a = xp.zeros((2, 2))
    habits.shift_first_row(a)
    assert float(a[0, 0]) == 1.0


def test_writes_into_an_array(xp):
    a = xp.ones(3)
    habits.reset(a)
    assert float(a[0]) == 0.0


def test_increments_in_place(xp):
    a = xp.ones(2)
    habits.increment(a)
    assert float(a[0]) == 2.0


def test_decides_with_a_value(xp):
    assert habits.any_positive(xp.asarray([1.0, -1.0]))


def test_uses_a_data_dependent_size(xp):
    assert habits.padded_positives(xp.asarray([1.0, -1.0])).shape == (2,)


def test_indexes_with_a_mask(xp):
    assert habits.positives(xp.asarray([1.0, -1.0])).shape == (1,)


def test_indexes_with_two_index_arrays(xp):
    assert habits.diagonal_of(xp.ones((2, 2))).shape == (2,)


def test_reverses_with_a_negative_step(xp):
    assert float(habits.reversed_of(xp.asarray([1.0, 2.0]))[0]) == 2.0


def test_expects_float64_by_default(xp):
    assert habits.filled(xp, 2).dtype == xp.float64


def test_asks_for_float64_by_name(xp):
    assert habits.wide_zeros(xp, 2).dtype == xp.float64


def test_computes_with_uint16(xp):
    assert int(habits.halved(xp.asarray([4], dtype=xp.uint16))[0]) == 2


def test_reads_out_of_bounds(xp):
    with pytest.raises(IndexError):
        habits.element(xp.ones(3), 5)


def test_hands_arrays_to_numpy(xp):
    assert habits.as_numpy(xp.ones(2)).shape == (2,)


def test_makes_arrays_on_the_default_device(xp):
    a = xp.ones(2, device=device(xp, "device2"))
    assert habits.offset(a).shape == (2,)


def test_moves_data_between_devices(xp):
    a = xp.ones(2, device=device(xp, "device1"))
    assert habits.on_the_default_device(a).shape == (2,)


def test_makes_data_dependent_shapes(xp):
    assert habits.nonzero_of(xp.asarray([1.0, 0.0]))[0].shape == (1,)


def test_mixes_kinds(xp):
    i = xp.asarray([1], dtype=xp.int64)
    assert habits.mixed(i, xp.asarray([0.5])).dtype == xp.float64


def test_uses_a_newer_function(xp):
    assert habits.differences(xp.asarray([1.0, 3.0])).shape == (1,)
