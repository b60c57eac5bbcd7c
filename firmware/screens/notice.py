# SPDX-License-Identifier: MIT
"""A message to read before going on: a save that fell back, a game about to be replaced. Its own module, so that
a game's program, which seldom shows one, does not keep it in the heap."""

from firmware import ui


class NoticeScreen(ui.Screen):
    """A message to read before going on (``then``, called when A is pressed): a save that fell back, for one. With
    ``back``, a question: A goes on, B calls ``back``."""

    def __init__(self, app, title, message, then, back=None):
        super().__init__(app)
        self.then = then
        self.back = back
        self.group.append(ui.text_label(title, 4, 4, ui.ACCENT))
        y = 24
        for line in ui.wrap(message, app.width - 8)[: (app.height - 40) // ui.LINE_HEIGHT]:
            self.group.append(ui.text_label(line, 4, y))
            y += ui.LINE_HEIGHT
        self.group.append(ui.text_label("A: yes  B: no" if back else "A: go on", 4, app.height - 14, ui.DIM))

    def key(self, pressed):
        if pressed & self.app.profile.K_A:
            self.then()
        elif pressed & self.app.profile.K_B and self.back is not None:
            self.back()
