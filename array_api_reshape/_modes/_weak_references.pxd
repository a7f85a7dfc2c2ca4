# The compiled build's versions of _weak_references.py: CPython's C API for weak
# references. Its module is never compiled: compiled modules that cimport it take these
# in place of the Python functions of the same names, and the pure-Python build runs those.

from cpython.object cimport PyObject
from cpython.weakref cimport PyWeakref_NewRef


cdef extern from *:
    """
    static PyObject* array_api_reshape_referent(PyObject* ref) {  /* a new reference */
    #if PY_VERSION_HEX >= 0x030D0000
        PyObject* obj;
        if (PyWeakref_GetRef(ref, &obj) < 0) return NULL;
        if (obj == NULL) { Py_INCREF(Py_None); return Py_None; }
        return obj;
    #else
        PyObject* obj = PyWeakref_GET_OBJECT(ref);
        Py_INCREF(obj);
        return obj;
    #endif
    }
    """
    object array_api_reshape_referent(PyObject* ref)


cdef inline object weak_reference(object obj):
    return PyWeakref_NewRef(obj, None)


cdef inline object referent(object ref):
    return array_api_reshape_referent(<PyObject*>ref)
