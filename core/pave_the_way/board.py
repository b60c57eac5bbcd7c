# SPDX-License-Identifier: MIT
"""Pave the Way: what every module of the engine shares: the state layout, the move codes and their decoders, the
domino and board tables, the connection rule and the search for a side's home-rooted road (decisions.md 1.1).

``rules`` (the engine) and the modules it is split into (``guards``, ``roads``, ``phases``, ``checks``,
``invariants``, the text and the computer player) all import these names from here, and none of them imports
``rules``: so no module of the engine imports one that imports it back. ``rules`` re-exports them, as the
documented interface (docs/game-interface.md, "Queries").

Two sides, S (player 0, home rank 1) and N (player 1, home rank 8), on an 8x8 board; square = rank * 8 + file,
both 0-based. Each side owns 6 guards (ids 0-5, placed in id order) and a double-six set of 28 dominoes (id 0 is
0-0, then 0-1 .. 0-6, 1-1 .. 6-6). A road piece on the board has an orientation ``o`` = axis * 2 + flip: axis 0
is V (first number faces north, second south), axis 1 is H (first faces west, second east); flip 0 puts the lower
number first. Doubles always have flip 0.

A move is ``kind << 22 | payload``; within a phase the legal list is generated in ascending order:

=========  =========================================================================================
END        0: end of turn
GUARD      from << 15 | size << 13 | d1 << 11 | s1 << 7 | d2 << 4 | s2: a whole Guard Move of the top
           ``size`` guards on ``from``; d1 the first step's direction (0 N, 1 E, 2 S, 3 W), d2 the second
           step's direction + 1 (0: one step), s1/s2 where a shove at that step sends the shoved piece:
           0 no shove, else 1 + direction from the target square (4-7 diagonals, only with diagonalfallback)
PLAY       domino << 8 | square << 2 | o: a hand piece onto the board (R1, R2, and the second side's setup piece)
RELOCATE   from << 8 | to << 2 | o: move a free road piece (R3)
DISCARD    domino: return a hand piece to the bag and draw (R4)
PLACE      square: place the next guard (setup)
HAND       0 keep, 1 redraw an opening hand with no matching pair (setup)
FIRST      side: the winner of the first-player draw names the side that goes first (setup)
=========  =========================================================================================

The decoders below read these fields; only the engine's move generation and the computer player's hot loops
take them out by hand.
"""

from core.compat import const

KIND_SHIFT = const(22)
END = const(0)
GUARD = const(1)
PLAY = const(2)
RELOCATE = const(3)
DISCARD = const(4)
PLACE = const(5)
HAND = const(6)
FIRST = const(7)

# phases
PH_HAND = const(0)  # a side whose opening hand has no matching pair decides to keep or redraw it
PH_FIRST = const(1)  # the first-player draw's winner names the first side
PH_ROAD = const(2)  # the second side places its free road piece on its home rank
PH_PLACE = const(3)  # guard placement, first side then second (secret unless sequentialplacement)
PH_PLAY = const(4)
PH_OVER = const(5)

# domino locations (S_DLOC), guard locations (S_GUARD)
BAG = const(255)
INHAND = const(254)
UNPLACED = const(255)
HIDDEN = const(254)  # a guard the viewing side may not see (secret placement)
ONBOARD = const(192)  # guard location codes below this are square | level << 6

NONE = const(255)
RESULT_DRAW = const(3)  # S_RESULT: 0 ongoing, 1 + winning side, or this
HISTORY = const(32)  # turn-start position hashes kept for the repetition rule

# state layout
S_PHASE = const(0)
S_TO_MOVE = const(1)
S_FIRST = const(2)  # the side that plays first, NONE until chosen
S_RESULT = const(3)
S_GMOVES = const(4)  # guard moves used this turn
S_RMOVES = const(5)  # road moves used this turn
S_MOVED = const(6)  # bit g: the mover's guard g has moved this turn
S_MERGED = const(7)  # square of the stack the first guard move created (PTW-C2), or NONE
S_TURNS = const(8)  # 2 bytes little-endian: turns (of either side) completed
S_IDLE = const(10)  # consecutive turns without a road move while both hands and bags are empty
S_REVEAL = const(11)  # 2 bytes: the dominoes revealed by the first-player draw, NONE before it
S_HANDN = const(13)  # 2 bytes: hand sizes
S_BAGN = const(15)  # 2 bytes: bag sizes
S_HISTN = const(17)  # hashes stored at S_HIST
S_SPARE = const(18)  # 2 bytes: unused, always 0
S_DLOC = const(20)  # 56: side * 28 + domino -> BAG, INHAND or square
S_DINF = const(76)  # 56: board pieces: level in the road stack | o << 5; else 0
S_GUARD = const(132)  # 12: side * 6 + guard -> square | level << 6, UNPLACED or HIDDEN
S_OWN = const(144)  # 64: 0 empty, 1 + side owning the square's pieces
S_NG = const(208)  # 64: guards on the square
S_NR = const(272)  # 64: road pieces on the square
S_BASE = const(336)  # 64: structural (bottom) piece: 0x80 | o << 5 | domino, 0 when none
S_HIST = const(400)  # HISTORY hashes, 4 bytes each, oldest first
STATE_SIZE = const(528)


def _tables():
    lo = bytearray(28)
    hi = bytearray(28)
    nums = bytearray(28)
    index = bytearray(49)
    i = 0
    for a in range(7):
        for b in range(a, 7):
            lo[i] = a
            hi[i] = b
            nums[i] = (1 << a) | (1 << b)
            index[a * 7 + b] = i
            index[b * 7 + a] = i
            i += 1
    face = bytearray(512)  # (o << 5 | domino) * 4 + direction -> the number facing that way, 7 = a side
    for code in range(128):
        d = code & 31
        o = code >> 5
        if d >= 28:
            continue
        first = hi[d] if o & 1 else lo[d]
        second = lo[d] if o & 1 else hi[d]
        for direction in range(4):
            v = 7
            if o < 2:
                v = first if direction == 0 else (second if direction == 2 else 7)
            else:
                v = first if direction == 3 else (second if direction == 1 else 7)
            face[code * 4 + direction] = v
    nb = bytearray(512)  # square * 8 + direction -> neighbour, 255 off the board; 0-3 N E S W, 4-7 NE SE SW NW
    for sq in range(64):
        x = sq & 7
        y = sq >> 3
        for direction in range(8):
            nx = x + DX[direction]
            ny = y + DY[direction]
            nb[sq * 8 + direction] = ny * 8 + nx if 0 <= nx < 8 and 0 <= ny < 8 else 255
    return bytes(lo), bytes(hi), bytes(nums), bytes(index), bytes(face), bytes(nb)


DX = (0, 1, 0, -1, 1, 1, -1, -1)
DY = (1, 0, -1, 0, 1, -1, -1, 1)
LO, HI, NUMS, DOMINO_INDEX, FACE, NB = _tables()


# -- move decoders -------------------------------------------------------------------------------------------------
def move_kind(move):
    """END, GUARD, PLAY, RELOCATE, DISCARD, PLACE, HAND or FIRST."""
    return move >> KIND_SHIFT


def move_from(move):
    """The square a GUARD or RELOCATE move takes its pieces from; -1 for other kinds."""
    kind = move >> KIND_SHIFT
    if kind == GUARD:
        return (move >> 15) & 63
    if kind == RELOCATE:
        return (move >> 8) & 63
    return -1


def move_to(move):
    """The square a move puts something on: a Guard Move's last square, a road piece's, a placed guard's; -1 for
    END, DISCARD, HAND and FIRST."""
    kind = move >> KIND_SHIFT
    if kind == GUARD:
        via = guard_via(move)
        second = (move >> 4) & 7
        return NB[via * 8 + second - 1] if second else via
    if kind == PLAY or kind == RELOCATE:
        return (move >> 2) & 63
    if kind == PLACE:
        return move & 63
    return -1


def guard_via(move):
    """GUARD: the square after the first step (the last one too for a one-step move)."""
    return NB[((move >> 15) & 63) * 8 + ((move >> 11) & 3)]


def guard_size(move):
    """GUARD: how many guards move (the top of the stack)."""
    return (move >> 13) & 3


def guard_step(move, step):
    """GUARD: the direction (0 N, 1 E, 2 S, 3 W) of the first (``step`` 1) or second (2) step; -1 for the second
    step of a one-step move."""
    if step == 1:
        return (move >> 11) & 3
    return ((move >> 4) & 7) - 1


def guard_shove(move, step):
    """GUARD: where the piece shoved at ``step`` (1: on the square after the first step, 2: on the last square of a
    two-step move) is sent, or -1 when that step shoves nothing."""
    if step == 1:
        code = (move >> 7) & 15
        square = guard_via(move)
    else:
        code = move & 15
        square = move_to(move) if (move >> 4) & 7 else -1
    if not code or square < 0:
        return -1
    return NB[square * 8 + code - 1]


def shove_direction(move, step):
    """GUARD: the way the piece shoved at ``step`` (1 or 2, as ``guard_shove``) is sent, as a direction from the
    shoved square (0-3 N E S W, 4-7 NE SE SW NW); -1 when that step shoves nothing."""
    if step == 1:
        return ((move >> 7) & 15) - 1
    return (move & 15) - 1


def move_domino(move):
    """The domino of a PLAY or DISCARD move; -1 for other kinds (a RELOCATE's piece: the top of its square)."""
    kind = move >> KIND_SHIFT
    if kind == PLAY:
        return (move >> 8) & 31
    if kind == DISCARD:
        return move & 31
    return -1


def move_orientation(move):
    """PLAY or RELOCATE: the orientation the piece takes (``piece_orientation``)."""
    return move & 3


def move_choice(move):
    """HAND: 1 redraw, 0 keep; FIRST: the side named to go first."""
    return move & 1


def piece_domino(code):
    """The domino of a piece code (``Game.road_piece``): an id 0..27 whose numbers are LO[d] and HI[d]."""
    return code & 31


def piece_orientation(code):
    """Orientation of a piece code: axis * 2 + flip (axis 0 V, first number north; 1 H, first number west; flip
    1 puts the higher number first)."""
    return (code >> 5) & 3


# -- move encoders: the inverse of the decoders (a code the decoders' fields do not give back has stray bits) -----
def guard_move(sq, size, d1, s1=-1, d2=-1, s2=-1):
    """A Guard Move of the top ``size`` guards on ``sq``: first step ``d1``, second step ``d2`` (-1: none), the
    shoves ``s1`` and ``s2`` as ``shove_direction`` gives them (-1: none); ``guard_move(sq, size, d)`` is one step."""
    return (GUARD << KIND_SHIFT) | (sq << 15) | (size << 13) | (d1 << 11) | ((s1 + 1) << 7) | ((d2 + 1) << 4) \
        | (s2 + 1)


def play_move(d, sq, o):
    """R1/R2 (and the setup piece): domino ``d`` onto ``sq`` in orientation ``o``."""
    return (PLAY << KIND_SHIFT) | (d << 8) | (sq << 2) | o


def relocate_move(src, dst, o):
    """R3: the free piece on ``src`` to ``dst``, in orientation ``o``."""
    return (RELOCATE << KIND_SHIFT) | (src << 8) | (dst << 2) | o


def discard_move(d):
    return (DISCARD << KIND_SHIFT) | d


def place_move(sq):
    return (PLACE << KIND_SHIFT) | sq


def choice_move(kind, choice):
    """HAND (``choice`` 1 redraws) or FIRST (``choice`` the side named first)."""
    return (kind << KIND_SHIFT) | choice


# -- dominoes and connections ------------------------------------------------------------------------------------
def domino(a, b):
    """The id of the domino with numbers a and b."""
    return DOMINO_INDEX[a * 7 + b]


def connected(ca, cb, d):
    """Whether structural pieces with codes ``ca`` (on square A) and ``cb`` (on B = A + direction d) connect
    (section 1.1: in-line with equal facing numbers, or end-to-side with the end's number on the other piece)."""
    fa = FACE[(ca & 127) * 4 + d]
    fb = FACE[(cb & 127) * 4 + (d ^ 2)]
    if fa != 7:
        if fb != 7:
            return fa == fb
        return (NUMS[cb & 31] >> fa) & 1 == 1
    if fb != 7:
        return (NUMS[ca & 31] >> fb) & 1 == 1
    return False


def orients(mask, base, d):
    """Bit o set: domino ``d`` in orientation ``o`` connects on the square whose six masks start at ``mask[base]``
    (see roads.square_mask); a double has only the unflipped orientations 0 and 2."""
    lo = LO[d]
    hi = HI[d]
    m0 = mask[base]
    m1 = mask[base + 1]
    m2 = mask[base + 2]
    m3 = mask[base + 3]
    v = mask[base + 4] & NUMS[d]
    h = mask[base + 5] & NUMS[d]
    bits = 0
    if v or (m0 >> lo) & 1 or (m2 >> hi) & 1:
        bits = 1
    if h or (m3 >> lo) & 1 or (m1 >> hi) & 1:
        bits |= 4
    if lo != hi:
        if v or (m0 >> hi) & 1 or (m2 >> lo) & 1:
            bits |= 2
        if h or (m3 >> hi) & 1 or (m1 >> lo) & 1:
            bits |= 8
    return bits


def home_component(s, side, marks, mark, queue, skip):
    """The road graph search the win check, the attachonlytorooted placement rule and the computer player's road
    distance share (section 1.1): set ``marks[sq] = mark`` on every square of ``side``'s road pieces connected to
    its home rank, leaving out square ``skip`` (NONE for none), in state ``s``; ``marks`` must hold no ``mark``
    before, and ``queue`` has room for 64 squares. Return whether those pieces reach the opponent's home rank
    (the side has won)."""
    own = side + 1
    home = 0 if side == 0 else 56
    far = 7 if side == 0 else 0
    tail = 0
    for sq in range(home, home + 8):
        if sq != skip and s[S_OWN + sq] == own and s[S_NR + sq]:
            marks[sq] = mark
            queue[tail] = sq
            tail += 1
    head = 0
    reached = False
    while head < tail:
        a = queue[head]
        head += 1
        if a >> 3 == far:
            reached = True
        ca = s[S_BASE + a]
        for d in range(4):
            b = NB[a * 8 + d]
            if b == 255 or b == skip or marks[b] == mark or s[S_OWN + b] != own or not s[S_NR + b]:
                continue
            if connected(ca, s[S_BASE + b], d):
                marks[b] = mark
                queue[tail] = b
                tail += 1
    return reached
