# SPDX-License-Identifier: MIT
"""Resumes that play on identically: a save taken at any point of a seeded computer-vs-computer game, loaded into
a new session, plays the rest of the game move for move as the game without the save did (issue 20).

The save holds what each computer player carries from one decision to the next (its generator, and Pave the Way's
plan and stall count): these tests fail on the first diverging move if any of it is missing.
"""

import pytest

from core import games
from firmware.session import HUMAN, SaveError, Session

# (game, config, seats, seed): computers only, both levels, two to four seats
GAMES = (
    ("pave-the-way", "", [2, 2], 7),
    ("pave-the-way", "", [1, 2], 31),
    ("pawns-crossing", "players=2", [2, 2], 5),
    ("pawns-crossing", "players=4", [2, 1, 2, 2], 11),
    ("clear-a-path", "players=3", [2, 2, 1], 3),
    ("clear-a-path", "players=1", [2], 9),
)
POINTS = 6  # resume points spread over each game


def _play_out(session, limit=2000):
    moves = []
    while not session.game.is_over() and len(moves) < limit:
        moves.append(session.computer_move())
    assert session.game.is_over()
    return moves


@pytest.mark.parametrize("name,config,seats,seed", GAMES)
def test_a_resumed_game_plays_on_move_for_move(name, config, seats, seed):
    reference = Session.new(name, config, seats, seed)
    moves = []
    saves = []  # (moves played, save record)
    while not reference.game.is_over():
        saves.append((len(moves), reference.encode()))
        moves.append(reference.computer_move())
    final = reference.game.encode()
    assert len(moves) > POINTS
    step = max(1, len(moves) // POINTS)
    points = sorted(set(list(range(1, len(moves), step)) + [len(moves) - 1]))
    for at in points:
        played, record = saves[at]
        resumed = Session.decode(record)
        assert resumed.encode() == record
        rest = _play_out(resumed)
        assert rest == moves[played:], (name, seed, at)
        assert resumed.game.encode() == final


def test_a_resume_at_every_move_of_a_pave_the_way_game_plays_on_identically():
    """Pave the Way replays a plan action by action: resume in the middle of every one of its turns."""
    reference = Session.new("pave-the-way", "", [2, 2], 12)
    records = []
    moves = []
    while not reference.game.is_over():
        records.append(reference.encode())
        moves.append(reference.computer_move())
    for at in range(0, len(moves), 3):
        resumed = Session.decode(records[at])
        for expected in moves[at : at + 12]:
            assert resumed.computer_move() == expected, at


def test_a_resume_inside_a_slide_cycle_still_leaves_the_position_seen_twice():
    """Pawns Crossing's players remember their turn starts (issue 22): in seed 4 four computers slide row 1 east
    from turn 8, player 3 is back at its turn-11 position at turn 15 and rolls. A save between those turns must carry
    the memory, or the resumed player 3 slides on (tests/core/pawns_crossing/test_ai.py)."""
    reference = Session.new("pawns-crossing", "players=4", [2, 2, 2, 2], 4)
    records = []
    moves = []
    while not reference.game.is_over():
        records.append((reference.game.turns(), reference.encode()))
        moves.append(reference.computer_move())
    for at in range(len(moves)):
        turn, record = records[at]
        if 10 <= turn <= 16:
            resumed = Session.decode(record)
            assert _play_out(resumed) == moves[at:], (at, turn)


def test_a_save_whose_computers_carried_another_size_loads_and_they_start_afresh():
    """Pawns Crossing's players carried their generator alone (8 bytes) before they remembered positions (24): a
    save of that firmware still loads, with its game; the computers start afresh from the seed."""
    seats = [2, 1, 2, 2]
    session = Session.new("pawns-crossing", "players=4", seats, 4)
    while session.game.turns() < 20:
        session.computer_move()
    record = session.encode()
    size = session.ai_module.Ai.CARRY_BYTES
    head = 7 + 4 + 4 + 2  # the seats, the teams and the progress of four seats
    old = record[:head] + b"".join(record[head + size * k : head + size * k + 8] for k in range(4))
    old += record[head + 4 * size :]
    loaded = Session.decode(old)
    assert loaded.seats == seats and loaded.game.encode() == session.game.encode()
    afresh = Session.new("pawns-crossing", "players=4", seats, 4).encode()[head : head + 4 * size]
    assert loaded.encode()[head:] == afresh + session.game.encode()
    assert record[head + 8 : head + size] != bytes(size - 8)  # the first computer had remembered positions


def test_a_save_whose_computers_carried_nothing_loads_and_they_start_afresh():
    """The carried states' size comes from the record's length: a record of a firmware whose player carried another
    size (here nothing) still loads, with its game, and the computers start afresh from the seed."""
    session = Session.new("clear-a-path", "players=2", [2, 2], 77)
    for _ in range(3):
        session.computer_move()
    record = session.encode()
    head = 7 + 2 + 2 + 2  # the seats, the teams and the progress of two seats
    loaded = Session.decode(record[:head] + record[head + 16 :])
    assert loaded.seats == [2, 2] and loaded.game.encode() == session.game.encode()
    afresh = Session.new("clear-a-path", "players=2", [2, 2], 77).encode()[head : head + 16]
    assert loaded.encode()[head : head + 16] == afresh != record[head : head + 16]


def test_a_version_2_save_still_loads_and_its_computers_start_afresh():
    session = Session.new("clear-a-path", "players=2", [HUMAN, 2], 77)
    record = session.encode()
    old = bytes([2]) + record[1:11] + record[11 + 2 + 8 :]  # version 2: no progress, no carried state (one computer)
    loaded = Session.decode(old)
    assert loaded.seats == [HUMAN, 2] and loaded.game.encode() == session.game.encode()


def test_damaged_carried_state_is_refused_with_a_reason():
    session = Session.new("pave-the-way", "", [2, 2], 4)
    session.computer_move()
    record = bytearray(session.encode())
    carried = 7 + 2 + 2 + 2  # after the seats, the teams and the progress
    record[carried : carried + 8] = bytes(8)  # a generator stuck at zero
    with pytest.raises(SaveError) as err:
        Session.decode(bytes(record))
    assert "computer players" in str(err.value)


def test_carried_state_round_trips_and_stays_below_2_30():
    for name in games.names():
        ai = games.load(name, "ai").Ai
        player = ai("normal", 123)
        size = ai.CARRY_BYTES
        buf = bytearray(size + 3)
        player.carry_into(buf, 3)
        again = ai("normal", 5)
        again.carry_from(buf, 3)
        out = bytearray(size + 3)
        again.carry_into(out, 3)
        assert out == buf
