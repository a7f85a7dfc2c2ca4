"""Layer 6, the chapters: one module per chapter of the standard.

Each function checks its arguments, asks the tables for a layout or a dtype, and hands
arrays to one kernel. The public modules at the top of the package only re-export them.
"""
