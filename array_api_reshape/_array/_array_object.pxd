# The compiled build's declarations for _array_object.py (see array_api_reshape/_build.py):
# Array is an extension type whose slots are C fields.

cdef class Array:
    cdef public object _storage
    cdef public object _layout
    cdef public object _dtype
    cdef public object _np_view
    cdef public object _made_at
    cdef object __weakref__
