# SPDX-License-Identifier: MIT
"""A fixed CPU reference workload, and the one number that converts the device VM's instructions into seconds.

It mixes what the engines do: small-int arithmetic and bit operations, bytearray and list indexing, attribute
access, method calls and short loops. It runs unchanged on CPython, MicroPython, the device VM and CircuitPython,
so the same file can be timed on a real board (``import refwork; refwork.main()`` on the REPL prints the
milliseconds).

``DEVICE_INSTRUCTIONS_PER_S`` is how many of the device VM's instructions (tools/devicevm) a 120 MHz SAMD51 runs
under CircuitPython in a second. It is an estimate, documented with its sources and uncertainty in
docs/device.md ("Instructions to seconds"): 50 M/s, within about +-15 %. One timing of this workload on a real
board replaces it: rate = ``python -m tools.bench GAME --json``'s ``device_refwork_instr`` / (the board's
milliseconds / 1000).
"""

try:
    from time import ticks_us, ticks_diff
except ImportError:  # CPython, CircuitPython, the device VM
    try:
        from time import perf_counter_ns as monotonic_ns
    except ImportError:
        try:
            from time import monotonic_ns
        except ImportError:  # the device VM has no clock: its instructions at the documented device rate
            import devicevm

            def monotonic_ns():
                return devicevm.ticks() * devicevm.TICK * (1000000000 // DEVICE_INSTRUCTIONS_PER_S)

    def ticks_us():
        return monotonic_ns() // 1000

    def ticks_diff(end, start):
        return end - start


DEVICE_INSTRUCTIONS_PER_S = 50000000  # docs/device.md: "Instructions to seconds"
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
