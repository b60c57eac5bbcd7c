# SPDX-License-Identifier: MIT
"""Board selection by board.board_id, and every profile honouring the contract the simulator and firmware use."""

import pytest

from boards.select import SUPPORTED, UnsupportedBoard, profile_name
from sim.board import board_names, make_profile, read_constants

CONTRACT = ("NAME", "WIDTH", "HEIGHT", "K_UP", "K_DOWN", "K_LEFT", "K_RIGHT", "K_A", "K_B", "K_START", "K_SELECT",
            "LED_PIN_NAME", "LED_SERPENTINE", "LED_BRIGHTNESS_MAX", "LED_CURRENT_BUDGET_MA", "NVM_BYTES",
            "FLASH_FREE_BYTES", "HAS_SPEAKER", "NVM_ERASE_BYTES", "NVM_WRITE_MS", "DRIVE_ERASE_BYTES", "SAVE_SLOTS",
            "SAVE_FILE_BYTES", "SAVE_RECORD_BYTES", "SAVE_AREA_BYTES", "HOST_KEY_NAME")


def test_every_profile_is_selectable_by_its_board_id_and_nothing_else():
    assert sorted(name for _, name in SUPPORTED) == board_names()
    for board_id, name in SUPPORTED:
        assert profile_name(board_id) == name


def test_an_unknown_board_is_refused_with_the_list_of_supported_ones():
    with pytest.raises(UnsupportedBoard) as err:
        profile_name("feather_m4_express")
    assert "feather_m4_express" in str(err.value)
    assert all(board_id in str(err.value) for board_id, _ in SUPPORTED)


def test_the_selector_forgets_itself_once_the_profile_is_loaded(monkeypatch):
    """code.py needs boards.select only to find the profile: forgotten, its heap goes to the game."""
    import sys
    import types

    import boards
    from boards import select

    profile = types.ModuleType("boards.pybadge")
    monkeypatch.setitem(sys.modules, "boards.pybadge", profile)
    monkeypatch.setattr(boards, "pybadge", profile, raising=False)
    assert select.load("pybadge") is profile
    assert "boards.select" not in sys.modules and not hasattr(boards, "select")


@pytest.mark.parametrize("name", board_names())
def test_profiles_declare_the_contract_constants(name):
    constants = read_constants(name)
    assert set(CONTRACT) <= set(constants)
    keys = [constants["K_" + k] for k in ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")]
    assert len(set(keys)) == 8 and all(k and k & (k - 1) == 0 for k in keys)  # one bit each
    assert constants["WIDTH"] >= 160 and constants["HEIGHT"] >= 128
    assert constants["NVM_BYTES"] in (4096, 8192)
    assert 0 < constants["LED_BRIGHTNESS_MAX"] <= 1 and constants["LED_CURRENT_BUDGET_MA"] <= 500


@pytest.mark.parametrize("name", board_names())
def test_profiles_describe_their_flash_and_the_save_slots_boot_py_lays_out(name):
    from boards.select import SAVE_LAYOUT

    c = read_constants(name)
    assert c["NVM_BYTES"] % c["NVM_ERASE_BYTES"] == 0 and c["DRIVE_ERASE_BYTES"] == 4096
    assert (c["SAVE_SLOTS"], c["SAVE_FILE_BYTES"]) == SAVE_LAYOUT  # boot.py lays them out before any profile loads
    # a slot's record and the next slot's folder never share a 4 KB sector (docs/device.md)
    assert c["SAVE_FILE_BYTES"] - c["SAVE_RECORD_BYTES"] >= c["DRIVE_ERASE_BYTES"]
    # the area: every slot file and its folder's cluster (2 KB at most on these drives), and two 4 KB pads
    assert c["SAVE_AREA_BYTES"] >= c["SAVE_SLOTS"] * (c["SAVE_FILE_BYTES"] + 2048) + 2 * 4096
    assert c["SAVE_RECORD_BYTES"] <= c["NVM_BYTES"] // 2  # a record fits nvm's slots too


def test_boot_reads_the_key_that_lends_the_drive_to_the_computer(monkeypatch):
    import sys
    import types

    from boards.select import host_key_held

    class Event:
        def __init__(self, number, pressed):
            self.key_number = number
            self.pressed = pressed

    class Scanner:
        held = ()

        def __init__(self, *args, **kwargs):
            self.queue = [Event(number, True) for number in Scanner.held]
            self.events = self

        def get(self):
            return self.queue.pop(0) if self.queue else None

        def deinit(self):
            pass

    keypad = types.ModuleType("keypad")
    keypad.ShiftRegisterKeys = keypad.Keys = Scanner
    monkeypatch.setitem(sys.modules, "keypad", keypad)
    monkeypatch.setattr("time.sleep", lambda seconds: None)
    badge = types.SimpleNamespace(BUTTON_LATCH=1, BUTTON_CLOCK=2, BUTTON_OUT=3)
    pico = types.SimpleNamespace(SW_Y=4)
    for board, select in ((badge, 3), (pico, 0)):
        Scanner.held = ()
        assert not host_key_held(board)
        Scanner.held = (select,)
        assert host_key_held(board)
        Scanner.held = (select + 1,)  # another key: the drive stays the firmware's
        assert not host_key_held(board)
    assert not host_key_held(types.SimpleNamespace())


def test_the_firmware_runs_on_the_rp2040_profile_in_the_simulator(tmp_path):
    from firmware.app import App
    from sim import script

    profile = make_profile("picosystem", str(tmp_path / "nvm.bin"), simulated_time=True, seed=4)
    app = App(profile)
    app.start()
    runner = script.Runner(app, profile)
    runner.run(script.parse("press A\npress A\npress A\npress UP\npress A\nwait 300\n" + "press A\nwait 100\n" * 6))
    assert type(app.screen).__name__ == "PlayScreen" and app.width == 240
    assert app.store.game is not None and app.store.on_drive  # a save fits a slot


def test_the_save_slots_are_laid_out_once_and_written_in_place(tmp_path, monkeypatch):
    import importlib
    import os
    import sys
    import types

    from boards.select import SAVE_LAYOUT

    monkeypatch.setitem(sys.modules, "keypad", types.ModuleType("keypad"))  # boards.base imports it for the buttons
    base = importlib.import_module("boards.base")
    monkeypatch.setattr(base, "SAVE_ROOT", str(tmp_path / "saves"))
    slots, size = SAVE_LAYOUT
    assert not base.SaveFiles(slots, 1024).writable  # not laid out yet: saves would go to nvm
    assert base.make_save_files(slots, size)
    assert not base.make_save_files(slots, size)  # once
    names = sorted(os.listdir(str(tmp_path / "saves")))
    assert names == sorted(["pad", "end"] + ["{:02d}".format(k) for k in range(slots)])
    assert all(os.path.getsize(base._slot_path(k)) == size for k in range(slots))
    files = base.SaveFiles(slots, 1024)
    assert files.writable and files.read(5) == bytes(1024)
    files.write(5, b"record")
    assert files.read(5) == b"record" + bytes(1018) and os.path.getsize(base._slot_path(5)) == size  # in place
    os.remove(str(tmp_path / "saves" / "end"))  # a first layout cut short goes on where it stopped
    assert base.make_save_files(slots, size) and files.read(5)[:6] == b"record"
