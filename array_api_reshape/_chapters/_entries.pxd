# The compiled build's declarations for _entries.py (see array_api_reshape/_tables/_build.py):
# the fast paths read the array's fields and the modes' answers in C.

cimport cython

from array_api_reshape._array._array_object cimport Array, adopted, converts_exactly
from array_api_reshape._kernels._searching_kernels cimport small_choice
from array_api_reshape._tables._dtypes cimport DType
from array_api_reshape._modes._flag_state cimport _Modes

cdef _Modes MODES

cdef object _reshaped(Array x, tuple shape, object copy)

cdef Array _permuted(Array x, object layout)

cdef bint _all_ints(tuple numbers) except -1

cdef bint _has_dtype(Array x, object dtype) except -1

@cython.locals(dtype=DType)
cdef object _chosen(Array condition, object x1, object x2)

cdef object _filled(object shape, object value, object dtype, str function, str source)

cdef object _resolved(object dtype, DType default)

cdef object _zero(object dtype)

cdef object _one(object dtype)

cdef bint _on_the_cpu(object device) except -1

cdef bint _like_fast(object x, object device) except -1

cdef object _counted(object start, object stop, object step, object dtype)

@cython.locals(dtype=DType, rank=Py_ssize_t)
cdef object _joined(object arrays, Py_ssize_t axis)

@cython.locals(rank=Py_ssize_t)
cdef object _picked(Array x, Array indices, object axis)

@cython.locals(chosen=object)
cdef object _from_scalar(object obj, object dtype, object copy)

cdef dict _SUMMED_IN, _COMPARED_IN, _TESTED_IN

@cython.locals(dtype=DType, rank=Py_ssize_t)
cdef object _reduced(str function, object x, object axis, object keepdims, dict table)
