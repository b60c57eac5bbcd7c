# SPDX-License-Identifier: MIT
"""The generator: fixed outputs on every VM, outputs and state below 2**30, no modulo bias, no allocation."""

import gc

from core.prng import Prng, MASK30
from tests.core.portable import raises

# The first outputs for seed 0 and seed 12345: any VM that runs the project must print exactly these.
GOLDEN_SEED_0 = [909369708, 744932881, 318536393, 344198182]
GOLDEN_SEED_12345 = [820512412, 798158138, 877744126, 218598757]


def _first(seed, count):
    rng = Prng(seed)
    return [rng.next30() for _ in range(count)]


def test_golden_sequences_are_fixed():
    assert _first(0, 4) == GOLDEN_SEED_0
    assert _first(12345, 4) == GOLDEN_SEED_12345


def test_same_seed_same_sequence_and_reseed_restarts():
    rng = Prng(99)
    first = [rng.next30() for _ in range(50)]
    rng.seed(99)
    assert [rng.next30() for _ in range(50)] == first
    assert _first(100, 50) != first


def test_state_and_outputs_stay_below_2_pow_30():
    for seed in (0, 1, 2, MASK30, MASK30 - 1, 0x15555555, 32767, 32768):
        rng = Prng(seed)
        for _ in range(2000):
            out = rng.next30()
            assert 0 <= out <= MASK30
            assert 0 < rng.z1 <= MASK30 and 0 < rng.z2 <= MASK30


def test_seed_out_of_range_is_refused():
    raises(ValueError, Prng, -1)
    raises(ValueError, Prng, MASK30 + 1)


def test_below_covers_range_evenly():
    rng = Prng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    for c in counts:
        assert 850 < c < 1150, counts
    assert rng.below(1) == 0
    raises(ValueError, rng.below, 0)


def test_below_rejects_the_biased_tail():
    # n = 3 * 2**28 leaves a tail of 2**28 outputs that must be redrawn; every result stays in range.
    rng = Prng(3)
    n = 3 * (1 << 28)
    for _ in range(500):
        assert 0 <= rng.below(n) < n


def test_shuffle_is_a_permutation_and_respects_bounds():
    rng = Prng(5)
    buf = bytearray(range(20))
    rng.shuffle(buf, 5, 15)
    assert list(buf[:5]) == [0, 1, 2, 3, 4]
    assert list(buf[15:]) == list(range(15, 20))
    assert sorted(buf[5:15]) == list(range(5, 15))
    rng.shuffle(buf)
    assert sorted(buf) == list(range(20))


def test_state_saves_in_eight_bytes_and_restores():
    rng = Prng(2024)
    rng.next30()
    saved = bytearray(8)
    rng.save_into(saved)
    ahead = [rng.next30() for _ in range(5)]
    other = Prng(1)
    other.load_from(saved)
    assert [other.next30() for _ in range(5)] == ahead
    raises(ValueError, other.load_from, bytearray(8))


def test_draws_allocate_nothing():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: allocation is measured in the MicroPython run of this module
    rng = Prng(1)
    buf = bytearray(range(40))
    rng.next30()
    rng.below(6)
    rng.shuffle(buf)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(200):
        rng.next30()
        rng.below(6)
        rng.below(1000003)
    rng.shuffle(buf)
    after = gc.mem_alloc()
    gc.enable()
    assert after - before == 0, after - before
