# SPDX-License-Identifier: MIT
"""Count the key presses a move takes on the device, and check every legal move can be entered.

    python -m tools.presses GAME [--games N] [--sample K] [--board B] [--json]

Seeded games are played in the headless simulator with every seat human; the moves come from the engine's
``easy`` computer player. At every position the view is asked for the key sequence that enters a move from the
start of the choice (``keys_for``, firmware/views/cursor.py), the simulator is driven with exactly those keys, and
the move the engine received must be that move. Besides the move played, up to ``--sample`` other legal moves of
each position are entered the same way and then taken back. Hand-over screens are passed with A and recaps of the other side's turn skipped with B, neither counted.

Prints the median, 95th percentile and largest number of presses per move (``--json``: one object). Exits 1 if a
move could not be entered or the engine received another. ``tests/test_presses.py`` runs a bounded sample.
"""

import argparse
import json
import sys
import tempfile
from pathlib import Path

from core import games
from core.game import move_buffer
from core.prng import Prng

PLAYING = 0  # firmware/screens/play.py's modes
HANDOVER = 1
RECAP = 6


def measure(name, game_count=3, sample=4, board="pybadge", seed=0, max_moves=400):
    """Play ``game_count`` games; return {"presses": [...], "failures": [...], "moves": n}."""
    from firmware.app import App
    from firmware.session import Session
    from sim import script
    from sim.board import make_profile

    ai = games.load(name, "ai")
    rules = games.load(name, "rules")
    buf = move_buffer(rules.Game.MAX_MOVES)
    presses = []
    failures = []
    entered = 0
    folder = tempfile.mkdtemp(prefix="presses-")
    for g in range(game_count):
        game_seed = seed * 100 + g
        profile = make_profile(board, str(Path(folder) / "nvm{}.bin".format(g)), fresh=True, simulated_time=True,
                               seed=game_seed)
        app = App(profile)
        app.start()
        probe = rules.Game(None, game_seed)
        session = Session.new(name, probe.config, [0] * probe.player_count(), game_seed)
        app.play(session)
        runner = script.Runner(app, profile)
        received = []
        original = session.human_move

        def record(move, original=original, received=received):
            received.append(move)
            original(move)

        session.human_move = record
        player = ai.Ai("easy", game_seed)
        chooser = Prng(game_seed + 1)
        before = rules.Game(probe.config, 0)
        for _ in range(max_moves):
            game = session.game
            if game.is_over():
                break
            while app.screen.mode in (HANDOVER, RECAP):  # passed (A) or skipped (B), not counted
                runner.run(script.parse("press A\n" if app.screen.mode == HANDOVER else "press B\n"))
            view = app.screen.view
            count = game.legal_moves(buf)
            others = [buf[chooser.below(count)] for _ in range(min(sample, count))]
            played = player.choose(game)
            for index, move in enumerate(others + [played]):
                keys = view.keys_for(move)
                if keys is None:
                    failures.append("{} seed {}: no keys for legal move {}".format(name, game_seed, move))
                    continue
                before.copy_from(game)
                cursor = view.cursor
                del received[:]
                runner.run(script.parse("".join("press {}\n".format(k) for k in keys)))
                entered += 1
                if received != [move]:
                    failures.append("{} seed {}: keys {} entered {} instead of {}".format(
                        name, game_seed, " ".join(keys), received, move))
                    if not received:
                        view.cancel()
                        continue
                presses.append(len(keys))
                if index < len(others):  # take it back: the same position, the same cursor, for the next
                    game.copy_from(before)
                    screen = app.screen
                    screen._uncover()
                    screen.mode = PLAYING
                    view.cursor = cursor
                    view.refresh()
            if received != [played]:
                break
    return {"presses": presses, "failures": failures, "moves": entered}


def summary(presses):
    ordered = sorted(presses)
    if not ordered:
        return {"median": 0, "p95": 0, "max": 0, "count": 0}
    return {"median": ordered[len(ordered) // 2], "p95": ordered[min(len(ordered) - 1, len(ordered) * 95 // 100)],
            "max": ordered[-1], "count": len(ordered)}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.presses", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--sample", type=int, default=4, help="other legal moves entered at each position")
    parser.add_argument("--board", default="pybadge")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    result = measure(options.game, options.games, options.sample, options.board, options.seed)
    report = dict(summary(result["presses"]), game=options.game, board=options.board, failures=len(result["failures"]))
    if options.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print("{game} on {board}: {count} moves entered, presses median {median}, p95 {p95}, max {max}; "
              "{failures} failures".format(**report))
    for line in result["failures"][:10]:
        print("FAIL " + line, file=sys.stderr)
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
