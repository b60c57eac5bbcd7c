# SPDX-License-Identifier: MIT
"""The firmware's game flow, through the simulated board: new game, turns, computer play, pause, save, resume.

Driven with the race fixture registered as a game, so it runs before and independently of the real engines.
"""

import pytest

from core import games
from firmware.app import App
from sim import script
from sim.board import make_profile
from tests.fixtures import race

RECORDS = {record.name: record for record in games.GAMES}  # before any test narrows the registry


@pytest.fixture(autouse=True)
def race_registered(monkeypatch):
    monkeypatch.setattr(games, "GAMES", (race.INFO,))


def boot(tmp_path, name="nvm.bin"):
    profile = make_profile("pybadge", str(tmp_path / name), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    return app, script.Runner(app, profile)


def run(runner, text):
    runner.run(script.parse(text))


def screen_name(app):
    return type(app.screen).__name__


def test_new_game_against_the_computer_plays_to_the_end(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\n")  # title -> menu -> New game -> race
    assert screen_name(app) == "Setup"
    run(runner, "press DOWN 3\npress A\n")  # players, seat 1, seat 2 -> Start
    assert screen_name(app) == "PlayScreen"
    session = app.screen.session
    assert session.seats[0] == 0 and session.seats[1] > 0
    for _ in range(400):
        if session.game.is_over():
            break
        run(runner, "press DOWN\npress A\nwait 100\n")  # the human always rolls; the computer answers
    assert session.game.is_over()
    assert app.store.game is None  # a finished game leaves no save
    run(runner, "press A\n")
    assert screen_name(app) == "MainMenu"


def test_save_and_quit_then_continue_restores_the_game(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\npress DOWN\npress A\nwait 100\n")
    game = app.screen.session.game
    before = game.encode()
    run(runner, "press START\npress UP\npress A\n")  # the pause menu's last item: Save and quit
    assert screen_name(app) == "MainMenu"
    app2, runner2 = boot(tmp_path)  # a restart with the same storage
    run(runner2, "press A\n")
    assert app2.screen.menu.items[0] == "Continue"
    run(runner2, "press A\n")
    assert screen_name(app2) == "PlayScreen" and app2.screen.session.game.encode() == before


def test_a_damaged_save_shows_the_error_screen_once_and_continue_is_no_longer_offered(tmp_path):
    app, runner = boot(tmp_path)
    app.store.save_game(b"\x01\x63garbage")
    run(runner, "press A\n")
    assert app.screen.menu.items[0] == "Continue"
    run(runner, "press A\n")
    assert app.screen is app.error_screen
    assert "could not be loaded" in " ".join(line.text for line in app.error_screen.lines)
    run(runner, "press A\n")
    assert screen_name(app) == "TitleScreen"
    run(runner, "press A\n")
    assert "Continue" not in app.screen.menu.items  # said once; the refused save is no longer offered
    app2, _ = boot(tmp_path)
    assert app2.store.game is None


def test_pass_and_play_with_private_views_shows_a_hand_over(tmp_path, monkeypatch):
    from firmware.views import moves

    monkeypatch.setattr(moves.View, "PRIVATE", True)
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 2\npress LEFT 2\npress DOWN\npress A\n")  # seat 2 human
    screen = app.screen
    assert screen.session.seats == [0, 0]
    assert screen.mode == 1 and screen.view.group.hidden  # hand-over to player 1 first
    run(runner, "press A\n")
    assert screen.mode == 0 and not screen.view.group.hidden
    run(runner, "press A\n")  # player 1 moves: the device asks to pass it to player 2
    assert screen.mode == 1 and screen.view.group.hidden
    # the hand-over says whom to pass to and what to press (it once kept only the first line)
    assert screen.cover.text == "Pass to Player 2,\nthen press A"


def test_out_of_memory_shows_the_error_screen_and_keeps_the_save(tmp_path, monkeypatch):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\npress DOWN\npress A\nwait 100\n")
    saved = app.store.game
    assert saved is not None

    def exhausted(self, pressed):
        raise MemoryError

    monkeypatch.setattr(type(app.screen), "key", exhausted)
    run(runner, "press A\n")
    assert app.screen is app.error_screen and app.store.game == saved
    monkeypatch.undo()
    monkeypatch.setattr(games, "GAMES", (race.INFO,))
    app2, runner2 = boot(tmp_path)  # restart: the saved game resumes
    run(runner2, "press A\npress A\n")
    assert screen_name(app2) == "PlayScreen" and app2.screen.session.encode() == saved


@pytest.mark.parametrize("players", [1, 2])
def test_a_whole_clear_a_path_game_through_the_board_view(tmp_path, monkeypatch, players):
    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    app, runner = boot(tmp_path)
    # title -> menu -> New game -> Clear a Path -> players (solo: one step left) -> Start (the last row)
    run(runner, "press A\npress A\npress A\n" + ("press LEFT\n" if players == 1 else "") + "press UP\npress A\n")
    assert screen_name(app) == "PlayScreen" and type(app.screen.view).__module__.endswith("clear_a_path")
    game = app.screen.session.game
    for _ in range(3000):
        if game.is_over():
            break
        run(runner, "press A\nwait 60\n")  # the first usable die, then its first use
    assert game.is_over()
    assert app.screen.mode == 3
    run(runner, "wait 200\n")
    sweep = 0xC08000 if game.result() >= 0 else 0xC00000
    assert sweep in app.grid.frame  # the end-of-game animation runs on the LED grid
    run(runner, "wait 3500\n")
    from firmware.leds import LedGrid

    board = LedGrid(None, None, 0)
    app.screen.view.draw_leds(board)
    assert app.grid.frame == board.frame  # then the final board comes back


def test_the_dice_tumble_when_a_clear_a_path_round_is_rolled(tmp_path, monkeypatch):
    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress LEFT\npress UP\npress A\n")  # solo
    view = app.screen.view
    run(runner, "press A\npress A\npress A\n")  # draft three
    view.dice.cursor = view.dice.items.index("Done")
    run(runner, "press A\n")
    assert view.rolling_until > 0 or app.screen.session.game.is_over()
    run(runner, "wait 1000\n")
    game = app.screen.session.game
    assert view.rolling_until == 0 or game.is_over()
    if not game.is_over():
        assert view.dice.labels[0].text == "red {} pool".format(game.value(0))


def test_a_save_follows_each_human_turn_and_every_few_actions_of_a_long_one(tmp_path, monkeypatch):
    from firmware.session import SAVE_EVERY

    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress LEFT\npress UP\npress A\n")  # solo: one seat moves all along
    session = app.screen.session
    writes = []
    real = app.store.save
    monkeypatch.setattr(app.store, "save", lambda settings, game: (writes.append(game), real(settings, game)))
    actions = 0
    while len(writes) < 3 and not session.game.is_over():
        before = session.game.encode()
        run(runner, "press A\n")
        if session.game.encode() != before:
            actions += 1
            assert len(writes) == actions // SAVE_EVERY  # a solo turn never passes: every SAVE_EVERY actions
            assert app.store.game == (session.encode() if actions % SAVE_EVERY == 0 else app.store.game)


def test_a_computer_turn_is_not_saved_and_each_human_turn_is(tmp_path, monkeypatch):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\n")  # the race: a human against the computer
    session = app.screen.session
    writes = []
    real = app.store.save
    monkeypatch.setattr(app.store, "save", lambda settings, game: (writes.append(game), real(settings, game)))
    turns = 0
    while not session.game.is_over():
        assert session.to_move() == 0
        run(runner, "press DOWN\npress A\n")  # the human rolls: the turn passes to the computer
        turns += 1
        assert len(writes) == turns
        if session.game.is_over():
            assert writes[-1] is None  # the end: one record that holds no game
            break
        assert writes[-1] == session.encode() == app.store.game
        run(runner, "wait 200\npress B\n")  # the computer answers (no save, unless it ends the game); B skips its recap
        assert len(writes) == turns + (1 if session.game.is_over() else 0)
    assert turns >= 2 and app.store.game is None


def test_the_title_left_alone_plays_demo_games_that_are_never_saved(tmp_path):
    from firmware.screens.title import ATTRACT_MS

    app, runner = boot(tmp_path)
    run(runner, "wait {}\n".format(ATTRACT_MS + 100))
    assert screen_name(app) == "AttractScreen" and app.screen.attract == 1
    assert all(seat != 0 for seat in app.screen.session.seats)
    first = app.screen
    run(runner, "wait 30000\n")  # the race game ends; the next demo game follows
    assert screen_name(app) == "AttractScreen" and app.screen is not first and app.screen.attract >= 2
    assert app.store.game is None and app.store.number == -1  # a demo never touches the player's save
    run(runner, "press B\n")
    assert screen_name(app) == "TitleScreen"


def test_settings_choose_the_computer_level_of_new_games(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress DOWN\npress A\npress DOWN 2\npress LEFT\npress B\n")  # Computer normal -> easy
    assert app.settings.level == 0
    run(runner, "press A\npress A\n")  # New game -> race
    assert screen_name(app) == "Setup" and "Computer easy" in app.screen.menu.items[2]
    app2, _ = boot(tmp_path)
    assert app2.settings.level == 0  # saved with the other settings


def test_a_hint_is_worked_out_over_frames_and_b_drops_it(tmp_path, monkeypatch):
    monkeypatch.setattr(games, "GAMES", (RECORDS["pawns-crossing"],))
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress UP\npress A\n")  # 2 players: human against the computer
    screen = app.screen
    game = screen.session.game
    while screen.mode != 0 or game.phase() != 2:  # the human's first turn proper
        run(runner, "press A\nwait 40\n")
    before = game.encode()

    def ask():
        run(runner, "press START\n")
        screen.pause.move(screen.pause.items.index("Hint"))
        run(runner, "press A\n")

    ask()
    assert screen.mode == 5 and screen.steps is not None
    run(runner, "press B\n")
    assert screen.mode == 0 and screen.steps is None and "Hint" not in screen.message.text
    ask()
    run(runner, "wait 400\n")
    assert screen.mode == 0 and screen.message.text.startswith("Hint: ")
    assert game.encode() == before  # asking changes nothing


def test_a_computer_turn_takes_several_frames(tmp_path, monkeypatch):
    monkeypatch.setattr(games, "GAMES", (RECORDS["pawns-crossing"],))
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN\npress LEFT\npress UP 2\npress A\n")  # computers only
    screen = app.screen
    slices = []
    real = screen.session.computer_thinking

    def counted():
        steps = real()

        def counting():
            count = 0
            while True:
                try:
                    next(steps)
                    count += 1
                    yield
                except StopIteration as done:
                    slices.append(count)
                    return done.value

        return counting()

    screen.session.computer_thinking = counted
    run(runner, "wait 20000\n")
    assert len(slices) > 20 and max(slices) >= 3  # a slide-or-roll decision yields between its parts


def test_a_game_opens_after_a_restart_on_a_fresh_heap_where_the_board_can_restart(tmp_path):
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3, reloads=True)
    app = App(profile)
    app.start()
    runner = script.Runner(app, profile)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\n")  # a new race against the computer
    assert runner.reloads == 1 and runner.app is not app
    app = runner.app
    assert screen_name(app) == "PlayScreen" and app.screen.session.seats[1] > 0
    assert screen_name(boot(tmp_path)[0]) == "TitleScreen"  # a power-on (not a restart by the firmware): the title
    run(runner, "press START\npress UP\npress A\n")  # save and quit, then Continue: a restart again
    run(runner, "press A\n")
    assert runner.reloads == 2 and screen_name(runner.app) == "PlayScreen"


def test_a_restart_into_a_damaged_save_shows_the_error(tmp_path):
    app, runner = boot(tmp_path)
    app.store.save_game(b"\x02\x63garbage")
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3, reloads=True)
    profile.mark_relaunch()  # as after the firmware's reload() into the saved game
    app2 = App(profile)
    app2.start()
    assert screen_name(app2) == "ErrorScreen"
    profile.mark_relaunch()
    app3 = App(profile)
    app3.start()
    assert screen_name(app3) == "TitleScreen"  # and only once


def test_the_device_loop_shows_any_error_on_screen_and_keeps_the_save(tmp_path, monkeypatch):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\npress DOWN\npress A\nwait 100\n")
    saved = app.store.game
    assert saved is not None
    frames = []

    def clock():
        frames.append(1)
        if len(frames) == 3:
            raise KeyboardInterrupt  # ends the otherwise endless loop of the test
        return len(frames) * 20

    def broken(pressed):
        raise ValueError("a bug")

    app.profile.monotonic_ms = clock
    monkeypatch.setattr(app, "start", lambda: None)  # run() from the game in progress
    monkeypatch.setattr(app.screen, "tick", broken)
    with pytest.raises(KeyboardInterrupt):
        app.run()
    assert app.screen is app.error_screen
    assert "ValueError: a bug" in " ".join(line.text for line in app.error_screen.lines)
    assert app.store.game == saved


@pytest.mark.parametrize("name", ["pawns-crossing", "clear-a-path"])
def test_how_to_play_from_a_games_pause_menu_opens_on_that_game(tmp_path, monkeypatch, name):
    monkeypatch.setattr(games, "GAMES", tuple(RECORDS.values()))
    app, runner = boot(tmp_path)
    from firmware.session import Session

    app.play(Session.new(name, None, [0, 1] if name == "pawns-crossing" else [0, 1], 5))
    run(runner, "press START\npress DOWN\npress A\n")  # Resume, How to play
    assert screen_name(app) == "HowToScreen"
    assert app.screen.title.text.startswith(RECORDS[name].title + " (")
    run(runner, "press B\n")
    assert screen_name(app) == "PlayScreen"
