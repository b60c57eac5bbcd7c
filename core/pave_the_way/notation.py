# SPDX-License-Identifier: MIT
"""Pave the Way text: moves and positions (docs/pave-the-way.md has the full description and examples). The
position text itself is in ``position``, which a game being played never loads.

Squares are a1..h8 (S's home row is rank 1). Dominoes are ``3-5``; a road piece on the board is ``V3/5`` (vertical,
3 facing north, 5 south) or ``H3/5`` (horizontal, 3 facing west, 5 east).

Moves: ``end``; a Guard Move as its path ``c2-c3`` / ``c2-c3-d3``, a shove step naming where the shoved piece
goes (``c2-c3>c4``), with ``allowsplit`` a size prefix (``2:c2-c3``); ``play c4 V3/5``; ``relocate c4 d5 H3/5``;
``discard 3-5``; setup: ``keep``, ``redraw``, ``first S``, ``guard c2`` (the free road piece is a ``play``).

Position body::

    phase play turn S first S guards 1 roads 0 moved g0,g3 merged - turns 12 idle 0
    reveal 3-4 1-2
    hand S 0-0 1-3 2-5 3-3 4-6
    hand N 0-1 ...
    bag S ...
    bag N ...
    at c1 S V3/5 g0 g1
    at d8 N H2/2
    history 123456789 ...
    result S
"""

from core.errors import NotationError
from core.notation import parse_int
from core.pave_the_way.board import (
    DISCARD, END, FIRST, GUARD, HAND, HI, LO, NB, PLACE, PLAY, RELOCATE, S_NR, S_OWN, S_TO_MOVE, choice_move,
    discard_move, domino, guard_move, guard_shove, guard_size, guard_step, guard_via, move_choice, move_domino,
    move_from, move_kind, move_orientation, move_to, place_move, play_move, relocate_move,
)


PHASES = ("hand", "first", "road", "place", "play", "over")
SIDES = "SN"
FILES = "abcdefgh"


def square_name(sq):
    return FILES[sq & 7] + str((sq >> 3) + 1)


def parse_square(text, line=0, field="square"):
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise NotationError("expected a square a1..h8, got '{}'".format(text), line, field)
    return FILES.index(text[0]) + 8 * (int(text[1]) - 1)


def domino_name(d):
    return "{}-{}".format(LO[d], HI[d])


def parse_domino(text, line=0, field="domino"):
    parts = text.split("-")
    if len(parts) != 2 or not all(len(p) == 1 and p in "0123456" for p in parts):
        raise NotationError("expected a domino like 3-5, got '{}'".format(text), line, field)
    return domino(int(parts[0]), int(parts[1]))


def piece_name(d, o):
    first = HI[d] if o & 1 else LO[d]
    second = LO[d] if o & 1 else HI[d]
    return "{}{}/{}".format("VH"[o >> 1], first, second)


def parse_piece(text, line=0, field="piece"):
    """``V3/5`` -> (domino, orientation)."""
    if len(text) != 4 or text[0] not in "VH" or text[2] != "/" or text[1] not in "0123456" \
            or text[3] not in "0123456":
        raise NotationError("expected a placed piece like V3/5 or H5/3, got '{}'".format(text), line, field)
    a = int(text[1])
    b = int(text[3])
    return domino(a, b), ("VH".index(text[0]) << 1) | (1 if a > b else 0)


def side_name(side):
    return SIDES[side]


def parse_side(text, line=0, field="side"):
    if text not in ("S", "N"):
        raise NotationError("expected S or N, got '{}'".format(text), line, field)
    return SIDES.index(text)


# -- moves ------------------------------------------------------------------------------------------------------
def format_move(game, move):
    kind = move_kind(move)
    if kind == END:
        return "end"
    if kind == GUARD:
        return _format_guard(game, move)
    if kind == PLAY:
        return "play {} {}".format(square_name(move_to(move)), piece_name(move_domino(move), move_orientation(move)))
    if kind == RELOCATE:
        src = move_from(move)
        d = game.road_id(game.state[S_TO_MOVE], src, game.state[S_NR + src] - 1)
        name = piece_name(d, move_orientation(move)) if d >= 0 else "?"
        return "relocate {} {} {}".format(square_name(src), square_name(move_to(move)), name)
    if kind == DISCARD:
        return "discard " + domino_name(move_domino(move))
    if kind == PLACE:
        return "guard " + square_name(move_to(move))
    if kind == HAND:
        return "redraw" if move_choice(move) else "keep"
    return "first " + side_name(move_choice(move))


def _format_guard(game, move):
    sq = move_from(move)
    text = square_name(sq)
    if game.allow_split:
        text = "{}:{}".format(guard_size(move), text)
    q = guard_via(move)
    text += "-" + square_name(q)
    shove = guard_shove(move, 1)
    if shove >= 0:
        text += ">" + square_name(shove)
    step = guard_step(move, 2)
    if step >= 0:
        text += "-" + square_name(NB[q * 8 + step])
        shove = guard_shove(move, 2)
        if shove >= 0:
            text += ">" + square_name(shove)
    return text


def _direction(a, b, diagonals):
    for d in range(8 if diagonals else 4):
        if NB[a * 8 + d] == b:
            return d
    return -1


def parse_move(game, text):
    words = text.split()
    if not words:
        raise NotationError("empty move", field="move")
    verb = words[0]
    n = len(words)
    if verb in ("end", "keep", "redraw"):
        if n != 1:
            raise NotationError("'{}' takes nothing after it".format(verb), field="move")
        if verb == "end":
            return END
        return choice_move(HAND, 1 if verb == "redraw" else 0)
    if verb == "first":
        if n != 2:
            raise NotationError("expected 'first S' or 'first N'", field="move")
        return choice_move(FIRST, parse_side(words[1], 0, "move"))
    if verb == "guard":
        if n != 2:
            raise NotationError("expected 'guard SQUARE'", field="move")
        return place_move(parse_square(words[1], 0, "move"))
    if verb == "discard":
        if n != 2:
            raise NotationError("expected 'discard DOMINO' (like 3-5)", field="move")
        return discard_move(parse_domino(words[1], 0, "move"))
    if verb == "play":
        if n != 3:
            raise NotationError("expected 'play SQUARE PIECE' (like 'play c4 V3/5')", field="move")
        d, o = parse_piece(words[2], 0, "move")
        return play_move(d, parse_square(words[1], 0, "move"), o)
    if verb == "relocate":
        if n != 4:
            raise NotationError("expected 'relocate FROM TO PIECE' (like 'relocate c4 d5 H3/5')", field="move")
        src = parse_square(words[1], 0, "move")
        dst = parse_square(words[2], 0, "move")
        d, o = parse_piece(words[3], 0, "move")
        s = game.state
        if s[S_OWN + src] != s[S_TO_MOVE] + 1 or not s[S_NR + src]:
            raise NotationError("you have no road piece on {}".format(words[1]), field="move")
        if game.road_id(s[S_TO_MOVE], src, s[S_NR + src] - 1) != d:
            raise NotationError("the piece on top of {} is not {}".format(words[1], domino_name(d)), field="move")
        return relocate_move(src, dst, o)
    if n != 1:
        raise NotationError("unknown move '{}' (end, a guard path like c2-c3, play, relocate, discard, keep, "
                            "redraw, first, guard)".format(text), field="move")
    return _parse_guard(game, verb)


def _parse_guard(game, text):
    size = -1
    colon = text.find(":")
    if colon >= 0:
        if not game.allow_split:
            raise NotationError("a size prefix needs the allowsplit option", field="move")
        size = parse_int(text[:colon], 0, "move", 1, 3)
        text = text[colon + 1:]
    parts = text.split("-")
    if not 2 <= len(parts) <= 3 or ">" in parts[0]:
        raise NotationError("a guard path is FROM-STEP or FROM-STEP-STEP, like c2-c3 or c2-c3>c4-d3", field="move")
    sq = parse_square(parts[0], 0, "move")
    if size < 0:
        size = game.guard_count(sq) & 3
    steps = [-1, -1]  # the direction of each step, then where each shove sends the shoved piece
    shoves = [-1, -1]
    cur = sq
    for i in range(1, len(parts)):
        step = parts[i].split(">")
        if len(step) > 2:
            raise NotationError("one '>' per step", field="move")
        q = parse_square(step[0], 0, "move")
        d = _direction(cur, q, False)
        if d < 0:
            raise NotationError("{} is not next to {}".format(step[0], square_name(cur)), field="move")
        steps[i - 1] = d
        if len(step) == 2:
            shoves[i - 1] = _direction(q, parse_square(step[1], 0, "move"), True)
            if shoves[i - 1] < 0:
                raise NotationError("{} is not next to {}".format(step[1], step[0]), field="move")
        cur = q
    return guard_move(sq, size, steps[0], shoves[0], steps[1], shoves[1])


def format_body(game):
    from core.pave_the_way.position import format_body

    return format_body(game)


def parse_body(game, lines):
    from core.pave_the_way.position import parse_body

    parse_body(game, lines)


def picture(game):
    from core.pave_the_way.position import picture

    return picture(game)
