# SPDX-License-Identifier: MIT
"""Pawns Crossing through the simulated board: whole games with human and computer seats mixed, the LED grid
following the game, peeking, and no screen ever showing a value to the wrong player."""

import displayio
import pytest

from core import games
from core.pawns_crossing import notation, rules
from firmware.app import App
from firmware.leds import LedGrid
from sim import script
from sim.board import make_profile

RECORDS = {record.name: record for record in games.GAMES}  # before any test narrows the registry

PLAYING = 0


@pytest.fixture(autouse=True)
def only_pawns_crossing(monkeypatch):
    monkeypatch.setattr(games, "GAMES", (RECORDS["pawns-crossing"],))


def boot(tmp_path):
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=5)
    app = App(profile)
    app.start()
    return app, script.Runner(app, profile)


def run(runner, text):
    runner.run(script.parse(text))


def texts(group):
    """Every string a label in this displayio group tree shows, hidden groups left out."""
    found = []
    for i in range(len(group)):
        item = group[i]
        if getattr(item, "hidden", False):
            continue
        if hasattr(item, "text"):
            found.append(item.text)
        elif isinstance(item, displayio.Group):
            found.extend(texts(item))
    return found


def shown_values(app):
    """(token, value) pairs some label shows as 'red-a 3'."""
    shown = []
    for text in texts(app.screen.group):
        words = text.split()
        if len(words) == 2 and "-" in words[0] and words[1] in ("2", "3", "4", "null"):
            shown.append((notation.parse_token(words[0]), words[1]))
    return shown


def check_privacy(app, game):
    """Values on screen: only the current human's own, undelivered or not, while they peek."""
    me = game.current_player()
    for token, value in shown_values(app):
        assert game.owner(token >> 2) == me, "{} shown to player {}".format(notation.token_name(token), me)
        assert notation.VALUES[game.value(token)] == value
        assert app.screen.session.seats[me] == 0, "a computer's values are on screen"


def check_leds(app):
    board = LedGrid(None, None, 0)
    app.screen.view.draw_leds(board)
    assert app.grid.frame == board.frame


def start(runner, players, humans):
    """New game from the title: ``players`` seats, the seats in ``humans`` human, the rest computers."""
    text = "press A\npress A\npress A\n" + "press RIGHT\n" * (players - 2)
    for seat in range(players):
        want_human = seat in humans
        is_human = seat == 0
        if want_human != is_human:
            text += "press DOWN {}\npress {}\npress UP {}\n".format(seat + 1, "LEFT" if seat == 0 else "RIGHT",
                                                                   seat + 1)
    run(runner, text + "press UP\npress A\n")


@pytest.mark.parametrize("players,humans", [(2, (0,)), (4, (0, 2))])
def test_whole_games_with_humans_and_computers_through_the_board_view(tmp_path, players, humans):
    app, runner = boot(tmp_path)
    start(runner, players, humans)
    session = app.screen.session
    assert type(app.screen.view).__module__.endswith("pawns_crossing")
    assert [seat == 0 for seat in session.seats] == [p in humans for p in range(players)]
    game = session.game
    peeks = 0
    for step in range(6000):
        if game.is_over():
            break
        if app.screen.mode == PLAYING and step % 11 == 0:
            run(runner, "press SELECT\n")  # peek (with two humans: after the hand-over question)
            if len(humans) > 1:
                assert shown_values(app) == []
                run(runner, "press A\n")
            peeks += bool(shown_values(app))
            check_privacy(app, game)
            run(runner, "press B\n")
            assert shown_values(app) == []
        run(runner, "press A\nwait 40\n")  # a human takes the first subject and its first choice
        check_privacy(app, game)
        if app.screen.mode == PLAYING:
            check_leds(app)
    assert game.is_over() and app.screen.mode == 3
    assert peeks > 0
    assert game.turns() > 10


def test_a_slide_through_the_panel_and_its_aiming_frame(tmp_path):
    app, runner = boot(tmp_path)
    start(runner, 2, (0, 1))  # pass and play
    session = app.screen.session
    game = session.game
    while game.phase() != rules.START:
        run(runner, "press A\n")
    view = app.screen.view
    view.subjects.cursor = view.subjects.items.index("Slide...")
    run(runner, "press A\npress DOWN\n")
    assert view.choosing and view.choices.choice == "row0 east flip"
    assert view.frame[0].shape.x >= 0  # the frame sits on row 0
    before = game.state[rules.S_TILES:rules.S_TILES + 4]
    run(runner, "press A\n")
    assert game.state[rules.S_TILES:rules.S_TILES + 4] == before[3:] + before[:3]
    assert game.state[rules.S_LAST_SLIDE] == 1
