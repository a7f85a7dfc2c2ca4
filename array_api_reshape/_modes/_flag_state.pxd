# The compiled build's declarations for _flag_state.py (see array_api_reshape/_runtime/_build.py):
# the modes' answers are C fields, which the compiled hot paths read without a lookup.

cdef class _Modes:
    cdef public bint flags
    cdef public bint writes
    cdef public bint read_only
    cdef public bint tracking
    cdef public bint fixed_device
    cdef public bint operands
    cdef public bint devices
    cdef public bint profile
    cdef public bint promotion
    cdef public bint selections
    cdef public bint versions
    cdef public object blocks
    cdef public object lock
