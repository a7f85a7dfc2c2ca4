# The compiled build's declarations for _reduction_entries.py (see
# array_api_reshape/_runtime/_build.py): the fast path reads the array's fields and the
# modes' answers in C.

cimport cython

from array_api_reshape._array._array_object cimport Array, adopted
from array_api_reshape._tables._dtypes cimport DType
from array_api_reshape._modes._gates cimport plain_computation


cdef dict _SUMMED_IN, _COMPARED_IN, _TESTED_IN

@cython.locals(dtype=DType, rank=Py_ssize_t)
cdef object _reduced(str function, object x, object axis, object keepdims, dict table)
