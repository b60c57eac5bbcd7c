# SPDX-License-Identifier: MIT
"""Pawns Crossing: state validation and the reasons for refusing a move, loaded only when needed."""

from core.errors import CorruptState
from core.pawns_crossing import paths
from core.pawns_crossing.board import DOMINOES, SLOTS, HOLES, NONE, is_double, hole_name
from core.pawns_crossing.rules import (
    S_PHASE, S_PLAYER, S_RESULT, S_ENDGAME, S_LAST_SLIDE, S_LEFT, S_FORCED, S_ROLLED, S_PAWNS_MOVED, S_PUSHER,
    S_PUSHER_AT, S_DICE, S_OWNER, S_ORDER, S_START_ROLL, S_TILES, S_SLOTS, S_PAWN, S_TOKEN_AT, S_VALUE,
    COLOURS_BY_PLAYERS, PLACE, CHOOSE, START, FORCED, MOVE, SECOND_PAWN, OVER, ROLL, PAWN, SLIDE, TOKEN, END, TAKE,
    UNKNOWN, NULL, DELIVERED, UNUSED, SPACES, OFF, PAWN_UNUSED, UNPLACED, RESULT_DRAW, move_kind, move_colour,
    move_destination, move_direction, move_hole, move_line, move_token,
)

COLOUR_NAMES = ("red", "black", "blue", "green")
_PHASE_NAMES = ("setting up pawns", "choosing colours", "choosing roll, pawn or slide", "moving a forced pawn",
                "moving tokens", "moving the second pawn", "over")


def validate(game):
    """Refuse any state the rules cannot reach, so that a decoded save or a parsed position always plays on."""
    s = game.state
    players = game.players
    phase = s[S_PHASE]
    if phase > OVER:
        raise CorruptState("unknown phase {}".format(phase))
    result = s[S_RESULT]
    if (phase == OVER) != (result != 0):
        raise CorruptState("a finished game, and only one, has a result")
    if result != RESULT_DRAW and result > players:
        raise CorruptState("winner out of range")
    if s[S_PLAYER] >= players:
        raise CorruptState("player to move out of range")
    if s[S_ENDGAME] > 1:
        raise CorruptState("the endgame flag is 0 or 1")
    for at in _UNUSED_BYTES:
        if s[at]:
            raise CorruptState("unused byte {} is not zero".format(at))
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
    last = s[S_LAST_SLIDE]
    # PC-A23: the last slide left the pusher at the far end of the line it pushed
    if last > 16 or last and s[S_PUSHER_AT] != ((last - 1) & ~1) + 1 - ((last - 1) & 1):
        raise CorruptState("the last slide does not match where the pusher lies")
    _validate_order(game)
    _validate_owners(game)
    for colour in range(4):
        if s[S_DICE + colour] > 5 or s[S_OWNER + colour] == NONE and s[S_DICE + colour]:
            raise CorruptState("die face out of range")
    _validate_pieces(game)
    _validate_turn(game)


def _validate_owners(game):
    """Colours belong as in decisions.md 2.1, unless the roll winner of the balancing variant took a pair."""
    s = game.state
    dealt = COLOURS_BY_PLAYERS[game.players]
    if not game.balance or s[S_PHASE] == CHOOSE:
        for colour in range(4):
            if s[S_OWNER + colour] != dealt[colour]:
                raise CorruptState("colour {} has a wrong owner".format(COLOUR_NAMES[colour]))
        return
    chosen = game.colours_of(s[S_ORDER])
    if chosen not in (3, 5, 6, 9, 10, 12) or game.colours_of(1 - s[S_ORDER]) != 15 & ~chosen:
        raise CorruptState("each side of the balancing variant holds two colours (PC-A25)")
    if s[S_PHASE] == PLACE and chosen not in paths.balance_pairs(game):
        raise CorruptState("the roll winner took a pair the balancing variant does not offer (PC-A25)")


# bytes no layout field uses, and the order and roll entries of absent players
_UNUSED_BYTES = (29, 30, 31)


def _validate_order(game):
    """PC-A14 and PC-A13: the starting order follows the rolls, and turns go round in seat order from the last
    to place."""
    s = game.state
    players = game.players
    order = s[S_ORDER:S_ORDER + players]
    if sorted(order) != list(range(players)):
        raise CorruptState("the starting order is not a permutation of the players")
    highest = 10 if players == 2 else 5
    for i in range(4):
        roll = s[S_START_ROLL + i]
        if i >= players and (roll or s[S_ORDER + i]) or roll > highest:
            raise CorruptState("starting roll out of range")
    for i in range(1, players):
        if s[S_START_ROLL + order[i - 1]] < s[S_START_ROLL + order[i]]:
            raise CorruptState("the starting order does not follow the rolls (PC-A14)")
    turns = game.turns()
    if s[S_PHASE] in (PLACE, CHOOSE):
        if turns or s[S_ENDGAME] or s[S_PUSHER_AT] != NONE or s[S_LAST_SLIDE]:
            raise CorruptState("the game is still being set up")
        return
    if turns >= game.turn_cap and s[S_RESULT] != RESULT_DRAW or s[S_RESULT] == RESULT_DRAW and turns != game.turn_cap:
        raise CorruptState("only the turn cap ({}) draws, and it ends the game".format(game.turn_cap))
    if s[S_PLAYER] != (order[players - 1] + turns) % players:
        raise CorruptState("the player to move is not next in seat order (PC-A13)")
    if s[S_PUSHER_AT] != NONE and not turns:
        raise CorruptState("the pusher lies on the board before any turn")


def _validate_pieces(game):
    s = game.state
    phase = s[S_PHASE]
    setup = phase in (PLACE, CHOOSE)
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
        elif place == UNPLACED and not setup:
            raise CorruptState("a pawn is unplaced after setup")
        elif place == OFF and not s[S_ENDGAME]:
            raise CorruptState("a pawn is off the board before the endgame (PC-A18)")
    if phase == CHOOSE and holes:
        raise CorruptState("pawns are placed after the colours are chosen (PC-A25)")
    if phase == PLACE:
        # PC-A14: players place in starting order, so the placed pawns belong to the first players of it
        waiting = False  # an earlier player in the order still has a pawn to place
        placer = -1  # the first such player: the one to place now
        for i in range(game.players):
            placed = False
            unplaced = False
            for colour in range(4):
                if s[S_OWNER + colour] == s[S_ORDER + i]:
                    if s[S_PAWN + colour] == UNPLACED:
                        unplaced = True
                    else:
                        placed = True
            if placed and waiting:
                raise CorruptState("pawns are placed out of the starting order")
            if unplaced and not waiting:
                placer = s[S_ORDER + i]
            waiting = waiting or unplaced
        if s[S_PLAYER] != placer:
            raise CorruptState("pawns are placed in starting order: player {} places now".format(placer))
    per = game.tokens_per_colour
    pusher = s[S_PUSHER] >> 1
    for colour in range(4):
        used = s[S_OWNER + colour] != NONE
        values = 0
        for label in range(4):
            t = colour * 4 + label
            piece = s[S_TOKEN_AT + t]
            value = s[S_VALUE + t]
            name = "{}-{}".format(COLOUR_NAMES[colour], "abcd"[label])
            if not used or label >= per:
                if piece != UNUSED or value != UNKNOWN:
                    raise CorruptState("token {} should not be in play".format(name))
                continue
            if piece == UNUSED or (piece >= SPACES and piece != DELIVERED):
                raise CorruptState("token {} is nowhere".format(name))
            # a saved game knows every value: 'unknown' belongs to a player's view only
            if value < 2 or value > NULL or (value == NULL and per == 3):
                raise CorruptState("token {} has no value 2, 3, 4 or null".format(name))
            if values & (1 << value):
                raise CorruptState("{} has two tokens of the same value".format(COLOUR_NAMES[colour]))
            values |= 1 << value
            if setup and piece != colour * 4:
                raise CorruptState("token {} has left its ace during setup".format(name))
            if piece < 16 and piece >> 2 == colour and (value == (piece & 3) + 1 or value == NULL and piece & 3):
                raise CorruptState("token {} lies on its own destination undelivered (PC-A15)".format(name))
            if 16 <= piece < SPACES and s[S_PUSHER_AT] == NONE and (piece - 16) >> 1 == pusher:
                raise CorruptState("a token lies on the pusher before the first slide")
    paths.sync(game)
    token_on = game.token_on
    for t in range(16):
        piece = s[S_TOKEN_AT + t]
        if 16 <= piece < SPACES and token_on[game.half_place[piece - 16]] != t + 1:
            raise CorruptState("two tokens share a domino half")
    one_left = 0
    for p in range(game.players):
        left = game.tokens_left(p)
        if left == 1:
            one_left = 1
        if (left == 0) != (s[S_RESULT] == 1 + p):
            raise CorruptState("player {} has won if and only if every token of theirs is delivered".format(p))
    # PC-A17: the endgame starts when anyone is down to one token, and nobody reaches none without passing one
    if s[S_ENDGAME] != (one_left or (s[S_RESULT] and s[S_RESULT] != RESULT_DRAW)):
        raise CorruptState("the endgame flag is on if and only if a player is down to one token (PC-A17)")


def _validate_turn(game):
    s = game.state
    phase = s[S_PHASE]
    colours = game.colours_of(s[S_PLAYER])
    for field in (S_LEFT, S_FORCED, S_ROLLED, S_PAWNS_MOVED):
        if s[field] & ~colours:
            raise CorruptState("turn masks name another player's colours")
    if phase in (PLACE, CHOOSE, START, OVER) and (s[S_LEFT] or s[S_FORCED] or s[S_PAWNS_MOVED]):
        raise CorruptState("dice or pawn moves pending outside a turn")
    # a game won by a delivery keeps its winning roll on show; any other end clears it with the turn
    if s[S_ROLLED] not in (0, colours) or s[S_ROLLED] and phase in (PLACE, CHOOSE, START, SECOND_PAWN) or \
            phase == OVER and s[S_ROLLED] and s[S_RESULT] != 1 + s[S_PLAYER]:
        raise CorruptState("dice rolled outside a turn, or not all of the player's dice")
    if (phase == FORCED) != bool(s[S_FORCED]):
        raise CorruptState("forced pawn moves and the phase disagree")
    if phase in (FORCED, MOVE) and not s[S_ROLLED]:
        raise CorruptState("dice pending that were not rolled")
    if phase == FORCED and s[S_ENDGAME]:
        raise CorruptState("a blank die takes the pawn off in the endgame; no move is forced (PC-A18)")
    for colour in range(4):
        if s[S_FORCED] & (1 << colour) and (s[S_DICE + colour] or s[S_PAWN + colour] >= HOLES):
            raise CorruptState("a forced pawn without a blank die")
        if s[S_LEFT] & (1 << colour) and not s[S_DICE + colour]:
            raise CorruptState("a blank die left to move a token")
    if phase == SECOND_PAWN:
        moved = s[S_PAWNS_MOVED]
        if game.players != 2 or s[S_ENDGAME] or moved & (moved - 1) or s[S_PAWN + _lowest(moved)] >= HOLES:
            raise CorruptState("only one pawn of a 2-player side has moved, before the endgame (PC-A11)")
    elif s[S_PAWNS_MOVED]:
        raise CorruptState("second pawn phase and pawn marks disagree")
    if phase == MOVE and not (s[S_LEFT] and paths.token_moves(game, None, s[S_LEFT])):
        raise CorruptState("no die left can move a token: the turn would have ended")
    if phase == PLACE:
        mine = [c for c in range(4) if colours & (1 << c) and s[S_PAWN + c] == UNPLACED]
        if not mine:
            raise CorruptState("the player placing has no pawn to place")
    if phase == CHOOSE and (not game.balance or s[S_PLAYER] != s[S_ORDER]):
        raise CorruptState("only the roll winner chooses colours, in the balancing variant")


def _lowest(mask):
    colour = 0
    while mask and not mask & (1 << colour):
        colour += 1
    return colour


def reason(game, move):
    """Why a move missing from the legal list is refused."""
    s = game.state
    kind = move_kind(move)
    phase = s[S_PHASE]
    now = "now: " + _PHASE_NAMES[phase]
    if kind == ROLL:
        return "you can roll only at the start of your turn" if phase != START else "cannot roll"
    if kind == SLIDE:
        if phase != START:
            return "you can slide only instead of rolling, at the start of your turn; " + now
        if move_line(move) >= 8:
            return "no such line"
        if game.slide_forbidden(move_line(move), move_direction(move)):
            return "that slide would undo the previous player's slide (PC-A23)"
        return "the pusher cannot be flipped here (a double, or the fixed-pusher option)"
    if kind == PAWN:
        a = move_colour(move)
        b = move_hole(move)
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
        a = move_token(move)
        b = move_destination(move)
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
