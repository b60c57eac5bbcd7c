# SPDX-License-Identifier: MIT
"""The device bundle: contents, headers and sizes of the built CIRCUITPY tree for every board."""

import subprocess
import sys
from pathlib import Path

import pytest

from sim.board import board_names
from tools import build
from tests.fixtures import race

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("board", board_names())
def test_tree_holds_entry_points_profile_firmware_and_libraries_only(tmp_path, board):
    sizes = build.build(board, tmp_path / "CIRCUITPY")
    out = tmp_path / "CIRCUITPY"
    files = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    assert files == {path for path, _ in sizes}
    # code.py picks the profile by board.board_id, so every profile and the selector are there
    profiles = {"lib/boards/{}.mpy".format(b) for b in board_names()}
    assert {"code.py", "boot.py", "lib/boards/select.mpy"} | profiles <= files
    assert "lib/firmware/app.mpy" in files and "lib/adafruit_display_text/label.mpy" in files
    assert "lib/neopixel.mpy" in files
    # each registered game's board view, imported by name when a game starts
    from core import games

    assert {"lib/firmware/views/{}.mpy".format(n.replace("-", "_")) for n in games.names()} <= files
    # and its lesson, imported by name by How to play and the tutorial
    assert {"lib/firmware/tutorials/{}.mpy".format(n.replace("-", "_")) for n in games.names()} <= files
    # and the tutorial's entry file, which the board runs once to open it on a fresh heap: code.py naming the game
    from firmware.tutorials import TUTORIAL_ENTRY, tutorial_of_entry

    code = (out / "code.py").read_text()
    for name in games.names():
        entry = TUTORIAL_ENTRY.format(name.replace("-", "_"))
        assert tutorial_of_entry(entry) == name
        assert (out / entry.lstrip("/")).read_text() == code.replace("TUTORIAL = None", "TUTORIAL = {!r}".format(name))
    assert not [f for f in files if f.startswith(("lib/sim", "lib/tools", "lib/tests", "lib/pygame"))]
    assert not [f for f in files if f.startswith("lib/") and f.endswith(".py")]
    for path in files:
        if path.endswith(".mpy"):
            header = (out / path).read_bytes()[:4]
            assert header[0:2] == b"C\x06", (path, header)
            assert header[3] == 31  # 31-bit small ints, as on the SAMD51


def test_no_compile_ships_sources(tmp_path):
    build.build("pybadge", tmp_path / "t", compile_files=False)
    assert (tmp_path / "t" / "lib" / "firmware" / "app.py").exists()
    assert (tmp_path / "t" / "lib" / "boards" / "select.py").exists()


def test_a_tree_larger_than_the_flash_budget_fails(tmp_path, monkeypatch):
    real = build.read_constants

    def tiny(board):
        constants = dict(real(board))
        constants["FLASH_FREE_BYTES"] = 1000
        return constants

    monkeypatch.setattr(build, "read_constants", tiny)
    with pytest.raises(build.BuildError, match="1000 bytes"):
        build.build("pybadge", tmp_path / "t")


def test_verify_twins_keep_micropythons_header_and_load_under_micropython(tmp_path):
    build.build("pybadge", tmp_path / "t", verify_dir=tmp_path / "v")
    store = tmp_path / "v" / "firmware" / "store.mpy"
    assert store.read_bytes()[:2] == b"M\x06"
    micropython = Path(sys.executable).parent / "micropython"
    done = subprocess.run(
        [str(micropython), "-c", "import sys; sys.path.insert(0, '{}'); import firmware.store as s; "
         "print(len(s.record(1, b'', None)))".format(tmp_path / "v")], capture_output=True, text=True)
    assert done.stdout.strip() == "15", done.stderr  # a record of nothing: the header and a length byte


def test_cli_prints_a_size_report(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tools.build", "--board", "pybadge", "--out", str(tmp_path / "o")],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "total in" in done.stdout and "lib/firmware/app.mpy" in done.stdout


def test_every_built_module_loads_and_a_damaged_one_is_caught(tmp_path):
    from tools import verify

    build.build("pybadge", tmp_path / "t", verify_dir=tmp_path / "v")
    assert verify.load_every_module(tmp_path / "v") == []
    damaged = tmp_path / "v" / "firmware" / "screens" / "howto.mpy"  # imported by nothing at import time
    data = bytearray(damaged.read_bytes())
    data[1] = 5  # a bytecode version this VM does not load
    damaged.write_bytes(bytes(data))
    failures = verify.load_every_module(tmp_path / "v")
    assert [module for module, _ in failures] == ["firmware.screens.howto"]


def test_a_registered_game_plays_from_the_built_files_within_the_heap(tmp_path, monkeypatch):
    from core import games
    from tools import verify

    monkeypatch.setattr(games, "GAMES", (race.INFO,))
    build.build("pybadge", tmp_path / "t", verify_dir=tmp_path / "v")
    assert (tmp_path / "t" / "lib" / "tests" / "fixtures" / "race_game" / "rules.mpy").exists()
    figures = verify.game_heap(tmp_path / "v", "race", 96)
    assert figures is not None and figures["moves"] > 0 and figures["after_import"] > 0
    assert verify.game_heap(tmp_path / "v", "race", 8) is None


@pytest.mark.parametrize("name", __import__("core.games", None, None, ["names"]).names())
def test_each_registered_game_plays_from_the_built_bundle_within_96_kb(tmp_path, name):
    from tools import verify

    build.build("pybadge", tmp_path / "t", verify_dir=tmp_path / "v")
    figures = verify.game_heap(tmp_path / "v", name, verify.HEAP_KB)
    assert figures is not None, "{}: a computer game does not fit in {} KB".format(name, verify.HEAP_KB)
    assert figures["moves"] > 0
    # the firmware, the game's view and its engine load together from the bundle (the heap they take is reported)
    assert verify.code_heap(tmp_path / "v", name) > figures["after_import"]
