# SPDX-License-Identifier: MIT
"""A game in progress on the device: the engine, who sits in each seat, undo, and the save record.

Engine-agnostic: everything goes through the game protocol (docs/game-interface.md). Undo uses the protocol's one
mechanism, copying into preallocated games: a ring of snapshots taken before each human move.

A save record is ``version | game id | seed (4 bytes, little-endian) | seat count | seat bytes | team bytes |
progress (2 bytes) | carried state of each computer seat | Game.encode()``; a seat byte is 0 for a human and 1 +
level index for a computer, a team byte the number of people sharing a human seat (Pave the Way's teams: a
presentation matter, the engine has two sides). The carried state is what each computer player keeps from one
decision to the next (``Ai.carry_into``, ``Ai.CARRY_BYTES`` bytes a seat, in seat order): with it a resumed game
plays on move for move as it would have without the save. The progress is the turn being played (or, with the top
bit set, the round), for the main menu to name without loading the engine. Version 3 had no progress, version 2 no
carried state and version 1 no team bytes: all still load, and the computers of 1 and 2 then start afresh from the
seed, as do those whose carried state is not of their player's present size (it is found from the record's length:
Pawns Crossing's players carried 8 bytes before they remembered positions, 24 now).
"""

from core import games
from core.compat import const

SAVE_VERSION = const(4)
ROUND = const(0x8000)  # in a save's progress: a round number, not a turn (read in the menus by app.saved_progress)
HUMAN = const(0)  # const: the build folds it into the menus, which then do without this module until a game opens
UNDO_DEPTH = const(8)
SAVE_EVERY = const(4)  # a save after this many actions of one seat's turn, even before the turn passes


def thinking(player, game):
    """``player``'s decision in slices: its ``think`` generator where it has one (docs/game-interface.md), else
    ``choose`` as one slice."""
    think = getattr(player, "think", None)
    if think is not None:
        return think(game)
    return _one_slice(player, game)


def _one_slice(player, game):
    yield
    return player.choose(game)


def finish(steps):
    """Run a thinking generator to its end; return its move."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


class SaveError(ValueError):
    """A save record that cannot be loaded; the message says why."""


class Session:
    """``seats[i]`` is HUMAN or 1 + an index into the game's ``Ai.LEVELS``."""

    def __init__(self, name, game, seats, seed, teams=None):
        self.name = name
        self.teams = list(teams) if teams else [1] * len(seats)  # people taking turns in each seat
        self.rules = _rules(name)
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.players = {}
        # Undo: the human moves of this turn as (player, move) and a copy of the game before the first; an undo
        # replays all but the last on it (one copy of the game, not one per move: the device's heap)
        self._undo_moves = []
        self._undo_base = None
        self.unsaved = 0  # human actions since the last save

    @property
    def ai_module(self):
        """The game's computer player, imported when first needed (a save, a computer seat, a hint): a tutorial,
        which needs none, does without its heap."""
        return games.load(self.name, "ai")

    @classmethod
    def new(cls, name, config, seats, seed, teams=None):
        rules = _rules(name)
        return cls(name, rules.Game(config, seed), seats, seed, teams)

    # -- turns ---------------------------------------------------------------------------------------------------
    def to_move(self):
        return self.game.current_player()

    def computer_to_move(self):
        player = self.game.current_player()
        return player >= 0 and self.seats[player] != HUMAN

    def _computer(self):
        return self._player(self.game.current_player())

    def _player(self, seat):
        player = self.players.get(seat)
        if player is None:
            level = self.ai_module.Ai.LEVELS[self.seats[seat] - 1]
            # Each seat's computer has its own stream, derived from the game's seed.
            player = self.players[seat] = self.ai_module.Ai(level, (self.seed + 7919 * (seat + 1)) & 0x3FFFFFFF)
        return player

    def save_due(self, previous_player):
        """After a human's action (or undo) by ``previous_player``: whether to save now. A save follows each human
        turn (when another seat is to move) and every ``SAVE_EVERY`` actions within one; a computer's moves are
        never saved, since a resumed game replays them exactly. The caller saves at once and calls
        :meth:`saved`."""
        self.unsaved += 1
        return self.game.current_player() != previous_player or self.unsaved >= SAVE_EVERY

    def saved(self):
        self.unsaved = 0

    def computer_thinking(self):
        """The current computer's decision as a generator: each ``next`` does one slice of it (the screen draws a
        frame between slices) and its return value is the move, for :meth:`play_computer`."""
        return thinking(self._computer(), self.game)

    def play_computer(self, move):
        self.game.apply(move)
        self._undo_moves = []  # nobody undoes across a computer's move

    def computer_move(self):
        """Let the computer in the current seat choose and play, all at once; return the move."""
        move = finish(self.computer_thinking())
        self.play_computer(move)
        return move

    def human_move(self, move):
        """Play a human's move (IllegalMove if it is not legal), keeping what undoes it."""
        game = self.game
        if self._undo_base is None:
            self._undo_base = game.clone()
        elif not self._undo_moves:
            self._undo_base.copy_from(game)
        player = game.current_player()
        game.apply(move)
        self._undo_moves.append((player, move))
        if len(self._undo_moves) > UNDO_DEPTH:
            self._undo_base.apply(self._undo_moves.pop(0)[1])

    def can_undo(self):
        """Undo is offered while the last move was the current human's own move in this same turn: a computer
        move clears what undoes, so undo never reaches back past another player's move."""
        moves = self._undo_moves
        return bool(moves) and not self.game.is_over() and moves[-1][0] == self.game.current_player()

    def undo(self):
        self._undo_moves.pop()
        self.game.copy_from(self._undo_base)
        for _, move in self._undo_moves:
            self.game.apply(move)

    # -- saves -----------------------------------------------------------------------------------------------------
    def _carry_bytes(self):
        return getattr(self.ai_module.Ai, "CARRY_BYTES", 0)

    def encode(self):
        seed = self.seed
        progress = _progress(self.game)
        head = bytes([SAVE_VERSION, self.game.GAME_ID, seed & 0xFF, (seed >> 8) & 0xFF, (seed >> 16) & 0xFF,
                      seed >> 24, len(self.seats)] + self.seats + self.teams + [progress & 0xFF, progress >> 8])
        size = self._carry_bytes()
        carried = bytearray(size * sum(1 for seat in self.seats if seat != HUMAN))
        at = 0
        for index in range(len(self.seats)):
            if size and self.seats[index] != HUMAN:
                self._player(index).carry_into(carried, at)
                at += size
        return head + carried + self.game.encode()

    @classmethod
    def decode(cls, data):
        """Rebuild a session from :meth:`encode`; raise SaveError saying what is wrong."""
        if data is None or len(data) < 7:
            raise SaveError("no saved game")
        if data[0] not in (1, 2, 3, SAVE_VERSION):
            raise SaveError("the save is from another firmware version ({})".format(data[0]))
        record = games.by_id(data[1])
        if record is None:
            raise SaveError("the saved game (id {}) is not installed".format(data[1]))
        name = record.name
        seed = data[2] | (data[3] << 8) | (data[4] << 16) | ((data[5] & 0x3F) << 24)
        count = data[6]
        seats = list(data[7 : 7 + count])
        start = 7 + count
        teams = [1] * count
        if data[0] >= 2:
            teams = list(data[start : start + count])
            start += count
        if data[0] >= 4:
            start += 2  # the progress, for the menus
        rules = _rules(name)
        ai = games.load(name, "ai").Ai
        levels = len(ai.LEVELS)
        carried = start
        size = getattr(ai, "CARRY_BYTES", 0)
        if data[0] >= 3:
            # The game's encoding has a fixed length, so the carried states end where it begins. Another size is
            # another firmware's player: those computers start afresh from the seed, as with version 2.
            start = len(data) - rules.Game.encoded_size()
            if start < carried:
                raise SaveError("the saved game is damaged: too short")
            if start - carried != size * sum(1 for seat in seats if seat != HUMAN):
                size = 0
        try:
            game = rules.Game.decode(data[start:])
        except ValueError as err:
            raise SaveError("the saved game is damaged: {}".format(err))
        if (len(seats) != count or count != game.player_count() or any(seat > levels for seat in seats)
                or len(teams) != count or not all(1 <= team <= record.team_limit for team in teams)):
            raise SaveError("the save's seats are damaged")
        session = cls(name, game, seats, seed, teams)
        if data[0] >= 3:
            for index in range(count):
                if size and seats[index] != HUMAN:
                    try:
                        session._player(index).carry_from(data, carried)
                    except ValueError:
                        raise SaveError("the save's computer players are damaged")
                    carried += size
        return session


def _rules(name):
    """The engine of the game called ``name``, with its rare modules (refusal reasons, state checks) set to leave
    the heap after each use: on the device the heap is worth more than a re-import (core.game.call_rare)."""
    from core.game import release_rare_modules  # here, not at import: the menus do without core.game

    release_rare_modules()
    return games.load(name, "rules")


def _progress(game):
    """The turn being played, from 1 (the engine's ``turns()``), or ROUND | the round (``round_number()``), or 0."""
    turns = getattr(game, "turns", None)
    if turns is not None:
        return min(0x7FFF, turns() + 1)
    rounds = getattr(game, "round_number", None)
    return ROUND | min(0x7FFF, rounds() + 1) if rounds is not None else 0


def same_game(a, b):
    """Whether two save records are of the same game: the same game id, seed and seats."""
    if a is None or b is None or len(a) < 7 or len(b) < 7 or a[1:7] != b[1:7]:
        return False
    count = a[6]
    return a[7 : 7 + count] == b[7 : 7 + count]
