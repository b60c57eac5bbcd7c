# SPDX-License-Identifier: MIT
"""The end of a game: the result holds a moment against mashed keys, then offers Rematch, New game and Main menu
(issue 25). Driven with the race fixture."""

import os

import pytest

from core import games
from firmware.app import App
from sim import script
from sim.board import make_profile
from tests.fixtures import race

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture(autouse=True)
def race_registered(monkeypatch):
    monkeypatch.setattr(games, "GAMES", (race.INFO,))


def finished(tmp_path):
    """A race against the computer played to its end, the result just shown."""
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    runner = script.Runner(app, profile)
    runner.run(script.parse("press A\npress A\npress A\npress DOWN 3\npress A\n"))
    session = app.screen.session
    for _ in range(400):
        if session.game.is_over():
            break
        runner.run(script.parse("press DOWN\npress A\nwait 100\npress B\n"))
    assert session.game.is_over()
    return app, runner, session


def run(runner, text):
    runner.run(script.parse(text))


def test_mashing_a_at_the_end_keeps_the_result_on_screen_for_a_second(tmp_path):
    app, runner, session = finished(tmp_path)
    screen = app.screen
    run(runner, "press A\npress A\npress A\n")
    assert app.screen is screen and screen.status.text.endswith(("wins!", "lost.", "Draw."))
    assert screen.end_menu.items == ["Rematch", "New game", "Main menu"]


def test_rematch_starts_the_same_setup_again_with_a_new_shuffle(tmp_path):
    app, runner, session = finished(tmp_path)
    run(runner, "wait 1000\npress A\n")
    again = app.screen.session
    assert type(app.screen).__name__ == "PlayScreen" and again is not session
    assert again.seats == session.seats and again.teams == session.teams and not again.game.is_over()
    assert again.game.config.values == session.game.config.values
    assert app.store.game == again.encode()  # saved as it opened


@pytest.mark.parametrize("downs,screen", [(1, "GameChoice"), (2, "MainMenu")])
def test_new_game_and_main_menu_leave_the_result(tmp_path, downs, screen):
    app, runner, _ = finished(tmp_path)
    run(runner, "wait 1000\npress DOWN {}\npress A\n".format(downs))
    assert type(app.screen).__name__ == screen


def test_a_new_game_asks_before_it_replaces_the_saved_one_and_b_keeps_it(tmp_path):
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    runner = script.Runner(app, profile)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\n")  # a race against the computer
    run(runner, "press DOWN\npress A\nwait 200\npress B\n")
    run(runner, "press START\npress UP\npress A\n")  # Save and quit
    saved = app.store.game
    assert type(app.screen).__name__ == "MainMenu" and app.screen.menu.items[0] == "Continue: Race"
    run(runner, "press DOWN\npress A\npress A\npress A\n")  # New game, the race, Start
    assert type(app.screen).__name__ == "NoticeScreen"
    text = " ".join(item.text for item in app.screen.group if hasattr(item, "text"))
    assert "replaces your saved game (Race)" in text
    run(runner, "press B\n")
    assert type(app.screen).__name__ == "Setup" and app.store.game == saved
    run(runner, "press A\npress A\n")  # Start, then yes
    assert type(app.screen).__name__ == "PlayScreen" and app.store.game != saved
