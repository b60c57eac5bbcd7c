# SPDX-License-Identifier: MIT
"""Pawns Crossing position text: ``format_body`` and ``parse_body`` (docs/pawns-crossing.md, "Notation").

Kept apart from the move text (``notation``) so that a game being played never loads it; ``notation``'s
functions of the same names call these.
"""

from core.errors import NotationError
from core.notation import parse_int
from core.pawns_crossing import paths
from core.pawns_crossing.board import NONE, DOMINO_PIPS, domino_index, hole_name
from core.pawns_crossing.notation import (
    COLOURS, PHASES, VALUES, colour_index, tile_name, token_name, line_name, direction_name, place_name,
    piece_name, parse_piece, parse_hole, parse_token,
)
from core.pawns_crossing.rules import (
    DELIVERED, UNUSED, OFF, PAWN_UNUSED, UNPLACED, RESULT_DRAW, S_PHASE, S_PLAYER, S_RESULT, S_ENDGAME,
    S_LAST_SLIDE, S_LEFT, S_FORCED, S_ROLLED, S_PAWNS_MOVED, S_TURN, S_PUSHER, S_PUSHER_AT, S_DICE, S_OWNER,
    S_ORDER, S_START_ROLL, S_TILES, S_SLOTS, S_PAWN, S_TOKEN_AT, S_VALUE, OVER,
)


# a pawn's place when it is not in a hole, as written in the 'pawns' line
_PAWN_PLACES = ("-", "off", "unplaced")
_PAWN_CODES = (PAWN_UNUSED, OFF, UNPLACED)


def _mask_text(mask):
    return ",".join(COLOURS[c] for c in range(4) if mask & (1 << c)) or "-"


def _domino_text(code):
    first = code & ~1
    flip = code & 1
    return "{}{}".format(DOMINO_PIPS[first + flip], DOMINO_PIPS[first + 1 - flip])


def format_body(game):
    s = game.state
    paths.sync(game)
    n = game.players
    last = s[S_LAST_SLIDE]
    last_text = "-"
    if last:
        line = (last - 1) >> 1
        last_text = line_name(line) + "-" + direction_name(line, (last - 1) & 1)
    lines = ["turn {} player {} phase {} endgame {} last {}".format(
        game.turns(), s[S_PLAYER], PHASES[s[S_PHASE]], s[S_ENDGAME], last_text)]
    lines.append("order {} rolls {}".format(" ".join(str(s[S_ORDER + i]) for i in range(n)),
                                            " ".join(str(s[S_START_ROLL + p]) for p in range(n))))
    lines.append("owners " + " ".join("{}:{}".format(COLOURS[c], "-" if s[S_OWNER + c] == NONE else s[S_OWNER + c])
                                      for c in range(4)))
    lines.append("dice {} rolled {} left {} forced {} pawnsmoved {}".format(
        " ".join("{}:{}".format(COLOURS[c], s[S_DICE + c]) for c in range(4)), _mask_text(s[S_ROLLED]),
        _mask_text(s[S_LEFT]), _mask_text(s[S_FORCED]), _mask_text(s[S_PAWNS_MOVED])))
    lines.append("tiles " + " / ".join(" ".join(tile_name(s[S_TILES + r * 4 + c]) for c in range(4))
                                       for r in range(4)))
    lines.append("across " + " / ".join(" ".join(_domino_text(s[S_SLOTS + r * 3 + c]) for c in range(3))
                                        for r in range(4)))
    lines.append("down " + " / ".join(" ".join(_domino_text(s[S_SLOTS + 12 + r * 4 + c]) for c in range(4))
                                      for r in range(3)))
    at = s[S_PUSHER_AT]
    lines.append("pusher {} {}".format(_domino_text(s[S_PUSHER]), "off" if at == NONE else place_name(at)))
    pawns = []
    for c in range(4):
        place = s[S_PAWN + c]
        text = _PAWN_PLACES[_PAWN_CODES.index(place)] if place in _PAWN_CODES else hole_name(place)
        pawns.append("{}:{}".format(COLOURS[c], text))
    lines.append("pawns " + " ".join(pawns))
    tokens = []
    for t in range(16):
        piece = s[S_TOKEN_AT + t]
        if piece == UNUSED:
            continue
        where = "delivered" if piece == DELIVERED else piece_name(game, piece)
        tokens.append("{}:{}:{}".format(token_name(t), where, VALUES[s[S_VALUE + t]]))
    lines.append("tokens " + " ".join(tokens))
    result = s[S_RESULT]
    if result:
        lines.append("result " + ("draw" if result == RESULT_DRAW else str(result - 1)))
    return lines


def _words(lines, index, key, count=None):
    if index >= len(lines):
        raise NotationError("expected a '{}' line".format(key), lines[-1][0] if lines else 0, key)
    number, text = lines[index]
    words = text.split()
    if words[0] != key or (count is not None and len(words) != count):
        raise NotationError("expected '{} ...' here (see docs/pawns-crossing.md)".format(key), number, key)
    return number, words[1:]


def _parse_mask(text, number, field):
    if text == "-":
        return 0
    mask = 0
    for name in text.split(","):
        mask |= 1 << colour_index(name, number, field)
    return mask


def _parse_pairs(words, number, field, count):
    if len(words) != count:
        raise NotationError("expected {} NAME:VALUE items".format(count), number, field)
    pairs = []
    for word in words:
        parts = word.split(":")
        if len(parts) != 2:
            raise NotationError("expected NAME:VALUE, got '{}'".format(word), number, field)
        pairs.append(parts)
    return pairs


def _parse_grid(words, number, field, rows, cols):
    cells = [w for w in words if w != "/"]
    if len(cells) != rows * cols or len(words) != rows * cols + rows - 1:
        raise NotationError("expected {} rows of {} separated by '/'".format(rows, cols), number, field)
    return cells


def parse_body(game, lines):
    s = game.state
    n = game.players
    for i in range(len(s)):
        s[i] = 0
    number, w = _words(lines, 0, "turn", 10)
    if [w[1], w[3], w[5], w[7]] != ["player", "phase", "endgame", "last"]:
        raise NotationError("expected 'turn N player P phase PHASE endgame 0|1 last SLIDE|-'", number, "turn")
    turn = parse_int(w[0], number, "turn", 0, 65535)
    s[S_TURN] = turn & 0xFF
    s[S_TURN + 1] = turn >> 8
    s[S_PLAYER] = parse_int(w[2], number, "player", 0, n - 1)
    if w[4] not in PHASES:
        raise NotationError("phase is one of " + ", ".join(PHASES), number, "phase")
    s[S_PHASE] = PHASES.index(w[4])
    s[S_ENDGAME] = parse_int(w[6], number, "endgame", 0, 1)
    if w[8] != "-":
        code = -1
        for candidate in range(16):
            line = candidate >> 1
            if w[8] == line_name(line) + "-" + direction_name(line, candidate & 1):
                code = candidate
        if code < 0:
            raise NotationError("expected a slide such as row2-east, or '-'", number, "last")
        s[S_LAST_SLIDE] = 1 + code
    number, w = _words(lines, 1, "order", 2 * n + 2)
    if w[n] != "rolls":
        raise NotationError("expected 'order P P .. rolls R R ..'", number, "order")
    for i in range(n):
        s[S_ORDER + i] = parse_int(w[i], number, "order", 0, n - 1)
        s[S_START_ROLL + i] = parse_int(w[n + 1 + i], number, "rolls", 0, 10)
    number, w = _words(lines, 2, "owners")
    for colour, (name, owner) in enumerate(_parse_pairs(w, number, "owners", 4)):
        if colour_index(name, number, "owners") != colour:
            raise NotationError("colours are listed red, black, blue, green", number, "owners")
        s[S_OWNER + colour] = NONE if owner == "-" else parse_int(owner, number, "owners", 0, n - 1)
    number, w = _words(lines, 3, "dice", 13)
    for colour, (name, face) in enumerate(_parse_pairs(w[:4], number, "dice", 4)):
        if colour_index(name, number, "dice") != colour:
            raise NotationError("colours are listed red, black, blue, green", number, "dice")
        s[S_DICE + colour] = parse_int(face, number, "dice", 0, 5)
    if [w[4], w[6], w[8], w[10]] != ["rolled", "left", "forced", "pawnsmoved"]:
        raise NotationError("expected 'dice .. rolled C left C forced C pawnsmoved C'", number, "dice")
    s[S_ROLLED] = _parse_mask(w[5], number, "rolled")
    s[S_LEFT] = _parse_mask(w[7], number, "left")
    s[S_FORCED] = _parse_mask(w[9], number, "forced")
    s[S_PAWNS_MOVED] = _parse_mask(w[11], number, "pawnsmoved")
    number, w = _words(lines, 4, "tiles")
    names = [tile_name(piece) for piece in range(16)]
    for pos, name in enumerate(_parse_grid(w, number, "tiles", 4, 4)):
        if name not in names:
            raise NotationError("unknown tile '{}' (redA .. green4)".format(name), number, "tiles")
        s[S_TILES + pos] = names.index(name)
    number, w = _words(lines, 5, "across")
    for slot, text in enumerate(_parse_grid(w, number, "across", 4, 3)):
        s[S_SLOTS + slot] = _parse_domino(text, number, "across")
    number, w = _words(lines, 6, "down")
    for slot, text in enumerate(_parse_grid(w, number, "down", 3, 4)):
        s[S_SLOTS + 12 + slot] = _parse_domino(text, number, "down")
    number, w = _words(lines, 7, "pusher", 3)
    s[S_PUSHER] = _parse_domino(w[0], number, "pusher")
    s[S_PUSHER_AT] = NONE
    if w[1] != "off":
        found = [place for place in range(16) if place_name(place) == w[1]]
        if not found:
            raise NotationError("expected 'off' or the end of a line, e.g. row2-east", number, "pusher")
        s[S_PUSHER_AT] = found[0]
    number, w = _words(lines, 8, "pawns")
    for colour, parts in enumerate(_parse_pairs(w, number, "pawns", 4)):
        if colour_index(parts[0], number, "pawns") != colour:
            raise NotationError("colours are listed red, black, blue, green", number, "pawns")
        where = parts[1]
        if where in _PAWN_PLACES:
            s[S_PAWN + colour] = _PAWN_CODES[_PAWN_PLACES.index(where)]
        else:
            s[S_PAWN + colour] = parse_hole(where, number, "pawns")
    number, w = _words(lines, 9, "tokens")
    for t in range(16):
        s[S_TOKEN_AT + t] = UNUSED
    for parts in w:
        parts = parts.split(":")
        if len(parts) != 3:
            raise NotationError("expected TOKEN:SPACE:VALUE, got '{}'".format(":".join(parts)), number, "tokens")
        t = parse_token(parts[0], number, "tokens")
        if s[S_TOKEN_AT + t] != UNUSED:
            raise NotationError("token {} listed twice".format(parts[0]), number, "tokens")
        s[S_TOKEN_AT + t] = DELIVERED if parts[1] == "delivered" else parse_piece(game, parts[1], number, "tokens")
        if parts[2] not in VALUES or not parts[2]:
            raise NotationError("a value is 2, 3, 4, null or ?", number, "tokens")
        s[S_VALUE + t] = VALUES.index(parts[2])
    s[S_RESULT] = 0
    if len(lines) > 11:
        raise NotationError("unexpected line after the result", lines[11][0], "position")
    if len(lines) == 11:
        number, w = _words(lines, 10, "result", 2)
        s[S_RESULT] = RESULT_DRAW if w[0] == "draw" else 1 + parse_int(w[0], number, "result", 0, n - 1)
    if (s[S_RESULT] != 0) != (s[S_PHASE] == OVER):
        raise NotationError("a finished game has phase over and a result line", lines[-1][0], "result")


def _parse_domino(text, number, field):
    if len(text) != 2 or text[0] not in "0123456" or text[1] not in "0123456":
        raise NotationError("a domino is two pips, first at N or W, e.g. 63; got '{}'".format(text), number, field)
    a = int(text[0])
    b = int(text[1])
    domino = domino_index(a, b)
    if domino < 0:
        raise NotationError("{} is not in the set (6/6, 6/5 and 6/4 are removed)".format(text), number, field)
    return domino * 2 + (0 if a >= b else 1)
