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
from firmware.store import Slots

# nvm layout: settings (two 64-byte slots), then the game save (two slots sharing the rest).
SETTINGS_OFFSET = 0
SETTINGS_SLOT = 64
SAVE_OFFSET = 128

BRIGHTNESS_LEVELS = 5


LEVELS = ("easy", "normal")  # every engine's Ai.LEVELS starts with these


class Settings:
    """The player's preferences, stored as a few bytes (version 3; version 1 lacked the level, 2 the sound and
    the launch mark). ``launch`` is set just before the program restarts to open the saved game on a fresh heap."""

    def __init__(self):
        self.brightness = 3  # LED grid level 1..BRIGHTNESS_LEVELS
        self.key_repeat = 1  # 0 off, 1 on
        self.level = 1  # the computer seats' level in a new game, an index into LEVELS
        self.sound = 1  # 0 off, 1 on
        self.launch = 0  # 1: at the next start, open the saved game

    def encode(self):
        return bytes((3, self.brightness, self.key_repeat, self.level, self.sound, self.launch))

    def decode(self, data):
        """Read any known version; a field an older version lacks keeps its default."""
        if data is None or (data[:1], len(data)) not in ((b"\x01", 3), (b"\x02", 4), (b"\x03", 6)):
            return
        if 1 <= data[1] <= BRIGHTNESS_LEVELS:
            self.brightness = data[1]
        if data[2] in (0, 1):
            self.key_repeat = data[2]
        if len(data) >= 4 and data[3] < len(LEVELS):
            self.level = data[3]
        if len(data) >= 6 and data[4] in (0, 1) and data[5] in (0, 1):
            self.sound = data[4]
            self.launch = data[5]


class App:
    def __init__(self, profile):
        self.profile = profile
        self.display = profile.display
        self.width = profile.WIDTH
        self.height = profile.HEIGHT
        self.keys = Keys(profile.buttons, profile.K_UP | profile.K_DOWN | profile.K_LEFT | profile.K_RIGHT)
        self.grid = LedGrid(profile.pixels, profile.led_index, profile.LED_BRIGHTNESS_MAX, profile.LED_CURRENT_BUDGET_MA)
        self.settings_store = Slots(profile.nvm, SETTINGS_OFFSET, SETTINGS_SLOT)
        self.save_store = Slots(profile.nvm, SAVE_OFFSET, (profile.NVM_BYTES - SAVE_OFFSET) // 2)
        self.settings = Settings()
        self.sound = Sound(profile.speaker)
        self.settings.decode(self.settings_store.load())
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
        self.settings_store.save(self.settings.encode())

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
            self.fail("Out of memory.\nYour last save is kept.\nPress A to restart.")
        self.grid.show()
        self.display.refresh()

    def start(self):
        """The title; or, right after :meth:`play` restarted the program, the saved game."""
        if self.settings.launch:
            self.settings.launch = 0
            self.save_settings()
            from firmware.session import SaveError, Session

            try:
                session = Session.decode(self.save_store.load())
            except SaveError as err:
                self.fail("The saved game could not be loaded: {}.".format(err))
                return
            self._show_game(session)
            return
        from firmware.screens.title import TitleScreen

        self.show(TitleScreen(self))

    def play(self, session):
        """Open a player's game (new or continued). Where the board can restart its program (the profile's
        ``reload``), the game is saved and the program restarts straight into it, so the game starts on a fresh
        heap free of the menus' fragments (platform-facts)."""
        reload = getattr(self.profile, "reload", None)
        if reload is None:
            self._show_game(session)
            return
        self.save_store.save(session.encode())
        self.settings.launch = 1
        self.save_settings()
        reload()

    def _show_game(self, session):
        from firmware.screens.play import PlayScreen

        self.show(PlayScreen(self, session))

    def run(self):
        """The device's main loop. A bug that raises shows the error screen instead of leaving a dead device;
        the save of the last completed action stays. (The simulator calls :meth:`step` itself, so there an
        exception fails the run instead.) A restart by ``reload()`` is a BaseException and passes through."""
        self.start()
        while True:
            try:
                self.step(self.profile.monotonic_ms())
            except Exception as err:
                print("error:", repr(err))  # to the serial console, for a bug report
                self.fail("{}: {}\nYour last save is kept.\nPress A to restart.".format(type(err).__name__, err))
