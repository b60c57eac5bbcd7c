# SPDX-License-Identifier: MIT
"""Pave the Way: the state's invariants, checked when a saved or typed position is loaded (``Game.validate``).

Kept apart from the rules (and from the refusal reasons in ``checks``) so the device loads it only then.
"""

from core.compat import const
from core.errors import CorruptState
from core.pave_the_way import phases
from core.pave_the_way.rules import HI, LO

# copies of rules' constants, folded by MicroPython's compiler (tests/pave_the_way checks they agree)
_BAG = const(255)
_HIDDEN = const(254)
_HISTORY = const(32)
_INHAND = const(254)
_NONE = const(255)
_ONBOARD = const(192)
_PH_HAND = const(0)
_PH_OVER = const(5)
_PH_PLACE = const(3)
_PH_PLAY = const(4)
_PH_ROAD = const(2)
_RESULT_DRAW = const(3)
_S_BAGN = const(15)
_S_BASE = const(336)
_S_DINF = const(76)
_S_DLOC = const(20)
_S_FIRST = const(2)
_S_GMOVES = const(4)
_S_GUARD = const(132)
_S_HANDN = const(13)
_S_HIST = const(400)
_S_HISTN = const(17)
_S_IDLE = const(10)
_S_MERGED = const(7)
_S_MOVED = const(6)
_S_NG = const(208)
_S_NR = const(272)
_S_OWN = const(144)
_S_PHASE = const(0)
_S_RESULT = const(3)
_S_REVEAL = const(11)
_S_RMOVES = const(5)
_S_TO_MOVE = const(1)
_S_TURNS = const(8)
_UNPLACED = const(255)


def _fail(message):
    raise CorruptState(message)


def validate(game):
    s = game.state
    phase = s[_S_PHASE]
    if phase > _PH_OVER or s[_S_TO_MOVE] > 1:
        _fail("phase or side to move out of range")
    first = s[_S_FIRST]
    if (phase >= _PH_ROAD) != (first <= 1) or (first > 1 and first != _NONE):
        _fail("first side out of range for the phase")
    r = s[_S_RESULT]
    if r > _RESULT_DRAW or (r != 0) != (phase == _PH_OVER):
        _fail("result and phase disagree")
    a = s[_S_REVEAL]
    b = s[_S_REVEAL + 1]
    if phase == _PH_HAND:
        if a != _NONE or b != _NONE:
            _fail("first-player draw before the hands are settled")
    elif a >= 28 or b >= 28 or LO[a] + HI[a] == LO[b] + HI[b]:
        _fail("the first-player draw must show two dominoes with different pip counts")
    own = bytearray(64)
    ng = bytearray(64)
    nr = bytearray(64)
    levels = [0] * 64
    roads_on_board = 0
    for side in range(2):
        hand = 0
        bag = 0
        for d in range(28):
            loc = s[_S_DLOC + side * 28 + d]
            inf = s[_S_DINF + side * 28 + d]
            if loc == _BAG or loc == _INHAND:
                if inf:
                    _fail("a domino off the board has board data")
                if loc == _BAG:
                    bag += 1
                else:
                    hand += 1
                continue
            if loc >= 64 or inf >= 0x80 or (LO[d] == HI[d] and inf & 0x20):
                _fail("domino location or orientation out of range")
            level = inf & 31
            if levels[loc] >> level & 1:
                _fail("two road pieces on one level of a stack")
            levels[loc] |= 1 << level
            if own[loc] and own[loc] != side + 1:
                _fail("pieces of both sides on one square")
            own[loc] = side + 1
            nr[loc] += 1
            roads_on_board += 1
            if level == 0 and s[_S_BASE + loc] != 0x80 | (inf & 0x60) | d:
                _fail("structural piece table disagrees with the pieces")
        if hand != s[_S_HANDN + side] or bag != s[_S_BAGN + side] or hand > 5:
            _fail("hand or bag count disagrees with the pieces")
        if phase < _PH_PLAY and hand != 5:
            _fail("a hand holds five pieces during setup")
    guard_levels = [0] * 64
    for side in range(2):
        placed = 0
        for g in range(6):
            loc = s[_S_GUARD + side * 6 + g]
            if loc == _UNPLACED or loc == _HIDDEN:
                if phase >= _PH_PLAY or (phase < _PH_PLACE and loc == _HIDDEN):
                    _fail("a guard off the board during play")
                continue
            if loc >= _ONBOARD or phase < _PH_PLACE:
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
            if phase == _PH_PLACE and not (0 <= (sq >> 3) - (0 if side == 0 else 5) < 3):
                _fail("a guard placed outside its setup zone")
        if phase == _PH_PLACE:
            placer = s[_S_TO_MOVE]
            if side == placer and placed == 6:
                _fail("the side placing has no guard left to place")
            if side != placer and side == first and placed != 6 and s[_S_GUARD + side * 6] != _HIDDEN:
                _fail("the first side places all its guards before the second")
            if side != placer and side != first and placed and s[_S_GUARD + side * 6] != _HIDDEN:
                _fail("the second side places after the first")
    for sq in range(64):
        if guard_levels[sq] != (1 << ng[sq]) - 1 or levels[sq] != (1 << nr[sq]) - 1:
            _fail("stack levels are not contiguous")
        if ng[sq] > 3 or (phase == _PH_PLACE and ng[sq] + nr[sq] > 2):
            _fail("too many guards on a square")
        if s[_S_OWN + sq] != own[sq] or s[_S_NG + sq] != ng[sq] or s[_S_NR + sq] != nr[sq]:
            _fail("square tables disagree with the pieces")
        if not nr[sq] and s[_S_BASE + sq]:
            _fail("structural piece on an empty square")
    if phase < _PH_PLACE and roads_on_board:
        _fail("road pieces on the board before the free road piece")
    if phase == _PH_PLACE and roads_on_board != 1:
        _fail("only the free road piece is on the board at placement")
    if phase == _PH_PLACE:
        second = 1 - first
        home = 0 if second == 0 else 56
        if not [sq for sq in range(home, home + 8) if nr[sq] and own[sq] == second + 1]:
            _fail("the free road piece is on the second side's home row")
    if phase == _PH_HAND and phases.hand_valid(game, s[_S_TO_MOVE]):
        _fail("a hand with a matching pair is not offered a redraw")
    gm = s[_S_GMOVES]
    rm = s[_S_RMOVES]
    merged = s[_S_MERGED]
    if phase < _PH_PLAY and (gm or rm or s[_S_MOVED] or merged != _NONE):
        _fail("turn counters outside play")
    if gm > 2 or rm > 2 or s[_S_MOVED] >= 64:
        _fail("turn counters out of range")
    if merged != _NONE and (merged >= 64 or gm != 1 or own[merged] != s[_S_TO_MOVE] + 1 or not ng[merged]):
        _fail("the merged stack must be a stack of the side to move after one Guard Move")
    if phase < _PH_PLAY and (s[_S_TURNS] or s[_S_TURNS + 1] or s[_S_IDLE] or s[_S_HISTN]):
        _fail("turn counts before play")
    n = s[_S_HISTN]
    if n > _HISTORY:
        _fail("history too long")
    for i in range(n):
        if s[_S_HIST + 4 * i + 3] >= 64:
            _fail("history hash out of range")
    for p in range(_S_HIST + 4 * n, _S_HIST + 4 * _HISTORY):
        if s[p]:
            _fail("unused history not zero")
    if phase == _PH_PLAY and (game.wins(0) or game.wins(1)):
        _fail("a finished road in a running game")
    if r in (1, 2) and not game.wins(r - 1):
        _fail("the winner has no finished road")
