# SPDX-License-Identifier: MIT
"""The simulator: headless scripts drive the real firmware; golden images; the terminal renderer in a pty."""

import os
import pty
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

import numpy as np
import pytest

from tools.screenshots import GOLDEN_BOARDS, GOLDEN_SHOTS  # the complete games of every engine are among them

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def sim(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "sim"] + list(args), cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=timeout)


def load_png(path):
    import pygame

    return pygame.surfarray.array3d(pygame.image.load(str(path))).swapaxes(0, 1).astype(int)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_menus_script_runs_and_writes_screenshots(tmp_path):
    done = sim("--headless", "--script", "sim/scripts/menus.txt", "--screenshot-dir", str(tmp_path))
    assert done.returncode == 0, done.stderr
    for name in ("title", "menu", "howto", "settings", "title-again"):
        tft = load_png(tmp_path / "{}.png".format(name))
        assert tft.shape == (128, 160, 3)
        assert (tmp_path / "{}-leds.png".format(name)).exists()
    # the screens differ: the script really moved through the menus
    assert np.abs(load_png(tmp_path / "menu.png") - load_png(tmp_path / "howto.png")).sum() > 0


@pytest.mark.parametrize("board,size", GOLDEN_BOARDS)
@pytest.mark.parametrize("script,shot", GOLDEN_SHOTS)
def test_screens_match_the_golden_images_exactly(tmp_path, board, size, script, shot):
    done = sim("--board", board, "--headless", "--script", "sim/scripts/{}.txt".format(script),
               "--screenshot-dir", str(tmp_path))
    assert done.returncode == 0, done.stderr
    for suffix in ("", "-leds"):
        name = "{}{}.png".format(shot, suffix)
        got = load_png(tmp_path / name)
        golden = load_png(ROOT / "tests" / "golden" / size / name)
        assert got.shape == golden.shape, "{}: {} against the golden's {}".format(name, got.shape, golden.shape)
        differing = np.abs(got - golden).max(axis=2) > 0
        if differing.any():
            diff = tmp_path / "diff-{}".format(name)
            save_diff(golden, differing, diff)
            y, x = np.argwhere(differing)[0]
            raise AssertionError("{}: {} pixels differ, the first at x={} y={}; differences in red: {}; if the "
                                 "change is intended: python -m tools.screenshots --golden".format(
                                     name, int(differing.sum()), x, y, diff))


def save_diff(golden, differing, path):
    """The golden picture dimmed, with every differing pixel in red."""
    import pygame

    picture = (golden // 3).astype("uint8")
    picture[differing] = (255, 0, 0)
    pygame.image.save(pygame.surfarray.make_surface(picture.swapaxes(0, 1)), str(path))


def test_a_changed_pixel_fails_the_golden_comparison_and_writes_a_diff(tmp_path):
    golden = load_png(ROOT / "tests" / "golden" / "160x128" / "title.png")
    changed = golden.copy()
    changed[5, 7] = (changed[5, 7] + 1) % 256
    differing = np.abs(changed - golden).max(axis=2) > 0
    assert differing.sum() == 1
    save_diff(golden, differing, tmp_path / "d.png")
    assert tuple(load_png(tmp_path / "d.png")[5, 7]) == (255, 0, 0)


def test_nvm_must_be_a_regular_file(tmp_path):
    done = sim("--headless", "--fresh", "--nvm", str(tmp_path), "--script", "sim/scripts/menus.txt")
    assert done.returncode == 2 and "regular file" in done.stderr and tmp_path.is_dir()


def test_a_bad_script_exits_2_naming_the_line(tmp_path):
    done = sim("--headless", "--script", str(write(tmp_path, "bad.txt", "press A\njump 3\n")))
    assert done.returncode == 2 and "line 2" in done.stderr and "Traceback" not in done.stderr
    done = sim("--headless", "--script", str(write(tmp_path, "bad.txt", "press Q\n")))
    assert done.returncode == 2 and "line 1" in done.stderr


def test_a_firmware_exception_exits_1_with_the_traceback(tmp_path, monkeypatch, capsys):
    from firmware.screens import title
    from sim import __main__ as sim_main

    def broken(self, pressed):
        raise RuntimeError("broken key handler")

    monkeypatch.setattr(title.TitleScreen, "key", broken)
    script = write(tmp_path, "s.txt", "press A\n")
    assert sim_main.main(["--headless", "--script", str(script)]) == 1
    assert "broken key handler" in capsys.readouterr().err


def test_settings_persist_across_restarts_and_fresh_forgets_them(tmp_path):
    nvm = tmp_path / "nvm.bin"
    # title -> menu -> settings (second item) -> brightness down twice -> back saves
    change = write(tmp_path, "change.txt", "press A\npress DOWN\npress A\npress LEFT 2\npress B\n")
    look = write(tmp_path, "look.txt", "press A\npress DOWN\npress A\nscreenshot settings\n")
    assert sim("--headless", "--nvm", str(nvm), "--script", str(change)).returncode == 0
    shots = ("--script", str(look), "--screenshot-dir")
    assert sim("--headless", "--nvm", str(nvm), *shots, str(tmp_path / "a")).returncode == 0
    assert sim("--headless", "--nvm", str(nvm), "--fresh", *shots, str(tmp_path / "b")).returncode == 0
    kept = load_png(tmp_path / "a" / "settings.png")
    fresh = load_png(tmp_path / "b" / "settings.png")
    assert np.abs(kept - fresh).sum() > 0  # "LED brightness 1/5" against the default "3/5"
    assert load_png(tmp_path / "a" / "settings-leds.png").sum() < load_png(tmp_path / "b" / "settings-leds.png").sum()


def _read_until_quiet(fd, seconds, needles=()):
    """What the terminal shows within ``seconds``; with ``needles``, until all of them have shown (at most a minute:
    a loaded machine can take far longer than ``seconds`` to start the simulator) and then ``seconds`` more."""
    data = b""
    deadline = time.monotonic() + (60 if needles else seconds)
    while time.monotonic() < deadline:
        if needles and all(needle in data for needle in needles):
            needles = ()
            deadline = time.monotonic() + seconds
        ready = select.select([fd], [], [], 0.1)[0]
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
    return data


def test_terminal_renderer_draws_reacts_and_restores_the_terminal(tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.environ.pop("DISPLAY", None)
        os.environ.pop("WAYLAND_DISPLAY", None)
        os.environ["COLUMNS"] = "200"
        os.environ["LINES"] = "70"
        os.execv(sys.executable, [sys.executable, "-m", "sim", "--term", "--fresh", "--nvm", nvm])
    try:
        first = _read_until_quiet(fd, 1, (b"\x1b[?1049h", b"\x1b[38;2;", "\u2580".encode()))
        assert b"\x1b[?1049h" in first and b"\x1b[38;2;" in first and "\u2580".encode() in first
        os.write(fd, b"z")  # A: title -> main menu, so rows change and are redrawn
        after_key = _read_until_quiet(fd, 2, (b"\x1b[38;2;",))
        assert b"\x1b[38;2;" in after_key
        idle = _read_until_quiet(fd, 1)
        assert len(idle) < len(first)  # unchanged rows are not redrawn
        os.write(fd, b"\x03")  # Ctrl-C
        tail = _read_until_quiet(fd, 1, (b"\x1b[?1049l", b"\x1b[?25h"))
        assert b"\x1b[?1049l" in tail and b"\x1b[?25h" in tail
        lflags = termios.tcgetattr(fd)[3]
        assert lflags & termios.ICANON and lflags & termios.ECHO  # raw mode was undone
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    finally:
        try:
            os.kill(pid, 9)
        except OSError:
            pass


def test_an_80x24_terminal_shows_the_screen_as_legible_text(tmp_path):
    import fcntl
    import struct

    nvm = str(tmp_path / "nvm.bin")
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        for name in ("DISPLAY", "WAYLAND_DISPLAY", "COLUMNS", "LINES"):
            os.environ.pop(name, None)
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execv(sys.executable, [sys.executable, "-m", "sim", "--term", "--fresh", "--nvm", nvm])
    try:
        first = _read_until_quiet(fd, 1, (b"Press A", b"Pave the Way"))
        assert b"Press A" in first and b"Pave the Way" in first  # the title's words, in letters
        os.write(fd, b"z")
        after_key = _read_until_quiet(fd, 1, (b"Main menu", b"New game"))
        assert b"Main menu" in after_key and b"New game" in after_key
        os.write(fd, b"q")
        _read_until_quiet(fd, 5)
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    finally:
        try:
            os.kill(pid, 9)
        except OSError:
            pass


def test_window_mode_draws_the_tft_and_leds_and_takes_keys(tmp_path, monkeypatch):
    # pygame's dummy video driver runs the real window code without a display.
    import pygame

    from sim import window

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    shots = []
    real_flip = pygame.display.flip

    def flip():
        shots.append(pygame.surfarray.array3d(pygame.display.get_surface()).copy())
        real_flip()

    script = {2: [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z)],
              3: [pygame.event.Event(pygame.KEYUP, key=pygame.K_z)]}
    calls = []

    def events():
        calls.append(1)
        return script.get(len(calls), [])

    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(pygame.event, "get", events)
    assert window.run_window("pybadge", str(tmp_path / "nvm.bin"), True, max_frames=5) == 0
    first, last = shots[0], shots[-1]
    assert first.shape[0] == 160 * window.SCALE + 8 * 40 + 3 * window.MARGIN  # TFT at 4x beside the LED grid
    assert (first != last).any()  # Z pressed A: the title gave way to the main menu


def test_without_display_or_terminal_the_simulator_says_what_to_do(tmp_path):
    env = dict(ENV)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run([sys.executable, "-m", "sim", "--nvm", str(tmp_path / "n.bin")], cwd=ROOT, env=env,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 2 and "--headless" in done.stderr and "Traceback" not in done.stderr
