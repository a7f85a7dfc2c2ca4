# The compiled build's declarations for _creation_entries.py (see
# array_api_reshape/_runtime/_build.py): the fast paths read the array's fields and the
# modes' answers in C.

cimport cython

from array_api_reshape._array._array_object cimport Array, adopted, converts_exactly
from array_api_reshape._tables._arguments cimport all_ints
from array_api_reshape._tables._dtypes cimport DType, is_kind
from array_api_reshape._modes._gates cimport plain_creation, plain_promotion


cdef bint _has_dtype(Array x, object dtype) except -1

@cython.locals(chosen=object)
cdef object _from_scalar(object obj, object dtype, object copy)

cdef object _filled(object shape, object value, object dtype, str function, str source)

cdef object _resolved(object dtype, DType default)

cdef object _zero(object dtype)

cdef object _one(object dtype)

cdef bint _on_the_cpu(object device) except -1

cdef bint _like_fast(object x, object device) except -1

cdef object _counted(object start, object stop, object step, object dtype)
