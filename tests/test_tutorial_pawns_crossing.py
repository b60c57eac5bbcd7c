# SPDX-License-Identifier: MIT
"""Pawns Crossing's tutorial (firmware/tutorials/pawns_crossing.py, issue 25): walked to its end with the keys the
view gives, each step's move and replies checked on the engine; a wrong legal move refused; every card, the
replies' captions included, fitting both screen sizes."""

import pytest

from core import games
from core.pawns_crossing import notation, rules
from firmware import ui
from firmware.app import App
from firmware.screens.tutorial import PLAYING, TutorialScreen, start_game
from firmware.tutorials import pawns_crossing as lesson
from sim import script
from sim.board import make_profile

NAME = "pawns-crossing"
SCREENS = ((160, 128), (240, 240))


def boot(tmp_path, board="pybadge"):
    profile = make_profile(board, str(tmp_path / "nvm.bin"), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    return app, script.Runner(app, profile)


def run(runner, text):
    runner.run(script.parse(text))


def open_lesson(tmp_path, board="pybadge"):
    app, runner = boot(tmp_path, board)
    app.go("tutorial.TutorialScreen", NAME)
    return app, runner, app.screen


def test_the_lesson_starts_at_red_blacks_first_turn():
    game = start_game(NAME).game
    assert game.current_player() == 0 and game.phase() == rules.START
    for card, instruction, move_text, replies in lesson.STEPS:
        if move_text is not None:
            assert game.current_player() == 0, move_text  # the human is seat 0 at every step
            game.apply(notation.parse_move(game, move_text))
        for text in replies:
            assert game.current_player() == 1, text
            game.apply(notation.parse_move(game, text))
    assert not game.is_over()


@pytest.mark.parametrize("board", ("pybadge", "picosystem"))
def test_the_lesson_walked_with_its_keys_plays_each_step_and_ends_on_the_rules(tmp_path, board):
    app, runner, screen = open_lesson(tmp_path, board)
    expected = screen.session.game.clone()
    for card, instruction, move_text, replies in lesson.STEPS:
        assert type(app.screen) is TutorialScreen
        run(runner, "press A\n" * (1 + len(screen.cards)))  # the replies' card, then the step's
        if move_text is None:
            continue
        assert screen.mode == PLAYING
        run(runner, "wait 20\n")
        assert screen.message.text.startswith(instruction[:20])
        keys = screen.view.keys_for(screen.expected)
        assert keys is not None, move_text
        run(runner, "".join("press {}\n".format(key) for key in keys))
        for text in (move_text,) + tuple(replies):
            expected.apply(notation.parse_move(expected, text))
        assert screen.session.game.encode() == expected.encode(), move_text
        run(runner, "wait 800\npress A\n")  # the next step's card
    assert type(app.screen).__name__ == "HowToScreen"
    assert app.screen.title.text.startswith(games.info(NAME).title)
    assert app.store.game is None  # a lesson saves nothing


def test_a_legal_move_other_than_the_one_asked_for_is_refused(tmp_path):
    app, runner, screen = open_lesson(tmp_path)
    for _ in range(2):  # the forced pawn move: another free hole is legal too
        run(runner, "press A\n")
        while screen.mode != PLAYING:
            run(runner, "press A\n")
        if screen.step == 1:
            break
        run(runner, "".join("press {}\n".format(key) for key in screen.view.keys_for(screen.expected)))
        run(runner, "wait 800\n")
    view = screen.view
    before = screen.session.game.encode()
    other = [view.moves[i] for i in range(view.count) if view.moves[i] != screen.expected]
    assert other
    run(runner, "".join("press {}\n".format(key) for key in view.keys_for(other[0])))
    assert screen.session.game.encode() == before
    run(runner, "wait 20\n")
    assert "Not this time" in screen.message.text
    run(runner, "".join("press {}\n".format(key) for key in view.keys_for(screen.expected)))
    assert screen.session.game.encode() != before


def test_every_card_and_instruction_fits_both_screens(tmp_path):
    app, runner, screen = open_lesson(tmp_path)
    game = start_game(NAME).game
    cards = []
    for card, instruction, move_text, replies in lesson.STEPS:
        cards.append(card)
        assert len(instruction) <= 40, instruction
        if move_text is not None:
            game.apply(notation.parse_move(game, move_text))
        told = []
        for text in replies:
            before = game.clone()
            reply = notation.parse_move(before, text)
            game.apply(reply)
            told.append(screen.view.caption(before, reply) + ". ")
        if told:
            cards.append("".join(told))
    for width, height in SCREENS:
        rows = TutorialScreen.card_rows(height)
        for card in cards:
            assert len(ui.wrap(card, width - 8)) <= rows, (width, card)
