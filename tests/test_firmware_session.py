# SPDX-License-Identifier: MIT
"""The device's game session, engine-agnostic: computer turns, undo, save records. Driven with the race fixture."""

import pytest

from core import games
from core.errors import IllegalMove
from firmware.session import HUMAN, SaveError, Session
from tests.fixtures import race


@pytest.fixture(autouse=True)
def race_registered(monkeypatch):
    monkeypatch.setattr(games, "GAMES", games.GAMES + (race.INFO,))


def normal():
    return 1 + race.Ai.LEVELS.index("normal")


def test_computer_seats_play_and_humans_wait():
    session = Session.new("race", "players=2", [HUMAN, normal()], 5)
    assert not session.computer_to_move()
    session.human_move(race.STEP)
    assert session.computer_to_move()
    session.computer_move()
    assert session.to_move() == 0


def test_undo_is_not_offered_once_the_turn_has_passed():
    for seats in ([HUMAN, HUMAN], [HUMAN, normal()]):
        session = Session.new("race", "players=2", seats, 3)
        assert not session.can_undo()
        session.human_move(race.ROLL)  # the race passes the turn on every move
        assert not session.can_undo()


def test_undo_within_ones_own_turn(monkeypatch):
    # A game where the same player moves twice: the race's turn passes each move, so use a one-player view of it.
    session = Session.new("race", "players=2", [HUMAN, HUMAN], 3)
    before = session.game.encode()
    session.human_move(race.STEP)
    monkeypatch.setattr(race.Game, "current_player", lambda self: 0)
    assert session.can_undo()
    session.undo()
    assert session.game.encode() == before


def test_undo_steps_back_through_a_turn_of_several_actions_exactly_and_no_further_than_its_depth():
    from core.game import move_buffer
    from core.pave_the_way import rules
    from firmware.session import UNDO_DEPTH

    session = Session.new("pave-the-way", "", [HUMAN, HUMAN], 4)
    game = session.game
    buf = move_buffer(rules.Game.MAX_MOVES)
    while game.phase() != rules.PH_PLAY:
        game.legal_moves(buf)
        session.human_move(buf[0])
    player = game.current_player()
    states = []
    while game.current_player() == player and len(states) < 3:  # road and guard moves, not the end of the turn
        states.append(game.encode())
        count = game.legal_moves(buf)
        session.human_move(max(buf[i] for i in range(count)))
    assert len(states) >= 2
    while states and game.current_player() == player:
        assert session.can_undo()
        session.undo()
        assert game.encode() == states.pop()
    # a long run of human actions (the race passes the turn each time) keeps what undoes the last UNDO_DEPTH
    race_session = Session.new("race", "players=2", [HUMAN, HUMAN], 3)
    seen = []
    for _ in range(UNDO_DEPTH + 3):
        seen.append(race_session.game.encode())
        race_session.human_move(race.STEP)
    undone = 0
    while race_session._undo_moves:
        race_session.undo()
        undone += 1
        assert race_session.game.encode() == seen[-undone]
    assert undone == UNDO_DEPTH


def test_illegal_human_move_changes_nothing():
    session = Session.new("race", "players=2", [HUMAN, HUMAN], 1)
    before = session.game.encode()
    with pytest.raises(IllegalMove):
        session.human_move(9)
    assert session.game.encode() == before


def test_save_round_trip_and_the_same_computer_choices_after_resume():
    session = Session.new("race", "players=3", [HUMAN, normal(), 1], 77)
    session.human_move(race.ROLL)
    data = session.encode()
    again = Session.decode(data)
    assert again.encode() == data and again.seats == session.seats and again.seed == 77
    while not session.game.is_over() and session.computer_to_move():
        session.computer_move()
        again.computer_move()
    assert again.game.encode() == session.game.encode()


@pytest.mark.parametrize(
    "damage,message",
    [
        (lambda d: b"", "no saved game"),
        (lambda d: bytes([9]) + d[1:], "another firmware version"),
        (lambda d: d[:1] + bytes([99]) + d[2:], "not installed"),
        (lambda d: d[:-1], "damaged"),
        (lambda d: d[:6] + bytes([2]) + d[7:9] + d[10:], "damaged"),
    ],
)
def test_damaged_saves_are_refused_with_a_reason(damage, message):
    data = Session.new("race", "players=3", [HUMAN, HUMAN, normal()], 4).encode()
    with pytest.raises(SaveError) as err:
        Session.decode(damage(data))
    assert message in str(err.value)


def test_undo_never_reaches_back_past_a_computer_move(monkeypatch):
    # Found by the button fuzzer: with the snapshot's player to move again after a computer reply, undo jumped
    # back over the computer's move.
    session = Session.new("race", "players=2", [HUMAN, normal()], 3)
    session.human_move(race.STEP)
    session.computer_move()
    assert session.to_move() == 0 and not session.can_undo()


def test_a_resumed_session_keeps_the_engines_state_checks_out_of_the_heap():
    import sys

    record = Session.new("pave-the-way", "", [HUMAN, normal_level("pave-the-way")], 8).encode()
    sys.modules.pop("core.pave_the_way.invariants", None)
    package = sys.modules["core.pave_the_way"]
    if hasattr(package, "invariants"):
        delattr(package, "invariants")
    resumed = Session.decode(record)  # as App.resume does after the restart into the game
    assert resumed.encode() == record and "core.pave_the_way.invariants" not in sys.modules


def normal_level(name):
    return 1 + games.load(name, "ai").Ai.LEVELS.index("normal")
