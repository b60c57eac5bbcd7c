# SPDX-License-Identifier: MIT
"""A bounded slice of the state-gate fuzzer (``python -m tools.fuzz_states``) for every game, and a check that the
fuzzer itself catches a gate that lets broken states through."""

import pytest

from core import games
from tools import fuzz_states

BYTE_CASES = 4000
TEXT_CASES = 1500


@pytest.mark.parametrize("name", games.names())
def test_mutated_saves_and_positions_are_refused_or_play_on(name):
    found = fuzz_states.samples(name, seed=5)
    for run, cases in ((fuzz_states.fuzz_bytes, BYTE_CASES), (fuzz_states.fuzz_text, TEXT_CASES)):
        tally = run(name, cases, 5, found)
        assert tally["cases"] == cases
        assert not tally["failures"], tally["failures"][0]
        assert tally["accepted"] > 0 and tally["refused"] > 0  # both sides of the gate were exercised


def test_the_fuzzer_reports_a_gate_that_accepts_everything(monkeypatch):
    found = fuzz_states.samples("pawns-crossing", seed=5)
    rules = found[0][0]
    monkeypatch.setattr(rules.Game, "validate", lambda self: None)
    tally = fuzz_states.fuzz_bytes("pawns-crossing", 400, 5, found)
    assert tally["failures"]
