# The compiled build's declarations for _entries.py (see array_api_reshape/_tables/_build.py):
# the fast paths read the array's fields and the modes' answers in C.

from array_api_reshape._array._array_object cimport Array
from array_api_reshape._modes._flag_state cimport _Modes

cdef _Modes MODES

cdef object _reshaped(Array x, tuple shape, object copy)

cdef Array _permuted(Array x, object layout)

cdef bint _all_ints(tuple numbers) except -1

cdef bint _has_dtype(Array x, object dtype) except -1
