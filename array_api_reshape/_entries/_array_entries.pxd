# The compiled build's declarations for _array_entries.py (see array_api_reshape/_runtime/_build.py):
# the fast paths read the array's fields and the modes' answers in C.

cimport cython

from array_api_reshape._array._array_object cimport Array, adopted, converts_exactly
from array_api_reshape._kernels._searching_kernels cimport small_choice
from array_api_reshape._tables._arguments cimport all_ints
from array_api_reshape._tables._dtypes cimport DType, is_kind
from array_api_reshape._modes._gates cimport plain_combination, plain_computation, plain_view


cdef object _reshaped(Array x, tuple shape, object copy)

cdef Array _permuted(Array x, object layout)

@cython.locals(dtype=DType)
cdef object _chosen(Array condition, object x1, object x2)

@cython.locals(dtype=DType, rank=Py_ssize_t)
cdef object _joined(object arrays, Py_ssize_t axis)

@cython.locals(rank=Py_ssize_t)
cdef object _picked(Array x, Array indices, object axis)
