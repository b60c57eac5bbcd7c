# SPDX-License-Identifier: MIT
"""Pawns Crossing on the device: the board drawn to scale and played with the board cursor (cursor.py).

Drawing. The board is 91 px square at 1x (twice that on 240x240): 14 px tiles in their colour with their rank as
1-4 white dots along the top, 7 px domino halves with their pips, holes where the gaps cross, and a 7 px margin
where the pusher lies once it has been used. The margin shows the 16 slide handles: a small arrow at each line
end, pointing the way that end pushes (dark red while the previous player's slide forbids it, PC-A23). Tokens
are discs in their colour with a dark ring, up to four in a tile's corners, five to nine smaller in rows, so the
tokens of a shared tile can be counted; pawns are squares in their holes, and before they are placed they wait
beside the board. The panel shows the dice rolled this turn as dice with pips, "Endgame" once it has begun, and
the action menu. The token the last move carried has a yellow ring. Values are never drawn.

Playing. The d-pad jumps between the pieces on the board; the message line names what is under the cursor in plain
words, with every token of a shared tile (the inspect view: "red 3: red-a, blue-c (2 tokens)", "red-a on red ace
with red-b, red-c"). A on one of your tokens or pawns selects it and lights where it may go; the d-pad then jumps
between the lit places, the board shows the move under the cursor, A plays it, B steps back. Aiming a token, the
board also shows the way it goes (Game.token_path: a shortest legal path, PC-A2 .. PC-A10): each half it passes has
an orange ring round its middle, between the pips (hidden under a token lying there, which it passes as 0, PC-A6),
and the message line ends ", passing 3 halves"; the rings go when the cursor leaves the target, on B and once the
move is played. A slide: A on the arrow at a line end, then the lit end tile beside it (the whole line is framed
and previewed slid); SELECT turns the pusher the other way up (PC-A21), previewed. Setup: A on a lit hole places
your pawn; with two colours the first goes there, and the other pawn, waiting beside the board, can be selected to
go first. Roll, End turn and the balancing variant's choice are in the action menu, which opens by itself at the
start of a turn (A rolls; B or LEFT goes to the board), or with RIGHT past the rightmost place. A on something you
cannot move says why (the engine's reason) and flashes it on the LED grid.

SELECT while browsing peeks at the values of your own tokens (decisions 2.10): at once when you are the only
human, else after a "give the device to ..." question; any key, or four seconds, hides them again.

LED grid: the board in 7x7 (tiles on even rows and columns, dominoes and holes between): tiles dim in their colour,
tokens bright, pawns in their holes, lit places dim yellow, the halves a token aimed passes orange (over the lit
places: a domino's two halves share a light), the cursor yellow-green, a refused place flashing red; the token the
last move carried blinks. A token on the pusher shows beside its line in column 7 or row 7. The dice rolled this
turn show as lights in row 7 (the first die, from the left) and column 7 (the second, from the top), one light a
point, tumbling first; meanwhile a token on the pusher shows in the corner. Never any value.

Heap. What only a human needs (the words of the message line, refusals and the recap, the keys, the d-pad's walk,
the peek, the token's path) is in firmware/views/pawns_words.py, imported when a human chooses or a recap shows and
dropped before a computer's turn, so its heap is free while the computer thinks. Neither module imports
core.pawns_crossing.notation: its few words are written here, for about 12 KB less heap.
"""

import sys

import displayio

from core.pawns_crossing import rules
from core.pawns_crossing.board import DOMINO_PIPS, NONE, PUSHER_HALF, line_tile
from firmware import ui
from firmware.views.cursor import AIM, BROWSE, MENU, NOWHERE, BoardView
from core.compat import const

MARGIN = const(7)
TILE = const(14)
STEP = const(21)  # tile + gap
BOARD = const(91)
COLOURS = (0xE02020, 0x8858C8, 0x2868F0, 0x20B040)  # red, black (violet: black would not show), blue, green
LED_COLOURS = (0xC00000, 0x6000A0, 0x0000D0, 0x00A000)
LED_TILES = (0x480000, 0x280040, 0x000050, 0x003C00)  # dim: gamma squares them
LED_CURSOR = const(0xA0FF00)
LED_TARGET = const(0x303000)
LED_PATH = const(0xD03000)
LED_REFUSED = const(0xFF0000)
LED_LAST = const(0xB0B0B0)
PEEK_MS = const(4000)
WORDS = "firmware.views.pawns_words"
ROLL_MS = const(600)  # the dice tumble this long on the panel and the grid
BLINK_MS = const(400)  # the last move's token blinks on the grid
COLOUR_WORDS = ("Red", "Black", "Blue", "Green")
PANEL_MIN = const(56)
OFF = const(-300)  # where a shape waits when it shows nothing: beyond any display
FAR = const(-500)  # the lattice spot of a place that is not on the board
# palette indices of the board bitmap
BACKGROUND, GAP, TILE0, DOT, IVORY, PIP, TARGET, ARROW, FORBIDDEN, PATH = 0, 1, 2, 6, 7, 8, 9, 10, 11, 12
PALETTE = (0x000814, 0x182030) + COLOURS + (0xFFFFFF, 0xD8D0B0, 0x202020, 0x40E8FF, 0x8898A8, 0x802020, 0xFF6000)
# ``lit`` per place: LIT a target of the selection, PASSED a half the token previewed passes on its way there
LIT = const(1)
PASSED = const(2)
# places: 0..15 tile positions, 16..65 positional halves (64, 65 the pusher's), 66..74 holes, 75..90 slide handles
# (line * 2 + direction, at the end that pushes), 91..106 tokens, 107..110 pawns waiting to be placed
HALF0 = const(16)
HOLE0 = const(66)
HANDLE0 = const(75)
TOKEN0 = const(91)
TRAY0 = const(107)
PLACES = const(111)
TRAY_X = const(96)  # board coordinates of the waiting pawns, beside the board
TRAY_Y = const(48)
DIE = const(12)  # a die in the panel, px at 1x
RING = const(0x101820)  # a dark ring: a token shows on a tile of its own colour and apart from its neighbours


def tile_xy(pos):
    return MARGIN + (pos % 4) * STEP, MARGIN + (pos // 4) * STEP


def half_xy(game, half):
    """Top-left pixel of a positional half (0..49); the pusher lies in the margin at its line's end."""
    end = half & 1
    if half >= PUSHER_HALF:
        place = game.pusher_place()
        if place == NONE:
            return FAR, FAR
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


def handle_rect(code):
    """The margin beside the end tile where slide ``code`` (line * 2 + direction) pushes in."""
    line = code >> 1
    outer = BOARD - MARGIN if code & 1 else 0
    if line < 4:
        return outer, MARGIN + line * STEP, MARGIN, TILE
    return MARGIN + (line - 4) * STEP, outer, TILE, MARGIN












class View(BoardView):
    PRIVATE = False  # values stay hidden on every screen; peeking has its own hand-over
    MENU_AT_START = True  # a turn's first choice opens the action menu: A rolls

    def __init__(self, app, session, x, y, width, height):
        BoardView.__init__(self, app, session, x, y, width, height)
        game = session.game
        self.group = displayio.Group(x=x, y=y)
        # the board at twice the size where the display leaves room for it and a panel (240x240 boards)
        self.scale = scale = 2 if width - 2 * BOARD >= PANEL_MIN and height >= 2 * BOARD else 1
        board = displayio.Group(scale=scale)
        self.group.append(board)
        self.bitmap = displayio.Bitmap(BOARD, BOARD, len(PALETTE))
        palette = displayio.Palette(len(PALETTE))
        for i, color in enumerate(PALETTE):
            palette[i] = color
        board.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self.drawn = [-1] * HOLE0 + [-1] * 9  # what each tile, half and hole shows, as a number
        self.margins_drawn = -1
        # pieces and frames are vectorio shapes, which a group's scale does not enlarge: they are placed and sized
        # in screen pixels (board pixels times the scale) in a group of their own
        pieces = displayio.Group()
        self.group.append(pieces)
        self.pawns = [ui.Rect(OFF, OFF, 5 * scale, 5 * scale, COLOURS[c]) for c in range(4)]
        # a token is a disc of its colour in a dark ring, so it shows on a tile of its own colour
        self.rings = [ui.Rect(OFF, OFF, 5, 5, RING) for t in range(16)]
        self.tokens = [ui.Rect(OFF, OFF, 3, 3, COLOURS[t >> 2]) for t in range(16)]
        for shape in self.pawns + self.rings + self.tokens:
            pieces.append(shape.shape)
        self.frame = ui.Frame(ui.ACCENT)  # the cursor
        self.chosen = ui.Frame(0xFFFFFF)  # the selected subject
        for shape in self.chosen.shapes + self.frame.shapes:
            pieces.append(shape)
        # the panel: the dice rolled, the endgame, the pawns still to place, the action menu
        self.panel_x = panel = BOARD * scale + 2
        dice = displayio.Group(x=panel, y=0, scale=scale)
        self.dice = displayio.Bitmap(2 * DIE + 2, DIE, 6)
        dice_palette = displayio.Palette(6)
        for i, color in enumerate((ui.BACKGROUND,) + COLOURS + (0xFFFFFF,)):
            dice_palette[i] = color
        dice.append(displayio.TileGrid(self.dice, pixel_shader=dice_palette))
        self.group.append(dice)
        self.dice_drawn = -1
        self.endgame_label = ui.text_label("", panel, (DIE + 2) * scale, ui.WARNING)
        self.tray_label = ui.text_label("", panel, TRAY_Y * scale - ui.LINE_HEIGHT - 1, ui.DIM)
        self.group.append(self.endgame_label)
        self.group.append(self.tray_label)
        self.group.append(self.popup)
        self.after = None  # scratch for captions (pawns_words.caption)
        self.peek = None  # the peek's box, made on the first peek (pawns_words.start_peek)
        self.peeking = 0  # 0, 1 = asking for the device to be handed over, 2 = showing values
        self.peek_until = 0
        # the game as it is (``shown``), and what the board draws (``drawing``: ``shown`` or a move previewed on it)
        self.shown = game.clone()
        self.drawing = game.clone()
        self.space = bytearray(rules.SPACES)  # piece -> place (tile position or 16 + positional half) in ``shown``
        self.drawing_space = bytearray(rules.SPACES)
        self.home = [0] * 48  # each token's ring in ``shown``: x, y, size (the places the d-pad walks)
        self.spot = [0] * 48  # each token's ring as drawn (a previewed token elsewhere)
        self.counts = bytearray(16)  # tokens per tile, and how many of them are laid out (``_layout``)
        self.seen = bytearray(16)
        self.moving = NONE  # a token move previewed: the token, and the space it is drawn on
        self.moving_to = 0
        self.placing = NONE  # setup: the mover's colour a lit hole places (the other waits beside the board)
        self.lit = bytearray(PLACES)
        self.text = ""  # the message line while nothing is refused, worked out when the cursor moves
        self.last_at = bytearray(16)  # where each token was at the previous refresh
        self.moved = NONE  # the token the last move carried (ringed, blinking), or NONE
        self.blink = False
        self.roll_key = 0  # turn and dice of the roll last shown
        self.rolling_until = 0
        self.refresh()

    # -- places ---------------------------------------------------------------------------------------------------
    def place_count(self):
        return PLACES

    def place_rect(self, place):
        """The place's rectangle in board pixels (1x)."""
        if place < HALF0:
            x, y = tile_xy(place)
            return x, y, TILE, TILE
        if place < HOLE0:
            x, y = half_xy(self.shown, place - HALF0)
            return x, y, 7, 7
        if place < HANDLE0:
            x, y = hole_xy(place - HOLE0)
            return x, y, 7, 7
        if place < TOKEN0:
            return handle_rect(place - HANDLE0)
        if place < TRAY0:
            k = 3 * (place - TOKEN0)
            return self.home[k], self.home[k + 1], self.home[k + 2], self.home[k + 2]
        c = place - TRAY0
        return TRAY_X + 8 * (c & 1), TRAY_Y + 8 * (c >> 1), 5, 5

    def place_xy(self, place):
        x, y, w, h = self.place_rect(place)
        return x + w // 2, y + h // 2

    def next_place(self, place, dx, dy):
        return _words().next_place(self, place, dx, dy)

    def place_occupied(self, place):
        shown = self.shown
        if HOLE0 <= place < HANDLE0:
            return not shown.hole_open(place - HOLE0)
        if TOKEN0 <= place < TRAY0:
            # at a turn's start no token can move: the d-pad goes straight to the pawns and the slide arrows
            return shown.token_at(place - TOKEN0) < rules.SPACES and shown.phase() != rules.START
        if place >= TRAY0:
            return shown.pawn(place - TRAY0) == rules.UNPLACED
        if HANDLE0 <= place < TOKEN0:
            return shown.phase() == rules.START  # a forbidden slide's arrow says why
        return False

    def locate(self, move):
        kind = rules.move_kind(move)
        if kind == rules.TOKEN:
            return TOKEN0 + rules.move_token(move), self.space[rules.move_destination(move)]
        if kind == rules.PAWN:
            colour = rules.move_colour(move)
            hole = rules.move_hole(move)
            if self.shown.phase() == rules.PLACE:
                return (NOWHERE if colour == self.placing else TRAY0 + colour), HOLE0 + hole
            return HOLE0 + self.shown.pawn(colour), HOLE0 + hole
        if kind == rules.SLIDE:
            code = rules.move_line(move) * 2 + rules.move_direction(move)
            return HANDLE0 + code, self._slide_tile(code)
        return NOWHERE, NOWHERE

    def _slide_tile(self, code):
        """The end tile a slide pushes first: its target, beside its handle."""
        return line_tile(code >> 1, 3 * (code & 1))

    def option_name(self, move):
        return _words().option_name(self, move)

    def menu_name(self, move):
        kind = rules.move_kind(move)
        if kind == rules.ROLL:
            return "Roll"
        if kind == rules.END:
            return "End turn"
        if kind == rules.TAKE:
            mask = rules.move_colours(move)
            return "Take " + " and ".join(COLOUR_WORDS[c] for c in range(4) if mask & (1 << c))
        return ""

    def probe(self, subject, place):
        return _words().probe(self, subject, place)

    def nothing_here(self, place):
        return _words().nothing_here(self, place)

    def caption(self, before, move):
        return _words().caption(self, before, move)

    def player_name(self, player):
        """A player's colours, as the game deals them (in the balancing variant, as the roll winner took them)."""
        return _name(self.game, player)

    # -- the state shown --------------------------------------------------------------------------------------------
    def refresh(self):
        game = self.game
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
        if self.peeking:
            self._end_peek()
        self.shown.copy_from(game)
        _map_spaces(self.shown, self.space)
        self._layout(self.shown, self.space, NONE, 0, self.home)
        me = game.current_player()
        if me >= 0 and self.session.seats[me] != 0 and self.replay is None:
            _drop_words()  # a computer is to move
        self.placing = NONE
        if game.phase() == rules.PLACE:
            for colour in range(3, -1, -1):
                if game.owner(colour) == me and game.pawn(colour) == rules.UNPLACED:
                    self.placing = colour
        BoardView.refresh(self)
        if self.MENU_AT_START and game.phase() == rules.START and self.menu_moves and self.active():
            self.mode = MENU
            self.cursor_moved()
        box = self.popup_box.shape.width
        self.popup.x = max(0, min(self.panel_x - 2, self.width - box))
        self._draw_panel()

    def keys_for(self, move):
        return _words().keys_for(self, move)

    # -- drawing ------------------------------------------------------------------------------------------------
    def preview(self, move):
        """Show ``move``'s result: a token drawn on its destination (never applied: a delivery would tell its
        value), a slide or a pawn move applied to a copy of the board."""
        self.drawing.copy_from(self.shown)
        self.moving = NONE
        if move is not None:
            kind = rules.move_kind(move)
            if kind == rules.TOKEN:
                self.moving = rules.move_token(move)
                self.moving_to = self.space[rules.move_destination(move)]
            elif kind == rules.SLIDE or kind == rules.PAWN:
                self.drawing.apply_legal(move)

    def redraw(self):
        lit = self.lit
        for place in range(PLACES):
            lit[place] = 0
        active = self.active()
        if active and self.mode == AIM:
            for place in self.targets():
                lit[place] = LIT
            _words().mark_path(self)  # the halves a token passes on its way to the place under the cursor
        elif active and self.mode == BROWSE:
            for place in range(HOLE0, HANDLE0):
                if self.is_direct(place):
                    lit[place] = 1
        self._draw_board()
        self._draw_pieces()
        cursor = self.cursor if self.mode != MENU and active else NOWHERE
        if cursor != NOWHERE and self.mode == AIM and self.options and self.subject >= HANDLE0 \
                and self.subject < TOKEN0:
            self._outline_rect(self.frame, self._line_rect(self.subject - HANDLE0))  # the line that slides
        else:
            self.outline(self.frame, cursor)
        self.outline(self.chosen, self.subject if self.mode == AIM and active else NOWHERE)
        if self.message:
            self.message = _words().plain(self.message)
        self.text = _words().message_text(self) if active else ""
        self.draw_leds(self.app.grid)

    def message_line(self):
        return self.message or self.text

    def _line_rect(self, code):
        line = code >> 1
        if line < 4:
            return 0, MARGIN + line * STEP, BOARD, TILE
        return MARGIN + (line - 4) * STEP, 0, TILE, BOARD

    def outline(self, frame, place):
        if place == NOWHERE:
            frame.hide()
        else:
            self._outline_rect(frame, self.place_rect(place))

    def _outline_rect(self, frame, rect):
        """The frame just outside ``rect`` (board pixels), a board pixel thick."""
        x, y, w, h = rect
        s = self.scale
        frame.show((x - 1) * s, (y - 1) * s, (w + 2) * s, (h + 2) * s, s)

    def _draw_board(self):
        game = self.drawing
        bitmap = self.bitmap
        drawn = self.drawn
        lit = self.lit
        if self.margins_drawn == -1:
            bitmap.fill(BACKGROUND)
        for pos in range(16):
            tile = game.tile(pos)
            code = tile | lit[pos] << 5
            if drawn[pos] != code:
                drawn[pos] = code
                tx, ty = tile_xy(pos)
                ui.fill(bitmap, tx, ty, TILE, TILE, TARGET if lit[pos] & LIT else TILE0 + (tile >> 2))
                if lit[pos] & LIT:
                    ui.fill(bitmap, tx + 1, ty + 1, TILE - 2, TILE - 2, TILE0 + (tile >> 2))
                for k in range((tile & 3) + 1):  # rank: 1-4 dots along the top
                    ui.fill(bitmap, tx + 2 + 3 * k, ty + 2, 2, 2, DOT)
        for half in range(PUSHER_HALF):
            code = game.piece_at(16 + half) | lit[HALF0 + half] << 7
            if drawn[HALF0 + half] != code:
                drawn[HALF0 + half] = code
                self._draw_half(game, half)
        for hole in range(9):
            code = lit[HOLE0 + hole]
            if drawn[HALF0 + PUSHER_HALF + 2 + hole] != code:
                drawn[HALF0 + PUSHER_HALF + 2 + hole] = code
                hx, hy = hole_xy(hole)
                ui.fill(bitmap, hx, hy, 7, 7, TARGET if code else GAP)
                if code:
                    ui.fill(bitmap, hx + 1, hy + 1, 5, 5, GAP)
        # the margins: the pusher where it lies, the slide handles elsewhere
        place = game.pusher_place()
        forbidden = 16
        start = game.phase() == rules.START
        for code in range(16):
            if start and game.slide_forbidden(code >> 1, code & 1):
                forbidden = code
        key = place | game.piece_at(16 + PUSHER_HALF) << 8 | forbidden << 16 | lit[HALF0 + PUSHER_HALF] << 21 | \
            lit[HALF0 + PUSHER_HALF + 1] << 23
        if key != self.margins_drawn:
            self.margins_drawn = key
            ui.fill(bitmap, 0, 0, BOARD, MARGIN, BACKGROUND)
            ui.fill(bitmap, 0, BOARD - MARGIN, BOARD, MARGIN, BACKGROUND)
            ui.fill(bitmap, 0, 0, MARGIN, BOARD, BACKGROUND)
            ui.fill(bitmap, BOARD - MARGIN, 0, MARGIN, BOARD, BACKGROUND)
            for code in range(16):
                if code != place:
                    self._draw_arrow(code, FORBIDDEN if code == forbidden else ARROW)
            if place != NONE:
                self._draw_half(game, PUSHER_HALF)
                self._draw_half(game, PUSHER_HALF + 1)

    def _draw_arrow(self, code, color):
        """A small arrow in the margin at a line end, pointing the way that end pushes."""
        x, y, w, h = handle_rect(code)
        cx = x + w // 2
        cy = y + h // 2
        inward = -1 if code & 1 else 1
        for k in range(3):
            if code >> 1 < 4:
                ui.fill(self.bitmap, cx + (k - 1) * inward, cy - 2 + k, 1, 5 - 2 * k, color)
            else:
                ui.fill(self.bitmap, cx - 2 + k, cy + (k - 1) * inward, 5 - 2 * k, 1, color)

    def _draw_half(self, game, half):
        hx, hy = half_xy(game, half)
        if hx == FAR:
            return
        lit = self.lit[HALF0 + half]
        ui.fill(self.bitmap, hx, hy, 7, 7, TARGET if lit & LIT else IVORY)
        if lit & LIT:
            ui.fill(self.bitmap, hx + 1, hy + 1, 5, 5, IVORY)
        if lit & PASSED:  # a ring round the middle, between the pips (they lie on even offsets only)
            ui.fill(self.bitmap, hx + 2, hy + 2, 3, 3, PATH)
            ui.fill(self.bitmap, hx + 3, hy + 3, 1, 1, IVORY)
        ui.pips(self.bitmap, hx + 1, hy + 1, DOMINO_PIPS[game.piece_at(16 + half) - 16], 1, PIP)

    def _layout(self, game, space, moving, moving_to, out):
        """Each token's ring (x, y, size) into ``out``: up to four in a tile's corners, five or more smaller in
        rows of three; one on a half fills it. ``moving`` is drawn on ``moving_to`` instead (a preview)."""
        counts = self.counts
        for pos in range(16):
            counts[pos] = 0
        for t in range(16):
            at = self._token_space(game, space, t, moving, moving_to)
            if at < 16:
                counts[at] += 1
        seen = self.seen
        for pos in range(16):
            seen[pos] = 0
        for t in range(16):
            at = self._token_space(game, space, t, moving, moving_to)
            k = 3 * t
            if at == NONE:
                out[k] = out[k + 1] = FAR
                out[k + 2] = 5
                continue
            if at >= 16:
                x, y = half_xy(game, at - 16)
                out[k] = x + 1
                out[k + 1] = y + 1
                out[k + 2] = 5
                continue
            n = counts[at]
            i = seen[at]
            seen[at] += 1
            x, y = tile_xy(at)
            if n <= 4:
                out[k] = x + 1 + 7 * (i % 2)
                out[k + 1] = y + 4 + 5 * (i // 2)
                out[k + 2] = 5
            else:
                i = min(i, 8)
                out[k] = x + 1 + 4 * (i % 3)
                out[k + 1] = y + (5 if n <= 6 else 1) + 4 * (i // 3)
                out[k + 2] = 4

    @staticmethod
    def _token_space(game, space, t, moving, moving_to):
        if t == moving:
            return moving_to
        piece = game.token_at(t)
        return space[piece] if piece < rules.SPACES else NONE

    def _draw_pieces(self):
        game = self.drawing
        s = self.scale
        _map_spaces(game, self.drawing_space)
        self._layout(game, self.drawing_space, self.moving, self.moving_to, self.spot)
        for colour in range(4):
            hole = game.pawn(colour)
            if hole < 9:
                hx, hy = hole_xy(hole)
                self.pawns[colour].move((hx + 1) * s, (hy + 1) * s)
            elif hole == rules.UNPLACED:
                x, y, w, h = self.place_rect(TRAY0 + colour)
                self.pawns[colour].move(x * s, y * s)
            else:
                self.pawns[colour].move(OFF, OFF)
        spot = self.spot
        for t in range(16):
            x = spot[3 * t]
            y = spot[3 * t + 1]
            size = spot[3 * t + 2]
            ring = self.rings[t]
            inner = self.tokens[t]
            if x == FAR:
                ring.move(OFF, OFF)
                inner.move(OFF, OFF)
                continue
            ring.resize(size * s, size * s)
            inner.resize((size - 2) * s, (size - 2) * s)
            ring.move(x * s, y * s)
            inner.move((x + 1) * s, (y + 1) * s)
            ring.color(ui.ACCENT if t == self.moved else RING)

    def _draw_panel(self):
        game = self.game
        ui.set_text(self.endgame_label, "Endgame" if game.endgame() else "")
        waiting = game.phase() == rules.PLACE
        ui.set_text(self.tray_label, "To place:" if waiting else "")
        self._draw_dice(game)

    def _faces(self, game):
        """The rolled colours and their faces as one number (faces tumbling while a roll is new)."""
        code = 0
        shift = 0
        for colour in range(4):
            if game.rolled() & (1 << colour):
                code |= (colour + 1 | self._face(game, colour) << 3) << shift
                shift += 6
        return code

    def _face(self, game, colour):
        if self.rolling_until:
            return (self.app.now // 60 + 3 * colour) % 6
        return game.die(colour)

    def _draw_dice(self, game):
        code = self._faces(game)
        if code == self.dice_drawn:
            return
        self.dice_drawn = code
        bitmap = self.dice
        bitmap.fill(0)
        x = 0
        while code:
            colour = (code & 7) - 1
            face = (code >> 3) & 7
            ui.fill(bitmap, x, 0, DIE, DIE, 1 + colour)
            ui.pips(bitmap, x + 1, 1, face, 2, 5)
            x += DIE + 2
            code >>= 6

    # -- keys: in pawns_words, with the peek at one's own values ---------------------------------------------------
    def key(self, pressed):
        return _words().key(self, pressed)

    def cancel(self):
        if self.peeking:
            self._end_peek()
            return
        BoardView.cancel(self)

    def _end_peek(self):
        self.peeking = 0
        self.peek.hidden = True
        for label in self.peek_lines:
            ui.set_text(label, "")

    def rolling(self):
        return bool(self.rolling_until)

    def tick(self, now):
        """Hide a timed peek, tumble a roll, blink the last move, flash a refusal; True when the LED picture
        changed."""
        changed = BoardView.tick(self, now)
        if self.peeking == 2 and now >= self.peek_until:
            self._end_peek()
        if self.rolling_until:
            if now >= self.rolling_until:
                self.rolling_until = 0
            self._draw_dice(self.game)
            changed = True
        if self.moved != NONE and (now // BLINK_MS) % 2 != self.blink:
            self.blink = not self.blink
            changed = True
        return changed

    # -- LED grid ----------------------------------------------------------------------------------------------
    def _led(self, place, dice):
        """The LED of a place as x + 8 * y, or -1."""
        if place < 0:
            return -1
        if place >= TOKEN0:
            if place >= TRAY0:
                return -1
            piece = self.shown.token_at(place - TOKEN0)
            if piece >= rules.SPACES:
                return -1
            place = self.space[piece]
        if place < HALF0:
            return 2 * (place % 4) + 16 * (place // 4)
        if place < HOLE0:
            half = place - HALF0
            if half >= PUSHER_HALF:
                line = self.shown.pusher_place() >> 1
                if dice:
                    return 63
                return 7 + 16 * line if line < 4 else 2 * (line - 4) + 56
            slot = half >> 1
            if slot < 12:
                return 2 * (slot % 3) + 1 + 16 * (slot // 3)
            slot -= 12
            return 2 * (slot % 4) + 8 * (2 * (slot // 4) + 1)
        if place < HANDLE0:
            hole = place - HOLE0
            return 2 * (hole % 3) + 1 + 8 * (2 * (hole // 3) + 1)
        return self._led(self._slide_tile(place - HANDLE0), dice)

    def draw_leds(self, grid):
        game = self.shown
        grid.clear()
        dice = game.rolled()
        for pos in range(16):
            grid.set(2 * (pos % 4), 2 * (pos // 4), LED_TILES[game.tile(pos) >> 2])
        for colour in range(4):
            hole = game.pawn(colour)
            if hole < 9:
                grid.set(2 * (hole % 3) + 1, 2 * (hole // 3) + 1, LED_COLOURS[colour])
        for t in range(16):
            led = self._led(TOKEN0 + t, dice)
            if led >= 0:
                color = LED_LAST if t == self.moved and self.blink else LED_COLOURS[t >> 2]
                grid.set(led % 8, led // 8, color)
        if self.active() and self.mode != MENU:
            # the halves passed after the targets: the two halves of a domino share a light
            for mark in (LIT, PASSED):
                for place in range(PLACES):
                    if self.lit[place] & mark:
                        led = self._led(place, dice)
                        grid.set(led % 8, led // 8, LED_TARGET if mark == LIT else LED_PATH)
            led = self._led(self.cursor, dice)
            if led >= 0:
                grid.set(led % 8, led // 8, LED_CURSOR)
        if self.flash_on(self.app.now):
            led = self._led(self.flash_place, dice)
            if led >= 0:
                grid.set(led % 8, led // 8, LED_REFUSED)
        # the dice: one light a point, the first die along row 7, the second down column 7
        which = 0
        for colour in range(4):
            if dice & (1 << colour):
                for k in range(self._face(game, colour)):
                    if which == 0:
                        grid.set(k, 7, LED_COLOURS[colour])
                    else:
                        grid.set(7, k, LED_COLOURS[colour])
                which += 1


def _words():
    """The view's words (firmware/views/pawns_words.py), loaded while a human reads them."""
    from firmware.views import pawns_words

    return pawns_words


def _drop_words():
    """Unload the words before a computer's turn, so that their heap is free while it thinks."""
    if WORDS in sys.modules:
        del sys.modules[WORDS]
        import firmware.views

        del firmware.views.pawns_words


def _name(game, player):
    colours = game.colours_of(player)
    return "-".join(COLOUR_WORDS[c] for c in range(4) if colours & (1 << c))


def _map_spaces(game, out):
    """Where each piece lies in ``game``: tile position, 16 + positional half, or NONE (the pusher unused)."""
    for pos in range(16):
        out[game.tile(pos)] = pos
    pusher = game.pusher_place() != NONE
    for space in range(16, 16 + PUSHER_HALF + 2):
        piece = game.piece_at(space)
        if space < 16 + PUSHER_HALF or pusher:
            out[piece] = space
        elif not pusher:
            out[piece] = NONE
