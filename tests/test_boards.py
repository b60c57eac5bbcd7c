# SPDX-License-Identifier: MIT
"""Board selection by board.board_id, and every profile honouring the contract the simulator and firmware use."""

import pytest

from boards.select import SUPPORTED, UnsupportedBoard, profile_name
from sim.board import board_names, make_profile, read_constants

CONTRACT = ("NAME", "WIDTH", "HEIGHT", "K_UP", "K_DOWN", "K_LEFT", "K_RIGHT", "K_A", "K_B", "K_START", "K_SELECT",
            "LED_PIN_NAME", "LED_SERPENTINE", "LED_BRIGHTNESS_MAX", "LED_CURRENT_BUDGET_MA", "NVM_BYTES",
            "FLASH_FREE_BYTES", "HAS_SPEAKER")


def test_every_profile_is_selectable_by_its_board_id_and_nothing_else():
    assert sorted(name for _, name in SUPPORTED) == board_names()
    for board_id, name in SUPPORTED:
        assert profile_name(board_id) == name


def test_an_unknown_board_is_refused_with_the_list_of_supported_ones():
    with pytest.raises(UnsupportedBoard) as err:
        profile_name("feather_m4_express")
    assert "feather_m4_express" in str(err.value)
    assert all(board_id in str(err.value) for board_id, _ in SUPPORTED)


@pytest.mark.parametrize("name", board_names())
def test_profiles_declare_the_contract_constants(name):
    constants = read_constants(name)
    assert set(CONTRACT) <= set(constants)
    keys = [constants["K_" + k] for k in ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")]
    assert len(set(keys)) == 8 and all(k and k & (k - 1) == 0 for k in keys)  # one bit each
    assert constants["WIDTH"] >= 160 and constants["HEIGHT"] >= 128
    assert constants["NVM_BYTES"] in (4096, 8192)
    assert 0 < constants["LED_BRIGHTNESS_MAX"] <= 1 and constants["LED_CURRENT_BUDGET_MA"] <= 500


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
