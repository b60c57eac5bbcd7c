# SPDX-License-Identifier: MIT
"""The new-game setup: its footer says what the keys do, and the keys do that (issue 25, bug 3)."""

import os

import pytest

from core import games
from firmware.app import App
from sim import script
from sim.board import make_profile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def boot(tmp_path):
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    return app, script.Runner(app, profile)


def run(runner, text):
    runner.run(script.parse(text))


def test_mashing_a_from_the_title_starts_the_first_game_with_the_setup_as_shown(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\n")  # title, main menu, New game, the first game: its setup
    setup = app.screen
    assert type(setup).__name__ == "Setup" and "A start" in "".join(label.text for label in _labels(setup))
    shown = list(setup.menu.items)
    computer = setup.seats[1]
    run(runner, "press A\n")  # on the first row, not Start
    session = app.screen.session
    assert type(app.screen).__name__ == "PlayScreen"
    assert session.seats == [0, computer] and session.game.config.values == setup.config.values
    assert shown[1].endswith("Computer " + setup.levels[computer - 1])  # nothing was changed on the way


def test_left_and_right_change_the_row_and_a_then_starts_with_the_change(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN\npress LEFT\n")  # North: one level down the list
    setup = app.screen
    changed = setup.seats[1]
    assert changed != 1 + app.settings.level
    run(runner, "press A\n")
    assert app.screen.session.seats == [0, changed]


def _labels(screen):
    for item in screen.group:
        if hasattr(item, "text"):
            yield item


@pytest.mark.parametrize("name", games.names())
def test_every_on_off_option_has_a_plain_name_and_a_line_that_fit_the_smallest_screen(name):
    schema = games.load(name, "rules").Game.CONFIG_SCHEMA
    flags = [field[0] for field in schema if field[2] == 0 and field[3] == 1]
    options = {field: (short, line) for field, short, line in games.load(name, "howto").OPTIONS}
    assert sorted(options) == sorted(flags)
    for short, line in options.values():
        assert len(short) + len(": off") <= 160 // 6 and short.lower() not in flags  # a row of the PyBadge's menu
        assert 20 <= len(line) <= 80 and line.endswith(".")
    assert len({short for short, _ in options.values()}) == len(options)


def test_the_setup_names_options_in_words_and_explains_the_one_highlighted(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\n")  # Pave the Way's setup
    setup = app.screen
    assert not any(field[0] in item for item in setup.menu.items for field in setup.flags)
    assert setup.explain.text == ""  # a seat row
    first_flag = [kind for kind, _ in setup._rows()].index("flag")
    run(runner, "press DOWN {}\n".format(first_flag))
    assert setup.menu.items[first_flag] == "No T-caps: off"
    assert setup.explain.text == "A road piece may not be laid across the open end of another."
    run(runner, "press RIGHT\n")
    assert setup.menu.items[first_flag] == "No T-caps: on" and setup.config.get("strictplacement") == 1
