# The compiled build's declarations for _searching_kernels.py (see
# array_api_reshape/_runtime/_build.py): where's fast path calls its kernel in C.

from array_api_reshape._kernels cimport _ndarray_fields as _fields
from array_api_reshape._kernels cimport _piecewise_kernels as piecewise

cpdef object small_choice(object condition, object x1, object x2)
