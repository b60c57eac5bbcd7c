# SPDX-License-Identifier: MIT
"""The terminal simulator's layout for the terminal's size (issue 25, bug 10) and its key feed (bug 9): a picture
where one fits, the screen's text in an 80x24 terminal, a request for a larger one below that; keys typed within a
frame are pressed in turn."""

import os
import re

import pytest

from firmware.app import App
from sim import script, terminal
from sim.board import make_profile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
_ESCAPE = re.compile(r"\x1b\[([0-9;?]*)([a-zA-Z])")


def boot(board="pybadge"):
    profile = make_profile(board, None, simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    runner = script.Runner(app, profile)
    runner.run([])
    return app, runner


def cells(line):
    """The visible characters of a line by column, as a terminal places them (``ESC [ n G`` moves the cursor)."""
    shown = {}
    column = 0
    at = 0
    for match in _ESCAPE.finditer(line):
        for char in line[at : match.start()]:
            shown[column] = char
            column += 1
        if match.group(2) == "G":
            column = int(match.group(1)) - 1
        at = match.end()
    for char in line[at:]:
        shown[column] = char
        column += 1
    return shown


def background(line, column):
    """The background colour escape in force at ``column`` of a line drawn from its start."""
    current = None
    visible = 0
    start = 0
    for match in _ESCAPE.finditer(line):
        visible += match.start() - start
        if visible > column:
            return current
        if match.group(1).startswith("48;2;"):
            current = match.group(1)
        start = match.end()
    return current


def text(line):
    shown = cells(line)
    return "".join(shown.get(c, " ") for c in range(max(shown) + 1 if shown else 0))


@pytest.mark.parametrize("board,size,kind", [
    ("pybadge", (200, 70), "pixels"), ("pybadge", (100, 34), "pixels"), ("pybadge", (80, 24), "text"),
    ("picosystem", (80, 24), "text"), ("pybadge", (40, 10), "small"),
])
def test_the_layout_follows_the_terminal_size(board, size, kind):
    app, _ = boot(board)
    assert terminal.layout(size[0], size[1], app.width, app.height)[0] == kind
    lines = terminal.screen_lines(app.profile, *size)
    assert len(lines) <= size[1]
    assert all(max(cells(line), default=0) < size[0] for line in lines)


def test_an_80x24_terminal_shows_the_menu_in_words_with_the_highlight(tmp_path):
    app, runner = boot()
    runner.run(script.parse("press A\npress DOWN\n"))  # the main menu, the cursor on Settings
    lines = terminal.screen_lines(app.profile, 80, 24)
    words = [text(line) for line in lines]
    assert any(w.startswith(" Main menu") for w in words)
    row = [i for i, w in enumerate(words) if w.startswith(" Settings")][0]
    assert words[row - 1].startswith(" New game")
    assert background(lines[row], 1) != background(lines[row - 1], 1)  # the cursor's bar
    assert words[-1].startswith("arrows d-pad")
    assert "\u25cf" in lines[0]  # the LED grid beside the text
    assert "\u2580" in lines[0]  # and a small picture of the screen beside that


def test_a_game_in_an_80x24_terminal_shows_its_status_line():
    app, runner = boot()
    runner.run(script.parse("press A\npress A\npress A\npress A\nwait 500\n"))  # Pave the Way, the computer's
    words = [text(line) for line in terminal.screen_lines(app.profile, 80, 24)]  # first choice in the recap
    assert words[0].startswith("Last turn 1/") and any("South starts" in w for w in words)


def test_a_terminal_too_small_asks_for_a_larger_one():
    app, _ = boot()
    lines = terminal.screen_lines(app.profile, 40, 10)
    said = " ".join(text(line) for line in lines)
    assert "too small" in said and "45 columns and 12 rows" in said
    assert all(len(text(line)) < 40 for line in lines)


def test_keys_typed_within_one_frame_are_pressed_in_turn():
    app, runner = boot()
    runner.run(script.parse("press A\n"))  # the main menu
    feed = terminal.KeyFeed(app.profile.buttons)
    for _ in range(3):
        feed.add(app.profile.key_bits["DOWN"])  # three DOWNs read from the terminal at once
    for _ in range(12):
        feed.frame()
        runner.frame()
    assert app.screen.menu.cursor == 3 % len(app.screen.menu.items)


def test_a_board_whose_clock_is_long_past_zero_starts_at_the_title_not_the_demo():
    """The terminal and the window run on the host's clock (and a board's counts from power-on): the title's idle
    time starts when it is shown, not at 0, so the demo does not start at once."""
    profile = make_profile("pybadge", None, simulated_time=True, seed=3)
    profile.clock.now = 10 ** 7
    app = App(profile)
    app.start()
    runner = script.Runner(app, profile)
    runner.run(script.parse("wait 1000\n"))
    assert type(app.screen).__name__ == "TitleScreen"
