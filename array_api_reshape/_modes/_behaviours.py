"""
The ways a profiled library answers otherwise than NumPy, one record each: which
libraries answer so, whether that is a refusal (an error the profile raises) or a
divergence (another answer, given quietly: a write that lands in a copy, a narrower
dtype, a clamped index), what the library does, and the portable way.

Code asks for a behaviour by its record (``_profiles.behaving(FLIP_COPIES)``), never by a
string, so that a misspelt one fails at import; the report of the pytest plugin puts a
divergence's ``does`` and ``way_out`` beside the user's line that met it.

Pure Python: records.
"""

from __future__ import annotations

from typing import NamedTuple


class Behaviour(NamedTuple):
    """One way some libraries answer otherwise than NumPy. ``does`` says what the library
    does (``{library}`` stands for its name), ``way_out`` what portable code does
    instead; ``in_lowest`` is False where the profile "lowest" leaves the answer out
    because another library refuses there (the refusal keeps code portable to all)."""

    name: str
    libraries: frozenset[str]
    kind: str  # "refusal", "divergence"; "permission": an answer where the standard
    # refuses; "cost": the same answer, at a cost the library pays (a computed graph)
    does: str
    way_out: str
    in_lowest: bool = True

    def said(self, library: str) -> tuple[str, str]:
        """What ``library`` (its name as messages give it) does, and the way out."""
        return self.does.format(library=library), self.way_out


def _behaviour(name: str, libraries: str, kind: str, does: str, way_out: str,
               in_lowest: bool = True) -> Behaviour:
    return Behaviour(name, frozenset(libraries.split()), kind, does, way_out, in_lowest)


FLIP_COPIES = _behaviour(
    "flip copies", "torch", "divergence",
    "{library}'s flip gives a copy (its tensors have no negative strides): a write into "
    "the result does not reach the input, nor the input's into the result",
    "use flip's result as a new array; to write reversed, index with "
    "xp.arange(n - 1, -1, -1)")
INTEGER_DIVISION_BY_ZERO_RAISES = _behaviour(
    "integer division by zero raises", "torch", "refusal",
    "{library} raises for an integer floor division or remainder by zero, where NumPy "
    "gives 0",
    "divide by xp.where(d == 0, 1, d)")
PARTIAL_OVERLAP_RAISES = _behaviour(
    "partial overlap raises", "torch", "refusal",
    "{library} refuses a write whose value shares some, but not all, of the written "
    "elements' memory",
    "copy the value first: xp.asarray(value, copy=True)")
OUT_OF_BOUNDS_READS_CLAMP = _behaviour(
    "out-of-bounds reads clamp", "jax", "divergence",
    "{library} reads an out-of-bounds index as the nearest element (x[10] of three "
    "elements is x[2]), with no IndexError",
    "check indices against the shape before indexing", in_lowest=False)
OUT_OF_BOUNDS_WRITES_DROP = _behaviour(
    "out-of-bounds writes drop", "jax", "divergence",
    "{library} drops a write at an out-of-bounds index (x.at[10].set(v) of three "
    "elements changes nothing), with no IndexError",
    "check indices against the shape before writing", in_lowest=False)
ARRAYS_UPDATE_THROUGH_AT = _behaviour(
    "arrays update through x.at", "jax", "divergence",
    "{library}'s x.at[key].set(v) (array_api_extra.at's path for it) gives a new array "
    "and leaves x as it was",
    "use the result: x = array_api_extra.at(x, key).set(v)")
IN_PLACE_OPERATORS_CAST = _behaviour(
    "in-place operators cast", "torch", "divergence",
    "{library}'s in-place operator casts its result to the array's dtype (float32 += "
    "float64 stays float32), where the standard refuses a change of dtype",
    "compute out of place in the wider dtype, or cast the operand first")
BOOLS_ADD_AND_MULTIPLY = _behaviour(
    "bools add and multiply", "torch jax dask cupy", "permission",
    "{library}'s add and multiply take two bool arrays (a logical or, a logical and)",
    "use logical_or and logical_and")
ONE_ELEMENT_ARRAYS_CONVERT_TO_BOOL = _behaviour(
    "one-element arrays convert to bool", "torch jax dask cupy", "permission",
    "{library}'s bool() takes an array of one element whatever its shape",
    "convert a 0-d array: bool(xp.reshape(x, ()))")
ONE_ELEMENT_ARRAYS_CONVERT_TO_NUMBERS = _behaviour(
    "one-element arrays convert to int and float", "torch", "permission",
    "{library}'s int() and float() take an array of one element whatever its shape",
    "convert a 0-d array: float(xp.reshape(x, ()))")
BOOLS_SUM_AS_INTEGERS = _behaviour(
    "bools sum as integers", "torch jax dask cupy", "permission",
    "{library}'s sum and prod of a bool array count in the default integer dtype",
    "cast first: xp.sum(xp.astype(mask, xp.int64))")
IN_PLACE_OPERATORS_REBIND = _behaviour(
    "in-place operators rebind", "jax dask", "divergence",
    "{library} has no in-place operators: x += y makes a new array and rebinds the name; "
    "other references (a caller's, a view's) keep the old values",
    "return the result and use it (x = x + y), rather than relying on x changing")
ASARRAY_COPIES_FOREIGN_MEMORY = _behaviour(
    "asarray copies foreign memory", "dask", "divergence",
    "{library}'s asarray copies a NumPy (or other foreign) array: later writes to that "
    "array are not seen",
    "write through the array asarray gives, or convert again after writing")
SVD_GIVES_A_PLAIN_TUPLE = _behaviour(
    "svd gives a plain tuple", "dask", "divergence",
    "{library}'s linalg.svd gives a plain tuple: its parts have no names (.U, .S, .Vh)",
    "unpack it: U, S, Vh = xp.linalg.svd(x)")
FLOAT32_ATAN2_ROUNDS_CORRECTLY = _behaviour(
    "float32 atan2 rounds correctly", "torch jax", "divergence",
    "{library}'s float32 atan2 is correctly rounded, where NumPy's is one unit in the "
    "last place off for some inputs (atan2(1, 1))",
    "compare floating results with a tolerance, not exactly")
NARROWER_DEFAULT_DTYPES = _behaviour(
    "narrower default dtypes", "torch jax", "divergence",
    "{library}'s default dtypes are 32-bit where NumPy's are 64-bit (PyTorch's floating "
    "ones; every kind on JAX without its 64-bit types): a Python float, the true division "
    "or sqrt of integers, and creation without dtype= give 32-bit arrays",
    "ask for the dtype (dtype=xp.float64 where the device has it), or compare with the "
    "array's own dtype and a tolerance that fits it")
NARROWED_DTYPES = _behaviour(
    "64-bit dtypes narrowed", "jax", "divergence",
    "{library} without its 64-bit types (its default) makes every float64, int64 and "
    "complex128 array 32-bit, asked for or computed",
    "take the dtypes the namespace's inspection lists (xp.__array_namespace_info__()"
    ".default_dtypes()), and tolerances that fit 32 bits")
UNSIGNED_SUMS_IN_INT64 = _behaviour(
    "unsigned sums in int64", "torch", "divergence",
    "{library} sums and multiplies unsigned integers in int64, where the standard "
    "accumulates in uint64",
    "ask for the accumulator: xp.sum(x, dtype=xp.uint64) where it matters")
NUMPY_CROSS_KIND_PROMOTION = _behaviour(
    "numpy's cross-kind promotion", "dask cupy", "divergence",
    "{library} promotes integers with floating-point numbers as NumPy does (int64 with "
    "float32 is float64), where the default namespace gives the floating operand's dtype",
    "cast the integer operand to the floating dtype first (xp.astype)")
WRITES_LAND_IN_A_COPY = _behaviour(
    "writes through views land in a copy", "dask", "divergence",
    "slices and reshapes are copies in {library}: a write through one reaches neither "
    "the array it came from nor its other views",
    "write into the array itself (x[0, :] = 0, not row = x[0, :]; row[...] = 0), or "
    "return the written array and use it")
VALUES_COMPUTE = _behaviour(
    "eager reads compute", "dask", "cost",
    "{library} computes its whole graph to answer this (bool(), int(), float(), a "
    "NumPy conversion)",
    "keep values lazy: xp.where instead of if, reductions instead of loops")
UNKNOWN_SIZES = _behaviour(
    "data-dependent sizes are unknown", "dask", "divergence",
    "{library} does not know the size a data-dependent selection (a boolean mask, "
    "nonzero, unique) gives: its shape holds None there",
    "keep such sizes out of arithmetic and allocation, or compute them where needed "
    "(x.compute_chunk_sizes() on Dask)")
DEVICE_DEFAULT_DTYPES = _behaviour(
    "the device's 32-bit default dtypes", "", "divergence",
    "the device {library} gives 32-bit default dtypes where the CPU gives 64-bit ones (as "
    "Apple's MPS does, and JAX without its 64-bit types): creation without dtype= gives "
    "32-bit arrays there",
    "take the device's defaults from xp.__array_namespace_info__().default_dtypes("
    "device=...), and tolerances that fit them")
CHOLESKY_GIVES_THE_UPPER_FACTOR = _behaviour(
    "cholesky gives the upper factor", "dask", "divergence",
    "{library} gives the upper factor U (x = U^T U) where linalg.cholesky is asked for "
    "the lower factor, with no warning",
    "use linalg.cholesky only where either factor serves, or check with "
    "L @ matrix_transpose(L)")

ALL: tuple[Behaviour, ...] = tuple(
    record for record in globals().values() if isinstance(record, Behaviour)
)
"""Every behaviour, as defined above."""

BY_NAME = {record.name: record for record in ALL}
