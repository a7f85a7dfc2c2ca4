"""
Not array-api-strict: a signpost that array_api_reshape's ``pytest --xp-as
array_api_strict`` puts first on ``PYTHONPATH``, so that the processes a run starts (a Dask
worker, a subprocess) get the stand-in as the run's own process does. While
``ARRAY_API_RESHAPE_AS`` names array_api_strict, importing this imports array_api_reshape,
which puts the stand-in in ``sys.modules`` (what the import then gives); otherwise this
folder steps aside and the real package is imported.
"""

import os
import sys

if os.environ.get("ARRAY_API_RESHAPE_AS", "").strip() == "array_api_strict":
    import array_api_reshape  # noqa: F401  # reads ARRAY_API_RESHAPE_AS: the stand-in
else:
    _here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or ".") != _here]
    del sys.modules[__name__]
    import importlib

    sys.modules[__name__] = importlib.import_module(__name__)
