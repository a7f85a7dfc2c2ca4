"""Concurrent reads, views, element-wise work and disjoint writes from 8 threads give the
serial results (a bounded run: a fixed number of rounds per thread)."""

from __future__ import annotations

import threading

import numpy as np

import array_api_reshape as xp
from array_api_reshape import layout

THREADS = 8
ROUNDS = 150


def work(shared, index):
    """Views, reshapes (cached decisions), arithmetic and reductions on a shared array."""
    results = []
    for round_number in range(ROUNDS):
        view = xp.reshape(shared, (4, 6, 9))[:, (index + round_number) % 6, :]
        flat = xp.reshape(xp.permute_dims(xp.reshape(shared, (24, 9)), (1, 0)), (-1,))
        results.append(
            (float(xp.sum(view * 2.0 + 1.0)), float(xp.max(flat)), layout.strides(view))
        )
    return results


def test_concurrent_reads_match_a_serial_run():
    shared = xp.asarray(np.arange(216.0))
    expected = {i: work(shared, i) for i in range(THREADS)}
    found, errors = {}, []

    def run(i):
        try:
            found[i] = work(shared, i)
        except Exception as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors and not any(t.is_alive() for t in threads)
    assert found == expected


def test_concurrent_writes_to_disjoint_views():
    target = xp.zeros((THREADS, 1000), dtype=xp.int64)

    def write(i):
        row = target[i]
        for round_number in range(ROUNDS):
            row[...] = round_number
            row += i

    threads = [threading.Thread(target=write, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    expected = np.repeat(np.arange(THREADS)[:, None] + ROUNDS - 1, 1000, axis=1)
    np.testing.assert_array_equal(np.asarray(target), expected)
