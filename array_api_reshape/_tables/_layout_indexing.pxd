# The compiled build's declarations for _layout_indexing.py (see array_api_reshape/_tables/_build.py):
# the array object's fast paths call these in C.

from array_api_reshape._tables._layout cimport make_layout

cpdef object first_axis_indexed(object layout, object index, str operation=*)
