# SPDX-License-Identifier: MIT
"""Sound: tunes step through their notes between frames; moves, refusals and the end of a game are heard unless
Settings turn sound off; the title's demo is silent; a board without a speaker plays nothing."""

import pytest

from core import games
from firmware import sound
from firmware.app import App, Settings
from sim import script
from sim.board import make_profile
from tests.fixtures import race


class Recorder:
    def __init__(self):
        self.tones = []

    def tone(self, frequency):
        self.tones.append(frequency)


def test_a_tune_plays_its_notes_for_their_lengths_then_falls_silent():
    speaker = Recorder()
    player = sound.Sound(speaker)
    player.play(((440, 100), (0, 50), (880, 100)), 1000)
    heard = {}
    for now in range(1000, 1400, 10):
        player.tick(now)
        heard[now] = speaker.tones[-1] if speaker.tones else None
    assert heard[1000] == 440 and heard[1090] == 440 and heard[1100] == 0 and heard[1150] == 880
    assert heard[1250] == 0 and speaker.tones == [440, 0, 880, 0]


def test_sound_off_or_no_speaker_plays_nothing():
    speaker = Recorder()
    player = sound.Sound(speaker)
    player.enabled = False
    player.play(sound.WIN, 0)
    for now in range(0, 1000, 10):
        player.tick(now)
    assert speaker.tones == []
    silent = sound.Sound(None)
    silent.play(sound.WIN, 0)
    silent.tick(10)
    silent.stop()


@pytest.fixture
def race_registered(monkeypatch):
    monkeypatch.setattr(games, "GAMES", (race.INFO,))


def boot(tmp_path, board="pybadge"):
    profile = make_profile(board, str(tmp_path / "nvm.bin"), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    return app, profile, script.Runner(app, profile)


def run(runner, text):
    runner.run(script.parse(text))


def heard(profile):
    return [hz for _, hz in profile.speaker.tones]


def play_to_the_end(app, runner):
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\n")  # a race against the computer
    session = app.screen.session
    for _ in range(400):
        if session.game.is_over():
            break
        run(runner, "press DOWN\npress A\nwait 100\n")
    assert session.game.is_over()
    run(runner, "wait 2000\n")
    return session


def test_moves_and_the_end_of_a_game_are_heard(tmp_path, race_registered):
    app, profile, runner = boot(tmp_path)
    session = play_to_the_end(app, runner)
    tones = heard(profile)
    assert sound.MOVE[0][0] in tones
    end = sound.WIN if session.game.result() == 0 else sound.LOSS
    notes = [hz for hz, _ in end if hz]
    assert [hz for hz in tones if hz][-len(notes):] == notes and tones[-1] == 0  # the end tune, then silence


def test_sound_off_in_settings_is_kept_and_silences_the_game(tmp_path, race_registered):
    app, profile, runner = boot(tmp_path)
    run(runner, "press A\npress DOWN\npress A\npress DOWN 3\npress RIGHT\npress B\n")  # Settings: Sound off
    assert app.settings.sound == 0
    app, profile, runner = boot(tmp_path)  # a restart keeps it
    assert app.settings.sound == 0
    profile.speaker.tones.clear()
    play_to_the_end(app, runner)
    assert heard(profile) == []


def test_older_settings_keep_sound_on():
    settings = Settings()
    settings.decode(bytes((2, 4, 0, 0)))
    assert (settings.brightness, settings.key_repeat, settings.level, settings.sound) == (4, 0, 0, 1)
    settings.sound = 0
    again = Settings()
    again.decode(settings.encode())
    assert again.sound == 0


def test_the_demo_on_the_title_is_silent(tmp_path, race_registered):
    from firmware.screens.title import ATTRACT_MS

    app, profile, runner = boot(tmp_path)
    run(runner, "wait {}\n".format(ATTRACT_MS + 30000))
    assert app.screen.attract >= 2  # a whole demo game was played
    assert heard(profile) == []


def test_a_board_without_a_speaker_says_so_in_settings(tmp_path):
    app, profile, runner = boot(tmp_path, "picosystem")
    assert profile.speaker is None
    run(runner, "press A\npress DOWN\npress A\npress DOWN 3\npress RIGHT\n")
    assert "no speaker" in app.screen.menu.items[3]
