# SPDX-License-Identifier: MIT
"""The project's pseudo-random generator: identical on CPython, MicroPython and CircuitPython.

Two multiply-with-carry generators in base 2**15 (Marsaglia), combined into 30-bit outputs. Each multiplier
``a`` makes ``a * 2**15 - 1`` a safe prime, so each component has period ``(a * 2**15 - 2) / 2`` (about 2**29) and
the pair about 2**58. Every product is below ``2**15 * 2**15``: state, intermediates and outputs all stay below
2**30, the small-int limit of a 32-bit microcontroller, so a draw allocates nothing there.

>>> rng = Prng(42)
>>> rng.below(6) in range(6)
True
"""

from core.compat import const

MASK30 = const(0x3FFFFFFF)
_MASK15 = const(0x7FFF)
_A1 = const(32760)  # 32760 * 2**15 - 1 is a safe prime
_A2 = const(32730)  # 32730 * 2**15 - 1 is a safe prime
# A component is stuck at 0 and at a * 2**15 - 1; valid states lie strictly between.
_LIMIT1 = const(32760 * 32768 - 1)
_LIMIT2 = const(32730 * 32768 - 1)
_WARMUP = const(12)

STATE_BYTES = const(8)


class Prng:
    """A seedable generator whose state is two ints below 2**30 (8 bytes when saved).

    :param int seed: any int from 0 to 2**30 - 1.
    """

    def __init__(self, seed=0):
        self.z1 = 1
        self.z2 = 1
        self.seed(seed)

    def seed(self, seed):
        """Restart the sequence from ``seed`` (0 .. 2**30 - 1)."""
        if seed < 0 or seed > MASK30:
            raise ValueError("seed must be in 0..1073741823")
        # Both components get the whole seed (split in 15-bit halves, combined two ways) so nearby seeds
        # differ in both; the warm-up spreads a one-bit difference over the whole state.
        low = seed & _MASK15
        high = seed >> 15
        self.z1 = 1 + (low * 32749 + high) % (_LIMIT1 - 1)
        self.z2 = 1 + (high * 32719 + low + 7919) % (_LIMIT2 - 1)
        for _ in range(_WARMUP):
            self.next30()

    def next30(self):
        """Return the next output, uniform in 0 .. 2**30 - 1."""
        z1 = self.z1
        z1 = _A1 * (z1 & _MASK15) + (z1 >> 15)
        self.z1 = z1
        z2 = self.z2
        z2 = _A2 * (z2 & _MASK15) + (z2 >> 15)
        self.z2 = z2
        return ((z1 & _MASK15) << 15) | (z2 & _MASK15)

    def below(self, n):
        """Return a uniform int in 0 .. n - 1, without modulo bias (1 <= n <= 2**30)."""
        if n < 1:
            raise ValueError("below() needs n >= 1")
        # Accept r only below the largest multiple of n that fits in 2**30 outputs.
        reject_from = MASK30 - (MASK30 % n + 1) % n
        r = self.next30()
        while r > reject_from:
            r = self.next30()
        return r % n

    def shuffle(self, buf, start=0, end=-1):
        """Shuffle ``buf[start:end]`` in place (Fisher-Yates); ``end=-1`` means the whole buffer."""
        if end < 0:
            end = len(buf)
        i = end - 1
        while i > start:
            j = start + self.below(i - start + 1)
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
            i -= 1

    def save_into(self, buf, offset=0):
        """Write the 8-byte state into ``buf`` at ``offset`` (little-endian, no allocation)."""
        z = self.z1
        for k in range(4):
            buf[offset + k] = z & 0xFF
            z >>= 8
        z = self.z2
        for k in range(4, 8):
            buf[offset + k] = z & 0xFF
            z >>= 8

    def load_from(self, buf, offset=0):
        """Restore a state saved by :meth:`save_into`; raises ValueError if it is not a valid state."""
        z1 = 0
        z2 = 0
        for k in range(3, -1, -1):
            z1 = (z1 << 8) | buf[offset + k]
            z2 = (z2 << 8) | buf[offset + 4 + k]
        if not (0 < z1 < _LIMIT1 and 0 < z2 < _LIMIT2):
            raise ValueError("invalid generator state")
        self.z1 = z1
        self.z2 = z2

    def copy_from(self, other):
        self.z1 = other.z1
        self.z2 = other.z2
