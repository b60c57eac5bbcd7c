# SPDX-License-Identifier: MIT
"""Run the firmware on a simulated board.

    python -m sim [--board B] [--fresh] [--nvm FILE] [--drive host]  a window, or the terminal without a display
    python -m sim --term                                            the terminal renderer
    python -m sim --headless --script FILE [--screenshot-dir DIR]   scripted, in fast simulated time

Keys: arrows, Z = A, X = B, Enter = START, Tab = SELECT; Esc or closing the window quits.
Headless runs exit 1 with the traceback if the firmware raised, 2 on a bad script or option.
"""

import argparse
import os
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_NVM = ROOT / "sim-nvm-{}.bin"


def _options(argv):
    from sim.board import board_names

    parser = argparse.ArgumentParser(prog="python -m sim", description="Desktop simulator of the console.")
    parser.add_argument("--board", default="pybadge", choices=board_names())
    parser.add_argument("--headless", action="store_true", help="no window: run --script in simulated time")
    parser.add_argument("--script", help="the script to run headless (docs/simulator.md)")
    parser.add_argument("--screenshot-dir", help="where 'screenshot NAME' writes its PNGs")
    parser.add_argument("--term", action="store_true", help="render into this terminal")
    parser.add_argument("--fresh", action="store_true", help="start with empty storage")
    parser.add_argument("--nvm", help="storage file (default sim-nvm-BOARD.bin; headless: none unless given); the "
                        "drive's save slots persist in the folder FILE.drive")
    parser.add_argument("--drive", choices=("device", "host"), default="device",
                        help="host: the drive lent to the computer (as with SELECT held at power-on): "
                             "saves in nvm alone")
    options = parser.parse_args(argv)
    if options.headless and not options.script:
        parser.error("--headless needs --script FILE")
    if options.nvm and os.path.exists(options.nvm) and not os.path.isfile(options.nvm):
        parser.error("--nvm must name a regular file")
    return options


def _screenshotter(profile, directory):
    from sim import render

    def screenshot(name):
        directory.mkdir(parents=True, exist_ok=True)
        render.save_png(profile.display.frame, directory / "{}.png".format(name))
        render.save_png(render.led_image(render.led_colors(profile)), directory / "{}-leds.png".format(name))

    return screenshot


def run_headless(options):
    from sim import script
    from sim.board import make_profile

    try:
        commands = script.parse(Path(options.script).read_text())
    except (OSError, script.ScriptError) as err:
        print("error: {}: {}".format(options.script, err), file=sys.stderr)
        return 2
    profile = make_profile(options.board, options.nvm, options.fresh, simulated_time=True, seed=1, reloads=True,
                           drive=options.drive)
    directory = Path(options.screenshot_dir) if options.screenshot_dir else None
    shot = _screenshotter(profile, directory) if directory else None
    try:
        from firmware.app import App

        app = App(profile)
        app.start()
        script.Runner(app, profile, shot).run(commands)
    except Exception:  # the firmware raised: report it as the failure of this run
        traceback.print_exc()
        return 1
    return 0


def main(argv=None):
    options = _options(argv)
    sys.path.insert(0, str(ROOT))
    if options.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        return run_headless(options)
    nvm = options.nvm or str(DEFAULT_NVM).format(options.board)
    if options.term or not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        from sim.terminal import run_terminal

        return run_terminal(options.board, nvm, options.fresh, options.drive)
    from sim.window import run_window

    return run_window(options.board, nvm, options.fresh, drive=options.drive)


if __name__ == "__main__":
    sys.exit(main())
