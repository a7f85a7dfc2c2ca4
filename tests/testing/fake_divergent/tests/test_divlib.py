import numpy as np
import pytest

import divlib


def test_zero_first_row(xp):
    x = xp.ones((2, 2))
    divlib.zero_first_row(x)
    assert float(x[0, 0]) == 0.0


def test_bump(xp):
    x = xp.ones(2)
    divlib.bump(x)
    assert float(x[0]) == 2.0


def test_default_dtype(xp):
    assert divlib.as_array(xp, [1.0, 2.0]).dtype == xp.float64


def test_element_out_of_bounds(xp):
    with pytest.raises(IndexError):
        divlib.element(xp.ones(3), 5)


def test_set_element_out_of_bounds(xp):
    with pytest.raises(IndexError):
        divlib.set_element(xp.ones(3), 5, 1.0)


def test_set_first(xp):
    x = xp.zeros(3)
    divlib.set_first(x, 1.0)
    assert float(x[0]) == 1.0


def test_wrap_sees_later_writes(xp):
    a = np.zeros(3)
    w = divlib.wrap(xp, a)
    a[0] = 5.0
    assert float(w[0]) == 5.0


def test_flip_is_a_view(xp):
    x = xp.asarray([1.0, 2.0, 3.0], dtype=xp.float32)
    r = divlib.reversed_view(xp, x)
    r[0] = 9.0
    assert float(x[2]) == 9.0


def test_singular_values(xp):
    a = xp.asarray([[2.0, 0.0], [0.0, 1.0]])
    assert float(divlib.singular_values(xp, a)[0]) == 2.0


def test_angle_as_numpy(xp):
    one = xp.asarray(1.0, dtype=xp.float32)
    assert float(divlib.angle(xp, one, one)) == float(np.arctan2(np.float32(1), np.float32(1)))


def test_unsigned_total(xp):
    assert divlib.total(xp, xp.asarray([1, 2], dtype=xp.uint8)).dtype == xp.uint64


def test_mixed_promotion(xp):
    i = xp.asarray([1], dtype=xp.int64)
    f = xp.asarray([1.0], dtype=xp.float32)
    assert divlib.mixed(i, f).dtype == xp.float32


def test_accumulate_refuses_a_wider_operand(xp):
    x = xp.asarray([1.0], dtype=xp.float32)
    with pytest.raises(TypeError):
        divlib.accumulate(x, xp.asarray([1.0], dtype=xp.float64))


def test_zeros64(xp):
    assert divlib.zeros64(xp, 3).dtype == xp.float64


def test_count_positive(xp):
    assert divlib.count_positive(xp.asarray([1.0, -1.0, 2.0])) == 3
