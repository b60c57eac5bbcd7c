# SPDX-License-Identifier: MIT
"""Power cuts at every point of every save, under the erase-unit model of each board's flash (issue 20).

    python -m tools.powercut [--board B] [--drive device|host]

For each board profile it runs a sequence of writes through the firmware's store (firmware/store.py) on the
simulator's flash (sim/flash.py: a write erases its whole unit, then reprograms it from its start): saves of games of
several sizes, a change of settings, the end of a game, a new game, and enough saves to go round the drive's ring of
slots. Each write is cut at every 64 bytes of its unit's reprogramming, at every byte of the records' headers, and
during the erase; after each cut a fresh store loads what is left. A cut point *loses* when that is neither the
record before the write nor the new one (settings and game both).

``--drive device`` (the default: boot.py gave the drive to the firmware) must lose nothing. ``--drive host`` (the
drive lent to the computer, saves in nvm alone, one erase unit) loses exactly the cut points in the window the docs
and Settings state: the erase, then the reprogramming up to the end of the first record in the unit.
Exit status 1 if a cut loses in device mode or outside that window in host mode.
"""

import argparse
import copy
import sys

from firmware.store import HEADER, Store, record
from sim.board import Nvm, SaveFiles, board_names, read_constants
from sim.flash import PowerCut

SETTINGS = (bytes((4, 3, 1, 1, 1)), bytes((4, 5, 0, 0, 1)))
SIZES = (40, 700, 300, 980, 120)  # saved games of about these sizes: race, Pave the Way, Clear a Path, the largest


def _game(size, salt):
    """A stand-in saved game: the store does not read it, only keeps it whole."""
    return bytes((salt * 31 + k * 7) & 0xFF for k in range(size))


def _writes(slots):
    """(kind, settings, game) of each write in the sequence."""
    writes = [("settings", SETTINGS[0], None)]
    for k in range(len(SIZES)):
        writes.append(("game", SETTINGS[0], _game(SIZES[k], k)))
    writes.append(("settings", SETTINGS[1], _game(SIZES[-1], len(SIZES) - 1)))
    writes.append(("end of a game", SETTINGS[1], None))
    for k in range(slots + 2):  # round the ring of slots and past the first one again
        writes.append(("game", SETTINGS[1], _game(SIZES[k % len(SIZES)], 10 + k)))
    return writes


class Board:
    """A board's storage in the simulator: its nvm and, unless None, its drive's save slots."""

    def __init__(self, name, drive):
        self.constants = read_constants(name)
        c = self.constants
        self.nvm = Nvm(c["NVM_BYTES"], None, c["NVM_ERASE_BYTES"])
        self.files = SaveFiles(c["SAVE_SLOTS"], c["SAVE_RECORD_BYTES"], c["DRIVE_ERASE_BYTES"],
                               writable=drive == "device")

    def store(self):
        return Store(self.nvm, self.files)

    def snapshot(self):
        return copy.deepcopy((self.nvm.flash.data, self.files.flash.data, self.files.writable))

    def restore(self, state):
        self.nvm.flash.data[:] = state[0]
        self.files.flash.data[:] = state[1]
        self.files.writable = state[2]


def cut_points(unit, header_starts):
    """-1 (during the erase), every 64 bytes of the unit's reprogramming, and every byte of each header."""
    points = set([-1] + list(range(0, unit + 1, 64)))
    for start in header_starts:
        points.update(range(start, start + HEADER + 1))
    return sorted(points)


def campaign(name, drive="device"):
    """Run the cuts for one board; return a report dict (counts per kind of write, and the losing cut points)."""
    board = Board(name, drive)
    c = board.constants
    report = {"board": name, "drive": drive, "writes": 0, "cut_points": 0, "losses": [], "outside_window": [],
              "by_kind": {}}
    store = board.store()
    for kind, settings, game in _writes(c["SAVE_SLOTS"]):
        before = (store.settings, store.game)
        after = (settings, game)
        number = store.number + 1
        if store.on_drive:
            unit = c["DRIVE_ERASE_BYTES"]
            headers = [0]
            window = 0  # nothing is at risk: the record before is in another slot
        else:
            unit = c["NVM_ERASE_BYTES"]
            half = c["NVM_BYTES"] // 2
            headers = [0, half]
            # the unit is reprogrammed from its start: the first record in it, old or new, is whole once its bytes
            # are; before that, neither record is (the erase took both)
            first = record(number, settings, game) if number & 1 == 0 else record(number - 1, *before)
            window = len(first)
        state = board.snapshot()
        points = cut_points(unit, headers)
        counts = report["by_kind"].setdefault(kind, [0, 0])
        for cut in points:
            board.restore(state)
            target = board.nvm.flash if not store.on_drive else board.files.flash
            probe = board.store()
            target.cut = cut
            try:
                probe.save(settings, game)
            except PowerCut:
                pass
            target.cut = None
            loaded = board.store()
            got = (loaded.settings, loaded.game)
            counts[0] += 1
            if got != before and got != after:
                counts[1] += 1
                report["losses"].append((kind, number, cut))
                if cut >= window:
                    report["outside_window"].append((kind, number, cut))
        report["cut_points"] += len(points)
        report["writes"] += 1
        board.restore(state)
        store = board.store()
        store.save(settings, game)
    return report


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.powercut", description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", choices=board_names(), help="one board (default: every profile)")
    parser.add_argument("--drive", choices=("device", "host"), help="device: the drive is the firmware's (default "
                        "both)")
    options = parser.parse_args(argv)
    failed = False
    for name in [options.board] if options.board else board_names():
        for drive in [options.drive] if options.drive else ["device", "host"]:
            report = campaign(name, drive)
            lost = len(report["losses"])
            print("{:10} drive={:6} {:3} writes, {:5} cut points, {:4} lose the previous save or the settings".format(
                name, drive, report["writes"], report["cut_points"], lost))
            for kind, (points, losses) in sorted(report["by_kind"].items()):
                print("    {:14} {:5} cut points, {:4} lose".format(kind, points, losses))
            if drive == "device" and lost or report["outside_window"]:
                failed = True
                print("    FAIL: losing cuts (kind, record number, cut):", report["losses"][:10])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
