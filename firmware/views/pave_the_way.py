# SPDX-License-Identifier: MIT
"""Pave the Way on the device: the 8x8 board and the mover's hand, played with the board cursor (cursor.py).

Drawing. Each road piece shows its two numbers as pips, on an ivory bar along its axis, edged in its side's colour
(South red, North blue); a stack of road pieces shows the top one, with a notch per piece beneath. Guards are a
block in the square's corner, in the side's colour, with one white dot per guard (1-3). The panel shows the mover's
hand as dominoes, the bag (drop a hand piece on it to discard), the action menu and what is left of the turn.

Playing. The d-pad jumps between pieces; A on a guard stack, a hand piece or a free road piece selects it and
lights its targets; the d-pad then jumps between targets, and the board shows the move under the cursor. SELECT
turns a road piece to its next orientation, or a Guard Move to its next path or shove; A plays, B steps back.
Setup: A on a lit square places a guard; keep/redraw and who starts are in the menu, with End turn. A on a square
where nothing can be done says why (the engine's reason) and flashes it on the LED grid.

Close-up (the inspect view). The message line names what is on the square under the cursor ("a1: South road 2|0 on
1 more and 2 guards; SELECT: closer"). SELECT while browsing shows that square over the whole board, large: every
road piece of its stack as it lies, from the top (left) down, with its pips, and its guard block below them, while
the message line lists the stack in the same order; the next key brings the board back.

Secret guard placement (PTW-A32): while guards are placed the board shows only the placing side's guards (the
engine's view), and with two humans the hand-over screen comes first (``PRIVATE``).

The end: each square of the winner's road (every piece its home row reaches by matching links) is framed in gold
on the screen and lit gold on the grid.

Last move: the squares the last board-changing action of play changed have a corner mark on the screen and blink
on the grid. LED grid: one LED a square; South red, North blue; a bare road piece dim, guards brighter with their
height; the cursor yellow-green, the lit targets dim yellow, a refused square flashing red.
"""

import displayio

from core.pave_the_way import rules
from firmware import ui
from firmware.views.cursor import AIM, BROWSE, MENU, NOWHERE, BoardView
from core.compat import const

SIDE_COLOURS = (0xD82828, 0x3C78F0)
LED_SIDES = ((0x300000, 0x900000, 0xD00000, 0xFF2020), (0x000030, 0x000090, 0x0000D0, 0x3030FF))
LED_CURSOR = const(0xA0FF00)
LED_TARGET = const(0x303000)
LED_LAST = const(0xB0B0B0)
LED_ROAD = const(0xC08000)  # the winning road, gold
LED_REFUSED = const(0xFF0000)
BLINK_MS = const(400)  # the last move's squares blink on the grid
# palette indices of the board and hand bitmaps
LIGHT, DARK, SOUTH, NORTH, IVORY, PIP, LAST, TARGET, WHITE, BACK = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
PALETTE = (0x5A6470, 0x2E3640) + SIDE_COLOURS + (0xE8E0C8, 0x101010, ui.ACCENT, 0xF0E040, 0xFFFFFF, ui.BACKGROUND)
PANEL = const(64)  # the narrowest panel: a hand domino, and "End turn" in the menu
HAND = const(64)  # places 64..68: the mover's hand pieces; 69: the bag
BAG = const(69)
PLACES = const(70)
OFF = const(-300)  # where a frame waits when it marks nothing: beyond any display


class View(BoardView):
    def __init__(self, app, session, x, y, width, height):
        BoardView.__init__(self, app, session, x, y, width, height)
        self.cell = max(12, min((width - PANEL) // 8, height // 8))
        self.unit = max(1, (self.cell - 2) // 10)  # a pip's size: 1 px on 160x128, 2 on 240x240
        board_px = 8 * self.cell
        self.group = displayio.Group(x=x, y=y)
        palette = displayio.Palette(len(PALETTE))
        for i, color in enumerate(PALETTE):
            palette[i] = color
        self.bitmap = displayio.Bitmap(board_px, board_px, len(PALETTE))
        self.group.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        # the panel: the hand (five dominoes of two square halves), the bag, the menu, the turn's moves left
        self.half = min(self.cell - 1, (width - board_px - 4) // 2 - 1)
        self.panel_x = board_px + 3
        self.hand_bitmap = displayio.Bitmap(2 * self.half + 2, 5 * (self.half + 2), len(PALETTE))
        self.group.append(displayio.TileGrid(self.hand_bitmap, pixel_shader=palette, x=self.panel_x, y=0))
        hand_bottom = 5 * (self.half + 2)
        self.bag_label = ui.text_label("", self.panel_x, hand_bottom + 1, ui.TEXT)
        self.group.append(self.bag_label)
        # what is left of the turn, in two lines below the bag
        self.info = [ui.text_label("", self.panel_x, hand_bottom + 1 + (k + 1) * ui.LINE_HEIGHT, ui.DIM)
                     for k in range(2)]
        for label in self.info:
            self.group.append(label)
        self.frame = ui.Frame(ui.ACCENT)
        self.chosen = ui.Frame(0xFFFFFF)  # the selected subject
        for shape in self.frame.shapes + self.chosen.shapes:
            self.group.append(shape)
        self.group.append(self.popup)
        self.private_view = None  # a side's view of the game during secret placement (``shown``)
        self.drawing = session.game.clone()  # what the board shows: ``shown``, or a move previewed on it
        self.hand = []  # the dominoes in the hand slots
        self.drawn = [-1] * 64  # what each square shows, as a number (see _square_code)
        self.drawn_base = None  # the pieces of each square at the last refresh, to find what the last move changed
        self.drawn_hand = None
        self.last = bytearray(64)  # 1 on the squares the last board-changing action of play changed
        self.was_playing = False
        self.marked = False
        self.blink = False
        self.lit = bytearray(PLACES)  # 1 on the places lit as targets
        self.road = bytearray(64)  # 1 on the squares of the winner's road once the game is won
        self.close_up = NOWHERE  # the square shown large over the board (SELECT while browsing)
        self.refresh()

    # -- places ---------------------------------------------------------------------------------------------------
    def place_count(self):
        return PLACES

    def place_xy(self, place):
        if place < 64:
            return place & 7, 7 - (place >> 3)
        if place == BAG:
            return 9, 8
        return 9, (0, 2, 3, 5, 6)[place - HAND]

    def place_rect(self, place):
        c = self.cell
        if place < 64:
            return (place & 7) * c, (7 - (place >> 3)) * c, c, c
        if place == BAG:
            return self.panel_x - 1, 5 * (self.half + 2), 2 * self.half + 4, ui.LINE_HEIGHT
        k = place - HAND
        return self.panel_x - 1, k * (self.half + 2) - 1, 2 * self.half + 4, self.half + 2

    def place_occupied(self, place):
        if place < 64:
            return self.shown.side_on(place) >= 0
        return place == BAG or place - HAND < len(self.hand)

    def locate(self, move):
        kind = rules.move_kind(move)
        if kind == rules.GUARD or kind == rules.RELOCATE:
            return rules.move_from(move), rules.move_to(move)
        if kind == rules.PLAY:
            return self._hand_place(rules.move_domino(move)), rules.move_to(move)
        if kind == rules.DISCARD:
            return self._hand_place(rules.move_domino(move)), BAG
        if kind == rules.PLACE:
            return NOWHERE, rules.move_to(move)
        return NOWHERE, NOWHERE

    def _hand_place(self, d):
        return HAND + self.hand.index(d) if d in self.hand else NOWHERE

    def option_name(self, move):
        """What SELECT cycles, in words: a Guard Move's path and shoves; a road piece's turns show on the board."""
        kind = rules.move_kind(move)
        if kind == rules.GUARD:
            return _guard_path(move)
        if kind == rules.DISCARD:
            return "Discard " + _domino(rules.move_domino(move))
        return ""

    def menu_name(self, move):
        kind = rules.move_kind(move)
        if kind == rules.END:
            return "End turn"
        if kind == rules.HAND:
            return "Redraw hand" if rules.move_orientation(move) else "Keep hand"
        if kind == rules.FIRST:
            return "{} starts".format(self.player_name(rules.move_orientation(move)))
        return self.caption(self.game, move)

    def probe(self, subject, place):
        """The move A on ``place`` seems to ask for, for the engine's reason."""
        game = self.game
        me = game.current_player()
        if subject == NOWHERE:
            if place < 64 and game.side_on(place) == me and game.guard_count(place):
                return rules.guard_move(place, game.guard_count(place), 0)
            if place < 64 and game.side_on(place) == me and game.road_count(place):
                return rules.relocate_move(place, place, 0)
            if HAND <= place < HAND + len(self.hand):
                return rules.play_move(self.hand[place - HAND], 0, 0)
            return None
        if place >= 64:
            return None
        if subject >= HAND:
            return rules.play_move(self.hand[subject - HAND], place, 0)
        if game.guard_count(subject) and game.side_on(subject) == me:
            return rules.guard_move(subject, game.guard_count(subject), _direction(subject, place))
        return rules.relocate_move(subject, place, 0)

    def nothing_here(self, place):
        if place >= HAND and place != BAG:
            return "No piece there"
        if place == BAG:
            return "Select a hand piece, then the bag, to discard it"
        side = self.shown.side_on(place)
        if side >= 0 and side != self.game.current_player():
            return "Those are {}'s pieces".format(self.player_name(side))
        return "Nothing to move on " + _square(place)

    def caption(self, before, move):
        """The move in plain words, for the recap: 'North moved 2 guards from c5 to c4, shoving the piece on c4 to
        c3'."""
        who = self.player_name(before.current_player())
        kind = rules.move_kind(move)
        name = _square
        if kind == rules.END:
            return who + " ended the turn"
        if kind == rules.GUARD:
            size = rules.guard_size(move)
            return "{} moved {} guard{} from {} {}".format(who, size, "s" if size > 1 else "",
                                                         name(rules.move_from(move)), _guard_path(move))
        if kind == rules.PLAY:
            return who + " played " + _road_words(before, move)
        if kind == rules.RELOCATE:
            return who + " moved " + _road_words(before, move)
        if kind == rules.DISCARD:
            return "{} put {} back in the bag and drew".format(who, _domino(rules.move_domino(move)))
        if kind == rules.PLACE:
            return "{} placed a guard on {}".format(who, name(rules.move_to(move)))
        if kind == rules.HAND:
            return who + (" redrew the hand" if rules.move_orientation(move) else " kept the hand")
        return "{} chose: {}".format(who, self.menu_name(move))

    def player_name(self, player):
        """The side, and with a team (set up in New game) the member whose turn it is: the members take the
        side's turns in rotation."""
        name = BoardView.player_name(self, player)
        team = self.session.teams[player]
        if team > 1 and not self.game.is_over():  # a team wins together
            name += " {}".format(self.game.turns() // 2 % team + 1)
        return name

    @property
    def PRIVATE(self):
        """Secret guard placement: the next human must not see the other side's guards."""
        game = self.game
        return game.phase() == rules.PH_PLACE and not game.open_placement

    # -- the close-up ----------------------------------------------------------------------------------------------
    def key(self, pressed):
        """SELECT on a square with pieces, while browsing, shows it large with every piece of its stack; the next key
        closes it."""
        if self.close_up != NOWHERE:
            self.cancel()
        elif pressed & self.app.profile.K_SELECT and self.mode == BROWSE and self.cursor < 64 and \
                self.shown.side_on(self.cursor) >= 0:
            self.close_up = self.cursor
            self._draw_close_up(self.cursor)
        else:
            return BoardView.key(self, pressed)
        return None

    def place_shown(self, place):
        return place != NOWHERE and (self.close_up == NOWHERE or place >= 64)  # the close-up covers the board

    def cancel(self):
        if self.close_up == NOWHERE:
            BoardView.cancel(self)
            return
        self.close_up = NOWHERE
        for sq in range(64):
            self.drawn[sq] = -1  # the whole board again
        self.redraw()

    # -- the state shown --------------------------------------------------------------------------------------------
    def refresh(self):
        if self.close_up != NOWHERE:
            self.cancel()
        game = self.game
        self._update_shown()
        self._mark_last()
        self._find_road(game)
        me = game.current_player()
        self.hand = [d for d in range(28) if me >= 0 and game.in_hand(me, d)]
        BoardView.refresh(self)
        self._show_info(game)

    @property
    def shown(self):
        """The game as the board shows it: the game itself, or during secret placement a side's view of it as the
        last refresh made it. Not a copy of the game, which would cost 740 bytes of the device's heap for good."""
        return self.game if self.private_view is None else self.private_view

    def _update_shown(self):
        game = self.game
        if self.PRIVATE:
            # the placing side's view; while a computer places, the view of the side waiting
            viewer = game.current_player()
            if viewer >= 0 and self.session.seats[viewer] != 0:
                viewer = 1 - viewer
            if self.private_view is None:
                self.private_view = game.clone()
            game.view(viewer, self.private_view)
        else:
            self.private_view = None  # secret placement is over for this game

    def _mark_last(self):
        """The squares the last action of play changed (the board of the previous refresh was of play too)."""
        playing = self.was_playing
        self.was_playing = self.game.phase() == rules.PH_PLAY
        base = [_square_code(self.shown, sq) for sq in range(64)]
        if playing and self.was_playing and self.drawn_base is not None and base != self.drawn_base:
            for sq in range(64):
                self.last[sq] = 1 if base[sq] != self.drawn_base[sq] else 0
            self.marked = True
        self.drawn_base = base

    def _find_road(self, game):
        """Once a side has won, its road: every piece joined to its home row by matching links (the search of the
        engine's win check), framed in gold on the screen and lit gold on the grid."""
        road = self.road
        for sq in range(64):
            road[sq] = 0
        winner = game.result() if game.is_over() else -1
        if winner >= 0:
            game.home_road(winner, road)

    def _show_info(self, game):
        me = game.current_player()
        lines = ("", "")
        if me >= 0 and game.phase() == rules.PH_PLAY:
            lines = ("guards: {}".format(2 - game.guard_moves_used()), "roads: {}".format(2 - game.road_moves_used()))
        elif me >= 0 and game.phase() == rules.PH_PLACE:
            lines = ("place your", "guards")
        elif me >= 0:
            lines = ("setting up", "")
        for label, text in zip(self.info, lines):
            ui.set_text(label, text)
        ui.set_text(self.bag_label, "bag {}".format(game.bag_size(me)) if me >= 0 else "")

    # -- drawing ------------------------------------------------------------------------------------------------
    def preview(self, move):
        """Draw the board as ``move`` would leave it (its squares only: a draw from the bag is never shown)."""
        self.drawing.copy_from(self.shown)
        if move is not None and rules.move_kind(move) != rules.DISCARD:
            self.drawing.apply_legal(move)
        self._draw_board()

    def redraw(self):
        for place in range(PLACES):
            self.lit[place] = 0
        if not self.active():
            pass
        elif self.mode == AIM:
            for place in self.targets():
                self.lit[place] = 1
        elif self.mode == BROWSE:
            for place in range(64):
                if self.is_direct(place):
                    self.lit[place] = 1
        self._draw_board()
        self._draw_hand()
        active = self.active()
        self.outline(self.frame, self.cursor if self.mode != MENU and active else NOWHERE)
        self.outline(self.chosen, self.subject if self.mode == AIM and active else NOWHERE)
        self.draw_leds(self.app.grid)

    def message_line(self):
        if self.close_up != NOWHERE:
            return self._describe(self.close_up, True)
        if self.message:
            return self.message
        if self.mode == AIM and self.options:
            text = "A: " + self._action(self.options[self.option])
            if len(self.options) > 1:
                what = "way" if rules.move_kind(self.options[0]) == rules.GUARD else "turn"
                text += "; SELECT: next {} ({}/{})".format(what, self.option + 1, len(self.options))
            return text
        if self.mode == AIM:
            return "Choose a lit square; B: back"
        if self.mode == MENU or self.cursor >= 64:
            return ""
        if self.mode == BROWSE and self.is_direct(self.cursor):
            return "A: a guard on " + _square(self.cursor)
        return self._describe(self.cursor)

    def _action(self, move):
        """What A on the target does, in words: 'play road 3|2 on g1', 'move to c4 by c5, shoving the piece on c4 to
        c3'."""
        kind = rules.move_kind(move)
        if kind == rules.PLAY:
            return "play " + _road_words(self.shown, move)
        if kind == rules.RELOCATE:
            return "move " + _road_words(self.shown, move)
        if kind == rules.GUARD:
            return "move " + _guard_path(move)
        return self.option_name(move) or "play here"

    def _describe(self, sq, whole=False):
        """The square in words: 'h1: South road 6|4 on 2 more and 2 guards; SELECT: closer'; ``whole``, each piece
        of the stack from the top, for the close-up: 'h1: South road 6|4 on 1|1 on 2|5 and 2 guards; B: back'."""
        shown = self.shown
        side = shown.side_on(sq)
        text = _square(sq) + ": "
        if side < 0:
            return text + "empty"
        parts = []
        roads = shown.road_count(sq)
        if roads:
            shown_roads = roads if whole else 1
            numbers = ["{}|{}".format(*_numbers(shown.road_piece(sq, roads - 1 - k))) for k in range(shown_roads)]
            parts.append("road " + " on ".join(numbers) +
                         (" on {} more".format(roads - 1) if roads > shown_roads else ""))
        guards = shown.guard_count(sq)
        if guards:
            parts.append("{} guard{}".format(guards, "s" if guards > 1 else ""))
        return text + BoardView.player_name(self, side) + " " + " and ".join(parts) + \
            ("; B: back" if whole else "; SELECT: closer")

    def _draw_board(self):
        if self.close_up != NOWHERE:
            return
        for sq in range(64):
            code = _square_code(self.drawing, sq) | self.last[sq] << 16 | self.lit[sq] << 17 | \
                (sq == self.cursor and bool(self.options)) << 18 | self.road[sq] << 19
            if self.drawn[sq] != code:
                self.drawn[sq] = code
                self._draw_square(sq)

    def _draw_square(self, sq):
        game = self.drawing
        c = self.cell
        x0 = (sq & 7) * c
        y0 = (7 - (sq >> 3)) * c
        ui.fill(self.bitmap, x0, y0, c, c, LIGHT if (sq + (sq >> 3)) & 1 else DARK)
        side = game.side_on(sq)
        roads = game.road_count(sq)
        if side >= 0 and roads:
            code = game.road_piece(sq, roads - 1)
            self._draw_piece(self.bitmap, x0, y0, c, code, SOUTH + side)
            for k in range(roads - 1):  # a notch per piece beneath the top one
                ui.fill(self.bitmap, x0 + 1 + 2 * k, y0, 1, 1, WHITE)
        guards = game.guard_count(sq) if side >= 0 else 0
        if guards:  # in the square's corner
            size = 5 * self.unit + 4
            self._draw_guards(x0 + c - size, y0 + c - size, guards, side)
        if self.lit[sq] and not (sq == self.cursor and self.options):  # the move previewed there shows instead
            m = max(2, c // 5)
            ui.fill(self.bitmap, x0 + (c - m) // 2, y0 + (c - m) // 2, m, m, TARGET)
        if self.last[sq]:
            ui.fill(self.bitmap, x0, y0 + c - 2, 2, 2, LAST)
        if self.road[sq]:  # a gold frame round each square of the winning road
            for x, y, w, h in ((x0, y0, c, 1), (x0, y0 + c - 1, c, 1), (x0, y0, 1, c), (x0 + c - 1, y0, 1, c)):
                ui.fill(self.bitmap, x, y, w, h, LAST)

    def _draw_guards(self, gx, gy, guards, side):
        """A guard stack: a white-edged block in the side's colour with its height as pips (1-3), as on a die."""
        u = self.unit
        size = 5 * u + 4
        ui.fill(self.bitmap, gx, gy, size, size, WHITE)
        ui.fill(self.bitmap, gx + 1, gy + 1, size - 2, size - 2, SOUTH + side)
        ui.pips(self.bitmap, gx + 2, gy + 2, guards, u, WHITE)

    def _draw_close_up(self, sq):
        """The square ``sq`` over the whole board, large: its road pieces from the top of the stack (left) down, each
        as it lies, as the message line reads them, and its guards below them."""
        shown = self.shown
        side = shown.side_on(sq)
        roads = shown.road_count(sq)
        board_px = 8 * self.cell
        self.bitmap.fill(BACK)
        self.frame.hide()
        unit = self.unit
        c = min(board_px // 2, (board_px - 2) // max(1, roads))
        self.unit = max(1, (c - 2) // 10)  # pips in proportion, as on the board
        for k in range(roads):
            self._draw_piece(self.bitmap, 1 + k * c, 2, c, shown.road_piece(sq, roads - 1 - k), SOUTH + side)
        guards = shown.guard_count(sq)
        if guards:
            self.unit = board_px // 24
            self._draw_guards(1, c + 6 if roads else 2, guards, side)
        self.unit = unit

    def _draw_piece(self, bitmap, x0, y0, c, code, edge):
        """A road piece filling the square: two halves of pips along its axis, edged in its side's colour."""
        o = rules.piece_orientation(code)
        first, second = _numbers(code)
        u = self.unit
        span = 5 * u  # a pip square
        if o < 2:  # vertical: first number north
            ui.fill(bitmap, x0 + 1, y0, c - 2, c - 1, edge)
            ui.fill(bitmap, x0 + 2, y0 + 1, c - 4, c - 3, IVORY)
            ui.fill(bitmap, x0 + 2, y0 + (c - 1) // 2, c - 4, 1, edge)
            px = x0 + (c - span) // 2
            ui.pips(bitmap, px, y0 + 1 + ((c - 1) // 2 - 1 - span) // 2, first, u, PIP)
            ui.pips(bitmap, px, y0 + (c - 1) // 2 + 1 + ((c - 1) // 2 - 1 - span) // 2, second, u, PIP)
        else:  # horizontal: first number west
            ui.fill(bitmap, x0, y0 + 1, c - 1, c - 2, edge)
            ui.fill(bitmap, x0 + 1, y0 + 2, c - 3, c - 4, IVORY)
            ui.fill(bitmap, x0 + (c - 1) // 2, y0 + 2, 1, c - 4, edge)
            py = y0 + (c - span) // 2
            ui.pips(bitmap, x0 + 1 + ((c - 1) // 2 - 1 - span) // 2, py, first, u, PIP)
            ui.pips(bitmap, x0 + (c - 1) // 2 + 1 + ((c - 1) // 2 - 1 - span) // 2, py, second, u, PIP)

    def _draw_hand(self):
        me = self.game.current_player()
        key = (tuple(self.hand), me, tuple(self.lit[HAND:PLACES]))
        if key == self.drawn_hand:
            return
        self.drawn_hand = key
        bitmap = self.hand_bitmap
        bitmap.fill(BACK)
        h = self.half
        u = max(1, (h - 1) // 8)
        for k in range(5):
            y = k * (h + 2)
            if k >= len(self.hand):
                continue
            d = self.hand[k]
            ui.fill(bitmap, 0, y, 2 * h + 2, h, SOUTH + me)
            ui.fill(bitmap, 1, y + 1, 2 * h, h - 2, IVORY)
            ui.fill(bitmap, h + 1, y + 1, 1, h - 2, SOUTH + me)
            span = 5 * u
            ui.pips(bitmap, 1 + (h - span) // 2, y + (h - span) // 2, rules.LO[d], u, PIP)
            ui.pips(bitmap, h + 2 + (h - span) // 2, y + (h - span) // 2, rules.HI[d], u, PIP)
        if self.lit[BAG]:
            ui.set_text(self.bag_label, "> bag")

    # -- LED grid ----------------------------------------------------------------------------------------------
    def tick(self, now):
        """Blink the last move, flash a refusal; True when the LED picture changed."""
        changed = BoardView.tick(self, now)
        if self.marked and (now // BLINK_MS) % 2 != self.blink:
            self.blink = not self.blink
            changed = True
        if changed:
            self.draw_leds(self.app.grid)
        return changed

    def draw_leds(self, grid):
        shown = self.shown
        grid.clear()
        for sq in range(64):
            x = sq & 7
            y = 7 - (sq >> 3)
            side = shown.side_on(sq)
            if side >= 0:
                grid.set(x, y, LED_SIDES[side][min(3, shown.guard_count(sq))])
            if self.lit[sq]:
                grid.set(x, y, LED_TARGET)
            if self.blink and self.last[sq]:
                grid.set(x, y, LED_LAST)
            if self.road[sq]:
                grid.set(x, y, LED_ROAD)
        if self.mode != MENU and self.cursor < 64 and self.active():
            grid.set(self.cursor & 7, 7 - (self.cursor >> 3), LED_CURSOR)
        if self.flash_on(self.app.now) and self.flash_place < 64:
            grid.set(self.flash_place & 7, 7 - (self.flash_place >> 3), LED_REFUSED)


def _square_code(game, sq):
    """Everything drawn of a square's pieces, as one number: a change of it means the square must be drawn again."""
    side = game.side_on(sq)
    roads = game.road_count(sq)
    code = (side + 1) | game.guard_count(sq) << 2 | min(roads, 3) << 4
    if roads:
        code |= game.road_piece(sq, roads - 1) << 6  # the top piece's numbers show
    return code


def _direction(source, square):
    """The step direction (0 N, 1 E, 2 S, 3 W) from ``source`` that heads most toward ``square``."""
    dx = (square & 7) - (source & 7)
    dy = (square >> 3) - (source >> 3)
    if abs(dy) >= abs(dx):
        return 0 if dy > 0 else 2
    return 1 if dx > 0 else 3


def _square(sq):
    return "abcdefgh"[sq & 7] + str((sq >> 3) + 1)


def _domino(d):
    return "{}|{}".format(rules.LO[d], rules.HI[d])


def _road_words(game, move):
    """A road piece played or moved in ``game``, in words: 'road 3|2 on g1', 'road 3|2 from c1 to g1'."""
    to = _square(rules.move_to(move))
    if rules.move_kind(move) == rules.PLAY:
        first, second = _numbers(rules.move_orientation(move) << 5 | rules.move_domino(move))
        return "road {}|{} on {}".format(first, second, to)
    source = rules.move_from(move)
    d = rules.piece_domino(game.road_piece(source, game.road_count(source) - 1))
    first, second = _numbers(rules.move_orientation(move) << 5 | d)
    return "road {}|{} from {} to {}".format(first, second, _square(source), to)


def _guard_path(move):
    """A Guard Move's way in words, for its caption and to tell its options apart: 'to c4 by c5, shoving the piece
    on c4 to c3'."""
    to, via = rules.move_to(move), rules.guard_via(move)
    text = "to " + _square(to) + ("" if via == to else " by " + _square(via))
    for step, square in ((1, via), (2, to)):
        sent = rules.guard_shove(move, step)
        if sent >= 0:
            text += ", shoving the piece on {} to {}".format(_square(square), _square(sent))
    return text


def _numbers(code):
    """A road piece's numbers, north then south (upright) or west then east (lying)."""
    d = rules.piece_domino(code)
    if rules.piece_orientation(code) & 1:
        return rules.HI[d], rules.LO[d]
    return rules.LO[d], rules.HI[d]
