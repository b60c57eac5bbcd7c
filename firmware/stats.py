# SPDX-License-Identifier: MIT
"""Each game's statistics, kept in the settings record (firmware/settings.py, a STATS block a game): the games
finished, the games against the computer and the wins, by the strongest computer level at the table, and the solo
win streak with the best one. Imported only at a game's end and by Settings' statistics page.

A block is ``games (2) | (played (2), won (2)) for each of LEVELS | streak (1) | best streak (1)``, little-endian,
each count held at its largest value rather than wrapping. Its length tells how many levels it counts: blocks
written before ``hard`` (12 bytes, two levels) read as they were, with nothing against ``hard``, and are written
back at the new size with the next game.
"""

from firmware.settings import LEVELS, STATS

SIZE = 2 + 4 * len(LEVELS) + 2


def read(settings, game_id):
    """The counts as a list: games, then played and won for each level, then streak and best streak."""
    data = settings.blocks.get(STATS | game_id, b"")
    stored = (len(data) - 4) // 4 if len(data) >= 4 else 0  # the levels the block was written with
    counts = [data[0] | (data[1] << 8) if stored else 0]
    for i in range(1, 1 + 2 * len(LEVELS)):
        counts.append(data[2 * i] | (data[2 * i + 1] << 8) if i <= 2 * stored else 0)
    end = 2 + 4 * stored
    counts.append(data[end] if stored else 0)
    counts.append(data[end + 1] if stored else 0)
    return counts


def _write(settings, game_id, counts):
    data = bytearray(SIZE)
    for i in range(len(counts) - 2):
        value = min(0xFFFF, counts[i])
        data[2 * i] = value & 0xFF
        data[2 * i + 1] = value >> 8
    data[SIZE - 2] = min(255, counts[-2])
    data[SIZE - 1] = min(255, counts[-1])
    settings.blocks[STATS | game_id] = bytes(data)


def record(settings, game_id, seats, result):
    """Count a finished game: ``seats`` as the session's (0 a human, 1 + a level index a computer), ``result`` the
    game's (a winner's index, DRAW or LOSS). Returns the line the result screen shows."""
    counts = read(settings, game_id)
    counts[0] += 1
    humans = [p for p in range(len(seats)) if seats[p] == 0]
    strongest = max(seats)
    if len(seats) == 1:  # solo
        counts[-2] = counts[-2] + 1 if result == 0 else 0
        counts[-1] = max(counts[-1], counts[-2])
    elif humans and strongest:
        level = min(strongest, len(LEVELS)) - 1
        counts[1 + 2 * level] += 1
        if result in humans:
            counts[2 + 2 * level] += 1
    _write(settings, game_id, counts)
    return summary(counts, seats)


def summary(counts, seats):
    """One short line about the game just played: the solo streak, the wins against its computer level, or the
    games played."""
    if len(seats) == 1:
        return "Streak {}, best {}".format(counts[-2], counts[-1])
    strongest = max(seats)
    if strongest and 0 in seats:
        level = min(strongest, len(LEVELS)) - 1
        return "Won {} of {} vs {}".format(counts[2 + 2 * level], counts[1 + 2 * level], LEVELS[level])
    return "Games played: {}".format(counts[0])


def lines(settings, game_id):
    """The statistics page's lines for one game."""
    counts = read(settings, game_id)
    out = ["Games played: {}".format(counts[0])]
    for level in range(len(LEVELS)):
        out.append("Won vs {}: {} of {}".format(LEVELS[level], counts[2 + 2 * level], counts[1 + 2 * level]))
    if counts[-1]:  # a game with a solo mode, won at least once
        out.append("Solo streak: {}, best {}".format(counts[-2], counts[-1]))
    return out
