# The compiled build's declarations for _numpy_views.py (see array_api_reshape/_runtime/_build.py):
# the array object's fast paths call these in C.

cimport cython

cpdef object selected(object elements, object index)

cpdef object write_selected(object elements, object index, object value)


@cython.final
cdef class Kernel:
    cdef readonly object function
    cdef readonly bint quiet

    cpdef object one(self, object a)

    cpdef object two(self, object a, object b)
