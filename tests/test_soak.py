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


@pytest.mark.parametrize("name", games.names())
def test_each_game_soak_slice(name):
    figures, failures = soak.soak(name, 20)
    assert failures == []
    figures, failures = soak.soak(name, 3, micropython=True)
    assert failures == []
