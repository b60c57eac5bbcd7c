# SPDX-License-Identifier: MIT
"""The game protocol every engine implements, and the parts of it that are the same for all three games.

The protocol is documented once, in ``docs/game-interface.md``. In short: an engine subclasses :class:`Game`,
keeps **all** of its mutable state in the bytearray ``self.state`` plus the generator ``self.rng``, and implements
the underscored hooks. Copying, undo (copy into a preallocated game), saves and checked moves are then shared code.
"""

from array import array

from core.compat import const
from core.config import Config
from core.errors import CorruptState, IllegalMove
from core.prng import Prng, STATE_BYTES as _RNG_BYTES

# result() values; a result >= 0 is the index of the winning player.
ONGOING = const(-3)
DRAW = const(-2)  # the game ended and nobody won
LOSS = const(-1)  # the game ended and every player lost (solo games)
# current_player() when the game is over
NOBODY = const(-1)
# step_thinking() while a computer player's decision is not finished (moves are never negative)
THINKING = const(-1)

_HEADER_BYTES = const(4)  # game id, format version, config length, state length / 256 check byte


_release_rare = [False]
_check_buffers = {}  # GAME_ID -> the legal-move buffer every game of that engine checks moves in (Game.check_buffer)


def release_rare_modules(on=True):
    """Drop an engine's rare, large modules (refusal reasons, a state's invariants) after each use instead of keeping
    them for the rest of the game. The firmware turns it on: on the device their heap is worth more than the time a
    re-import takes when a move is refused or a save is read. Off by default, for the tests and tools that validate
    after every move."""
    _release_rare[0] = on


def call_rare(module_name, function_name, *args):
    """Call ``function_name`` of ``module_name`` with ``args``; with :func:`release_rare_modules` on, the module is
    forgotten again afterwards, unless it was loaded before."""
    import sys

    loaded = module_name in sys.modules
    module = __import__(module_name, None, None, [function_name])
    try:
        return getattr(module, function_name)(*args)
    finally:
        if _release_rare[0] and not loaded:
            del sys.modules[module_name]
            package, _, leaf = module_name.rpartition(".")
            parent = sys.modules.get(package)
            if parent is not None and hasattr(parent, leaf):
                delattr(parent, leaf)  # the package's reference would keep the module alive


def move_buffer(size):
    """A buffer for legal moves: ``size`` small ints, allocated once by the caller. Made from a range, whose length
    MicroPython sizes the array by, not from a list of zeros, which would take as much again for a moment (4 KB for
    Pave the Way's buffer on the device); what it holds is written before it is read."""
    return array("i", range(size))


def sort_moves(buf, count):
    """Sort ``buf[:count]`` ascending in place without allocating (insertion sort: the lists are short)."""
    for i in range(1, count):
        m = buf[i]
        j = i - 1
        while j >= 0 and buf[j] > m:
            buf[j + 1] = buf[j]
            j -= 1
        buf[j + 1] = m


def step_thinking(thinking):
    """Run one slice of a computer player's decision: ``thinking`` is the generator its ``think(game)`` returned.
    Return the move once the decision is made, THINKING until then (the firmware draws a frame between slices).
    """
    try:
        next(thinking)
    except StopIteration as done:
        return done.value
    return THINKING


def finish_thinking(thinking):
    """Run a computer player's ``think(game)`` generator to its end and return the move it decides: the whole
    decision at once, as ``choose(game)`` makes it."""
    move = step_thinking(thinking)
    while move == THINKING:
        move = step_thinking(thinking)
    return move


class Game:
    """Base class of the engines. Subclasses set the class attributes and implement the ``_`` hooks.

    :param config: a :class:`~core.config.Config` of this game's schema, its text form, or None for the defaults.
    :param int seed: 0 .. 2**30 - 1; all chance in the game comes from ``self.rng`` seeded with it.
    """

    NAME = ""  # the rules console's name for the game, e.g. "clear-a-path"
    GAME_ID = 0  # first byte of an encoded state
    FORMAT_VERSION = 1  # second byte; bump it when the layout of ``state`` changes
    CONFIG_SCHEMA = ()  # ((name, default, lowest, highest), ...)
    STATE_BYTES = 0  # size of ``self.state``
    MAX_MOVES = 0  # a legal-move buffer of this size always suffices

    def __init__(self, config=None, seed=0):
        self.config = Config(self.CONFIG_SCHEMA)
        if isinstance(config, Config):
            self.config.copy_from(config)
        elif config:
            self.config.parse(config)
        self.rng = Prng(seed)
        self.state = bytearray(self.STATE_BYTES)
        self.check_buffer()  # made with the first game, before the heap fragments (4 KB in Pave the Way)
        self._configure()
        self._setup()

    # -- hooks an engine implements --------------------------------------------------------------------------
    def _configure(self):
        """Read ``self.config`` into attributes; called after every change of config (init, copy, decode)."""

    def _setup(self):
        """Write the initial position into ``self.state``, drawing any chance from ``self.rng``."""
        raise NotImplementedError

    def current_player(self):
        """The index of the player to act, or NOBODY when the game is over."""
        raise NotImplementedError

    def legal_moves(self, buf):
        """Write the legal moves, ascending, into ``buf``; return how many. Empty only when the game is over."""
        raise NotImplementedError

    def apply_legal(self, move):
        """Play a move known to be legal (from :meth:`legal_moves`), resolving chance from ``self.rng``."""
        raise NotImplementedError

    def _reason(self, move):
        """Why ``move`` (not in the legal list) is illegal now: a short sentence for the player."""
        return "not a legal move now"

    def result(self):
        """ONGOING, DRAW, LOSS, or the index of the winner."""
        raise NotImplementedError

    def _hide(self, player):
        """Replace in ``self.state`` what ``player`` may not see with the engine's 'unknown' codes."""

    def validate(self):
        """Raise CorruptState if ``self.state`` breaks an invariant; the same check serves decode and tests."""

    # -- shared ------------------------------------------------------------------------------------------------
    def player_count(self):
        """How many seats play: the config's ``players`` where the game has one, else 2 (two sides)."""
        for field in self.CONFIG_SCHEMA:
            if field[0] == "players":
                return self.config.get("players")
        return 2

    def is_over(self):
        return self.result() != ONGOING

    def apply(self, move):
        """Play ``move`` if it is legal now; otherwise raise IllegalMove saying why and change nothing."""
        why = self.reason(move)
        if why is not None:
            raise IllegalMove(why)
        self.apply_legal(move)

    def reason(self, move):
        """Why ``move`` cannot be played now, in words for the player; None when it is legal."""
        if self.result() != ONGOING:
            return "the game is over"
        buf = self.check_buffer()
        count = self.legal_moves(buf)
        for i in range(count):
            if buf[i] == move:
                return None
        return self._reason(move)

    def check_buffer(self):
        """The legal-move buffer in which every game of this engine checks a move (:meth:`reason`), made at first
        use. One per engine, not one per game: a check never runs inside another, and the device keeps several
        copies of a game (undo, the recap, the computer players' scratch), 1.6 KB each in Pawns Crossing. What it
        holds after a check is the checked game's legal moves, until the next check of any game."""
        buf = _check_buffers.get(self.GAME_ID)
        if buf is None:
            buf = _check_buffers[self.GAME_ID] = move_buffer(self.MAX_MOVES)
        return buf

    def copy_from(self, other):
        """Become an exact copy of ``other`` (same class). Allocates nothing: undo and search use this."""
        self.state[:] = other.state
        self.rng.copy_from(other.rng)
        if self.config.values != other.config.values:
            self.config.copy_from(other.config)
            self._configure()

    def clone(self):
        """A new game equal to this one (allocates; prefer :meth:`copy_from` into a preallocated game)."""
        game = self.__class__(self.config, 0)
        game.copy_from(self)
        return game

    def view(self, player, out):
        """Write into ``out`` (a game of the same class) what ``player`` knows; return ``out``.

        Hidden values become 'unknown' codes, and the generator is reseeded so the view does not know the
        future of the dice or the bag: a computer player that simulates from a view reseeds it itself.
        """
        out.copy_from(self)
        out.rng.seed(0)
        out._hide(player)
        return out

    @classmethod
    def encoded_size(cls):
        """The length of :meth:`encode`'s bytes, the same for every game of the class (a save record finds where the
        game begins from its end)."""
        return _HEADER_BYTES + 2 * len(cls.CONFIG_SCHEMA) + _RNG_BYTES + cls.STATE_BYTES  # two bytes a field

    def encode(self):
        """The whole state as bytes: a 4-byte header, the config, the generator, then ``state``."""
        data = bytearray(self.encoded_size())
        data[0] = self.GAME_ID
        data[1] = self.FORMAT_VERSION
        data[2] = len(self.CONFIG_SCHEMA)
        data[3] = self.STATE_BYTES & 0xFF
        pos = _HEADER_BYTES
        self.config.save_into(data, pos)
        pos += self.config.encoded_size()
        self.rng.save_into(data, pos)
        pos += _RNG_BYTES
        data[pos:] = self.state
        return bytes(data)

    @classmethod
    def decode(cls, data):
        """Rebuild a game from :meth:`encode` output; raise CorruptState, saying what is wrong, if it is not one."""
        config = Config(cls.CONFIG_SCHEMA)
        if len(data) < _HEADER_BYTES or data[0] != cls.GAME_ID:
            raise CorruptState("not a saved {} game".format(cls.NAME))
        if data[1] != cls.FORMAT_VERSION:
            raise CorruptState("format version {} is not {}".format(data[1], cls.FORMAT_VERSION))
        if len(data) != cls.encoded_size() or data[2] != len(cls.CONFIG_SCHEMA) or data[3] != cls.STATE_BYTES & 0xFF:
            raise CorruptState("wrong length for a saved {} game".format(cls.NAME))
        pos = _HEADER_BYTES
        config.load_from(data, pos)
        pos += config.encoded_size()
        game = cls(config, 0)
        try:
            game.rng.load_from(data, pos)
        except ValueError as err:
            raise CorruptState(str(err))
        pos += _RNG_BYTES
        game.state[:] = data[pos:]
        game.validate()
        return game
