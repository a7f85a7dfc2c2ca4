# The compiled build's declarations for _storage.py (see array_api_reshape/_runtime/_build.py):
# Storage is an extension type whose slots are C fields.

cimport cython


@cython.freelist(64)
cdef class Storage:
    cdef public object buffer
    cdef public object device
    cdef public object sharing
    cdef object __weakref__


@cython.locals(storage=Storage)
cpdef Storage adopt(object flat)
