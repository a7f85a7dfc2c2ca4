# The compiled build's declarations for _gates.py (see array_api_reshape/_runtime/_build.py):
# each gate is a C call for the compiled fast paths, its first test one C field of _Modes.

from array_api_reshape._kernels._storage cimport Storage
from array_api_reshape._modes._flag_state cimport _Modes

cdef _Modes MODES

cdef bint _plain_storage(Storage storage) except -1
cdef bint _no_profile_here() except -1
cpdef bint plain_operands(Storage first, object second) except -1
cpdef bint plain_promotion() except -1
cpdef bint plain_computation(Storage storage) except -1
cpdef bint plain_combination() except -1
cpdef bint plain_write(Storage target, object source) except -1
cpdef bint plain_view() except -1
cpdef bint plain_selection(Storage storage, Storage index) except -1
cpdef bint plain_creation(object device) except -1
