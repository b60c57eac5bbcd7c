# SPDX-License-Identifier: MIT
"""Pawns Crossing: state validation and the reasons for refusing a move, loaded only when needed."""

from core.errors import CorruptState
from core.pawns_crossing import paths
from core.pawns_crossing.board import DOMINOES, SLOTS, HOLES, NONE, is_double, hole_name
from core.pawns_crossing.rules import (
    S_PHASE, S_PLAYER, S_RESULT, S_ENDGAME, S_LAST_SLIDE, S_LEFT, S_FORCED, S_ROLLED, S_PAWNS_MOVED, S_PUSHER,
    S_PUSHER_AT, S_DICE, S_OWNER, S_ORDER, S_TILES, S_SLOTS, S_PAWN, S_TOKEN_AT, S_VALUE, COLOURS_BY_PLAYERS,
    PLACE, CHOOSE, START, FORCED, MOVE, SECOND_PAWN, OVER, ROLL, PAWN, SLIDE, TOKEN, END, TAKE, UNKNOWN, NULL,
    DELIVERED, UNUSED, SPACES, OFF, PAWN_UNUSED, UNPLACED, RESULT_DRAW, move_kind, move_a, move_b,
)

COLOUR_NAMES = ("red", "black", "blue", "green")
_PHASE_NAMES = ("setting up pawns", "choosing colours", "choosing roll, pawn or slide", "moving a forced pawn",
                "moving tokens", "moving the second pawn", "over")


def validate(game):
    s = game.state
    players = game.players
    if s[S_PHASE] > OVER:
        raise CorruptState("unknown phase {}".format(s[S_PHASE]))
    if (s[S_PHASE] == OVER) != (s[S_RESULT] != 0):
        raise CorruptState("a finished game, and only one, has a result")
    if s[S_RESULT] not in (0, RESULT_DRAW) and s[S_RESULT] > players:
        raise CorruptState("winner out of range")
    if s[S_PLAYER] >= players:
        raise CorruptState("player to move out of range")
    if sorted(s[S_TILES:S_TILES + 16]) != list(range(16)):
        raise CorruptState("the tiles are not the 16 tiles once each")
    dominoes = sorted([code >> 1 for code in s[S_SLOTS:S_SLOTS + SLOTS]] + [s[S_PUSHER] >> 1])
    if dominoes != list(range(DOMINOES)):
        raise CorruptState("the dominoes are not the 25 dominoes once each")
    for code in list(s[S_SLOTS:S_SLOTS + SLOTS]) + [s[S_PUSHER]]:
        if code & 1 and is_double(code >> 1):
            raise CorruptState("a double is never flipped")
    if s[S_PUSHER_AT] != NONE and s[S_PUSHER_AT] >= 16:
        raise CorruptState("pusher place out of range")
    if s[S_LAST_SLIDE] > 16 or (s[S_LAST_SLIDE] and s[S_PUSHER_AT] == NONE):
        raise CorruptState("last slide out of range")
    if sorted(s[S_ORDER:S_ORDER + players]) != list(range(players)):
        raise CorruptState("the starting order is not a permutation of the players")
    owners = COLOURS_BY_PLAYERS[players]
    for colour in range(4):
        owner = s[S_OWNER + colour]
        if (owner == NONE) != (owners[colour] == NONE) or (owner != NONE and owner >= players):
            raise CorruptState("colour {} has a wrong owner".format(COLOUR_NAMES[colour]))
        if owner != NONE and s[S_DICE + colour] > 5:
            raise CorruptState("die face out of range")
    for p in range(players):
        if not game.colours_of(p):
            raise CorruptState("player {} has no colour".format(p))
    _validate_pieces(game)
    _validate_turn(game)


def _validate_pieces(game):
    s = game.state
    holes = []
    for colour in range(4):
        place = s[S_PAWN + colour]
        used = s[S_OWNER + colour] != NONE
        if place == PAWN_UNUSED:
            if used:
                raise CorruptState("the {} pawn is missing".format(COLOUR_NAMES[colour]))
        elif not used or place > UNPLACED:
            raise CorruptState("the {} pawn is out of place".format(COLOUR_NAMES[colour]))
        elif place < HOLES:
            if place in holes:
                raise CorruptState("two pawns share hole {}".format(hole_name(place)))
            holes.append(place)
        elif place == UNPLACED and s[S_PHASE] not in (PLACE, CHOOSE):
            raise CorruptState("a pawn is unplaced after setup")
        elif place == OFF and not s[S_ENDGAME]:
            raise CorruptState("a pawn is off the board before the endgame")
    paths.sync(game)
    halves = []
    per = game.tokens_per_colour
    for colour in range(4):
        used = s[S_OWNER + colour] != NONE
        values = []
        for label in range(4):
            t = colour * 4 + label
            piece = s[S_TOKEN_AT + t]
            value = s[S_VALUE + t]
            if not used or label >= per:
                if piece != UNUSED or value != UNKNOWN:
                    raise CorruptState("token {}-{} should not be in play".format(COLOUR_NAMES[colour], "abcd"[label]))
                continue
            if piece == UNUSED or (piece >= SPACES and piece != DELIVERED):
                raise CorruptState("token {}-{} is nowhere".format(COLOUR_NAMES[colour], "abcd"[label]))
            if piece >= 16 and piece < SPACES:
                if paths.space_of(game, piece) == paths.FAR:
                    raise CorruptState("a token lies on the pusher before the first slide")
                if piece in halves:
                    raise CorruptState("two tokens share a domino half")
                halves.append(piece)
            if value == UNKNOWN:
                if piece == DELIVERED:
                    raise CorruptState("a delivered token's value is public")
            elif value < 2 or value > NULL or (value == NULL and per == 3):
                raise CorruptState("token value out of range")
            else:
                values.append(value)
        if len(values) != len(set(values)):
            raise CorruptState("{} has two tokens of the same value".format(COLOUR_NAMES[colour]))
    for p in range(game.players):
        left = game.tokens_left(p)
        if left == 1 and not s[S_ENDGAME]:
            raise CorruptState("player {} is down to one token but the endgame is not on (PC-A17)".format(p))
        if left == 0 and s[S_RESULT] != 1 + p:
            raise CorruptState("player {} has delivered every token but has not won".format(p))


def _validate_turn(game):
    s = game.state
    phase = s[S_PHASE]
    colours = game.colours_of(s[S_PLAYER])
    for field in (S_LEFT, S_FORCED, S_ROLLED, S_PAWNS_MOVED):
        if s[field] & ~colours:
            raise CorruptState("turn masks name another player's colours")
    if phase in (PLACE, CHOOSE, START, OVER) and (s[S_LEFT] or s[S_FORCED] or s[S_ROLLED] or s[S_PAWNS_MOVED]):
        raise CorruptState("dice or pawn moves pending outside a turn")
    if (phase == FORCED) != bool(s[S_FORCED]):
        raise CorruptState("forced pawn moves and the phase disagree")
    if phase in (FORCED, MOVE) and (not s[S_ROLLED] or (s[S_LEFT] | s[S_FORCED]) & ~s[S_ROLLED]):
        raise CorruptState("dice pending that were not rolled")
    for colour in range(4):
        if s[S_FORCED] & (1 << colour) and (s[S_DICE + colour] or s[S_PAWN + colour] >= HOLES):
            raise CorruptState("a forced pawn without a blank die")
        if s[S_LEFT] & (1 << colour) and not s[S_DICE + colour]:
            raise CorruptState("a blank die left to move a token")
    if (phase == SECOND_PAWN) != bool(s[S_PAWNS_MOVED]):
        raise CorruptState("second pawn phase and pawn marks disagree")
    if phase == PLACE:
        mine = [c for c in range(4) if colours & (1 << c) and s[S_PAWN + c] == UNPLACED]
        if not mine:
            raise CorruptState("the player placing has no pawn to place")
    if phase == CHOOSE and (not game.balance or s[S_PLAYER] != s[S_ORDER]):
        raise CorruptState("only the roll winner chooses colours, in the balancing variant")


def reason(game, move):
    """Why a move missing from the legal list is refused."""
    s = game.state
    kind = move_kind(move)
    a = move_a(move)
    b = move_b(move)
    phase = s[S_PHASE]
    now = "now: " + _PHASE_NAMES[phase]
    if kind == ROLL:
        return "you can roll only at the start of your turn" if phase != START else "cannot roll"
    if kind == SLIDE:
        if phase != START:
            return "you can slide only instead of rolling, at the start of your turn; " + now
        if a >= 16:
            return "no such line"
        if game.slide_forbidden(a >> 1, a & 1):
            return "that slide would undo the previous player's slide (PC-A23)"
        return "the pusher cannot be flipped here (a double, or the fixed-pusher option)"
    if kind == PAWN:
        if a >= 4 or b >= HOLES:
            return "no such pawn or hole"
        if s[S_OWNER + a] != s[S_PLAYER]:
            return "the {} pawn is not yours".format(COLOUR_NAMES[a])
        if phase == START and s[S_ENDGAME]:
            return "pawns may not move by choice in the endgame (PC-A17)"
        if phase == FORCED and not s[S_FORCED] & (1 << a):
            return "a blank die forces another pawn first (PC-A8)"
        if phase not in (PLACE, START, FORCED, SECOND_PAWN):
            return "no pawn move " + now
        if phase == SECOND_PAWN and s[S_PAWNS_MOVED] & (1 << a):
            return "that pawn has moved this turn"
        if not game.hole_open(b):
            return "hole {} is taken".format(hole_name(b))
        return "that pawn cannot move now"
    if kind == TOKEN:
        if phase != MOVE:
            return "no token move " + now
        if a >= 16 or s[S_OWNER + (a >> 2)] != s[S_PLAYER]:
            return "that token is not yours"
        colour = a >> 2
        if not s[S_LEFT] & (1 << colour):
            return "no {} die is left to move it".format(COLOUR_NAMES[colour])
        if s[S_TOKEN_AT + a] >= SPACES:
            return "that token is not on the board"
        if b < 16 and s[S_TOKEN_AT + a] < 16:
            return "a token cannot go from tile to tile in one move (one transition, PC-A32)"
        return "the {} die ({}) does not reach there: every space passed must be below it (PC-A2)".format(
            COLOUR_NAMES[colour], s[S_DICE + colour])
    if kind == END:
        return "nothing to end " + now
    if kind == TAKE:
        return "colours are chosen only at the start of the balancing variant (PC-A25)"
    return "not a Pawns Crossing move"
