# The compiled build's declarations for _arguments.py (see array_api_reshape/_runtime/_build.py):
# the check the compiled entries call in C.

cpdef bint all_ints(tuple numbers) except -1
