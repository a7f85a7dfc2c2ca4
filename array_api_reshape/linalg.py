"""
The ``linalg`` extension of the standard: decompositions, solvers, norms and products
over stacks of matrices (the last two axes) and vectors.
"""

from ._chapters._linalg_functions import (  # noqa: F401  (the extension's names, and only those)
    cholesky,
    cross,
    det,
    diagonal,
    eig,
    eigh,
    EighResult,
    EigResult,
    eigvals,
    eigvalsh,
    inv,
    matrix_norm,
    matrix_power,
    matrix_rank,
    outer,
    pinv,
    qr,
    QRResult,
    slogdet,
    SlogdetResult,
    solve,
    svd,
    SVDResult,
    svdvals,
    trace,
    vector_norm,
)
from ._chapters._linear_algebra_functions import matmul, matrix_transpose, tensordot, vecdot

__all__ = [
    "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv",
    "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer",
    "pinv", "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot",
    "vector_norm",
]
