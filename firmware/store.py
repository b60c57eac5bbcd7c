# SPDX-License-Identifier: MIT
"""Power-safe records in ``nvm``: two slots per record, each with a sequence number and a CRC.

A save writes the whole slot in one slice assignment (one flash erase/write) into the slot that does *not* hold
the newest valid copy, so a power cut mid-write leaves the previous copy intact; loading takes the newest slot
whose header and CRC check out. A slot is::

    magic "PG" (2) | format (1) | sequence (2, little-endian) | length (2) | crc32 (4) | payload

The CRC covers format, sequence, length and payload, so a flipped bit anywhere but the magic invalidates the
slot (a flipped magic does too).
"""

try:
    from binascii import crc32
except ImportError:  # a build without binascii: the same CRC-32, bit by bit

    def crc32(data, crc=0):
        crc ^= 0xFFFFFFFF
        for byte in data:
            crc ^= byte
            for _ in range(8):
                crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
        return crc ^ 0xFFFFFFFF


MAGIC0 = 0x50  # "P"
MAGIC1 = 0x47  # "G"
FORMAT = 1
HEADER = 11


class StoreError(Exception):
    """A record that cannot be saved (too large for its slot)."""


class Slots:
    """One record kept in two slots of ``size`` bytes each, starting at ``offset`` in ``nvm``."""

    def __init__(self, nvm, offset, size):
        self.nvm = nvm
        self.offset = offset
        self.size = size
        self.capacity = size - HEADER

    def _slot_start(self, index):
        return self.offset + index * self.size

    def _read(self, index):
        """Return (sequence, payload) of a valid slot, or None."""
        start = self._slot_start(index)
        header = self.nvm[start : start + HEADER]
        if header[0] != MAGIC0 or header[1] != MAGIC1 or header[2] != FORMAT:
            return None
        sequence = header[3] | (header[4] << 8)
        length = header[5] | (header[6] << 8)
        if length > self.capacity:
            return None
        crc = header[7] | (header[8] << 8) | (header[9] << 16) | (header[10] << 24)
        payload = bytes(self.nvm[start + HEADER : start + HEADER + length])
        if crc32(payload, crc32(header[2:7])) & 0xFFFFFFFF != crc:
            return None
        return sequence, payload

    def _newest(self):
        """(index, sequence, payload) of the newest valid slot, or None."""
        best = None
        for index in (0, 1):
            found = self._read(index)
            if found is None:
                continue
            if best is None or _newer(found[0], best[1]):
                best = (index, found[0], found[1])
        return best

    def load(self):
        """The newest valid payload, or None when neither slot holds one."""
        best = self._newest()
        return None if best is None else best[2]

    def save(self, payload):
        if len(payload) > self.capacity:
            raise StoreError("record of {} bytes does not fit a {}-byte slot".format(len(payload), self.capacity))
        best = self._newest()
        index = 0 if best is None else 1 - best[0]
        sequence = 1 if best is None else (best[1] + 1) & 0xFFFF
        record = bytearray(HEADER + len(payload))
        record[0] = MAGIC0
        record[1] = MAGIC1
        record[2] = FORMAT
        record[3] = sequence & 0xFF
        record[4] = sequence >> 8
        record[5] = len(payload) & 0xFF
        record[6] = len(payload) >> 8
        crc = crc32(payload, crc32(record[2:7])) & 0xFFFFFFFF
        for k in range(4):
            record[7 + k] = (crc >> (8 * k)) & 0xFF
        record[HEADER:] = payload
        start = self._slot_start(index)
        self.nvm[start : start + len(record)] = record

    def erase(self):
        """Invalidate both slots (one small write each)."""
        for index in (0, 1):
            start = self._slot_start(index)
            self.nvm[start : start + 2] = b"\x00\x00"


def _newer(a, b):
    """Sequence numbers wrap at 2**16: a is newer than b if it is ahead by less than half the range."""
    return a != b and ((a - b) & 0xFFFF) < 0x8000
