# SPDX-License-Identifier: MIT
"""Clear a Path's tutorial (firmware/tutorials/clear_a_path.py) through the simulated board: walked to its end with
the keys the view gives for each step's move, a wrong move refused, and every card fitting both screen sizes."""

import pytest

from core import games
from core.clear_a_path import notation
from firmware import ui
from firmware.app import App
from firmware.screens.play import PLAYING
from firmware.screens.tutorial import CARD, DONE, TutorialScreen
from firmware.tutorials import clear_a_path as lesson
from sim import script
from sim.board import make_profile

BOARDS = (("pybadge", 160, 128), ("picosystem", 240, 240))
INSTRUCTION_MAX = 40


def boot(tmp_path, board="pybadge"):
    profile = make_profile(board, str(tmp_path / "nvm.bin"), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    return app, script.Runner(app, profile)


def run(runner, text):
    runner.run(script.parse(text))


def start(tmp_path, board="pybadge"):
    app, runner = boot(tmp_path, board)
    app.go("tutorial.TutorialScreen", "clear-a-path")
    run(runner, "wait 50\n")
    assert type(app.screen).__name__ == "TutorialScreen" and app.screen.mode == CARD
    return app, runner


def press(runner, keys):
    for key in keys:
        run(runner, "press {}\nwait 30\n".format(key))


def expected_after(game, step):
    """The game after ``step``'s move and its replies, worked out from the lesson's texts."""
    after = game.clone()
    _, _, move_text, replies = step
    for text in ((move_text,) if move_text is not None else ()) + tuple(replies):
        after.apply(notation.parse_move(after, text))
    return after


def fits(text, width, height):
    return len(ui.wrap(text, width - 8)) <= TutorialScreen.card_rows(height)


def walk(app, runner, told):
    """Play the lesson to its end: A on every card, each step's move entered with the view's keys. ``told`` collects
    the cards made of the replies' captions."""
    screen = app.screen
    for index, step in enumerate(lesson.STEPS):
        assert screen.step == index and screen.mode == CARD
        while screen.mode == CARD and screen.step == index:
            run(runner, "press A\nwait 30\n")
        if step[2] is None:
            continue
        assert screen.mode == PLAYING and screen.session.game.current_player() == 0
        game = screen.session.game
        wanted = expected_after(game, step)
        keys = screen.view.keys_for(screen.expected)
        assert keys, "step {}: no keys for {}".format(index + 1, step[2])
        press(runner, keys)
        assert screen.mode == DONE, "step {} was not played".format(index + 1)
        assert screen.session.game.encode() == wanted.encode(), "step {}".format(index + 1)
        if screen.told:
            told.append(screen.told)
        run(runner, "wait 800\npress A\nwait 30\n")
    assert type(app.screen).__name__ == "HowToScreen"
    assert app.screen.names[app.screen.game] == "clear-a-path"


@pytest.mark.parametrize("board", [b[0] for b in BOARDS])
def test_the_lesson_walks_to_the_rules_on_both_screens(tmp_path, board):
    app, runner = start(tmp_path, board)
    told = []
    walk(app, runner, told)
    for text in told:  # the replies' captions, as the screen showed them (none in solo)
        for _, width, height in BOARDS:
            assert fits(text, width, height), text


def test_a_wrong_legal_move_is_refused(tmp_path):
    app, runner = start(tmp_path)
    screen = app.screen
    run(runner, "press A\nwait 30\n")
    assert screen.mode == PLAYING
    game = screen.session.game
    before = game.encode()
    buf = [0] * game.MAX_MOVES
    count = game.legal_moves(buf)
    wrong = [buf[i] for i in range(count) if buf[i] != screen.expected][0]
    press(runner, screen.view.keys_for(wrong))
    assert screen.mode == PLAYING and screen.step == 0
    assert game.encode() == before
    assert screen.message.text.startswith("Not this time")
    assert screen.instruction in screen.message.text
    press(runner, screen.view.keys_for(screen.expected))  # the right move is still taken
    assert screen.mode == DONE


@pytest.mark.parametrize("board,width,height", BOARDS)
def test_every_card_fits_the_screen(board, width, height):
    for text, instruction, move_text, replies in lesson.STEPS:
        assert fits(text, width, height), text
        assert len(instruction) <= INSTRUCTION_MAX, instruction
        assert (move_text is None) == (instruction == "")


def test_the_lesson_is_true_to_the_engine():
    """The lesson's moves parse and are legal in turn from its seed, the human (seat 0) moving each asked move; the
    solo game counts one player, as the screen's seats do."""
    rules = games.load("clear-a-path", "rules")
    from core.config import Config

    game = rules.Game(Config(rules.Game.CONFIG_SCHEMA, lesson.CONFIG), lesson.SEED)
    assert game.player_count() == lesson.PLAYERS
    for text in lesson.PRELUDE:
        game.apply(notation.parse_move(game, text))
    for step in lesson.STEPS:
        if step[2] is not None:
            assert game.current_player() == 0
        game = expected_after(game, step)
        assert not game.is_over()
