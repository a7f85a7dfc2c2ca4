import array_api_reshape as xp
import pytest

import fakelib


def test_regularise():
    c = xp.zeros((2, 3, 3))
    fakelib.regularise(c, 1.0)
    assert float(xp.sum(c)) == 6.0  # READ-SUM


def test_regularise_a_larger_stack():
    c = xp.zeros((4, 2, 2))
    fakelib.regularise(c, 2.0)
    assert float(xp.max(c)) == 2.0  # READ-MAX


def test_count_positive():
    assert int(fakelib.count_positive(xp.asarray([1.0, -2.0, 3.0]))) == 2


def test_zero_first():
    assert float(fakelib.zero_first(xp.ones(3))[0]) == 0.0


def test_own_view_write():
    base = xp.zeros(4)
    part = base[1:]  # TEST-VIEW
    part[0] = 5.0  # TEST-WRITE
    assert float(base[1]) == 5.0  # TEST-READ


def test_scaled(xp):
    assert float(fakelib.scaled(xp.ones(2), 3.0)[0]) == 3.0


def test_regularise_with_xp(xp):
    c = xp.zeros((1, 2, 2))
    fakelib.regularise(c, 1.0)
    assert float(xp.sum(c)) == 2.0  # READ-XP


def test_not_the_modes():
    assert fakelib.scaled(xp.ones(2), 2.0).shape == (3,)


@pytest.mark.xfail_xp_mode("writeable=False", reason="writes by design")
def test_zero_first_expected_to_fail():
    assert float(fakelib.zero_first(xp.ones(3))[0]) == 0.0


@pytest.mark.skip_xp_mode("lazy=True", reason="needs values")
def test_count_positive_skipped_when_lazy():
    assert int(fakelib.count_positive(xp.asarray([1.0]))) == 1
