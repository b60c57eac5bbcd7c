# SPDX-License-Identifier: MIT
"""How to play, the rules reference: each game's rules in plain words (its package's ``howto``: goal, setup, turn)
and its screen's legend and keys (its lesson's ``LEGEND``, firmware/tutorials), a page a press of up/down, games
switched with left/right; A starts the shown game's tutorial (firmware/screens/tutorial.py). From a game's pause
menu it opens on that game, and the tutorial from there saves that game first (Continue brings it back)."""

from core import games
from firmware import ui


class HowToScreen(ui.Screen):
    def __init__(self, app, back=None, game=None, paused=None):
        super().__init__(app)
        self.back = back  # the screen B returns to (the main menu when None)
        self.paused = paused  # the session of the game whose pause menu opened this screen
        self.names = games.names()
        self.title = ui.text_label("", 4, 4, ui.ACCENT)
        self.group.append(self.title)
        self.rows = (app.height - 40) // ui.LINE_HEIGHT
        self.lines = []
        for row in range(self.rows):
            widget = ui.text_label("", 4, 20 + row * ui.LINE_HEIGHT)
            self.lines.append(widget)
            self.group.append(widget)
        self.keys = ui.text_label("", 4, app.height - 14, ui.DIM)
        self.group.append(self.keys)
        self.more = ui.text_label("", app.width - 10, app.height - 14, ui.ACCENT)  # a "v" while more lines follow
        self.group.append(self.more)
        self.game = self.names.index(game) if game in self.names else 0
        self.top = 0
        self.wrapped = []
        self._load()

    def _load(self):
        name = self.names[self.game]
        from firmware.tutorials import lesson

        try:
            legend = lesson(name).LEGEND
            self.teaches = True
        except ImportError:  # a game without a lesson (the test fixtures): no tutorial to start
            legend = ""
            self.teaches = False
        ui.set_text(self.keys, "A tutorial <>game B back" if self.teaches else "<>game B back")
        self.wrapped = ui.wrap(games.load(name, "howto").SUMMARY + "\n" + legend, self.app.width - 8)
        self.top = 0
        ui.set_text(self.title, "{} ({}/{})".format(games.info(name).title, self.game + 1, len(self.names)))
        self._draw()

    def _draw(self):
        for row in range(self.rows):
            index = self.top + row
            ui.set_text(self.lines[row], self.wrapped[index] if index < len(self.wrapped) else "")
        ui.set_text(self.more, "v" if self.top + self.rows < len(self.wrapped) else "")

    def key(self, pressed):
        profile = self.app.profile
        page = self.rows - 1  # a page at a press, one line kept for context
        if pressed & profile.K_DOWN and self.top + self.rows < len(self.wrapped):
            self.top = min(self.top + page, len(self.wrapped) - self.rows)
            self._draw()
        elif pressed & profile.K_UP and self.top > 0:
            self.top = max(0, self.top - page)
            self._draw()
        elif pressed & (profile.K_RIGHT | profile.K_LEFT):
            self.game = (self.game + (1 if pressed & profile.K_RIGHT else -1)) % len(self.names)
            self._load()
        elif pressed & profile.K_A and self.teaches:
            if self.paused is not None:  # the tutorial takes the game's place: save it as "Save and quit" does
                self.app.save_game(self.paused.encode())
                self.paused.saved()
            self.back = self.paused = None
            from firmware.tutorials import open_tutorial

            open_tutorial(self.app, self.names[self.game])
        elif pressed & profile.K_B:
            if self.back is not None:
                self.app.show(self.back)
                return
            self.app.go("main_menu.MainMenu")
