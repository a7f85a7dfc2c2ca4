"""
Run other projects' array-API test suites against array_api_reshape, NumPy and
array_api_strict, and write clients/REPORT.md.

Cubed's tests come from its installed wheel (those of its Dask executor, where distributed is
installed, from a patched scratch copy); array-api-extra, array-api-compat and einops are
other people's code, never part of this repository: pass the paths of checkouts made as
../shared/CONFORMANCE.md says. Their tests run from scratch copies of the checkouts' last
commits: array-api-extra's and array-api-compat's unpatched, on array-api-strict and on our
namespace standing in for it (the pytest plugin's ``--xp-as array_api_strict``), compared
test by test; einops' with the edits clients/suites.py lists.

    python clients/run.py --array-api-extra ~/array-api-extra \
        --array-api-compat ~/array-api-compat --einops ~/einops
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import platform
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.append(str(HERE.parent / "conformance"))

import diagnoses  # noqa: E402
import junit_results  # noqa: E402
import report  # noqa: E402
import suites  # noqa: E402
from patching import PatchError  # noqa: E402

REPORT = HERE / "REPORT.md"


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--array-api-extra", type=Path, metavar="CHECKOUT",
                        help="checkout of array-api-extra (left out when not given)")
    parser.add_argument("--array-api-compat", type=Path, metavar="CHECKOUT",
                        help="checkout of array-api-compat (left out when not given)")
    parser.add_argument("--einops", type=Path, metavar="CHECKOUT",
                        help="checkout of einops (left out when not given)")
    parser.add_argument("--no-cubed", action="store_true", help="leave Cubed's tests out")
    parser.add_argument("--namespaces", nargs="+", default=list(suites.NAMESPACES),
                        choices=suites.NAMESPACES,
                        help="namespaces for Cubed and einops (array-api-extra runs all "
                             "its backends, array-api-compat array-api-strict's tests)")
    parser.add_argument("--workers", default="2", choices=("0", "1", "2"),
                        help="pytest-xdist workers ('0' for none); the machines have 2 cores")
    parser.add_argument("--python", default=sys.executable, help="interpreter to run pytest")
    parser.add_argument("--logs", type=Path, help="keep each run's pytest output in this folder")
    parser.add_argument("--report", type=Path, default=REPORT)
    parser.add_argument("--views-check", nargs="*", default=[], metavar="MODE",
                        choices=("warn", "error", "error-on-write", "copy-on-write"),
                        help="run the suites again on our namespace under each of these views "
                             "modes; the report lists every write they find, with a verdict")
    parser.add_argument("--profiles", nargs="*", default=[], metavar="PROFILE",
                        choices=diagnoses.PROFILES,
                        help="run the suites again on our namespace under each of these "
                             "profiles; the report gives every failure a verdict")
    parser.add_argument("--modes", nargs="*", default=[], metavar="NAME=VALUE",
                        help="run the suites again on our namespace under each of these flags "
                             "(lazy=True, writeable=False); the report shows what the pytest "
                             "plugin (array_api_reshape.testing) found in each")
    parser.add_argument("--from-logs", action="store_true",
                        help="run no pytest: read each run's results from the JUnit files that "
                             "an earlier run with the same --logs and options left there")
    parser.add_argument("--flag", action="append", default=[], metavar="NAME=VALUE",
                        help="a portability flag of array_api_reshape for every run, as its "
                             "environment variable reads it (views=error); repeatable")
    args = parser.parse_args(argv)
    if args.from_logs and args.logs is None:
        parser.error("--from-logs reads the JUnit files of --logs DIR: give it")
    for option, settings in (("--flag", args.flag), ("--modes", args.modes)):
        for flag in settings:
            name, equals, _ = flag.partition("=")
            if not equals or not name.isidentifier():
                parser.error(f"{option} must read NAME=VALUE, got {flag!r}")
    return args


def flag_environment(flags: list[str]) -> dict[str, str]:
    """The environment variables that set ``NAME=VALUE`` flags in every pytest process."""
    return {f"ARRAY_API_RESHAPE_{name.upper()}": value
            for name, _, value in (flag.partition("=") for flag in flags)}


def build_suites(args: argparse.Namespace, scratch: Path) -> list[suites.Suite]:
    chosen = []
    if not args.no_cubed:
        executors = suites.cubed_executors(args.python)
        chosen.append(suites.cubed_suite(args.namespaces, executors, args.python))
        if suites.DASK in executors:
            chosen.append(suites.cubed_dask_suite(args.namespaces, scratch, args.python))
    if args.array_api_extra:
        chosen.append(suites.array_api_extra_suite(args.array_api_extra, scratch, args.python))
    if args.array_api_compat:
        chosen.append(suites.array_api_compat_suite(args.array_api_compat, scratch, args.python))
    if args.einops:
        chosen.append(suites.einops_suite(args.einops, scratch, args.namespaces, args.python))
    return chosen


def execute(run: suites.PytestRun, junit: Path, log: Path, workers: str,
            from_logs: bool = False) -> report.RunOutcome:
    """Run one pytest process (or, ``from_logs``, read the JUnit file an earlier one left);
    its results, its wall time, and a problem if it produced none."""
    if from_logs:
        if not junit.exists():
            return report.RunOutcome(run, [], 0.0,
                                     f"--from-logs: no {junit.name} in {junit.parent}")
        return report.RunOutcome(run, junit_results.read_results(junit),
                                 recorded_seconds(junit), "")
    started = time.perf_counter()
    with log.open("w") as output:
        completed = subprocess.run(run.command(junit, workers), cwd=run.cwd, env=run.environment,
                                   stdout=output, stderr=subprocess.STDOUT, check=False)
    seconds = time.perf_counter() - started
    if not junit.exists():
        tail = "\n".join(log.read_text().splitlines()[-15:])
        return report.RunOutcome(run, [], seconds,
                                 f"pytest exited {completed.returncode} without a report:\n{tail}")
    return report.RunOutcome(run, junit_results.read_results(junit), seconds, "")


def recorded_seconds(junit: Path) -> float:
    """The time pytest recorded in a JUnit file (its test suites' sum)."""
    root = ElementTree.parse(junit).getroot()
    suites_found = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    return sum(float(element.get("time", 0.0)) for element in suites_found)


def execute_under_flag(run: suites.PytestRun, flag: str, value: str, places: Places,
                       workers: str) -> report.RunOutcome:
    """``run`` (one on our namespace) again, with array_api_reshape's ``flag`` set to
    ``value`` (a views mode, a profile, any flag) by the pytest plugin's ``--xp-mode``,
    whose ``--xp-report`` lands beside the run's log."""
    label = f"{run.suite}-{flag}-{value}".replace(" ", "_")
    flagged = dataclasses.replace(run, arguments=[
        *run.arguments, "--xp-mode", f"{flag}={value}",
        "--xp-report", str(places.plugin_report(label)),
    ])
    print(f"running {run.suite} under {flag}={value} ...", flush=True)
    outcome = execute(flagged, places.junit(label), places.log(label), workers, places.from_logs)
    plugin_report = places.plugin_report(label)
    if plugin_report.exists():
        outcome.plugin_report = plugin_report.read_text()
    print(f"  {report.one_line(outcome)}", flush=True)
    return outcome


@dataclasses.dataclass(frozen=True)
class Places:
    """Where each run's JUnit file and pytest output go, and whether to read them back
    instead of running (``--from-logs``)."""

    junits: Path
    logs: Path
    from_logs: bool

    def junit(self, label: str) -> Path:
        return self.junits / f"{label}.xml"

    def log(self, label: str) -> Path:
        return self.logs / f"{label}.txt"

    def plugin_report(self, label: str) -> Path:
        return self.logs / f"{label}.plugin.md"


def versions(python: str) -> str:
    """The versions the suites ran with, and where array_api_reshape came from."""
    names = ("numpy", "array_api_strict")
    code = ("import importlib.metadata as m, platform, array_api_reshape as x; "
            "print(platform.python_version(), "
            + ", ".join(f"m.version({name!r})" for name in names) + ", x.__file__)")
    completed = subprocess.run([python, "-c", code], capture_output=True, text=True, check=False)
    found = completed.stdout.split()
    if len(found) != len(names) + 2:
        return f"Python {platform.python_version()}"
    *numbers, package = found
    described = ", ".join(f"{n} {v}" for n, v in zip(names, numbers[1:]))
    return f"Python {numbers[0]}, {described}, array_api_reshape {source_of(Path(package).parent)}"


def source_of(package: Path) -> str:
    """'at commit abc1234' (plus '+ uncommitted changes') for a checkout, else its folder."""
    def git(*arguments):
        return subprocess.run(["git", "-C", str(package), *arguments],
                              capture_output=True, text=True, check=False)
    commit = git("rev-parse", "--short", "HEAD")
    if commit.returncode != 0:
        return f"installed in {package.parent}"
    dirty = git("status", "--porcelain", "--", ".").stdout.strip()
    return f"at commit {commit.stdout.strip()}" + (" + uncommitted changes" if dirty else "")


def describe(problem: Exception) -> str:
    if isinstance(problem, subprocess.CalledProcessError):
        output = (problem.stderr or b"")
        output = output.decode() if isinstance(output, bytes) else output
        return f"{' '.join(map(str, problem.cmd))[:200]} failed: {output.strip()[-500:]}"
    return str(problem)


def main(argv=None) -> int:
    args = parse_arguments(argv)
    for name, checkout in (("array-api-extra", args.array_api_extra),
                           ("array-api-compat", args.array_api_compat), ("einops", args.einops)):
        if checkout is not None and not (checkout / ".git").exists():
            print(f"run.py: --{name} {checkout} is not a git checkout", file=sys.stderr)
            return 2
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="clients-") as scratch_name:
        scratch = Path(scratch_name)
        logs = args.logs or scratch / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        # With --logs, the JUnit files stay beside the output, for --from-logs.
        places = Places(args.logs or scratch, logs, args.from_logs)
        try:
            chosen = build_suites(args, scratch)
        except (PatchError, subprocess.CalledProcessError) as problem:
            print(f"run.py: cannot prepare the suites: {describe(problem)}", file=sys.stderr)
            return 2
        for suite in chosen:
            for run in suite.runs:
                run.environment.update(flag_environment(args.flag))
            for number, run in enumerate(suite.runs):
                label = f"{suite.name}-{run.namespace or 'all'}-{number}".replace(" ", "_")
                print(f"running {suite.name} on {run.description()} ...", flush=True)
                outcome = execute(run, places.junit(label), places.log(label), args.workers,
                                  places.from_logs)
                print(f"  {report.one_line(outcome)}", flush=True)
                outcomes.append(outcome)
        ours = [run for suite in chosen for run in suite.runs if run.namespace == suites.OURS]
        view_outcomes = {
            mode: [execute_under_flag(run, "views", mode, places, args.workers) for run in ours]
            for mode in args.views_check
        }
        profile_outcomes = {
            profile: [execute_under_flag(run, "profile", profile, places, args.workers)
                      for run in ours]
            for profile in args.profiles
        }
        mode_outcomes = {
            setting: [execute_under_flag(run, *setting.split("=", 1), places, args.workers)
                      for run in ours]
            for setting in args.modes
        }
    plugin_reports = {f"views={mode}": found for mode, found in view_outcomes.items()}
    plugin_reports.update(mode_outcomes)
    text = report.render(chosen, outcomes, versions(args.python), datetime.date.today(),
                         args.flag, view_outcomes, profile_outcomes, plugin_reports)
    args.report.write_text(text)
    print(text)
    print(f"wrote {args.report}")
    return 0 if report.ours_all_passed(outcomes, chosen) else 1


if __name__ == "__main__":
    sys.exit(main())
