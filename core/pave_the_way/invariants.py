# SPDX-License-Identifier: MIT
"""Pave the Way: the state's invariants, checked when a saved or typed position is loaded (``Game.validate``).

The gate's contract: a state that passes is one the rules can reach, or at least one that plays on without error.
So besides the tables agreeing with the pieces, it refuses the codes only a view holds (HIDDEN guards), bytes the
engine always leaves zero, counters the draw rules would already have ended the game on (so no turn counter can
overflow its bytes), results no move sequence produces, and states with more legal moves than the engine's move
buffer holds.

Kept apart from the rules (and from the refusal reasons in ``checks``) so the device loads it only then.
"""

from core.errors import CorruptState
from core.pave_the_way import phases
from core.pave_the_way.board import (
    BAG, HI, HIDDEN, HISTORY, INHAND, LO, NONE, ONBOARD, PH_FIRST, PH_HAND, PH_OVER, PH_PLACE, PH_PLAY, PH_ROAD,
    RESULT_DRAW, S_BAGN, S_BASE, S_DINF, S_DLOC, S_FIRST, S_GMOVES, S_GUARD, S_HANDN, S_HIST, S_HISTN, S_IDLE,
    S_MERGED, S_MOVED, S_NG, S_NR, S_OWN, S_PHASE, S_RESULT, S_REVEAL, S_RMOVES, S_SPARE, S_TO_MOVE, S_TURNS,
    UNPLACED,
)



def _fail(message):
    raise CorruptState(message)


class _Counter:
    """Stands in for a legal-move buffer: generation writes ``buf[count] = move`` and returns the count, so the
    moves of any state can be counted without a buffer large enough for all of them."""

    def __setitem__(self, index, move):
        pass


_COUNTER = _Counter()


def validate(game):
    s = game.state
    phase = s[S_PHASE]
    me = s[S_TO_MOVE]
    if phase > PH_OVER or me > 1:
        _fail("phase or side to move out of range")
    if s[S_SPARE] or s[S_SPARE + 1]:
        _fail("unused state bytes not zero")
    first = s[S_FIRST]
    if (phase >= PH_ROAD) != (first <= 1) or (first > 1 and first != NONE):
        _fail("first side out of range for the phase")
    r = s[S_RESULT]
    if r > RESULT_DRAW or (r != 0) != (phase == PH_OVER):
        _fail("result and phase disagree")
    a = s[S_REVEAL]
    b = s[S_REVEAL + 1]
    if phase == PH_HAND:
        if a != NONE or b != NONE:
            _fail("first-player draw before the hands are settled")
    elif a >= 28 or b >= 28 or LO[a] + HI[a] == LO[b] + HI[b]:
        _fail("the first-player draw must show two dominoes with different pip counts")
    elif phase == PH_FIRST and me != (0 if LO[a] + HI[a] > LO[b] + HI[b] else 1):
        _fail("the side with more pips in the first-player draw chooses who goes first")
    if phase == PH_ROAD and me == first:
        _fail("the second side places the free road piece")
    own = bytearray(64)
    ng = bytearray(64)
    nr = bytearray(64)
    stock = _road_pieces(s, phase, own, nr)
    _guard_pieces(s, phase, me, first, own, ng)
    roads_on_board = 0
    for sq in range(64):
        if ng[sq] > 3 or (phase == PH_PLACE and ng[sq] + nr[sq] > 2):
            _fail("too many guards on a square")
        if s[S_OWN + sq] != own[sq] or s[S_NG + sq] != ng[sq] or s[S_NR + sq] != nr[sq]:
            _fail("square tables disagree with the pieces")
        if not nr[sq] and s[S_BASE + sq]:
            _fail("structural piece on an empty square")
        roads_on_board += nr[sq]
    if phase < PH_PLACE and roads_on_board:
        _fail("road pieces on the board before the free road piece")
    if phase == PH_PLACE:
        if roads_on_board != 1:
            _fail("only the free road piece is on the board at placement")
        home = 0 if first == 1 else 56  # the second side's home row
        for sq in range(home, home + 8):
            if nr[sq] and own[sq] == 2 - first:
                break
        else:
            _fail("the free road piece is on the second side's home row")
    if phase == PH_HAND and phases.hand_valid(game, me):
        _fail("a hand with a matching pair is not offered a redraw")
    _turn_state(game, phase, me, first, r, own, ng, stock)
    # MAX_MOVES is measured, not proved: no game came near half of it (283 moves at most in 300 random games, one
    # move adding at most 251), so a state over half is refused and one move from any accepted state stays within
    if phase == PH_PLAY and game.legal_moves(_COUNTER) > game.MAX_MOVES // 2:
        _fail("more legal moves than any game reaches (half the move buffer)")


def _road_pieces(s, phase, own, nr):
    """Check the dominoes and fill ``own`` and ``nr`` from the road pieces; return the pieces in hands and bags."""
    levels = [0] * 64
    stock = 0
    for side in range(2):
        hand = 0
        bag = 0
        for d in range(28):
            loc = s[S_DLOC + side * 28 + d]
            inf = s[S_DINF + side * 28 + d]
            if loc == BAG or loc == INHAND:
                if inf:
                    _fail("a domino off the board has board data")
                if loc == BAG:
                    bag += 1
                else:
                    hand += 1
                continue
            level = inf & 31
            if loc >= 64 or inf >= 0x80 or level >= 28 or (LO[d] == HI[d] and inf & 0x20):
                _fail("domino location or orientation out of range")
            if levels[loc] >> level & 1:
                _fail("two road pieces on one level of a stack")
            levels[loc] |= 1 << level
            if own[loc] and own[loc] != side + 1:
                _fail("pieces of both sides on one square")
            own[loc] = side + 1
            nr[loc] += 1
            if level == 0 and s[S_BASE + loc] != 0x80 | (inf & 0x60) | d:
                _fail("structural piece table disagrees with the pieces")
        if hand != s[S_HANDN + side] or bag != s[S_BAGN + side] or hand > 5:
            _fail("hand or bag count disagrees with the pieces")
        if phase < PH_PLAY and hand != 5:
            _fail("a hand holds five pieces during setup")
        if hand < 5 and bag:
            _fail("a hand is refilled to five while the bag lasts")
        stock += hand + bag
    for sq in range(64):
        if levels[sq] != (1 << nr[sq]) - 1:
            _fail("stack levels are not contiguous")
    return stock


def _guard_pieces(s, phase, me, first, own, ng):
    """Check the guards and add them to ``own`` and ``ng``."""
    guard_levels = bytearray(64)
    for side in range(2):
        placed = 0
        for g in range(6):
            loc = s[S_GUARD + side * 6 + g]
            if loc == HIDDEN:
                _fail("a hidden guard: only a view holds one, not a full position")
            if loc == UNPLACED:
                if phase >= PH_PLAY:
                    _fail("a guard off the board during play")
                continue
            if loc >= ONBOARD or phase < PH_PLACE:
                _fail("guard location out of range")
            if placed != g:
                _fail("guards are placed in id order")
            placed += 1
            sq = loc & 63
            level = loc >> 6
            if guard_levels[sq] >> level & 1:
                _fail("two guards on one level of a stack")
            guard_levels[sq] |= 1 << level
            if own[sq] and own[sq] != side + 1:
                _fail("pieces of both sides on one square")
            own[sq] = side + 1
            ng[sq] += 1
            if phase == PH_PLACE and not (0 <= (sq >> 3) - (0 if side == 0 else 5) < 3):
                _fail("a guard placed outside its setup zone")
        if phase == PH_PLACE:
            if side == me and placed == 6:
                _fail("the side placing has no guard left to place")
            if side != me and side == first and placed != 6:
                _fail("the first side places all its guards before the second")
            if side != me and side != first and placed:
                _fail("the second side places after the first")
    for sq in range(64):
        if guard_levels[sq] != (1 << ng[sq]) - 1:
            _fail("stack levels are not contiguous")


def _turn_state(game, phase, me, first, r, own, ng, stock):
    """The turn's counters, the turn counts, the history and the result (a win comes in the middle of a turn, a
    draw only at its end, by the draw rules of section 1.7)."""
    s = game.state
    gm = s[S_GMOVES]
    rm = s[S_RMOVES]
    moved = s[S_MOVED]
    merged = s[S_MERGED]
    turns = s[S_TURNS] | (s[S_TURNS + 1] << 8)
    idle = s[S_IDLE]
    n = s[S_HISTN]
    if phase < PH_PLAY and (gm or rm or moved or merged != NONE):
        _fail("turn counters outside play")
    if gm > 2 or rm > 2 or moved >= 64:
        _fail("turn counters out of range")
    if phase < PH_PLAY and (turns or idle or n):
        _fail("turn counts before play")
    drawn = r == RESULT_DRAW
    won = r == 1 or r == 2
    if phase == PH_PLAY and (gm == 0) != (moved == 0):
        _fail("the guards moved this turn disagree with the Guard Moves used")
    if drawn and (gm or rm or moved or merged != NONE):
        _fail("a drawn game ends at the end of a turn")
    if merged != NONE:
        if merged >= 64 or gm != 1:
            _fail("the merged stack must be a stack of the side to move after one Guard Move")
        # a second Guard Move whose shove completed the opponent's road leaves the merged square as it was
        if not (won and r - 1 != me) and (own[merged] != me + 1 or ng[merged] < 2):
            _fail("the merged stack must be a stack of the side to move after one Guard Move")
    if phase >= PH_PLAY:
        if me != first ^ (turns & 1):
            _fail("the side to move does not follow from the first side and the turns played")
        if drawn:
            if turns > game.turn_cap or idle > game.idle_turns:
                _fail("turn counts past the draw rules")
        elif turns >= game.turn_cap or idle >= game.idle_turns:
            _fail("turn counts the draw rules would have ended the game on")
        if idle > turns or (idle and stock):
            _fail("idle turns count only while both hands and bags are empty")
        if n > turns + 1:
            _fail("more turn starts in the history than turns")
    if n > HISTORY:
        _fail("history too long")
    for i in range(n):
        h = game.history(i)
        if (h >> 15) >= 32749 or (h & 0x7FFF) >= 32719:
            _fail("history hash out of range")
    for p in range(S_HIST + 4 * n, S_HIST + 4 * HISTORY):
        if s[p]:
            _fail("unused history not zero")
    if phase == PH_PLAY and (game.wins(0) or game.wins(1)):
        _fail("a finished road in a running game")
    if drawn:
        if game.wins(0) or game.wins(1):
            _fail("a drawn game with a finished road")
        if not (idle >= game.idle_turns or turns >= game.turn_cap
                or (game.repetition and n and game.history(n - 1) == phases.position_hash(game))):
            _fail("a drawn game that no draw rule ended")
    if won:
        winner = r - 1
        if not game.wins(winner) or game.wins(1 - winner):
            _fail("the winner, and only the winner, has a finished road")
        if winner == me and not rm:
            _fail("a side wins on its own turn only by a Road Move")
        if winner != me and not moved:
            _fail("a side wins on the opponent's turn only by a shove in a Guard Move")
