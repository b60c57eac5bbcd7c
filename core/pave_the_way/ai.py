# SPDX-License-Identifier: MIT
"""Pave the Way computer player (decisions.md 1.11).

Every level reads only the view of the side it moves for and reseeds that view's generator from its own.
Scratch games and buffers are allocated on the first decision and shared by every player (they never think at
once), so a menu of players costs little.

* ``easy``: greedy road extension: the road move that shortens its own road distance most, else end the turn.
* ``normal``: a beam search (``aibeam``) over the actions of one turn (guard and road moves in any order, then
  the end of the turn), scoring positions with ``aieval`` (both road distances, whose shove prices depend on
  where the stacks stand, each with half the gap to its road's second far-rank end; the race; hand fit; pieces
  spent against pieces still needed; exposure to and threat of 3-stack shoves). It lets the opponent start when
  it wins the first-player draw (the second side's free road piece is worth more than the first turn).
  Candidates come from the legal list ranked by cheap features (``aicand``). Urgency: with its road two pieces
  or less from done it first tries pairs of road moves on its shortest roads, then on roads up to two pieces
  longer, then each Guard Move that clears a square of those roads followed by a pair on the new shortest
  roads (``aiwin``), for a win this turn, and on a stalled turn also when its road is that near with its pieces
  already joined by their links counted once; an opponent two pieces or less from done weighs so heavily that
  blocking comes first, and with it four pieces or less from done its longer roads are blocking candidates too.
  When the turn would repeat an earlier position, or its road is three pieces or less from done, it also looks
  one turn further (the opponent passing) from the two best plans. Once its road has not got shorter for
  ``SIEGE_AFTER`` turns, or one turn with the opponent 6 pieces or less from done and at most 4 beyond its own road
  (or the turn starts in a repeated position), it lays siege (``aisiege``: guards gather
  into a stack strong enough and walk up to shove the pieces that block it; only a road a whole piece shorter
  ends it, since the units walking up shorten it a little) and penalises turn ends that repeat
  a position (``aiweights.REPEATED``); not while the opponent can finish in its next turn, when blocking comes
  first. A turn end that draws, or lets the opponent's pass draw, by repetition or by
  the idle rule, is worth a draw: less than any position in play but one the opponent can finish from in its next
  turn (``aibeam.end_value``, ``aiweights.DRAWN``). The search sees no bag draws (the hand only shrinks), so the
  plan stays legal and is replayed action by action; it searches again only if a planned action became illegal. A
  hand that fits nowhere on its road is discarded from (``aisimple``), and so is one piece for each road move the
  turn would leave unused, unless the opponent is close to done (a discard draws a new piece, so the rest of the
  turn is searched again).
* ``greedy`` (a bench opponent, not a menu level): the single action that most increases the difference of the
  two distances (plain shove prices), repeated until ending the turn scores best.

``think(game)`` is ``choose`` as a generator yielding every ``SLICE`` evaluations. The search is a state machine
advanced by ``_step``: each phase keeps its own state and buffers (the win search in an ``aiwin.WinSearch``, the
beam and its look further in an ``aibeam.Beam``), both reading the turn's analysis (``aieval.Analysis``, made once
per search), and the player keeps which phase runs, the turn's work and the plan; slicing allocates nothing
beyond the one generator.
"""

from array import array

from core.compat import const
from core.prng import Prng
# the largest first: it compiles on the emptiest heap
from core.pave_the_way.aieval import PREPARE, Evaluator, FAR
from core.pave_the_way.aiweights import DRAWN, RACE_CAP, UNIT, WIN
from core.pave_the_way import aibeam, aicand, aisimple, aiterms, aiwin
from core.pave_the_way.aibeam import BEAM
from core.pave_the_way.board import END, PH_PLAY, S_BAGN, S_GMOVES, S_HISTN, S_PHASE, S_RMOVES


BENCH_OPPONENTS = ("greedy",)
_SLOTS = const(32)  # candidate slots (roads + guards + a discard)
SIEGE_AFTER = const(2)  # own turns without a shorter road before a siege (aisiege); one, the opponent near done
CALM = const(4)  # the opponent at least this many pieces from done: time to discard a useless hand
DEEP_WITHIN = const(3)  # pieces from done: look one turn further
SLICE = const(4)  # evaluations between the yields of think()
# The work budget of a whole turn, in the search's units (``_step``), each about one evaluation of the beam: an
# evaluation, a ranking of a node's legal moves (aicand), an analysis of a position (Evaluator.analyse, PREPARE
# units), a first road move or a Guard Move of the win search and every eighth road move tried after a first one.
# The win search stops at _WIN_WORK units of the turn, the beam and its look further at _TURN_WORK, each with the
# best plan found so far; a search later in the turn (after a discard drew a piece) gets _MIN_MAIN units past
# _TURN_WORK at most. Counted, not timed, so a decision is the same on every machine: on the device VM a unit is
# about 1.8 M instructions (2.1 M at p95), so a turn stays within its 150 M (tests/test_device_budgets.py,
# docs/device.md "Budgets").
# A typical turn's beam spends the whole budget; a whole win search may take 51 units.
_TURN_WORK = const(48)
_WIN_WORK = const(16)
_MIN_MAIN = const(6)
# ``hard`` spends the 300 M instructions of its turn: the win search up to 72 units (a Guard Move and two road moves
# found after 51, where ``normal`` stops at 16), the beam and its look further up to 100 but at least 32 after the
# win search (normal's beam has at least 30), 8 more for a late search: at most 112 units and their set-ups. The
# carry holds the turn's work up to 127 units, so a resumed turn is cut where the uninterrupted one is.
_HARD_TURN_WORK = const(100)
_HARD_WIN_WORK = const(72)
_HARD_BEAM = const(32)
_HARD_MIN_MAIN = const(8)
# phases of the search
_WIN = const(0)
_MAIN = const(1)
_DEEP = const(2)
_DONE = const(3)


class Ai:
    LEVELS = ("easy", "normal", "hard")
    strict = True  # keep to the turn's work budget (a test may lift it, per player, to see the whole search)
    # scratch shared by every computer player, which never run at once: games cloned for one config, buffers
    config = None

    def __init__(self, level="normal", seed=0):
        if level not in self.LEVELS and level not in BENCH_OPPONENTS:
            raise ValueError("level must be one of: " + ", ".join(self.LEVELS))
        self.level = level
        self.rng = Prng(seed & 0x3FFFFFFF)
        self.ev = None  # everything else is set on the first decision (a menu may make many players)

    def _init_carried(self):
        """The player's own state, set on its first decision (or when a save restores it)."""
        self.ev = Evaluator(self.level == "greedy")
        self.plan = array("i", [0] * 6)
        self.plan_len = 0
        self.plan_pos = 0
        self.plan_turn = -1
        self.plan_step = 0
        self.view_bag = 0
        self.stall = 0  # own turns in a row whose start found the road no shorter
        self.last_root = FAR
        # the search's state (see _step)
        self.me = 0
        self.phase = _DONE
        self.budget = 0
        self.deep = False
        self.rep = False
        self.spent = 0  # work units of the search spent this turn (the turn plan_turn)
        self.cap = 0  # the units of the turn at which the current phase is cut short

    # -- what a player carries from one decision to the next, for a save (firmware/session.py) ---------------
    # The generator; whether the player has decided yet; the plan of the turn being replayed (its length,
    # position, turn and step, and its moves); the stall count and the last road distance behind it; and the
    # opponent's distance at the plan's search, which the replay reads. A decision depends on nothing else
    # that outlives it: the search's own state and the shared scratch are rebuilt by each search.
    CARRY_BYTES = 45

    def carry_into(self, buf, offset=0):
        """Write the state this player carries between decisions into ``buf[offset:offset + CARRY_BYTES]``."""
        self.rng.save_into(buf, offset)
        for k in range(8, self.CARRY_BYTES):
            buf[offset + k] = 0
        if self.ev is None:
            return
        buf[offset + 8] = 1
        buf[offset + 9] = self.plan_len
        buf[offset + 10] = self.plan_pos
        buf[offset + 11] = self.plan_step
        buf[offset + 12] = self.view_bag
        buf[offset + 13] = self.stall
        _put(buf, offset + 14, self.plan_turn + 1, 3)  # below 2**17 (the state counts turns in 2 bytes)
        buf[offset + 16] |= (self.spent if self.spent < 127 else 127) << 1  # the turn's work so far, above it
        _put(buf, offset + 17, self.last_root, 2)
        _put(buf, offset + 19, self.ev.root_opp, 2)
        for k in range(6):
            _put(buf, offset + 21 + 4 * k, self.plan[k], 4)

    def carry_from(self, buf, offset=0):
        """Restore what :meth:`carry_into` wrote; ValueError if it cannot be such a state."""
        flag = buf[offset + 8]
        bad = flag > 1 or buf[offset + 9] > 6 or buf[offset + 10] > 6 or buf[offset + 13] > 99
        for k in range(6):
            bad = bad or buf[offset + 24 + 4 * k] > 0x3F  # every value stays below 2**30
        if bad:
            raise ValueError("invalid computer player state")
        self.rng.load_from(buf, offset)
        if not flag:
            self.ev = None
            return
        self._init_carried()
        self.plan_len = buf[offset + 9]
        self.plan_pos = buf[offset + 10]
        self.plan_step = buf[offset + 11]
        self.view_bag = buf[offset + 12]
        self.stall = buf[offset + 13]
        self.spent = buf[offset + 16] >> 1
        buf16 = buf[offset + 16]
        self.plan_turn = _get(buf, offset + 14, 2) + ((buf16 & 1) << 16) - 1
        self.last_root = _get(buf, offset + 17, 2)
        self.ev.root_opp = _get(buf, offset + 19, 2)
        for k in range(6):
            self.plan[k] = _get(buf, offset + 21 + 4 * k, 4)

    def _prepare(self, game):
        if self.ev is None:
            self._init_carried()
        if Ai.config != game.config.values:
            first = Ai.config is None
            Ai.config = None  # while cloning
            if first:
                Ai.win = aiwin.WinSearch()  # the largest first
                Ai.cmove = array("i", [0] * _SLOTS)
                Ai.cscore = array("i", [0] * _SLOTS)
                Ai.beam = aibeam.Beam()
            Ai.view = game.clone()
            Ai.work = game.clone()
            Ai.nodes = [game.clone() for _ in range(2 * BEAM)]
            Ai.beam.nodes = Ai.nodes
            Ai.beam.work = Ai.work
            Ai.moves = game.check_buffer()  # the engine's: a decision never runs inside apply()
            Ai.config = list(game.config.values)

    def choose(self, game):
        """The move for the player to act in ``game`` (all of ``think`` at once, without its generator)."""
        move = self._begin(game)
        if move < 0:  # a search is under way
            self.budget = 1 << 29
            self._step()
            move = self._finish()
        return move

    def think(self, game):
        """The same decision as a generator that yields between slices of the search (``SLICE`` evaluations each)
        and returns the move, so the device can draw frames (and drop a hint) while the computer thinks. The
        search's state lives in its phase objects and the player, not in nested generators, so a slice allocates
        nothing; computer players share their scratch, so two ``think`` generators must not be interleaved."""
        move = self._begin(game)
        if move < 0:
            while True:
                self.budget = SLICE
                if self._step():
                    break
                yield
            move = self._finish()
        return move

    def _begin(self, game):
        """The move when no search is needed (setup, easy, greedy, the next action of the plan); else set up
        the search and return -1."""
        self._prepare(game)
        me = game.current_player()
        view = game.view(me, self.view)
        view.rng.seed(self.rng.next30())
        phase = view.state[S_PHASE]
        if phase != PH_PLAY:
            return aisimple.setup_move(self, view, me, phase)
        if self.level == "easy":
            return aisimple.easy(self, view, me)
        if self.level == "greedy":
            return aisimple.greedy(self, view, me)
        s = view.state
        step = s[S_GMOVES] + s[S_RMOVES]
        turn = view.turns()
        if turn != self.plan_turn:  # the turn's first search
            self.spent = 0
        if turn == self.plan_turn and step == self.plan_step and self.plan_pos < self.plan_len:
            move = self.plan[self.plan_pos]
            if move == END and self._spare_road_move(view, s[S_BAGN + me]):
                self.plan_len = 0  # a new piece in hand: the rest of the turn is searched again
                return aisimple.discard(self, view, me)
            if self._is_legal(view, move):
                self.plan_pos += 1
                self.plan_step += 1
                return move
        self.plan_turn = turn
        self.plan_step = step + 1
        self.view_bag = s[S_BAGN + me]
        s[S_BAGN + me] = 0  # the search sees no draws: its plan only uses pieces already in hand
        self._search_start(view, me)
        return -1

    def _finish(self):
        self.plan_pos = 1
        move = self.plan[0]
        if move == END and self._spare_road_move(self.view, self.view_bag):  # the search's view shows no bag
            self.plan_len = 0
            return aisimple.discard(self, self.view, self.me)
        return move

    def _spare_road_move(self, view, bag):
        """The turn would end with a road move unused while the bag has pieces and the opponent is far from done:
        cycling a hand piece through the bag costs nothing then."""
        return view.state[S_RMOVES] < 2 and bag and self.ev.root_opp > CALM * UNIT

    def _is_legal(self, view, move):
        count = view.legal_moves(self.moves)
        for i in range(count):
            if self.moves[i] == move:
                return True
        return False

    # -- the search, a state machine advanced by _step -------------------------------------------------------
    def _search_start(self, view, me):
        """Set up the search of the rest of the turn: first a win this turn, then the beam, then perhaps the look
        one turn further."""
        ev = self.ev
        ev.prepare(view, me)
        self.spent += PREPARE
        self.me = me
        self.plan_len = 0
        self.phase = _DONE
        s = view.state
        # an opponent 6 pieces or less from done and within the race term's reach (4 pieces beyond its own road, as
        # aicand and aieval's siege cap): a siege after one stalled turn
        # (against greedy, seeds 0-1199: 1,042 won, not 1,016; with no cap on the opponent's distance, random play
        # drew seeds 78 and 2082 of 2,400, the random side walling the far rank while the early siege gathered)
        after = 1 if ev.root_opp <= 6 * UNIT and ev.root_opp <= ev.root_me + RACE_CAP * 2 * UNIT else SIEGE_AFTER
        if s[S_GMOVES] + s[S_RMOVES] == 0:
            # under a siege its units walking up shorten the road a little: only a whole piece ends it (seed 1231
            # against random play: the siege ended as the 3-stack came up, and the stack walked away to block)
            if ev.root_me <= self.last_root - (UNIT if self.stall >= after else 1):
                self.stall = 0
            elif self.stall < 99:
                self.stall += 1
            self.last_root = ev.root_me
        ev.siege = None
        # no siege while the opponent can finish next turn: its ranking of the guards walking up left out the one
        # that could block (seed 12 against greedy)
        if (self.stall >= after or self._repeating(view)) and ev.root_opp > aiwin.WITHIN:
            if ev.sieges.build(view, me, ev.root.crit, ev.queue):
                ev.siege = ev.sieges
        roads_left = 2 - s[S_RMOVES]
        win_work = _HARD_WIN_WORK if self.level == "hard" else _WIN_WORK  # no attribute: every name costs heap
        if roads_left and (self.spent < win_work or not self.strict):
            linked = 0
            if ev.root_me > aiwin.WITHIN and self.stall >= after:
                # a stalled road whose pieces joined by their links may still be two road moves from done (one
                # distance, half a unit: not counted)
                linked = 2 if ev.distance(view, me, ev.tmp, False, 2) <= aiwin.WITHIN + aiwin.CHAINS else 0
            if ev.root_me <= aiwin.WITHIN or linked:
                self.win.start(ev, view, me, self.nodes, self.moves, self.stall if self.stall >= after else 0, linked)
                self.phase = _WIN
                self.cap = win_work if self.strict else 1 << 29
                return
        self._main_start(view)

    def _main_start(self, view):
        ev = self.ev
        me = self.me
        s = view.state
        # the turn's rooted road, not the last distance's: a win search that found nothing leaves another position's
        if 2 - s[S_RMOVES] and self.view_bag and aiterms.frontier_fit(ev, view, me, ev.root.rooted) == 0 \
                and ev.frontier and ev.root_me < FAR and ev.root_opp > CALM * UNIT:
            move = aisimple.discard(self, view, me)
            if move != END:
                self.plan[0] = move
                self.plan_len = 1
                self.phase = _DONE
                return
        repeated = self._repeating(view)
        self.rep = ev.siege is not None or repeated
        self.deep = repeated or ev.root_me <= DEEP_WITHIN * UNIT
        self.beam.start(ev, me, view, 0, self.deep, self.rep, self._near_draw(view))
        self.phase = _MAIN
        hard = self.level == "hard"
        cap = (_HARD_TURN_WORK if hard else _TURN_WORK) if self.strict else 1 << 29
        if hard and self.strict and self.spent <= _HARD_WIN_WORK and self.spent + _HARD_BEAM > cap:
            cap = self.spent + _HARD_BEAM  # after a long win search, still more of a beam than normal's 30 units
        minimum = _HARD_MIN_MAIN if hard else _MIN_MAIN
        if self.spent + minimum > cap:  # a search late in the turn: a few units, once
            cap = self.spent + minimum if self.spent < cap else cap + minimum
        self.cap = cap

    def _step(self):
        """Advance the search by about ``self.budget`` units of work (evaluations, mostly); True when the plan is
        ready. A phase that reaches its cap (``self.cap`` units spent this turn) is cut short with the best plan
        found so far: the units are counted, so the cut falls at the same point whatever the slices."""
        budget = self.budget
        while budget > 0:
            phase = self.phase
            if phase == _DONE:
                return True
            left = self.cap - self.spent
            if left <= 0:  # the phase has spent its units: settle it with what it has found
                if phase == _WIN:  # no win found so far: the beam
                    self._main_start(self.view)
                elif phase == _MAIN:
                    self._plan_from(self.beam.found_seq, 0, self.beam.found_len)
                    self.phase = _DONE
                else:  # the look further: the best of the plans looked beyond so far
                    self.beam.look_i = self.beam.tops_n
                    self._deep_next()
                continue
            self.budget = budget if budget < left else left
            before = self.budget
            if phase == _WIN:
                if self.win.step(self):
                    if self.win.found:
                        self._plan_win(self.win.seq, self.win.found)
                    else:
                        self._main_start(self.view)
            elif self.beam.step(self):
                if phase == _MAIN:
                    self._main_done()
                else:
                    self._deep_done()
            used = before - self.budget
            self.spent += used
            budget -= used
        self.budget = budget
        return self.phase == _DONE

    def _plan_from(self, seq, at, length):
        s = self.view.state
        if length == 0 and s[S_GMOVES] + s[S_RMOVES] == 0 and self.beam.first != END and self.rep \
                and self.beam.first_score > DRAWN and not self._hands_draw(self.beam.first):
            # passing again would let the position repeat towards a draw: keep it moving with the best action, unless
            # that action lets the opponent take a draw (seed 36 against greedy: a guard's walk back to where it was)
            # or is worth less than a draw (seed 7 against greedy: a guard stepped off the block of a road 2 pieces
            # from done, and the opponent finished).
            # Only a pass: ending a turn that has acted is not one (seed 12 against the reference: after a discard,
            # the best single action left was a guard stepping out of the opponent's last gap)
            seq = self.beam.found_seq
            seq[0] = self.beam.first
            at = 0
            length = 1
        for k in range(length):
            self.plan[k] = seq[at + k]
        self.plan[length] = END
        self.plan_len = length + 1

    def _plan_win(self, seq, length):
        """The plan is ``seq[:length]``, which wins: the game ends with it."""
        for k in range(length):
            self.plan[k] = seq[k]
        self.plan_len = length
        self.phase = _DONE

    def _main_done(self):
        beam = self.beam
        if beam.won:
            self._plan_win(beam.found_seq, beam.found_len)
            return
        if self.deep and beam.tops_n:
            # a stalled or nearly finished road: look one turn further, the opponent passing, from the best plans
            beam.look_start()
            self._deep_next()
            return
        self._plan_from(beam.found_seq, 0, beam.found_len)
        self.phase = _DONE

    def _deep_next(self):
        """Start the look further from the next kept end position, or settle the plan."""
        beam = self.beam
        if beam.look_next(self.ev, self.me):
            self.phase = _DEEP
            return
        pick = beam.look_pick
        if pick >= 0:
            self._plan_from(beam.tseq, pick * 4, beam.tlen[pick])
        else:
            self._plan_from(beam.found_seq, 0, beam.found_len)
        self.phase = _DONE

    def _deep_done(self):
        self.beam.look_scored(WIN if self.beam.won else self.beam.best)
        self._deep_next()

    def _hands_draw(self, action):
        """Whether ending the turn after ``action`` lets the opponent take a draw (the search is over: its games
        are free)."""
        g = self.beam.nodes[0]
        g.copy_from(self.view)
        g.apply_legal(action)
        return aibeam.hands_draw(g)

    def _near_draw(self, view):
        """A turn end or the opponent's pass may draw, which the search then prices (``aibeam.end_value``): some
        turn-start position occurred as often as its next occurrence draws, or the idle rule is near."""
        if aicand.idle_draw_near(view):
            return True
        last = view.repetition - 1
        if last <= 0:
            return False
        n = view.state[S_HISTN]
        for i in range(n):
            h = view.history(i)
            same = 1
            for j in range(i + 2, n, 2):  # the side to move alternates, and it is part of the position
                if view.history(j) == h:
                    same += 1
            if same >= last:
                return True
        return False

    def _repeating(self, view):
        """This turn's start position occurred before (a third time draws)."""
        n = view.state[S_HISTN]
        if n < 2:
            return False
        last = view.history(n - 1)
        for i in range(n - 1):
            if view.history(i) == last:
                return True
        return False


def _put(buf, at, value, size):
    """``value`` (0 .. 2**30 - 1) as ``size`` little-endian bytes."""
    for k in range(size):
        buf[at + k] = value & 0xFF
        value >>= 8


def _get(buf, at, size):
    value = 0
    for k in range(size - 1, -1, -1):
        value = (value << 8) | buf[at + k]
    return value
