# The compiled build's declarations for _view_modes.py (see array_api_reshape/_tables/_build.py):
# the array object calls the views modes in C where it makes an array or a view.

from array_api_reshape._array._array_object cimport Array
from array_api_reshape._modes cimport _view_tracking as _tracking


cpdef object made(Array array)

cpdef object track_view(Array parent, Array view, object function=*)
