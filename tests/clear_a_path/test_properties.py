# SPDX-License-Identifier: MIT
"""Clear a Path random-playout properties over 2,000 seeded games (solo and 2-6 players), checked every step.

After every move: the dice are conserved (every die of the sets in play has one valid zone, held counts follow
the draft), the grids change only as the rules allow, encode/decode and the move and position text round-trip,
every listed move applies (on a copy), and a sample of unlisted move codes is refused with a reason, leaving the
game unchanged. A failure names the seed and step.
"""

import pytest

from core.clear_a_path import notation, rules
from core.clear_a_path.rules import (
    S_GRID, ACTION, DONE, MARK, YELLOW, EMPTY, MARKED, BARRIER, move_kind, move_action, PHASE_DRAFT,
)
from core.game import move_buffer
from core.notation import format_position, parse_position
from core.prng import Prng
from tests.core.playout import check_refused

GAMES = 2000


def grid_changes(before, after, players):
    changes = []
    for player in range(players):
        for cell in range(36):
            a = before[S_GRID + player * 36 + cell]
            b = after[S_GRID + player * 36 + cell]
            if a != b:
                changes.append((player, a, b))
    return changes


def check_step(game, before, move, mover, where):
    s = game.state
    held = [0] * 7
    for die in range(game.dice):
        zone = game.zone(die)
        assert zone in (0, 7) or 1 <= zone <= game.players, where
        if 1 <= zone <= 6:
            held[zone - 1] += 1
    if game.phase() == PHASE_DRAFT and not game.is_over():
        assert sum(held) == s[rules.S_PICKS], where
    changes = grid_changes(before, s, game.players)
    kind = move_kind(move)
    if not game.solo:
        if kind == MARK:
            assert changes == [(mover, EMPTY, MARKED)], where
        else:
            assert changes == [], where
        return
    for player, a, b in changes:
        assert player == 0, where
        if kind == ACTION and move_action(move) == YELLOW and (a, b) == (BARRIER, EMPTY):
            continue  # the one erasure a yellow action makes
        # otherwise only the end of a round changes the grid: barriers added, marks erased or added
        assert kind == DONE or kind == ACTION, where
        assert (a, b) in ((EMPTY, BARRIER), (MARKED, EMPTY), (EMPTY, MARKED), (MARKED, BARRIER)), where
    erased = [c for c in changes if c[1:] == (BARRIER, EMPTY)]
    assert len(erased) <= 1, where


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_random_games_keep_dice_and_grids_lawful(players):
    names = lambda name: (rules, notation) if name == rules.Game.NAME else None
    buf = move_buffer(rules.Game.MAX_MOVES)
    results = {}
    scratch = None
    per_mode = GAMES // 6 + (1 if players <= GAMES % 6 else 0)
    for seed in range(per_mode):
        config = "players={}".format(players)
        if seed % 5 == 4:
            config += " cascadeoverwritesmark=1 blockonlyplacement=1 unevendraft=1 rerolllosingsetup=1"
        game = rules.Game(config, seed)
        scratch = rules.Game(config, seed)
        chooser = Prng(seed * 7 + players)
        step = 0
        while not game.is_over():
            count = game.legal_moves(buf)
            assert count > 0
            listed = set(buf[i] for i in range(count))
            where = "players {} seed {} step {}".format(players, seed, step)
            encoded = game.encode()
            for candidate in listed:  # every listed move applies
                scratch.copy_from(game)
                scratch.apply(candidate)
                assert notation.parse_move(game, notation.format_move(game, candidate)) == candidate, where
            probes = [chooser.below(5 << 12) for _ in range(3)]
            check_refused(game, probes, listed, where)  # a sample of unlisted codes: refused with a reason, no change
            move = buf[chooser.below(count)]
            where += " move " + notation.format_move(game, move)
            before = bytes(game.state)
            mover = game.current_player()
            game.apply(move)
            check_step(game, before, move, mover, where)
            encoded = game.encode()
            assert rules.Game.decode(encoded).encode() == encoded, where
            if step % 5 == 0:
                assert parse_position(format_position(game, notation), names).encode() == encoded, where
            step += 1
        results[game.result()] = results.get(game.result(), 0) + 1
    assert sum(results.values()) == per_mode
