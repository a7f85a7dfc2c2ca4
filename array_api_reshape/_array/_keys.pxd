# The compiled build's declarations for _keys.py (see array_api_reshape/_runtime/_build.py):
# the classification is a C call of the compiled fast paths (the kinds stay module
# attributes, for the pure modules; the array object keeps C copies).

cimport cython

from array_api_reshape._tables._dtypes cimport DType
from array_api_reshape._tables cimport _records

cdef frozenset _INTEGER_INDEXES
cdef object _BOOL

cpdef bint is_plain_slice(slice part) except -1

@cython.locals(ellipses=int)
cdef bint _is_plain_basic_key(tuple key) except -1

cpdef int classify_key(tuple shape, object key, type array_class) except -1

cpdef int classify_index(tuple shape, tuple index_shape, DType index_dtype) except -1
