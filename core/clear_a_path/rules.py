# SPDX-License-Identifier: MIT
"""Clear a Path: the rules engine (decisions.md section 3; ids CAP-A1 .. CAP-A30, CAP-C1, CAP-C2).

Grids are 6x6: rows are the colours red, blue, yellow, black, white, grey (0-5), columns the values 1-6 (0-5).
Die ``i`` has colour ``i % 6``; dice 6-11 are the second set (4-6 players, CAP-A12). Rolling is automatic: every
round starts with all dice rolled from the game's generator, so moves are only drafts, marks, actions,
discards and (solo) ``done``.

The state layout, the named values and the move codes with their decoders are in ``board``, which every module of
the engine imports; they are re-exported here as the engine's interface (docs/game-interface.md, "Queries"). The
solo round is in ``solo``; refusal reasons and invariants (``checks``) are loaded only when needed.
"""

from core.game import Game as BaseGame, ONGOING, LOSS, DRAW, NOBODY, call_rare, sort_moves
from core.clear_a_path import solo
from core.clear_a_path.board import (  # noqa: F401 (the interface re-exports what the engine itself does not use)
    ABSENT, ACTION, BARRIER, BLACK, BLUE, DISCARD, DONE, DRAFT, EMPTY, GREY, MARK, MARKED, MAX_DICE, PHASE_ACTION,
    PHASE_DRAFT, PHASE_OVER, POOL, RED, RESULT_DRAW, RESULT_LOSS, S_BLOCKED, S_GRID, S_PHASE, S_PICKS, S_RESULT,
    S_ROUND, S_ROUND_FIRST, S_TO_MOVE, S_TOKEN, S_VALUE, S_ZONE, STATE_SIZE, UNDRAFTED, WHITE, YELLOW, make_move,
    move_action, move_die, move_kind, move_target,
)


class Game(BaseGame):
    NAME = "clear-a-path"
    GAME_ID = 3
    FORMAT_VERSION = 1
    # players=1 is the solo game (CAP-A15); 4-6 players use two sets (CAP-A12).
    CONFIG_SCHEMA = (
        ("players", 2, 1, 6),
        ("unevendraft", 0, 0, 1),  # CAP-A12 flag: 5 players draft all 12 dice, the first two drafters get 3
        ("cascadeoverwritesmark", 0, 0, 1),  # CAP-A21 flag: a cascade puts a barrier over a mark
        ("blockonlyplacement", 0, 0, 1),  # CAP-A23 flag: see docs/clear-a-path.md
        ("rerolllosingsetup", 0, 0, 1),  # CAP-A16 flag: re-roll a solo setup that is already a barrier path
        ("roundcap", 200, 1, 1000),  # CAP-A28 safety cap (solo: a loss; multiplayer: a draw, an engine addition)
    )
    STATE_BYTES = STATE_SIZE
    # the most moves at once: 3 held dice x (1 mark + 2 actions x 11 targets) in a 4-player game, or solo
    MAX_MOVES = 80

    def _configure(self):
        c = self.config
        self.players = c.get("players")
        self.solo = self.players == 1
        self.dice = 12 if self.players >= 4 else 6
        self.uneven = c.get("unevendraft")
        self.cascade_overwrites = c.get("cascadeoverwritesmark")
        self.block_only_placement = c.get("blockonlyplacement")
        self.reroll_losing_setup = c.get("rerolllosingsetup")
        self.round_cap = c.get("roundcap")
        if self.solo:
            self.picks_per_round = 3
        elif self.uneven:
            self.picks_per_round = self.dice  # CAP-A12 flag: straight rotation hands out every die
        else:
            self.picks_per_round = (self.dice // self.players) * self.players  # k = floor(D / N) each
        # scratch for the path search, allocated once
        self._seen = bytearray(36)
        self._queue = bytearray(36)

    # -- setup and rounds ------------------------------------------------------------------------------------
    def _setup(self):
        s = self.state
        for die in range(MAX_DICE):
            s[S_ZONE + die] = POOL if die < self.dice else ABSENT
            s[S_VALUE + die] = 1
        if self.solo:
            solo.setup(self)
        else:
            first = self._first_player_roll()
            s[S_TOKEN] = first
        if s[S_RESULT] == 0:
            self._start_round()

    def _roll(self):
        return 1 + self.rng.below(6)

    def _first_player_roll(self):
        """Each player rolls two dice; the highest sum starts; only tied players roll again (CAP-A13)."""
        contenders = (1 << self.players) - 1
        while True:
            best = 0
            best_mask = 0
            for p in range(self.players):
                if contenders & (1 << p):
                    total = self._roll() + self._roll()
                    if total > best:
                        best = total
                        best_mask = 1 << p
                    elif total == best:
                        best_mask |= 1 << p
            if best_mask & (best_mask - 1) == 0:
                for p in range(self.players):
                    if best_mask == 1 << p:
                        return p
            contenders = best_mask

    def _start_round(self):
        """Roll every die into the pool; the token holder drafts first (CAP-A9)."""
        s = self.state
        for die in range(self.dice):
            s[S_VALUE + die] = self._roll()
            s[S_ZONE + die] = POOL
        s[S_BLOCKED] = 0
        s[S_PICKS] = 0
        s[S_PHASE] = PHASE_DRAFT
        if self.solo:
            s[S_ROUND_FIRST] = 0
            s[S_TO_MOVE] = 0
        else:
            s[S_ROUND_FIRST] = s[S_TOKEN]
            s[S_TO_MOVE] = s[S_TOKEN]

    def _end_round(self):
        s = self.state
        done = s[S_ROUND] | (s[S_ROUND + 1] << 8)
        done += 1
        s[S_ROUND] = done & 0xFF
        s[S_ROUND + 1] = done >> 8
        if done >= self.round_cap:
            s[S_RESULT] = RESULT_LOSS if self.solo else RESULT_DRAW
            s[S_PHASE] = PHASE_OVER
            return
        self._start_round()

    def round_number(self):
        """Rounds completed so far."""
        return self.state[S_ROUND] | (self.state[S_ROUND + 1] << 8)

    # -- queries -----------------------------------------------------------------------------------------------
    def cell(self, player, row, col):
        return self.state[S_GRID + player * 36 + row * 6 + col]

    def value(self, die):
        return self.state[S_VALUE + die]

    def zone(self, die):
        return self.state[S_ZONE + die]

    def holder(self, die):
        """The player holding ``die``, or -1."""
        z = self.state[S_ZONE + die]
        return z - 1 if 1 <= z <= 6 else -1

    def blocked(self, col):
        return (self.state[S_BLOCKED] >> col) & 1

    def phase(self):
        return self.state[S_PHASE]

    def token(self):
        return self.state[S_TOKEN]

    def current_player(self):
        if self.state[S_PHASE] == PHASE_OVER:
            return NOBODY
        return self.state[S_TO_MOVE]

    def result(self):
        r = self.state[S_RESULT]
        if r == 0:
            return ONGOING
        if r == RESULT_LOSS:
            return LOSS
        if r == RESULT_DRAW:
            return DRAW
        return r - 1

    def player_count(self):
        return self.players

    # -- the path predicate (both modes, CAP-A1, CAP-A2) -------------------------------------------------------------
    def _path(self, player, kind):
        """True if 4-connected ``kind`` cells join row 0 to row 5, or column 0 to column 5."""
        return self._joins(player, kind, True) or self._joins(player, kind, False)

    def _joins(self, player, kind, vertical):
        s = self.state
        base = S_GRID + player * 36
        seen = self._seen
        queue = self._queue
        for i in range(36):
            seen[i] = 0
        head = 0
        tail = 0
        for k in range(6):
            cell = k if vertical else k * 6  # row 0, or column 0
            if s[base + cell] == kind:
                seen[cell] = 1
                queue[tail] = cell
                tail += 1
        while head < tail:
            cell = queue[head]
            head += 1
            row = cell // 6
            col = cell % 6
            if (vertical and row == 5) or (not vertical and col == 5):
                return True
            for step in range(4):
                if step == 0:
                    if row == 0:
                        continue
                    nxt = cell - 6
                elif step == 1:
                    if col == 5:
                        continue
                    nxt = cell + 1
                elif step == 2:
                    if row == 5:
                        continue
                    nxt = cell + 6
                else:
                    if col == 0:
                        continue
                    nxt = cell - 1
                if not seen[nxt] and s[base + nxt] == kind:
                    seen[nxt] = 1
                    queue[tail] = nxt
                    tail += 1
        return False

    # -- legal moves -----------------------------------------------------------------------------------------------
    def legal_moves(self, buf):
        s = self.state
        phase = s[S_PHASE]
        if phase == PHASE_OVER:
            return 0
        count = 0
        if phase == PHASE_DRAFT:
            for die in range(self.dice):
                if s[S_ZONE + die] == POOL:
                    buf[count] = make_move(DRAFT, 0, die, 0)
                    count += 1
            return count
        player = s[S_TO_MOVE]
        if self.solo:
            count = solo.actions(self, buf)
            buf[count] = make_move(DONE, 0, 0, 0)
            return count + 1
        count = self._multi_uses(buf, player)
        if count == 0:  # CAP-A5: only when no held die has a legal use
            for die in range(self.dice):
                if s[S_ZONE + die] == player + 1:
                    buf[count] = make_move(DISCARD, 0, die, 0)
                    count += 1
        sort_moves(buf, count)
        return count

    def _multi_uses(self, buf, player):
        s = self.state
        zone = player + 1
        count = 0
        for die in range(self.dice):
            if s[S_ZONE + die] != zone:
                continue
            value = s[S_VALUE + die]
            col = value - 1
            if s[S_GRID + player * 36 + (die % 6) * 6 + col] == EMPTY and not (s[S_BLOCKED] >> col) & 1:
                buf[count] = make_move(MARK, 0, die, 0)
                count += 1
            colour_action = die % 6
            count = self._multi_action(buf, count, player, die, colour_action)
            if value - 1 != colour_action:  # CAP-A6: colour or value, the player chooses
                count = self._multi_action(buf, count, player, die, value - 1)
        return count

    def _multi_action(self, buf, count, player, die, action):
        s = self.state
        zone = player + 1
        if action == YELLOW or action == BLACK:  # CAP-C1: always legal
            buf[count] = make_move(ACTION, action, die, 0)
            return count + 1
        for target in range(self.dice):
            if target == die:  # CAP-A7: a die cannot target itself
                continue
            z = s[S_ZONE + target]
            if action == RED:
                ok = 1 <= z <= 6 and z != zone  # an opponent's held die (CAP-A11)
            elif z != zone:
                ok = False
            elif action == BLUE:
                ok = s[S_VALUE + target] <= 5  # CAP-A8
            elif action == WHITE:
                ok = s[S_VALUE + target] >= 2  # CAP-A8
            else:
                ok = True  # GREY: another die you hold
            if ok:
                buf[count] = make_move(ACTION, action, die, target)
                count += 1
        return count

    # -- applying moves --------------------------------------------------------------------------------------------
    def apply_legal(self, move):
        s = self.state
        kind = move_kind(move)
        die = move_die(move)
        if kind == DRAFT:
            self._draft(die)
        elif kind == DONE:
            solo.resolve(self)
        else:
            s[S_ZONE + die] = POOL  # the used die goes back to the pool, out of play this round (CAP-A7)
            if kind == MARK:
                player = s[S_TO_MOVE]
                self._mark(player, die)
            elif kind == ACTION:
                self._act(move_action(move), die, move_target(move))
            if s[S_PHASE] == PHASE_OVER:
                return
            if self.solo:
                if not self._holds(0):
                    solo.resolve(self)  # nothing left to act with: barriers and marks follow
            else:
                self._next_actor()

    def _holds(self, player):
        s = self.state
        for die in range(self.dice):
            if s[S_ZONE + die] == player + 1:
                return True
        return False

    def _draft(self, die):
        s = self.state
        player = s[S_TO_MOVE]
        s[S_ZONE + die] = player + 1
        s[S_PICKS] += 1
        if s[S_PICKS] < self.picks_per_round:
            if not self.solo:
                s[S_TO_MOVE] = (player + 1) % self.players  # straight rotation, no snake (CAP-A3)
            return
        if self.solo:
            for d in range(6):
                if s[S_ZONE + d] == POOL:
                    s[S_ZONE + d] = UNDRAFTED
        # leftover dice stay in the pool and cannot be targeted (CAP-A12)
        s[S_PHASE] = PHASE_ACTION
        s[S_TO_MOVE] = s[S_ROUND_FIRST]
        if not self.solo and not self._holds(s[S_TO_MOVE]):
            self._next_actor()

    def _next_actor(self):
        """Clockwise to the next player holding a die (CAP-A4); a new round when nobody holds one."""
        s = self.state
        player = s[S_TO_MOVE]
        for step in range(1, self.players + 1):
            candidate = (player + step) % self.players
            if self._holds(candidate):
                s[S_TO_MOVE] = candidate
                return
        self._end_round()

    def _mark(self, player, die):
        s = self.state
        cell = S_GRID + player * 36 + (die % 6) * 6 + s[S_VALUE + die] - 1
        s[cell] = MARKED
        if self._path(player, MARKED):  # CAP-A14: the win is immediate, mid-round
            s[S_RESULT] = player + 1
            s[S_PHASE] = PHASE_OVER

    def _act(self, action, die, target):
        s = self.state
        if action == RED or action == GREY:
            s[S_VALUE + target] = self._roll()
        elif action == BLUE:
            s[S_VALUE + target] += 1
        elif action == WHITE:
            s[S_VALUE + target] -= 1
        elif action == BLACK:
            s[S_BLOCKED] |= 1 << (s[S_VALUE + die] - 1)
        elif self.solo:  # YELLOW: erase the barrier at row ``target`` of column v
            s[S_GRID + target * 6 + s[S_VALUE + die] - 1] = EMPTY
        else:  # YELLOW: the token, effective next round (CAP-A9)
            s[S_TOKEN] = s[S_TO_MOVE]

    # -- explanations and invariants: in their own module, loaded only when a move is refused or a state checked
    def _reason(self, move):
        return call_rare("core.clear_a_path.checks", "reason", self, move)

    def validate(self):
        call_rare("core.clear_a_path.checks", "validate", self)

