# SPDX-License-Identifier: MIT
"""The move-list view: any engine playable as a scrolling list of its legal moves in the game's notation.

A game without a board view of its own uses this one (the interface of views: ``firmware/views/base.py``).
"""

from core import games
from firmware import ui
from firmware.views import base


class View(base.View):
    def __init__(self, app, session, x, y, width, height):
        super().__init__(app, session, x, y, width, height)
        self.notation = games.load(session.name, "notation")
        self.count = 0
        self.menu = ui.Menu(x, y, width, height // ui.LINE_HEIGHT, [])
        self.group = self.menu.group
        self.refresh()

    def refresh(self):
        moves = self.legal_moves()
        self.menu.set_items([self.notation.format_move(self.game, moves[i]) for i in range(self.count)])

    def key(self, pressed):
        profile = self.app.profile
        if self.menu.navigate(pressed, profile.K_UP, profile.K_DOWN):
            return None
        if pressed & profile.K_LEFT:
            self.menu.move(-self.menu.rows)
        elif pressed & profile.K_RIGHT:
            self.menu.move(self.menu.rows)
        elif pressed & profile.K_A and self.count:
            return self.legal_moves()[self.menu.cursor]
        return None

