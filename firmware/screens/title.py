# SPDX-License-Identifier: MIT
"""The title screen: the console's name, the three games, and a slow colour wave on the LED grid.

Left alone for ATTRACT_MS it starts the attract mode: the computer plays itself, each game in turn, until a key
brings the title back.
"""

from firmware import ui

_WAVE_MS = 120
ATTRACT_MS = 30000
_WAVE_COLORS = (0x900000, 0x906000, 0x009000, 0x006090, 0x000090, 0x600090)


class TitleScreen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        middle = app.width // 2
        self.group.append(ui.text_label("POCKET", middle - 36, 10, ui.ACCENT, scale=2))
        self.group.append(ui.text_label("BOARD GAMES", middle - 66, 34, ui.ACCENT, scale=2))
        y = 64
        for name in ("Pave the Way", "Pawns Crossing", "Clear a Path"):
            self.group.append(ui.text_label(name, middle - len(name) * 3, y, ui.TEXT))
            y += ui.LINE_HEIGHT
        self.group.append(ui.text_label("Press A", middle - 21, app.height - 16, ui.DIM))
        self.phase = -1
        self.idle_since = app.now
        self.attract_index = 0

    def key(self, pressed):
        profile = self.app.profile
        if pressed & (profile.K_A | profile.K_START):
            self.app.go("main_menu.MainMenu")

    def tick(self, now):
        if now - self.idle_since >= ATTRACT_MS:
            self.app.go("play.AttractScreen", self.attract_index)
            return
        phase = (now // _WAVE_MS) % 16
        if phase != self.phase:
            self.phase = phase
            self.draw_leds(self.app.grid)

    def draw_leds(self, grid):
        phase = max(0, self.phase)
        for y in range(8):
            for x in range(8):
                grid.set(x, y, _WAVE_COLORS[(x + y + phase) % len(_WAVE_COLORS)])

