# SPDX-License-Identifier: MIT
"""Pawns Crossing text: moves, names, and (in ``position``) positions (docs/pawns-crossing.md has examples).

Names: colours ``red black blue green``; tiles ``redA red2 red3 red4``; tokens by public label ``red-a`` ..
``red-d``; holes ``x00`` .. ``x22``; domino halves by where they lie: ``h12n`` (the N half of the domino between
tiles (1,2) and (1,3)), ``v01e`` (the E half of the domino between tiles (0,1) and (1,1)), and the pusher's halves
``pn``/``ps`` (lying at a row's end) or ``pw``/``pe`` (at a column's end). Lines ``row0`` .. ``row3`` slide
``east``/``west``, ``col0`` .. ``col3`` slide ``south``/``north``.

Moves: ``roll``, ``pawn red x11``, ``slide row2 east`` (``slide row2 east flip`` turns the pusher over as it goes
in), ``red-a h12n`` (token to a space), ``end``, ``take red+green`` (balancing variant).
"""

from core.errors import NotationError
from core.pawns_crossing import paths
from core.pawns_crossing.board import NONE, PUSHER_HALF, hole_name
from core.pawns_crossing.rules import (
    make_move, move_kind, move_colour, move_colours, move_destination, move_direction, move_flip, move_hole,
    move_line, move_token, ROLL, PAWN, SLIDE, TOKEN, END, TAKE, S_PUSHER_AT,
)

COLOURS = ("red", "black", "blue", "green")
RANKS = "A234"
LABELS = "abcd"
PHASES = ("place", "choose", "start", "forced", "move", "pawn", "over")
VALUES = ("?", "", "2", "3", "4", "null")


def colour_index(text, line=0, field="colour"):
    if text not in COLOURS:
        raise NotationError("unknown colour '{}' (red, black, blue, green)".format(text), line, field)
    return COLOURS.index(text)


def tile_name(piece):
    return COLOURS[piece >> 2] + RANKS[piece & 3]


def token_name(token):
    return COLOURS[token >> 2] + "-" + LABELS[token & 3]


def line_name(line):
    return "row{}".format(line) if line < 4 else "col{}".format(line - 4)


def direction_name(line, direction):
    if line < 4:
        return ("east", "west")[direction]
    return ("south", "north")[direction]


def place_name(place):
    """The pusher's place: 'row2-east' lies at the east end of row 2."""
    line = place >> 1
    return line_name(line) + "-" + direction_name(line, 1 - (place & 1))


def half_name(game, half):
    """A positional half (0..49) by where it lies."""
    if half >= PUSHER_HALF:
        ends = "ns" if game.state[S_PUSHER_AT] >> 1 < 4 else "we"
        return "p" + ends[half - PUSHER_HALF]
    slot = half >> 1
    if slot < 12:
        return "h{}{}{}".format(slot // 3, slot % 3, "ns"[half & 1])
    slot -= 12
    return "v{}{}{}".format(slot // 4, slot % 4, "we"[half & 1])


def piece_name(game, piece):
    """A tile by its name, a domino half by where it lies (``paths.sync`` must be current)."""
    if piece < 16:
        return tile_name(piece)
    return half_name(game, game.half_place[piece - 16])


def _parse_half(game, text):
    """A positional half from its name, or -1."""
    if len(text) == 2 and text[0] == "p" and game.state[S_PUSHER_AT] != NONE:
        ends = "ns" if game.state[S_PUSHER_AT] >> 1 < 4 else "we"
        if text[1] in ends:
            return PUSHER_HALF + ends.index(text[1])
        return -1
    if len(text) != 4 or text[0] not in "hv" or text[1] not in "0123" or text[2] not in "0123":
        return -1
    r = int(text[1])
    c = int(text[2])
    if text[0] == "h":
        if r > 3 or c > 2 or text[3] not in "ns":
            return -1
        return (r * 3 + c) * 2 + "ns".index(text[3])
    if r > 2 or c > 3 or text[3] not in "we":
        return -1
    return (12 + r * 4 + c) * 2 + "we".index(text[3])


def parse_piece(game, text, line=0, field="space"):
    """A tile name or a half's place, as a piece."""
    for piece in range(16):
        if text == tile_name(piece):
            return piece
    half = _parse_half(game, text)
    if half < 0:
        raise NotationError("'{}' is not a tile (redA, blue3) or a domino half (h12n, v01e, pn)".format(text),
                            line, field)
    paths.sync(game)
    return 16 + game.place_half[half]


def parse_hole(text, line=0, field="hole"):
    if len(text) == 3 and text[0] == "x" and text[1] in "012" and text[2] in "012":
        return int(text[1]) * 3 + int(text[2])
    raise NotationError("'{}' is not a hole (x00 .. x22)".format(text), line, field)


def parse_token(text, line=0, field="token"):
    dash = text.find("-")
    if dash < 0 or text[dash + 1:] not in ("a", "b", "c", "d"):
        raise NotationError("'{}' is not a token (red-a .. green-d)".format(text), line, field)
    return colour_index(text[:dash], line, field) * 4 + LABELS.index(text[dash + 1:])


def format_move(game, move):
    kind = move_kind(move)
    if kind == ROLL:
        return "roll"
    if kind == END:
        return "end"
    if kind == PAWN:
        return "pawn {} {}".format(COLOURS[move_colour(move)], hole_name(move_hole(move)))
    if kind == SLIDE:
        line = move_line(move)
        return "slide {} {}{}".format(line_name(line), direction_name(line, move_direction(move)),
                                      " flip" if move_flip(move) else "")
    if kind == TAKE:
        return "take " + "+".join(COLOURS[c] for c in range(4) if move_colours(move) & (1 << c))
    paths.sync(game)
    return "{} {}".format(token_name(move_token(move)), piece_name(game, move_destination(move)))


def parse_move(game, text):
    words = text.split()
    if not words:
        raise NotationError("empty move", field="move")
    verb = words[0]
    if verb in ("roll", "end"):
        if len(words) != 1:
            raise NotationError("'{}' takes nothing after it".format(verb), field="move")
        return make_move(ROLL if verb == "roll" else END, 0, 0)
    if verb == "pawn":
        if len(words) != 3:
            raise NotationError("expected 'pawn COLOUR HOLE'", field="move")
        return make_move(PAWN, colour_index(words[1]), parse_hole(words[2]))
    if verb == "slide":
        if len(words) not in (3, 4) or (len(words) == 4 and words[3] != "flip"):
            raise NotationError("expected 'slide LINE DIRECTION [flip]'", field="move")
        line = -1
        for candidate in range(8):
            if words[1] == line_name(candidate):
                line = candidate
        if line < 0:
            raise NotationError("'{}' is not a line (row0 .. row3, col0 .. col3)".format(words[1]), field="move")
        directions = ("east", "west") if line < 4 else ("south", "north")
        if words[2] not in directions:
            raise NotationError("{} slides {} or {}".format(words[1], directions[0], directions[1]), field="move")
        return make_move(SLIDE, line * 2 + directions.index(words[2]), 1 if len(words) == 4 else 0)
    if verb == "take":
        if len(words) != 2:
            raise NotationError("expected 'take COLOUR+COLOUR'", field="move")
        mask = 0
        for name in words[1].split("+"):
            mask |= 1 << colour_index(name)
        return make_move(TAKE, 0, mask)
    if "-" in verb:
        if len(words) != 2:
            raise NotationError("expected 'TOKEN SPACE', e.g. 'red-a h12n'", field="move")
        return make_move(TOKEN, parse_token(verb), parse_piece(game, words[1]))
    raise NotationError("unknown move '{}' (roll, pawn, slide, TOKEN SPACE, end, take)".format(verb), field="move")


def format_body(game):
    from core.pawns_crossing.position import format_body

    return format_body(game)


def parse_body(game, lines):
    from core.pawns_crossing.position import parse_body

    parse_body(game, lines)
