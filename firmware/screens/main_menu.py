# SPDX-License-Identifier: MIT
"""The main menu: Settings and How to play; New game and Continue join it with the game screens (issue 6)."""

from firmware import ui

SETTINGS = "Settings"
HOW_TO_PLAY = "How to play"


class MainMenu(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.text_label("Main menu", 4, 4, ui.ACCENT))
        self.menu = ui.Menu(0, 24, app.width, 6, [SETTINGS, HOW_TO_PLAY])
        self.group.append(self.menu.group)

    def key(self, pressed):
        profile = self.app.profile
        if pressed & profile.K_UP:
            self.menu.move(-1)
        elif pressed & profile.K_DOWN:
            self.menu.move(1)
        elif pressed & profile.K_B:
            from firmware.screens.title import TitleScreen

            self.app.show(TitleScreen(self.app))
        elif pressed & profile.K_A:
            choice = self.menu.choice
            if choice == SETTINGS:
                from firmware.screens.settings import SettingsScreen

                self.app.show(SettingsScreen(self.app))
            elif choice == HOW_TO_PLAY:
                from firmware.screens.howto import HowToScreen

                self.app.show(HowToScreen(self.app))
