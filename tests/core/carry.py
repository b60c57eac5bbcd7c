# SPDX-License-Identifier: MIT
"""What a computer player carries from one decision to the next (``Ai.carry_into`` / ``carry_from``): a player
restored from it at any point of a seeded computer game decides as the original would have, on every VM.
The checks each game's portable ``test_carry`` runs under pytest and MicroPython (firmware/session.py saves this
state; tests/test_resume.py checks whole resumed games)."""

from core import games


def _players(ai, count, seed, levels):
    return [ai.Ai(levels[seat % 2], seed * 31 + seat) for seat in range(count)]


def restored_players_decide_as_the_originals(name, config, seed, moves, levels=("normal", "easy")):
    rules = games.load(name, "rules")
    ai = games.load(name, "ai")
    kept = rules.Game(config, seed)  # its players are never restored
    restored = rules.Game(config, seed)  # its players are replaced from their carried state every few moves
    originals = _players(ai, kept.player_count(), seed, levels)
    players = _players(ai, kept.player_count(), seed, levels)
    buf = bytearray(ai.Ai.CARRY_BYTES)
    for played in range(moves):
        if kept.is_over():
            break
        if played % 5 == 2:
            for index in range(len(players)):
                players[index].carry_into(buf)
                fresh = ai.Ai(players[index].level, 999)
                fresh.carry_from(buf)
                players[index] = fresh
        move = originals[kept.current_player()].choose(kept)
        again = players[restored.current_player()].choose(restored)
        assert again == move, (name, played)
        kept.apply(move)
        restored.apply(again)


def carried_state_round_trips_and_a_damaged_one_is_refused(name, seed):
    ai = games.load(name, "ai").Ai
    player = ai("normal", seed)
    buf = bytearray(ai.CARRY_BYTES + 2)
    player.carry_into(buf, 2)
    other = ai("normal", seed + 1)
    other.carry_from(buf, 2)
    again = bytearray(ai.CARRY_BYTES + 2)
    other.carry_into(again, 2)
    assert again == buf
    for k in range(2, 10):
        buf[k] = 0  # a generator stuck at zero is no state
    try:
        other.carry_from(buf, 2)
    except ValueError:
        return
    raise AssertionError("{}: a damaged state was accepted".format(name))
