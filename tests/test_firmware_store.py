# SPDX-License-Identifier: MIT
"""The store of settings and saved games (firmware/store.py) on erase-unit flash (sim/flash.py): round trips, power
cuts at every point of every write for every board profile, bit flips, the ring of slots, a drive that refuses,
the fall back to older saves, and an older firmware's storage."""

import pytest

from firmware.store import HEADER, NVM, Store, StoreError, record
from sim.board import Nvm, SaveFiles, board_names, read_constants
from sim.flash import EraseUnits, PowerCut
from tools import powercut


def storage(name="pybadge", drive="device"):
    c = read_constants(name)
    nvm = Nvm(c["NVM_BYTES"], None, c["NVM_ERASE_BYTES"])
    files = None
    if drive is not None:
        files = SaveFiles(c["SAVE_SLOTS"], c["SAVE_RECORD_BYTES"], c["DRIVE_ERASE_BYTES"], writable=drive == "device")
    return nvm, files


# -- the flash model ------------------------------------------------------------------------------------------------
def test_a_write_erases_its_whole_unit_and_reprograms_it_from_the_start():
    flash = EraseUnits(8192, 4096)
    flash.write(0, b"A" * 4096)
    flash.write(4096, b"B" * 10)
    assert flash.erases == [1, 1]
    flash.cut = 100  # the power fails after 100 bytes of the second unit's reprogramming
    with pytest.raises(PowerCut):
        flash.write(4096 + 200, b"C")
    assert flash.data[:4096] == b"A" * 4096  # another unit is never touched
    assert flash.data[4096:4196] == b"B" * 10 + b"\xff" * 90 and flash.data[4196:] == b"\xff" * 3996
    flash.cut = -1  # during the erase: neither old nor new
    with pytest.raises(PowerCut):
        flash.write(0, b"D")
    assert flash.data[0] not in (ord("A"), ord("D"))


def test_the_simulated_nvm_is_one_erase_unit_per_profile():
    for name in board_names():
        c = read_constants(name)
        nvm = Nvm(c["NVM_BYTES"], None, c["NVM_ERASE_BYTES"])
        nvm[10:12] = b"xy"
        assert nvm.flash.erases == [1] * (c["NVM_BYTES"] // c["NVM_ERASE_BYTES"])  # one unit: the whole nvm


# -- round trips and layout -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("drive", ["device", "host"])
def test_settings_and_games_round_trip_through_a_restart(drive):
    nvm, files = storage(drive=drive)
    store = Store(nvm, files)
    assert store.settings is None and store.game is None
    store.save_settings(b"\x04\x03\x01\x01\x01")
    store.save_game(b"a game")
    again = Store(nvm, files)
    assert again.settings == b"\x04\x03\x01\x01\x01" and again.game == b"a game"
    again.save_game(None)  # the end of a game: a newer record with no game
    assert Store(nvm, files).game is None and Store(nvm, files).settings == b"\x04\x03\x01\x01\x01"
    assert again.on_drive == (drive == "device")
    if drive == "device":
        assert nvm.flash.writes == 0  # the drive's slots take every save; nvm is not worn


def test_the_drive_slots_are_used_in_turn_and_each_save_writes_one_slot():
    nvm, files = storage()
    store = Store(nvm, files)
    for k in range(3 * files.slots):
        before = list(files.flash.erases)
        store.save(b"s", bytes([k & 0xFF]) * 50)
        erased = [i for i in range(files.slots) if files.flash.erases[i] != before[i]]
        assert erased == [store.number % files.slots]  # one write, to the slot after the newest
    assert set(files.flash.erases) == {3}  # the wear is spread evenly over the ring
    assert Store(nvm, files).game == bytes([(3 * files.slots - 1) & 0xFF]) * 50


def test_a_record_too_large_is_refused_and_nothing_changes():
    nvm, files = storage()
    store = Store(nvm, files)
    store.save_game(b"kept")
    with pytest.raises(StoreError):
        store.save_game(b"x" * files.record_bytes)
    assert Store(nvm, files).game == b"kept"


def test_any_single_bit_flip_in_the_newest_record_falls_back_to_the_one_before():
    nvm, files = storage()
    store = Store(nvm, files)
    store.save(b"s1", b"older")
    store.save(b"s2", b"newer record")
    slot = store.number % files.slots
    length = HEADER + 1 + 2 + len(b"newer record")
    base = slot * files.unit
    for offset in range(length):
        for bit in range(8):
            files.flash.data[base + offset] ^= 1 << bit
            loaded = Store(nvm, files)
            assert (loaded.settings, loaded.game) == (b"s1", b"older"), (offset, bit)
            files.flash.data[base + offset] ^= 1 << bit


def test_a_drive_that_refuses_a_write_sends_that_save_and_the_next_to_nvm():
    nvm, files = storage()
    store = Store(nvm, files)
    store.save(b"s", b"on the drive")

    def refuse(index, data):
        raise OSError(5, "I/O error")

    files.write = refuse
    store.save(b"s", b"in nvm")
    assert not store.on_drive and store.place in (NVM, NVM - 1)
    assert Store(nvm, files).game == b"in nvm"


def test_older_games_go_back_to_the_last_record_without_a_game():
    nvm, files = storage()
    store = Store(nvm, files)
    store.save(b"s", b"first game")
    store.save(b"s", None)  # it ended
    store.save(b"s", b"second game, 1")
    store.save(b"s", b"second game, 2")
    store.save(b"s", b"second game, 3")
    assert list(Store(nvm, files).older_games()) == [b"second game, 2", b"second game, 1"]


def test_an_older_firmware_s_settings_and_save_still_load_until_the_first_save():
    from firmware.store import crc32

    c = read_constants("pybadge")
    nvm = Nvm(c["NVM_BYTES"], None, c["NVM_ERASE_BYTES"])

    def old_record(sequence, payload):  # format 1: magic | 1 | sequence (2) | length (2) | crc32 | payload
        head = bytearray(b"PG\x01") + bytes([sequence, 0, len(payload), 0])
        crc = crc32(payload, crc32(bytes(head[2:7]))) & 0xFFFFFFFF
        return bytes(head) + crc.to_bytes(4, "little") + payload

    settings = bytes((3, 2, 0, 1, 0, 1))
    nvm[0:17] = old_record(1, settings)
    size = (len(nvm) - 128) // 2
    nvm[128 + size : 128 + size + 11 + 9] = old_record(3, b"old game!")
    store = Store(nvm, None)
    assert store.settings == settings and store.game == b"old game!"
    store.save(store.settings, store.game)  # the first save writes the new format
    assert Store(nvm, None).game == b"old game!" and Store(nvm, None).number == 0


# -- power cuts -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", board_names())
def test_no_power_cut_at_any_point_of_any_save_loses_the_previous_save_or_the_settings(name):
    report = powercut.campaign(name, "device")
    assert report["losses"] == []
    # every write was cut during its erase, at every 64 bytes of its 4 KB unit and at every byte of its header
    assert report["cut_points"] == report["writes"] * (1 + 4096 // 64 + 1 + HEADER)
    assert report["writes"] == 10 + read_constants(name)["SAVE_SLOTS"]
    assert set(report["by_kind"]) == {"settings", "game", "end of a game"}


@pytest.mark.parametrize("name", board_names())
def test_with_the_drive_lent_to_the_computer_only_cuts_in_the_stated_window_lose(name):
    report = powercut.campaign(name, "host")
    assert report["losses"] and report["outside_window"] == []  # nvm is one unit: the risk the docs state


def test_a_cut_save_leaves_a_record_that_is_either_whole_or_ignored():
    nvm, files = storage()
    store = Store(nvm, files)
    store.save(b"s", b"one")
    data = record(1, b"s", b"two")
    for cut in range(len(data) + 1):
        state = bytes(files.flash.data)
        files.flash.cut = cut
        try:
            Store(nvm, files).save(b"s", b"two")
        except PowerCut:
            pass
        files.flash.cut = None
        assert Store(nvm, files).game == (b"two" if cut >= len(data) else b"one"), cut
        files.flash.data[:] = state
