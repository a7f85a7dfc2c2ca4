# The compiled build's declarations for _dtypes.py (see array_api_reshape/_runtime/_build.py):
# DType is an extension type whose fields the hot paths read in C; is_kind, the test of a
# dtype's kind, is a C call for the compiled modules that cimport it.

cdef class DType:
    cdef public str name
    cdef public object dtype
    cdef public str kind
    cdef public Py_ssize_t index
    cdef public Py_hash_t _hash

cpdef bint is_kind(DType dtype, str kinds) except -1
