# The compiled build's declarations for _array_object.py (see array_api_reshape/_tables/_build.py):
# Array is an extension type whose slots are C fields, and its hot helpers are C calls.

cdef class Array:
    cdef public object _storage
    cdef public object _layout
    cdef public object _dtype
    cdef public object _np_view
    cdef public object _made_at
    cdef object __weakref__

    cpdef object _numpy(self)
    cpdef Array _view(self, object layout, object function=*)

from array_api_reshape._modes._flag_state cimport _Modes

cdef _Modes _MODES
