# SPDX-License-Identifier: MIT
"""Scripts for the headless simulator: key presses, holds, waits in simulated time, screenshots.

One command a line; '#' starts a comment::

    press A              press and release (down for one frame)
    press DOWN 3         the same, three times
    hold RIGHT 800       hold a key for 800 ms of simulated time
    wait 500             let 500 ms of simulated time pass
    screenshot title     write title.png (the TFT) and title-leds.png (the LED grid) to --screenshot-dir

Keys: UP DOWN LEFT RIGHT A B START SELECT. Time only passes in whole frames of ``FRAME_MS``.
"""

FRAME_MS = 20
KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")


class ScriptError(ValueError):
    pass


def parse(text):
    """Return a list of (line number, command, args) tuples; raise ScriptError naming the line."""
    commands = []
    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        name, args = words[0].lower(), words[1:]
        if name == "press":
            if len(args) not in (1, 2) or args[0].upper() not in KEYS:
                raise ScriptError("line {}: press KEY [COUNT], KEY one of {}".format(number, " ".join(KEYS)))
            count = _number(number, args[1]) if len(args) == 2 else 1
            commands.append((number, "press", (args[0].upper(), count)))
        elif name == "hold":
            if len(args) != 2 or args[0].upper() not in KEYS:
                raise ScriptError("line {}: hold KEY MS".format(number))
            commands.append((number, "hold", (args[0].upper(), _number(number, args[1]))))
        elif name == "wait":
            if len(args) != 1:
                raise ScriptError("line {}: wait MS".format(number))
            commands.append((number, "wait", (_number(number, args[0]),)))
        elif name == "screenshot":
            if len(args) != 1:
                raise ScriptError("line {}: screenshot NAME".format(number))
            commands.append((number, "screenshot", (args[0],)))
        else:
            raise ScriptError("line {}: unknown command '{}'".format(number, words[0]))
    return commands


def _number(line, text):
    try:
        value = int(text)
    except ValueError:
        raise ScriptError("line {}: '{}' is not a whole number".format(line, text))
    if value < 0:
        raise ScriptError("line {}: '{}' must not be negative".format(line, text))
    return value


class Runner:
    """Drives an App on a simulated profile with simulated time."""

    def __init__(self, app, profile, screenshot=None):
        self.app = app
        self.profile = profile
        self.screenshot = screenshot  # callable(name)
        self.reloads = 0

    def frame(self):
        from sim.board import step

        self.profile.clock.now += FRAME_MS
        app = step(self.app, self.profile, self.profile.clock.now)
        if app is not self.app:  # the firmware restarted its program: a new App on the same board and storage
            self.app = app
            self.reloads += 1

    def run_for(self, ms):
        for _ in range(max(1, ms // FRAME_MS)):
            self.frame()

    def run(self, commands):
        bits = self.profile.key_bits
        self.frame()  # the firmware's first frame: what the device shows right after boot
        for _, name, args in commands:
            if name == "press":
                for _ in range(args[1]):
                    self.profile.buttons.press(bits[args[0]])
                    self.frame()
                    self.profile.buttons.release(bits[args[0]])
                    self.frame()
            elif name == "hold":
                self.profile.buttons.press(bits[args[0]])
                self.run_for(args[1])
                self.profile.buttons.release(bits[args[0]])
                self.frame()
            elif name == "wait":
                self.run_for(args[0])
            elif name == "screenshot" and self.screenshot is not None:
                self.screenshot(args[0])
