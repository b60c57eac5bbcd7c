# SPDX-License-Identifier: MIT
"""Clear a Path computer player (decisions.md 3.4).

Both levels read only the view of the player they move for, reseed that view's generator from their own, and
share one workspace of scratch games, allocated once.

* ``easy`` is the greedy policy: it drafts and marks whatever most reduces its own path distance.
* ``normal`` looks one action ahead on copies of the game. With opponents it scores a position by each player's
  distance, how much the dice it holds cut that distance together, its useful dice left in the draft's pool and,
  one cell from a path, how many cells would finish it: its own, less the nearest opponent's (denial), ties broken
  by the empty cells on its own shortest paths; it then re-scores its best few candidates after the next player's
  reply (the reply this score picks for that player), and the others in turn while each of those hands that player
  a win. In the solo game it tries all 20 ways to draft 3 of the 6 dice, resolves each round to the end (barriers,
  cascades, marks) on a copy, and weighs its mark distance against the barrier threat, ties broken by the empty
  cells on the shortest paths of each (more for its marks, fewer for the barriers); the best 3 drafts it values by
  the best action (not a re-roll) the round then offers. A re-roll is valued as the mean over the die's six faces.
* ``hard`` is ``normal`` on a larger budget (the 300 M instructions of a ``hard`` turn): its reply look reaches
  further down its best few, and solo its draft look and its actions are seldom cut short.

Distances are 0-1 searches over the 36 cells: a mark costs 0, an empty cell 1; for barriers in solo a barrier
costs 0, an empty cell 1 and a mark 2 (a barrier must first erase it). A search from each side of a grid tells
which empty cells lie on a shortest path: one more mark (or barrier) on any of them cuts the distance by one, and on
no other.
"""

from array import array

from core.compat import const
from core.game import move_buffer
from core.player import Player
from core.clear_a_path.board import (
    S_GRID, S_PICKS, S_VALUE, S_ZONE, S_BLOCKED, S_PHASE, PHASE_DRAFT, PHASE_ACTION, DRAFT, DONE, MARK, EMPTY, MARKED,
    BARRIER, POOL, ACTION, RED, GREY, move_kind, move_die, move_action, move_target, make_move,
)
from core.game import ONGOING

_FAR = const(99)
_FAR_CELLS = bytes([_FAR] * 36)
_NO_CELLS = bytes(36)
_WIN = const(100000)
_SLICE = const(6)  # candidates scored between two frames on the device
# The work budget of a decision, counted in path-distance searches, the bulk of its cost: once it has spent
# _TURN_WORK of them (solo), it stops scoring candidates and takes the best found so far (at least _MIN_CANDIDATES
# scored). A solo position costs up to 8 searches: both sides of each axis, for the marks and for the barriers.
# Counted, not timed, so a decision is the same on every machine, and per decision, so a resumed game (which carries
# only the generator) decides as the uninterrupted one: on the device VM a search costs 0.3-0.8 M instructions with
# its share of the rest, so a turn stays within its 150 M (tests/test_device_budgets.py, docs/device.md "Budgets").
_TURN_WORK = const(200)
_MIN_CANDIDATES = const(2)
# With opponents a decision then re-scores its best _TOP candidates after the next player's reply, within a budget of
# its own: a search costs more there (both players' grids, the look's copies of the game).
_PLAYERS_WORK = const(200)
_HARD_PLAYERS_WORK = const(320)
_TOP = const(3)  # also the best solo drafts that are looked at further
# hard, solo: its budget, about what normal's decisions would spend uncut (a draft at most 373 searches, an action
# 438, in 40 games)
_HARD_WORK = const(480)
# normal, solo: the budget of a draft decision, which values its best few drafts by the best action the round then
# offers (trying the 20 drafts themselves takes up to 160 searches): at most 128.7 M instructions on the device VM
_DRAFT_WORK = const(270)
# Solo, among positions of the same need and threat: the empty cells on its shortest paths (one more mark there
# cuts the need) less those on the barriers' (one more barrier there cuts the threat), capped: a position with
# fewer cells a barrier would complete and more a mark would is more likely to be won next round. Scaled below one
# step of the score, so it only orders positions the score ties (most of a round's 20 drafts tie with others).
_SPREAD_SCALE = const(64)
_SPREAD_CAP = const(31)
# With opponents too, among positions of the same score: the empty cells on its own shortest paths, its dice held
# marked (more cells, more dice that can cut its need), scaled the same way. Against normal without it, two players:
# 426 won of 800 (53.3 %); the same less the nearest opponent's cells: 207 of 400 (docs/clear-a-path.md).
# The score of a position with opponents, per cell (_combine)
_NEED = const(18)  # a cell still to mark
_GAIN = const(12)  # a cell the dice held will mark
_POOL = const(6)  # a useful die in the draft's pool
_DENY = const(12)  # a cell the nearest opponent still needs, less its held gain
# One cell from a path (its held dice marked), each empty cell that would finish it, up to _FINISHES_CAP, its own less
# the nearest opponent's (holding the last die counts as the cap): a single finishing cell is kept from a player by
# one die, drafted, blocked or re-rolled, several are not.
_FINISH = const(4)
_FINISHES_CAP = const(6)


class _Workspace:
    """Scratch games, move buffers and tables. One serves every computer player of the process, since only one
    decides at a time and a decision rebuilds all of it from the game: a 6-player game then costs one set, not five
    (about 2.7 KB each on the device)."""

    def __init__(self):
        self.view = None
        self.scratch = None
        self.deeper = None
        self.moves = None
        self.replies = None
        self.top = array("i", [0] * (2 * _TOP))  # (score, move or solo draft) of the best few
        self.dist = bytearray(36)
        self.back = bytearray(36)  # distances from the far side, for _field
        self.cost = bytearray(36)  # per cell, for _sweep
        self.useful = bytearray(36)  # per cell, for _field
        self.needs = bytearray(6)  # per player, for _combine
        self.gains = bytearray(6)
        self.pools = bytearray(6)
        self.finishes = bytearray(6)
        self.on_paths = bytearray(6)  # per player, the empty cells on its shortest paths (_field)


_workspace = None


class Ai(Player):
    """Clear a Path's computer player. It carries only its generator (``Player``): the scratch games and tables are
    rebuilt from the game at each decision."""

    strict = True  # keep to the turn's work budget (a test may lift it, per player)

    def __init__(self, level="normal", seed=0):
        super().__init__(level, seed)
        self.greedy = level == "easy"
        self.hard = level == "hard"
        self.work = 0  # this decision's budget, set by think
        self.top = None
        self.view = None
        self.scratch = None
        self.deeper = None
        self.moves = None
        self.replies = None
        self.dist = None
        self.back = None
        self.cost = None
        self.useful = None
        self.needs = None
        self.gains = None
        self.pools = None
        self.finishes = None
        self.on_paths = None
        self.spent = 0  # distance searches this decision
        self.ways = 0  # cells on a shortest path (_shortest_cells)

    def _prepare(self, game):
        global _workspace
        w = _workspace
        if w is None:
            w = _workspace = _Workspace()
        if w.view is None or w.view.config.values != game.config.values:
            w.view = game.clone()
            w.scratch = game.clone()
            w.deeper = game.clone()
            w.moves = move_buffer(game.MAX_MOVES)
            w.replies = move_buffer(game.MAX_MOVES)
        self.view = w.view
        self.scratch = w.scratch
        self.deeper = w.deeper
        self.moves = w.moves
        self.replies = w.replies
        self.top = w.top
        self.dist = w.dist
        self.back = w.back
        self.cost = w.cost
        self.useful = w.useful
        self.needs = w.needs
        self.gains = w.gains
        self.pools = w.pools
        self.finishes = w.finishes
        self.on_paths = w.on_paths

    def think(self, game):
        """The same decision as a generator that yields between slices of candidates and returns the move, so the
        device can draw frames (and drop a hint) while the computer thinks."""
        self._prepare(game)
        me = game.current_player()
        view = game.view(me, self.view)
        view.rng.seed(self.rng.next30())
        self.spent = 0
        if view.solo:
            self.work = _HARD_WORK if self.hard else _TURN_WORK
        else:
            self.work = _HARD_PLAYERS_WORK if self.hard else _PLAYERS_WORK
            if view.state[S_PHASE] == PHASE_DRAFT and view.state[S_PICKS] == 0:
                # A round's first pick may share a turn with its player's last action of the round before (one
                # that took the First Player token): a third of the budget keeps the two within the turn's.
                self.work //= 3
        look = not self.greedy and not view.solo  # the best few, after the next player's reply
        count = view.legal_moves(self.moves)
        best = self.moves[0]
        if count == 1:
            pass
        elif view.solo and view.state[S_PHASE] == PHASE_DRAFT and not self.greedy:
            if not self.hard:
                self.work = _DRAFT_WORK
            best = yield from self._solo_draft(view, count)
        else:
            best_score = -_WIN * 10
            self._top_clear()
            for i in range(count):
                if i % _SLICE == _SLICE - 1:
                    yield
                if i >= _MIN_CANDIDATES and self.strict and self.spent >= self.work:
                    break  # the turn's budget is spent: the best move found so far
                move = self.moves[i]
                score = self._score_move(view, move, me)
                if score > best_score:
                    best_score = score
                    best = move
                if look:
                    self._top_add(score, move)
            if look and best_score < _WIN:
                best = yield from self._reply_look(view, me, best, count)
        return best

    # -- the best few, looked at further ---------------------------------------------------------------------------
    def _top_clear(self):
        top = self.top
        for k in range(_TOP):
            top[2 * k] = -_WIN * 10
            top[2 * k + 1] = -1

    def _top_add(self, score, move):
        """Keep ``move`` among the best few by ``score`` (ties to the earlier one)."""
        top = self.top
        for k in range(_TOP):
            if score > top[2 * k]:
                for j in range(_TOP - 1, k, -1):
                    top[2 * j] = top[2 * j - 2]
                    top[2 * j + 1] = top[2 * j - 1]
                top[2 * k] = score
                top[2 * k + 1] = move
                return

    def _reply_look(self, view, me, best, count):
        """Re-score the best few candidates after the next player's reply, the one this score picks for that player
        (one action ahead); the best after that reply, or ``best`` when the budget allows no look. When each of them
        hands that player a win, the other candidates of ``moves[:count]`` are looked at in turn until one does not:
        a block can rank low one action ahead. A generator, as ``think`` (one for the whole look: a generator a
        candidate would cost the decision's allocation limit)."""
        ply = self.deeper  # the game after a candidate
        replies = self.replies
        top = self.top
        pick = best
        pick_score = -_WIN * 10
        for k in range(_TOP + count):
            if k < _TOP:
                move = top[2 * k + 1]
                if move < 0:
                    continue
            else:
                if pick_score > -_WIN:
                    break  # the best few hold a move that hands over no win
                move = self.moves[k - _TOP]
                if self._in_top(move):
                    continue
            if self.strict and self.spent >= self.work:
                break
            ply.copy_from(view)
            ply.apply_legal(move)
            other = ply.current_player()
            if ply.result() != ONGOING or other == me:  # nothing to reply: the score one action ahead stands
                score = top[2 * k] if k < _TOP else self._score_move(view, move, me)
            else:
                replies_count = ply.legal_moves(replies)
                reply = replies[0]
                reply_score = -_WIN * 10
                for i in range(replies_count):
                    if i % _SLICE == 0:
                        yield
                    if self.strict and self.spent >= self.work:
                        return pick  # cut short: this candidate's reply is not known
                    value = self._score_move(ply, replies[i], other)
                    if value > reply_score:
                        reply_score = value
                        reply = replies[i]
                score = self._score_move(ply, reply, me)
            if score > pick_score:
                pick_score = score
                pick = move
        return pick

    def _in_top(self, move):
        top = self.top
        for k in range(_TOP):
            if top[2 * k + 1] == move:
                return True
        return False

    # -- scoring -----------------------------------------------------------------------------------------------
    def _score_move(self, view, move, me):
        scratch = self.scratch
        scratch.copy_from(view)
        if self.greedy:
            return self._greedy_score(view, move, me)
        scratch.apply_legal(move)
        if move_kind(move) != ACTION or (move_action(move) != RED and move_action(move) != GREY):
            return self._after(scratch, move, me)
        # A re-roll is worth the mean over the six faces the die may show, not the one face this copy rolled: a
        # re-roll that loses at once on 2 faces in 6 must look like it (issue 22).
        if not view.solo:
            return self._evaluate(scratch, me, move_target(move))
        total = 0
        for face in range(1, 7):  # solo: the face decides where the die's barrier falls, so each is played out
            if face > 1:
                scratch.copy_from(view)
                scratch.apply_legal(move)
            scratch.state[S_VALUE + move_target(move)] = face
            total += self._after(scratch, move, me)
        return total // 6

    def _after(self, game, move, me):
        """The score of ``game`` just after ``move``; solo, of what the round comes to if it ends there."""
        if game.solo and game.state[S_PHASE] == PHASE_ACTION and move_kind(move) != DONE:
            game.apply_legal(make_move(DONE, 0, 0, 0))
        return self._evaluate(game, me)

    def _greedy_score(self, view, move, me):
        """The greedy policy: the drop in its own distance if the die's cell were marked."""
        kind = move_kind(move)
        if kind == DONE:
            return 0
        if kind != DRAFT and kind != MARK:
            return -1  # actions only when nothing else is left
        die = move_die(move)
        return self._mark_gain(view, me, die) * 2 + (1 if kind == MARK else 0)

    def _mark_gain(self, game, player, die):
        """How much marking ``die``'s cell would shorten ``player``'s path (0 if it cannot be marked)."""
        s = game.state
        col = s[S_VALUE + die] - 1
        cell = S_GRID + player * 36 + (die % 6) * 6 + col
        if s[cell] != EMPTY or (s[S_BLOCKED] >> col) & 1:
            return 0
        before = self.need(game, player, MARKED)
        s[cell] = MARKED
        after = self.need(game, player, MARKED)
        s[cell] = EMPTY
        return before - after

    def _evaluate(self, game, me, reroll=-1):
        """The position for ``me``; with ``reroll`` (a die just re-rolled, multiplayer), the mean over its six faces.
        Only that die's value changes with the face, and with it only its holder's field: the rest is computed
        once."""
        result = game.result()
        if result != ONGOING:
            return _WIN if result == me else -_WIN
        if game.solo:  # no die is held: the round was resolved (_after)
            self._costs(game, 0, MARKED)
            need = self._shortest_cells()
            chances = self.ways
            self._costs(game, 0, BARRIER)
            threat = self._shortest_cells()
            spread = chances - self.ways
            if spread < -_SPREAD_CAP:
                spread = -_SPREAD_CAP
            elif spread > _SPREAD_CAP:
                spread = _SPREAD_CAP
            return (-12 * need + 5 * min(threat, 8)) * _SPREAD_SCALE + spread
        needs = self.needs
        gains = self.gains
        holder = -1
        faces = 0  # bit f - 1: face f of ``reroll`` would cut its holder's need
        for player in range(game.players):
            needs[player] = self._field(game, player, reroll)
            if reroll >= 0 and game.state[S_ZONE + reroll] == player + 1:
                holder = player
                faces = self._useful_faces(game, reroll)
        if holder < 0:
            return self._combine(game.players, me)
        others = gains[holder]
        left = needs[holder] - others
        total = 0
        if holder != me and (left < 1 or left > 2):
            # a face changes only the opponent's held cut, not the cells that would finish its path
            for face in range(6):
                gains[holder] = others + ((faces >> face) & 1)
                total += self._combine(game.players, me)
            return total // 6
        # A face that marks a cell may change the cells on its holder's shortest paths (its own die) and those that
        # would finish a path (near one): its field is computed anew
        s = game.state
        value = s[S_VALUE + reroll]
        finishes = self.finishes[holder]
        on_paths = self.on_paths[holder]
        row = S_GRID + holder * 36 + (reroll % 6) * 6
        for face in range(1, 7):
            if s[row + face - 1] == EMPTY and not (s[S_BLOCKED] >> (face - 1)) & 1:
                s[S_VALUE + reroll] = face
                self._field(game, holder)
            else:  # the die marks nothing: the field without it
                gains[holder] = others
                self.finishes[holder] = finishes
                self.on_paths[holder] = on_paths
            total += self._combine(game.players, me)
        s[S_VALUE + reroll] = value
        return total // 6

    def _combine(self, players, me):
        """The score from each player's need, the cut its held dice promise together, its useful dice in the draft's
        pool and the cells that would finish its path (``needs``, ``gains``, ``pools``, ``finishes``): its own, and
        the nearest opponent's, to deny; ties broken by its own cells on its shortest paths (``on_paths``)."""
        needs = self.needs
        gains = self.gains
        pools = self.pools
        finishes = self.finishes
        worst = _FAR
        worst_pool = 0
        worst_finishes = 0
        for player in range(players):
            if player == me:
                continue
            left = needs[player] - gains[player]
            if left < worst:
                worst = left
                worst_finishes = finishes[player]
                if players == 2:  # with more, the next to draft is seldom the nearest: denying it made games longer
                    worst_pool = pools[player]
            elif left == worst and finishes[player] > worst_finishes:
                worst_finishes = finishes[player]
        score = (-_NEED * needs[me] + _GAIN * gains[me] + _POOL * (pools[me] - worst_pool) + _DENY * worst
                 + _FINISH * (finishes[me] - worst_finishes))
        return score * _SPREAD_SCALE + min(self.on_paths[me], _SPREAD_CAP)

    def _field(self, game, player, skip=-1):
        """``player``'s need. Into ``gains``: how much the dice it holds (but ``skip``) cut it together, their cells
        marked at once; into ``pools``, in the draft, its useful dice in the pool; into ``useful`` its useful cells
        with the held dice marked: those on a shortest path, where one more mark cuts the need by one; into
        ``finishes``, with those marks one cell from a path, how many useful cells there are (the cap once there)."""
        self._costs(game, player, MARKED)
        cost = self.cost
        dist = self.dist
        useful = self.useful
        s = game.state
        blocked = s[S_BLOCKED]
        need = -1  # the same as after, unless a held die marks a cell
        for die in range(game.dice):
            if s[S_ZONE + die] == player + 1 and die != skip:
                col = s[S_VALUE + die] - 1
                cell = (die % 6) * 6 + col
                if cost[cell] == 1 and not (blocked >> col) & 1:
                    if need < 0:
                        need = self._sweep(dist, True, True)
                        n = self._sweep(dist, False, True)
                        if n < need:
                            need = n
                    cost[cell] = 0
        after = self._shortest_cells()
        ways = self.ways
        pool = 0
        if s[S_PHASE] == PHASE_DRAFT:
            for die in range(game.dice):
                if s[S_ZONE + die] == POOL and useful[(die % 6) * 6 + s[S_VALUE + die] - 1]:
                    pool += 1
        if need < 0:
            need = after
        self.gains[player] = need - after
        self.pools[player] = pool
        self.on_paths[player] = ways
        if after == 0:
            ways = _FINISHES_CAP
        self.finishes[player] = (ways if ways < _FINISHES_CAP else _FINISHES_CAP) if after <= 1 else 0
        return need

    def _shortest_cells(self):
        """The fewest cells to a path over ``cost`` (the better axis); into ``useful`` the cells of cost 1 on a
        shortest path, where one more mark (or barrier) cuts it by one, and into ``ways`` how many there are. A cell
        is on one when the distances from the two sides meet there with its cost counted twice."""
        cost = self.cost
        dist = self.dist
        back = self.back
        useful = self.useful
        best = _FAR
        ways = 0
        useful[:] = _NO_CELLS
        for vertical in (True, False):
            n = self._sweep(dist, vertical, True)
            if n > best:
                continue
            self._sweep(back, vertical, False)
            if n < best:
                useful[:] = _NO_CELLS
                best = n
                ways = 0
            for cell in range(36):
                if cost[cell] == 1 and dist[cell] + back[cell] == n + 1 and not useful[cell]:
                    useful[cell] = 1
                    ways += 1
        self.ways = ways
        return best

    def _useful_faces(self, game, die):
        """The faces of ``die`` (bit f - 1 for face f) whose cell is useful (``_field`` of its holder, just run)
        and may be marked this round."""
        blocked = game.state[S_BLOCKED]
        row = (die % 6) * 6
        faces = 0
        for col in range(6):
            if self.useful[row + col] and not (blocked >> col) & 1:
                faces |= 1 << col
        return faces

    def _solo_draft(self, view, count):
        """Try every way to draft 3 of the 6 dice, resolve the round on a copy, and take the best set's first die (a
        generator: it yields between a few drafts)."""
        s = view.state
        pool = 0
        for die in range(6):
            if s[S_ZONE + die] == POOL:
                pool |= 1 << die
        best_score = -_WIN * 10
        best_die = -1
        self._top_clear()
        for combo in range(64):
            if combo & ~pool or _bits(combo) != 3 - (6 - _bits(pool)):
                continue
            if combo % 16 == 15:
                yield  # a frame every few drafts on the device
            deeper = self.deeper
            deeper.copy_from(view)
            first = -1
            for die in range(6):
                if combo & (1 << die):
                    if first < 0:
                        first = die
                    deeper.apply_legal(make_move(DRAFT, 0, die, 0))
            if deeper.state[S_PHASE] == PHASE_ACTION:
                deeper.apply_legal(make_move(DONE, 0, 0, 0))
            score = self._evaluate(deeper, 0)
            if score > best_score:
                best_score = score
                best_die = first
            self._top_add(score, combo)
        if best_score < _WIN:
            best_die = yield from self._draft_look(view, best_die)
        return make_move(DRAFT, 0, best_die, 0)

    def _draft_look(self, view, best_die):
        """Solo: value the best few drafts by the best action the round then offers (``normal``'s choice of it, one
        action ahead, the round resolved), not by ending the round at once; that draft's first die. The re-rolls are
        left out (six rounds each), so that the budget covers the best drafts in full."""
        ply = self.deeper  # the game after a draft
        replies = self.replies
        top = self.top
        pick = best_die
        pick_score = -_WIN * 10
        for k in range(_TOP):
            combo = top[2 * k + 1]
            if combo < 0 or (self.strict and self.spent >= self.work):
                break
            ply.copy_from(view)
            first = -1
            for die in range(6):
                if combo & (1 << die):
                    if first < 0:
                        first = die
                    ply.apply_legal(make_move(DRAFT, 0, die, 0))
            score = top[2 * k]  # ending the round at once
            if ply.state[S_PHASE] == PHASE_ACTION:
                count = ply.legal_moves(replies)
                for i in range(count):
                    if i % _SLICE == 0:
                        yield
                    if self.strict and self.spent >= self.work:
                        return pick  # cut short: this draft's value is not known
                    move = replies[i]
                    if move_kind(move) == DONE:
                        continue  # ending the round at once: its score above
                    if move_kind(move) == ACTION and (move_action(move) == RED or move_action(move) == GREY):
                        continue  # a re-roll's six rounds would take the budget of the drafts after it
                    value = self._score_move(ply, move, 0)
                    if value > score:
                        score = value
            if score > pick_score:
                pick_score = score
                pick = first
        return pick

    # -- distances -----------------------------------------------------------------------------------------------
    def need(self, game, player, kind):
        """Cells still to fill for a ``kind`` path (marks, or barriers in solo), the better of the two axes."""
        self._costs(game, player, kind)
        vertical = self._sweep(self.dist, True, True)
        horizontal = self._sweep(self.dist, False, True)
        return vertical if vertical < horizontal else horizontal

    def _costs(self, game, player, kind):
        """Each cell's cost for a ``kind`` path of ``player``, into ``cost``."""
        s = game.state
        base = S_GRID + player * 36
        blocked = s[S_BLOCKED] if kind == BARRIER else 0
        cost = self.cost
        for cell in range(36):
            content = s[base + cell]
            if kind == MARKED:
                c = 0 if content == MARKED else (1 if content == EMPTY else _FAR)
            elif content == BARRIER:
                c = 0
            elif (blocked >> (cell % 6)) & 1:
                c = _FAR
            else:
                c = 1 if content == EMPTY else 2
            cost[cell] = c

    def _sweep(self, dist, vertical, forward):
        """0-1 shortest paths over ``cost`` from one side (the top or left one when ``forward``) into ``dist``, by
        repeated relaxation, sweeping down and up in turn (36 cells: a few sweeps, nothing allocated); the fewest
        to the other side."""
        self.spent += 1
        cost = self.cost
        dist[:] = _FAR_CELLS
        for k in range(6):
            if vertical:
                cell = k if forward else 30 + k
            else:
                cell = k * 6 if forward else k * 6 + 5
            dist[cell] = cost[cell]
        changed = True
        down = True
        while changed:
            changed = False
            for k in range(36):
                cell = k if down else 35 - k
                c = cost[cell]
                if c >= _FAR:
                    continue
                best = dist[cell]
                if cell >= 6 and dist[cell - 6] < best:
                    best = dist[cell - 6]
                if cell < 30 and dist[cell + 6] < best:
                    best = dist[cell + 6]
                col = cell % 6
                if col > 0 and dist[cell - 1] < best:
                    best = dist[cell - 1]
                if col < 5 and dist[cell + 1] < best:
                    best = dist[cell + 1]
                if best + c < dist[cell]:
                    dist[cell] = best + c
                    changed = True
            down = not down
        best = _FAR
        for k in range(6):
            if vertical:
                cell = 30 + k if forward else k
            else:
                cell = k * 6 + 5 if forward else k * 6
            if dist[cell] < best:
                best = dist[cell]
        return best


def _bits(mask):
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count
