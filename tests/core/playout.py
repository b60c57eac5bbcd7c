# SPDX-License-Identifier: MIT
"""The random-playout checker every engine's tests use (portable: runs under MicroPython too).

From a seeded start it plays uniformly random legal moves and checks, at every step, the invariants of the game
protocol (``docs/game-interface.md``): the legal list is non-empty, ascending, duplicate-free and below 2**30
while the game runs and empty after; ``validate()`` passes; the binary encoding, the position text and each
move's text round-trip, the finished state's included; ``copy_from`` and ``view`` (of every seat) leave the
source unchanged; an illegal move raises IllegalMove with a reason and changes nothing (``check_refused``, which
the property tests use too). Failures name the seed and the step, so they replay exactly.
"""

from core.errors import IllegalMove
from core.game import move_buffer, ONGOING, NOBODY
from core.notation import format_position, parse_position
from core.prng import Prng

_LIMIT = 0x3FFFFFFF


def check_refused(game, probes, listed, where):
    """Each move code in ``probes`` that is not in ``listed`` (the legal moves, or a set of them) is refused by
    ``game.apply`` with IllegalMove and a reason, and leaves the game exactly as it was."""
    encoded = game.encode()
    for probe in probes:
        if probe < 0 or probe in listed:
            continue
        try:
            game.apply(probe)
        except IllegalMove as err:
            assert str(err), where + ": move {} refused without a reason".format(probe)
        else:
            raise AssertionError(where + ": unlisted move {} accepted".format(probe))
        assert game.encode() == encoded, where + ": refusing move {} changed the game".format(probe)


def play_and_check(rules, notation, config, seed, max_steps, extra_check=None, deep_every=1):
    """Play one random game; return (result, steps). ``extra_check(game)`` adds the engine's own invariants.

    ``deep_every`` spaces out the expensive round trips (position text, view) to every n-th step.
    """
    game = rules.Game(config, seed)
    scratch = rules.Game(config, seed)
    view = rules.Game(config, seed)
    buf = move_buffer(rules.Game.MAX_MOVES)
    chooser = Prng(seed ^ 0x2A2A2A)

    def where(step):
        return "seed {} config '{}' step {}".format(seed, game.config.text(), step)

    names = lambda name: (rules, notation) if name == rules.Game.NAME else None
    step = 0
    while True:
        game.validate()
        if extra_check is not None:
            extra_check(game)
        count = game.legal_moves(buf)
        over = game.result() != ONGOING
        # the round trips run on every state the game reaches, the finished one included
        encoded = game.encode()
        assert rules.Game.decode(encoded).encode() == encoded, where(step) + ": encode/decode"
        if over or step % deep_every == 0:
            text = format_position(game, notation)
            again = parse_position(text, names)
            assert again.encode() == encoded, where(step) + ": position text round trip:\n" + text
            for seat in range(game.player_count()):
                game.view(seat, view)
            assert game.encode() == encoded, where(step) + ": view changed the game"
        if over:
            assert count == 0, where(step) + ": legal moves after the end"
            assert game.current_player() == NOBODY, where(step)
            break
        assert count > 0, where(step) + ": no legal move in a running game"
        assert 0 <= game.current_player(), where(step)
        for i in range(count):
            assert 0 <= buf[i] <= _LIMIT, where(step) + ": move code out of range"
            if i:
                assert buf[i - 1] < buf[i], where(step) + ": legal moves not strictly ascending"
        scratch.copy_from(game)
        assert scratch.encode() == encoded, where(step) + ": copy_from"
        move = buf[chooser.below(count)]
        text = notation.format_move(game, move)
        assert notation.parse_move(game, text) == move, where(step) + ": move text '{}'".format(text)
        # A move code just past the largest legal one that is not itself legal must be refused untouched.
        check_refused(game, (buf[count - 1] + 1,), (), where(step))
        game.apply(move)
        step += 1
        assert step <= max_steps, where(step) + ": no end after {} steps".format(max_steps)
    return game.result(), step
