"""Layer 3, the kernels: NumPy at work on a (storage, layout) pair.

The only modules that run NumPy on elements or hold an ndarray. They take the arrays of
the layer above through the ``Elements`` protocol (``_operand_kernels``), never the array
class, and give back storage and layouts. A second storage backend (a GPU's) is a new
module here. Modules here import each other, the tables of layer 2 and the runtime of
layer 1.
"""
