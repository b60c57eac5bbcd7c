# SPDX-License-Identifier: MIT
"""The firmware's heap on the device VM, along the paths the device takes.

    tools/mpfirmware.mpy BUILT_INS built-ins                          the heap the stand-ins take
    tools/mpfirmware.mpy BUILT_INS menus                              the board profile and the menus
    tools/mpfirmware.mpy BUILT_INS GAME CONFIG LEVEL SEED             a computer game played through the session
    tools/mpfirmware.mpy BUILT_INS screen GAME CONFIG LEVEL SEED MOVES the play screen, as the device shows it

(on the device VM, from tools.verify's built tree). The CircuitPython-only modules are stand-ins
(tools/verify.py): displayio, vectorio, terminalio and adafruit_pixelbuf hold on the heap what CircuitPython's
objects hold (tools/devicevm/standins), the hardware modules are inert. BUILT_INS names them, comma-separated: they
are imported (and microcontroller.nvm's 8 KB made) before the first reading, because on the device they are built
into the firmware and cost no heap; ``built-ins`` prints what they take on the VM, by which tools.verify enlarges
the VM's heap.

A game never shares the heap with the menus: ``App.play`` restarts the program into the game (``supervisor.reload``),
so the game runs import what code.py imports then (the board profile, the app, the play screen, the game's view,
engine and computer player) and no menu screen. Prints one JSON line of heap in use after a collection, in bytes:
``before_game`` once the board profile and the menu screens are imported; or ``game_ready`` once a session with a
computer in every seat is set up, ``peak`` the most in use after any move of the whole game, ``moves`` and, on the
device VM, ``pystack_peak`` (the Python stack's high-water mark in bytes).

``screen`` builds what the game run leaves out: the app (its store, LED grid, keys and prebuilt error screen), the
game decoded from the store as the restarted program does, and the play screen with the game's view, its labels and
bitmaps. The first seat is a human who asks for a hint every turn and plays it, and A steps through each recap; the
others are computers at LEVEL. It stops after MOVES moves or at the game's end; ``game_ready`` is the heap once the
play screen is shown. Running out of memory shows the firmware's error screen, which ends the run with an error.
"""

import gc
import sys


def menus():
    import firmware.app  # noqa: F401
    import firmware.screens.main_menu  # noqa: F401
    import firmware.screens.new_game  # noqa: F401
    import firmware.screens.title  # noqa: F401


def game(name, config, level, seed, base):
    import firmware.app  # noqa: F401
    from core import games
    from firmware.session import Session

    # in the device's order: App.resume decodes the saved session (its engine and computer player, the state's
    # checks), then shows the play screen, which imports the game's view
    ai = games.load(name, "ai")
    level_index = list(ai.Ai.LEVELS).index(level)
    rules = games.load(name, "rules")
    seats = [1 + level_index] * rules.Game(config, seed).player_count()
    session = Session.decode(Session.new(name, config, seats, seed).encode())
    gc.collect()
    import firmware.screens.play  # noqa: F401

    __import__("firmware.views." + name.replace("-", "_"))
    gc.collect()
    game_ready = gc.mem_alloc() - base
    peak = game_ready
    moves = 0
    while not session.game.is_over() and moves < 20000:
        session.computer_move()
        moves += 1
        gc.collect()
        used = gc.mem_alloc() - base
        if used > peak:
            peak = used
    print('{"game_ready": %d, "peak": %d, "moves": %d, "pystack_peak": %d}' % (game_ready, peak, moves,
                                                                                _pystack_peak()))


class _Player:
    """The buttons of a player who asks for a hint on every turn and plays it: START, down the pause menu to Hint, A;
    A again plays the hint; A steps through each recap of the computers' turns. Each press is one frame down and one
    up, as keypad reports a tap."""

    def __init__(self, profile):
        self.profile = profile
        self.app = None
        self.last = 0

    def get_pressed(self):
        if self.last:
            self.last = 0
            return 0
        self.last = self._press()
        return self.last

    def _press(self):
        screen = self.app.screen
        profile = self.profile
        if screen is self.app.error_screen or screen.steps is not None or screen.session.computer_to_move():
            return 0  # thinking; the run stops at an error
        if screen.view.replay is not None:  # a recap
            return profile.K_A
        if screen.pause is not None:
            return profile.K_A if screen.pause.choice == "Hint" else profile.K_DOWN
        if screen.note.startswith("Hint: "):
            return profile.K_A
        return profile.K_START


class _Display:
    """board.DISPLAY: the root group it shows (the framebuffer is not in the heap on the device)."""

    root_group = None

    def refresh(self):
        pass


def screen(profile, nvm, name, config, level, seed, most_moves, base):
    """A human (the first seat, who plays the hint every turn) against computers at ``level``, through the app and
    its play screen as the device shows it: decoded from the store, recaps, hints and the view's cursor."""
    from core import games
    from firmware.app import App
    from firmware.session import Session

    player = profile.buttons = _Player(profile)
    profile.display = _Display()
    profile.nvm = nvm
    profile.save_files = None
    app = player.app = App(profile)
    computer = 1 + list(games.load(name, "ai").Ai.LEVELS).index(level)
    seats = [0] + [computer] * (games.load(name, "rules").Game(config, seed).player_count() - 1)
    app.save_game(Session.new(name, config, seats, seed).encode())
    gc.collect()
    app.resume(in_place=True)  # as the device's program does, restarted into the saved game
    play = app.screen
    after_move = play._after_move
    moves = [0]

    def counted(previous_player, human=False):
        moves[0] += 1
        after_move(previous_player, human)

    play._after_move = counted
    gc.collect()
    game_ready = gc.mem_alloc() - base
    peak = game_ready
    now = frames = seen = 0
    while app.screen is play and not play.session.game.is_over() and seen < most_moves:
        now += 40
        frames += 1
        app.step(now)
        if moves[0] != seen:
            seen = moves[0]
            gc.collect()
            peak = max(peak, gc.mem_alloc() - base)
    if app.screen is not play:
        said = " ".join(line.text for line in getattr(app.screen, "lines", ()))
        raise SystemExit("the play screen was left for another: " + said)
    print('{"game_ready": %d, "peak": %d, "moves": %d, "frames": %d, "pystack_peak": %d}' % (
        game_ready, peak, seen, frames, _pystack_peak()))


def _pystack_peak():
    """The Python stack's high-water mark on the device VM, -1 elsewhere."""
    try:
        import devicevm

        return devicevm.pystack_peak()
    except ImportError:
        return -1


def _load_profile():
    """The PyBadge's profile, loaded as code.py loads it: nothing keeps boards.select once this returns."""
    from boards.select import load

    return load("pybadge")


def main(argv):
    gc.collect()
    before = gc.mem_alloc()
    for module in argv[0].split(","):
        __import__(module)
    nvm = bytearray(8192)  # microcontroller.nvm, flash on the device: a built-in, outside the heap measured
    gc.collect()
    base = gc.mem_alloc()
    if argv[1] == "built-ins":
        print('{"built_ins": %d, "free": %d}' % (base - before, gc.mem_free()))
        return
    profile = _load_profile()
    if argv[1] == "screen":
        screen(profile, nvm, argv[2], argv[3], argv[4], int(argv[5]), int(argv[6]), base)
        return
    if argv[1] == "menus":
        menus()
        gc.collect()
        print('{"before_game": %d}' % (gc.mem_alloc() - base))
    else:
        game(argv[1], argv[2], argv[3], int(argv[4]), base)


main(sys.argv[1:])
