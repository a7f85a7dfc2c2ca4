"""A small budget of the namespace fuzzer (fuzz/fuzz_namespace.py) on every CI run."""

from __future__ import annotations

import importlib.util
from pathlib import Path

FUZZER = Path(__file__).resolve().parents[2] / "fuzz" / "fuzz_namespace.py"


def test_random_calls_raise_only_the_standard_exceptions_and_change_nothing():
    spec = importlib.util.spec_from_file_location("fuzz_namespace", FUZZER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    counts = {}
    calls, findings = module.fuzz(calls=3000, seed=20261122, counts=counts)
    assert calls == 3000
    assert findings == []
    assert counts["big ints"] > 200  # ints beyond int64 reach one call in fifteen or more
