"""The extension modules publish the standard's names and nothing else: no helper, no
imported dtype, no typing name leaks into ``dir(linalg)`` or ``dir(fft)``."""

from __future__ import annotations

import pytest

from array_api_reshape import fft, linalg

RESULT_TYPES = {"EighResult", "EigResult", "QRResult", "SlogdetResult", "SVDResult"}


@pytest.mark.parametrize(
    "module, extra", [(linalg, RESULT_TYPES), (fft, set())], ids=["linalg", "fft"]
)
def test_only_the_standards_names_are_public(module, extra):
    public = {name for name in dir(module) if not name.startswith("__")}
    assert public == set(module.__all__) | extra
    for name in module.__all__:
        assert callable(getattr(module, name)) and getattr(module, name).__doc__


def test_result_types_are_the_ones_functions_return():
    import array_api_reshape as xp

    matrix = xp.asarray([[2.0, 0.0], [0.0, 3.0]])
    assert isinstance(linalg.eigh(matrix), linalg.EighResult)
    assert isinstance(linalg.svd(matrix), linalg.SVDResult)
    assert isinstance(linalg.qr(matrix), linalg.QRResult)
    assert isinstance(linalg.slogdet(matrix), linalg.SlogdetResult)
