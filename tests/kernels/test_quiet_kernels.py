"""Kernels made quiet for good (``silencing``): NumPy's floating-point warnings off, in a
context shared by every thread first, then the thread's own, then by setting the error
state; the kernel's own errors pass through unchanged."""

from __future__ import annotations

import threading
import warnings

import numpy as np
import pytest

from array_api_reshape._kernels._numpy_views import Kernel, returning_ndarray, silencing

divide = silencing(np.divide)
log = silencing(np.log)


def test_one_and_two_operands_are_quiet_and_give_ndarrays():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.array_equal(divide(np.array([1.0, -1.0]), np.zeros(2)), [np.inf, -np.inf])
        assert log(np.float64(0.0)).__class__ is np.ndarray  # a NumPy scalar made an array
        assert log(np.zeros(1))[0] == -np.inf


def test_a_kernel_that_runs_a_quiet_kernel_is_quiet_too():
    nested = silencing(lambda a, b: divide(a, b) - log(b))  # enters the shared context twice
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.array_equal(nested(np.ones(2), np.zeros(2)), [np.inf, np.inf])
        inner = silencing(lambda a: nested(a, np.zeros(1)))  # and a third time
        assert inner(np.ones(1))[0] == np.inf


def test_threads_share_the_quiet_kernels():
    failures = []

    def work():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                for _ in range(500):
                    assert divide(np.ones(3), np.zeros(3))[0] == np.inf
        except BaseException as error:  # reported by the assertion below
            failures.append(error)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_the_kernels_own_errors_pass_through():
    def refusing(a):
        raise RuntimeError("the kernel's own")

    with pytest.raises(RuntimeError, match="the kernel's own"):
        silencing(refusing)(np.ones(1))
    with pytest.raises(ValueError, match="operands could not be broadcast"):
        divide(np.ones(2), np.ones(3))


def test_the_callers_error_state_is_left_as_it_was():
    with np.errstate(divide="raise"):
        divide(np.ones(1), np.zeros(1))
        with pytest.raises(FloatingPointError):
            np.divide(np.ones(1), np.zeros(1))


def test_a_kernel_runs_quiet_only_when_asked_and_gives_ndarrays_both_ways():
    quiet, loud = Kernel(np.divide, True), Kernel(np.divide, False)
    zero = np.zeros(1)
    with warnings.catch_warnings(), np.errstate(all="warn"):
        warnings.simplefilter("error")
        assert quiet.two(np.ones(1), zero)[0] == np.inf
        assert quiet(np.ones(1), zero)[0] == np.inf
        with pytest.raises(RuntimeWarning):
            loud.two(np.ones(1), zero)
    for kernel in (quiet, loud):
        assert kernel.two(np.float64(1.0), 2.0).__class__ is np.ndarray
        assert Kernel(np.negative, kernel.quiet).one(np.float64(1.0)).__class__ is np.ndarray
        assert Kernel(np.negative, kernel.quiet)(np.ones(2)).tolist() == [-1.0, -1.0]


def test_silencing_and_returning_ndarray_make_kernels():
    assert silencing(np.add).quiet and not returning_ndarray(np.add).quiet
    assert silencing(np.add).function is np.add
