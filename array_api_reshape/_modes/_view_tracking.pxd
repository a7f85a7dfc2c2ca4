# The compiled build's declarations for _view_tracking.py (see array_api_reshape/_runtime/_build.py):
# the books are an extension type whose slots are C fields, and making an array or a view
# reads the arrays' and storages' fields, and the code that called it, in C. The array
# object's declarations cimport this file (for made and track_view), so every compiled
# module that cimports Array imports these classes too: after changing their fields,
# remove the generated .c files before rebuilding (stale modules refuse or warn of a size).

cimport cython

from array_api_reshape._array._array_object cimport Array
from array_api_reshape._kernels._storage cimport Storage
from array_api_reshape._modes cimport _call_sites, _weak_references

cdef dict IN_PACKAGE
cdef tuple _last_made
cdef object _last_function
cdef int _last_offset


cdef class Mark:
    cdef public object addresses
    cdef public object write
    cdef public object through


cdef class Foreign:
    cdef public object ref
    cdef public object our_references
    cdef public object origin


cdef class Sharing:
    cdef public list arrays
    cdef public Py_ssize_t limit
    cdef public object token
    cdef public dict marks
    cdef public dict origins
    cdef public list foreign


@cython.locals(arrays=list)
cdef object _count(Sharing sharing, object array)

@cython.locals(arrays=list, read=Py_ssize_t, kept=Py_ssize_t, index=Py_ssize_t)
cdef object _drop_gone(Sharing sharing, object leaving=*)

@cython.locals(inside=object, offset=int, last=tuple)
cdef tuple _made_here(object function, object parent, object books)

cpdef Sharing _sharing_for(Storage storage)

cpdef bint is_tracked(object sharing, object array) except -1

@cython.locals(sharing=Sharing)
cpdef object track(object array, object origin=*)

@cython.locals(storage=Storage)
cpdef object made(Array array)

@cython.locals(storage=Storage, sharing=Sharing, made=tuple, first=tuple)
cpdef object track_view(Array parent, Array view, object function=*)
