"""Layer 5, the array object: ``Array`` and the modules it builds its methods from.

The array pairs a storage with a layout, a dtype and a device, and its operators, indexing,
pickling and namespace lookup call the kernels below. Nothing here imports a chapter.
"""
