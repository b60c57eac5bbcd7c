# SPDX-License-Identifier: MIT
"""Deploying a built tree: only to a CIRCUITPY drive, only changed files, nothing of the user's touched."""

import subprocess
import sys
from pathlib import Path

from tools import build
from tools.deploy import DeployError, deploy

ROOT = Path(__file__).resolve().parent.parent


def fake_drive(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\n")
    (drive / "settings.toml").write_text("# the user's own file\n")
    return drive


def test_deploys_then_copies_only_what_changed_and_keeps_the_users_files(tmp_path):
    tree = tmp_path / "tree"
    build.build("pybadge", tree)
    drive = fake_drive(tmp_path)
    lines = []
    copied, unchanged = deploy(tree, drive, lines.append)
    assert "code.py" in copied and "lib/firmware/app.mpy" in copied and not unchanged
    select = Path("lib") / "boards" / "select.mpy"
    assert (drive / select).read_bytes() == (tree / select).read_bytes()
    assert (drive / "settings.toml").read_text() == "# the user's own file\n"
    assert not list(drive.rglob("*.tmp"))
    (tree / "code.py").write_text((tree / "code.py").read_text() + "\n# changed\n")
    copied, unchanged = deploy(tree, drive, lines.append)
    assert copied == ["code.py"] and len(unchanged) > 10
    assert lines[-1].startswith("1 copied")


def test_refuses_a_folder_that_is_not_a_circuitpy_drive(tmp_path):
    tree = tmp_path / "tree"
    build.build("pybadge", tree)
    target = tmp_path / "not-a-board"
    target.mkdir()
    try:
        deploy(tree, target, lambda line: None)
        raise AssertionError("deploy accepted a folder without boot_out.txt")
    except DeployError as err:
        assert "boot_out.txt" in str(err)
    assert list(target.iterdir()) == []
    done = subprocess.run([sys.executable, "-m", "tools.deploy", "--to", str(target), "--from", str(tree)],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "not a CIRCUITPY drive" in done.stderr and "Traceback" not in done.stderr


def test_a_drive_the_console_keeps_for_its_saves_is_refused_with_the_way_to_lend_it(tmp_path, monkeypatch):
    import errno
    import os

    tree = tmp_path / "tree"
    build.build("pybadge", tree)
    drive = fake_drive(tmp_path)
    (drive / "saves").mkdir()
    (drive / "saves" / "end").write_bytes(bytes(16))

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "replace", read_only)
    try:
        deploy(tree, drive, lambda line: None)
        raise AssertionError("deploy went on on a read-only drive")
    except DeployError as err:
        assert "read-only" in str(err) and "SELECT" in str(err)
    assert (drive / "saves" / "end").read_bytes() == bytes(16)  # the save slots are never touched
