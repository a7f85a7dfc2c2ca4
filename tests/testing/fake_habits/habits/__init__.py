"""Habits of code written and tested on NumPy, one function each, each habit's line
marked: tests/testing/test_plugin_habits.py runs their tests under every flag that the
docs' table "Which mode finds which bug" says finds the habit, and checks that the
report names the marked line."""

import numpy as np


def shift_first_row(a):
    row = a[0, :]  # SLICE
    row[...] = 1.0  # WRITE-THROUGH
    return a


def reset(a):
    a[0] = 0.0  # WRITE
    return a


def increment(a):
    a += 1.0  # INCREMENT


def any_positive(a):
    xp = a.__array_namespace__()
    return bool(xp.any(a > 0))  # DECIDE


def padded_positives(a):
    xp = a.__array_namespace__()
    return xp.zeros(xp.nonzero(a > 0)[0].shape[0] + 1)  # SIZE


def positives(a):
    return a[a > 0]  # MASK


def diagonal_of(a):
    xp = a.__array_namespace__()
    i = xp.arange(a.shape[0])
    return a[i, i]  # TWO-INDEX-ARRAYS


def reversed_of(a):
    return a[::-1]  # NEGATIVE-STEP


def filled(xp, n):
    return xp.ones(n)  # DEFAULT-FLOAT


def wide_zeros(xp, n):
    return xp.zeros(n, dtype=xp.float64)  # FLOAT64-BY-NAME


def halved(a):
    return a // 2  # UNSIGNED


def element(a, i):
    return a[i]  # OUT-OF-BOUNDS


def as_numpy(a):
    return np.asarray(a)  # TO-NUMPY


def offset(a):
    xp = a.__array_namespace__()
    return a + xp.zeros(a.shape)  # NO-DEVICE


def on_the_default_device(a):
    xp = a.__array_namespace__()
    return xp.asarray(a, device=xp.__array_namespace_info__().default_device())  # MOVE


def nonzero_of(a):
    xp = a.__array_namespace__()
    return xp.nonzero(a)  # DATA-DEPENDENT


def mixed(i, f):
    return i + f  # MIXED-KINDS


def differences(a):
    return a.__array_namespace__().diff(a)  # NEWER
