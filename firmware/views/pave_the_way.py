# SPDX-License-Identifier: MIT
"""Pave the Way on the device: the 8x8 board, and the choose-then-aim panel of Pawns Crossing.

Squares are 12 px, rank 8 at the top. A road piece is an ivory bar along its axis (vertical or horizontal) edged
in its side's colour, with a dot in the corner when road pieces are stacked; guards are squares of the side's
colour, one to three. The numbers are on the panel: the bottom line describes the square the frame is on.

The panel lists what can act now (a guard stack, a hand piece to play, a free piece to relocate, Discard, End
turn; in setup keep/redraw, who starts, where the free road piece and the guards go); A opens its choices and A
again plays one; B backs out. A frame marks the square the cursor points at.

Secret guard placement (PTW-A32): while guards are placed the board shows only the placing side's guards (the
engine's view), and with two humans the hand-over screen comes first (``PRIVATE``).

Last move: the squares the last board-changing action of play changed (a guard's from and to squares, a shoved
piece, a road piece) have a yellow-green corner on the screen and blink white on the grid.

LED grid: one LED a square; South red, North blue; a bare road piece dim, guards brighter with their height; the
framed square yellow-green.
"""

import displayio

from core.game import move_buffer
from core.pave_the_way import notation, rules
from firmware import ui
from firmware.views import base
from firmware.views.panel import SubjectPanel

CELL = 12
BOARD = 8 * CELL
SIDE_COLOURS = (0xD82828, 0x3C78F0)
LED_SIDES = ((0x300000, 0x900000, 0xD00000, 0xFF2020), (0x000030, 0x000090, 0x0000D0, 0x3030FF))
LED_FRAME = 0xA0FF00
LED_LAST = 0xB0B0B0
BLINK_MS = 400  # the last move's squares blink on the grid
LIGHT, DARK, SOUTH, NORTH, IVORY, LINE, LAST = 0, 1, 2, 3, 4, 5, 6
PANEL_MIN = 56
OFF = -300  # where the frame waits when it marks nothing: beyond any display


def _square_code(game, sq):
    """Everything drawn of a square, as one number: a change of it means the square must be drawn again."""
    code = (game.side_on(sq) + 1) | game.guard_count(sq) << 2 | min(game.road_count(sq), 2) << 4
    if game.road_count(sq):
        code |= (0x80 | game.road_piece(sq, 0)) << 6
    return code


class View(SubjectPanel, base.View):
    def __init__(self, app, session, x, y, width, height):
        base.View.__init__(self, app, session, x, y, width, height)
        self.moves = move_buffer(rules.Game.MAX_MOVES)
        self.count = 0
        self.shown = session.game.clone()  # what may be drawn: the game, or a side's view during secret placement
        self.group = displayio.Group(x=x, y=y)
        scale = 2 if width - 2 * BOARD >= PANEL_MIN and height >= 2 * BOARD else 1
        board = displayio.Group(scale=scale)
        self.group.append(board)
        self.bitmap = displayio.Bitmap(BOARD, BOARD, 7)
        palette = displayio.Palette(7)
        for i, color in enumerate((0x5A6470, 0x2E3640) + SIDE_COLOURS + (0xE8E0C8, 0x101010, ui.ACCENT)):
            palette[i] = color
        board.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self.drawn = [-1] * 64  # what each square shows (a code of its contents and the last-move mark)
        self.last = bytearray(64)  # 1 on the squares the last board-changing action of play changed
        self.blink = False
        self.was_playing = False
        self.marked = False  # any square in ``last``
        self.frame = [ui.Rect(-9, 0, 1, 1, ui.ACCENT) for _ in range(4)]
        for bar in self.frame:
            board.append(bar.shape)
        panel = BOARD * scale + 2
        rows = height // ui.LINE_HEIGHT
        self.subjects = ui.Menu(panel, 0, width - panel, rows - 2, [])
        self.choices = ui.Menu(panel, 0, width - panel, rows - 2, [])
        self.info = ui.text_label("", panel + 2, (rows - 2) * ui.LINE_HEIGHT, ui.DIM)
        self.square_info = ui.text_label("", panel + 2, (rows - 1) * ui.LINE_HEIGHT, ui.DIM)
        self.group.append(self.subjects.group)
        self.group.append(self.info)
        self.group.append(self.square_info)
        self.target = -1
        self.refresh()

    def player_name(self, player):
        """The side, and with a team (set up in New game) the member whose turn it is: the members take the
        side's turns in rotation."""
        name = base.View.player_name(self, player)
        team = self.session.teams[player]
        if team > 1 and not self.session.game.is_over():  # a team wins together
            name += " {}".format(self.session.game.turns() // 2 % team + 1)
        return name

    @property
    def PRIVATE(self):
        """Secret guard placement: the next human must not see the other side's guards."""
        game = self.session.game
        return game.phase() == rules.PH_PLACE and not game.open_placement

    # -- drawing -----------------------------------------------------------------------------------------------
    def refresh(self):
        game = self.session.game
        self._update_shown()
        self.count = game.legal_moves(self.moves)
        self._draw_board()
        self._list_subjects()
        self._show_info(game)
        self._aim()

    def _update_shown(self):
        game = self.session.game
        if self.PRIVATE:
            # the placing side's view; while a computer places, the view of the side waiting
            viewer = game.current_player()
            if viewer >= 0 and self.session.seats[viewer] != 0:
                viewer = 1 - viewer
            game.view(viewer, self.shown)
        else:
            self.shown.copy_from(game)

    def _show_info(self, game):
        me = game.current_player()
        if me < 0:
            ui.set_text(self.info, "")
            return
        text = "{} G{} R{}".format("SN"[me], 2 - game.guard_moves_used(), 2 - game.road_moves_used())
        if game.phase() != rules.PH_PLAY:
            text = "{} setup".format("SN"[me])
        ui.set_text(self.info, text)

    def _draw_board(self):
        shown = self.shown
        # the board of the previous refresh was of play too (placement ends by revealing the other's guards)
        playing = self.was_playing
        self.was_playing = self.session.game.phase() == rules.PH_PLAY
        playing = playing and self.was_playing
        changed = False
        for sq in range(64):
            code = _square_code(shown, sq)
            if playing and code != self.drawn[sq] & 0x3FFF:
                if not changed:  # a new last move: forget the old one
                    changed = True
                    for k in range(64):
                        self.last[k] = 0
                self.last[sq] = 1
                self.marked = True
        for sq in range(64):
            code = _square_code(shown, sq) | self.last[sq] << 14
            if self.drawn[sq] != code:
                self.drawn[sq] = code
                self._draw_square(sq)

    def _draw_square(self, sq):
        shown = self.shown
        x0 = (sq & 7) * CELL
        y0 = (7 - (sq >> 3)) * CELL
        self._fill(x0, y0, CELL, CELL, LIGHT if (sq + (sq >> 3)) & 1 else DARK)
        if self.last[sq]:
            self._fill(x0, y0, 2, 2, LAST)
        side = shown.side_on(sq)
        if side < 0:
            return
        colour = SOUTH if side == 0 else NORTH
        if shown.road_count(sq):
            vertical = rules.piece_orientation(shown.road_piece(sq, 0)) < 2
            if vertical:
                self._fill(x0 + 3, y0 + 1, 6, 10, colour)
                self._fill(x0 + 4, y0 + 2, 4, 8, IVORY)
                self._fill(x0 + 4, y0 + 5, 4, 1, LINE)
            else:
                self._fill(x0 + 1, y0 + 3, 10, 6, colour)
                self._fill(x0 + 2, y0 + 4, 8, 4, IVORY)
                self._fill(x0 + 5, y0 + 4, 1, 4, LINE)
            if shown.road_count(sq) > 1:
                self._fill(x0 + 9, y0, 3, 3, colour)  # a road stack
        for k in range(shown.guard_count(sq)):
            gx = x0 + 1 + 4 * k
            self._fill(gx, y0 + 8, 3, 3, colour)
            self._fill(gx, y0 + 7, 3, 1, LINE)

    def _fill(self, x, y, width, height, color):
        ui.fill(self.bitmap, x, y, width, height, color)

    def _frame_on(self, sq):
        top, bottom, left, right = self.frame
        x = (sq & 7) * CELL
        y = (7 - (sq >> 3)) * CELL
        for bar, w, h in ((top, CELL, 1), (bottom, CELL, 1), (left, 1, CELL), (right, 1, CELL)):
            bar.shape.width = w
            bar.shape.height = h
        top.move(x, y)
        bottom.move(x, y + CELL - 1)
        left.move(x, y)
        right.move(x + CELL - 1, y)

    def _aim(self):
        """Frame the square the cursor's move is about, and describe it."""
        self.target = -1
        if self.count:
            if self.choosing:
                self.target = self._square(self.choice_moves[self.choices.cursor], True)
            else:
                first, _ = self.subject_moves[self.subjects.cursor]
                self.target = self._square(self.moves[first], False)
        if self.target < 0:
            for bar in self.frame:
                bar.move(OFF, OFF)
            ui.set_text(self.square_info, "")
            return
        self._frame_on(self.target)
        ui.set_text(self.square_info, self._describe(self.target))

    def _describe(self, sq):
        """The square's stack, bottom to top, in the notation's words: 'c4 S V3/5 2g'."""
        shown = self.shown
        side = shown.side_on(sq)
        text = notation.square_name(sq)
        if side < 0:
            return text
        text += " " + notation.side_name(side)
        for level in range(shown.road_count(sq)):
            code = shown.road_piece(sq, level)
            text += " " + notation.piece_name(rules.piece_domino(code), rules.piece_orientation(code))
        if shown.guard_count(sq):
            text += " {}g".format(shown.guard_count(sq))
        return text

    @staticmethod
    def _square(move, chosen):
        """The square a move is about: where a guard move ends (or starts, before choosing), a piece goes."""
        if not chosen and rules.move_from(move) >= 0:
            return rules.move_from(move)
        return rules.move_to(move)

    # -- choosing ----------------------------------------------------------------------------------------------
    @staticmethod
    def _subject(move):
        """Moves chosen together: one guard stack's moves, one hand piece's plays, one free piece's relocations,
        the discards, the guard placements; everything else alone."""
        kind = rules.move_kind(move)
        if kind == rules.GUARD or kind == rules.RELOCATE:
            return (kind << 8) | rules.move_from(move)
        if kind == rules.PLAY:
            return (kind << 8) | rules.move_domino(move)
        if kind in (rules.DISCARD, rules.PLACE):
            return kind << 8
        return move

    def _subject_name(self, move):
        kind = rules.move_kind(move)
        if kind == rules.GUARD:
            return "Guard " + notation.square_name(rules.move_from(move))
        if kind == rules.PLAY:
            return "Play " + notation.domino_name(rules.move_domino(move))
        if kind == rules.RELOCATE:
            return "Move " + notation.square_name(rules.move_from(move))
        if kind == rules.DISCARD:
            return "Discard"
        if kind == rules.PLACE:
            return "Place"
        if kind == rules.END:
            return "End turn"
        return notation.format_move(self.session.game, move)

    def _choice_name(self, move):
        text = notation.format_move(self.session.game, move)
        kind = rules.move_kind(move)
        if kind in (rules.PLAY, rules.DISCARD, rules.PLACE):
            return text.split(" ", 1)[1]
        if kind == rules.RELOCATE:
            return text.split(" ", 2)[2]
        if kind == rules.GUARD:
            return text[text.index("-"):]  # the path after the stack's square
        return text

    def cancel(self):
        self._close_choices()
        self._aim()

    def key(self, pressed):
        return self._panel_key(pressed)

    # -- LED grid ----------------------------------------------------------------------------------------------
    def tick(self, now):
        """Blink the last move; True when the LED picture changed."""
        if self.marked and (now // BLINK_MS) % 2 != self.blink:
            self.blink = not self.blink
            return True
        return False

    def draw_leds(self, grid):
        shown = self.shown
        grid.clear()
        for sq in range(64):
            side = shown.side_on(sq)
            if side >= 0:
                grid.set(sq & 7, 7 - (sq >> 3), LED_SIDES[side][min(3, shown.guard_count(sq))])
            if self.blink and self.last[sq]:
                grid.set(sq & 7, 7 - (sq >> 3), LED_LAST)
        if self.target >= 0:
            grid.set(self.target & 7, 7 - (self.target >> 3), LED_FRAME)
