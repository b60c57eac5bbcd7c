# SPDX-License-Identifier: MIT
"""Screenshots from scripted simulator runs, so the README's pictures and the golden images stay true.

    python -m tools.screenshots            write docs/screenshots/*.png from sim/scripts/*.txt (the PyBadge), and
                                           the golden pictures on the PicoSystem's 240x240 screen to
                                           docs/screenshots/240x240/
    python -m tools.screenshots --golden   also refresh tests/golden/SIZE/ (the images the golden tests compare,
                                           one set per screen size)

Each script's ``screenshot NAME`` lines name the pictures. Regenerate the golden images only after checking
the new pictures by eye: the tests then hold the firmware to them.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "sim" / "scripts"
DOCS = ROOT / "docs" / "screenshots"
GOLDEN = ROOT / "tests" / "golden"
# The pictures the golden tests compare: (script, screenshot name)
GOLDEN_SHOTS = (("menus", "title"), ("pave_the_way", "pave-the-way"), ("pawns_crossing", "pawns-crossing"),
                ("clear_a_path", "clear-a-path"), ("pave_the_way_game", "pave-the-way-over"),
                ("pawns_crossing_game", "pawns-crossing-over"), ("clear_a_path_game", "clear-a-path-over"))
# One board per distinct screen size: (board, folder under tests/golden/). The PyGamer draws as the PyBadge does.
GOLDEN_BOARDS = (("pybadge", "160x128"), ("picosystem", "240x240"))


def run_script(script, directory, board="pybadge"):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "-m", "sim", "--board", board, "--headless", "--script", str(script),
         "--screenshot-dir", str(directory)],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.screenshots", description=__doc__.split("\n\n")[0])
    parser.add_argument("--golden", action="store_true", help="also refresh tests/golden/")
    options = parser.parse_args(argv)
    DOCS.mkdir(parents=True, exist_ok=True)
    for script in sorted(SCRIPTS.glob("*.txt")):
        done = run_script(script, DOCS / script.stem)
        if done.returncode != 0:
            print("{} failed:\n{}".format(script.name, done.stderr), file=sys.stderr)
            return 1
        print("wrote", DOCS / script.stem)
    for board, size in GOLDEN_BOARDS:
        with tempfile.TemporaryDirectory() as shots:
            for script in sorted({script for script, _ in GOLDEN_SHOTS}):
                done = run_script(SCRIPTS / "{}.txt".format(script), Path(shots), board)
                if done.returncode != 0:
                    print("{} on {} failed:\n{}".format(script, board, done.stderr), file=sys.stderr)
                    return 1
            folders = ([GOLDEN / size] if options.golden else []) + ([DOCS / size] if board != "pybadge" else [])
            for folder in folders:
                folder.mkdir(parents=True, exist_ok=True)
                for _, name in GOLDEN_SHOTS:
                    for suffix in ("", "-leds"):
                        picture = "{}{}.png".format(name, suffix)
                        shutil.copy(Path(shots) / picture, folder / picture)
                print("wrote", folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
