# SPDX-License-Identifier: MIT
"""Pawns Crossing's words on the device: what the message line says under the cursor, why a move is refused, the
recap's captions and the peek at one's own values, in plain words ("red-a on red ace with red-b, red-c",
"Blue-Green moved blue-c to the 6 of 6|0 between blue 2 and red 2").

Only a human reads them, so the view (firmware/views/pawns_crossing.py) imports this module when a human chooses or
a recap shows, and drops it before a computer's turn: the heap it takes is free while the computer thinks. The
words are the view's own, not core.pawns_crossing.notation's, which would cost more heap than all of this.
"""

import displayio

from core.pawns_crossing import rules
from core.pawns_crossing.board import DOMINO_PIPS, NONE, PUSHER_HALF, SLOT_TILES, pusher_tile
from firmware import ui
from firmware.views.cursor import AIM, MENU, NOWHERE, BoardView
from firmware.views.pawns_crossing import (
    HANDLE0, HOLE0, MARGIN, PASSED, PEEK_MS, PLACES, TOKEN0, TRAY0, _map_spaces, _name,
)

COLOURS_LOW = ("red", "black", "blue", "green")
RANK_WORDS = ("ace", "2", "3", "4")
FACE_WORDS = ("blank", "ace", "2", "3", "4", "5")
VALUE_WORDS = ("?", "", "2", "3", "4", "null")  # a token's value code in words (UNKNOWN 0, NULL 5)
ROW_WORDS = ("the top row", "the second row", "the third row", "the bottom row")
COLUMN_WORDS = ("the left column", "the second column", "the third column", "the right column")
WAY = bytearray(51)  # the spaces the token move previewed enters (Game.token_path)


def tile_words(piece):
    """A tile piece in words: 'red ace', 'blue 3'."""
    return COLOURS_LOW[piece >> 2] + " " + RANK_WORDS[piece & 3]


def token_name(token):
    """A token by its public label: 'red-a'."""
    return COLOURS_LOW[token >> 2] + "-" + "abcd"[token & 3]


def direction_words(line, direction):
    """The way a slide pushes: direction 0 east (a row) or south (a column), 1 west or north."""
    return ("east", "west", "south", "north")[direction + (2 if line >= 4 else 0)]


def line_words(line):
    return ROW_WORDS[line] if line < 4 else COLUMN_WORDS[line - 4]


def plain(text):
    """An engine reason without its decision id: 'that slide would undo ... (PC-A23)' -> '... slide'."""
    cut = text.find(" (PC-")
    return text[:cut] if cut >= 0 else text


def probe(self, subject, place):
    """The move A on ``place`` seems to ask for, for the engine's reason."""
    game = self.game
    if TOKEN0 <= place < TRAY0:
        token = place - TOKEN0
        return rules.make_move(rules.TOKEN, token, game.token_at(token))
    if HOLE0 <= place < HANDLE0 and not game.hole_open(place - HOLE0):
        for colour in range(4):
            if game.pawn(colour) == place - HOLE0 and game.phase() != rules.PLACE:
                return rules.make_move(rules.PAWN, colour, place - HOLE0)
    if HANDLE0 <= place < TOKEN0:
        code = place - HANDLE0
        return rules.make_move(rules.SLIDE, code, 0)
    if place >= TRAY0 and game.owner(place - TRAY0) != game.current_player():
        return rules.make_move(rules.PAWN, place - TRAY0, 0)
    return None


def nothing_here(self, place):
    game = self.game
    if place >= TRAY0:
        return "Choose a lit hole for the {} pawn".format(COLOURS_LOW[place - TRAY0])
    if HOLE0 <= place < HANDLE0 and game.phase() == rules.PLACE:
        return "That pawn is placed; choose a lit hole"
    return "Nothing of yours to move here"


def message_text(self):
    """What the message line says while nothing is refused: the choice under the cursor, else what is there."""
    place = self.cursor
    if self.mode == MENU:
        if not self.menu_moves:
            return ""
        move = self.menu_moves[self.menu.cursor]
        kind = rules.move_kind(move)
        back = "" if len(self.menu_moves) == self.count else "; B: the board"
        if kind == rules.ROLL:
            return "A: roll the dice" + back
        if kind == rules.END:
            return "A: end the turn" + back
        return "A: " + self.menu_name(move).lower() + back
    if self.mode == AIM:
        if len(self.options) > 1:
            return "SELECT: {} ({}/{}); A: slide".format(self.option_name(self.options[self.option]),
                                                       self.option + 1, len(self.options))
        if self.options:
            text = "A: " + doing(self, self.options[0])
            if self.passed:
                text += ", passing {} {}".format(self.passed, "half" if self.passed == 1 else "halves")
            return text
        return "Choose a lit place; B: back"
    if self.is_direct(place):
        return "A: the {} pawn in {}".format(COLOURS_LOW[self.placing], hole_words(self, place - HOLE0))
    text = describe(self, place)
    if self.has_subject(place):
        return text + (" - A: slide it" if HANDLE0 <= place < TOKEN0 else " - A: move it")
    return text


def mark_path(self):
    """Aiming a token at a lit place: mark PASSED in ``self.lit`` the halves its move passes on the way (the
    destination not counted), and keep how many in ``self.passed``."""
    self.passed = 0
    if self.options and rules.move_kind(self.options[self.option]) == rules.TOKEN:
        self.passed = self.shown.token_path(self.options[self.option], WAY) - 1
        for k in range(self.passed):
            self.lit[WAY[k]] |= PASSED  # a space is its place: tiles 0..15, halves 16 + positional half


def doing(self, move):
    """A move about to be played, in words."""
    kind = rules.move_kind(move)
    if kind == rules.TOKEN:
        return "{} to {}".format(token_name(rules.move_token(move)),
                                 space_words(self, self.shown, self.space[rules.move_destination(move)]))
    if kind == rules.PAWN:
        return "the {} pawn to {}".format(COLOURS_LOW[rules.move_colour(move)],
                                          hole_words(self, rules.move_hole(move)))
    line = rules.move_line(move)
    return "slide {} {}".format(line_words(line), direction_words(line, rules.move_direction(move)))


def describe(self, place):
    """The place under the cursor and what is on it, in plain words (the inspect view)."""
    game = self.shown
    if place < HOLE0:
        return space_words(self, game, place, True)
    if place < HANDLE0:
        hole = place - HOLE0
        text = hole_words(self, hole)
        for colour in range(4):
            if game.pawn(colour) == hole:
                return text + ": the {} pawn".format(COLOURS_LOW[colour])
        return text + ": empty"
    if place < TOKEN0:
        code = place - HANDLE0
        line = code >> 1
        text = "Slide {} {}".format(line_words(line), direction_words(line, code & 1))
        if game.phase() == rules.START and game.slide_forbidden(line, code & 1):
            text += " (not now)"
        return text
    if place < TRAY0:
        token = place - TOKEN0
        piece = game.token_at(token)
        if piece >= rules.SPACES:
            return ""
        return token_name(token) + " on " + space_words(self, game, self.space[piece], True, token)
    return "The {} pawn, to place".format(COLOURS_LOW[place - TRAY0])


def space_words(self, game, space, contents=False, but=NONE):
    """A tile or a half in words ('red 3', 'the 4 of 4|2 by red 3 and blue 2'), with its tokens."""
    if space < 16:
        text = tile_words(game.tile(space))
    else:
        half = space - 16
        piece = game.piece_at(space)
        pips = DOMINO_PIPS[piece - 16]
        other = DOMINO_PIPS[(piece - 16) ^ 1]
        if half >= PUSHER_HALF:
            text = "the {} of the pusher {}|{} beside {}".format(pips, pips, other,
                                                            tile_words(game.tile(pusher_tile(game.pusher_place()))))
        else:
            slot = half >> 1
            text = "the {} of {}|{} between {} and {}".format(pips, pips, other,
                                                        tile_words(game.tile(SLOT_TILES[2 * slot])),
                                                        tile_words(game.tile(SLOT_TILES[2 * slot + 1])))
    if not contents:
        return text
    names = []
    for t in range(16):
        piece = game.token_at(t)
        if t != but and piece < rules.SPACES and self.space[piece] == space:
            names.append(token_name(t))
    if but != NONE:
        return text + (" with " + ", ".join(names) if names else "")
    if not names:
        return text + ": empty" if space < 16 else text
    count = " ({} tokens)".format(len(names)) if len(names) > 1 else ""
    return text + ": " + ", ".join(names) + count


def hole_words(self, hole, game=None):
    """A hole by the tile it lies south-east of."""
    game = self.shown if game is None else game
    return "the hole south-east of " + tile_words(game.tile((hole // 3) * 4 + hole % 3))


def caption(self, before, move):
    """``move`` in plain words, from the game ``before`` it: "Red-Black rolled red 3 and black 0: the black pawn
    must move", "Green slid the second row east", "Red moved red-b to the 4 of 4|2 between red 3 and blue 2"."""
    if self.after is None:  # scratch for captions, made on the first recap
        self.after = before.clone()
        self.caption_space = bytearray(rules.SPACES)
    after = self.after
    after.copy_from(before)
    after.apply_legal(move)
    player = before.current_player()
    who = _name(before, player)
    kind = rules.move_kind(move)
    if kind == rules.ROLL:
        faces = []
        forced = []
        colours = before.colours_of(player)
        both = colours & (colours - 1)  # two colours: say which die showed what
        for colour in range(4):
            if colours & (1 << colour):
                face = FACE_WORDS[after.die(colour)]
                faces.append(COLOURS_LOW[colour] + " " + face if both else face)
                if face == "blank" and before.pawn(colour) < 9:
                    forced.append(COLOURS_LOW[colour])
        text = "{} rolled {}".format(who, " and ".join(faces))
        if forced:
            return "{}: the {} pawn{} {}".format(text, " and ".join(forced), "s" if len(forced) > 1 else "",
                                                 "leave the board" if before.endgame() else "must move")
        if after.current_player() != player and not after.is_over():
            return text + ": nothing can move"
        return text
    if kind == rules.PAWN:
        verb = "placed" if before.phase() == rules.PLACE else "moved"
        where = hole_words(self, rules.move_hole(move), before)
        return "{} {} the {} pawn {} {}".format(who, verb, COLOURS_LOW[rules.move_colour(move)],
                                                "in" if verb == "placed" else "to", where)
    if kind == rules.SLIDE:
        line = rules.move_line(move)
        return "{} slid {} {}{}".format(who, line_words(line), direction_words(line,
                                                                                    rules.move_direction(move)),
                                        ", pusher flipped" if rules.move_flip(move) else "")
    if kind == rules.TOKEN:
        token = rules.move_token(move)
        destination = rules.move_destination(move)
        space = self.caption_space
        _map_spaces(before, space)
        where = space_words(self, before, space[destination])
        name = token_name(token)
        if after.token_at(token) == rules.DELIVERED:
            text = "{} delivered {} (a {}) on {}".format(who, name, VALUE_WORDS[after.value(token)], where)
            return text + " and wins" if after.is_over() else text
        return "{} moved {} to {}".format(who, name, where)
    if kind == rules.END:
        if before.phase() == rules.SECOND_PAWN:
            return who + " left the other pawn"
        return who + " ended the turn"
    if kind == rules.TAKE:
        return "The roll winner took " + self.menu_name(move)[5:]
    return who + " played"


def start_peek(self):
    """SELECT while browsing: the mover's own values, after a hand-over question when several humans play."""
    if self.peek is None:
        make_peek(self)
    humans = sum(1 for seat in self.session.seats if seat == 0)
    if humans > 1:
        self.peeking = 1
        name = self.player_name(self.game.current_player())
        show_lines(self, ui.wrap("Only {} may look: others look away. A: show, B: back".format(name),
                                 self.peek_room))
    else:
        show_values(self)


def show_values(self):
    game = self.game
    me = game.current_player()
    lines = ["Your values:"]
    for t in range(16):
        if game.owner(t >> 2) == me and game.token_at(t) < rules.SPACES:
            lines.append("{} {}".format(token_name(t), VALUE_WORDS[game.value(t)]))
    if len(lines) == 1:
        lines.append("none left")
    self.peeking = 2
    self.peek_until = self.app.now + PEEK_MS
    show_lines(self, lines)



def next_place(self, place, dx, dy):
    """The d-pad by lines of the board (bands 7 px high: a tile row's upper and lower half, a gap row, a
    margin): UP and DOWN go to the next line that holds a stop, to the stop nearest across; LEFT and RIGHT to the
    next stop along the line, else as the framework does (the nearest ahead, scored). So every stop can be
    reached from every other: the framework's scoring alone can leave a hole ringed by tokens in the tiles'
    corners unreachable."""
    x0, y0 = self.place_xy(place)
    band = y0 // MARGIN
    best = NOWHERE
    best_ahead = best_aside = 0
    for other in range(PLACES):
        if other == place or not self._is_stop(other):
            continue
        x, y = self.place_xy(other)
        if dy:
            ahead = (y // MARGIN - band) * dy
            aside = abs(x - x0)
        elif y // MARGIN != band:
            continue
        else:
            ahead = (x - x0) * dx
            aside = 0
            if ahead == 0:  # stops on one spot are walked in place order
                ahead = 1 if (other - place) * dx > 0 else 0
                aside = -1  # before a stop further along
        if ahead <= 0:
            continue
        if best == NOWHERE or ahead < best_ahead or (ahead == best_ahead and aside < best_aside):
            best = other
            best_ahead = ahead
            best_aside = aside
    if best == NOWHERE and dx:
        return BoardView.next_place(self, place, dx, dy)
    return best


def option_name(self, move):
    if rules.move_kind(move) == rules.SLIDE:
        return "pusher flipped" if rules.move_flip(move) else "pusher as it lies"
    return ""


def keys_for(self, move):
    """As the framework's, and from the menu a turn opens with: straight to the entry."""
    if self.mode == MENU and move in self.menu_moves and len(self.menu_moves) < self.count:
        steps = self.menu_moves.index(move) - self.menu.cursor
        return (["DOWN"] * steps if steps >= 0 else ["UP"] * -steps) + ["A"]
    return BoardView.keys_for(self, move)


def key(self, pressed):
    profile = self.app.profile
    if self.peeking:
        if self.peeking == 1 and pressed & profile.K_A:
            show_values(self)
        else:
            self._end_peek()
        return None
    if pressed & profile.K_SELECT and self.mode != AIM:
        start_peek(self)
        return None
    return BoardView.key(self, pressed)


def show_lines(self, lines):
    for k, label in enumerate(self.peek_lines):
        ui.set_text(label, lines[k] if k < len(lines) else "")
    self.peek.hidden = False


def make_peek(self):
    """The peek: a box over the board with the mover's own values, made the first time it is asked for."""
    width = self.width
    height = self.height
    self.peek = displayio.Group(x=2, y=2)
    self.peek.hidden = True
    rows = min(8, (height - 8) // ui.LINE_HEIGHT)
    box_width = min(width - 4, 22 * ui.CHAR_WIDTH + 8)
    self.peek.append(ui.Rect(0, 0, box_width, rows * ui.LINE_HEIGHT + 6, ui.PANEL).shape)
    self.peek_lines = [ui.text_label("", 4, 3 + k * ui.LINE_HEIGHT) for k in range(rows)]
    for label in self.peek_lines:
        self.peek.append(label)
    self.peek_room = box_width - 8
    self.group.append(self.peek)
