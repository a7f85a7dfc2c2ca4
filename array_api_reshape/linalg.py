"""
The ``linalg`` extension of the standard: decompositions, solvers, norms and products
over stacks of matrices (the last two axes) and vectors.
"""

from ._chapters._linalg_functions import (  # noqa: F401  (the extension's names, and only those)
    EighResult,
    EigResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    cholesky,
    cross,
    det,
    diagonal,
    eig,
    eigh,
    eigvals,
    eigvalsh,
    inv,
    matrix_norm,
    matrix_power,
    matrix_rank,
    outer,
    pinv,
    qr,
    slogdet,
    solve,
    svd,
    svdvals,
    trace,
    vector_norm,
)
from ._chapters._linear_algebra_functions import matmul, matrix_transpose, tensordot, vecdot
from ._modes._refusals import extension_function as _extension_function
from ._modes._refusals import serve_hideable as _serve_hideable

__all__ = [
    "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv",
    "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer",
    "pinv", "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot",
    "vector_norm",
]

# Each function refuses while the enabled_extensions flag leaves linalg out.
for _name in __all__:
    globals()[_name] = _extension_function("linalg", __name__, globals()[_name])
del _name, _extension_function

# The functions a profile's library lacks are attributes only while no such profile is in
# force: plain attributes while no mode is on, else served by a module __getattr__.
_SERVED = _serve_hideable(globals(), {}, prefix="linalg.")
del _serve_hideable


def __dir__() -> list[str]:
    names = {*globals(), *_SERVED.attributes}
    return sorted(name for name in names if name.startswith("__") or name[0] != "_")
