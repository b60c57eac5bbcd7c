# SPDX-License-Identifier: MIT
"""The error screen: what went wrong, and A to restart at the title. Built at boot so it needs no memory later."""

from firmware import ui

_ROWS = 6


class ErrorScreen(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.text_label("Something went wrong", 4, 4, ui.WARNING))
        self.lines = []
        for row in range(_ROWS):
            # as wide as the screen from the start: showing a message must not allocate (memory may have run out)
            widget = ui.text_label("", 4, 24 + row * ui.LINE_HEIGHT, capacity=(app.width - 8) // ui.CHAR_WIDTH)
            self.lines.append(widget)
            self.group.append(widget)

    def set_message(self, message):
        wrapped = ui.wrap(message, self.app.width - 8)
        for row in range(_ROWS):
            ui.set_text(self.lines[row], wrapped[row] if row < len(wrapped) else "")

    def key(self, pressed):
        if pressed & self.app.profile.K_A:
            self.app.go("title.TitleScreen")

    def draw_leds(self, grid):
        grid.clear()
        for i in range(8):
            grid.set(i, i, 0x400000)
            grid.set(7 - i, i, 0x400000)
