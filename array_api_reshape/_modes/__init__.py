"""Layer 4, the portability modes: the flags' state, the refusals of the modes, the device
rules, and the views modes with their bookkeeping.

Everything a flag changes is decided here: what the flags are in the current context
(``_flag_state``), the errors the modes raise (``_refusals``, ``_device_checks``,
``_placement``), and what a write does to the other arrays over the same memory
(``_view_modes``, keeping its books in ``_view_tracking``). The array object calls these
from explicit branches behind one read of ``MODES``; the chapters call named hooks that
read ``MODES`` themselves (the device of a call, ``_placement``; a creation's defaults,
``_default_dtypes``; a result made from inputs, ``_results``; a profile's rules for a
call, ``_call_rules``) and read it nowhere. Modules here import the tables and the
kernels below them, never the array object.
"""
