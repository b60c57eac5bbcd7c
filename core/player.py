# SPDX-License-Identifier: MIT
"""What the engines' computer players share: their levels, their generator and its carry between decisions, and
``choose`` as their ``think`` run to its end.

Clear a Path's and Pawns Crossing's players subclass it. Pave the Way's keeps the same protocol without it: its play
screen had 1 KB of heap to spare on the PyBadge then (4 KB now), and with this base in ``core.game`` and its player
subclassing it the play screen no longer completed in 150 KB (docs/game-interface.md, "Computer players")."""

from core.game import finish_thinking
from core.prng import Prng, STATE_BYTES as _RNG_BYTES


class Player:
    """Base class of the computer players (``Ai``) for what they share. A player has a level of
    ``LEVELS`` and its own generator, from which each decision reseeds its view's; it carries that generator from
    one decision to the next (a save holds ``CARRY_BYTES`` a seat; a player that carries more extends both carry
    methods); and ``choose`` is its generator ``think(game)`` run to its end. The searches themselves are each
    game's own (docs/game-interface.md, "Computer players")."""

    LEVELS = ("easy", "normal", "hard")
    CARRY_BYTES = _RNG_BYTES

    def __init__(self, level="normal", seed=0):
        if level not in self.LEVELS:
            raise ValueError("level must be one of: " + ", ".join(self.LEVELS))
        self.level = level
        self.rng = Prng(seed & 0x3FFFFFFF)

    def carry_into(self, buf, offset=0):
        """Write the state this player carries between decisions into ``buf[offset:offset + CARRY_BYTES]``."""
        self.rng.save_into(buf, offset)

    def carry_from(self, buf, offset=0):
        """Restore what :meth:`carry_into` wrote; ValueError if it cannot be such a state."""
        self.rng.load_from(buf, offset)

    def choose(self, game):
        """The move for the player to act in ``game`` (all of ``think`` at once)."""
        return finish_thinking(self.think(game))
