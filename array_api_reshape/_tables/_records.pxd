# The compiled build's version of _records.py: a record allocated (by the allocator every
# subclass of tuple has) and filled in C, as tuple.__new__ does once it has copied its
# argument, and its first field read in C. Its module is never compiled: compiled modules
# that cimport it take these in place of the Python functions.

from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_DECREF, Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_SET_ITEM


cdef extern from "Python.h":
    PyObject* PyType_GenericAlloc(PyTypeObject* kind, Py_ssize_t items)


cdef inline object new_triple(type record_type, object first, object second, object third):
    cdef PyObject* made = PyType_GenericAlloc(<PyTypeObject*>record_type, 3)  # tuple's alloc
    if made is NULL:
        raise MemoryError()
    cdef object record = <object>made
    Py_DECREF(record)  # the reference tp_alloc gave is now record's
    Py_INCREF(first)
    PyTuple_SET_ITEM(record, 0, first)
    Py_INCREF(second)
    PyTuple_SET_ITEM(record, 1, second)
    Py_INCREF(third)
    PyTuple_SET_ITEM(record, 2, third)
    return record


cdef inline object first_of(object record):
    return <object>PyTuple_GET_ITEM(record, 0)
