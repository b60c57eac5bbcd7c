# SPDX-License-Identifier: MIT
"""The LED grid's current budget: every frame's estimated draw stays within the profile's limit."""

import pytest

from core import games
from firmware.app import App
from firmware.leds import LedGrid
from sim import script
from sim.board import Pixels, make_profile

RECORDS = {record.name: record for record in games.GAMES}  # before any test narrows the registry


def grid(budget=500, level=5):
    pixels = Pixels(64, 0.3)
    leds = LedGrid(pixels, lambda x, y: y * 8 + x, 0.3, budget)
    leds.set_level(level)
    return leds, pixels


def test_a_full_white_frame_is_dimmed_into_the_budget():
    leds, pixels = grid()
    leds.clear(0xFFFFFF)
    leds.show()
    assert leds.estimate_ma <= 500
    assert leds.estimate_ma > 450  # dimmed to the budget, not to black
    assert pixels.brightness < 0.3 * 0.5  # platform-facts: about 0.1 for full white on USB


def test_a_sparse_frame_keeps_the_chosen_level():
    leds, pixels = grid(level=3)
    leds.set(2, 2, 0xFF0000)
    leds.show()
    assert pixels.brightness == pytest.approx(0.3 * 3 / 5)
    assert leds.estimate_ma < 100


def test_a_smaller_budget_dims_more():
    bright, _ = grid(500)
    dim, pixels = grid(200)
    for leds in (bright, dim):
        leds.clear(0x808080)
        leds.show()
    assert dim.estimate_ma <= 200 and dim.brightness < bright.brightness


def test_no_frame_of_the_menus_settings_or_a_game_passes_the_budget(tmp_path, monkeypatch):
    monkeypatch.setattr(games, "GAMES", (RECORDS["pawns-crossing"],))
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=2)
    app = App(profile)
    app.start()
    shown = app.grid.show
    estimates = []

    def checked_show():
        shown()
        estimates.append(app.grid.estimate_ma)

    app.grid.show = checked_show
    runner = script.Runner(app, profile)
    # title wave, settings at full brightness (its colour sample), then a computer game
    runner.run(script.parse("wait 3000\npress A\npress DOWN\npress A\npress RIGHT 4\nwait 200\npress B\n"
                            "press A\npress A\npress DOWN\npress LEFT\npress UP 2\npress A\nwait 60000\n"))
    assert app.screen.session.game.is_over()
    assert len(estimates) > 1000
    assert max(estimates) <= profile.LED_CURRENT_BUDGET_MA
