# SPDX-License-Identifier: MIT
"""The tutorials (issue 25): each lesson walked to its end with the keys its view gives, every step's move checked
on the engine; wrong moves refused; cards that fit both screen sizes; the way in from How to play and from a
game's pause menu (which saves the game first), and START leaving."""

import importlib

import pytest

from core import games
from firmware import ui
from firmware.app import App
from firmware.screens.tutorial import PLAYING, TutorialScreen, start_game
from firmware.tutorials import lesson
from sim import script
from sim.board import make_profile

SCREENS = ((160, 128), (240, 240))


def lessons():
    """The games that have a lesson (each game gets one; a lesson in progress elsewhere is not a failure here)."""
    found = []
    for name in games.names():
        try:
            importlib.import_module("firmware.tutorials." + name.replace("-", "_"))
        except ImportError:
            continue
        found.append(name)
    return found


def boot(tmp_path, board="pybadge", reloads=False):
    profile = make_profile(board, str(tmp_path / "nvm.bin"), simulated_time=True, seed=3, reloads=reloads)
    app = App(profile)
    app.start()
    return app, script.Runner(app, profile)


def run(runner, text):
    runner.run(script.parse(text))


def test_every_game_has_a_lesson():
    assert lessons() == list(games.names())


@pytest.mark.parametrize("name", lessons())
def test_the_lesson_is_true_to_the_engine(name):
    """From its seed and prelude, the human (seat 0) is to move at every step that asks for a move, the other
    seats at every reply, each move is legal in turn, and the lesson ends before the game does; the screen's seats
    are the engine's players."""
    module = lesson(name)
    notation = games.load(name, "notation")
    game = start_game(name).game
    assert game.player_count() == module.PLAYERS
    for _, _, move_text, replies in module.STEPS:
        if move_text is not None:
            assert game.current_player() == 0, move_text
            game.apply(notation.parse_move(game, move_text))
        for text in replies:
            assert game.current_player() != 0, text
            game.apply(notation.parse_move(game, text))
        assert not game.is_over()


@pytest.mark.parametrize("name", lessons())
def test_every_card_fits_the_screen_on_both_sizes(name):
    """The replies' cards are checked as the walk shows them (they are the view's own words)."""
    for width, height in SCREENS:
        rows = TutorialScreen.card_rows(height)
        for card, instruction, _, _ in lesson(name).STEPS:
            assert len(ui.wrap(card, width - 8)) <= rows, card
            assert len(instruction) <= 40, instruction


@pytest.mark.parametrize("board", ["pybadge", "picosystem"])
@pytest.mark.parametrize("name", lessons())
def test_the_lesson_walked_with_its_keys_plays_each_step_and_ends_on_the_rules(tmp_path, name, board):
    app, runner = boot(tmp_path, board)
    app.go("tutorial.TutorialScreen", name)
    screen = app.screen
    notation = games.load(name, "notation")
    expected = screen.session.game.clone()
    for card, instruction, move_text, replies in lesson(name).STEPS:
        assert type(app.screen) is TutorialScreen
        run(runner, "press A\n" * (1 + len(screen.cards)))  # the replies' card, then the step's
        if move_text is None:
            continue
        assert screen.mode == PLAYING and screen.message.text.startswith(instruction[:10])
        keys = screen.view.keys_for(screen.expected)
        assert keys is not None, move_text
        run(runner, "".join("press {}\n".format(key) for key in keys))
        for text in (move_text,) + tuple(replies):
            expected.apply(notation.parse_move(expected, text))
        assert screen.session.game.encode() == expected.encode(), move_text
        assert len(ui.wrap(screen.told, app.width - 8)) <= TutorialScreen.card_rows(app.height), screen.told
        run(runner, "press A\n")  # too soon: the effect stays in view
        assert screen.session.game.encode() == expected.encode()
        run(runner, "wait 800\npress A\n")  # the next step's card
    assert type(app.screen).__name__ == "HowToScreen"
    assert app.screen.title.text.startswith(games.info(name).title)
    assert app.store.game is None  # a lesson saves nothing


@pytest.mark.parametrize("name", lessons())
def test_a_move_other_than_the_one_asked_for_is_refused_and_the_game_stays(tmp_path, name):
    app, runner = boot(tmp_path)
    app.go("tutorial.TutorialScreen", name)
    screen = app.screen
    while screen.mode != PLAYING:
        run(runner, "press A\n")
    view = screen.view
    before = screen.session.game.encode()
    other = [view.legal_moves()[i] for i in range(view.count) if view.legal_moves()[i] != screen.expected]
    other = [move for move in other if view.keys_for(move) is not None]
    assert other, "the first step leaves nothing else to try"
    run(runner, "".join("press {}\n".format(key) for key in view.keys_for(other[0])))
    assert screen.session.game.encode() == before
    run(runner, "wait 20\n")
    assert "Not this time" in screen.message.text
    run(runner, "".join("press {}\n".format(key) for key in view.keys_for(screen.expected)))
    assert screen.session.game.encode() != before


def test_how_to_play_starts_the_shown_games_tutorial_and_start_leaves_it(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\n")  # title -> main menu
    items = app.screen.menu.items
    run(runner, "press DOWN {}\npress A\n".format(items.index("How to play")))
    assert type(app.screen).__name__ == "HowToScreen"
    howto = app.screen
    assert any(line.startswith("Setup:") for line in howto.wrapped)
    assert any(line.startswith("Keys:") for line in howto.wrapped)  # the legend and keys follow the rules
    run(runner, "press DOWN\n")
    assert howto.top == howto.rows - 1  # a page at a press
    run(runner, "press RIGHT\npress LEFT\npress A\n")
    assert type(app.screen) is TutorialScreen and app.screen.session.name == games.names()[0]
    run(runner, "press START\n")
    assert type(app.screen).__name__ == "MainMenu"


def test_the_tutorial_from_a_pause_menu_saves_the_game_first(tmp_path):
    app, runner = boot(tmp_path)
    from firmware.session import Session

    session = Session.new("pave-the-way", None, [0, 1], 5)
    app.play(session)
    playing = app.screen.session
    run(runner, "press B\n")  # past the opening recap
    run(runner, "press START\npress DOWN\npress A\n")  # Resume, How to play
    assert type(app.screen).__name__ == "HowToScreen" and app.screen.title.text.startswith("Pave the Way")
    run(runner, "press A\n")
    assert type(app.screen) is TutorialScreen
    assert app.store.game == playing.encode()
    run(runner, "press START\n")
    assert app.screen.menu.items[0].startswith("Continue: Pave the Way")


def test_where_the_board_restarts_its_program_the_tutorial_opens_in_a_program_of_its_own(tmp_path):
    """On a fresh heap, as a game does (the lesson beside the menus needs more than the device has: docs/device.md):
    the board runs the game's entry file once, which opens the tutorial; the saved game stays saved."""
    from firmware.session import Session

    app, runner = boot(tmp_path, reloads=True)
    app.save_game(Session.new("clear-a-path", None, [0, 1], 5).encode())
    saved = app.store.game
    run(runner, "press A\npress DOWN 3\npress A\n")  # title, main menu (Continue first), How to play
    assert type(runner.app.screen).__name__ == "HowToScreen"
    run(runner, "press A\n")
    assert runner.reloads == 1 and runner.app is not app
    assert type(runner.app.screen) is TutorialScreen and runner.app.screen.session.name == games.names()[0]
    assert runner.app.store.game == saved


def test_pave_the_ways_close_up_hides_the_lessons_frame_until_it_closes(tmp_path):
    """The close-up (SELECT while browsing) covers the board: the green frame must not float over it."""
    app, runner = boot(tmp_path)
    app.go("tutorial.TutorialScreen", "pave-the-way")
    screen = app.screen
    while screen.mode != PLAYING:
        run(runner, "press A\n")
    view = screen.view
    subject = view.locate(screen.expected)[0]
    framed = screen.goal.shapes[0].x
    assert framed != ui.OFF
    for _ in range(16):  # the cursor onto the stack the lesson points at
        if view.cursor == subject:
            break
        run(runner, "press {}\n".format(view.keys_for(screen.expected)[0]))
    run(runner, "press SELECT\n")
    assert view.close_up == subject and screen.goal.shapes[0].x == ui.OFF
    run(runner, "press B\n")
    assert view.close_up < 0 and screen.goal.shapes[0].x == framed
