# SPDX-License-Identifier: MIT
"""Pave the Way position text: ``format_body``, ``parse_body`` and ``picture`` (docs/pave-the-way.md, "Notation").

Kept apart from the move text (``notation``) so that a game being played never loads it; ``notation``'s
functions of the same names call these.
"""

from core.errors import NotationError
from core.notation import parse_fields, parse_int
from core.pave_the_way.board import (
    BAG, HIDDEN, HISTORY, INHAND, NONE, PH_OVER, RESULT_DRAW, S_BAGN, S_BASE, S_DINF, S_DLOC, S_FIRST, S_GMOVES,
    S_GUARD, S_HANDN, S_HIST, S_HISTN, S_IDLE, S_MERGED, S_MOVED, S_NG, S_NR, S_OWN, S_PHASE, S_RESULT,
    S_REVEAL, S_RMOVES, S_TO_MOVE, S_TURNS, UNPLACED,
)
from core.pave_the_way.notation import (
    PHASES, SIDES, domino_name, parse_domino, parse_piece, parse_side, parse_square, piece_name, side_name,
    square_name,
)


def format_body(game):
    s = game.state
    first = s[S_FIRST]
    moved = [("g{}".format(g)) for g in range(6) if (s[S_MOVED] >> g) & 1]
    merged = s[S_MERGED]
    lines = ["phase {} turn {} first {} guards {} roads {} moved {} merged {} turns {} idle {}".format(
        PHASES[s[S_PHASE]], side_name(s[S_TO_MOVE]), "-" if first == NONE else side_name(first), s[S_GMOVES],
        s[S_RMOVES], ",".join(moved) or "-", "-" if merged == NONE else square_name(merged), game.turns(),
        s[S_IDLE])]
    reveal = [("-" if s[S_REVEAL + i] == NONE else domino_name(s[S_REVEAL + i])) for i in range(2)]
    lines.append("reveal {} {}".format(reveal[0], reveal[1]))
    for where, code in (("hand", INHAND), ("bag", BAG)):
        for side in range(2):
            items = [domino_name(d) for d in range(28) if s[S_DLOC + side * 28 + d] == code]
            lines.append("{} {} {}".format(where, side_name(side), " ".join(items) or "-"))
    for sq in range(64):
        if not s[S_OWN + sq]:
            continue
        side = s[S_OWN + sq] - 1
        items = ["at", square_name(sq), side_name(side)]
        for level in range(s[S_NR + sq]):
            d = game.road_id(side, sq, level)
            items.append(piece_name(d, (s[S_DINF + side * 28 + d] >> 5) & 3))
        for level in range(s[S_NG + sq]):
            for g in range(6):
                if s[S_GUARD + side * 6 + g] == sq | (level << 6):
                    items.append("g{}".format(g))
        lines.append(" ".join(items))
    for side in range(2):
        if s[S_GUARD + side * 6] == HIDDEN:
            lines.append("hidden " + side_name(side))
    lines.append("history " + (" ".join(str(game.history(i)) for i in range(s[S_HISTN])) or "-"))
    if s[S_PHASE] == PH_OVER:
        r = s[S_RESULT]
        lines.append("result " + ("draw" if r == RESULT_DRAW else side_name(r - 1)))
    lines.extend(picture(game))
    return lines


def picture(game):
    """The board as comment lines, rank 8 on top: owner, road pieces, guards per square ('.' for none)."""
    s = game.state
    rows = []
    for rank in range(7, -1, -1):
        cells = []
        for f in range(8):
            sq = rank * 8 + f
            o = s[S_OWN + sq]
            if not o:
                cells.append(" . ")
                continue
            nr = s[S_NR + sq]
            ng = s[S_NG + sq]
            cells.append(SIDES[o - 1] + (str(nr) if nr else ".") + (str(ng) if ng else "."))
        rows.append("# {} {}".format(rank + 1, " ".join(cells)).rstrip())
    rows.append("#    a   b   c   d   e   f   g   h")
    return rows


def parse_body(game, lines):
    s = game.state
    for i in range(len(s)):
        s[i] = 0
    if len(lines) < 7:
        raise NotationError("expected the phase, reveal, 2 hand, 2 bag and history lines",
                            lines[-1][0] if lines else 0)
    number, text = lines[0]
    f = parse_fields(text, number, ("phase", "turn", "first", "guards", "roads", "moved", "merged", "turns", "idle"))
    if f["phase"] not in PHASES:
        raise NotationError("phase is one of {}".format(", ".join(PHASES)), number, "phase")
    s[S_PHASE] = PHASES.index(f["phase"])
    s[S_TO_MOVE] = parse_side(f["turn"], number, "turn")
    s[S_FIRST] = NONE if f["first"] == "-" else parse_side(f["first"], number, "first")
    s[S_GMOVES] = parse_int(f["guards"], number, "guards", 0, 2)
    s[S_RMOVES] = parse_int(f["roads"], number, "roads", 0, 2)
    moved = 0
    if f["moved"] != "-":
        for item in f["moved"].split(","):
            if len(item) != 2 or item[0] != "g" or item[1] not in "012345":
                raise NotationError("guards are g0..g5, got '{}'".format(item), number, "moved")
            moved |= 1 << int(item[1])
    s[S_MOVED] = moved
    s[S_MERGED] = NONE if f["merged"] == "-" else parse_square(f["merged"], number, "merged")
    # the draw rules end the game when either count reaches its cap (section 1.7), so neither passes it
    turns = parse_int(f["turns"], number, "turns", 0, game.turn_cap)
    s[S_TURNS] = turns & 0xFF
    s[S_TURNS + 1] = turns >> 8
    s[S_IDLE] = parse_int(f["idle"], number, "idle", 0, game.idle_turns)
    number, text = lines[1]
    words = text.split()
    if len(words) != 3 or words[0] != "reveal":
        raise NotationError("expected 'reveal DOMINO DOMINO' or 'reveal - -'", number, "reveal")
    for i in range(2):
        s[S_REVEAL + i] = NONE if words[1 + i] == "-" else parse_domino(words[1 + i], number, "reveal")
    seen = bytearray(56)
    for k in range(4):
        number, text = lines[2 + k]
        where = "hand" if k < 2 else "bag"
        side = k & 1
        words = text.split()
        if len(words) < 3 or words[0] != where or words[1] != SIDES[side]:
            raise NotationError("expected '{} {} DOMINO ...' or '{} {} -'".format(where, SIDES[side], where,
                                                                                 SIDES[side]), number, where)
        if words[2:] == ["-"]:
            continue
        for item in words[2:]:
            d = parse_domino(item, number, where)
            _claim(seen, side, d, number, where)
            s[S_DLOC + side * 28 + d] = INHAND if k < 2 else BAG
            s[S_HANDN + side if k < 2 else S_BAGN + side] += 1
    for i in range(12):
        s[S_GUARD + i] = UNPLACED
    k = 6
    while k < len(lines) and lines[k][1].startswith("at "):
        _parse_at(game, seen, lines[k])
        k += 1
    for side in range(2):
        for d in range(28):
            if not seen[side * 28 + d]:
                raise NotationError("{}'s {} is in no hand, bag or square".format(SIDES[side], domino_name(d)),
                                    lines[k - 1][0], "pieces")
    if k < len(lines) and lines[k][1].startswith("hidden "):
        # a view's text (game.view: the other side's guards during secret placement); only full positions parse
        raise NotationError("hidden guards belong to a view, not to a full position", lines[k][0], "hidden")
    if k >= len(lines) or not lines[k][1].startswith("history"):
        raise NotationError("expected 'history HASH ...' or 'history -'", lines[min(k, len(lines) - 1)][0],
                            "history")
    number, text = lines[k]
    words = text.split()[1:]
    if words != ["-"]:
        if len(words) > HISTORY:
            raise NotationError("at most {} hashes".format(HISTORY), number, "history")
        for i in range(len(words)):
            h = parse_int(words[i], number, "history", 0, 0x3FFFFFFF)
            for b in range(4):
                s[S_HIST + 4 * i + b] = (h >> (8 * b)) & 0xFF
        s[S_HISTN] = len(words)
    k += 1
    if k < len(lines):
        number, text = lines[k]
        words = text.split()
        if len(words) != 2 or words[0] != "result" or k + 1 != len(lines):
            raise NotationError("expected 'result S|N|draw' as the last line", number, "result")
        s[S_RESULT] = RESULT_DRAW if words[1] == "draw" else 1 + parse_side(words[1], number, "result")
    if (s[S_RESULT] != 0) != (s[S_PHASE] == PH_OVER):
        raise NotationError("a finished game has phase over and a result line", lines[-1][0], "result")


def _claim(seen, side, d, number, field):
    if seen[side * 28 + d]:
        raise NotationError("{}'s {} is listed twice".format(SIDES[side], domino_name(d)), number, field)
    seen[side * 28 + d] = 1


def _parse_at(game, seen, entry):
    s = game.state
    number, text = entry
    words = text.split()
    if len(words) < 4:
        raise NotationError("expected 'at SQUARE SIDE PIECE ...'", number, "at")
    sq = parse_square(words[1], number, "at")
    if s[S_OWN + sq]:
        raise NotationError("{} is listed twice".format(words[1]), number, "at")
    side = parse_side(words[2], number, "at")
    nr = 0
    ng = 0
    for item in words[3:]:
        if item[0] == "g":
            if len(item) != 2 or item[1] not in "012345":
                raise NotationError("guards are g0..g5, got '{}'".format(item), number, "at")
            g = int(item[1])
            if s[S_GUARD + side * 6 + g] != UNPLACED or ng == 3:
                raise NotationError("guard {} listed twice, or more than 3 guards".format(item), number, "at")
            s[S_GUARD + side * 6 + g] = sq | (ng << 6)
            ng += 1
            continue
        if ng:
            raise NotationError("road pieces come before guards (bottom to top)", number, "at")
        d, o = parse_piece(item, number, "at")
        _claim(seen, side, d, number, "at")
        s[S_DLOC + side * 28 + d] = sq
        s[S_DINF + side * 28 + d] = nr | (o << 5)
        if nr == 0:
            s[S_BASE + sq] = 0x80 | (o << 5) | d
        nr += 1
    s[S_OWN + sq] = side + 1
    s[S_NG + sq] = ng
    s[S_NR + sq] = nr
