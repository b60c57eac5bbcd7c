# SPDX-License-Identifier: MIT
"""The two-slot nvm store: round trips, power cuts at every byte of a write, bit flips, wrap-around."""

import pytest

from firmware.store import Slots, StoreError, HEADER


class CutNvm(bytearray):
    """nvm whose next write stops after ``cut`` bytes, as a power cut would leave it."""

    cut = None

    def __setitem__(self, index, value):
        if isinstance(index, slice) and self.cut is not None:
            start = index.start
            value = bytes(value)[: self.cut]
            index = slice(start, start + len(value))
            self.cut = None
        bytearray.__setitem__(self, index, value)


def test_empty_storage_has_no_record_and_saves_round_trip():
    nvm = bytearray(b"\xff" * 256)
    store = Slots(nvm, 0, 128)
    assert store.load() is None
    store.save(b"first")
    assert store.load() == b"first"
    store.save(b"second, longer")
    assert store.load() == b"second, longer"
    store.save(b"")
    assert store.load() == b""


def test_a_record_too_large_is_refused_and_nothing_changes():
    nvm = bytearray(b"\xff" * 64)
    store = Slots(nvm, 0, 32)
    store.save(b"kept")
    with pytest.raises(StoreError):
        store.save(b"x" * (32 - HEADER + 1))
    assert store.load() == b"kept"


@pytest.mark.parametrize("previous", [None, b"old record"])
def test_a_power_cut_at_any_byte_keeps_the_old_or_the_new_record(previous):
    new = bytes(range(40))
    for cut in range(HEADER + len(new) + 1):
        nvm = CutNvm(b"\xff" * 200)
        store = Slots(nvm, 0, 100)
        if previous is not None:
            store.save(previous)
            store.save(previous)  # both slots hold a copy: the cut write lands on the older one
        nvm.cut = cut
        store.save(new)
        loaded = Slots(nvm, 0, 100).load()
        assert loaded in (previous, new), cut
        if cut == HEADER + len(new):
            assert loaded == new


def test_any_single_bit_flip_is_detected():
    nvm = bytearray(b"\xff" * 200)
    store = Slots(nvm, 0, 100)
    store.save(b"older")
    store.save(b"newer record")
    newest_start = 100  # the second save went to slot 1
    for offset in range(HEADER + len(b"newer record")):
        for bit in range(8):
            flipped = bytearray(nvm)
            flipped[newest_start + offset] ^= 1 << bit
            assert Slots(flipped, 0, 100).load() == b"older", (offset, bit)


def _set_sequence(nvm, slot_start, sequence):
    """Rewrite a slot's sequence number and its CRC, as if that many saves had happened."""
    from firmware.store import crc32

    nvm[slot_start + 3] = sequence & 0xFF
    nvm[slot_start + 4] = sequence >> 8
    length = nvm[slot_start + 5] | (nvm[slot_start + 6] << 8)
    payload = bytes(nvm[slot_start + HEADER : slot_start + HEADER + length])
    crc = crc32(payload, crc32(bytes(nvm[slot_start + 2 : slot_start + 7]))) & 0xFFFFFFFF
    nvm[slot_start + 7 : slot_start + 11] = crc.to_bytes(4, "little")


def test_sequence_numbers_wrap_around():
    nvm = bytearray(b"\xff" * 200)
    store = Slots(nvm, 0, 100)
    store.save(b"a")
    store.save(b"b")
    _set_sequence(nvm, 0, 0xFFFE)
    _set_sequence(nvm, 100, 0xFFFF)
    assert store.load() == b"b"
    store.save(b"c")  # sequence 0 lands in slot 0 and is newer than 0xFFFF
    assert store.load() == b"c" and nvm[3] == 0 and nvm[4] == 0
    store.save(b"d")
    assert store.load() == b"d"


def test_erase_forgets_the_record():
    nvm = bytearray(b"\xff" * 200)
    store = Slots(nvm, 0, 100)
    store.save(b"abc")
    store.erase()
    assert store.load() is None
