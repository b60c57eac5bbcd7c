# SPDX-License-Identifier: MIT
"""The main menu: Continue (when a save exists), New game, Settings, How to play."""

from firmware import ui
from firmware.saved import title

CONTINUE = "Continue"
NEW_GAME = "New game"
SETTINGS = "Settings"
HOW_TO_PLAY = "How to play"


class MainMenu(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.text_label("Main menu", 4, 4, ui.ACCENT))
        saved = title(app)
        items = ([CONTINUE + ": " + saved] if saved else []) + [NEW_GAME, SETTINGS, HOW_TO_PLAY]
        self.menu = ui.Menu(0, 24, app.width, 6, items)
        self.group.append(self.menu.group)
        full = title(app, True)
        if full != saved:  # the item names the game; the turn it was saved at, below the menu
            self.group.append(ui.text_label(full, 4, app.height - 27, ui.DIM))
        self.group.append(ui.text_label("A choose  B title", 4, app.height - 14, ui.DIM))

    def key(self, pressed):
        profile = self.app.profile
        if self.menu.navigate(pressed, profile.K_UP, profile.K_DOWN):
            return
        if pressed & profile.K_B:
            self.app.go("title.TitleScreen")
        elif pressed & profile.K_A:
            choice = self.menu.choice
            if choice.startswith(CONTINUE):
                self.app.resume()
            elif choice == NEW_GAME:
                self.app.go("new_game.GameChoice")
            elif choice == SETTINGS:
                self.app.go("settings.SettingsScreen")
            elif choice == HOW_TO_PLAY:
                self.app.go("howto.HowToScreen")

