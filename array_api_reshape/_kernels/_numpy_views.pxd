# The compiled build's declarations for _numpy_views.py (see array_api_reshape/_tables/_build.py):
# the array object's fast paths call these in C.

cpdef object masked(object elements, object mask)

cpdef object write_masked(object elements, object mask, object value)
