"""The copy plan against the brute-force model: merging keeps every address, the blocks
cover every destination position exactly once, and copying block by block puts each
source element where a plain copy in the asked order would."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings, strategies as st

from array_api_reshape._tables._copy_plan import (
    PIECES_PER_THREAD,
    TilePolicy,
    axes_to_tile,
    merged_axes,
    plan_copy,
    regular_regions,
    split_into_pieces,
    tiled_block_extents,
)
from array_api_reshape._tables._layout import Layout, column_major_strides, row_major_strides

from layout_model import addresses_of, element_addresses
from strategies import small_layouts

ITEMSIZES = st.sampled_from([1, 2, 4, 8, 16])


def indices_in_visiting_order(region):
    """The merged indices of a region, whole block after whole block (block grid in
    row-major order, then row-major within a block), as the kernel's blocked view has it."""
    grids = [range(start, stop, extent) for start, stop, extent in region]
    for corner in itertools.product(*grids):
        inner = [range(c, c + extent) for c, (_, _, extent) in zip(corner, region)]
        yield from itertools.product(*inner)


def copied_by_blocks(plan):
    """Simulate the plan: the source address (from the first element) written to each
    destination position, and how often each position was written."""
    size = math.prod(plan.shape)
    destination = [None] * size
    writes = [0] * size
    destination_strides = row_major_strides(plan.shape)
    for box in plan.parts:
        for region in regular_regions(box, plan.extents):
            for start, stop, extent in region:
                whole_blocks = (stop - start) % extent == 0 and 0 < extent <= stop - start
                assert whole_blocks or start == stop
            for index in indices_in_visiting_order(region):
                position = sum(i * s for i, s in zip(index, destination_strides))
                destination[position] = sum(i * s for i, s in zip(index, plan.source_strides))
                writes[position] += 1
    return destination, writes


def expected_copy(layout, order):
    return [a - layout.offset for a in addresses_of(layout, order)]


@st.composite
def small_tile_policies(draw):
    """Policies that tile small layouts, in tiles of a few elements."""
    return TilePolicy(
        tile_lines=draw(st.integers(1, 3)),
        tile_span_bytes=draw(st.integers(1, 48)),
        reuse_lines=draw(st.integers(0, 4)),
        aliasing_bytes=draw(st.sampled_from([1, 8, 1024])),
        aliased_reuse_lines=draw(st.integers(0, 4)),
        line_bytes=draw(st.sampled_from([1, 8, 64])),
    )


@settings(max_examples=400, deadline=None)
@given(layout=small_layouts(), itemsize=ITEMSIZES, order=st.sampled_from("CF"),
       threads=st.integers(1, 4), policy=small_tile_policies())
def test_block_by_block_copy_matches_the_model(layout, itemsize, order, threads, policy):
    plan = plan_copy(layout, itemsize, order, threads, policy, itemsize, True)
    destination, writes = copied_by_blocks(plan)
    if math.prod(layout.shape) == 0:
        assert destination == []
        return
    assert writes == [1] * len(writes)
    assert destination == expected_copy(layout, order)
    assert 1 <= plan.threads <= threads
    assert len(plan.parts) <= plan.threads * PIECES_PER_THREAD


@settings(max_examples=300, deadline=None)
@given(layout=small_layouts())
def test_merged_axes_keep_every_address_in_order(layout):
    shape, strides = merged_axes(layout.shape, layout.strides)
    assert 1 not in shape
    assert element_addresses(shape, strides, layout.offset) == addresses_of(layout)


@settings(max_examples=300, deadline=None)
@given(layout=small_layouts(), itemsize=ITEMSIZES, policy=small_tile_policies())
def test_tiles_only_where_numpys_order_would_lose_lines(layout, itemsize, policy):
    shape, strides = merged_axes(layout.shape, layout.strides)
    tile = axes_to_tile(shape, strides, itemsize, policy)
    if tile is None:
        return
    fast, last = tile
    assert last == len(shape) - 1 and fast != last
    stride_bytes = abs(strides[last]) * itemsize
    assert stride_bytes >= policy.line_bytes
    assert 0 < abs(strides[fast]) == min(abs(s) for s in strides if s)
    aliased = stride_bytes % policy.aliasing_bytes == 0
    reuse = math.prod(shape[fast + 1:])
    assert reuse > (policy.aliased_reuse_lines if aliased else policy.reuse_lines)


@pytest.mark.parametrize("n, tiled", [(1000, False), (1500, False), (2000, False), (4000, False),
                                      (1024, True), (1536, True), (2048, True), (3072, True)])
def test_square_transposes_are_tiled_where_their_stride_aliases(n, tiled):
    assert (axes_to_tile((n, n), (1, n), 8) is not None) == tiled


def test_threads_are_used_only_for_large_copies():
    layout = Layout((1000, 1000), (1, 1000), 0)
    layout = Layout((1024, 1024), (1, 1024), 0)
    one = plan_copy(layout, 8, "C", 4, bytes_per_thread=1 << 30)
    assert one.threads == 1 and len(one.parts) == 1
    four = plan_copy(layout, 8, "C", 4, bytes_per_thread=1 << 20)
    assert four.threads == 4 and len(four.parts) == 4 * PIECES_PER_THREAD


def test_copies_without_tiles_take_one_thread_unless_asked():
    column_slice = Layout((2048, 3000), (4096, 1), 0)
    assert plan_copy(column_slice, 8, "C", 4).threads == 1
    assert plan_copy(column_slice, 8, "C", 4, stream_threads=True).threads == 4


def test_threads_split_at_block_boundaries():
    assert split_into_pieces((2048, 2048), (128, 128), 3) == (
        ((0, 768), (0, 2048)), ((768, 1408), (0, 2048)), ((1408, 2048), (0, 2048)))
    # the slow axis is a single block: cut the next one
    assert split_into_pieces((48, 2304, 48), (48, 7, 48), 2) == (
        ((0, 48), (0, 1155), (0, 48)), ((0, 48), (1155, 2304), (0, 48)))
    assert split_into_pieces((48, 2304, 48), (48, 1, 48), 2) == (
        ((0, 48), (0, 1152), (0, 48)), ((0, 48), (1152, 2304), (0, 48)))
    # no tiles: slabs of the slowest axis
    assert split_into_pieces((5, 100), (5, 100), 2) == (((0, 3), (0, 100)), ((3, 5), (0, 100)))


def test_regular_regions_cut_whole_blocks_then_remainders():
    assert regular_regions(((0, 10), (0, 4)), (4, 4)) == [
        ((0, 8, 4), (0, 4, 4)), ((8, 10, 2), (0, 4, 4))]
    assert len(regular_regions(((1, 8), (0, 9), (2, 5)), (3, 4, 5))) == 4


@pytest.mark.parametrize(
    "shape, strides, order, merged_shape, tile_axes, blocks",
    [
        pytest.param((2048, 2048), (1, 2048), "C", (2048, 2048), (0, 1), 32 * 128,
                     id="transpose-2048"),
        pytest.param((48,) * 4, (1, 2304, 48, 110592), "C", (48, 2304, 48), (0, 2), 2304 * 3,
                     id="permute-3120-merges-middle"),
        pytest.param((48,) * 4, (110592, 48, 2304, 1), "C", (48,) * 4, None, 1,
                     id="permute-0213-untiled"),
        pytest.param((48,) * 4, (2304, 48, 1, 110592), "C", (110592, 48), None, 1,
                     id="permute-1230-numpy-order-reuses-lines"),
        pytest.param((2048, 3000), (4096, 1), "C", (2048, 3000), None, 1, id="column-slice"),
        pytest.param((2048, 4096), (4096, 1), "C", (2048 * 4096,), None, 1, id="contiguous"),
        pytest.param((2048, 4096), (-4096, -1), "C", (2048 * 4096,), None, 1, id="flip-both"),
        pytest.param((2048, 4096), (4096, 1), "F", (4096, 2048), (0, 1), 64 * 128, id="c-to-f"),
        pytest.param((2048, 2048), (0, 1), "F", (2048, 2048), None, 1, id="broadcast-rows-to-f"),
        pytest.param((2048, 1, 2048), (1, 5, 2048), "C", (2048, 2048), (0, 1), 32 * 128,
                     id="unit-axis"),
        pytest.param((1000, 1000), (1, 1000), "C", (1000, 1000), None, 1,
                     id="transpose-1000-numpy-order-keeps-lines"),
    ],
)
def test_named_plans(shape, strides, order, merged_shape, tile_axes, blocks):
    plan = plan_copy(Layout(shape, strides, 7), 8, order)
    assert plan.shape == merged_shape
    assert plan.tile_axes == tile_axes
    assert math.prod(-(-n // e) for n, e in zip(plan.shape, plan.extents)) == blocks
    assert plan.is_one_call == (tile_axes is None)


def test_block_is_a_tile_of_the_two_axes_and_one_index_of_the_others():
    assert tiled_block_extents((48, 2304, 48), (0, 2), 8) == (48, 1, 16)
    assert tiled_block_extents((4096, 2048), (0, 1), 8) == (64, 16)
    assert tiled_block_extents((4096, 2048), (0, 1), 1) == (512, 16)
    assert tiled_block_extents((4096, 2048), (0, 1), 16) == (32, 16)


def test_a_column_major_destination_is_row_major_over_reversed_axes():
    layout = Layout((3, 4, 5), column_major_strides((3, 4, 5)), 0)
    plan = plan_copy(layout, 8, "F", 1, 1 << 17, 1 << 20)
    assert plan.shape == (60,) and plan.source_strides == (1,)
