"""A small library written and tested on NumPy, with one line per way a profiled library
answers otherwise than NumPy without raising (each marked): under the profile, the test
of each fails, and tests/testing/test_plugin_divergences.py checks that the report names
the marked line and that its rerun command fails again."""

import array_api_extra as xpx


def zero_first_row(x):
    row = x[0, :]  # VIEW-ROW
    row[...] = 0.0  # WRITE-INTO-COPY
    return x


def bump(x):
    x += 1.0  # REBIND


def as_array(xp, values):
    return xp.asarray(values)  # DEFAULT-DTYPE


def element(x, i):
    return x[i]  # CLAMP


def set_element(x, i, value):
    x[i] = value  # DROP


def set_first(x, value):
    xpx.at(x, 0).set(value)  # AT
    return x


def wrap(xp, array):
    return xp.asarray(array)  # FOREIGN


def reversed_view(xp, x):
    return xp.flip(x)  # FLIP


def singular_values(xp, a):
    return xp.linalg.svd(a, full_matrices=False).S  # SVD


def angle(xp, y, x):
    return xp.atan2(y, x)  # ATAN2


def total(xp, x):
    return xp.sum(x)  # UNSIGNED


def mixed(i, f):
    return i + f  # PROMOTION


def accumulate(x, y):
    x += y  # CAST


def zeros64(xp, n):
    return xp.zeros(n, dtype=xp.float64)  # NARROWED


def count_positive(x):
    return x[x > 0].shape[0] + 1  # UNKNOWN
