# SPDX-License-Identifier: MIT
"""Pave the Way: the rules engine (decisions.md section 1; ids PTW-A1 .. PTW-A40, PTW-C1, PTW-C2).

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
"""

from core.compat import const
from core.game import Game as BaseGame, ONGOING, DRAW, NOBODY, move_buffer

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


# Encoders, for asking the engine why a move the player tried is not legal (Game.reason).
def guard_move(square, size, direction):
    """A one-step Guard Move of the top ``size`` guards on ``square`` (direction 0 N, 1 E, 2 S, 3 W), no shove."""
    return GUARD << KIND_SHIFT | square << 15 | size << 13 | direction << 11


def play_move(domino, square, orientation):
    return PLAY << KIND_SHIFT | domino << 8 | square << 2 | orientation


def relocate_move(source, square, orientation):
    return RELOCATE << KIND_SHIFT | source << 8 | square << 2 | orientation


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


def guard_size(move):
    """GUARD: how many guards move (the top of the stack)."""
    return (move >> 13) & 3


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


def piece_domino(code):
    """The domino of a piece code (``Game.road_piece``): an id 0..27 whose numbers are LO[d] and HI[d]."""
    return code & 31


def piece_orientation(code):
    """Orientation of a piece code: axis * 2 + flip (axis 0 V, first number north; 1 H, first number west; flip
    1 puts the higher number first)."""
    return (code >> 5) & 3


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


class Game(BaseGame):
    NAME = "pave-the-way"
    GAME_ID = 1
    FORMAT_VERSION = 1
    CONFIG_SCHEMA = (
        ("strictplacement", 0, 0, 1),  # PTW-A5 flag: no T-cap placement
        ("attachonlytorooted", 0, 0, 1),  # PTW-A6 flag: R1/R3 attach only to home-rooted components
        ("allowsplit", 0, 0, 1),  # PTW-A13 flag: a Guard Move may move a top sub-stack
        ("guardsmaymovetwice", 0, 0, 1),  # PTW-A14 flag: no once-per-turn rule
        ("diagonalfallback", 0, 0, 1),  # PTW-A20 flag: a shove's last fallback may use diagonal squares
        ("exactplusone", 0, 0, 1),  # PTW-A16 flag: a shove needs exactly one more piece
        ("drawbeforereturn", 0, 0, 1),  # PTW-A29 flag: discard draws first, then returns
        ("sequentialplacement", 0, 0, 1),  # PTW-A32 flag: open guard placement, first side first
        ("repetition", 3, 0, 9),  # section 1.7: draw on this many repetitions of a turn-start position (0 off)
        ("idleturns", 10, 1, 255),  # section 1.7: draw after this many idle turns with hands and bags empty
        ("turncap", 200, 1, 10000),  # section 1.7: draw after this many turns (of either side)
    )
    STATE_BYTES = STATE_SIZE
    MAX_MOVES = 1024
    # scratch for move generation and the win check, shared by every game (no two use it at once): allocated
    # once at import, so the computer player's many scratch games stay small
    mask = bytearray(64 * 6)  # per empty square: end masks N E S W, side masks for V and H pieces
    cand = bytearray(64)  # candidate squares for road placement, ascending
    union = bytearray(64)  # per empty square: the union of its six masks
    seen = bytearray(64)
    queue = bytearray(64)
    root = bytearray(64)  # attachonlytorooted: squares in home-rooted components
    stamp = bytearray(1)  # the mark of the current search in ``seen``

    # the config read into attributes: class-level defaults, an instance attribute only where a config differs,
    # so the computer player's many scratch games stay small
    strict = 0
    rooted_only = 0
    allow_split = 0
    move_twice = 0
    diagonal = 0
    exact = 0
    draw_first = 0
    open_placement = 0
    repetition = 3
    idle_turns = 10
    turn_cap = 200
    saved_base = bytearray(1)  # generation scratch (see roads._lift)
    _OPTIONS = (("strict", "strictplacement"), ("rooted_only", "attachonlytorooted"), ("allow_split", "allowsplit"),
                ("move_twice", "guardsmaymovetwice"), ("diagonal", "diagonalfallback"), ("exact", "exactplusone"),
                ("draw_first", "drawbeforereturn"), ("open_placement", "sequentialplacement"),
                ("repetition", "repetition"), ("idle_turns", "idleturns"), ("turn_cap", "turncap"))

    buffer = None  # one legal-move buffer for apply() of every game and for the computer player, made once

    def _configure(self):
        if Game.buffer is None:
            Game.buffer = move_buffer(self.MAX_MOVES)
        self._scratch_moves = Game.buffer  # apply() checks legality in it: no game allocates its own
        for attr, name in self._OPTIONS:
            value = self.config.get(name)
            if value != getattr(Game, attr):
                setattr(self, attr, value)
            else:
                try:
                    delattr(self, attr)  # back to the default after a config change
                except AttributeError:
                    pass

    def _setup(self):
        phases.setup(self)

    def draw(self, side):
        """Move a uniformly drawn bag piece into the hand; return its id, or -1 if the bag is empty."""
        s = self.state
        n = s[S_BAGN + side]
        if n == 0:
            return -1
        k = self.rng.below(n)
        base = S_DLOC + side * 28
        for d in range(28):
            if s[base + d] == BAG:
                if k == 0:
                    s[base + d] = INHAND
                    s[S_BAGN + side] = n - 1
                    s[S_HANDN + side] += 1
                    return d
                k -= 1
        return -1

    def refill(self, side):
        """Replenish the hand up to five while the bag lasts (PTW-A30: automatic and immediate)."""
        s = self.state
        while s[S_HANDN + side] < 5 and s[S_BAGN + side] > 0:
            self.draw(side)

    # -- queries -----------------------------------------------------------------------------------------------
    def current_player(self):
        if self.state[S_PHASE] == PH_OVER:
            return NOBODY
        return self.state[S_TO_MOVE]

    def result(self):
        r = self.state[S_RESULT]
        if r == 0:
            return ONGOING
        if r == RESULT_DRAW:
            return DRAW
        return r - 1

    def phase(self):
        return self.state[S_PHASE]

    def turns(self):
        return self.state[S_TURNS] | (self.state[S_TURNS + 1] << 8)

    def in_hand(self, side, d):
        return self.state[S_DLOC + side * 28 + d] == INHAND

    def road_id(self, side, sq, level):
        """The domino of ``side`` at ``level`` of the road stack on ``sq``, or -1."""
        s = self.state
        for d in range(28):
            if s[S_DLOC + side * 28 + d] == sq and s[S_DINF + side * 28 + d] & 31 == level:
                return d
        return -1

    # -- board reads: with the accessors above and the move decoders, the firmware's one way in ------------------
    def side_on(self, sq):
        """The side whose pieces are on ``sq`` (a square holds one side's pieces), or -1 when it is empty."""
        return self.state[S_OWN + sq] - 1

    def guard_count(self, sq):
        return self.state[S_NG + sq]

    def road_count(self, sq):
        return self.state[S_NR + sq]

    def road_piece(self, sq, level):
        """The road piece at ``level`` (0 the bottom, structural one) of the stack on ``sq``, as
        ``orientation << 5 | domino`` (``piece_domino``, ``piece_orientation``); -1 where there is none."""
        side = self.state[S_OWN + sq] - 1
        d = self.road_id(side, sq, level) if side >= 0 else -1
        if d < 0:
            return -1
        return (self.state[S_DINF + side * 28 + d] >> 5) << 5 | d

    def guard_moves_used(self):
        """Guard Moves used this turn (of two)."""
        return self.state[S_GMOVES]

    def road_moves_used(self):
        """Road Moves used this turn (of two)."""
        return self.state[S_RMOVES]

    def hand_size(self, side):
        return self.state[S_HANDN + side]

    def bag_size(self, side):
        return self.state[S_BAGN + side]

    def _next_stamp(self):
        stamp = self.stamp
        if stamp[0] == 255:
            seen = self.seen
            for i in range(64):
                seen[i] = 0
            stamp[0] = 0
        stamp[0] += 1
        return stamp[0]

    def wins(self, side):
        """Some component of ``side``'s road graph joins its home rank to the opponent's (section 1.1)."""
        s = self.state
        own = side + 1
        seen = self.seen
        queue = self.queue
        mark = self._next_stamp()
        home = 0 if side == 0 else 56
        far = 7 if side == 0 else 0
        tail = 0
        for sq in range(home, home + 8):
            if s[S_OWN + sq] == own and s[S_NR + sq]:
                seen[sq] = mark
                queue[tail] = sq
                tail += 1
        head = 0
        while head < tail:
            a = queue[head]
            head += 1
            if a >> 3 == far:
                return True
            ca = s[S_BASE + a]
            for d in range(4):
                b = NB[a * 8 + d]
                if b == 255 or seen[b] == mark or s[S_OWN + b] != own or not s[S_NR + b]:
                    continue
                if connected(ca, s[S_BASE + b], d):
                    seen[b] = mark
                    queue[tail] = b
                    tail += 1
        return False

    def degree(self, sq):
        """Connections of the structural piece on ``sq`` (section 1.1)."""
        s = self.state
        own = s[S_OWN + sq]
        ca = s[S_BASE + sq]
        n = 0
        for d in range(4):
            b = NB[sq * 8 + d]
            if b != 255 and s[S_OWN + b] == own and s[S_NR + b] and connected(ca, s[S_BASE + b], d):
                n += 1
        return n

    def is_free(self, sq, side):
        """R3: ``sq`` holds a free piece of ``side`` (top of a road stack, or deg <= 1), with nothing on it (PTW-A9,
        PTW-A10, PTW-A25)."""
        s = self.state
        if s[S_OWN + sq] != side + 1 or s[S_NG + sq] or not s[S_NR + sq]:
            return False
        return s[S_NR + sq] > 1 or self.degree(sq) <= 1

    # -- moves -------------------------------------------------------------------------------------------------
    def legal_moves(self, buf):
        s = self.state
        phase = s[S_PHASE]
        if phase == PH_PLAY:
            buf[0] = END
            count = 1
            if s[S_GMOVES] < 2:
                count = guards.generate(self, buf, count)
            if s[S_RMOVES] < 2:
                count = roads.generate(self, buf, count)
            return count
        if phase == PH_OVER:
            return 0
        me = s[S_TO_MOVE]
        if phase == PH_HAND:
            buf[0] = HAND << KIND_SHIFT
            buf[1] = (HAND << KIND_SHIFT) | 1
            return 2
        if phase == PH_FIRST:
            buf[0] = FIRST << KIND_SHIFT
            buf[1] = (FIRST << KIND_SHIFT) | 1
            return 2
        if phase == PH_ROAD:
            return roads.generate_setup(self, buf)
        # PH_PLACE: own setup zone, at most two pieces per square (PTW-A11, PTW-A33)
        count = 0
        low = 0 if me == 0 else 40
        for sq in range(low, low + 24):
            o = s[S_OWN + sq]
            if (o == 0 or o == me + 1) and s[S_NG + sq] + s[S_NR + sq] < 2:
                buf[count] = (PLACE << KIND_SHIFT) | sq
                count += 1
        return count

    def apply_legal(self, move):
        s = self.state
        kind = move >> KIND_SHIFT
        me = s[S_TO_MOVE]
        if kind == GUARD:
            guards.apply(self, move)
        elif kind == PLAY:
            roads.play(self, me, (move >> 8) & 31, (move >> 2) & 63, move & 3)
            if s[S_PHASE] == PH_ROAD:
                s[S_PHASE] = PH_PLACE
                s[S_TO_MOVE] = s[S_FIRST]
            else:
                self._road_done(me)
        elif kind == RELOCATE:
            roads.relocate(self, me, (move >> 8) & 63, (move >> 2) & 63, move & 3)
            self._road_done(me)
        elif kind == DISCARD:
            roads.discard(self, me, move & 31)
            s[S_RMOVES] += 1
        elif kind == END:
            phases.end_turn(self)
        elif kind == PLACE:
            phases.place(self, me, move & 63)
        elif kind == HAND:
            if move & 1:
                phases.redraw(self, me)
            phases.hand_check(self, me + 1)
        else:  # FIRST
            first = move & 1
            s[S_FIRST] = first
            s[S_TO_MOVE] = 1 - first
            s[S_PHASE] = PH_ROAD

    def _road_done(self, me):
        s = self.state
        s[S_RMOVES] += 1
        if self.wins(me):
            self.finish(me + 1)

    def finish(self, code):
        """End the game: ``code`` is 1 + winner or RESULT_DRAW."""
        s = self.state
        s[S_RESULT] = code
        s[S_PHASE] = PH_OVER

    def history(self, i):
        s = self.state
        p = S_HIST + 4 * i
        return s[p] | (s[p + 1] << 8) | (s[p + 2] << 16) | (s[p + 3] << 24)

    def forget(self):
        """A hand piece reached the board: no earlier position can recur, so the history restarts."""
        s = self.state
        for p in range(S_HIST, S_HIST + 4 * s[S_HISTN]):
            s[p] = 0
        s[S_HISTN] = 0

    # -- hidden information, explanations and invariants --------------------------------------------------------
    def _hide(self, player):
        phases.hide(self, player)

    def _reason(self, move):
        from core.pave_the_way.checks import reason

        return reason(self, move)

    def validate(self):
        from core.pave_the_way.invariants import validate

        validate(self)

# Guard moves, road moves, setup and end of turn live in their own modules (they import the names above, so they come last).
from core.pave_the_way import guards, phases, roads  # noqa: E402
