# SPDX-License-Identifier: MIT
"""The application: owns the board profile, the input, the LED grid, the stored records and the current screen.

``App(profile).run()`` is the device's main loop; the simulator calls :meth:`App.step` itself with simulated
time. Each step polls the keys, lets the screen react and animate, then pushes the LED grid and refreshes the
display once.
"""

import gc

from firmware.input import Keys
from firmware.leds import LedGrid
from firmware.sound import Sound
from firmware.settings import Settings
from firmware.store import Store

OUT_OF_MEMORY = "Out of memory.\nYour last save is kept.\nPress A to restart."


class App:
    def __init__(self, profile):
        self.profile = profile
        self.display = profile.display
        self.width = profile.WIDTH
        self.height = profile.HEIGHT
        self.keys = Keys(profile.buttons, profile.K_UP | profile.K_DOWN | profile.K_LEFT | profile.K_RIGHT)
        self.grid = LedGrid(profile.pixels, profile.led_index, profile.LED_BRIGHTNESS_MAX,
                            profile.LED_CURRENT_BUDGET_MA)
        self.store = Store(profile.nvm, getattr(profile, "save_files", None))
        self.settings = Settings()
        self.sound = Sound(profile.speaker)
        self.settings.decode(self.store.settings)
        self.apply_settings()
        self.screen = None
        self.now = 0
        # Built up front: when memory runs out later, this screen still has what it needs to show.
        from firmware.screens.error import ErrorScreen

        self.error_screen = ErrorScreen(self)

    def apply_settings(self):
        self.grid.set_level(self.settings.brightness)
        self.keys.delay_ms = 400 if self.settings.key_repeat else 0x3FFFFFFF
        self.sound.enabled = bool(self.settings.sound)
        if not self.sound.enabled:
            self.sound.stop()

    def save_settings(self):
        """Save the settings, unless the newest record holds them already (every save is a flash erase)."""
        data = self.settings.encode()
        if data != self.store.settings:
            self.store.save_settings(data)

    def autosave(self, session):
        """The autosave after a human's turn: on the drive only. In nvm alone (the drive lent to the computer) every
        save erases the whole nvm, whose rated endurance is far too low for it (docs/device.md, "Flash wear"), so
        there the game is saved only when opened, on Save and quit, and at its end."""
        if self.store.on_drive:
            self.save_game(session.encode())
            session.saved()

    def save_game(self, data):
        """Save a game's record (None: no game, as at a game's end), unless it is the newest already."""
        if data != self.store.game or self.store.settings is None:
            self.store.save(self.settings.encode(), data)

    def go(self, where, *args, **kwargs):
        """Show the screen ``where`` names, ``"module.Class"`` under ``firmware/screens``, built with this app and
        ``args``. Screens reach each other by name through here, so no screen module imports another."""
        module_name, class_name = where.split(".")
        module = __import__("firmware.screens." + module_name, None, None, [class_name])
        self.screen = None
        gc.collect()  # the import's and the old screen's garbage: the new screen's bitmaps need whole blocks
        self.show(getattr(module, class_name)(self, *args, **kwargs))

    def show(self, screen):
        """Make ``screen`` current: it takes the display, the LED grid and the keys from the next frame."""
        self.screen = None
        gc.collect()
        self.screen = screen
        self.display.root_group = screen.group
        self.keys.clear()
        self.grid.clear()
        screen.draw_leds(self.grid)

    def fail(self, message):
        """Show the error screen; the stored save is left as it was."""
        self.screen = None
        gc.collect()
        self.error_screen.set_message(message)
        self.screen = self.error_screen
        self.display.root_group = self.error_screen.group
        self.keys.clear()

    def step(self, now):
        """One frame: input, screen logic, LED grid, display."""
        self.now = now
        try:
            pressed = self.keys.poll(now)
            if pressed:
                self.screen.key(pressed)
            self.screen.tick(now)
            self.sound.tick(now)
        except MemoryError:
            self.fail(OUT_OF_MEMORY)
        self.grid.show()
        self.display.refresh()

    def start(self, tutorial=None):
        """The title; or the tutorial of the game ``tutorial`` names (its entry file started this program:
        firmware.tutorials.open_tutorial); or, when :meth:`play` restarted the program to open the saved game, that
        game."""
        self.now = self.profile.monotonic_ms()  # the first screen's clock: the title's idle time starts now
        if tutorial is not None:
            self.go("tutorial.TutorialScreen", tutorial)
            return
        relaunched = getattr(self.profile, "relaunched", None)
        if relaunched is not None and relaunched() and self.store.game is not None:
            self.resume(in_place=True)
            return
        if self.store.damaged:
            from firmware.saved import say_damaged

            say_damaged(self)
            return
        self.go("title.TitleScreen")

    def resume(self, in_place=False):
        """Open the saved game. When the engine refuses the newest save (it passed its CRC but is not a state the
        game can reach), fall back to the save before it, and say so; when none loads, say so once and save that
        there is no game, so the menu stops offering Continue. ``in_place``: open it in this program (just
        restarted by :meth:`play`) instead of through :meth:`play`."""
        from firmware.session import same_game

        newest = self.store.game
        session, refused = _decode(newest)
        if session is None:
            for older in self.store.older_games():
                if not same_game(newest, older):
                    break
                session = _decode(older)[0]
                if session is not None:
                    break
        if session is None:
            self.save_game(None)
            self.fail("The saved game could not be loaded: {}. No older save of it loads either.".format(refused))
            return
        opening = self._show_game if in_place else self.play
        if refused is None:
            opening(session)
            return
        text = "The last save could not be loaded: {}. This is the save before it.".format(refused)
        self.go("notice.NoticeScreen", "Saved game", text, lambda: opening(session))

    def play(self, session):
        """Open a player's game (new or continued). It is saved first (a continued game's save is the newest
        already), then, where the board can restart its program (the profile's ``reload``), the program restarts
        straight into it, so the game starts on a fresh heap free of the menus' fragments (platform-facts)."""
        self.save_game(session.encode())
        session.saved()
        reload = getattr(self.profile, "reload", None)
        if reload is None:
            self._show_game(session)
            return
        reload()

    def _show_game(self, session):
        self.go("play.PlayScreen", session)

    def crashed(self, err):
        """Show ``err`` on the error screen; the stored save is left as it was."""
        print("error:", repr(err))  # to the serial console, for a bug report
        if isinstance(err, MemoryError):
            self.fail(OUT_OF_MEMORY)
        else:
            self.fail("{}: {}\nYour last save is kept.\nPress A to restart.".format(type(err).__name__, err))

    def run(self, tutorial=None):
        """The device's main loop (``tutorial``: see :meth:`start`). A bug that raises, while opening the title or
        a game or later, shows the error screen instead of leaving a dead device; the save of the last completed
        turn stays. (The simulator calls :meth:`step` itself, so there an exception fails the run instead.) A
        restart by ``reload()`` is a BaseException and passes through."""
        try:
            self.start(tutorial)
        except Exception as err:
            self.crashed(err)
        while True:
            try:
                self.step(self.profile.monotonic_ms())
            except Exception as err:
                self.crashed(err)


def _wrap(text, width):
    """``text`` in lines of at most ``width`` characters, broken at spaces (firmware.ui may be what failed)."""
    lines = []
    line = ""
    for word in text.split(" "):
        while len(word) > width:
            lines.append(word[:width])
            word = word[width:]
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    lines.append(line)
    return lines


def _decode(data):
    """(session, None) for a save the game accepts, else (None, why not). Any error but running out of memory is a
    refusal: an engine that trips over a damaged state must not leave a Continue that always fails."""
    from firmware.session import SaveError, Session

    try:
        return Session.decode(data), None
    except MemoryError:
        raise
    except SaveError as err:
        return None, str(err)
    except Exception as err:
        return None, "{}: {}".format(type(err).__name__, err)


def main(profile, tutorial=None):
    """The device's program (code.py; a tutorial's entry file passes its game): build the app and run it. If even
    building it fails (out of memory, say), the error is shown with the board's display alone, and A restarts the
    program; the save is not touched."""
    try:
        app = App(profile)
    except Exception as err:
        app = None
        gc.collect()
        fatal(profile, err)
    if app is not None:
        app.run(tutorial)


def fatal(profile, err):
    """Show ``err`` without the app (which could not be built), wait for A, then restart the program."""
    print("error:", repr(err))
    text = "Out of memory." if isinstance(err, MemoryError) else "{}: {}".format(type(err).__name__, err)
    try:
        import displayio
        import terminalio
        from adafruit_display_text import label

        group = displayio.Group()
        group.append(label.Label(terminalio.FONT, text="Something went wrong", color=0xFF4040, x=4, y=8))
        lines = _wrap(text, (getattr(profile, "WIDTH", 160) - 8) // 6)[:3] + ["Your save is kept.", "A: restart"]
        for row in range(len(lines)):
            group.append(label.Label(terminalio.FONT, text=lines[row], color=0xFFFFFF, x=4, y=28 + 14 * row))
        profile.display.root_group = group
        profile.display.refresh()
    except Exception as shown:  # even that failed: the serial console has the error
        print("error:", repr(shown))
    while not profile.buttons.get_pressed() & profile.K_A:
        pass
    reload = getattr(profile, "reload", None)
    if reload is not None:
        reload()
