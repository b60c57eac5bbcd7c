# SPDX-License-Identifier: MIT
"""Saves players can trust and statistics (issue 25): Continue names the game and the turn, read from the save's
header; a save that cannot be read is said once; setup starts from the last choices made for the game; each game
counts its games, wins by computer level and the solo streak, shown on the result screen and in Settings. Older
save and settings records still load."""

import os

import pytest

from core import games
from core.game import LOSS
from firmware import stats
from firmware.app import App
from firmware.saved import progress as saved_progress
from firmware.session import Session
from firmware.settings import SETUP, STATS, Settings
from sim import script
from sim.board import make_profile
from tests.fixtures import race

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def boot(tmp_path, board="pybadge"):
    profile = make_profile(board, str(tmp_path / "nvm.bin"), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    return app, script.Runner(app, profile)


def run(runner, text):
    runner.run(script.parse(text))


def words(app):
    """The screen's texts; a scrolling line's whole text (ui.Line shows a window of it)."""
    texts = [getattr(item, "text", "") for item in app.screen.group]
    line = getattr(app.screen, "stats_line", None)
    return texts + ([line.text] if line is not None else [])


def played(name, seats, moves, seed=5):
    session = Session.new(name, None, seats, seed)
    for _ in range(moves):
        session.computer_move()
    return session


def older_version(record):
    """The same save as version 3 wrote it: no progress bytes."""
    at = 7 + 2 * record[6]
    return bytes([3]) + record[1:at] + record[at + 2 :]


# -- Continue names the game and the turn -------------------------------------------------------------------------
def test_continue_names_the_game_and_the_turn_from_the_save_header(tmp_path):
    session = played("pawns-crossing", [1, 1], 12)
    turn = session.game.turns() + 1
    assert saved_progress(session.encode()) == "turn {}".format(turn)
    app, runner = boot(tmp_path)
    app.save_game(session.encode())
    app2, runner2 = boot(tmp_path)
    run(runner2, "press A\n")
    assert app2.screen.menu.items[0] == "Continue: Pawns Crossing"
    assert "Pawns Crossing, turn {}".format(turn) in words(app2)
    assert all(len(text) * 6 <= 156 for text in words(app2))  # every line fits the PyBadge's 160 pixels


def test_clear_a_path_saves_name_the_round():
    session = played("clear-a-path", [1, 1], 3)
    assert saved_progress(session.encode()) == "round {}".format(session.game.round_number() + 1)


def test_a_version_3_save_still_loads_and_continue_names_only_the_game(tmp_path):
    session = played("pawns-crossing", [0, 1], 4)
    old = older_version(session.encode())
    again = Session.decode(old)
    assert again.game.encode() == session.game.encode() and again.seats == session.seats
    assert saved_progress(old) is None
    app, _ = boot(tmp_path)
    app.save_game(old)
    app2, runner2 = boot(tmp_path)
    run(runner2, "press A\n")
    assert app2.screen.menu.items[0] == "Continue: Pawns Crossing" and not [w for w in words(app2) if "turn" in w]


def test_the_new_game_question_names_the_saved_turn(tmp_path):
    app, runner = boot(tmp_path)
    app.save_game(played("pawns-crossing", [1, 1], 6).encode())
    run(runner, "press A\npress DOWN\npress A\npress A\npress A\n")  # New game, Pave the Way, Start
    assert type(app.screen).__name__ == "NoticeScreen"
    assert "turn" in " ".join(words(app)) and "Pawns" in " ".join(words(app))


# -- a save that cannot be read is said once ----------------------------------------------------------------------
def damage_newest(app):
    files = app.profile.save_files
    place = app.store.place
    data = bytearray(files.read(place))
    data[20] ^= 0x40  # a payload byte: the CRC fails, the header still says the record's number
    files.write(place, bytes(data))


def test_a_damaged_newest_save_is_said_once_and_continue_offers_the_one_before(tmp_path):
    app, _ = boot(tmp_path)
    first = played("pawns-crossing", [0, 1], 2).encode()
    app.save_game(first)
    app.save_game(played("pawns-crossing", [0, 1], 4).encode())
    damage_newest(app)
    app2, runner2 = boot(tmp_path)
    assert type(app2.screen).__name__ == "NoticeScreen"
    said = " ".join(words(app2))
    assert "could not be read" in said and "before it" in said
    run(runner2, "press A\n")
    assert type(app2.screen).__name__ == "TitleScreen" and app2.store.game == first
    app3, runner3 = boot(tmp_path)  # said once: the next start goes straight to the title
    assert type(app3.screen).__name__ == "TitleScreen" and app3.store.game == first


def test_when_no_save_reads_the_notice_says_so(tmp_path):
    app, _ = boot(tmp_path)
    app.save_game(played("pawns-crossing", [0, 1], 2).encode())
    damage_newest(app)
    app.store.files.write((app.store.number - 1) % app.store.files.slots, bytes(64))  # the settings' first record
    app2, _ = boot(tmp_path)
    said = " ".join(words(app2))
    assert type(app2.screen).__name__ == "NoticeScreen" and "No older saved game" in said


def test_an_intact_store_says_nothing(tmp_path):
    app, _ = boot(tmp_path)
    app.save_game(played("pawns-crossing", [0, 1], 2).encode())
    assert type(boot(tmp_path)[0].screen).__name__ == "TitleScreen"


# -- setup remembers the last choices per game ------------------------------------------------------------------
def test_setup_starts_from_the_last_choices_for_that_game_even_after_a_restart(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress DOWN\npress A\n")  # New game, Pawns Crossing
    setup = app.screen
    default = list(setup.menu.items)
    run(runner, "press RIGHT\npress DOWN\npress LEFT\n")  # 3 players; the first seat a computer
    chosen = list(app.screen.menu.items)
    assert chosen != default
    run(runner, "press A\n")  # start
    assert type(app.screen).__name__ == "PlayScreen"
    app2, runner2 = boot(tmp_path)
    run(runner2, "press A\npress DOWN\npress A\npress DOWN\npress A\n")  # past Continue: New game, Pawns Crossing
    assert type(app2.screen).__name__ == "Setup" and app2.screen.name == "pawns-crossing"
    assert list(app2.screen.menu.items) == chosen
    run(runner2, "press B\npress A\n")  # another game keeps its own defaults
    assert app2.screen.name == "pave-the-way" and app2.screen.seats[:2] == [0, 2]


def test_a_remembered_setup_out_of_range_keeps_the_defaults(tmp_path):
    app, runner = boot(tmp_path)
    game_id = games.info("pawns-crossing").game_id
    app.settings.blocks[SETUP | game_id] = bytes([9, 0x77, 0xFF, 0, 0, 0, 0])
    run(runner, "press A\npress A\npress DOWN\npress A\n")
    setup = app.screen
    assert setup.player_count() == 2 and setup.seats[0] == 0 and setup.seats[1] == 2 and setup.teams[:2] == [1, 1]


# -- the settings record -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("old,expect", [
    (bytes((1, 4, 0)), (4, 0, 1, 1)), (bytes((2, 2, 1, 0)), (2, 1, 0, 1)),
    (bytes((3, 5, 0, 1, 0, 0)), (5, 0, 1, 0)), (bytes((4, 1, 1, 0, 0)), (1, 1, 0, 0)),
])
def test_older_settings_records_still_decode(old, expect):
    settings = Settings()
    settings.decode(old)
    assert (settings.brightness, settings.key_repeat, settings.level, settings.sound) == expect
    assert settings.blocks == {}


def test_settings_blocks_round_trip_in_key_order_and_unknown_kinds_are_kept():
    settings = Settings()
    settings.blocks = {STATS | 3: b"\x01\x02", SETUP | 1: b"abc", 0x900 | 2: b"?"}
    data = settings.encode()
    again = Settings()
    again.decode(data)
    assert again.blocks == settings.blocks and again.encode() == data
    assert data[5:8] == bytes((1, 1, 3))  # SETUP of game 1 first
    truncated = Settings()
    truncated.decode(data[:-1])  # a cut block is dropped, the rest read
    assert truncated.blocks == {SETUP | 1: b"abc", STATS | 3: b"\x01\x02"}


# -- statistics ------------------------------------------------------------------------------------------------------
def test_statistics_count_games_wins_by_the_strongest_level_and_the_solo_streak():
    settings = Settings()
    assert stats.record(settings, 3, [0], 0) == "Streak 1, best 1"
    assert stats.record(settings, 3, [0], 0) == "Streak 2, best 2"
    assert stats.record(settings, 3, [0], LOSS) == "Streak 0, best 2"
    assert stats.record(settings, 2, [0, 1, 2], 0) == "Won 1 of 1 vs normal"
    assert stats.record(settings, 2, [2, 0], 0) == "Won 1 of 2 vs normal"
    assert stats.record(settings, 2, [1, 0], 1) == "Won 1 of 1 vs easy"
    assert stats.record(settings, 2, [0, 0], 1) == "Games played: 4"
    assert stats.read(settings, 2)[:5] == [4, 1, 1, 2, 1]
    assert stats.lines(settings, 3)[-1] == "Solo streak: 0, best 2"
    assert len(settings.encode()) <= 5 + 2 * (3 + stats.SIZE)


def test_statistics_written_with_two_levels_still_load_and_gain_hard():
    # a block as the firmware wrote it before hard: games 9, easy 3 played 1 won, normal 5 played 2 won, solo
    # streak 4, best 7 (12 bytes)
    settings = Settings()
    settings.blocks[STATS | 2] = bytes((9, 0, 3, 0, 1, 0, 5, 0, 2, 0, 4, 7))
    assert stats.read(settings, 2) == [9, 3, 1, 5, 2, 0, 0, 4, 7]
    assert stats.lines(settings, 2) == ["Games played: 9", "Won vs easy: 1 of 3", "Won vs normal: 2 of 5",
                                        "Won vs hard: 0 of 0", "Solo streak: 4, best 7"]
    assert stats.record(settings, 2, [0, 3], 0) == "Won 1 of 1 vs hard"
    assert len(settings.blocks[STATS | 2]) == stats.SIZE == 16  # written back at the new size
    assert stats.read(settings, 2) == [10, 3, 1, 5, 2, 1, 1, 4, 7]
    again = Settings()
    again.decode(settings.encode())
    assert stats.read(again, 2) == [10, 3, 1, 5, 2, 1, 1, 4, 7]


def finished(tmp_path, board="pybadge"):
    """A race against the computer played to its end."""
    profile = make_profile(board, str(tmp_path / "nvm.bin"), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    runner = script.Runner(app, profile)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\n")
    session = app.screen.session
    for _ in range(400):
        if session.game.is_over():
            break
        run(runner, "press DOWN\npress A\nwait 100\npress B\n")
    assert session.game.is_over()
    return app, runner, session


@pytest.mark.parametrize("board", ["pybadge", "picosystem"])
def test_the_result_screen_and_settings_show_the_statistics(tmp_path, monkeypatch, board):
    monkeypatch.setattr(games, "GAMES", (race.INFO,) + games.GAMES)
    app, runner, session = finished(tmp_path, board)
    won = session.game.result() == 0
    line = "Won {} of 1 vs normal".format(1 if won else 0)
    assert line in words(app)
    assert app.store.settings == app.settings.encode()  # counted in the game's last write, no extra one
    app2, runner2 = boot(tmp_path, board)
    run(runner2, "press A\npress DOWN\npress A\npress DOWN 5\npress A\n")  # Settings, Statistics
    assert type(app2.screen).__name__ == "StatsScreen" and "Race" in words(app2)
    assert "Won vs normal: {} of 1".format(1 if won else 0) in words(app2) and "Games played: 1" in words(app2)
    run(runner2, "press RIGHT\n")
    assert "Pave the Way" in words(app2)
    run(runner2, "press B\n")
    assert type(app2.screen).__name__ == "SettingsScreen" and app2.screen.menu.choice == "Statistics"
