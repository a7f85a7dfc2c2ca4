"""Layer 1, the runtime: what the machine and the build give every other module.

Which build of the package runs (``_build``: the compiled core or the pure-Python
modules), the threads large work runs on (``_threads``) and the memory one new array may
take (``_memory``). Nothing here knows a layout, a dtype or an array; modules here import
only each other.
"""
