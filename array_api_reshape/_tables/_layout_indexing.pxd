# The compiled build's declarations for _layout_indexing.py (see array_api_reshape/_runtime/_build.py):
# the array object's fast paths call these in C.

cimport cython

from array_api_reshape._tables._layout cimport make_layout

cpdef object first_axis_indexed(object layout, object index, str operation=*)

cpdef object remembered_slice(object layout, slice key)

@cython.locals(old_shape=tuple, old_strides=tuple, shape=list, strides=list, axis=Py_ssize_t,
               size=Py_ssize_t, stride=Py_ssize_t, offset=Py_ssize_t, start=Py_ssize_t,
               stop=Py_ssize_t, step=Py_ssize_t, length=Py_ssize_t)
cpdef object basic_indexed(object layout, tuple key, str operation=*)

cdef Py_ssize_t _slice_length(Py_ssize_t start, Py_ssize_t stop, Py_ssize_t step)

@cython.locals(used=Py_ssize_t)
cdef tuple _expand_ellipsis(tuple key, Py_ssize_t ndim, str operation)
