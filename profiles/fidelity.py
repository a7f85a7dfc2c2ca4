"""
How faithfully a profile stands in for its library: every snippet of ``snippets.py`` run on
the real library (through its array-API namespace) and on array_api_reshape under the
profile, and where the two disagree.

    python profiles/fidelity.py torch --library-python /path/to/venv-with-torch/bin/python
    python profiles/fidelity.py torch --library-python PY --record profiles

``--record DIR`` writes ``FIDELITY-<profile>.md`` (the comparison) and
``FIDELITY-<profile>.json`` (the library's outcomes and versions) there;
``--from-record DIR`` writes the comparison again from the library's recorded outcomes and
the profile as it answers now, without the library (the snippets must be the recorded
ones); the tests replay
the recorded outcomes against the profile (tests/tooling/test_fidelity.py), so that a
change that makes the profile stray from the library fails without the library installed.

The library runs in its own interpreter (one where it is installed, with array-api-compat),
which prints the outcomes as JSON; this package runs here. array-api-strict is measured as
its own namespace, its flags put back to their defaults before each snippet. Two outcomes
agree when both raise the same type of exception, or both give the same kind of value: the
same dtype, shape and elements (floats to 6 significant digits), the same Python value, or
the same dtype names. Messages and warnings are not compared: ours name the library and the
portable way, and a library warns once per place.

A snippet also has ``computes`` in its scope next to ``xp``: ``computes(fn)`` calls ``fn()``
and gives how many times the library computed while it ran (Dask: how many graphs its
scheduler ran; ours: how many eager reads the package counted), so that a snippet can
measure what a lazy library recomputes behind ``bool()``, ``float()`` or ``np.asarray``.

Never run by CI and never a test dependency: the libraries are large, and their behaviour
is what this measures.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
import warnings
from collections.abc import Callable
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from snippets import NOT_EMULATED, READ, SNIPPETS  # noqa: E402  (this folder is no package)

NAMESPACES = {"torch": "array_api_compat.torch", "jax": "jax.numpy",
              "dask": "array_api_compat.dask.array", "cupy": "array_api_compat.cupy",
              "strict": "array_api_strict"}
"""The array-API namespace each profile's library is measured through."""

LIBRARY_MODULES = {"torch": "torch", "jax": "jax", "dask": "dask",
                   "strict": "array_api_strict"}


def _library_flags_reset(profile: str) -> Callable[[], None]:
    """What puts the library's own settings back to their defaults before each snippet:
    array-api-strict keeps its flags (standard version, extensions, boolean indexing) in
    module globals that a snippet or the environment could change."""
    if profile == "strict":
        import array_api_strict

        return array_api_strict.reset_array_api_strict_flags
    return lambda: None


def _our_computes(fn: Callable[[], object]) -> int:
    """How many eager reads the package counted while ``fn()`` ran: a ``computes`` block
    of its own (with no budget worth the name) counts from 0, as Dask's graphs are."""
    from array_api_reshape import flags

    with flags.using(computes=sys.maxsize):
        fn()
        return flags.computes_counted()


def _dask_computes(fn: Callable[[], object]) -> int:
    """How many graphs Dask ran while ``fn()`` ran: each goes through a scheduler that counts
    it, then hands it to Dask's synchronous one (as array-api-extra's compute budget does)."""
    import dask

    runs = 0

    def counting_scheduler(graph: Any, keys: Any, **options: Any) -> Any:
        nonlocal runs
        runs += 1
        return dask.get(graph, keys, **options)

    with dask.config.set(scheduler=counting_scheduler):
        fn()
    return runs


def _no_computes(fn: Callable[[], object]) -> int:
    raise NotImplementedError("computes(): this library is not measured for computes")


def compute_counter(xp: Any) -> Callable[[Callable[[], object]], int]:
    """The ``computes`` a snippet run on ``xp`` gets: Dask's counting scheduler for a Dask
    namespace, the package's own count for array_api_reshape, a refusal otherwise."""
    name = getattr(xp, "__name__", "")
    if name.split(".")[0] == "array_api_reshape":
        return _our_computes
    if name.startswith(("dask", "array_api_compat.dask")):
        return _dask_computes
    return _no_computes


def run(code: str, xp: Any) -> Any:
    """The value of ``code``'s last line, run with ``xp`` and ``computes`` (see
    :func:`compute_counter`) bound (its exception's type name, as ``{"error": ...}``, when
    it raises)."""
    tree = ast.parse(code)
    scope: dict[str, Any] = {"xp": xp, "computes": compute_counter(xp)}
    last = tree.body[-1]
    body = tree.body[:-1] if isinstance(last, ast.Expr) else tree.body
    try:
        with warnings.catch_warnings():  # (warnings are not compared: a library warns once)
            warnings.simplefilter("ignore")
            exec(compile(ast.Module(body=body, type_ignores=[]), "<snippet>", "exec"), scope)
            if isinstance(last, ast.Expr):
                return describe(eval(compile(ast.Expression(last.value), "<snippet>", "eval"),
                                     scope))
            return describe(None)
    except Exception as error:  # the outcome measured
        return {"error": type(error).__name__}


def _dtype_name(dtype: Any) -> str:
    return str(dtype).rsplit(".", 1)[-1]


def _rounded(values: Any) -> Any:
    if isinstance(values, list):
        return [_rounded(value) for value in values]
    if isinstance(values, float) and values != values:
        return "nan"  # (NaN equals nothing, itself included: as a word two of them agree)
    if isinstance(values, float):
        return float(f"{values:.6g}")
    if isinstance(values, complex):
        return [_rounded(values.real), _rounded(values.imag)]
    return values


def _is_unknown_size(item: Any) -> bool:
    return isinstance(item, float) and item != item


def _known_sizes_or_none(value: tuple[Any, ...]) -> tuple[Any, ...]:
    """A shape as the standard writes it: where ``value`` is a shape with unknown sizes as
    Dask gives them (``float('nan')`` among ints), each NaN becomes None; any other tuple
    comes back as it is."""
    if any(map(_is_unknown_size, value)) and all(
            _is_unknown_size(item) or item is None
            or (isinstance(item, int) and not isinstance(item, bool)) for item in value):
        return tuple(None if _is_unknown_size(item) else item for item in value)
    return value


def _on_default_device(array: Any) -> Any:
    """``array``, moved to its namespace's default device when it is on another: an
    array of a test device (array-api-strict's ``device1``, ours alike) holds CPU memory
    but hands it to NumPy (RuntimeError) only from the default device."""
    try:
        default = array.__array_namespace__().__array_namespace_info__().default_device()
        if array.device == default:
            return array
    except AttributeError:  # (no namespace, no inspection, no device: where it is)
        return array
    return array.to_device(default)


def describe(value: Any) -> Any:
    """A library-neutral record of ``value``: JSON, comparable across libraries.

    An array is recorded by its elements, which ``np.asarray`` reads (and so computes, for a
    lazy library: outside any ``computes(...)`` of the snippet, so never counted in it), with
    the shape the elements have. A tuple of ints and NaNs (a shape with unknown sizes, as
    Dask gives it) is recorded with None for each NaN, as the standard and array_api_reshape
    write an unknown size, so that the two agree on ``x[x > 0].shape``; a NaN anywhere else
    is recorded as the word ``"nan"``.
    """
    import numpy as np

    if hasattr(value, "shape") and hasattr(value, "dtype") and not isinstance(value, type):
        host = value.cpu() if hasattr(value, "cpu") else value
        if hasattr(host, "__dlpack_device__") and host.__dlpack_device__()[0] != 1:
            host = host.get() if hasattr(host, "get") else host.to_device("cpu")  # a GPU's
        try:
            elements = np.asarray(host)
        except RuntimeError:  # (a test device's, which hands nothing to NumPy)
            elements = np.asarray(_on_default_device(host))
        return {"array": _dtype_name(value.dtype), "shape": list(elements.shape),
                "values": _rounded(elements.tolist())}
    if isinstance(value, tuple):
        value = _known_sizes_or_none(value)
    if isinstance(value, (tuple, list)):
        return {"sequence": [describe(item) for item in value]}
    if isinstance(value, dict):
        return {"dict": {str(key): describe(item) for key, item in value.items()}}
    if value is None or isinstance(value, (bool, int, float, complex, str)):
        return {"python": _rounded(value) if not isinstance(value, str) else value}
    return {"dtype": _dtype_name(value)}


def outcomes(profile: str, side: str) -> dict[str, Any]:
    """Every snippet's outcome on ``side``: "library" (the real one) or "profile" (ours
    under the profile), with the versions that produced them."""
    import importlib

    import numpy as np

    if side == "library":
        xp = importlib.import_module(NAMESPACES[profile])
        library = importlib.import_module(LIBRARY_MODULES[profile])
        versions = {LIBRARY_MODULES[profile]: library.__version__}
        if profile == "strict":  # its own namespace (no wrapper); its flags' defaults
            versions["api_version"] = xp.__array_api_version__
        else:
            versions["array_api_compat"] = importlib.import_module(
                "array_api_compat").__version__
        reset = _library_flags_reset(profile)
        results = []
        for snippet in SNIPPETS[profile]:
            reset()
            results.append(run(snippet.program, xp))
    else:
        import array_api_reshape as xp
        from array_api_reshape import flags

        with flags.using(profile=profile):
            results = [run(snippet.program, xp) for snippet in SNIPPETS[profile]]
        versions = {"array_api_reshape": xp.__version__}
    versions["numpy"] = np.__version__
    versions["python"] = sys.version.split()[0]
    return {"versions": versions, "outcomes": results}


def profile_refused(profile: str) -> str | None:
    """Why array_api_reshape does not take ``profile`` (its ValueError's message), or None
    when it does: a profile's snippets may be written before the profile."""
    from array_api_reshape import flags

    try:
        with flags.using(profile=profile):
            return None
    except ValueError as refusal:
        return str(refusal)


def in_words(outcome: Any, limit: int = 70) -> str:
    """An outcome (``describe``'s record, or an exception's) as a reader says it: "raises
    IndexError", "float32 array (2, 2): [[0.0, 1.0], [2.0, 3.0]]", "True", "a tuple: 2, 3",
    "the dtype int64"; shortened past ``limit`` characters."""
    text = _words(outcome)
    return text if len(text) <= limit else text[:limit - 3].rstrip(" ,") + "..."


def _words(outcome: Any) -> str:
    if "error" in outcome:
        return f"raises {outcome['error']}"
    if "array" in outcome:
        return f"{outcome['array']} array {tuple(outcome['shape'])}: {_value(outcome['values'])}"
    if "python" in outcome:
        value = outcome["python"]
        if isinstance(value, list):  # a complex, recorded as its two parts
            return str(complex(*(float(part) for part in value)))
        return _value(value)
    if "sequence" in outcome:
        items = [_words(item) for item in outcome["sequence"]]
        return "an empty tuple" if not items else "a tuple: " + "; ".join(items)
    if "dict" in outcome:
        return "a dict: " + "; ".join(f"{key}: {_words(item)}"
                                      for key, item in outcome["dict"].items())
    if "dtype" in outcome:  # a dtype's name, or another object's (a device: "cpu")
        name = outcome["dtype"]
        return f"the dtype {name}" if name in _DTYPE_NAMES else str(name)
    return str(outcome)


_DTYPE_NAMES = frozenset({"bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                          "uint32", "uint64", "float16", "float32", "float64", "complex64",
                          "complex128"})


def _value(value: Any) -> str:
    """A recorded Python value as Python writes it (a complex recorded as its two parts
    reads as one)."""
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if value is None:
        return "None"
    return str(value)


def report(profile: str, library: dict[str, Any], ours: dict[str, Any]) -> str:
    """The comparison as Markdown: the versions, the counts, every disagreement, then
    every snippet."""
    rows = list(zip(SNIPPETS[profile], library["outcomes"], ours["outcomes"]))
    disagreements = [row for row in rows if row[1] != row[2]]
    versions = ", ".join(f"{name} {version}" for name, version in
                         {**library["versions"], **ours["versions"]}.items())
    lines = [
        f"# Fidelity of the profile {profile!r}",
        "",
        f"Generated by `python profiles/fidelity.py {profile} --record profiles` with",
        f"{versions}. Each snippet",
        f"ran on {NAMESPACES[profile]} and on array_api_reshape under",
        f"`flags.using(profile={profile!r})`; they agree when both raise the same exception",
        "type or give the same dtype, shape and elements.",
        "",
        f"{len(rows)} snippets: {len(rows) - len(disagreements)} agree, "
        f"{len(disagreements)} disagree.",
        "",
    ]
    if disagreements:
        reasons = NOT_EMULATED.get(profile, {})
        lines += ["## Disagreements", "", "| topic | snippet | library | profile | why |",
                  "| --- | --- | --- | --- | --- |"]
        lines += [f"| {s.topic} | `{s.code}` | {in_words(a)} | {in_words(b)} | "
                  f"{reasons.get(s.program, 'not yet emulated')} |"
                  for s, a, b in disagreements]
        lines.append("")
    lines += ["## Every snippet", ""]
    setups = dict.fromkeys((s.topic, s.setup) for s, _, _ in rows if s.setup)
    if setups:
        lines += ["Set up before each snippet of a topic:", ""]
        lines += [f"- {topic}: `{setup}`" for topic, setup in setups]
        lines.append("")
    lines += ["| topic | snippet | library | agrees |", "| --- | --- | --- | --- |"]
    lines += [f"| {s.topic} | `{s.code}` | {in_words(a)} | {'yes' if a == b else 'NO'} |"
              for s, a, b in rows]
    return "\n".join(lines) + "\n"


READ_VERSIONS = {"cupy": {"cupy": "14.2.0 (outcomes read from its source: no GPU here)",
                          "array_api_compat": "1.16.0 (read)"}}


def read_outcomes(profile: str) -> dict[str, Any]:
    """The library's outcomes for a profile whose library cannot run here, as
    ``snippets.READ`` records them, with the version they were read from."""
    import numpy as np

    versions = {**READ_VERSIONS[profile], "numpy": np.__version__,
                "python": sys.version.split()[0]}
    return {"versions": versions, "outcomes": [outcome for _, outcome in READ[profile]]}


def rewrite_from_record(profile: str, folder: str) -> int:
    """Write ``FIDELITY-<profile>.md`` in ``folder`` again: the library's outcomes and
    versions from the record beside it, the profile's answers now."""
    stem = os.path.join(folder, f"FIDELITY-{profile}")
    with open(f"{stem}.json") as file:
        recorded = json.load(file)
    programs = [snippet.program for snippet in SNIPPETS[profile]]
    if [item["code"] for item in recorded["outcomes"]] != programs:
        sys.stderr.write(f"fidelity.py: the snippets of {profile!r} are not the recorded "
                         "ones: record them again with --record\n")
        return 2
    library = {"versions": recorded["versions"],
               "outcomes": [item["outcome"] for item in recorded["outcomes"]]}
    text = report(profile, library, outcomes(profile, "profile"))
    with open(f"{stem}.md", "w") as file:
        file.write(text)
    print(text.split("## Every snippet")[0])
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("profile", choices=sorted(SNIPPETS))
    parser.add_argument("--library-python", help="an interpreter with the library installed")
    parser.add_argument("--record", help="write FIDELITY-<profile>.md and .json to this folder")
    parser.add_argument("--from-record", metavar="DIR",
                        help="write FIDELITY-<profile>.md in DIR again from DIR's recorded "
                             "outcomes of the library and the profile's answers now")
    parser.add_argument("--side", choices=("library", "profile"), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.side != "library" and (refusal := profile_refused(arguments.profile)):
        sys.stderr.write(f"fidelity.py: array_api_reshape refuses the profile "
                         f"{arguments.profile!r}, so there is nothing to measure: {refusal}\n")
        return 2
    if arguments.side is not None:  # one side's outcomes, as JSON on stdout
        print(json.dumps(outcomes(arguments.profile, arguments.side)))
        return 0
    if arguments.from_record:
        return rewrite_from_record(arguments.profile, arguments.from_record)
    if arguments.profile in READ:  # outcomes read from the library's source, not run
        library = read_outcomes(arguments.profile)
    else:
        if arguments.library_python is None:
            parser.error("--library-python is needed (an interpreter with the library)")
        done = subprocess.run(
            [arguments.library_python, __file__, arguments.profile, "--side", "library"],
            capture_output=True, text=True, check=False,
        )
        if done.returncode != 0:
            sys.stderr.write(done.stderr)
            return done.returncode
        library = json.loads(done.stdout)
    text = report(arguments.profile, library, outcomes(arguments.profile, "profile"))
    if arguments.record:
        stem = os.path.join(arguments.record, f"FIDELITY-{arguments.profile}")
        with open(f"{stem}.md", "w") as file:
            file.write(text)
        with open(f"{stem}.json", "w") as file:
            json.dump({"versions": library["versions"],
                       "outcomes": [{"code": snippet.program, "outcome": outcome}
                                    for snippet, outcome in
                                    zip(SNIPPETS[arguments.profile], library["outcomes"])]},
                      file, indent=1)
            file.write("\n")
    print(text.split("## Every snippet")[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
