# SPDX-License-Identifier: MIT
"""Saves through the whole firmware on the simulated board (issue 20): the end of a game is one write, a refused
save falls back to the one before it (and says so), errors while building the app or opening a game show an error
screen and keep the save, the simulator's storage files are replaced atomically, and a game continued from any save
plays on as it would have."""

import os

import pytest

from core import games
from firmware.app import App
from firmware.session import Session
from sim import script
from sim.board import Nvm, Reload, board_names, make_profile, read_constants
from sim.flash import PowerCut
from tests.fixtures import race


@pytest.fixture(autouse=True)
def race_registered(monkeypatch):
    monkeypatch.setattr(games, "GAMES", (race.INFO,) + games.GAMES)


def boot(tmp_path, reloads=False, relaunch=False):
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3, reloads=reloads)
    if relaunch:
        profile.mark_relaunch()
    app = App(profile)
    app.start()
    return app, script.Runner(app, profile)


def run(runner, text):
    runner.run(script.parse(text))


def screen_text(app):
    return " ".join(getattr(item, "text", "") for item in app.screen.group)


def counted(app, monkeypatch):
    writes = []
    real = app.store.save
    monkeypatch.setattr(app.store, "save", lambda settings, game: (writes.append(game), real(settings, game))[1])
    return writes


# -- the end of a game ----------------------------------------------------------------------------------------------
def test_the_end_of_a_game_is_one_write_and_a_cut_in_it_keeps_the_last_save(tmp_path, monkeypatch):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\n")  # a race against the computer
    session = app.screen.session
    files = app.profile.save_files
    writes = counted(app, monkeypatch)
    while True:  # play until the human's next move ends the game
        last_save = app.store.game
        probe = session.game.clone()
        probe.apply(race.ROLL)
        if probe.is_over():
            break
        run(runner, "press DOWN\npress A\nwait 200\npress B\n")  # B skips the recap of the computer's turn
        assert not session.game.is_over()
    before = len(writes)
    state = bytes(files.flash.data)
    files.flash.cut = 8  # the power fails in the header of the one write that ends the game
    with pytest.raises(PowerCut):
        run(runner, "press DOWN\npress A\n")
    assert len(writes) == before + 1 and writes[-1] is None  # one write: a newer record that holds no game
    again, _ = boot(tmp_path)
    assert again.store.game == last_save  # the save before the end loads: Continue replays the last turn
    files.flash.data[:] = state
    assert boot(tmp_path)[0].store.game == last_save


# -- a save the engine refuses ----------------------------------------------------------------------------------------
def refused(record):
    """A copy of a race save that passes every check but the engine's: its player to move is out of range."""
    data = bytearray(record)
    data[len(data) - race.Game.STATE_BYTES + race.TO_MOVE] = 9
    with pytest.raises(Exception):
        Session.decode(bytes(data))
    return bytes(data)


def test_a_refused_newest_save_falls_back_to_the_one_before_and_says_so(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\n")
    run(runner, "press DOWN\npress A\nwait 200\n")  # one turn each: saved after the human's
    older = app.store.game
    app.save_game(refused(older))  # the newest record: whole, but the engine refuses it
    app2, runner2 = boot(tmp_path)
    run(runner2, "press A\n")
    assert app2.screen.menu.items[0] == "Continue: Race"
    run(runner2, "press A\n")
    assert type(app2.screen).__name__ == "NoticeScreen"
    assert "could not be loaded" in screen_text(app2) and "before it" in screen_text(app2)
    run(runner2, "press A\n")
    assert type(app2.screen).__name__ == "PlayScreen" and app2.screen.session.encode() == older
    assert app2.store.game == older  # the older save is the newest again


def test_a_refused_save_after_a_restart_into_it_falls_back_too(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\n")
    run(runner, "press DOWN\npress A\nwait 200\n")
    older = app.store.game
    app.save_game(refused(older))
    app2, runner2 = boot(tmp_path, relaunch=True)  # as after the firmware restarted into the saved game
    assert type(app2.screen).__name__ == "NoticeScreen"
    run(runner2, "press A\n")
    assert type(app2.screen).__name__ == "PlayScreen" and app2.screen.session.encode() == older


# -- errors at start-up ---------------------------------------------------------------------------------------------
def test_out_of_memory_while_opening_the_saved_game_shows_the_error_screen_and_keeps_the_save(tmp_path, monkeypatch):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\npress DOWN\npress A\nwait 200\n")
    saved = app.store.game
    from firmware.screens import play

    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(play, "PlayScreen", exhausted)
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3, reloads=True)
    profile.mark_relaunch()
    app2 = App(profile)
    frames = []

    def clock():
        frames.append(1)
        if len(frames) > 2:
            raise KeyboardInterrupt  # ends the device loop of the test
        return len(frames) * 20

    profile.monotonic_ms = clock
    with pytest.raises(KeyboardInterrupt):
        app2.run()  # the device's loop: start() opens the game and runs out of memory
    assert app2.screen is app2.error_screen
    assert "Out of memory" in " ".join(line.text for line in app2.error_screen.lines)
    assert App(profile).store.game == saved


def test_an_error_while_building_the_app_is_shown_and_a_restart_follows(tmp_path, monkeypatch):
    from firmware import app as app_module

    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\npress DOWN\npress A\nwait 200\n")
    saved = app.store.game
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3, reloads=True)

    def exhausted(self, profile):
        raise MemoryError

    monkeypatch.setattr(app_module.App, "__init__", exhausted)
    profile.buttons.press(profile.K_A)  # the player presses A on the error
    with pytest.raises(Reload):
        app_module.main(profile)
    shown = [item.text for item in profile.display.root_group if hasattr(item, "text")]
    assert "Out of memory." in shown and "Your save is kept." in shown
    monkeypatch.undo()
    monkeypatch.setattr(games, "GAMES", (race.INFO,) + games.GAMES)
    assert App(profile).store.game == saved


# -- the simulator's storage files ----------------------------------------------------------------------------------
def test_the_simulators_nvm_file_is_replaced_through_a_synced_temporary_file(tmp_path, monkeypatch):
    path = str(tmp_path / "nvm.bin")
    nvm = Nvm(8192, path, 8192)
    nvm[0:5] = b"first"
    calls = []
    real_fsync = os.fsync
    real_replace = os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append(("replace", os.path.basename(a))),
                                                      real_replace(a, b))[1])
    nvm[0:6] = b"second"
    assert calls[0] == "fsync" and calls[1] == ("replace", "nvm.bin.tmp")
    assert Nvm(8192, path, 8192).data[:6] == b"second"

    def killed(a, b):  # the simulator is killed after writing the temporary file, before the rename
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        nvm[0:5] = b"third"
    assert Nvm(8192, path, 8192).data[:6] == b"second"  # the file is whole: the old contents


def test_the_simulated_drive_keeps_its_slots_across_restarts(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\npress DOWN\npress A\nwait 200\n")
    saved = app.store.game
    assert app.store.on_drive and os.path.isdir(str(tmp_path / "nvm.bin.drive"))
    assert boot(tmp_path)[0].store.game == saved


def test_with_the_drive_lent_to_the_computer_saves_go_to_nvm_without_autosave_and_settings_say_so(tmp_path,
                                                                                                   monkeypatch):
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3, drive="host")
    app = App(profile)
    app.start()
    runner = script.Runner(app, profile)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\n")
    opened = app.store.game
    assert not app.store.on_drive and app.store.place < 0 and opened is not None  # saved when it opened
    writes = counted(app, monkeypatch)
    # two human turns (B skips the recap between them): no autosave
    run(runner, "press DOWN\npress A\nwait 200\npress B\npress DOWN\npress A\nwait 200\n")
    assert writes == [] and app.store.game == opened
    run(runner, "press START\npress UP\npress A\n")  # Save and quit
    assert len(writes) == 1 and app.store.game == writes[0] != opened
    run(runner, "press DOWN 2\npress A\npress UP\n")  # Settings, the last row: Saves
    assert app.screen.menu.choice == "Saves: in nvm only"
    run(runner, "press A\n")
    text = screen_text(app)
    assert "nvm only" in text and "no autosave" in text and "250 ms" in text and "SELECT" in text


def test_the_wear_budget_gives_five_years_of_ten_games_a_day_on_every_board():
    from tools import wear

    # wear follows the mean: single games vary (Pave the Way's first pass-and-play game 198 writes, the mean 110)
    worst = max(writes for _, writes in wear.survey(games=10))
    for name in board_names():
        slots = read_constants(name)["SAVE_SLOTS"]
        assert wear.years(worst, slots, wear.DRIVE_ENDURANCE) >= wear.YEARS_WANTED
