# SPDX-License-Identifier: MIT
"""How to play: a short rules summary per game, paged with up/down, games switched with left/right."""

from firmware import ui

GAMES = (
    ("Pave the Way",
     "Two sides. Each turn: up to 2 guard moves and 2 road moves, in any order, then end the turn. "
     "Guards step 1-2 squares and stack up to 3; a stack of 2 or 3 can shove a smaller piece. "
     "Roads are dominoes played from your hand so that numbers match. "
     "First road from your home row to the far row wins."),
    ("Pawns Crossing",
     "2-4 players. Your tokens start on their ace tiles with hidden values. "
     "On a turn roll the dice and move tokens, move your pawn, or slide a row or column. "
     "A token passes only halves below the die and crosses one tile edge per move. "
     "Deliver every token to the tile matching its value to win."),
    ("Clear a Path",
     "Roll six coloured dice and draft them in turn. Use each die to mark its square "
     "(colour row, value column) or for its action: re-roll, +1, first player, block a column, -1, re-roll. "
     "First to join two opposite sides of the grid wins. "
     "Solo: undrafted dice drop barriers; a barrier path loses."),
)


class HowToScreen(ui.Screen):
    def __init__(self, app, back=None):
        super().__init__(app)
        self.back = back  # the screen B returns to (the main menu when None)
        self.title = ui.text_label("", 4, 4, ui.ACCENT)
        self.group.append(self.title)
        self.rows = (app.height - 40) // ui.LINE_HEIGHT
        self.lines = []
        for row in range(self.rows):
            widget = ui.text_label("", 4, 20 + row * ui.LINE_HEIGHT)
            self.lines.append(widget)
            self.group.append(widget)
        self.footer = ui.text_label("", 4, app.height - 14, ui.DIM)
        self.group.append(self.footer)
        self.game = 0
        self.top = 0
        self.wrapped = []
        self._load()

    def _load(self):
        name, text = GAMES[self.game]
        self.wrapped = ui.wrap(text, self.app.width - 8)
        self.top = 0
        ui.set_text(self.title, "{} ({}/{})".format(name, self.game + 1, len(GAMES)))
        self._draw()

    def _draw(self):
        for row in range(self.rows):
            index = self.top + row
            ui.set_text(self.lines[row], self.wrapped[index] if index < len(self.wrapped) else "")
        more = self.top + self.rows < len(self.wrapped)
        ui.set_text(self.footer, "<> game  " + ("v more  " if more else "") + "B back")

    def key(self, pressed):
        profile = self.app.profile
        if pressed & profile.K_DOWN and self.top + self.rows < len(self.wrapped):
            self.top += 1
            self._draw()
        elif pressed & profile.K_UP and self.top > 0:
            self.top -= 1
            self._draw()
        elif pressed & (profile.K_RIGHT | profile.K_LEFT):
            self.game = (self.game + (1 if pressed & profile.K_RIGHT else -1)) % len(GAMES)
            self._load()
        elif pressed & profile.K_B:
            if self.back is not None:
                self.app.show(self.back)
                return
            from firmware.screens.main_menu import MainMenu

            self.app.show(MainMenu(self.app))
