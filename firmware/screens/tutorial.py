# SPDX-License-Identifier: MIT
"""A game's tutorial: a guided first turn on the game's real board view.

The lesson is ``firmware/tutorials/<game>.py``: a game set up from a fixed seed and the moves before the lesson
(``PRELUDE``), then ``STEPS`` of (card, instruction, move, replies). A card (a few sentences on a panel over the
board) explains a mechanic; A closes it, and the instruction stays on the message line while a green frame on the
board points at the piece to take, then at its target. The player enters the move with the view's own keys; any
other move is refused with the instruction again. After the move the board shows its effect with "Well done"
before the next card; ``replies`` are the other side's moves, played at once and told on the next card in the
view's own words (its recap captions). A step with no move is a card alone. The last card leads to the game's
rules reference (How to play). START leaves. Nothing is saved.
"""

from core import games
from core.config import Config
from firmware import sound, ui
from firmware.screens.play import PLAYING, PlayScreen
from firmware.tutorials import lesson
from firmware.views.cursor import AIM, MENU, NOWHERE

CARD = 10
DONE = 11
DONE_HOLD_MS = 700  # the move's effect stays in view this long before A shows the next card
GOAL_COLOUR = 0x40FF40


def start_game(name):
    """The lesson's session: its game after the prelude; seat 0 the human, the others computers whose moves the
    lesson plays itself (so a view treats the player as the only human: Pawns Crossing's peek asks no one to look
    away)."""
    from firmware.session import HUMAN, Session

    module = lesson(name)
    rules = games.load(name, "rules")
    notation = games.load(name, "notation")
    seats = [HUMAN] + [HUMAN + 1] * (module.PLAYERS - 1)
    session = Session.new(name, Config(rules.Game.CONFIG_SCHEMA, module.CONFIG), seats, module.SEED)
    for text in module.PRELUDE:
        session.game.apply(notation.parse_move(session.game, text))
    return session


class TutorialScreen(PlayScreen):
    def __init__(self, app, name):
        self.lesson = lesson(name)
        self.step = -1
        self.expected = None  # the move the step asks for
        self.instruction = ""
        self.wrong = ""  # what the last refused move said, until the next key
        self.told = ""  # the other side's replies, in words, for the next card
        self.cards = []  # the step's cards still to show
        self.done_at = 0
        PlayScreen.__init__(self, app, start_game(name))
        self.goal = ui.Frame(GOAL_COLOUR)
        for shape in self.goal.shapes:
            self.view.group.append(shape)
        top = ui.LINE_HEIGHT + 2
        rows = self.card_rows(app.height)
        self.card = ui.Rect(0, top, app.width, rows * ui.LINE_HEIGHT + ui.LINE_HEIGHT + 4, ui.PANEL)
        self.card_lines = [ui.text_label("", 4, top + 2 + row * ui.LINE_HEIGHT) for row in range(rows)]
        self.card_footer = ui.text_label("A: go on", 4, top + 2 + rows * ui.LINE_HEIGHT, ui.DIM)
        self._next_step()

    @staticmethod
    def card_rows(height):
        """How many lines of text a card holds on a screen ``height`` pixels high (the tests check every card)."""
        return (height - 2 * ui.LINE_HEIGHT - 6) // ui.LINE_HEIGHT

    # -- the lesson's steps ------------------------------------------------------------------------------------------
    def _after_move(self, previous_player, human=False):
        """The play screen's bookkeeping after a move is the lesson's: no saving, no hand-over, no recap."""
        self.note = ""
        self.view.refresh()

    def _next_step(self):
        self.step += 1
        steps = self.lesson.STEPS
        if self.step >= len(steps):
            self.app.go("howto.HowToScreen", game=self.session.name)
            return
        text, self.instruction, move_text, _ = steps[self.step]
        self.expected = None
        if move_text is not None:
            notation = games.load(self.session.name, "notation")
            self.expected = notation.parse_move(self.session.game, move_text)
        self.set_status("Tutorial {}/{}".format(self.step + 1, len(steps)), "START:leave")
        self.cards = [self.told, text] if self.told else [text]
        self.told = ""
        self._show_card(self.cards.pop(0))

    def _show_card(self, text):
        lines = ui.wrap(text, self.app.width - 8)
        for row, widget in enumerate(self.card_lines):
            ui.set_text(widget, lines[row] if row < len(lines) else "")
        for widget in [self.card.shape] + self.card_lines + [self.card_footer]:
            self.group.append(widget)
        self.goal.hide()
        self.mode = CARD

    def _hide_card(self):
        for widget in [self.card.shape] + self.card_lines + [self.card_footer]:
            self.group.remove(widget)

    def _played(self, move):
        """The step's move was entered: play it and the other side's replies, then show the effect."""
        self.session.human_move(move)
        self._after_move(None)
        replies = self.lesson.STEPS[self.step][3]
        if replies:
            notation = games.load(self.session.name, "notation")
            told = []
            for text in replies:
                before = self.session.game.clone()
                reply = notation.parse_move(before, text)
                self.session.game.apply(reply)
                told.append(self.view.caption(before, reply) + ". ")
            self.told = "".join(told)
            self.view.refresh()
        self._sound(sound.MOVE)
        self.goal.hide()
        self.mode = DONE
        self.done_at = self.app.now
        self.set_status("Well done!", "A:next")
        self.draw_leds(self.app.grid)

    def _point(self):
        """Frame the piece the instruction names, or its target once that piece is selected."""
        view = self.view
        if self.mode != PLAYING or self.expected is None or view.mode == MENU:
            self.goal.hide()
            return
        subject, target = view.locate(self.expected)
        place = subject
        if subject == NOWHERE or (view.mode == AIM and view.subject == subject):
            place = target
        if place == NOWHERE:
            self.goal.hide()
        else:
            view.outline(self.goal, place)

    # -- frames and keys -------------------------------------------------------------------------------------------
    def tick(self, now):
        if self.mode == PLAYING:  # a refusal's reason, else the instruction (not what the cursor is on)
            self.note = getattr(self.view, "message", "") or self.wrong or self.instruction
        PlayScreen.tick(self, now)

    def key(self, pressed):
        profile = self.app.profile
        if pressed & profile.K_START:
            self.app.go("main_menu.MainMenu")
        elif self.mode == CARD:
            if pressed & profile.K_A:
                self._hide_card()
                if self.cards:
                    self._show_card(self.cards.pop(0))
                    return
                if self.expected is None:
                    self._next_step()
                    return
                self.mode = PLAYING
                self._point()
        elif self.mode == DONE:
            if pressed & profile.K_A and self.app.now - self.done_at >= DONE_HOLD_MS:
                self._next_step()
        elif self.mode == PLAYING:
            self.wrong = ""
            if pressed & profile.K_B:
                self.view.cancel()
            else:
                move = self.view.key(pressed)
                if move == self.expected:
                    self._played(move)
                    return
                if move is not None:
                    self.wrong = "Not this time. " + self.instruction
                    self._sound(sound.REFUSED)
                    self.view.cancel()
            self._point()
