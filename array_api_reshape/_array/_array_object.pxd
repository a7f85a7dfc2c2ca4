# The compiled build's declarations for _array_object.py (see array_api_reshape/_runtime/_build.py):
# Array is an extension type whose slots are C fields, its hot helpers C calls, and the
# fast paths' locals typed.

cimport cython

from array_api_reshape._kernels cimport _ndarray_fields as _fields
from array_api_reshape._kernels._storage cimport Storage
from array_api_reshape._kernels cimport _numpy_views as _views
from array_api_reshape._kernels cimport _piecewise_kernels as _piecewise
from array_api_reshape._kernels._numpy_views cimport Kernel
from array_api_reshape._tables._dtypes cimport DType, is_kind
from array_api_reshape._tables._layout_indexing cimport (
    basic_indexed, first_axis_indexed, remembered_slice,
)
from array_api_reshape._tables cimport _records
from array_api_reshape._tables._layout cimport contiguous_layout_of, last_contiguous_layout
from array_api_reshape._modes._flag_state cimport _Modes
from array_api_reshape._modes._gates cimport (
    plain_operands, plain_promotion, plain_selection, plain_view, plain_write,
)
from array_api_reshape._array._keys cimport classify_index, classify_key
# _view_modes.made and _view_modes.track_view are _view_tracking's functions, called in C
# (the array object's other calls into _view_modes find its Python module)
from array_api_reshape._modes cimport _view_tracking as _view_modes

cdef _Modes _MODES
cdef dict _STANDARD_DTYPE_OF
cdef tuple _QUIET_SCALARS
cdef tuple _shape_of(Array x)
cdef int KEY_OTHER, KEY_INT, KEY_SLICE, KEY_BASIC, KEY_MASK

cdef bint _within(object scalar, tuple bounds) except -1

@cython.locals(scalars=dict, bounds=tuple)
cpdef bint converts_exactly(object value, DType dtype) except -1



@cython.freelist(64)
cdef class Array:
    cdef public object _storage
    cdef public object _layout
    cdef public DType _dtype
    cdef public object _np_view
    cdef public object _made_at
    cdef object __weakref__

    cpdef object _numpy(self)

    @cython.locals(view=Array)
    cpdef Array _view(self, object layout, object function=*)


@cython.locals(first=Array, second=Array, result_dtype=DType, shape=tuple, plans=tuple,
               plan=tuple, exact_scalars=dict, bounds=tuple, kernel=Kernel)
cpdef object binary_call(tuple entry, object x1, object x2)

cdef int _AT_INT, _SELECTED, _COMBINED, _IN_LAYOUT, _SCATTERED

@cython.locals(index=Array)
cdef inline int _key_kind(Array x, object key) except -1

@cython.locals(array=Array)
cdef inline object _storage_of(object operand)

cdef inline object _store(Array x, int how, object where, object value, object accumulating)

cdef Array _adopt_result(object result, DType dtype, tuple shape)

@cython.locals(computed=DType, result_dtype=DType, plan=tuple, kernel=Kernel)
cdef object _converted_call(object converted, Array first, Array second, object general)

@cython.locals(self=Array)
cdef Array _new_array(object storage, object layout, DType dtype, object device)

@cython.locals(self=Array)
cpdef Array adopted(object result, DType dtype, object device)

cdef object _layout_of(object result)

@cython.locals(layout=object)
cpdef object shared_whole(object obj)

@cython.locals(self=Array, storage=Storage)
cdef Array _over_all_of(object buffer, DType dtype, object layout, object view, object device)

@cython.locals(operand=Array, plans=tuple, plan=tuple, kernel=Kernel)
cpdef object unary_call(tuple entry, object x)

@cython.locals(source=Array, writers=tuple, plans=tuple, plan=tuple, scalars=dict,
               bounds=tuple)
cpdef object in_place_call(tuple entry, Array x, object other)

cdef object _indexed(Array x, Array index)

@cython.locals(source=Array, bounds=tuple)
cdef bint _wrote_through_index(Array x, Array index, object value) except -1
