# The compiled build's versions of the frame reads of _call_sites.py: CPython's fields,
# read in C. Its module is never compiled: compiled modules that cimport it take these in
# place of the Python functions of the same names, and the pure-Python build runs those.
# On CPython 3.11 and 3.12 the innermost frame is read where the interpreter keeps it
# (the internal header Cython's own tracebacks include), so that no frame object is made
# for it; elsewhere through PyEval_GetFrame.

from cpython.object cimport PyObject


cdef extern from *:
    """
    #if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030D0000 && !defined(PYPY_VERSION)
      #ifndef Py_BUILD_CORE
        #define Py_BUILD_CORE 1
      #endif
      #include "internal/pycore_frame.h"
      #define ARRAY_API_RESHAPE_INTERPRETER_FRAMES 1
    #else
      #include "frameobject.h"
    #endif

    /* The code of the innermost frame of Python code (borrowed) and the offset of the
       instruction it runs, as frame.f_lasti gives it; NULL while no Python code runs. */
    static PyObject* array_api_reshape_calling_code(int* offset) {
    #ifdef ARRAY_API_RESHAPE_INTERPRETER_FRAMES
        _PyInterpreterFrame* frame = PyThreadState_GET()->cframe->current_frame;
        while (frame != NULL && _PyFrame_IsIncomplete(frame)) {
            frame = frame->previous;
        }
        if (frame == NULL) {
            return NULL;
        }
        int lasti = _PyInterpreterFrame_LASTI(frame);
        *offset = lasti < 0 ? -1 : lasti * (int)sizeof(_Py_CODEUNIT);
        return (PyObject*)frame->f_code;
    #else
        PyFrameObject* frame = PyEval_GetFrame();
        if (frame == NULL) {
            return NULL;
        }
        PyCodeObject* code = PyFrame_GetCode(frame);
        Py_DECREF(code);  /* the frame holds it */
      #if PY_VERSION_HEX >= 0x030B0000
        *offset = PyFrame_GetLasti(frame);
      #else
        *offset = frame->f_lasti < 0 ? -1 : frame->f_lasti * (int)sizeof(_Py_CODEUNIT);
      #endif
        return (PyObject*)code;
    #endif
    }

    static PyObject* array_api_reshape_filename_of(PyObject* code) {
        return ((PyCodeObject*)code)->co_filename;  /* borrowed */
    }
    """
    PyObject* array_api_reshape_calling_code(int* offset)
    PyObject* array_api_reshape_filename_of(PyObject* code)


cdef inline object calling_code():
    cdef int offset
    cdef PyObject* code = array_api_reshape_calling_code(&offset)
    return None if code is NULL else <object>code


cdef inline int calling_offset():
    cdef int offset = -1
    array_api_reshape_calling_code(&offset)
    return offset


cdef inline object filename_of(object code):
    return <object>array_api_reshape_filename_of(<PyObject*>code)
