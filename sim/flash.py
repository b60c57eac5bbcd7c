# SPDX-License-Identifier: MIT
"""A model of the boards' flash as the firmware's saves meet it (issue 20, docs/device.md "Saves and settings").

Flash is erased in units (8 KB on the SAMD51's nvm, 4 KB on the RP2040's nvm and on every board's QSPI chip, where
the CIRCUITPY drive lives). Any write, however small, erases every unit it touches and then reprograms the whole
unit from its start, as CircuitPython's nvm and drive drivers do: ASF4's ``_flash_write`` on the SAMD51, the
RP2040 port's ``erase_and_write_sector`` and its drive's sector cache, and ``external_flash.c``'s sector cache.

A power cut is simulated by ``cut``: the number of bytes of the write's reprogramming that complete before the
power fails (0: right after the erase; -1: during the erase, which leaves the unit's bytes neither old nor new).
The write then raises :class:`PowerCut` and the unit holds what a real cut would leave. Desktop only.
"""

ERASED = 0xFF


class PowerCut(Exception):
    """The simulated power failed in the middle of a flash write."""


class EraseUnits:
    """``size`` bytes of flash in units of ``unit`` bytes. ``erases[i]`` counts the erases of unit ``i``."""

    def __init__(self, size, unit, data=None):
        if size % unit:
            raise ValueError("the flash size must be a whole number of erase units")
        self.unit = unit
        self.data = bytearray([ERASED]) * size
        if data is not None:
            self.data[: min(size, len(data))] = data[:size]
        self.erases = [0] * (size // unit)
        self.cut = None  # bytes of reprogramming before the power fails, for the next write only
        self.writes = 0

    def __len__(self):
        return len(self.data)

    def write(self, start, values):
        """Write ``values`` at ``start``: erase and reprogram every unit the bytes fall in."""
        values = bytes(values)
        end = start + len(values)
        if start < 0 or end > len(self.data):
            raise ValueError("write outside the flash")
        self.writes += 1
        cut = self.cut
        self.cut = None
        done = 0  # bytes reprogrammed so far in this write, across units
        for index in range(start // self.unit, (end - 1) // self.unit + 1 if end > start else 0):
            base = index * self.unit
            image = bytearray(self.data[base : base + self.unit])
            low = max(start, base)
            high = min(end, base + self.unit)
            image[low - base : high - base] = values[low - start : high - start]
            self.erases[index] += 1
            if cut is not None and cut < 0:
                for k in range(base, base + self.unit):  # a half-done erase: some bits set, none reliable
                    self.data[k] |= 0x55 if k & 1 else 0xAA
                raise PowerCut()
            self.data[base : base + self.unit] = bytes([ERASED]) * self.unit
            if cut is not None and cut - done < self.unit:
                keep = cut - done
                self.data[base : base + keep] = image[:keep]
                raise PowerCut()
            self.data[base : base + self.unit] = image
            done += self.unit
