"""Layer 2, the layout and dtype tables: where elements are, what they are, and where they live.

Pure decisions over small values: layouts (shape, strides and offset in elements) and the
functions that reshape, permute, index and plan copies of them; the dtype table and its
promotion rules; devices; argument checks. Nothing here holds an array or runs NumPy on
elements. Modules here import only each other.
"""
