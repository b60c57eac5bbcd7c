# SPDX-License-Identifier: MIT
"""Pave the Way computer player: every weight it plays by, in one table (decisions.md 1.11; the figures that chose
them are in docs/pave-the-way.md). Distances are in quarter pieces (``UNIT`` = 4 per road piece); the evaluation
and the move rankings are in points. The search's sizes and budgets are not weights: they stay beside the search
(``ai``, ``aibeam``, ``aiwin``)."""

from core.compat import const

UNIT = const(4)

# -- what entering a square costs a road (aieval.Evaluator.costs), in quarter pieces --------------------------------
OWN_PIECE = const(2)  # an own road piece outside the rooted road: it may connect, or be relocated
OWN_GUARD = const(UNIT + 1)  # an own guard on an empty square: it has to step aside (a little more than UNIT)
# Entering an own road piece from a neighbour of its own it does not connect with (their numbers do not match): one
# of them must be relocated and a fitting piece laid, a piece more than a link that is made (seeds 513 and 593
# against random play drew with such roads read as three pieces from done for a hundred turns)
UNLINKED = const(UNIT)
# clearing an opposing piece by a shove: a base price when a strong enough unit stands next to it, plus SHOVE_STEP
# per step that unit still has to make (plus SHOVE_MERGE when it must first grow by a merge); without a unit strong
# enough, the ALONE price
SHOVE_SINGLE = const(1)  # a single guard
SINGLE_ALONE = const(6)
SHOVE_PAIR = const(2)  # a 2-stack or a bare road piece
PAIR_ALONE = const(10)
SHOVE_STEP = const(2)
SHOVE_MERGE = const(4)
# In the player's own distance, an opposing bare road piece on the square before the far rank, with the opponent's
# road piece on the far square ahead and its pieces on both sides: it can only be shoved from behind, which stacks it
# onto that far square, the road's only way on, for good (PTW-A21, PTW-A25). Not a wall: a shove from the side
# becomes possible once a neighbour is cleared. Three pieces more (seed 706 against random play: S read its road as
# 3.5 pieces from done through such a square from turn 21 on, while N filled its far rank; priced as a
# wall, the road read as none at all once N had filled its last two ranks, seed 96). Not in the opponent's distance:
# a side's first two ranks are full of its own pieces, so there it priced the player's home ranks as walls, and the
# player kept its pieces there as blocks (test_siege's full far rank: 3 of 9 seeds won within 16 turns, not 9 in 12)
WALLED_AHEAD = const(3 * UNIT)

# -- the evaluation (aieval.Evaluator.evaluate and value), in points -----------------------------------------------
THEIRS = const(10)  # per quarter piece of the opponent's distance (blocking) ...
MINE = const(12)  # ... and of its own (building)
DISTANCE_CAP = const(64)  # quarter pieces: longer roads count as this long
RACE = const(60)  # per turn of lead in the race, ...
RACE_CAP = const(2)  # ... at most this many turns either way
# The opponent can finish in its next turn (two pieces or less from done): worse than a draw and all else (at 400,
# seed 299 against greedy stepped its block aside to leave a draw by repetition, and lost)
FINISH_NEXT = const(20000)
# A draw is worth less than any other position still in play (the evaluation stays above about -3,100 but where the
# opponent can finish next, below -19,700): a computer that plays to win keeps the game going (at -300, walled
# roads and spent pieces made drawing the better choice)
DRAWN = const(-10000)
WIN = const(100000)
RESERVE = const(10)  # pieces to keep beyond those the road still needs ...
SCARCITY = const(20)  # ... and the price of each one short
PIECE = const(1)  # each own piece on the board
FIT = const(3)  # each frontier square a hand piece fits (aiterms.frontier_fit, at most 4)
EXPOSED = const(25)  # each own bare rooted piece an opposing 3-stack can reach (two at most)
ATTACK = const(15)  # each opposing bare rooted piece an own 3-stack can reach (half: a merge away; two at most)
CLOSING = const(30)  # each Guard Move a stack still needs to shove a piece off its road, a guard its share (aisiege)
END_GAP = const(2 * UNIT)  # quarter pieces: a road's second-cheapest far-rank end counts up to this much more
REPEATED = const(150)  # each earlier time the opponent's turn started in the position a turn end hands it
# The far rank (the opponent's home rank, where it starts roads without matching a number) with no own piece on it
# and at most OPEN_ENDS empty squares: the opponent can fill them all in its next turn, and a full far rank can then
# be opened only by a 3-stack shoving a bare piece there sideways onto its neighbour, stacking it there, immune to
# shoves (PTW-A19..A21, PTW-A25; docs/pave-the-way.md, "A correction"). Each square short of OPEN_ENDS + 1 costs
# SEALING, and each step the nearest own guard still has to walk to an empty square there costs TO_END (a guard
# standing there keeps it).
OPEN_ENDS = const(2)
SEALING = const(40)
TO_END = const(10)

# -- which squares matter (aieval.Evaluator.analyse), in quarter pieces ----------------------------------------------
DETOUR = const(2 * UNIT)  # a win this turn is also sought through roads this much longer than the shortest
NEAR = const(4)  # pieces: with the opponent this close to done ...
WIDE = const(2 * UNIT)  # ... its squares on roads up to this much longer than its shortest are blocking candidates

# -- ranking a node's legal moves before any is tried (aicand), in points -------------------------------------------
JITTER = const(3)  # a random 0 .. JITTER - 1 added to each, so that equal moves vary
ON_ROAD = const(20)  # a road move onto a square of its shortest roads ...
EXTENDS = const(10)  # ... next to one of its road pieces
BLOCKS = const(12)  # a road move or guard onto a square of the opponent's shortest roads ...
BLOCK_NEAR = const(20)  # ... plus up to this much the nearer it is to the opponent's rooted road (road moves)
GUARD_BLOCK_NEAR = const(24)  # (Guard Moves)
HAND_CONTINUES = const(6)  # the number it shows forward is on a hand piece
RELOCATES = const(-4)  # relocating a piece rather than playing one from hand
RELOCATE_ROOTED = const(-40)  # relocating a piece of its rooted road
LEAVES_BLOCK = const(-10)  # a guard leaving a square of the opponent's shortest roads
STEPS_OFF = const(10)  # a guard stepping off a square of its road it can build on now
STANDS_ON_ROAD = const(-8)  # a guard onto an empty square of its road, without a shove
PROTECTS = const(8)  # a guard onto its own bare road piece on its road
MAKES_THREE = const(6)  # a merge into a 3-stack, the only unit that shoves road pieces
CLOSES_IN = const(10)  # in a siege, each Guard Move a unit gets nearer a shove (counted from at most SIEGE_FAR)
SIEGE_FAR = const(13)
SHOVE = const(6)  # a shove ...
SHOVE_CLEARS = const(20)  # ... that clears a square of its own road
SHOVE_ROAD = const(12)  # ... of a road piece
GUARD_TO_END = const(20)  # while the far rank may be sealed (OPEN_ENDS), a guard onto an empty square there ...
GUARD_TOWARDS_END = const(5)  # ... or a rank nearer it

# -- decisions without a search (aisimple) ---------------------------------------------------------------------------
DOUBLE_DISCARD = const(10)  # discard a double before a piece sharing no number with the hand
FORWARD_FIT = const(4)  # the second side's free piece: each hand piece continuing from it (each file off centre: 1)
