# SPDX-License-Identifier: MIT
"""Settings: LED brightness, key repeat, the computer's level in new games, sound, the LED wiring test, where
the saves are kept and what a power cut can cost on this board, and each game's statistics.

Left/right change a value (A also steps it); A on "LED test" runs the test, on "Saves" explains, on "Statistics"
shows them; B saves and goes back.
"""

from firmware import sound, ui
from firmware.settings import BRIGHTNESS_LEVELS, LEVELS

BRIGHTNESS, REPEAT, LEVEL, SOUND, LED_TEST, STATISTICS, SAVES = 0, 1, 2, 3, 4, 5, 6


class SettingsScreen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.text_label("Settings", 4, 4, ui.ACCENT))
        self.menu = ui.Menu(0, 24, app.width, 7, self._items())
        self.group.append(self.menu.group)
        self.group.append(ui.text_label("<> change  B back", 4, app.height - 14, ui.DIM))

    def _items(self):
        s = self.app.settings
        return ["LED brightness {}/{}".format(s.brightness, BRIGHTNESS_LEVELS),
                "Key repeat {}".format("on" if s.key_repeat else "off"),
                "Computer {}".format(LEVELS[s.level]),
                "Sound {}".format(("off", "on")[s.sound] if self.app.profile.speaker else "(no speaker)"),
                "LED test",
                "Statistics",
                "Saves: on the drive" if self.app.store.on_drive else "Saves: in nvm only"]

    def key(self, pressed):
        profile = self.app.profile
        s = self.app.settings
        step = (pressed & profile.K_RIGHT and 1) or (pressed & profile.K_LEFT and -1) or 0
        if self.menu.navigate(pressed, profile.K_UP, profile.K_DOWN):
            return
        row = self.menu.cursor
        if row == LED_TEST and pressed & profile.K_A:
            self.app.show(LedTestScreen(self.app))
        elif row == STATISTICS and pressed & profile.K_A:
            self.app.show(StatsScreen(self.app))
        elif row == STATISTICS and pressed & profile.K_B:
            self._back()
        elif row == SAVES:
            if pressed & profile.K_A:
                self.app.show(SavesScreen(self.app))
            elif pressed & profile.K_B:
                self._back()
        elif step or pressed & profile.K_A:
            if row == BRIGHTNESS and step:
                s.brightness = min(BRIGHTNESS_LEVELS, max(1, s.brightness + step))
            elif row == BRIGHTNESS:
                s.brightness = s.brightness % BRIGHTNESS_LEVELS + 1  # A cycles
            elif row == REPEAT:
                s.key_repeat = 1 - s.key_repeat
            elif row == LEVEL:
                s.level = (s.level + (step or 1)) % len(LEVELS)
            elif row == SOUND:
                s.sound = 1 - s.sound
            self.app.apply_settings()
            if row == SOUND:
                self.app.sound.play(sound.MOVE, self.app.now)  # a sample of the volume
            self.menu.set_items(self._items(), cursor=row)
            self.draw_leds(self.app.grid)
        elif pressed & profile.K_B:
            self._back()

    def _back(self):
        self.app.save_settings()
        self.app.go("main_menu.MainMenu")

    def draw_leds(self, grid):
        # A sample of the game colours, to judge the brightness by.
        grid.clear()
        for x in range(8):
            grid.set(x, 3, 0xFF0000 if x < 4 else 0x00FF00)
            grid.set(x, 4, 0x0000FF if x < 4 else 0xFFFF00)


def saves_text(app):
    """Where this board keeps the saves, and what a power cut can cost (docs/device.md has the details)."""
    profile = app.profile
    key = getattr(profile, "HOST_KEY_NAME", "SELECT")
    if app.store.on_drive:
        return ("On the drive, in {} slots. A power cut while saving loses only the turn in progress. To copy files "
                "onto the drive, hold {} at power-on.".format(profile.SAVE_SLOTS, key))
    where = "(the drive is lent to the computer)" if app.store.files is not None else "(no drive for them)"
    return ("In nvm only {}: no autosave, use Save and quit. A cut in the {} ms of a save can lose all saves "
            "and settings. Start without {} held.".format(where, getattr(profile, "NVM_WRITE_MS", 250), key))


class SavesScreen(ui.Screen):
    """Where the saves are kept on this board and what a power cut can cost; any key goes back."""

    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.text_label("Saves", 4, 4, ui.ACCENT))
        y = 24
        for line in ui.wrap(saves_text(app), app.width - 8)[: (app.height - 40) // ui.LINE_HEIGHT]:
            self.group.append(ui.text_label(line, 4, y))
            y += ui.LINE_HEIGHT
        self.group.append(ui.text_label("any key: back", 4, app.height - 14, ui.DIM))

    def key(self, pressed):
        self.app.show(SettingsScreen(self.app))


class StatsScreen(ui.Screen):
    """Each game's statistics (firmware/stats.py), a game a page: left/right turn the page, B goes back."""

    def __init__(self, app, page=0):
        from core import games
        from firmware import stats

        super().__init__(app)
        self.page = page % len(games.GAMES)
        info = games.GAMES[self.page]
        self.group.append(ui.text_label("Statistics {}/{}".format(self.page + 1, len(games.GAMES)), 4, 4, ui.ACCENT))
        self.group.append(ui.text_label(info.title, 4, 24))
        y = 40
        for line in stats.lines(app.settings, info.game_id):
            self.group.append(ui.text_label(ui.fit(line, app.width - 8), 4, y))
            y += ui.LINE_HEIGHT
        self.group.append(ui.text_label("<> game  B back", 4, app.height - 14, ui.DIM))

    def key(self, pressed):
        profile = self.app.profile
        if pressed & (profile.K_LEFT | profile.K_RIGHT):
            self.app.show(StatsScreen(self.app, self.page + (1 if pressed & profile.K_RIGHT else -1)))
        elif pressed & (profile.K_B | profile.K_A):
            settings = SettingsScreen(self.app)
            settings.menu.set_items(settings.menu.items, cursor=STATISTICS)
            self.app.show(settings)


STEP_MS = 150


class LedTestScreen(ui.Screen):
    """The wiring test: one light runs along the rows in reading order, with red fixed at the top-left corner and
    blue at the top-right. If the light jumps or runs backwards on some rows, or the corners are wrong, the
    profile's LED_SERPENTINE or the grid's orientation does not match the wiring. Any key goes back."""

    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.text_label("LED test", 4, 4, ui.ACCENT))
        y = 24
        for line in ui.wrap("A white light should run left to right along each row, top row first. Red marks the "
                            "top-left corner, blue the top-right.", app.width - 8):
            self.group.append(ui.text_label(line, 4, y))
            y += ui.LINE_HEIGHT
        self.group.append(ui.text_label("any key: back", 4, app.height - 14, ui.DIM))
        self.position = -1

    def key(self, pressed):
        self.app.show(SettingsScreen(self.app))

    def tick(self, now):
        position = (now // STEP_MS) % 64
        if position != self.position:
            self.position = position
            self.draw_leds(self.app.grid)

    def draw_leds(self, grid):
        grid.clear()
        grid.set(0, 0, 0xFF0000)
        grid.set(7, 0, 0x0000FF)
        if self.position >= 0:
            grid.set(self.position % 8, self.position // 8, 0xFFFFFF)
