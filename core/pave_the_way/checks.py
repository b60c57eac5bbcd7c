# SPDX-License-Identifier: MIT
"""Pave the Way: why a move is refused (``Game.reason``); the state's invariants are in ``invariants``.

Kept apart from the rules so the device loads it only when a move is refused.
"""

from core.pave_the_way import guards, roads
from core.pave_the_way.board import (
    DISCARD, END, FIRST, GUARD, HAND, HI, INHAND, LO, NB, NONE, PH_FIRST, PH_HAND, PH_PLACE, PH_PLAY, PH_ROAD,
    PLACE, PLAY, S_DLOC, S_GMOVES, S_MOVED, S_NG, S_NR, S_OWN, S_PHASE, S_RMOVES, S_TO_MOVE, discard_move,
    guard_move, guard_size, guard_step, guard_via, move_domino, move_from, move_kind, move_orientation, move_to,
    orients, place_move, play_move, relocate_move, shove_direction,
)

_PHASE_HINT = (
    "your opening hand has no matching pair: keep it or redraw",
    "you won the first-player draw: choose who goes first ('first S' or 'first N')",
    "the second side places its free road piece on its home row",
    "guards are being placed: 'guard SQUARE' in your first three rows",
)


def _sq(sq):
    return "abcdefgh"[sq & 7] + str((sq >> 3) + 1)


def _dom(d):
    return "{}-{}".format(LO[d], HI[d])


def reason(game, move):
    s = game.state
    kind = move_kind(move)
    if move < 0 or kind > FIRST:
        return "not a Pave the Way move"
    phase = s[S_PHASE]
    me = s[S_TO_MOVE]
    setup_kind = {PH_HAND: HAND, PH_FIRST: FIRST, PH_ROAD: PLAY, PH_PLACE: PLACE}
    if phase != PH_PLAY:
        if kind != setup_kind.get(phase, -1):
            return _PHASE_HINT[phase]
        if kind == PLACE:
            sq = move_to(move)
            if move != place_move(sq):
                return "not a square"
            low = 0 if me == 0 else 40
            if not low <= sq < low + 24:
                return "guards are placed in your first three rows"
            return "a setup stack holds at most two pieces (PTW-A11)"
        if kind == PLAY:
            return _play_reason(game, move, True)
        return "answer with 0 or 1"
    if kind in (HAND, FIRST, PLACE):
        return "the game is under way: that is a setup move"
    if kind == END:
        return "'end' is written with nothing after it"
    if kind == GUARD:
        return _guard_reason(game, move)
    if s[S_RMOVES] >= 2:
        return "both Road Moves of this turn are used"
    if kind == PLAY:
        return _play_reason(game, move, False)
    if kind == DISCARD:
        d = move_domino(move)
        if move != discard_move(d) or d >= 28 or s[S_DLOC + me * 28 + d] != INHAND:
            return "that piece is not in your hand"
        return "the bag is empty: no discards (PTW-A28)"
    src = move_from(move)
    dst = move_to(move)
    if move != relocate_move(src, dst, move_orientation(move)):
        return "not a relocation"
    if not game.is_free(src, me):
        return "no free road piece of yours on {} (the top of a road stack, or a piece with at most one " \
               "connection, with nothing on it: PTW-A9, PTW-A10)".format(_sq(src))
    if src == dst:
        return "a relocated piece goes to a different square"
    if s[S_OWN + dst]:
        return "{} is occupied".format(_sq(dst))
    d = game.road_id(me, src, s[S_NR + src] - 1)
    if LO[d] == HI[d] and move_orientation(move) & 1:
        return "a double has no flip"
    return "a relocated piece must connect to another of your road pieces; it cannot start a new road"


def _play_reason(game, move, setup):
    s = game.state
    me = s[S_TO_MOVE]
    d = move_domino(move)
    sq = move_to(move)
    o = move_orientation(move)
    if move != play_move(d, sq, o) or d >= 28:
        return "not a road play"
    if s[S_DLOC + me * 28 + d] != INHAND:
        return "{} is not in your hand".format(_dom(d))
    if LO[d] == HI[d] and o & 1:
        return "a double has no flip"
    if s[S_OWN + sq]:
        return "{} is occupied: a road piece goes on an empty square".format(_sq(sq))
    home = 0 if me == 0 else 7
    if setup:
        return "the free road piece goes on an empty square of your home row"
    if game.rooted_only:
        roads.rooted(game, me, NONE)
    roads.square_mask(game, sq, me, NONE)
    if sq >> 3 != home and not (orients(game.mask, sq * 6, d) >> o) & 1:
        return "it must connect to one of your road pieces with matching numbers, or start a road on your home row"
    return "not a legal road play now"


def _guard_reason(game, move):
    s = game.state
    me = s[S_TO_MOVE]
    if s[S_GMOVES] >= 2:
        return "both Guard Moves of this turn are used"
    sq = move_from(move)
    size = guard_size(move)
    d1 = guard_step(move, 1)
    s1 = shove_direction(move, 1)
    d2 = guard_step(move, 2)
    s2 = shove_direction(move, 2)
    if move != guard_move(sq, size, d1, s1, d2, s2) or d2 > 3 or s1 > 7 or s2 > 7:
        return "not a Guard Move"
    if s[S_OWN + sq] != me + 1 or not s[S_NG + sq]:
        return "you have no guards on {}".format(_sq(sq))
    ng = s[S_NG + sq]
    if not game.allow_split and size != ng:
        return "a Guard Move moves all the guards on a square (PTW-A13)"
    if not 1 <= size <= ng:
        return "there are {} guards on {}".format(ng, _sq(sq))
    if not guards.eligible(game, sq, size):
        return "those guards already moved this turn; only a stack your first Guard Move created may move " \
               "again (PTW-A14, PTW-C2)"
    scratch = game.clone()
    scratch.state[S_MOVED] = 0
    why = _step_reason(scratch, sq, d1, s1, size, sq, d2 >= 0)
    if why:
        return why
    q1 = guard_via(move)
    if d2 >= 0:
        if d2 == d1 ^ 2:
            return "a Guard Move never returns to its starting square (PTW-A15)"
        guards.apply(scratch, guard_move(sq, size, d1, s1, -1, -1))  # the first step alone
        n = size - 1 if s1 >= 0 else size
        why = _step_reason(scratch, q1, d2, s2, n, sq, False)
        if why:
            if why.startswith("the shove"):
                one = "{}-{}".format(_sq(sq), _sq(q1))  # the first step alone, in the notation's words
                if s1 >= 0:
                    one += ">" + _sq(NB[q1 * 8 + s1])
                if game.allow_split:
                    one = "{}:{}".format(size, one)
                return why + ": stop on {} (the move {}) or choose another move (PTW-C1)".format(_sq(q1), one)
            return why
    return "not a legal Guard Move now"


def _step_reason(game, f, d, shove, n, origin, more):
    """Why one step in direction ``d`` from ``f`` of a unit of ``n`` guards is not legal, ``shove`` the direction
    the shoved piece is sent (-1 for none); "" when it is."""
    s = game.state
    me = s[S_TO_MOVE]
    q = NB[f * 8 + d]
    if q == 255:
        return "the move leaves the board"
    o = s[S_OWN + q]
    if o == 0:
        return "there is nothing to shove on {}".format(_sq(q)) if shove >= 0 else ""
    if o == me + 1:
        if s[S_NG + q] + n > 3:
            return "a square holds at most 3 guards (PTW-A11)"
        if more:
            return "entering your own pieces ends the move (PTW-A15)"
        return "there is nothing to shove on {}".format(_sq(q)) if shove >= 0 else ""
    ng = s[S_NG + q]
    nr = s[S_NR + q]
    if n < 2:
        return "a single guard cannot shove (PTW-A17)"
    if nr and ng:
        return "a stack that includes a road piece cannot be shoved"
    if nr > 1:
        return "stacked road pieces cannot be shoved (only 'Non-Stacked Road pieces')"
    if not guards.can_shove(game, n, q):
        strength = ng + 2 * nr
        if game.exact:
            return "a shove needs exactly one more piece: {} against {} (PTW-A16 flag)".format(n, strength)
        return "a shove needs more pieces than the target: {} against {} (road pieces count 2)".format(n, strength)
    targets = guards.shove_targets(game, q, d, f, 1 - me)
    if targets == 0:
        return "the shove at {} has nowhere to go, so it cannot occur".format(_sq(q))
    if shove < 0:
        return "say where the piece shoved off {} goes ({}>SQUARE)".format(_sq(q), _sq(q))
    if not (targets >> shove) & 1:
        names = [_sq(NB[q * 8 + t]) for t in range(8) if (targets >> t) & 1]
        return "the piece shoved off {} goes to {} (straight on, then toward its owner, then the shover's " \
               "choice: PTW-A18..A20)".format(_sq(q), " or ".join(names))
    return ""
