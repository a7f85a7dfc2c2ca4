"""
Run at Python's start-up while this folder is on PYTHONPATH (``conformance/run.py
--split-everything``): every element-wise function and order-free reduction of two or
more elements is cut into pieces of a few bytes on four threads, whatever the machine's
load, so that the suite checks the threaded paths rather than the one-call ones.
"""

from array_api_reshape._kernels import _piecewise_kernels
from array_api_reshape._runtime import _threads

_piecewise_kernels.set_threading_thresholds(
    dict.fromkeys(_piecewise_kernels.THREADING_THRESHOLDS, 2))
_piecewise_kernels.PIECE_BYTES = 8
_threads.ADAPT_THREADS_TO_LOAD = False
_threads.set_threads(4)
