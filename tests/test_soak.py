# SPDX-License-Identifier: MIT
"""A bounded slice of the soak in CI (the full runs are `python -m tools.soak GAME`)."""

import pytest

from core import games
from tools import soak
from tests.fixtures import race


@pytest.fixture
def race_registered(monkeypatch):
    monkeypatch.setattr(games, "GAMES", (race.INFO,))


def test_race_soak_under_both_vms_ends_every_game_without_memory_growth(race_registered):
    figures, failures = soak.soak("race", 50)
    assert failures == [] and figures["games"] == 50
    figures, failures = soak.soak("race", 30, micropython=True)
    assert failures == [] and figures["games"] == 30 and figures["mem_alloc_baseline"] > 0


def test_a_leak_is_reported(monkeypatch):
    monkeypatch.setattr(games, "GAMES", (race.LEAKY_INFO,))
    figures, failures = soak.soak("leaky", 20, micropython=True)
    assert any("grew" in line for line in failures), (figures, failures)


def test_a_crash_is_reported_with_its_error(race_registered):
    figures, failures = soak.soak("race", 3, micropython=True, heap_kb=4)
    assert len(failures) == 1 and "seed 0: the process failed" in failures[0] and "MemoryError" in failures[0], failures


@pytest.mark.parametrize("name", games.names())
def test_each_game_soak_slice(name):
    figures, failures = soak.soak(name, 20)
    assert failures == []
    figures, failures = soak.soak(name, 3, micropython=True)
    assert failures == []


def test_four_computers_do_not_slide_lines_back_and_forth_to_the_turn_cap():
    # seeds where four normal computers each gained from a slide the next one undid, round after round, until the
    # 1000-turn cap drew the game (with the firmware's seeding; tools/wear.py found 4 and 44). A margin growing with
    # the turns ended them at 75, 182 and 394 turns; leaving a position seen twice ends them at 43, 54 and 64.
    from core.pawns_crossing import ai, rules

    for seed in (4, 44, 200):
        game = rules.Game("players=4", seed)
        players = [ai.Ai("normal", (seed + 7919 * (seat + 1)) & 0x3FFFFFFF) for seat in range(4)]
        while not game.is_over():
            game.apply(players[game.current_player()].choose(game))
        assert game.result() >= 0 and game.turns() < 100, (seed, game.turns())
