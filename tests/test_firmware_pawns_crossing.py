# SPDX-License-Identifier: MIT
"""Pawns Crossing through the simulated board: whole games with human and computer seats mixed, played with the
board cursor's keys (``keys_for``), the LED grid following the game, peeking, the recap of the computer's turn, a
refused move with the engine's reason, and no screen ever showing a value to the wrong player."""

import sys

import displayio
import pytest

from core import games
from core.pawns_crossing import notation, rules
from core.pawns_crossing.ai import Ai
from firmware.app import App
from firmware.leds import LedGrid
from firmware import ui
from firmware.views.pawns_crossing import HOLE0, LED_REFUSED
from sim import script
from sim.board import make_profile

RECORDS = {record.name: record for record in games.GAMES}  # before any test narrows the registry

PLAYING, HANDOVER, OVER, THINKING, RECAP = 0, 1, 3, 4, 6


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
            # the seats cycle Human, easy, normal, hard: two steps from Human to normal, or from normal to Human
            text += "press DOWN {}\npress {} 2\npress UP {}\n".format(seat + 1, "LEFT" if seat == 0 else "RIGHT",
                                                                     seat + 1)
    run(runner, text + "press UP\npress A\n")
    app = runner.app
    while app.screen.mode == RECAP:  # the computers placed their pawns first: skip their recap, so that the view
        run(runner, "press B\n")  # shows the game itself
    assert app.screen.view.replay is None


def act(runner, app, player=None):
    """One step of the game as a player would take it: pass a hand-over with A; on a human's turn enter a move with
    the keys the view gives for it (``player``'s choice, else the first legal move); else let time pass (the
    computer plays); step through a recap with A."""
    screen = app.screen
    if screen.mode == HANDOVER:
        run(runner, "press A\n")
        return
    if screen.mode == RECAP:
        run(runner, "wait 40\npress A\n")  # the next move of the recap
        return
    game = screen.session.game
    if screen.mode != PLAYING or game.is_over():
        run(runner, "wait 100\n")
        return
    move = player.choose(game) if player is not None else screen.view.legal_moves()[0]
    keys = screen.view.keys_for(move)
    run(runner, "".join("press {}\n".format(key) for key in keys))


@pytest.mark.parametrize("players,humans", [(2, (0,)), (4, (0, 2))])
def test_whole_games_with_humans_and_computers_through_the_board_cursor(tmp_path, players, humans):
    app, runner = boot(tmp_path)
    start(runner, players, humans)
    session = app.screen.session
    assert type(app.screen.view).__module__.endswith("pawns_crossing")
    assert [seat == 0 for seat in session.seats] == [p in humans for p in range(players)]
    game = session.game
    player = Ai("easy", 3)
    peeks = 0
    recaps = set()
    thinking = 0
    for step in range(6000):
        if game.is_over():
            break
        if app.screen.mode == RECAP:
            recaps.add(app.screen.message.text)
        if app.screen.mode == PLAYING and step % 11 == 0 and game.current_player() in humans:
            view = app.screen.view
            if view.mode == 1:
                run(runner, "press B\n")  # a token selected: back to browsing
            run(runner, "press SELECT\n")  # peek (with two humans: after the hand-over question)
            if len(humans) > 1:
                assert shown_values(app) == []
                run(runner, "press A\n")
            peeks += bool(shown_values(app))
            check_privacy(app, game)
            run(runner, "press B\n")
            assert shown_values(app) == []
        act(runner, app, player)
        check_privacy(app, game)
        if app.screen.mode == PLAYING:
            check_leds(app)
        if app.screen.mode == THINKING:  # the view's words are unloaded while a computer thinks
            assert "firmware.views.pawns_words" not in sys.modules
            thinking += 1
    assert thinking > 0
    assert game.is_over() and app.screen.mode == OVER
    assert peeks > 0
    assert game.turns() > 10
    words = " ".join(recaps)
    assert "rolled" in words and ("moved" in words or "slid" in words)
    assert "~" not in words


def human_turn_start(runner, app):
    """Play (the first legal moves) until the human, seat 0, is at the start of a turn in play."""
    game = app.screen.session.game
    for _ in range(400):
        if app.screen.mode == PLAYING and game.current_player() == 0 and game.phase() == rules.START:
            return game
        act(runner, app)
    raise AssertionError("no turn of the human's started")


def test_a_slide_is_made_on_the_board_from_the_arrow_at_a_line_end(tmp_path):
    app, runner = boot(tmp_path)
    start(runner, 2, (0, 1))  # pass and play
    game = human_turn_start(runner, app)
    view = app.screen.view
    slides = [view.legal_moves()[i] for i in range(view.count) if rules.move_kind(view.legal_moves()[i]) == rules.SLIDE]
    move = slides[-1]
    keys = view.keys_for(move)
    assert len(keys) <= 12
    line = rules.move_line(move)
    row = [game.tile(4 * line + k) for k in range(4)] if line < 4 else [game.tile(4 * k + line - 4) for k in range(4)]
    before = game.turns()
    run(runner, "".join("press {}\n".format(key) for key in keys[:-1]))
    assert view.mode == 1 and view.options  # aiming at the end tile: the slide is previewed
    assert "slide" in view.message_line().lower() or "pusher" in view.message_line()
    run(runner, "press A\n")
    assert game.turns() == before + 1  # a slide ends the turn
    after = [game.tile(4 * line + k) for k in range(4)] if line < 4 else [game.tile(4 * k + line - 4) for k in range(4)]
    assert sorted(after) == sorted(row) and after != row


def test_a_move_that_is_not_legal_is_refused_with_the_engines_reason_and_flashes(tmp_path):
    app, runner = boot(tmp_path)
    start(runner, 2, (0,))
    game = human_turn_start(runner, app)
    view = app.screen.view
    # the other side's pawn: browsing stops on its hole, A there says why not
    colour = [c for c in range(4) if game.owner(c) == 1][0]
    hole = game.pawn(colour)
    place = HOLE0 + hole
    if view.mode == 2:
        run(runner, "press LEFT\n")  # from the menu a turn opens with, to the board
    path, reached = view._path(view.cursor, place, 0)
    assert path is not None
    before = game.encode()
    run(runner, "".join("press {}\n".format(key) for key in path) + "press A\n")
    assert game.encode() == before
    reason = game.reason(rules.make_move(rules.PAWN, colour, hole))
    assert reason and view.message_line() == reason.split(" (PC-")[0]
    assert app.screen.message.text.startswith(view.message_line()[:20])
    led = view._led(place, game.rolled())
    lit = []
    for _ in range(6):
        run(runner, "wait 150\n")
        lit.append(app.grid.frame[led] == LED_REFUSED)
    assert True in lit and False in lit  # it flashes
    run(runner, "wait 2000\n")
    assert view.message_line() != reason


def test_the_computers_turn_is_replayed_in_plain_words(tmp_path):
    app, runner = boot(tmp_path)
    start(runner, 2, (0,))
    screen = app.screen
    game = screen.session.game
    captions = []
    for _ in range(600):
        if screen.mode == RECAP and game.phase() != rules.PLACE:
            run(runner, "wait 40\n")
            captions.append(screen.message.text)
            if len(captions) > 6:
                break
        act(runner, app, Ai("easy", 1))
    assert captions and all(text.startswith("Blue-Green ") for text in captions), captions
    for text in captions:
        assert "~" not in text and "h3" not in text and " x" not in text


def test_every_menu_entry_is_whole_and_distinct(tmp_path):
    app, runner = boot(tmp_path)
    start(runner, 2, (0, 1))
    view = app.screen.view
    game = app.screen.session.game
    seen = set()
    for _ in range(300):
        if game.is_over():
            break
        if app.screen.mode == PLAYING:
            names = [view.menu_name(m) for m in view.menu_moves]
            assert len(set(names)) == len(names) and all(names), names
            for name in names:
                assert len(name) * ui.CHAR_WIDTH + 8 <= view.width - 4 and "~" not in name
                seen.add(name)
        act(runner, app, Ai("easy", 2))
    assert {"Roll", "End turn"} <= seen


def test_the_led_grid_shows_each_rolled_die_with_one_light_a_point_in_two_players(tmp_path):
    # issue 25, bug 4: the second die started at LED 5 of the row, so a 4 showed as 3 lights
    from firmware.views.pawns_crossing import LED_COLOURS

    app, runner = boot(tmp_path)
    start(runner, 2, (0, 1))
    checked = 0
    for _ in range(300):
        game = app.screen.session.game
        if app.screen.mode == PLAYING and game.rolled():
            run(runner, "wait 2000\n")  # the dice stop tumbling
            board = LedGrid(None, None, 0)
            app.screen.view.draw_leds(board)
            rolled = [colour for colour in range(4) if game.rolled() & (1 << colour)]
            first, second = rolled
            row = [board.frame[7 * 8 + x] for x in range(7)]
            column = [board.frame[y * 8 + 7] for y in range(7)]
            assert row.count(LED_COLOURS[first]) == game.die(first), (row, game.die(first))
            assert column.count(LED_COLOURS[second]) == game.die(second), (column, game.die(second))
            checked += 1
            if checked >= 6:
                break
        act(runner, app)
    assert checked >= 6


def test_aiming_a_token_marks_the_halves_its_path_passes_until_the_aim_ends(tmp_path):
    """The selected token's way to the place under the cursor (Game.token_path): each half passed ringed on the
    board and lit on the LED grid, counted on the message line; gone when the cursor leaves the target, on B, and
    once the move is played."""
    from firmware.views.pawns_crossing import HALF0, LED_PATH, PASSED, PATH, half_xy

    app, runner = boot(tmp_path)
    start(runner, 2, (0, 1))  # pass and play: every turn is a human's
    game = app.screen.session.game
    path = bytearray(51)
    player = Ai("easy", 3)
    for _ in range(600):
        view = app.screen.view
        if app.screen.mode == PLAYING and game.phase() == rules.MOVE:
            longest = [(game.token_path(view.legal_moves()[i], path), view.legal_moves()[i]) for i in range(view.count)
                       if rules.move_kind(view.legal_moves()[i]) == rules.TOKEN]
            n, move = max(longest) if longest else (0, 0)
            if n >= 4:
                break
        act(runner, app, player)
    else:
        raise AssertionError("no token move passing 3 halves")
    keys = view.keys_for(move)
    run(runner, "".join("press {}\n".format(key) for key in keys[:-1]))
    assert view.options == [move]
    game.token_path(move, path)
    passed = [path[k] for k in range(n - 1)]
    assert all(space >= HALF0 for space in passed)
    assert [place for place in range(len(view.lit)) if view.lit[place] & PASSED] == sorted(passed)
    assert view.message_line().endswith(", passing {} halves".format(n - 1))
    for space in passed:
        x, y = half_xy(view.shown, space - HALF0)
        assert view.bitmap[x + 2, y + 2] == PATH and view.bitmap[x + 4, y + 4] == PATH  # the ring (under a token
        # lying there, the token shows)
        led = view._led(space, game.rolled())
        if led != view._led(view.cursor, game.rolled()):
            assert app.grid.frame[led] == LED_PATH
    check_leds(app)

    def marks():
        return [place for place in range(len(view.lit)) if view.lit[place] & PASSED]

    steps, reached = view._path(view.cursor, view.subject, 1)
    run(runner, "".join("press {}\n".format(key) for key in steps))
    assert view.mode == 1 and view.cursor == view.subject and marks() == []  # off the target
    assert LED_PATH not in app.grid.frame
    run(runner, "press B\n")
    assert view.mode == 0 and marks() == [] and LED_PATH not in app.grid.frame
    run(runner, "".join("press {}\n".format(key) for key in view.keys_for(move)))
    assert marks() == [] and LED_PATH not in app.grid.frame  # played
    assert game.token_at(rules.move_token(move)) in (rules.move_destination(move), rules.DELIVERED)
