# SPDX-License-Identifier: MIT
"""Text goldens of the engines: legal-move counts by depth from fixed positions, and seeded playthroughs.

    python -m tools.goldens            check: exit 1 and print the first difference of each file that changed
    python -m tools.goldens --write    regenerate tests/golden/<game>/ (only after reading the diff)

Per game, ``perft.txt`` holds positions from seeded games of every configuration the file lists (move 0, and
later moves) with the number of move sequences of each depth from them (chance resolves from the position's
generator, so the counts are exact), python-chess's perft files in spirit. ``playthrough-<config>.txt`` is a
seeded game of random legal moves: at every step the position and every legal move, then the move played;
OpenSpiel's playthroughs in spirit. A change of rules, of move order or of notation shows here as a
difference, whether or not a property test notices. ``tests/test_goldens.py`` runs the check.
"""

import argparse
import sys
from pathlib import Path

from core import games
from core.game import move_buffer, ONGOING
from core.notation import format_position
from core.prng import Prng

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
NODE_LIMIT = 150000  # deepest depth whose count stays within this, per position

# (config, seed, moves into the game before the position is taken) per perft position
PERFT_POSITIONS = {
    "pave-the-way": (("", 1, 0), ("", 2, 12), ("", 3, 40), ("sequentialplacement=1", 4, 20),
                     ("allowsplit=1 guardsmaymovetwice=1", 5, 60)),
    "pawns-crossing": (("players=2", 1, 0), ("players=2", 2, 14), ("players=3", 3, 30), ("players=4", 4, 60),
                       ("players=2 balance=1", 5, 0), ("players=4 strictentry=1", 6, 45)),
    "clear-a-path": (("players=1", 1, 0), ("players=1", 2, 25), ("players=2", 3, 10), ("players=3", 4, 30),
                     ("players=5", 5, 40), ("players=6 unevendraft=1", 6, 20)),
}
# (config, seed, steps) per playthrough
PLAYTHROUGHS = {
    "pave-the-way": (("", 7, 45),),
    "pawns-crossing": (("players=2", 7, 50), ("players=4", 8, 50)),
    "clear-a-path": (("players=1", 7, 120), ("players=3", 8, 90)),
}


def _modules(name):
    return games.load(name, "rules"), games.load(name, "notation")


def _random_game(rules, config, seed, moves):
    """A game of ``moves`` random legal moves from the seeded start (fewer if it ends)."""
    game = rules.Game(config, seed)
    buf = move_buffer(rules.Game.MAX_MOVES)
    chooser = Prng(seed + 101)
    for _ in range(moves):
        count = game.legal_moves(buf)
        if not count:
            break
        game.apply_legal(buf[chooser.below(count)])
    return game


def _counts(rules, game, node_limit):
    """Sequences of each depth from ``game``, deepening while the count stays within ``node_limit``."""
    counts = []
    depth = 1
    while True:
        buffers = [move_buffer(rules.Game.MAX_MOVES) for _ in range(depth)]
        scratch = [rules.Game(game.config, 0) for _ in range(depth + 1)]
        scratch[0].copy_from(game)
        total = _perft(scratch, buffers, 0, depth, node_limit)
        if total < 0:
            return counts
        counts.append(total)
        if not total:
            return counts
        depth += 1


def _perft(scratch, buffers, level, depth, limit):
    """Leaf count below scratch[level] at ``depth``; -1 once it passes ``limit``."""
    game = scratch[level]
    buf = buffers[level]
    count = game.legal_moves(buf)
    if level == depth - 1:
        return count if count <= limit else -1
    total = 0
    child = scratch[level + 1]
    for i in range(count):
        child.copy_from(game)
        child.apply_legal(buf[i])
        below = _perft(scratch, buffers, level + 1, depth, limit - total)
        if below < 0:
            return -1
        total += below
    return total


def perft_text(name):
    rules, notation = _modules(name)
    out = ["# {} perft: positions from seeded random games, then 'depth N count C' (tools/goldens.py)".format(name)]
    for config, seed, moves in PERFT_POSITIONS[name]:
        game = _random_game(rules, config, seed, moves)
        out.append("")
        out.append("id {} seed {} after {} random moves".format(config or "default", seed, moves))
        out.extend(format_position(game, notation).rstrip("\n").split("\n"))
        for depth, count in enumerate(_counts(rules, game, NODE_LIMIT), 1):
            out.append("depth {} count {}".format(depth, count))
    return "\n".join(out) + "\n"


def playthrough_text(name, config, seed, steps):
    rules, notation = _modules(name)
    game = rules.Game(config, seed)
    buf = move_buffer(rules.Game.MAX_MOVES)
    chooser = Prng(seed + 101)
    out = ["# {} playthrough: config '{}' seed {}, random legal moves (tools/goldens.py)".format(name, config, seed)]
    for step in range(steps + 1):
        count = game.legal_moves(buf)
        out.append("")
        out.append("step {} player {} result {}".format(step, game.current_player(),
                                                        "ongoing" if game.result() == ONGOING else game.result()))
        out.extend(format_position(game, notation).rstrip("\n").split("\n")[2:])  # game and config: in the title
        out.append("legal {}: {}".format(count, " | ".join(notation.format_move(game, buf[i]) for i in range(count))))
        if not count or step == steps:
            break
        move = buf[chooser.below(count)]
        out.append("play " + notation.format_move(game, move))
        game.apply_legal(move)
    return "\n".join(out) + "\n"


def expected_files():
    """{path: text} of every golden file, computed now."""
    files = {}
    for name in games.names():
        folder = GOLDEN / name
        files[folder / "perft.txt"] = perft_text(name)
        for config, seed, steps in PLAYTHROUGHS[name]:
            label = config.replace("=", "").replace(" ", "-") or "default"
            files[folder / "playthrough-{}-seed{}.txt".format(label, seed)] = playthrough_text(name, config, seed,
                                                                                               steps)
    return files


def first_difference(expected, actual):
    """The first differing line of two texts, as a short report; None when equal."""
    if expected == actual:
        return None
    old = actual.splitlines()
    new = expected.splitlines()
    for i in range(max(len(old), len(new))):
        a = old[i] if i < len(old) else "<end of file>"
        b = new[i] if i < len(new) else "<end of file>"
        if a != b:
            return "line {}:\n  golden: {}\n  now:    {}".format(i + 1, a[:300], b[:300])
    return "same lines, different endings"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.goldens", description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="regenerate the golden files")
    options = parser.parse_args(argv)
    failed = 0
    for path, text in sorted(expected_files().items()):
        if options.write:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            print("wrote {} ({} bytes)".format(path.relative_to(ROOT), len(text)))
            continue
        actual = path.read_text() if path.exists() else ""
        difference = first_difference(text, actual)
        if difference:
            failed += 1
            print("{} differs at {}".format(path.relative_to(ROOT), difference))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
