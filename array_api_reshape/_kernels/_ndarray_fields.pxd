# The compiled build's versions of _ndarray_fields.py: NumPy's C fields, read without a
# lookup. Its module is never compiled: compiled modules that cimport these take them in
# place of the Python functions of the same names, and the pure-Python build runs those.
# Every caller passes an ndarray (the checked casts refuse anything else with TypeError).

cimport numpy as cnp


cdef inline int load_c_api() except -1:
    cnp.import_array()
    return 0



cdef inline Py_ssize_t element_count(object array) except? -1:
    return cnp.PyArray_SIZE(<cnp.ndarray?>array)


cdef inline int dimensions(object array) except? -1:
    return cnp.PyArray_NDIM(<cnp.ndarray?>array)


cdef inline bint has_shape(object array, tuple shape) except -1:
    cdef cnp.ndarray checked = <cnp.ndarray?>array
    cdef int count = cnp.PyArray_NDIM(checked)
    if count != len(shape):
        return False
    cdef cnp.npy_intp* lengths = cnp.PyArray_DIMS(checked)
    cdef int axis
    for axis in range(count):
        if lengths[axis] != <Py_ssize_t>shape[axis]:
            return False
    return True


cdef inline bint has_dtype(object array, object numpy_dtype) except? -1:
    return <object>cnp.PyArray_DESCR(<cnp.ndarray?>array) is numpy_dtype


cdef inline bint is_c_contiguous(object array) except? -1:
    return cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray?>array)


cdef inline bint is_writable_c_contiguous(object array) except? -1:
    cdef cnp.ndarray checked = <cnp.ndarray?>array
    return cnp.PyArray_ISWRITEABLE(checked) and cnp.PyArray_IS_C_CONTIGUOUS(checked)


cdef inline bint is_ndarray(object obj) except? -1:
    return type(obj) is cnp.ndarray


cdef inline object dtype_of(object array):
    return <object>cnp.PyArray_DESCR(<cnp.ndarray?>array)
