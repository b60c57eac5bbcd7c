# SPDX-License-Identifier: MIT
"""Properties of the generator that need CPython: the period argument, and below() for any n and seed."""

from hypothesis import given, settings, strategies as st

from core import prng


def _is_prime(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):  # deterministic for n < 3.3e24
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def test_each_component_has_the_documented_period():
    # For p = a * 2**15 - 1 a safe prime with p = 7 (mod 8), 2**15 is a quadratic residue, so its order
    # modulo p (the component's period) is (p - 1) / 2, a prime.
    for a in (prng._A1, prng._A2):
        p = a * 32768 - 1
        q = (p - 1) // 2
        assert _is_prime(p) and _is_prime(q) and p % 8 == 7
        assert pow(32768, q, p) == 1 and pow(32768, 2, p) != 1
    assert prng._LIMIT1 == prng._A1 * 32768 - 1 and prng._LIMIT2 == prng._A2 * 32768 - 1
    assert max(prng._LIMIT1, prng._LIMIT2) < 2**30


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**30 - 1), st.integers(1, 2**30))
def test_below_is_in_range_for_any_seed_and_bound(seed, n):
    rng = prng.Prng(seed)
    for _ in range(5):
        assert 0 <= rng.below(n) < n
        assert rng.z1 < 2**30 and rng.z2 < 2**30


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**30 - 1))
def test_save_and_load_round_trip(seed):
    rng = prng.Prng(seed)
    buf = bytearray(prng.STATE_BYTES)
    rng.save_into(buf)
    other = prng.Prng(0)
    other.load_from(buf)
    assert (other.z1, other.z2) == (rng.z1, rng.z2)
