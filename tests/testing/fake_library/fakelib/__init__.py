"""A small library written for NumPy's habits: its non-portable lines are marked, and
tests/testing/test_plugin.py checks that the plugin's report names exactly those."""


def add_to_diagonal(a, value):
    n = a.shape[0]
    flat = a.__array_namespace__().reshape(a, (-1,))  # VIEW-RESHAPE
    flat[:: n + 1] += value  # WRITE-DIAGONAL


def regularise(covariances, value):
    for k in range(covariances.shape[0]):
        add_to_diagonal(covariances[k, :, :], value)  # VIEW-ROW
    return covariances


def count_positive(x):
    xp = x.__array_namespace__()
    if bool(xp.any(x > 0)):  # EAGER-BOOL
        return xp.sum(xp.astype(x > 0, xp.int64))
    return xp.asarray(0)


def zero_first(x):
    x[0] = 0  # WRITE-FIRST
    return x


def scaled(x, factor):
    xp = x.__array_namespace__()
    return xp.multiply(x, factor)
