# SPDX-License-Identifier: MIT
"""Flash wear: the saves a game makes under the firmware's autosave policy, and the years of play they allow
(issue 20; the figures and their sources are in docs/device.md, "Flash wear").

    python -m tools.wear [--games N]

Plays N seeded games of each kind with the computer players choosing every move, and counts the writes the
firmware would make (firmware/session.py ``save_due``): one when the game opens, one after each turn of a human
seat (and every SAVE_EVERY actions within a long one), one at the end. "1 human" has a person in seat 0 and
computers elsewhere; "all human" is pass-and-play. Then, for each board, the years of 10 games a day until the
most-erased flash sector reaches its rated endurance: on the drive each write erases one slot's sectors, and the
slots take turns. In nvm alone (the drive lent to the computer) each write erases the whole nvm, so there is no
autosave there: a game is saved when it opens, on Save and quit and at its end (HOST_WRITES a game).
"""

import argparse
import sys

from firmware.session import Session
from sim.board import board_names, read_constants

# (game, config, seats with 2 = a computer at the normal level)
KINDS = (
    ("pave-the-way", "", 2),
    ("pawns-crossing", "players=2", 2),
    ("pawns-crossing", "players=4", 4),
    ("clear-a-path", "players=1", 1),
    ("clear-a-path", "players=2", 2),
    ("clear-a-path", "players=6", 6),
)
GAMES_A_DAY = 10
HOST_WRITES = 3  # nvm alone: open, one Save and quit, the end
YEARS_WANTED = 5
DRIVE_ENDURANCE = 100000  # erase cycles per 4 KB sector: GD25Q16C, GD25Q64C, W25Q64JV and W25Q128JV data sheets
# nvm: the SAMD51's figure was not found in the sources read (docs/device.md): the lowest Microchip rates for this
# NVMCTRL generation, marked to check; the RP2040's nvm is a sector of its W25Q128JV
NVM_ENDURANCE = {"pybadge": 10000, "pygamer": 10000, "picosystem": 100000}


def writes_per_game(name, config, seats, humans, seed):
    """The store writes one game makes with ``humans`` seats (from seat 0) played by people."""
    session = Session.new(name, config, [2] * seats, seed)
    people = set(range(humans))
    writes = 1  # the game opens: App.play saves it
    while not session.game.is_over():
        player = session.to_move()
        session.computer_move()
        if session.game.is_over():
            break
        if player in people and session.save_due(player):
            writes += 1
            session.saved()
    return writes + 1  # the end: one record without a game


def survey(games=5):
    """[(label, mean writes per game)]."""
    rows = []
    for name, config, seats in KINDS:
        for humans, label in ((1, "1 human"), (seats, "all human")):
            if humans == 1 and seats == 1 and label == "all human":
                continue
            counts = [writes_per_game(name, config, seats, humans, seed) for seed in range(games)]
            rows.append(("{} {} ({})".format(name, config or "2 sides", label), sum(counts) / len(counts)))
    return rows


def years(writes, sectors, endurance):
    """Years of GAMES_A_DAY games until a sector written once every ``sectors`` writes reaches ``endurance``."""
    return endurance * sectors / (writes * GAMES_A_DAY * 365.0)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.wear", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="seeded games of each kind (default 5)")
    options = parser.parse_args(argv)
    rows = survey(options.games)
    worst = max(writes for _, writes in rows)
    print("writes a game makes (mean of {} seeded games each):".format(options.games))
    for label, writes in rows:
        print("  {:50} {:6.1f}".format(label, writes))
    failed = False
    print("years of {} games a day, for the worst of them ({:.1f} writes a game):".format(GAMES_A_DAY, worst))
    for board in board_names():
        c = read_constants(board)
        drive = years(worst, c["SAVE_SLOTS"], DRIVE_ENDURANCE)
        nvm = years(HOST_WRITES, 1, NVM_ENDURANCE[board])
        print("  {:10} on the drive ({} slots, {} cycles): {:5.1f} years; nvm alone (drive lent, {} writes a game, "
              "{} cycles): {:4.1f} years".format(board, c["SAVE_SLOTS"], DRIVE_ENDURANCE, drive, HOST_WRITES,
                                                NVM_ENDURANCE[board], nvm))
        failed = failed or drive < YEARS_WANTED
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
