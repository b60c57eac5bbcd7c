# SPDX-License-Identifier: MIT
"""Button fuzzing through the headless simulator: random presses, holds and mashing on every screen.

    python -m tools.fuzz_buttons GAME [--events N] [--seed S] [--board B]

Each episode boots the firmware, starts a game of GAME from the menus with random seats, then sends random
button events (single presses, long holds, mashing several keys at once, waits during computer turns). It fails
if the firmware raises, if the game on the device is not the one its move record replays to, or if the title
screen cannot be reached from the pause menu (START, "Save and quit", B). Prints the figures and exits 1 on the
first failure, naming the seed and event to replay it.
"""

import argparse
import random
import sys

from core import games
from core.notation import format_record, replay_record

KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")
FRAME_MS = 20


class FuzzFailure(Exception):
    pass


class Recorder:
    """Wraps a session so every move that reaches the game is recorded (undo pops the record)."""

    def __init__(self):
        self.moves = []
        self.session = None
        self.recorded = 0  # moves of earlier sessions
        self.sessions = 0
        self.finished = 0

    def attach(self, session):
        if session is self.session:
            return
        self.recorded += len(self.moves)
        self.sessions += 1
        self.counted_end = False
        self.session = session
        self.moves = []
        self.start = session.game.clone()
        human, computer, undo = session.human_move, session.play_computer, session.undo

        def human_move(move):
            human(move)
            self.moves.append(move)

        def play_computer(move):
            computer(move)
            self.moves.append(move)

        def undo_move():
            undo()
            self.moves.pop()

        session.human_move, session.play_computer, session.undo = human_move, play_computer, undo_move

    def check(self, app):
        """The session's game must be what its seed, config and record replay to, a recap running or not."""
        session = self.session
        game_now = session.game
        rules = session.rules
        notation = games.load(session.name, "notation")
        replayed = self.start.clone()
        for move in self.moves:
            replayed.apply(move)
        if replayed.encode() != game_now.encode():
            raise FuzzFailure("the game differs from its record's replay")
        # and the text record round-trips through the shared parser
        texts = []
        game = self.start.clone()
        for move in self.moves:
            texts.append(notation.format_move(game, move))
            game.apply(move)
        names = lambda name: (rules, notation) if name == session.name else None
        if self.start.encode() == rules.Game(self.start.config, session.seed).encode():
            record = format_record(session.name, self.start.config, session.seed, texts, game.result())
            again, _ = replay_record(record, names)
            if again.encode() != game_now.encode():
                raise FuzzFailure("the text record does not replay to the game")


def _press(profile, runner, key, frames=1):
    bit = profile.key_bits[key]
    profile.buttons.press(bit)
    for _ in range(frames):
        runner.frame()
    profile.buttons.release(bit)
    runner.frame()


def _screen(app):
    return type(app.screen).__name__


def start_game(app, profile, runner, name, rng):
    """From boot, through the menus, into a new game of ``name`` with random seats and players."""
    _press(profile, runner, "A")  # title -> main menu
    menu = app.screen.menu
    menu.cursor = menu.items.index("New game")
    _press(profile, runner, "A")
    choice = app.screen
    choice.menu.cursor = choice.names.index(name)
    _press(profile, runner, "A")
    setup = app.screen
    for _ in range(rng.randrange(12)):
        _press(profile, runner, rng.choice(("UP", "DOWN", "LEFT", "RIGHT")))
    setup.menu.cursor = len(setup.menu.items) - 1
    _press(profile, runner, "A")
    if _screen(app) == "NoticeScreen":  # a game is saved: the new one replaces it, yes
        _press(profile, runner, "A")
    if _screen(app) != "PlayScreen":
        raise FuzzFailure("the Start row did not start a game")


def back_to_title(app, profile, runner):
    """From a game: START, 'Save and quit', then B from the main menu must reach the title screen."""
    for _ in range(200):  # a computer turn may need frames first; an open pause menu is closed with B
        if _screen(app) != "PlayScreen" or app.screen.mode in (0, 1, 3):
            break
        if app.screen.mode == 2:
            _press(profile, runner, "B")
        else:
            runner.frame()
    if _screen(app) != "PlayScreen":
        return
    if app.screen.mode == 3:  # finished: after the result's hold, 'Main menu' in its menu
        from firmware.screens.play import RESULT_HOLD_MS

        screen = app.screen
        while app.now - screen.over_at < RESULT_HOLD_MS:
            runner.frame()
        screen.end_menu.cursor = screen.end_menu.items.index("Main menu")
        _press(profile, runner, "A")
    else:
        _press(profile, runner, "START")
        pause = app.screen.pause
        pause.cursor = pause.items.index("Save and quit")
        _press(profile, runner, "A")
    _press(profile, runner, "B")
    if _screen(app) != "TitleScreen":
        raise FuzzFailure("the title screen was not reached from the pause menu (at {})".format(_screen(app)))


def fuzz(name, events, seed, board="pybadge", episode_events=2000):
    """Run ``events`` random button events on game ``name``; return figures. Raises FuzzFailure."""
    from firmware.app import App
    from firmware.screens import play
    from sim import script
    from sim.board import make_profile

    recorder = Recorder()
    original_init = play.PlayScreen.__init__

    def recorded_init(screen, app, session):
        # before the screen can let a computer move; a tutorial's session is the lesson's script, not the game's
        if type(screen).__name__ != "TutorialScreen":
            recorder.attach(session)
        original_init(screen, app, session)

    play.PlayScreen.__init__ = recorded_init
    try:
        return _fuzz(name, events, seed, board, episode_events, recorder, App, script, make_profile)
    finally:
        play.PlayScreen.__init__ = original_init


def _fuzz(name, events, seed, board, episode_events, recorder, App, script, make_profile):
    rng = random.Random(seed)
    figures = {"events": 0, "episodes": 0}
    while figures["events"] < events:
        profile = make_profile(board, None, simulated_time=True, seed=rng.randrange(1 << 30))
        app = App(profile)
        app.start()
        runner = script.Runner(app, profile)
        runner.frame()
        recorder.session = None
        start_game(app, profile, runner, name, rng)
        figures["episodes"] += 1
        for step in range(min(episode_events, events - figures["events"])):
            figures["events"] += 1
            where = "seed {} event {}".format(seed, figures["events"])
            roll = rng.random()
            try:
                if roll < 0.70:
                    _press(profile, runner, rng.choice(KEYS))
                elif roll < 0.80:
                    _press(profile, runner, rng.choice(KEYS), rng.randrange(10, 60))  # a long hold
                elif roll < 0.90:
                    bits = 0
                    for key in rng.sample(KEYS, rng.randrange(2, 5)):  # mashing
                        bits |= profile.key_bits[key]
                    profile.buttons.press(bits)
                    runner.frame()
                    profile.buttons.release(bits)
                    runner.frame()
                else:
                    for _ in range(rng.randrange(1, 30)):
                        runner.frame()
            except Exception as err:
                raise FuzzFailure("{}: the firmware raised {!r}".format(where, err))
            app = runner.app  # a new App when the firmware restarted its program (a tutorial opened or ended)
            if app.screen is app.error_screen:
                raise FuzzFailure("{}: error screen".format(where))
            if _screen(app) == "PlayScreen" and recorder.session.game.is_over() and not recorder.counted_end:
                recorder.counted_end = True
                recorder.finished += 1
            elif _screen(app) in ("TitleScreen", "MainMenu") and rng.random() < 0.2:
                app.show(__import__("firmware.screens.title", None, None, ["TitleScreen"]).TitleScreen(app))
                start_game(app, profile, runner, name, rng)
            if recorder.session is not None and step % 250 == 0:
                try:
                    recorder.check(app)
                except FuzzFailure as err:
                    raise FuzzFailure("{}: {}".format(where, err))
        if recorder.session is not None:
            recorder.check(app)
        back_to_title(app, profile, runner)
    figures["games"] = recorder.sessions
    figures["finished_games"] = recorder.finished
    figures["moves"] = recorder.recorded + len(recorder.moves)
    return figures


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.fuzz_buttons", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--events", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--board", default="pybadge")
    options = parser.parse_args(argv)
    try:
        figures = fuzz(options.game, options.events, options.seed, options.board)
    except FuzzFailure as err:
        print("FAILED: {}".format(err))
        return 1
    print(" ".join("{}={}".format(key, figures[key]) for key in sorted(figures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
