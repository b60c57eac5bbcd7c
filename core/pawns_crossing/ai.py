# SPDX-License-Identifier: MIT
"""Pawns Crossing computer player (decisions.md 2.9).

It decides from ``game.view(me)`` only: it knows its own token values and sees everybody else's as unknown, so
two games that differ only in hidden values get the same decision (decisions 2.10). Distances are the
turns-to-goal estimates of ``distance`` (units of 0.3 turn).

* ``easy`` is the greedy player: it always rolls and makes the token move that most shortens its own distance.
* ``normal`` compares rolling and sliding by their expected gain: ROLL by the best move for each face (a 1/6
  chance each), SLIDE by re-measuring its tokens on the slid board (slides ranked first by tile steps, the best
  few measured properly). It does not move pawns by choice. A position it has seen twice at the start of its
  turn is one to leave: it rolls there (issue 22).
* ``hard`` is ``normal`` counting what a slide does to the other players too: it ranks slides by its own gain
  plus the others' tokens' loss in tile steps, and measures them in that order by its own gain plus half the
  distance the others' tokens lose (each to the nearest tile any of its possible values delivers to, at most
  ``_OTHERS_CAP`` a token), until the distance tables have done ``HARD_WORK`` (a turn then stays within its
  300 M instructions on the device).

Forced and placed pawns go to the open hole nearest the opponents' tokens and, with two colours, away from
one's own other colour (your own black pawn blocks your red tokens, PC-A9).
"""

from array import array

from core.compat import const
from core.game import move_buffer
from core.player import Player
from core.pawns_crossing import paths
from core.pawns_crossing.board import NONE, PUSHER_HALF, SLOT_TILES, pusher_tile
from core.pawns_crossing.distance import Distances, new_table, INFINITE
from core.pawns_crossing.rules import (
    S_PHASE, S_ENDGAME, S_LAST_SLIDE, S_PUSHER, S_PUSHER_AT, S_OWNER, S_TILES, S_PAWN, S_VALUE, PLACE, CHOOSE,
    FORCED, MOVE, SECOND_PAWN, ROLL, PAWN, SLIDE, TOKEN, END, NULL, SPACES, UNKNOWN, move_kind, move_a, move_b,
    make_move,
)

_DELIVERED_BONUS = const(40)  # a token off the board can no longer be slid away or blocked
_SLIDE_MARGIN = const(1)  # prefer rolling on a near tie: a slide also moves the opponents' pieces
_STALE_TURNS = const(50)  # a game this many turns long adds 1 to the margin a slide must beat rolling by
_SHORTLIST = const(3)  # slides measured properly after the rough ranking
_HARD_SHORTLIST = const(8)  # the same for hard, which measures them until it has done HARD_WORK
HARD_WORK = const(3000)  # hard: the work measuring slides may take (distance.py; a unit about 51,000 instructions)
_OTHERS_CAP = const(40)  # hard: a token's distance counted in the others' loss (an unreachable one is INFINITE)
# what the cached tables depend on: the player (key[0]), then these state bytes: the pusher and its place, the
# owners, tiles, dominoes, pawns and token values
_KEY_SOURCE = bytes([0, S_PUSHER, S_PUSHER_AT] + list(range(S_OWNER, S_OWNER + 4)) + list(range(S_TILES, S_PAWN + 4))
                    + list(range(S_VALUE, S_VALUE + 16)))
_KEY_BYTES = const(67)
# Slides that the next players undo can cycle for ever: four computers each gained from sliding a line the next ones
# slid on or back, and the board came round to the same position every 1 to 3 of a player's turns (11 games in 300
# went to the turn cap so). So the player keeps the positions at the start of its last _MEMORY turns, as 16-bit
# hashes of what it sees (they go into saves, where a whole position would take 64 bytes), and leaves one it has
# seen before.
_MEMORY = const(8)
_SEEN = const(1)  # earlier sightings of a turn-start position that make it one to leave: it is then seen twice
_HASH_PRIME = const(65521)  # the largest prime below 2**16: hashes 1..65521, 0 for a slot not filled yet
# what a turn-start position is to the player: the endgame flag and the slide that may not be undone (they change
# the moves open), the pusher and its place, the tiles, dominoes, pawns and where every token lies. Not the token
# values (its own never change, the others' it cannot see) nor the dice (spent) nor the turn count (always new).
_POSITION = bytes([S_ENDGAME, S_LAST_SLIDE, S_PUSHER, S_PUSHER_AT] + list(range(S_TILES, S_VALUE)))


class _Workspace:
    """Scratch games, buffers and distance tables. One serves every computer player of the process, since only
    one decides at a time: a 4-player game then costs one set, not four (the device has about 150 KB)."""

    def __init__(self):
        self.view = None
        self.scratch = None
        self.moves = None
        self.distances = Distances()
        self.tables = [new_table() for _ in range(8)]
        self.probe = new_table()
        self.key = bytearray(_KEY_BYTES)  # which player, board, owners and values the tables are for
        self.key[0] = 255
        self.shortlist = array("i", [0] * _HARD_SHORTLIST)
        self.short_gain = array("i", [0] * _HARD_SHORTLIST)


_workspace = None


class Ai(Player):
    def __init__(self, level="normal", seed=0):
        super().__init__(level, seed)
        self.greedy = level == "easy"
        self.seen = bytearray(2 * _MEMORY)  # turn-start position hashes, newest first, 16 bits little-endian

    # What a player carries from one decision to the next, for a save (firmware/session.py): its generator, which
    # reseeds each decision's view (bytes 0-7), and the positions it has seen at the start of its turns (8-23:
    # _MEMORY hashes, newest first, each low byte first, 0 for none yet). The scratch games and tables are rebuilt
    # from the game.
    CARRY_BYTES = 24

    def carry_into(self, buf, offset=0):
        """Write the state this player carries between decisions into ``buf[offset:offset + CARRY_BYTES]``."""
        super().carry_into(buf, offset)
        for k in range(2 * _MEMORY):
            buf[offset + 8 + k] = self.seen[k]

    def carry_from(self, buf, offset=0):
        """Restore what :meth:`carry_into` wrote; ValueError if it cannot be such a state."""
        empty = False
        for k in range(_MEMORY):
            h = buf[offset + 8 + 2 * k] | (buf[offset + 9 + 2 * k] << 8)
            # the memory fills from the front, and no hash is above the prime
            if h > _HASH_PRIME or (h and empty):
                raise ValueError("invalid computer player state")
            empty = not h
        super().carry_from(buf, offset)
        for k in range(2 * _MEMORY):
            self.seen[k] = buf[offset + 8 + k]

    def _prepare(self, game):
        global _workspace
        w = _workspace
        if w is None:
            w = _workspace = _Workspace()
        if w.view is None or w.view.config.values != game.config.values:
            w.view = game.clone()
            w.scratch = game.clone()
            w.moves = move_buffer(game.MAX_MOVES)
            w.key[0] = 255
        self.view = w.view
        self.scratch = w.scratch
        self.moves = w.moves
        self.distances = w.distances
        self.tables = w.tables
        self.probe = w.probe
        self.key = w.key
        self.shortlist = w.shortlist
        self.short_gain = w.short_gain

    def think(self, game):
        """The same decision as a generator that yields between slices of work and returns the move, so the device
        can draw frames (and drop a hint) while the computer thinks."""
        self._prepare(game)
        self.distances.work = 0  # counted per decision, so it stays a small int
        me = game.current_player()
        view = game.view(me, self.view)
        view.rng.seed(self.rng.next30())
        count = view.legal_moves(self.moves)
        if count == 1:
            return self.moves[0]
        phase = view.state[S_PHASE]
        if phase == CHOOSE:
            return self._take(view, me, count)
        if phase in (PLACE, FORCED, SECOND_PAWN):
            return self._pawn(view, me, count)
        if phase == MOVE:
            return self._token_move(view, me, count)
        if self.greedy:
            return make_move(ROLL, 0, 0)
        position = _position_hash(view.state)
        if self._sightings(position) >= _SEEN:
            move = make_move(ROLL, 0, 0)  # a slide brought it back here before; the dice move on
        else:
            move = yield from self._turn(view, me, count)
        # remembered once decided: a decision begun again (after a save in the middle of it) counts its position once
        self._remember(position)
        return move

    # -- repetition ------------------------------------------------------------------------------------------
    def _sightings(self, position):
        """How many of the remembered turn starts were at ``position``."""
        seen = self.seen
        count = 0
        for k in range(_MEMORY):
            if seen[2 * k] | (seen[2 * k + 1] << 8) == position:
                count += 1
        return count

    def _remember(self, position):
        seen = self.seen
        for k in range(2 * _MEMORY - 1, 1, -1):
            seen[k] = seen[k - 2]
        seen[0] = position & 0xFF
        seen[1] = position >> 8

    # -- distances -------------------------------------------------------------------------------------------
    def _goals(self, game, token):
        """Bit mask of the tile positions that may deliver ``token``: those of any value when its value is hidden."""
        colour = token >> 2
        value = game.value(token)
        mask = 0
        for rank in range(2, 5):
            if value == rank or value == NULL or value == UNKNOWN:
                mask |= 1 << game.tile_pos[colour * 4 + rank - 1]
        return mask

    @staticmethod
    def _index(game, me, token):
        """Which of the eight tables serves ``token``: its colour's place among the player's, and its label."""
        first = 0
        while game.owner(first) != me:
            first += 1
        return (0 if token >> 2 == first else 4) + (token & 3)

    def _own_tables(self, game, me):
        """Tables for each undelivered token of ``me``, kept while the board and pawns stay the same (the
        token moves of one turn); returns the summed distance."""
        paths.sync(game)
        s = game.state
        key = self.key
        same = key[0] == me
        key[0] = me
        for i in range(1, _KEY_BYTES):
            at = _KEY_SOURCE[i]
            if key[i] != s[at]:
                same = False
                key[i] = s[at]
        total = 0
        for colour in range(4):
            if game.owner(colour) != me:
                continue
            if not same:
                self.distances.prepare(game, colour)
            for t in range(colour * 4, colour * 4 + 4):
                piece = game.token_at(t)
                if piece < SPACES:
                    table = self.tables[self._index(game, me, t)]
                    if not same:
                        self.distances.table(table, self._goals(game, t))
                    total += table[paths.space_of(game, piece)]
        return total

    def _distance(self, game, me, mine=True):
        """Summed distance of ``me``'s tokens (not ``mine``: of the other players' tokens, each at most
        ``_OTHERS_CAP``) on another board. Each search stops at the token, unless a later token of its colour has
        the same goals (the others' tokens, whose values it cannot see): one whole table then serves them all."""
        paths.sync(game)
        cap = INFINITE if mine else _OTHERS_CAP
        distances = self.distances
        probe = self.probe
        total = 0
        for colour in range(4):
            owner = game.owner(colour)
            if (owner == me) != mine or owner == NONE:
                continue
            distances.prepare(game, colour)
            filled = -1  # the goals ``probe`` holds a whole table for
            for t in range(colour * 4, colour * 4 + 4):
                piece = game.token_at(t)
                if piece >= SPACES:
                    continue
                goals = self._goals(game, t)
                space = paths.space_of(game, piece)
                if goals != filled and self._later_with_goals(game, t, goals):
                    distances.table(probe, goals)
                    filled = goals
                if goals == filled:
                    d = probe[space]
                else:
                    d = distances.table(probe, goals, space)
                    filled = -1  # the search stopped at the token overwrote the whole table
                total += d if d < cap else cap
        return total

    def _later_with_goals(self, game, token, goals):
        """Whether a token after ``token`` of its colour, still on the board, has these goals."""
        for t in range(token + 1, (token | 3) + 1):
            if game.token_at(t) < SPACES and self._goals(game, t) == goals:
                return True
        return False

    def _rough_distance(self, game, me, mine=True):
        """Tile steps from each of ``me``'s tokens (not ``mine``: each of the other players') to its nearest goal: a
        cheap first look at a slide."""
        paths.sync(game)
        total = 0
        for t in range(16):
            piece = game.token_at(t)
            if piece >= SPACES or (game.owner(t >> 2) == me) != mine:
                continue
            goals = self._goals(game, t)
            space = paths.space_of(game, piece)
            best = 99
            for pos in range(16):
                if goals & (1 << pos):
                    if space < 16:
                        best = min(best, _tile_steps(space, pos))
                    elif space >= 16 + PUSHER_HALF:
                        best = min(best, _tile_steps(pusher_tile(game.state[S_PUSHER_AT]), pos))
                    else:
                        slot = (space - 16) >> 1
                        best = min(best, _tile_steps(SLOT_TILES[2 * slot], pos),
                                   _tile_steps(SLOT_TILES[2 * slot + 1], pos))
            total += best
        return total

    # -- decisions -------------------------------------------------------------------------------------------
    def _token_move(self, view, me, count):
        """The token move with the largest gain; END when none shortens anything."""
        self._own_tables(view, me)
        best = make_move(END, 0, 0)
        best_gain = 0
        for i in range(count):
            move = self.moves[i]
            if move_kind(move) != TOKEN:
                continue
            t = move_a(move)
            table = self.tables[self._index(view, me, t)]
            before = table[paths.space_of(view, view.token_at(t))]
            space = paths.space_of(view, move_b(move))
            after = table[space]
            gain = before - after + (_DELIVERED_BONUS if after == 0 else 0)
            if gain > best_gain:
                best_gain = gain
                best = move
        return best

    def _roll_gain(self, view, me):
        """Expected gain of rolling: for each colour's die, the best move per face, each face 1/6."""
        total = 0
        for colour in range(4):
            if view.owner(colour) != me:
                continue
            for face in range(1, 6):
                best = 0
                for t in range(colour * 4, colour * 4 + 4):
                    piece = view.token_at(t)
                    if piece >= SPACES:
                        continue
                    table = self.tables[self._index(view, me, t)]
                    start = paths.space_of(view, piece)
                    before = table[start]
                    paths.reach(view, start, face, colour)
                    for space in range(66):
                        if view.reach[space]:
                            after = table[space]
                            gain = before - after + (_DELIVERED_BONUS if after == 0 else 0)
                            if gain > best:
                                best = gain
                total += best
        return total // 6

    def _turn(self, view, me, count):
        """ROLL or SLIDE, whichever is expected to gain most. Slides are first ranked by tile steps, and only
        the most promising are measured properly."""
        before = self._own_tables(view, me)
        yield
        # rolling is preferred more as a game drags on: with 3 or 4 players the slides can undo one another round
        # after round (each player gaining from its own). The memory of positions (think) breaks such a cycle the
        # first time it comes round; this margin stays for a cycle longer than the memory holds.
        roll_gain = self._roll_gain(view, me) + _SLIDE_MARGIN + view.turns() // _STALE_TURNS
        yield
        hard = self.level == "hard"
        rough = self._rough_distance(view, me)
        rough_others = self._rough_distance(view, me, False) if hard else 0
        scratch = self.scratch
        shortlist = self.shortlist
        size = _HARD_SHORTLIST if hard else _SHORTLIST
        for k in range(size):
            shortlist[k] = 0
            self.short_gain[k] = 0
        for i in range(count):
            move = self.moves[i]
            if move_kind(move) != SLIDE or move_b(move):
                continue
            scratch.copy_from(view)
            scratch.apply_legal(move)
            gain = rough - self._rough_distance(scratch, me)
            if hard:
                gain += self._rough_distance(scratch, me, False) - rough_others
            # keep the best few, ties to the earlier move
            for k in range(size):
                if gain > self.short_gain[k]:
                    for j in range(size - 1, k, -1):
                        shortlist[j] = shortlist[j - 1]
                        self.short_gain[j] = self.short_gain[j - 1]
                    shortlist[k] = move
                    self.short_gain[k] = gain
                    break
        best = make_move(ROLL, 0, 0)
        best_gain = roll_gain
        distances = self.distances
        budget_end = distances.work + HARD_WORK
        others = self._distance(view, me, False) if hard and shortlist[0] else 0
        last = 0  # the work of the last slide measured: what the next one will take, near enough
        for k in range(size):
            move = shortlist[k]
            if not move or hard and distances.work + last > budget_end:
                break
            yield
            start = distances.work
            scratch.copy_from(view)
            scratch.apply_legal(move)
            gain = before - self._distance(scratch, me)
            if hard:
                gain += (self._distance(scratch, me, False) - others) // 2
            last = distances.work - start
            if gain > best_gain:
                best_gain = gain
                best = move
        return best

    def _take(self, view, me, count):
        """Balancing variant: the pair whose tiles lie closest together."""
        sums = paths.tile_distance_sums(view)
        best = self.moves[0]
        best_sum = 99
        for i in range(count):
            mask = move_b(self.moves[i])
            total = 0
            for colour in range(4):
                if mask & (1 << colour):
                    total += sums[colour]
            if total < best_sum:
                best_sum = total
                best = self.moves[i]
        return best

    def _pawn(self, view, me, count):
        """The hole that most hinders the opponents' tokens and least our own other colour's."""
        paths.sync(view)
        best = self.moves[count - 1]
        best_score = -INFINITE
        for i in range(count):
            move = self.moves[i]
            if move_kind(move) != PAWN:
                continue
            colour = move_a(move)
            hole = move_b(move)
            score = 0
            for t in range(16):
                piece = view.token_at(t)
                if piece >= SPACES or t >> 2 == colour:
                    continue
                near = 4 - _hole_distance(hole, paths.space_of(view, piece))
                if near > 0:
                    score += near if view.owner(t >> 2) != me else -2 * near
            if score > best_score:
                best_score = score
                best = move
        if self.greedy or view.state[S_PHASE] != SECOND_PAWN or best_score > 0:
            return best
        return make_move(END, 0, 0)


def _position_hash(state):
    """The turn-start position as a hash 1..65521 (a polynomial in base 256 modulo a prime: every step stays far
    below 2**30)."""
    h = 0
    for i in range(len(_POSITION)):
        h = (h * 256 + state[_POSITION[i]]) % _HASH_PRIME
    return h + 1


def _coordinates(space):
    """A positional space on a grid of half-tile steps (tile centres odd, gap lines even), as row * 16 + col."""
    if space < 16:
        return (2 * (space // 4) + 1) * 16 + 2 * (space % 4) + 1
    slot = (space - 16) >> 1
    if slot >= 24:
        return 0  # the pusher: off to the side
    if slot < 12:
        return (2 * (slot // 3) + 1) * 16 + 2 * (slot % 3) + 2
    slot -= 12
    return (2 * (slot // 4) + 2) * 16 + 2 * (slot % 4) + 1


def _hole_distance(hole, space):
    at = _coordinates(space)
    return abs(2 * (hole // 3) + 2 - (at >> 4)) + abs(2 * (hole % 3) + 2 - (at & 15))


def _tile_steps(a, b):
    return abs(a // 4 - b // 4) + abs(a % 4 - b % 4)
