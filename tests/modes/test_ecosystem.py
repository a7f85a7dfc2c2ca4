"""
Under a profile, the ecosystem's helpers see our arrays as the library's own
(``_modes/_ecosystem``): array-api-compat's ``is_*_array``, ``is_writeable_array`` and
``is_lazy_array`` answer as for the library's arrays, array-api-extra's ``at()`` takes the
library's path, and a vendored copy of array-api-compat (as SciPy and scikit-learn ship)
does the same; outside a profile, and for anything but our arrays, the helpers answer as
they always do.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import array_api_compat
import array_api_extra as xpx
import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import flags
from array_api_reshape._modes._ecosystem import HELPER_ANSWERS

HELPERS = ("is_jax_array", "is_dask_array", "is_torch_array", "is_writeable_array",
           "is_lazy_array")

NUMPY_ANSWERS = {"is_jax_array": False, "is_dask_array": False, "is_torch_array": False,
                 "is_writeable_array": True, "is_lazy_array": False}
"""What the helpers answer for our arrays without a profile (an eager, writable array of a
library array-api-compat does not know) and for NumPy's arrays under any profile."""


def _answers(array: object) -> dict[str, bool]:
    return {name: getattr(array_api_compat, name)(array) for name in HELPERS}


@pytest.mark.parametrize("profile", ["jax", "dask", "torch", "lowest"])
def test_the_helpers_answer_as_for_the_librarys_arrays_and_only_for_ours(profile):
    library = "jax" if profile == "lowest" else profile
    assert _answers(xp.arange(3.0)) == NUMPY_ANSWERS
    with flags.using(profile=profile):
        ours = xp.arange(3.0)
        assert _answers(ours) == {**NUMPY_ANSWERS, **HELPER_ANSWERS[library]}
        assert _answers(np.arange(3.0)) == NUMPY_ANSWERS
        assert not any(getattr(array_api_compat, name)(xp.float64)
                       for name in HELPERS if name.endswith("_array"))  # a dtype is no array
        assert array_api_compat.array_namespace(ours) is ours.__array_namespace__()
    assert _answers(ours) == NUMPY_ANSWERS


def test_at_takes_jaxs_path_under_the_jax_profile_and_user_writes_stay_refused():
    with flags.using(profile="jax"):
        x = xp.asarray([0.0, 1.0, 2.0, 3.0])
        updated = xpx.at(x, 1).set(10.0)
        assert np.asarray(updated).tolist() == [0.0, 10.0, 2.0, 3.0]
        assert np.asarray(x).tolist() == [0.0, 1.0, 2.0, 3.0]  # JAX leaves x as it was
        added = xpx.at(x, xp.asarray([1, 1, 3])).add(1.0)
        assert np.asarray(added).tolist() == [0.0, 3.0, 2.0, 4.0]  # repeats add twice
        masked = xpx.at(x, x > 1.5).multiply(2.0)
        assert np.asarray(masked).tolist() == [0.0, 1.0, 4.0, 6.0]
        with pytest.raises(TypeError, match="JAX arrays are immutable"):
            x[0] = 5.0
        assert np.asarray(x).tolist() == [0.0, 1.0, 2.0, 3.0]


def test_x_at_is_jaxs_own_api_under_its_profile_and_absent_otherwise():
    x = xp.asarray([1, 2, 3], dtype=xp.int32)
    assert not hasattr(x, "at")
    with pytest.raises(AttributeError, match="profile='jax'"):
        x.at  # noqa: B018
    with flags.using(profile="jax"):
        assert np.asarray(x.at[0].set(7)).tolist() == [7, 2, 3]
        assert np.asarray(x.at[1].get()).tolist() == 2
        assert np.asarray(x.at[5].set(9)).tolist() == [1, 2, 3]  # out of bounds: dropped
        assert np.asarray(x.at[1:].apply(lambda v: v * 10)).tolist() == [1, 20, 30]
        assert np.asarray(x.at[0].min(0)).tolist() == [0, 2, 3]
        assert np.asarray(x.at[2].max(10)).tolist() == [1, 2, 10]
        assert np.asarray(x.at[0].power(3)).tolist() == [1, 2, 3]
        divided = x.at[2].divide(2)
        assert divided.dtype == xp.int32 and np.asarray(divided).tolist() == [1, 2, 1]
        cast = x.at[0].set(xp.asarray(4.0))  # JAX casts the value to x's dtype
        assert cast.dtype == xp.int32 and np.asarray(cast).tolist() == [4, 2, 3]
        with pytest.raises(TypeError, match="unexpected keyword argument 'bogus'"):
            x.at[0].set(1, bogus=True)
        assert np.asarray(x.at[0].set(1, indices_are_sorted=True,
                                      unique_indices=True)).tolist() == [1, 2, 3]
    assert np.asarray(x).tolist() == [1, 2, 3]


def test_at_takes_dasks_path_for_a_mask_and_a_scalar():
    with flags.using(profile="dask"):
        x = xp.asarray([1.0, -2.0, 3.0])
        positive = xpx.at(x, x < 0).set(0.0)
        assert np.asarray(positive).tolist() == [1.0, 0.0, 3.0]
        assert np.asarray(x).tolist() == [1.0, -2.0, 3.0]  # the where path: a new array


def test_the_library_settings_a_suite_makes_give_the_librarys_dtypes_then():
    with flags.using(profile="jax"):
        assert xp.arange(3.0).dtype == xp.float32
        assert xp.asarray(1).dtype == xp.int32
    with flags.using(profile="jax", library_settings={"jax_enable_x64": True}):
        assert xp.arange(3.0).dtype == xp.float64
        assert xp.asarray(1).dtype == xp.int64
        assert xp.float64 in xp.__array_namespace_info__().dtypes().values()
    with flags.using(profile="torch"):
        assert xp.asarray(1.0).dtype == xp.float32
    with flags.using(profile="torch", library_settings={"torch_default_dtype": "float64"}):
        assert xp.asarray(1.0).dtype == xp.float64
        assert xp.asarray(1.0j).dtype == xp.complex128


def _run(script: str, tmp_path: Path, **environment: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(script)],
                          env={**os.environ, **environment}, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_helpers_already_bound_and_compat_copies_imported_later_are_both_seen(tmp_path):
    vendored = tmp_path / "vendoring" / "_lib"
    vendored.mkdir(parents=True)
    (tmp_path / "vendoring" / "__init__.py").write_text("")
    (vendored / "__init__.py").write_text("")
    shutil.copytree(Path(array_api_compat.__file__).parent, vendored / "array_api_compat")
    script = """
        from array_api_extra._lib import _compat       # binds compat's helpers by name
        import array_api_reshape as xp
        from array_api_reshape import flags
        flags.set(profile="jax")
        from vendoring._lib.array_api_compat import is_jax_array, is_writeable_array
        import vendoring._lib.array_api_compat as vendored
        x = xp.arange(3.0)
        print(_compat.is_jax_array(x), is_jax_array(x), vendored.is_lazy_array(x),
              is_writeable_array(x), vendored.array_namespace(x).__name__)
    """
    assert _run(script, tmp_path, PYTHONPATH=str(tmp_path)) == \
        "True True True False array_api_reshape"


def test_a_profile_from_the_environment_is_seen_from_the_start(tmp_path):
    script = """
        import array_api_reshape as xp
        import array_api_compat
        print(array_api_compat.is_dask_array(xp.arange(3.0)),
              array_api_compat.is_dask_array(xp.__name__))
    """
    assert _run(script, tmp_path, ARRAY_API_RESHAPE_PROFILE="dask") == "True False"


def test_capabilities_answer_as_the_librarys_namespace_does():
    info = xp.__array_namespace_info__()
    assert info.capabilities()["boolean indexing"] is True
    with flags.using(profile="jax"):
        capabilities = info.capabilities()
        assert capabilities["boolean indexing"] is False
        assert capabilities["data-dependent shapes"] is False
        x = xp.asarray([-1.0, 4.0])
        # array-api-extra's apply_where asks, and takes its where() path, as on JAX
        root = xpx.apply_where(x > 0, x, xp.sqrt, fill_value=0.0)
        assert np.asarray(root).tolist() == [0.0, 2.0]
    with flags.using(profile="dask"):
        assert info.capabilities()["boolean indexing"] is True


def test_looking_for_helpers_reads_no_attribute_of_other_objects():
    import types

    from array_api_reshape._modes._ecosystem import wrap_module

    class Touchy:
        def __getattr__(self, name):
            raise RuntimeError(f"read {name}")  # as a deprecated attribute that warns

    module = types.ModuleType("someones_module")
    module.touchy = Touchy()
    module.is_jax_array = array_api_compat.is_jax_array
    wrap_module(module)  # reads nothing of Touchy's
    assert module.is_jax_array.__wrapped__ is not None


def _tagged_module(allow_dask_compute=0):
    import types

    from array_api_extra.testing import lazy_xp_function

    module = types.ModuleType("someones_tests")

    def positive(x):
        return bool(xp.all(x > 0))  # a value from the data: no value under jax.jit

    def two_reads(x):
        return float(x[0]) + float(x[1])

    module.positive, module.two_reads = positive, two_reads
    lazy_xp_function(positive)
    lazy_xp_function(two_reads, allow_dask_compute=allow_dask_compute)
    return module


class _Request:
    def __init__(self, module):
        self.module = module


def test_patch_lazy_xp_functions_runs_tagged_functions_as_jax_jit_and_dask_would():
    import array_api_extra.testing as helpers  # read after the profile is on, as a
    # conftest's module-level name is (a local name bound before it is not seen)

    module = _tagged_module(allow_dask_compute=1)
    x = xp.asarray([1.0, 2.0])
    assert module.positive(x) is True
    with flags.using(profile="jax"):
        namespace = x.__array_namespace__()
        with helpers.patch_lazy_xp_functions(_Request(module), xp=namespace):
            with pytest.raises(ValueError, match="lazy flag is on"):
                module.positive(x)
        assert module.positive(x) is True  # restored after the block
    with flags.using(profile="dask"):
        with helpers.patch_lazy_xp_functions(_Request(module), xp=namespace):
            with pytest.raises(RuntimeError, match="budget of 1"):
                module.two_reads(x)  # two computations where the tag allows one
            float(x[0])  # a read outside the tagged function: not its budget's
            with pytest.raises(RuntimeError, match=r"budget of 1 \(earlier reads: "
                                                   r"__float__\(\) at [^;]*\)"):
                module.two_reads(x)  # each call counts from 0
            with pytest.raises(RuntimeError, match="budget of 0"):
                module.positive(x)  # a tag allows none by default
    with helpers.patch_lazy_xp_functions(_Request(module), xp=np):  # NumPy: no change
        assert module.positive(x) is True
