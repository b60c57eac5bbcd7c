# SPDX-License-Identifier: MIT
"""The reference searcher: the bench's yardstick for each game's computer players (issue 22, part 1).

    python -m tools.reference GAME [--games N] [--playouts N] [--level L | --solo] [--seed S] [--json]

It runs offline on CPython only: it may allocate, and it never goes to the device. It is independent of the
players in ``core/<game>/ai.py`` (it imports none of their code) and uses the engines only through the game
protocol of docs/game-interface.md: ``view``, ``legal_moves``, ``apply_legal``, ``copy_from``, ``result``,
``current_player`` and the documented board queries.

**Search.** Flat Monte Carlo at the root: each decision gets about ``playouts`` playouts in all, spread by
sequential halving (every candidate left gets the same number of playouts, then the worse half is dropped, for
about log2(candidates) rounds). Candidates are compared on common random numbers: in each sample every candidate
is played from the same guess of the hidden values, the same dice and the same policy draws, so the luck of the
dice cancels out of the comparison. A playout copies the decider's view into a scratch game (``copy_from``),
reseeds its generator, fills in what the view hides (Pawns Crossing, below), plays the candidate, then a cheap
playout policy until the game ends or ``cutoff`` units of progress have passed (rounds in Clear a Path, turns in
Pawns Crossing and Pave the Way), where a static evaluation gives the win chance instead (a logistic of the
difference of path distances or of moves still needed). Where a decision has more than ``width`` candidates, they
are first ranked by that evaluation one move ahead and only the best ``width`` searched (Pawns Crossing always
keeps rolling and ending the turn). Clear a Path solo's draft is searched as whole drafts (every set of dice still
to pick, 20 at a round's start), and the rest of a chosen draft is replayed as a plan. Pave the Way's setup
(hand, first player, free road piece, guard placement) is decided by rule, not searched.

**Hidden information.** Pawns Crossing: the searcher decides from ``game.view(me)``, where the opponents'
undelivered values are unknown, and each playout fills them in afresh: a uniformly drawn assignment of each
colour's values not yet delivered, among those consistent with the view (a token lying undelivered on its own
colour's tile of rank r is not worth r, nor a null when r >= 2, since it would have been delivered). The true
values are never read. In every game the view's generator is reseeded, so no playout knows the real dice or bag.

The settings per game are in ``SETTINGS``; docs/reference.md has the figures and the commands that reproduce them.
"""

import argparse
import json
import math
import sys
from itertools import permutations

from core import games
from core.game import ONGOING, DRAW, move_buffer
from core.prng import Prng

# Per game: playouts per decision, playout cut-off (in the adapter's units of progress; None: play to the end),
# width (moves searched after the one-move-ahead ranking).
SETTINGS = {
    "clear-a-path": {"playouts": 150, "cutoff": 2, "width": 24},
    "pawns-crossing": {"playouts": 120, "cutoff": 10, "width": 12},
    "pave-the-way": {"playouts": 64, "cutoff": 1, "width": 8},
}
# Clear a Path solo searches its drafts (20 sets) with more playouts by default
SOLO_PLAYOUTS = 400
ROLL_ONLY = False  # True: Pawns Crossing always rolls at a turn start (an experiment; as weak in 4 games)
_SAFETY_MOVES = 5000  # a playout never runs longer than this many moves


def _logistic(x):
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


class Reference:
    """A flat Monte Carlo player for the game ``name``; ``choose(game)`` returns a legal move for the player to act.

    :param playouts: playouts per decision (default ``SETTINGS[name]["playouts"]``).
    :param cutoff: units of progress a playout runs before it is evaluated (None: to the end of the game).
    :param width: moves searched after ranking them one move ahead.
    :param seed: seeds the searcher's own generator: same seed, same games, same decisions.
    """

    def __init__(self, name, playouts=None, cutoff=-1, width=None, seed=0):
        settings = SETTINGS[name]
        self.name = name
        self.rules = games.load(name, "rules")
        self.adapter = ADAPTERS[name](self.rules)
        self.playouts = playouts
        self.cutoff = settings["cutoff"] if cutoff == -1 else cutoff
        self.width = settings["width"] if width is None else width
        self.rng = Prng(seed & 0x3FFFFFFF)
        self.view = None
        self.sim = None
        self.buf = move_buffer(self.rules.Game.MAX_MOVES)
        self.plan = None  # (expected view state, the moves still to play)

    def _budget(self, view):
        if self.playouts is not None:
            return self.playouts
        if self.name == "clear-a-path" and view.player_count() == 1:
            return SOLO_PLAYOUTS
        return SETTINGS[self.name]["playouts"]

    def choose(self, game):
        me = game.current_player()
        if self.view is None or self.view.config.values != game.config.values:
            self.view = game.clone()
            self.sim = game.clone()
        view = game.view(me, self.view)  # from here on only the view: the true game is not read again
        view.rng.seed(self.rng.next30())
        if self.plan is not None:
            expected, rest = self.plan
            self.plan = None
            if bytes(view.state) == expected:
                return self._follow(view, rest)
        count = view.legal_moves(self.buf)
        moves = [self.buf[i] for i in range(count)]
        if count == 1:
            return moves[0]
        fixed = self.adapter.without_search(view, me, moves, self.rng)
        if fixed is not None:
            return fixed
        candidates = self.adapter.candidates(view, me, moves)
        if candidates is None:
            candidates = [(m,) for m in moves]
        if len(candidates) == 1:
            return self._follow(view, candidates[0])
        if len(candidates) > self.width:
            candidates = self._shortlist(view, me, candidates)
        best = self._search(view, me, candidates, self._budget(view))
        return self._follow(view, best)

    def _follow(self, view, sequence):
        """Play ``sequence[0]`` now and keep the rest as a plan for the next decisions."""
        if len(sequence) > 1:
            self.sim.copy_from(view)
            self.sim.apply_legal(sequence[0])
            self.plan = (bytes(self.sim.state), sequence[1:])
        return sequence[0]

    def _shortlist(self, view, me, candidates):
        sim = self.sim
        scored = []
        kept = [seq for seq in candidates if self.adapter.always(seq[0])]
        for i, seq in enumerate(candidates):
            if self.adapter.always(seq[0]):
                continue
            sim.copy_from(view)
            self.adapter.determinize(sim, me, self.rng)
            for m in seq:
                sim.apply_legal(m)
            scored.append((-self._value(sim, me), i))
        scored.sort()
        return kept + [candidates[i] for _, i in scored[:max(1, self.width - len(kept))]]

    def _value(self, game, me):
        result = game.result()
        if result == ONGOING:
            return self.adapter.evaluate(game, me)
        if result == DRAW:
            return 0.5
        return 1.0 if result == me else 0.0

    def _search(self, view, me, candidates, budget):
        """Sequential halving over the candidates with common random numbers: in each round every candidate left
        gets the same playouts (the same guesses of hidden values, dice and policy draws), then the worse half is
        dropped. Comparing candidates on the same samples removes most of the luck of the dice from the choice."""
        n = len(candidates)
        visits = [0] * n
        totals = [0.0] * n
        alive = list(range(n))
        rounds = max(1, math.ceil(math.log2(n)))
        sim = self.sim
        hidden = Prng(0)
        luck = Prng(0)
        while True:
            per = max(1, budget // (len(alive) * rounds))
            for _ in range(per):
                hidden_seed = self.rng.next30()
                luck_seed = self.rng.next30()
                for i in alive:
                    sim.copy_from(view)
                    hidden.seed(hidden_seed)
                    self.adapter.determinize(sim, me, hidden)
                    sim.rng.seed(luck_seed)
                    luck.seed(luck_seed ^ 0x2AAAAAAA)
                    for m in candidates[i]:
                        sim.apply_legal(m)
                    totals[i] += self._playout(sim, me, luck)
                    visits[i] += 1
            alive.sort(key=lambda j: (-totals[j] / visits[j], j))
            if len(alive) <= 1 or rounds == 1:
                break
            alive = alive[:(len(alive) + 1) // 2]
        return candidates[alive[0]]

    def _playout(self, sim, me, rng):
        adapter = self.adapter
        buf = self.buf
        start = adapter.progress(sim)
        moves = 0
        while sim.result() == ONGOING and moves < _SAFETY_MOVES:
            if self.cutoff is not None and adapter.progress(sim) - start >= self.cutoff:
                break
            count = sim.legal_moves(buf)
            sim.apply_legal(adapter.policy(sim, buf, count, rng))
            moves += 1
        return self._value(sim, me)


# -- per game -------------------------------------------------------------------------------------------------------
class _Adapter:
    def __init__(self, rules):
        self.rules = rules

    def candidates(self, view, me, moves):
        """Sequences of moves to search, or None for each legal move alone."""
        return None

    def without_search(self, view, me, moves, rng):
        """A move decided by rule, without playouts, or None to search."""
        return None

    def determinize(self, game, me, rng):
        """Fill in what ``me``'s view hides, consistently with it (nothing to fill in by default)."""

    def always(self, move):
        """Whether ``move`` is always searched, however it ranks one move ahead."""
        return False

    def progress(self, game):
        return game.turns()

    def policy(self, game, buf, count, rng):
        return buf[rng.below(count)]

    def evaluate(self, game, me):
        return 0.5


def _neighbours(size):
    table = []
    for cell in range(size * size):
        row, col = divmod(cell, size)
        table.append(tuple(nr * size + nc for nr, nc in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
                           if 0 <= nr < size and 0 <= nc < size))
    return table


_NEIGHBOURS = {6: _neighbours(6), 8: _neighbours(8)}
_EDGES = {}
for _size in (6, 8):
    _EDGES[_size, True] = (tuple(range(_size)), tuple((_size - 1) * _size + k for k in range(_size)))
    _EDGES[_size, False] = (tuple(k * _size for k in range(_size)), tuple(k * _size + _size - 1 for k in range(_size)))


def _path_cost(cost, vertical):
    """Fewest cost units for a path joining two opposite sides of a 6x6 or 8x8 grid (bottom-top when
    ``vertical``, else left-right), given per-cell costs (None: impassable). Dijkstra with small integer costs."""
    size = 6 if len(cost) == 36 else 8
    neighbours = _NEIGHBOURS[size]
    starts, ends = _EDGES[size, vertical]
    far = 10 ** 6
    dist = [far] * (size * size)
    buckets = [[] for _ in range(4 * size * size)]
    for cell in starts:
        c = cost[cell]
        if c is not None and c < dist[cell]:
            dist[cell] = c
            buckets[c].append(cell)
    end_set = ends
    for d in range(len(buckets)):
        for cell in buckets[d]:
            if dist[cell] != d:
                continue
            if cell in end_set:
                return d
            for nxt in neighbours[cell]:
                c = cost[nxt]
                if c is not None and d + c < dist[nxt]:
                    dist[nxt] = d + c
                    buckets[d + c].append(nxt)
    return far


class ClearAPath(_Adapter):
    """Units of progress: rounds. Solo drafts are searched as whole sets of dice; the playout policy drafts dice
    whose cell is still empty on the drafter's grid and marks empty cells; solo it ends the actions at once."""

    def progress(self, game):
        return game.round_number()

    def candidates(self, view, me, moves):
        r = self.rules
        if view.player_count() != 1 or view.phase() != r.PHASE_DRAFT:
            return None
        pool = [r.move_die(m) for m in moves if r.move_kind(m) == r.DRAFT]
        held = sum(1 for die in range(6) if view.zone(die) == 1)
        need = 3 - held
        combos = []
        for first in range(len(pool)):
            self._combos(pool, first, need - 1, [pool[first]], combos)
        return [tuple(r.make_move(r.DRAFT, 0, die, 0) for die in combo) for combo in combos]

    def _combos(self, pool, last, need, chosen, out):
        if need == 0:
            out.append(list(chosen))
            return
        for k in range(last + 1, len(pool)):
            chosen.append(pool[k])
            self._combos(pool, k, need - 1, chosen, out)
            chosen.pop()

    def _cell_empty(self, game, player, die):
        col = game.value(die) - 1
        return game.cell(player, die % 6, col) == self.rules.EMPTY and not game.blocked(col)

    def policy(self, game, buf, count, rng):
        r = self.rules
        player = game.current_player()
        good = []
        done = None
        for i in range(count):
            m = buf[i]
            kind = r.move_kind(m)
            if kind == r.DONE:
                done = m
            elif (kind == r.DRAFT or kind == r.MARK) and self._cell_empty(game, player, r.move_die(m)):
                good.append(m)
        if done is not None:
            return done
        if good:
            return good[rng.below(len(good))]
        return buf[rng.below(count)]

    def _grid(self, game, player):
        return [game.cell(player, k // 6, k % 6) for k in range(36)]

    def _mark_need(self, grid):
        r = self.rules
        cost = [0 if c == r.MARKED else (1 if c == r.EMPTY else 3) for c in grid]
        return min(_path_cost(cost, True), _path_cost(cost, False))

    def _barrier_need(self, grid):
        r = self.rules
        cost = [0 if c == r.BARRIER else (1 if c == r.EMPTY else 2) for c in grid]
        return min(_path_cost(cost, True), _path_cost(cost, False))

    def evaluate(self, game, me):
        if game.player_count() == 1:
            grid = self._grid(game, 0)
            return _logistic(0.9 * (self._barrier_need(grid) - self._mark_need(grid)))
        mine = self._mark_need(self._grid(game, me))
        theirs = min(self._mark_need(self._grid(game, p)) for p in range(game.player_count()) if p != me)
        return _logistic(0.8 * (theirs - mine))


class PawnsCrossing(_Adapter):
    """Units of progress: turns. The playout policy always rolls (a pawn it must move goes to a random hole),
    delivers when it can, else moves the token that gains most on its target tile, and never slides."""

    def __init__(self, rules):
        super().__init__(rules)
        self.coords = []
        for pos in range(16):
            self.coords.append((2 * (pos // 4), 2 * (pos % 4)))
        halves = []
        for slot in range(24):
            if slot < 12:
                row, col = divmod(slot, 3)
                a, b = (row, col), (row, col + 1)
            else:
                row, col = divmod(slot - 12, 4)
                a, b = (row, col), (row + 1, col)
            mid = (a[0] + b[0], a[1] + b[1])
            halves.append(mid)
            halves.append(mid)
        self.coords.extend(halves)

    def determinize(self, game, me, rng):
        r = self.rules
        per = 3 if game.player_count() == 2 else 4
        full = [2, 3, 4, r.NULL][:per]
        for colour in range(4):
            owner = game.owner(colour)
            if owner == me:
                continue
            hidden = []
            left = list(full)
            for label in range(per):
                t = colour * 4 + label
                value = game.state[r.S_VALUE + t]
                if value == r.UNKNOWN:
                    hidden.append(t)
                elif value in left:
                    left.remove(value)
            if not hidden:
                continue
            options = [p for p in set(permutations(left, len(hidden))) if self._consistent(game, colour, hidden, p)]
            if not options:
                options = list(set(permutations(left, len(hidden))))
            options.sort()
            choice = options[rng.below(len(options))]
            for t, value in zip(hidden, choice):
                game.state[r.S_VALUE + t] = value  # the view's own copy: the searcher's guess

    def _consistent(self, game, colour, tokens, values):
        r = self.rules
        for t, value in zip(tokens, values):
            piece = game.token_at(t)
            if piece < 16 and piece >> 2 == colour:
                rank = (piece & 3) + 1
                if value == rank or (value == r.NULL and rank >= 2):
                    return False
        return True

    def candidates(self, view, me, moves):
        r = self.rules
        if ROLL_ONLY and view.phase() == r.START:
            return [(m,) for m in moves if r.move_kind(m) == r.ROLL]
        return None

    def always(self, move):
        return self.rules.move_kind(move) in (self.rules.ROLL, self.rules.END)  # their worth shows only later

    def _locate(self, game):
        """Piece -> (row, column) in half-tile units, for every piece on the board (one pass over the spaces)."""
        spaces = 16 + 48 if game.pusher_place() == self.rules.NONE else 16 + 50
        coords = self.coords
        where = {}
        for space in range(spaces):
            where[game.piece_at(space)] = coords[space] if space < len(coords) else None
        return where

    def _distance(self, game, where, t, piece):
        """Moves token ``t`` still needs from ``piece`` (estimated): -1 if ending on ``piece`` delivers it; 1 on a
        domino half touching a goal tile; otherwise 2 (a tile: 2.2) plus 0.1 a half-tile step to the nearest goal.
        A die moves a token along any run of lower halves, so steps count for little; moves count."""
        r = self.rules
        colour = t >> 2
        value = game.value(t)
        if piece < 16 and piece >> 2 == colour:
            rank = (piece & 3) + 1
            if value == rank or (value == r.NULL and rank >= 2):
                return -1.0
        here = where.get(piece)
        ranks = (2, 3, 4) if value == r.NULL or value == r.UNKNOWN else (value,)
        best = 99.0
        for rank in ranks:
            goal = where.get(colour * 4 + rank - 1)
            if here is None or goal is None:
                d = 3.0
            else:
                steps = abs(here[0] - goal[0]) + abs(here[1] - goal[1])
                if piece >= 16 and steps == 1:
                    d = 1.0
                else:
                    d = (2.2 if piece < 16 else 2.0) + 0.1 * steps
            if d < best:
                best = d
        return best

    def _score(self, game, where, player):
        r = self.rules
        score = 0.0
        for colour in range(4):
            if game.owner(colour) != player:
                continue
            for label in range(4):
                t = colour * 4 + label
                piece = game.token_at(t)
                if piece == r.UNUSED:
                    continue
                if piece == r.DELIVERED:
                    score += 3
                else:
                    score -= self._distance(game, where, t, piece)
        return score

    def evaluate(self, game, me):
        where = self._locate(game)
        mine = self._score(game, where, me)
        theirs = max(self._score(game, where, p) for p in range(game.player_count()) if p != me)
        return _logistic(0.3 * (mine - theirs))

    def policy(self, game, buf, count, rng):
        r = self.rules
        best = None
        best_gain = 0
        end = None
        pawns = []
        where = None
        before = {}
        for i in range(count):
            m = buf[i]
            kind = r.move_kind(m)
            if kind == r.ROLL:
                if count > 1 and rng.below(4) == 0:  # now and then a random slide or pawn move instead
                    return buf[1 + rng.below(count - 1)]
                return m
            if kind == r.END:
                end = m
            elif kind == r.PAWN or kind == r.TAKE:
                pawns.append(m)
            elif kind == r.TOKEN:
                if where is None:
                    where = self._locate(game)
                t = r.move_token(m)
                if t not in before:
                    before[t] = self._distance(game, where, t, game.token_at(t))
                gain = before[t] - self._distance(game, where, t, r.move_destination(m))
                if gain > best_gain:
                    best_gain = gain
                    best = m
        if best is not None:
            return best
        if pawns:
            return pawns[rng.below(len(pawns))]
        if end is not None:
            return end
        return buf[rng.below(count)]


class PaveTheWay(_Adapter):
    """Units of progress: turns. The playout policy plays a road piece when it can (one of the moves that joins
    its road, when there are such), else a random guard move, and ends the turn when nothing else is left or
    now and then. Evaluation: each side's fewest squares still to fill for a road across the board."""

    def policy(self, game, buf, count, rng):
        r = self.rules
        plays = []
        others = []
        end = None
        for i in range(count):
            m = buf[i]
            kind = r.move_kind(m)
            if kind == r.PLAY or kind == r.RELOCATE:
                plays.append(m)
            elif kind == r.END:
                end = m
            else:
                others.append(m)
        if plays and rng.below(10) < 8:
            return plays[rng.below(len(plays))]
        if end is not None and (not others or rng.below(3) == 0):
            return end
        if others:
            return others[rng.below(len(others))]
        return buf[rng.below(count)]

    def _need(self, game, side):
        """Half-squares still to build for ``side``'s road from its home rank to the far one: Dijkstra over the
        squares, where entering an empty square costs 2, one's own guard-only square 3 (the guard must leave
        first), an opponent's guards 5 (they must be shoved), one's own road piece 0 from an empty square or a
        piece it connects to and 2 from one it does not (pips that do not match), and an opponent's road never."""
        r = self.rules
        code = [None] * 64
        kind = [0] * 64  # 0 empty, 1 own road, 2 own guards only, 3 opponent guards only, 4 opponent road
        for sq in range(64):
            owner = game.side_on(sq)
            if owner < 0:
                continue
            roads = game.road_count(sq)
            if owner == side:
                kind[sq] = 1 if roads else 2
                if roads:
                    code[sq] = game.road_piece(sq, 0)
            else:
                kind[sq] = 4 if roads else 3
        enter = (2, 0, 3, 5, None)
        home = 0 if side == 0 else 7
        far = 7 - home
        dist = [10 ** 6] * 64
        buckets = [[] for _ in range(6 * 64)]
        for x in range(8):
            sq = home * 8 + x
            c = enter[kind[sq]]
            if c is not None:
                dist[sq] = c
                buckets[c].append(sq)
        for d in range(len(buckets)):
            for sq in buckets[d]:
                if dist[sq] != d:
                    continue
                if sq >> 3 == far:
                    return d
                for direction in range(4):
                    nx = (sq & 7) + r.DX[direction]
                    ny = (sq >> 3) + r.DY[direction]
                    if not (0 <= nx < 8 and 0 <= ny < 8):
                        continue
                    nb = ny * 8 + nx
                    c = enter[kind[nb]]
                    if c is None:
                        continue
                    if kind[nb] == 1 and kind[sq] == 1 and not r.connected(code[sq], code[nb], direction):
                        c = 2
                    if d + c < dist[nb]:
                        dist[nb] = d + c
                        buckets[d + c].append(nb)
        return 10 ** 3

    def evaluate(self, game, me):
        if game.phase() != self.rules.PH_PLAY:
            return 0.5
        # the opponent's need is capped: a blockade alone wins nothing (it ends in a draw by repetition)
        mine = self._need(game, me)
        theirs = min(self._need(game, 1 - me), 16)
        return _logistic(0.25 * theirs - 0.35 * mine)

    def without_search(self, view, me, moves, rng):
        """Setup is decided by rule (the opponent's secret guards are not in the view to play out from): keep the
        hand, go first, and put the free road piece and the guards on random squares of the four middle files."""
        r = self.rules
        if view.phase() == r.PH_PLAY:
            return None
        kinds = [r.move_kind(m) for m in moves]
        if r.FIRST in kinds:
            for m in moves:
                if r.move_choice(m) == me:
                    return m
        if r.HAND in kinds:
            for m in moves:
                if r.move_choice(m) == 0:
                    return m
        middle = [m for m in moves if r.move_kind(m) in (r.PLACE, r.PLAY) and 2 <= (r.move_to(m) & 7) <= 5]
        pool = middle or moves
        return pool[rng.below(len(pool))]


ADAPTERS = {"clear-a-path": ClearAPath, "pawns-crossing": PawnsCrossing, "pave-the-way": PaveTheWay}


# -- matches --------------------------------------------------------------------------------------------------------
def wilson(wins, games_count, z=1.96):
    """The Wilson score interval (95 % by default) of ``wins`` out of ``games_count``, as (low, high)."""
    if games_count == 0:
        return (0.0, 1.0)
    p = wins / games_count
    denom = 1 + z * z / games_count
    centre = (p + z * z / (2 * games_count)) / denom
    half = z * math.sqrt(p * (1 - p) / games_count + z * z / (4 * games_count * games_count)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_solo(name, games_count, first_seed=0, make_player=None, config="players=1"):
    """Solo games of ``make_player(seed)`` (default: the reference); returns {"won", "games", "wins"}."""
    rules = games.load(name, "rules")
    make_player = make_player or (lambda seed: Reference(name, seed=seed))
    wins = 0
    for seed in range(first_seed, first_seed + games_count):
        game = rules.Game(config, seed)
        player = make_player(seed + 1)
        moves = 0
        while not game.is_over() and moves < 20000:
            game.apply(player.choose(game))
            moves += 1
        wins += game.result() == 0
    return {"won": wins / max(1, games_count), "games": games_count, "wins": wins}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.reference", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(SETTINGS))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--playouts", type=int, help="playouts per decision (default: SETTINGS)")
    parser.add_argument("--solo", action="store_true", help="the reference alone (Clear a Path)")
    parser.add_argument("--level", default="normal", help="the opponent: a level of core/<game>/ai.py or random")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    from tools import bench

    rules = games.load(options.game, "rules")
    ai = games.load(options.game, "ai")
    two = "players=2" if "players" in {f[0] for f in rules.Game.CONFIG_SCHEMA} else ""
    name = "solo_reference" if options.solo else "{}_vs_reference".format(options.level)
    wins = draws = 0
    for i in range(options.games):  # one game at a time (seats alternate with the seed), a progress line each
        seed = options.first_seed + i
        if options.solo:
            wins += play_solo(options.game, 1, seed,
                              lambda s: Reference(options.game, playouts=options.playouts, seed=s))["wins"]
        else:
            one = bench.play_match(rules, ai, two, options.level, bench.REFERENCE, 1, seed, playouts=options.playouts)
            wins += one["won"] == 1
            draws += one["draws"]
        low, high = wilson(wins, i + 1)
        print("{} game {} (seed {}): {} won, {} drawn, 95% [{:.3f}, {:.3f}]".format(
            name, i + 1, seed, wins, draws, low, high), file=sys.stderr, flush=True)
    low, high = wilson(wins, options.games)
    record = {"won": wins / max(1, options.games), "wins": wins, "draws": draws, "games": options.games,
              "first_seed": options.first_seed, "ci95": [round(low, 3), round(high, 3)]}
    if options.json:
        print(json.dumps({name: record}, sort_keys=True))
    else:
        print("{} {}".format(name, record))
    return 0


if __name__ == "__main__":
    sys.exit(main())
