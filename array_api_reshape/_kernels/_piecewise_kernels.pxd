# The compiled build's declarations for _piecewise_kernels.py (see
# array_api_reshape/_runtime/_build.py): the fast paths ask the threshold in C.

cpdef bint below_lowest_threshold(Py_ssize_t count) except -1
