# SPDX-License-Identifier: MIT
"""Pave the Way random-playout properties over 1,000 seeded games (every rules flag in turn), checked every step.

After every move: piece conservation (6 guards and 28 dominoes per side across hand, bag and board), the stack
invariants (one owner per square, road pieces below guards, at most 3 guards in play and 2 pieces a square at
setup, the square tables agreeing with the pieces), ``validate``, encode/decode and the move and position text
round trips; every listed move applies (on a copy) and its text round-trips; a sample of unlisted move codes,
random and near misses of listed ones, is refused with a reason and leaves the game unchanged. Most games run
with a turn cap of 12 turns so the thousand stay quick; 20 of them play to the default cap of 200. A failure names
the seed and step.
"""

import pytest

from core.game import move_buffer
from core.notation import format_position, parse_position
from core.pave_the_way import notation, rules
from core.pave_the_way.rules import (
    BAG, INHAND, ONBOARD, PH_PLACE, PH_PLAY, S_DLOC, S_GUARD, S_NG, S_NR, S_OWN, UNPLACED,
)
from core.prng import Prng
from tests.core.playout import check_refused

GAMES = 1000
CHUNKS = 20
FLAGS = ("", "strictplacement=1", "attachonlytorooted=1", "allowsplit=1", "guardsmaymovetwice=1",
         "diagonalfallback=1", "exactplusone=1", "drawbeforereturn=1", "sequentialplacement=1", "repetition=2")


def names(name):
    return (rules, notation) if name == rules.Game.NAME else None


def check_pieces(game, where):
    s = game.state
    for side in range(2):
        hand = bag = board = 0
        for d in range(28):
            loc = s[S_DLOC + side * 28 + d]
            if loc == BAG:
                bag += 1
            elif loc == INHAND:
                hand += 1
            else:
                assert loc < 64, where
                board += 1
        assert hand + bag + board == 28 and hand <= 5, where
        placed = 0
        for g in range(6):
            loc = s[S_GUARD + side * 6 + g]
            if loc < ONBOARD:
                placed += 1
            else:
                assert loc == UNPLACED and s[0] <= PH_PLACE, where
        if s[0] >= PH_PLAY:
            assert placed == 6, where
    for sq in range(64):
        owner = s[S_OWN + sq]
        ng = s[S_NG + sq]
        nr = s[S_NR + sq]
        assert (owner == 0) == (ng + nr == 0), where
        assert ng <= 3, where
        if s[0] == PH_PLACE:
            assert ng + nr <= 2, where


def near_misses(move, chooser):
    """Codes one field away from a listed move."""
    yield move ^ (1 << chooser.below(22))
    yield move + 1
    yield (move & ~(0xF << 22)) | (chooser.below(8) << 22)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_pieces_stacks_and_texts_lawful(chunk):
    buf = move_buffer(rules.Game.MAX_MOVES)
    finished = 0
    for seed in range(chunk, GAMES, CHUNKS):
        config = FLAGS[seed % len(FLAGS)]
        if (seed // CHUNKS) % 50:  # one game a chunk plays to the default turn cap
            config += " turncap=12"
        game = rules.Game(config, seed)
        scratch = rules.Game(config, seed)
        chooser = Prng(seed * 7 + 1)
        step = 0
        while not game.is_over():
            where = "config '{}' seed {} step {}".format(config, seed, step)
            count = game.legal_moves(buf)
            assert count > 0, where
            listed = set(buf[i] for i in range(count))
            encoded = game.encode()
            for i in range(count):  # every listed move applies, and its text round-trips
                candidate = buf[i]
                scratch.copy_from(game)
                scratch.apply_legal(candidate)
                if i % 8 == step % 8:
                    scratch.validate()
                text = notation.format_move(game, candidate)
                assert notation.parse_move(game, text) == candidate, where + " move " + text
            probes = [chooser.below(8 << 22)]
            probes.extend(near_misses(buf[chooser.below(count)], chooser))
            check_refused(game, probes, listed, where)  # unlisted codes are refused with a reason, changing nothing
            move = buf[chooser.below(count)]
            if move == 0 and chooser.below(3):  # end the turn less often, so roads get built
                move = buf[chooser.below(count)]
            where += " move " + notation.format_move(game, move)
            game.apply(move)
            game.validate()
            check_pieces(game, where)
            encoded = game.encode()
            assert rules.Game.decode(encoded).encode() == encoded, where
            if step % 4 == 0:
                assert parse_position(format_position(game, notation), names).encode() == encoded, where
            step += 1
        finished += 1
    assert finished == len(range(chunk, GAMES, CHUNKS))
