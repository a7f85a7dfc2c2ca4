"""
Portability modes: flags that make array_api_reshape refuse what some array libraries
cannot do, so that code tested here runs there too.

The default namespace is the drop-in one. A library author who wants to know whether
their code is portable switches modes, for the whole process (:func:`set`, or an
environment variable ``ARRAY_API_RESHAPE_<FLAG>`` read at import, which pytest-xdist's
workers inherit) or for one block of code in one thread or task (:func:`using`):

>>> import array_api_reshape as xp
>>> from array_api_reshape import flags
>>> x = xp.asarray([1, 0, 2])
>>> with flags.using(data_dependent_shapes=False):
...     xp.nonzero(x)
Traceback (most recent call last):
    ...
RuntimeError: nonzero(): its result's shape depends on the data (data-dependent shapes),
and the data_dependent_shapes flag is off
(array_api_reshape.flags.set(data_dependent_shapes=True) turns it back on)

The flags:

``api_version``
    The standard version ``x.__array_namespace__()`` follows (see ``versions``).
``boolean_indexing``
    False: indexing with a boolean array raises RuntimeError (as array-api-strict's).
``data_dependent_shapes``
    False: ``unique_*``, ``nonzero`` and ``repeat`` with an array of counts raise
    RuntimeError (as array-api-strict's).
``enabled_extensions``
    The extensions present: ``xp.linalg`` or ``xp.fft`` outside it is an AttributeError,
    and calling one of their functions a RuntimeError (as array-api-strict's).
``lazy``
    True: what a lazy library cannot do without computing (``bool()``, ``int()``,
    ``float()``, ``complex()``, ``__index__``, handing the elements to another library,
    data-dependent shapes) raises ValueError, and ``repr`` shows no values.
``writeable``
    False: every write into an array raises ValueError, as on JAX.
``fixed_device``
    None, or a device (or its name: ``"no_float64"``, or a device of
    ``array_api_reshape.devices.define``) every new array is made on when no device is
    named, with that device's default dtypes; making or moving (``to_device``) an array
    onto any other device raises ValueError. Functions of existing arrays keep their
    arrays' device (``zeros_like(x)`` too).
``transfers``
    What a move of array data from one device to another (``to_device``, and
    ``asarray``, ``astype`` or ``from_dlpack`` with a ``device=`` other than their
    array's) does: ``"allow"`` (the default); ``"log"`` (each move is recorded with the
    line of user code that asked for it; ``array_api_reshape.devices.transfers()`` reads
    the record); ``"error"`` (ValueError naming the two devices and that line). Making
    an array of Python data or of NumPy's memory moves nothing between devices.
``views``
    What a write may do to the elements another live array views: ``"shared"`` (the
    default: views share writes, as in NumPy and PyTorch); ``"warn"`` or ``"error"``
    (the other array's next read gives a ``ViewMutationWarning`` or raises ValueError:
    where views are copies, as in JAX, Dask and TensorFlow, its values would differ);
    ``"error-on-write"`` (the write itself raises ValueError); ``"copy-on-write"``
    (the writer first gets elements of its own, so no other array sees the change).
    Arrays are tracked from the moment the flag is on.
``unspecified``
    ``"follow"``: where the standard is silent, do as NumPy, PyTorch and JAX agree to
    (mixed-kind promotion, ``exp`` of integers, ``dtype=float``, ...; the docs page
    "Beyond the standard" lists it); ``"refuse"``: raise TypeError there instead, as
    array-api-strict does.
``profile``
    None (the default), or the name of an array library whose refusals and answers the
    namespace takes on where they differ from NumPy's and break code that runs on NumPy,
    so that such code is found without installing the library: ``"torch"`` (PyTorch as
    ``array_api_compat.torch`` gives it: no negative-step slices, float32 by default,
    uint16, uint32 and uint64 for storage, ...), ``"jax"`` (``jax.numpy`` by default:
    immutable arrays, rebinding in-place operators, no 64-bit types, out-of-bounds reads
    clamped, ...), ``"dask"`` (``array_api_compat.dask.array``: sizes that depend on
    the data are None in ``shape``, views are copies, in-place operators rebind, one
    index array per key, eager values counted), ``"cupy"`` (CuPy: arrays on a GPU
    device that hands nothing to NumPy implicitly), ``"strict"`` (array-api-strict: the
    standard's promotion and indexing rules only, exact Python scalars, no ``len()``; the
    default under the pytest plugin's ``--xp-as array_api_strict``); ``"lowest"`` holds
    code to the four libraries at once (each refusal; where one answers and another
    refuses, the refusal). Each refusal names the library and the portable way. A profile
    sets the flags that belong to it (``"jax"``: ``writeable=False``; ``"dask"``:
    ``views="copy-on-write"``; ``"strict"``: ``unspecified="refuse"``; ``"lowest"``:
    the first two); a flag set explicitly wins. The docs page "Backend profiles"
    shows each at work and measures it against its library.
``computes``
    None (the default), or how many eager reads (``bool()``, ``int()``, ``float()``,
    ``complex()``, ``__index__``, ``__array__``: what a lazy library computes its graph
    for) the code may make: the next one raises RuntimeError listing the earlier ones.
    A ``using(computes=N)`` block counts from 0; :func:`computes_counted` says how many
    were made. Under the dask profile reads are counted even without a budget.
``library_settings``
    What a test suite makes of the profile's library, so that the profile answers as the
    library does then: a mapping, empty by default (the libraries' own defaults):
    ``{"jax_enable_x64": True}`` (JAX's 64-bit types on, as SciPy's conftest turns them),
    ``{"torch_default_dtype": "float64"}`` (``torch.set_default_dtype(torch.float64)``),
    ``{"array_api_compat": "1.13"}`` (the version of array-api-compat whose wrappers the
    code meets the library through: SciPy vendors 1.13, scikit-learn 1.15; before 1.16
    PyTorch's ``minimum`` and a few others take no Python scalar). Its environment
    variable reads ``jax_enable_x64=true;torch_default_dtype=float64``.

Every error and warning a flag (or a device's rule) makes the namespace raise carries a
:class:`Finding` as its ``finding`` attribute: the flag and its value, the public
function that raised, and the lines of user code that caused it (for the views modes,
the write and where the array written through was made, beside the read).
:func:`finding_of` finds it, also on an error raised from one; a test runner groups
failures by it without reading messages (``array_api_reshape.testing`` does).

This submodule is not part of the standard; import it as
``from array_api_reshape import flags``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ._modes import _computes, _ecosystem, _flag_state
from ._modes._call_sites import Frame, Place
from ._modes._findings import Finding, finding_of
from ._modes._refusals import ViewMutationWarning

__all__ = ["get", "set", "reset", "using", "computes_counted", "environment", "NAMES",
           "ENVIRONMENT_VARIABLES", "ViewMutationWarning", "Finding", "Place", "Frame",
           "finding_of"]

NAMES = tuple(_flag_state.FLAGS)
"""The flags, in the order :func:`get` shows them."""

ENVIRONMENT_VARIABLES = {name: _flag_state.environment_variable(name) for name in NAMES}
"""Each flag's environment variable, read once, when the package is imported."""


def get() -> dict[str, object]:
    """
    Every flag's value here: in the innermost :func:`using` block of this thread or
    task, else the process-wide default.

    Returns
    -------
    dict
        Flag name to value.

    Examples
    --------
    >>> from array_api_reshape import flags
    >>> flags.get()["boolean_indexing"]
    True
    """
    return _flag_state.current()


def set(**flags: object) -> None:
    """
    Change the process-wide defaults of the given flags (all of them, or none when one
    is refused). :func:`using` blocks open anywhere keep their own values.

    Parameters
    ----------
    **flags
        Flag names and values (see the module's documentation).

    Raises
    ------
    TypeError
        For an unknown flag (the message lists them) or a value of the wrong type.
    ValueError
        For a value outside the flag's choices (the message lists them).

    Examples
    --------
    >>> from array_api_reshape import flags
    >>> flags.set(writeable=False)
    >>> flags.get()["writeable"]
    False
    >>> flags.reset()
    """
    _flag_state.set_defaults(flags)
    if "computes" in flags:
        _computes.restart_module_count()
    _see_arrays_as_profiled(flags)


def reset() -> None:
    """
    Every flag's process-wide default back to the package's own, environment variables
    included.

    Examples
    --------
    >>> from array_api_reshape import flags
    >>> flags.set(lazy=True)
    >>> flags.reset()
    >>> flags.get()["lazy"]
    False
    """
    _flag_state.reset_defaults()
    _computes.restart_module_count()


@contextmanager
def using(**flags: object) -> Iterator[None]:
    """
    The given flags in force for the code of this block, in this thread or task only
    (a context variable: other threads keep theirs, a task started inside inherits them).

    Parameters
    ----------
    **flags
        Flag names and values, checked before the block starts (see :func:`set`).

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import flags
    >>> with flags.using(lazy=True):
    ...     xp.ones(3)
    Array(shape=(3,), dtype=float64, lazy)
    """
    _see_arrays_as_profiled(flags)
    with _flag_state.overriding(flags):
        if "computes" in flags:
            with _computes.counting_block():
                yield
        else:
            yield


def environment(**flags: object) -> dict[str, str]:
    """
    The environment variables that set the given flags in a new process (each is read
    when the package is imported): for a subprocess, or a worker of a cluster, to run
    under the flags this one runs under.

    >>> from array_api_reshape import flags
    >>> flags.environment(views="error", lazy=True)
    {'ARRAY_API_RESHAPE_VIEWS': 'error', 'ARRAY_API_RESHAPE_LAZY': 'true'}

    A bad name or value raises the error :func:`set` raises.
    """
    for name in flags:
        if name not in NAMES:
            raise TypeError(f"flags.environment(): no flag named {name!r}; the flags are "
                            f"{', '.join(NAMES)}")
    return {ENVIRONMENT_VARIABLES[name]: _flag_state.environment_text(name, value)
            for name, value in flags.items()}


def computes_counted() -> int:
    """
    How many eager reads (``bool()``, ``int()``, ``float()``, ``complex()``,
    ``__index__``, ``__array__``) were counted here: in the innermost :func:`using` block
    that sets ``computes``, else since the module-wide ``computes`` was last set. Reads
    are counted under the dask profile, or wherever ``computes`` is set.

    Examples
    --------
    >>> import array_api_reshape as xp
    >>> from array_api_reshape import flags
    >>> x = xp.asarray([1.0, -2.0])
    >>> with flags.using(computes=5):
    ...     if xp.any(x < 0):
    ...         x = xp.abs(x)
    ...     flags.computes_counted()
    1
    """
    return _computes.counted()


def _see_arrays_as_profiled(flags: dict[str, object]) -> None:
    """Once a profile may be in force, the ecosystem's helpers answer for our arrays as
    for the profile's library's (``_modes._ecosystem``)."""
    if flags.get("profile") is not None:
        _ecosystem.see_arrays_as_profiled()
