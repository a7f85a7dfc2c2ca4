"""array_api_reshape as Cubed's chunk backend: a chunked computation that reshapes,
permutes, reduces and multiplies matrices, compared with NumPy.

Cubed picks its backend namespace when it is first imported, from the environment, so
the computation runs in a fresh interpreter.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import tempfile

    import cubed
    import cubed.array_api as cxp
    import numpy as np
    from cubed import backend_array_api

    import array_api_reshape as xp

    assert backend_array_api.namespace is xp
    spec = cubed.Spec(work_dir=tempfile.mkdtemp(), allowed_mem="500MB")
    data = np.arange(24 * 20, dtype=np.float64).reshape(24, 20)
    a = cxp.asarray(xp.asarray(data), chunks=(8, 10), spec=spec)
    pieces = (
        cxp.reshape(a, (6, 4, 20)),
        cxp.permute_dims(a, (1, 0)),
        cxp.sum(a, axis=0),
        cxp.matmul(cxp.permute_dims(a, (1, 0)), a),
        cxp.max(cxp.reshape(a, (480,))),
    )
    expected = (data.reshape(6, 4, 20), data.T, data.sum(axis=0), data.T @ data, data.max())
    results = cubed.compute(*pieces)
    for ours, reference in zip(results, expected):
        assert isinstance(ours, xp.Array), type(ours)
        np.testing.assert_allclose(np.asarray(ours), reference)
    print("cubed computed", len(results), "arrays on array_api_reshape chunks")
    """
)


def test_cubed_runs_on_our_namespace(tmp_path):
    environment = dict(os.environ, CUBED_BACKEND_ARRAY_API_MODULE="array_api_reshape")
    completed = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=environment,
        cwd=tmp_path, timeout=300,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert "cubed computed 5 arrays" in completed.stdout
