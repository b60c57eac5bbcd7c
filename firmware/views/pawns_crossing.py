# SPDX-License-Identifier: MIT
"""Pawns Crossing on the device: the board drawn to scale, and a choose-then-aim panel.

The board is 91 px square: 14 px tiles, 7 px gaps (a domino half is 7x7, pips as on a die), holes where gaps
cross, and a 7 px margin where the pusher lies once it has been used. Tokens are discs in their colour (on a tile,
in its corners), pawns squares in their holes. Values are never drawn: tokens are public, their values secret.

The panel lists what can act now (Roll, a token by its label, a pawn, Slide, End); A opens its choices
(destinations, holes, lines) and A again plays one; B backs out. A frame marks the token, hole or line the
cursor points at. SELECT peeks at the values of your own tokens (decisions 2.10): at once when you are the only
human, else after a "give the device to ..." screen; any key hides them again.

The LED grid maps the board in 7x7 (tiles on even rows and columns, dominoes and holes between): tiles dim in their
colour, tokens bright, pawns in their holes, a token on the pusher in column 7 (beside its row) or row 7 (below
its column); row 7 also shows the dice rolled this turn (lit count = face). A new roll tumbles there and on the
panel first; the token the last move carried blinks on the grid and has a yellow ring on the screen. Never any
value.
"""

import displayio

from core.game import move_buffer
from core.pawns_crossing import notation, rules
from core.pawns_crossing.board import DOMINO_PIPS, PUSHER_HALF, NONE
from firmware import ui
from firmware.views import base
from firmware.views.panel import SubjectPanel

MARGIN = 7
TILE = 14
STEP = 21  # tile + gap
BOARD = 91
COLOURS = (0xE02020, 0x8858C8, 0x2868F0, 0x20B040)  # red, black (violet: black would not show), blue, green
LED_COLOURS = (0xC00000, 0x6000A0, 0x0000D0, 0x00A000)
LED_TILES = (0x480000, 0x280040, 0x000050, 0x003C00)  # dim: gamma squares them
PEEK_MS = 4000
ROLL_MS = 600  # the dice tumble this long on the panel and the grid
BLINK_MS = 400  # the last move's token blinks on the grid
LED_LAST = 0xB0B0B0
SHORT = ("red", "blk", "blu", "grn")
COLOUR_WORDS = ("Red", "Black", "Blue", "Green")
PANEL_MIN = 56
OFF = -300  # where the frame waits when it marks nothing: beyond any display  # the panel's narrowest: "Slide..." and "to v03e"  # colour names that fit the panel beside "Pawn "
# pips of 0-6 on a 7x7 half: offsets of the dots on a 3x3 lattice (1, 3, 5)
PIPS = ((), (4,), (0, 8), (0, 4, 8), (0, 2, 6, 8), (0, 2, 4, 6, 8), (0, 2, 3, 5, 6, 8))
BACKGROUND, GAP, TILE0, DOT, IVORY, PIP, HOLE = 0, 1, 2, 6, 7, 8, 9


def tile_xy(pos):
    return MARGIN + (pos % 4) * STEP, MARGIN + (pos // 4) * STEP


def half_xy(game, half):
    """Top-left pixel of a positional half (0..49); the pusher lies in the margin at its line's end."""
    end = half & 1
    if half >= PUSHER_HALF:
        place = game.pusher_place()
        line = place >> 1
        outer = BOARD - MARGIN if place & 1 else 0
        if line < 4:
            return outer, MARGIN + line * STEP + 7 * end
        return MARGIN + (line - 4) * STEP + 7 * end, outer
    slot = half >> 1
    if slot < 12:
        return MARGIN + (slot % 3) * STEP + TILE, MARGIN + (slot // 3) * STEP + 7 * end
    slot -= 12
    return MARGIN + (slot % 4) * STEP + 7 * end, MARGIN + (slot // 4) * STEP + TILE


def hole_xy(hole):
    return MARGIN + (hole % 3) * STEP + TILE, MARGIN + (hole // 3) * STEP + TILE


class View(SubjectPanel, base.View):
    PRIVATE = False  # values stay hidden on every screen; peeking has its own hand-over

    def __init__(self, app, session, x, y, width, height):
        base.View.__init__(self, app, session, x, y, width, height)
        self.moves = move_buffer(rules.Game.MAX_MOVES)
        self.count = 0
        self.group = displayio.Group(x=x, y=y)
        # the board at twice the size where the display leaves room for it and a panel (240x240 boards)
        scale = 2 if width - 2 * BOARD >= PANEL_MIN and height >= 2 * BOARD else 1
        board = displayio.Group(scale=scale)
        self.group.append(board)
        self.bitmap = displayio.Bitmap(BOARD, BOARD, 10)
        palette = displayio.Palette(10)
        for i, color in enumerate((0x000814, 0x182030) + COLOURS + (0xFFFFFF, 0xD8D0B0, 0x202020, 0x000000)):
            palette[i] = color
        board.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self.drawn = bytearray(16 + PUSHER_HALF)  # the piece each tile and half shows, + 1 (0: not drawn)
        self.pusher_drawn = -1
        self.pawns = [ui.Rect(-9, 0, 5, 5, COLOURS[c]) for c in range(4)]
        # a token is a light 5x5 ring around its 3x3 colour, so it shows on a tile of its own colour
        self.rings = [ui.Rect(-9, 0, 5, 5, 0xF0F0F0) for t in range(16)]
        self.tokens = [ui.Rect(-9, 0, 3, 3, COLOURS[t >> 2]) for t in range(16)]
        for shape in self.pawns + self.rings + self.tokens:
            board.append(shape.shape)
        # the aiming frame: four thin bars
        self.frame = [ui.Rect(-9, 0, 1, 1, ui.ACCENT) for _ in range(4)]
        for bar in self.frame:
            board.append(bar.shape)
        panel = BOARD * scale + 2
        rows = height // ui.LINE_HEIGHT
        self.subjects = ui.Menu(panel, 0, width - panel, rows - 1, [])
        self.choices = ui.Menu(panel, 0, width - panel, rows - 1, [])
        self.info = ui.text_label("", panel + 2, (rows - 1) * ui.LINE_HEIGHT, ui.DIM)
        self.group.append(self.subjects.group)
        self.group.append(self.info)
        self.peeking = 0  # 0, 1 = asking for the device to be handed over, 2 = showing values
        self.peek_until = 0
        self.last_at = bytearray(16)  # where each token was at the previous refresh
        self.moved = NONE  # the token the last move carried (highlighted), or NONE
        self.blink = False
        self.roll_key = 0  # turn and dice of the roll last shown
        self.rolling_until = 0
        self.refresh()

    # -- drawing -----------------------------------------------------------------------------------------------
    def refresh(self):
        game = self.session.game
        self.count = game.legal_moves(self.moves)
        for t in range(16):
            if self.last_at[t] != game.token_at(t):
                if self.roll_key:  # not the first drawing
                    self.moved = t if game.token_at(t) < rules.SPACES else NONE
                self.last_at[t] = game.token_at(t)
        roll_key = (game.turns() << 8) | game.rolled() | 0x10
        if roll_key != self.roll_key:
            if self.roll_key and game.rolled():
                self.rolling_until = self.app.now + ROLL_MS  # new dice: tumble first
            self.roll_key = roll_key
        self._draw_board(game)
        self._place_pieces(game)
        self._list_subjects()
        self._show_info(game)
        self._aim()

    def _face(self, game, colour):
        """The face to show: the real one, or a random one while the dice tumble."""
        if self.rolling_until:
            return 1 + (self.app.now // 60 + 3 * colour) % 5
        return game.die(colour)

    def _show_info(self, game):
        rolled = game.rolled()
        text = ""
        for colour in range(4):
            if rolled & (1 << colour):
                face = self._face(game, colour)
                text += "{}{} ".format(notation.COLOURS[colour][0].upper(), face if face else "-")
        if game.endgame():
            text += "end!"
        ui.set_text(self.info, text)

    def _draw_board(self, game):
        bitmap = self.bitmap
        drawn = self.drawn
        if self.pusher_drawn == -1:
            bitmap.fill(BACKGROUND)
            for hole in range(9):
                hx, hy = hole_xy(hole)
                self._fill(hx, hy, 7, 7, GAP)
        for pos in range(16):
            tile = game.tile(pos)
            if drawn[pos] == tile + 1:
                continue
            drawn[pos] = tile + 1
            tx, ty = tile_xy(pos)
            self._fill(tx, ty, TILE, TILE, TILE0 + (tile >> 2))
            for k in range((tile & 3) + 1):  # rank: 1-4 dots along the top
                self._fill(tx + 2 + 3 * k, ty + 2, 2, 2, DOT)
        for half in range(PUSHER_HALF):
            piece = game.piece_at(16 + half)
            if drawn[16 + half] != piece + 1:
                drawn[16 + half] = piece + 1
                self._draw_half(game, half, piece)
        pusher = game.pusher_place() * 256 + game.piece_at(16 + PUSHER_HALF)
        if pusher != self.pusher_drawn:
            self.pusher_drawn = pusher
            # it lies in one of the margins, or none: wipe them all, then draw it where it is now
            self._fill(0, 0, BOARD, MARGIN, BACKGROUND)
            self._fill(0, BOARD - MARGIN, BOARD, MARGIN, BACKGROUND)
            self._fill(0, 0, MARGIN, BOARD, BACKGROUND)
            self._fill(BOARD - MARGIN, 0, MARGIN, BOARD, BACKGROUND)
            if game.pusher_place() != NONE:
                for half in (PUSHER_HALF, PUSHER_HALF + 1):
                    self._draw_half(game, half, game.piece_at(16 + half))

    def _draw_half(self, game, half, piece):
        hx, hy = half_xy(game, half)
        self._fill(hx, hy, 7, 7, IVORY)
        for spot in PIPS[DOMINO_PIPS[piece - 16]]:
            self.bitmap[hx + 1 + 2 * (spot % 3), hy + 1 + 2 * (spot // 3)] = PIP

    def _fill(self, x, y, width, height, color):
        ui.fill(self.bitmap, x, y, width, height, color)

    def _place_pieces(self, game):
        for colour in range(4):
            hole = game.pawn(colour)
            if hole < 9:
                hx, hy = hole_xy(hole)
                self.pawns[colour].move(hx + 1, hy + 1)
            else:
                self.pawns[colour].move(-9, 0)
        on_tile = bytearray(16)
        for t in range(16):
            piece = game.token_at(t)
            if piece >= rules.SPACES:
                x, y = -9, 0
            elif piece < 16:
                pos = game.space_of(piece)
                x, y = tile_xy(pos)
                corner = on_tile[pos] % 4  # a fifth token on one tile covers the first
                on_tile[pos] += 1
                x += 1 + 7 * (corner % 2)
                y += 4 + 5 * (corner // 2)
            else:
                x, y = half_xy(game, game.space_of(piece) - 16)
                x += 1
                y += 1
            self.rings[t].move(x, y)
            self.rings[t].color(ui.ACCENT if t == self.moved else 0xF0F0F0)  # last move's token
            self.tokens[t].move(x + 1, y + 1)

    def _frame_on(self, x, y, width, height):
        top, bottom, left, right = self.frame
        top.shape.width = width
        bottom.shape.width = width
        left.shape.height = height
        right.shape.height = height
        top.move(x, y - 1)
        bottom.move(x, y + height)
        left.move(x - 1, y)
        right.move(x + width, y)

    def _frame_off(self):
        for bar in self.frame:
            bar.move(OFF, OFF)

    def _aim(self):
        """Frame what the cursor points at: a token, a space, a hole or a line."""
        game = self.session.game
        if self.peeking or not self.count:
            self._frame_off()
            return
        if self.choosing:
            move = self.choice_moves[self.choices.cursor]
        else:
            first, _ = self.subject_moves[self.subjects.cursor]
            move = self.moves[first]
        kind = rules.move_kind(move)
        if kind == rules.TOKEN:
            token = rules.move_token(move)
            self._frame_space(game, rules.move_destination(move) if self.choosing else game.token_at(token))
        elif kind == rules.PAWN:
            pawn = game.pawn(rules.move_colour(move))
            hx, hy = hole_xy(rules.move_hole(move)) if self.choosing else hole_xy(pawn) if pawn < 9 else (-9, 0)
            self._frame_on(hx, hy, 7, 7)
        elif kind == rules.SLIDE and self.choosing:
            line = rules.move_line(move)
            if line < 4:
                self._frame_on(MARGIN, MARGIN + line * STEP, BOARD - 2 * MARGIN, TILE)
            else:
                self._frame_on(MARGIN + (line - 4) * STEP, MARGIN, TILE, BOARD - 2 * MARGIN)
        else:
            self._frame_off()

    def _frame_space(self, game, piece):
        space = game.space_of(piece)
        if space < 16:
            tx, ty = tile_xy(space)
            self._frame_on(tx, ty, TILE, TILE)
        else:
            hx, hy = half_xy(game, space - 16)
            self._frame_on(hx, hy, 7, 7)

    # -- choosing ----------------------------------------------------------------------------------------------
    @staticmethod
    def _subject(move):
        """Moves with the same subject are chosen together: a token's destinations, a pawn's holes, slides."""
        kind = rules.move_kind(move)
        if kind == rules.TOKEN:
            return kind * 32 + rules.move_token(move)
        if kind == rules.PAWN:
            return kind * 32 + rules.move_colour(move)
        if kind == rules.TAKE:
            return move
        return kind * 32

    def _subject_name(self, move):
        game = self.session.game
        kind = rules.move_kind(move)
        if kind == rules.TOKEN:
            return notation.token_name(rules.move_token(move))
        if kind == rules.PAWN:
            return "Pawn " + SHORT[rules.move_colour(move)]
        if kind == rules.SLIDE:
            return "Slide..."
        if kind == rules.ROLL:
            return "Roll"
        if kind == rules.END:
            return "End turn"
        return notation.format_move(game, move)

    def cancel(self):
        if self.peeking:
            self._end_peek()
        self._close_choices()
        self._aim()

    def key(self, pressed):
        profile = self.app.profile
        if self.peeking:
            if self.peeking == 1 and pressed & profile.K_A:
                self._show_values()
            else:
                self._end_peek()
            return None
        if pressed & profile.K_SELECT:
            self._start_peek()
            return None
        return self._panel_key(pressed)

    def _choice_name(self, move):
        text = notation.format_move(self.session.game, move)
        if rules.move_kind(move) in (rules.TOKEN, rules.PAWN):
            return "to " + text.split()[-1]
        if rules.move_kind(move) == rules.SLIDE:
            return text[6:]
        return text

    # -- peeking at one's own values ---------------------------------------------------------------------------
    def _start_peek(self):
        game = self.session.game
        humans = sum(1 for seat in self.session.seats if seat == 0)
        if humans > 1:
            self.peeking = 1
            self._close_choices()
            self.subjects.set_items(["Only P{}:".format(game.current_player() + 1), "press A"])
            self._frame_off()
        else:
            self._show_values()

    def _show_values(self):
        game = self.session.game
        me = game.current_player()
        lines = []
        for t in range(16):
            if game.owner(t >> 2) == me and game.token_at(t) < rules.SPACES:
                lines.append("{} {}".format(notation.token_name(t), notation.VALUES[game.value(t)]))
        self.peeking = 2
        self.peek_until = self.app.now + PEEK_MS
        self._close_choices()
        self.subjects.set_items(lines or ["none left"])
        self._frame_off()

    def _end_peek(self):
        self.peeking = 0
        self.refresh()

    def player_name(self, player):
        """A player's colours, as the game deals them (in the balancing variant, as the roll winner took them)."""
        colours = self.session.game.colours_of(player)
        return "-".join(COLOUR_WORDS[c] for c in range(4) if colours & (1 << c))

    def rolling(self):
        return bool(self.rolling_until)

    def tick(self, now):
        """End a timed peek, tumble a roll, blink the last move; True when the LED picture changed."""
        if self.peeking == 2 and now >= self.peek_until:
            self._end_peek()
        game = self.session.game
        if self.rolling_until:
            if now >= self.rolling_until:
                self.rolling_until = 0
            self._show_info(game)
            return True
        if self.moved != NONE and (now // BLINK_MS) % 2 != self.blink:
            self.blink = not self.blink
            return True
        return False

    # -- LED grid ----------------------------------------------------------------------------------------------
    def draw_leds(self, grid):
        game = self.session.game
        grid.clear()
        for pos in range(16):
            grid.set(2 * (pos % 4), 2 * (pos // 4), LED_TILES[game.tile(pos) >> 2])
        for colour in range(4):
            hole = game.pawn(colour)
            if hole < 9:
                grid.set(2 * (hole % 3) + 1, 2 * (hole // 3) + 1, LED_COLOURS[colour])
        for t in range(16):
            piece = game.token_at(t)
            if piece >= rules.SPACES:
                continue
            color = LED_LAST if t == self.moved and self.blink else LED_COLOURS[t >> 2]
            space = game.space_of(piece)
            if space < 16:
                grid.set(2 * (space % 4), 2 * (space // 4), color)
                continue
            half = space - 16
            if half >= PUSHER_HALF:
                place = game.pusher_place()
                line = place >> 1
                if line < 4:
                    grid.set(7, 2 * line, color)  # either end: column 7 beside the row
                else:
                    grid.set(2 * (line - 4), 7, color)
                continue
            slot = half >> 1
            if slot < 12:
                grid.set(2 * (slot % 3) + 1, 2 * (slot // 3), color)
            else:
                slot -= 12
                grid.set(2 * (slot % 4), 2 * (slot // 4) + 1, color)
        if game.rolled():
            x = 0
            for colour in range(4):
                if game.rolled() & (1 << colour):
                    for k in range(self._face(game, colour)):
                        grid.set(x + k, 7, LED_COLOURS[colour])
                    x += 5
