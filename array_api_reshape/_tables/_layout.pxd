# The compiled build's declarations for _layout.py (see array_api_reshape/_runtime/_build.py):
# layouts are made in C.

from array_api_reshape._tables cimport _records

cpdef object make_layout(object shape, object strides, object offset)

cdef object _last_contiguous

cpdef object contiguous_layout_of(tuple shape)

cpdef object last_contiguous_layout()
