# SPDX-License-Identifier: MIT
"""Pave the Way: the rules engine (decisions.md section 1; ids PTW-A1 .. PTW-A40, PTW-C1, PTW-C2).

The state layout, the move codes with their decoders, the domino and board tables and the connection rule are in
``board``, which every module of the engine imports; they are re-exported here as the engine's interface
(docs/game-interface.md, "Queries"). Guard Moves are in ``guards``, Road Moves in ``roads``, setup, the end of a
turn and the draw rules in ``phases``; refusal reasons (``checks``) and the state's invariants (``invariants``)
are loaded only when needed.
"""

from core.game import Game as BaseGame, ONGOING, DRAW, NOBODY, call_rare
from core.pave_the_way import guards, phases, roads
from core.pave_the_way.board import (  # noqa: F401 (the interface re-exports what the engine itself does not use)
    BAG, DISCARD, DOMINO_INDEX, DX, DY, END, FACE, FIRST, GUARD, HAND, HI, HIDDEN, HISTORY, INHAND, KIND_SHIFT, LO,
    NB, NONE, NUMS, ONBOARD, PH_FIRST, PH_HAND, PH_OVER, PH_PLACE, PH_PLAY, PH_ROAD, PLACE, PLAY, RELOCATE,
    RESULT_DRAW, S_BAGN, S_BASE, S_DINF, S_DLOC, S_FIRST, S_GMOVES, S_GUARD, S_HANDN, S_HIST, S_HISTN, S_IDLE,
    S_MERGED, S_MOVED, S_NG, S_NR, S_OWN, S_PHASE, S_REVEAL, S_RESULT, S_RMOVES, S_SPARE, S_TO_MOVE, S_TURNS,
    STATE_SIZE, UNPLACED, choice_move, connected, discard_move, domino, guard_move, guard_shove, guard_size,
    guard_step, guard_via, home_component, move_choice, move_domino, move_from, move_kind, move_orientation,
    move_to, orients, piece_domino, piece_orientation, place_move, play_move, relocate_move, shove_direction,
)


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

    def _configure(self):
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
        return home_component(self.state, side, self.seen, self._next_stamp(), self.queue, NONE)

    def home_road(self, side, marks):
        """Set ``marks[sq]`` to 1 on each square of ``side``'s road pieces joined to its home rank by matching links
        (the win check's search; ``marks`` 64 zero bytes): once the side has won, its winning road."""
        home_component(self.state, side, marks, 1, self.queue, NONE)

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
            buf[0] = choice_move(HAND, 0)
            buf[1] = choice_move(HAND, 1)
            return 2
        if phase == PH_FIRST:
            buf[0] = choice_move(FIRST, 0)
            buf[1] = choice_move(FIRST, 1)
            return 2
        if phase == PH_ROAD:
            return roads.generate_setup(self, buf)
        # PH_PLACE: own setup zone, at most two pieces per square (PTW-A11, PTW-A33)
        count = 0
        low = 0 if me == 0 else 40
        for sq in range(low, low + 24):
            o = s[S_OWN + sq]
            if (o == 0 or o == me + 1) and s[S_NG + sq] + s[S_NR + sq] < 2:
                buf[count] = place_move(sq)
                count += 1
        return count

    def apply_legal(self, move):
        s = self.state
        kind = move_kind(move)
        me = s[S_TO_MOVE]
        if kind == GUARD:
            guards.apply(self, move)
        elif kind == PLAY:
            roads.play(self, me, move_domino(move), move_to(move), move_orientation(move))
            if s[S_PHASE] == PH_ROAD:
                s[S_PHASE] = PH_PLACE
                s[S_TO_MOVE] = s[S_FIRST]
            else:
                self._road_done(me)
        elif kind == RELOCATE:
            roads.relocate(self, me, move_from(move), move_to(move), move_orientation(move))
            self._road_done(me)
        elif kind == DISCARD:
            roads.discard(self, me, move_domino(move))
            s[S_RMOVES] += 1
        elif kind == END:
            phases.end_turn(self)
        elif kind == PLACE:
            phases.place(self, me, move_to(move))
        elif kind == HAND:
            if move_choice(move):
                phases.redraw(self, me)
            phases.hand_check(self, me + 1)
        else:  # FIRST
            first = move_choice(move)
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
        return call_rare("core.pave_the_way.checks", "reason", self, move)

    def validate(self):
        call_rare("core.pave_the_way.invariants", "validate", self)
