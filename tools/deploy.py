# SPDX-License-Identifier: MIT
"""Copy a built CIRCUITPY tree to a mounted board.

    python -m tools.deploy --to PATH [--from DIR | --board B]

It refuses a path that is not a CIRCUITPY drive (no boot_out.txt). It copies only files whose bytes differ,
each written to a temporary name, flushed and synced, then renamed over the old file, so a pulled cable leaves
either the old or the new file. It deletes nothing, so the save slots the firmware keeps in /saves on the drive
(and nvm) stay as they are. The drive is the firmware's by default and read-only to the computer: hold SELECT (Y on
the PicoSystem) while the board starts to lend it to the computer (docs/device.md). It reports what it did.
"""

import argparse
import errno
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class DeployError(Exception):
    pass


def deploy(tree, drive, report=print):
    """Copy ``tree`` onto ``drive``; return (copied, unchanged) lists of relative paths."""
    tree = Path(tree)
    drive = Path(drive)
    if not drive.is_dir():
        raise DeployError("{} is not a folder".format(drive))
    if not (drive / "boot_out.txt").is_file():
        raise DeployError("{} is not a CIRCUITPY drive (it has no boot_out.txt); nothing was copied".format(drive))
    if not (tree / "code.py").is_file():
        raise DeployError("{} is not a built tree (no code.py): run python -m tools.build first".format(tree))
    copied = []
    unchanged = []
    for source in sorted(p for p in tree.rglob("*") if p.is_file()):
        relative = source.relative_to(tree)
        target = drive / relative
        data = source.read_bytes()
        if target.is_file() and target.read_bytes() == data:
            unchanged.append(str(relative))
            continue
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            temporary = target.with_name(target.name + ".tmp")
            with open(temporary, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, target)
        except OSError as err:
            if err.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                raise DeployError("{} is read-only: the console keeps the drive for its saves. Hold SELECT (Y on a "
                                  "PicoSystem) while the board starts to lend the drive to this computer, then deploy "
                                  "again ({} files were copied)".format(drive, len(copied)))
            raise
        copied.append(str(relative))
        report("copied    {}".format(relative))
    if hasattr(os, "sync"):
        os.sync()
    report("{} copied, {} unchanged, nothing deleted".format(len(copied), len(unchanged)))
    return copied, unchanged


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.deploy", description=__doc__.split("\n\n")[0])
    parser.add_argument("--to", required=True, help="the mounted CIRCUITPY drive")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--from", dest="tree", help="a built tree (default build/BOARD/CIRCUITPY)")
    source.add_argument("--board", default="pybadge", help="which build/BOARD/CIRCUITPY to copy")
    options = parser.parse_args(argv)
    tree = Path(options.tree) if options.tree else ROOT / "build" / options.board / "CIRCUITPY"
    try:
        deploy(tree, options.to)
    except (DeployError, OSError) as err:
        print("error: {}".format(err), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
