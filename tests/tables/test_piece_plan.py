"""The plans that cut large work into pieces, against a brute-force model: every index
exactly once, the merged axes visiting the same addresses, cuts on cache lines and
between whole rows."""

from __future__ import annotations

import itertools

from hypothesis import given, settings, strategies as st

from array_api_reshape._tables._piece_plan import (
    boxes, cut_points, plan_pieces, row_pieces, shrinking_cut_points,
)


def covered(shape, pieces):
    """Every index the pieces' boxes hold, repeats kept."""
    seen = []
    for piece in pieces:
        for key in piece:
            assert len(key) == len(shape)
            seen.extend(itertools.product(*[range(s.start, s.stop) for s in key]))
    return seen


def all_indices(shape):
    return list(itertools.product(*[range(n) for n in shape]))


shapes = st.lists(st.integers(1, 5), min_size=1, max_size=4).map(tuple)


@settings(max_examples=300, deadline=None)
@given(shape=shapes, data=st.data())
def test_boxes_cover_a_flat_range_exactly(shape, data):
    total = 1
    for n in shape:
        total *= n
    start = data.draw(st.integers(0, total))
    stop = data.draw(st.integers(start, total))
    seen = [index for key in boxes(shape, start, stop)
            for index in itertools.product(*[range(s.start, s.stop) for s in key])]
    assert seen == all_indices(shape)[start:stop]  # in row-major order, each once


@settings(max_examples=300, deadline=None)
@given(shape=shapes, data=st.data())
def test_a_plan_covers_every_index_once_and_keeps_every_address(shape, data):
    operands = data.draw(st.integers(1, 3))
    strides = [tuple(data.draw(st.sampled_from([0, 1, 3, 8, -8, 24]))
                     for _ in shape) for _ in range(operands)]
    pieces = data.draw(st.integers(1, 9))
    plan = plan_pieces(shape, strides, pieces, 8, data.draw(st.none() | st.integers(0, 7)))
    assert len(plan.pieces) <= pieces
    merged_indices = covered(plan.shape, plan.pieces)
    assert sorted(merged_indices) == all_indices(plan.shape)

    def addresses(lengths, operand_strides):
        return sorted(tuple(sum(i * s for i, s in zip(index, st_)) for st_ in operand_strides)
                      for index in itertools.product(*[range(n) for n in lengths]))

    assert addresses(plan.shape, plan.strides) == addresses(shape, strides)


@settings(max_examples=300, deadline=None)
@given(total=st.integers(1, 10_000), pieces=st.integers(1, 16),
       line_items=st.sampled_from([1, 2, 4, 8]), first=st.integers(0, 7))
def test_cuts_fall_on_cache_lines(total, pieces, line_items, first):
    first %= line_items
    points = cut_points(total, pieces, line_items, first)
    assert points[0] == 0 and points[-1] == total and points == sorted(set(points))
    assert len(points) <= pieces + 1
    assert all((point - first) % line_items == 0 for point in points[1:-1])


@settings(max_examples=300, deadline=None)
@given(shape=shapes, pieces=st.integers(1, 9), first=st.none() | st.integers(0, 7))
def test_row_pieces_cut_only_between_rows(shape, pieces, first):
    cut = row_pieces(shape, pieces, 8, first)
    assert sorted(covered(shape, cut)) == all_indices(shape)
    if len(shape) > 1:  # every box holds whole rows
        assert all(key[-1] == slice(0, shape[-1]) for piece in cut for key in piece)
    elif first is not None:
        starts = [piece[0][0].start for piece in cut][1:]
        assert all((start - first) % 8 == 0 for start in starts)


@given(total=st.integers(0, 1 << 24), threads=st.integers(1, 8), least=st.integers(1, 1 << 18))
def test_shrinking_pieces_cover_the_range_and_shrink_to_the_least(total, threads, least):
    points = shrinking_cut_points(total, threads, least)
    assert points[0] == 0 and points[-1] == total
    sizes = [stop - start for start, stop in itertools.pairwise(points)]
    assert all(size > 0 for size in sizes) and sizes == sorted(sizes, reverse=True)
    assert all(size >= least for size in sizes[:-1])  # only the last may be shorter
    if total > least:  # the first piece is a 2 * threads-th of the whole
        assert sizes[0] == max(least, total // (2 * threads))
