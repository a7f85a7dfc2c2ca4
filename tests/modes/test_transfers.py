"""
The transfers flag: moves of data between devices, recorded ("log") or refused ("error").

What is tested: every way to move an array's data to another device is recorded under
"log" with the line of the test that asked for it, and refused under "error" with a
message naming the flag, the devices and that line; what moves nothing (the same device,
Python data, NumPy's memory, a refused call) is never recorded nor refused; the record
counts repeated lines, keeps its order, and takes the moves of several threads; the
flag's values, its environment variable and its scoping; and the default path, which
never asks.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import array_api_reshape as xp
from array_api_reshape import devices, flags
from array_api_reshape._modes import _transfers
from array_api_reshape._modes._flag_state import MODES

INFO = xp.__array_namespace_info__()
CPU, DEVICE1, DEVICE2, NO_FLOAT64, NO_X64 = INFO.devices()


pytestmark = pytest.mark.usefixtures("devices_off_afterwards")


@pytest.fixture(autouse=True)
def default_flags_and_an_empty_record():
    flags.reset()
    devices.clear_transfers()
    yield
    flags.reset()
    devices.clear_transfers()


def on(device, values=(1.0, 2.0), dtype=xp.float32):
    return xp.asarray(list(values), dtype=dtype, device=device)


# Each move is one lambda on one line: the line the record must name is its first line.
MOVES = [
    ("to_device", lambda x, d: x.to_device(d)),
    ("to_device", lambda x, d: xp.flip(x).to_device(d.name)),
    ("asarray", lambda x, d: xp.asarray(x, device=d)),
    ("asarray", lambda x, d: xp.asarray(x, dtype=xp.int16, device=d)),
    ("asarray", lambda x, d: xp.asarray(x, copy=True, device=d)),
    ("asarray", lambda x, d: xp.asarray([x, x], device=d)),
    ("asarray", lambda x, d: xp.asarray([[x[0], 3.0]], device=d)),
    ("astype", lambda x, d: xp.astype(x, xp.float32, device=d)),
    ("astype", lambda x, d: xp.astype(x, xp.int8, copy=False, device=d)),
    ("from_dlpack", lambda x, d: xp.from_dlpack(x, device=d)),
    ("from_dlpack", lambda x, d: xp.from_dlpack(x, device=d, copy=True)),
]
PAIRS = [(DEVICE1, CPU), (CPU, NO_X64), (NO_FLOAT64, DEVICE2)]


def _move_params():
    for i, (function, move) in enumerate(MOVES):
        for source, target in PAIRS:
            yield pytest.param(function, move, source, target,
                               id=f"{function}-{i}-{source.name}-{target.name}")


@pytest.mark.parametrize("function, move, source, target", list(_move_params()))
def test_log_records_each_move_with_the_line_that_asked(function, move, source, target):
    x = on(source)
    with flags.using(transfers="log"):
        moved = move(x, target)
    assert moved.device is target
    (record,) = devices.transfers()
    assert isinstance(record, devices.Transfer)
    assert (record.source, record.target, record.function) == (source, target, function)
    assert (record.file, record.line) == (__file__, move.__code__.co_firstlineno)
    assert record.times == 1
    assert str(record) == (f"{function}() at modes/test_transfers.py:{record.line} moved data "
                           f"from {source.name} to {target.name}")


@pytest.mark.parametrize("function, move, source, target", list(_move_params()))
def test_error_refuses_each_move_naming_the_flag_the_devices_and_the_line(function, move,
                                                                           source, target):
    x = on(source)
    before = np.asarray(x).copy()
    with flags.using(transfers="error"), pytest.raises(ValueError) as caught:
        move(x, target)
    line = move.__code__.co_firstlineno
    assert str(caught.value) == (
        f"{function}() at modes/test_transfers.py:{line}: moves an array from device "
        f"{source.name!r} to {target.name!r}, and the transfers flag is 'error' "
        "(array_api_reshape.flags.set(transfers='log') records each move instead of "
        "refusing it)")
    assert devices.transfers() == ()
    np.testing.assert_array_equal(np.asarray(x), before)


NOT_MOVES = [
    ("to_device-same", lambda x: x.to_device(x.device)),
    ("asarray-same", lambda x: xp.asarray(x, device=x.device, copy=True)),
    ("asarray-no-device", lambda x: xp.asarray(x, dtype=xp.int32)),
    ("astype-same", lambda x: xp.astype(x, xp.int32, device=x.device)),
    ("from_dlpack-same", lambda x: xp.from_dlpack(x)),
    ("asarray-nested-same", lambda x: xp.asarray([x, x])),
    ("python-data", lambda x: xp.asarray([1.0, 2.0], device="device2")),
    ("python-scalar-of-an-array", lambda x: xp.asarray([float(x[0])], device="device2")),
    ("numpy-asarray", lambda x: xp.asarray(np.arange(3.0), device="device2")),
    ("numpy-from_dlpack", lambda x: xp.from_dlpack(np.ones(3, np.float32), device="no_x64")),
    ("numpy-copy", lambda x: xp.asarray(np.arange(3.0), device="device2", copy=True)),
    ("creation", lambda x: xp.zeros(3, device="device2")),
    ("like", lambda x: xp.ones_like(x, device="device2")),
    ("full_like", lambda x: xp.full_like(x, 2.0, device="cpu")),
    ("computation", lambda x: xp.sum(x * 2)),
]


@pytest.mark.parametrize("mode", ["log", "error"])
@pytest.mark.parametrize("call", [pytest.param(c, id=i) for i, c in NOT_MOVES])
def test_what_moves_no_array_between_devices_is_neither_recorded_nor_refused(call, mode):
    x = on(DEVICE1)
    with flags.using(transfers=mode):
        call(x)
    assert devices.transfers() == ()


@pytest.mark.parametrize("mode", ["log", "error"])
@pytest.mark.parametrize("call, error, words", [
    pytest.param(lambda x: x.to_device("no_float64"), ValueError,
                 "device 'no_float64' has no float64", id="a-dtype-the-target-lacks"),
    pytest.param(lambda x: xp.asarray(x, device="device2", copy=False), ValueError,
                 "asarray(copy=False): moving an array", id="asarray-copy-false"),
    pytest.param(lambda x: xp.from_dlpack(x, device="device2", copy=False), BufferError,
                 "from_dlpack(copy=False): moving an array", id="from_dlpack-copy-false"),
    pytest.param(lambda x: xp.astype(x, xp.float64, device="no_x64"), ValueError,
                 "device 'no_x64' has no float64", id="astype-a-dtype-the-target-lacks"),
    pytest.param(lambda x: x.to_device("gpu"), ValueError, "'device' 'gpu' is not a device",
                 id="unknown-device"),
    pytest.param(lambda x: x.__setitem__(0, on("device2")[0]), ValueError,
                 "the arrays of one call must share a device", id="write-from-another-device"),
    pytest.param(lambda x: x.__setitem__(slice(None), on("device2")), ValueError,
                 "the arrays of one call must share a device", id="write-slice"),
])
def test_a_move_refused_for_another_reason_is_not_recorded(call, error, words, mode):
    x = xp.asarray([1.0, 2.0], device="device1")
    with flags.using(transfers=mode), pytest.raises(error) as caught:
        call(x)
    assert words in str(caught.value)
    assert devices.transfers() == ()


def test_the_fixed_device_flag_refuses_before_the_transfers_flag():
    x = on(DEVICE1)
    with flags.using(fixed_device="device1", transfers="error"):
        with pytest.raises(ValueError, match="the fixed_device flag keeps every array on"):
            x.to_device("cpu")


def _library_function(x):
    return x.to_device("cpu")  # the line a library under test would be blamed for


def test_the_line_named_is_the_first_outside_the_package():
    x = on(DEVICE2)
    with flags.using(transfers="log"):
        _library_function(x)
    (record,) = devices.transfers()
    assert record.line == _library_function.__code__.co_firstlineno + 1
    namespace = x.__array_namespace__(api_version="2023.12")
    with flags.using(transfers="log"):
        namespace.asarray(x, device="cpu"); line = sys._getframe().f_lineno  # noqa: E702
    assert devices.transfers()[1][2:5] == ("asarray", __file__, line)


def test_the_record_counts_a_line_s_moves_and_keeps_the_order_first_seen():
    x = on(DEVICE1)
    with flags.using(transfers="log"):
        for _ in range(3):
            x.to_device("cpu")
            xp.asarray(x, device="device2")
        x.to_device("device2")
    records = devices.transfers()
    assert [(r.function, r.target.name, r.times) for r in records] == [
        ("to_device", "cpu", 3), ("asarray", "device2", 3), ("to_device", "device2", 1)]
    assert str(records[0]).endswith("moved data from device1 to cpu (3 times)")
    assert records[0].line + 1 == records[1].line and records[1].line + 1 == records[2].line
    devices.clear_transfers()
    assert devices.transfers() == ()


def test_python_lists_of_arrays_on_several_devices_record_each_source():
    a, b = on(DEVICE1), on(DEVICE2)
    with flags.using(transfers="log"):
        xp.asarray([a, b, a, xp.zeros(2, dtype=xp.float32)], device="device2")
    assert [(r.source, r.target) for r in devices.transfers()] == [
        (DEVICE1, DEVICE2), (CPU, DEVICE2)]


def test_set_makes_it_the_process_default_and_using_holds_in_its_thread():
    x = on(DEVICE1)
    flags.set(transfers="log")
    assert flags.get()["transfers"] == "log" and MODES.flags is True
    worker = threading.Thread(target=lambda: x.to_device("cpu"))
    worker.start()
    worker.join()
    assert len(devices.transfers()) == 1  # the default holds in every thread
    flags.reset()
    entered, done = threading.Event(), threading.Event()

    def logging_worker():
        with flags.using(transfers="log"):
            entered.set()
            done.wait(5)

    worker = threading.Thread(target=logging_worker)
    worker.start()
    entered.wait(5)
    x.to_device("cpu")  # this thread has no block: not recorded
    done.set()
    worker.join()
    assert len(devices.transfers()) == 1


def test_moves_from_several_threads_are_all_counted():
    x = on(DEVICE1)
    start = threading.Barrier(4)

    def mover():
        with flags.using(transfers="log"):
            start.wait(5)
            for _ in range(200):
                x.to_device("cpu")

    threads = [threading.Thread(target=mover) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    (record,) = devices.transfers()
    assert record.times == 800


def test_a_device_of_one_s_own_takes_part(request):
    meta = devices.define("meta", data_dependent_shapes=False)
    request.addfinalizer(lambda: devices.remove("meta"))
    x = on(CPU)
    with flags.using(transfers="log"):
        y = x.to_device(meta)
        y.to_device("device1")
    assert [(r.source, r.target) for r in devices.transfers()] == [(CPU, meta), (meta, DEVICE1)]


def test_the_default_allows_every_move_and_never_asks(monkeypatch):
    def asked(name):
        raise AssertionError(f"the flag {name!r} was read on the default path")

    monkeypatch.setattr(_transfers, "value", asked)
    assert flags.get()["transfers"] == "allow" and MODES.flags is False
    x = on(DEVICE1)
    for _, move in MOVES:
        assert move(x, CPU).device is CPU
    assert devices.transfers() == ()


def test_allow_lets_moves_be_while_other_flags_are_on():
    x = on(DEVICE1)
    with flags.using(lazy=True):
        assert x.to_device("cpu").device is CPU
    with flags.using(transfers="allow"):
        assert xp.asarray(x, device="device2").device is DEVICE2
    assert devices.transfers() == ()


@pytest.mark.parametrize("bad, error, words", [
    pytest.param("warn", ValueError, "flags: 'transfers' must be one of 'allow', 'log', 'error', "
                 "got 'warn'", id="unknown"),
    pytest.param("LOG", ValueError, "got 'LOG'", id="upper-case"),
    pytest.param(None, TypeError, "'transfers' must be one of 'allow', 'log', 'error', got None",
                 id="none"),
    pytest.param(True, TypeError, "got True", id="bool"),
])
def test_bad_values_are_refused_listing_the_choices_and_change_nothing(bad, error, words):
    for apply in (lambda: flags.set(transfers=bad), lambda: flags.using(transfers=bad).__enter__()):
        with pytest.raises(error) as caught:
            apply()
        assert words in str(caught.value)
        assert flags.get()["transfers"] == "allow"


def run_python(code: str, **environment: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARRAY_API_RESHAPE_")}
    return subprocess.run([sys.executable, "-c", code], env={**env, **environment},
                          capture_output=True, text=True, timeout=120)


def test_the_environment_variable_sets_the_default_at_import():
    assert flags.ENVIRONMENT_VARIABLES["transfers"] == "ARRAY_API_RESHAPE_TRANSFERS"
    code = ("import array_api_reshape as xp\n"
            "from array_api_reshape import devices, flags\n"
            "xp.ones(2).to_device('device1')\n"
            "print(flags.get()['transfers'], [(r.function, r.line) for r in devices.transfers()])")
    done = run_python(code, ARRAY_API_RESHAPE_TRANSFERS=" log ")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "log [('to_device', 3)]"
    done = run_python(code, ARRAY_API_RESHAPE_TRANSFERS="error")
    assert done.returncode != 0
    assert "to_device() at <string>:3: moves an array from device 'cpu' to 'device1'" in done.stderr
    done = run_python("import array_api_reshape", ARRAY_API_RESHAPE_TRANSFERS="warn")
    assert done.returncode != 0
    assert ("ARRAY_API_RESHAPE_TRANSFERS must be one of 'allow', 'log', 'error', got 'warn'"
            in done.stderr)
