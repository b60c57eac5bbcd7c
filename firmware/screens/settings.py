# SPDX-License-Identifier: MIT
"""Settings: LED brightness and key repeat; left/right change a value, B saves and goes back."""

from firmware import ui
from firmware.app import BRIGHTNESS_LEVELS


class SettingsScreen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.text_label("Settings", 4, 4, ui.ACCENT))
        self.menu = ui.Menu(0, 24, app.width, 4, self._items())
        self.group.append(self.menu.group)
        self.group.append(ui.text_label("<> change  B back", 4, app.height - 14, ui.DIM))

    def _items(self):
        s = self.app.settings
        return ["LED brightness {}/{}".format(s.brightness, BRIGHTNESS_LEVELS),
                "Key repeat {}".format("on" if s.key_repeat else "off")]

    def key(self, pressed):
        profile = self.app.profile
        s = self.app.settings
        step = (pressed & profile.K_RIGHT and 1) or (pressed & profile.K_LEFT and -1) or 0
        if self.menu.navigate(pressed, profile.K_UP, profile.K_DOWN):
            return
        if step or pressed & profile.K_A:
            if self.menu.cursor == 0 and step:
                s.brightness = min(BRIGHTNESS_LEVELS, max(1, s.brightness + step))
            elif self.menu.cursor == 0:
                s.brightness = s.brightness % BRIGHTNESS_LEVELS + 1  # A cycles
            else:
                s.key_repeat = 1 - s.key_repeat
            self.app.apply_settings()
            self.menu.set_items(self._items(), cursor=self.menu.cursor)
            self.draw_leds(self.app.grid)
        elif pressed & profile.K_B:
            self.app.save_settings()
            from firmware.screens.main_menu import MainMenu

            self.app.show(MainMenu(self.app))

    def draw_leds(self, grid):
        # A sample of the game colours, to judge the brightness by.
        grid.clear()
        for x in range(8):
            grid.set(x, 3, 0xFF0000 if x < 4 else 0x00FF00)
            grid.set(x, 4, 0x0000FF if x < 4 else 0xFFFF00)
