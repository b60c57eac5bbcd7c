# SPDX-License-Identifier: MIT
"""Key repeat and presses across screen changes (issue 25, bug 9): a repeat is timed in frames of bounded length,
so a stalled frame never repeats a key; a press that arrives while a screen is being built counts on that screen."""

import os

from firmware.app import App
from firmware.input import Keys
from sim import script
from sim.board import Buttons, make_profile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
DOWN = 32


def boot(tmp_path):
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    return app, script.Runner(app, profile)


def frames(keys, times):
    """The presses ``keys`` reports at each of ``times`` (ms)."""
    return [keys.poll(now) for now in times]


def test_a_stalled_frame_while_a_direction_is_held_does_not_repeat_it():
    buttons = Buttons()
    keys = Keys(buttons, DOWN)
    keys.poll(0)
    buttons.press(DOWN)
    times = [20, 40, 60, 5060, 5080]  # held; the fourth frame stalls for five seconds
    assert [bool(p & DOWN) for p in frames(keys, times)] == [True, False, False, False, False]


def test_a_stall_after_the_delay_repeats_at_most_once():
    buttons = Buttons()
    keys = Keys(buttons, DOWN)
    keys.poll(0)
    buttons.press(DOWN)
    times = list(range(20, 400, 20)) + [10000]  # held a little under the delay in frames, then a 10 s stall
    presses = frames(keys, times)
    assert sum(1 for p in presses if p & DOWN) <= 2


def test_a_held_direction_still_repeats_at_an_even_frame_rate():
    buttons = Buttons()
    keys = Keys(buttons, DOWN)
    keys.poll(0)
    buttons.press(DOWN)
    presses = frames(keys, range(20, 1020, 20))  # one second held
    # the press at 20 ms, a repeat 400 ms after it, then one every 120 ms: 420, 540, 660, 780, 900
    assert sum(1 for p in presses if p & DOWN) == 6


def test_key_repeat_off_never_repeats():
    buttons = Buttons()
    keys = Keys(buttons, DOWN, delay_ms=0x3FFFFFFF)
    keys.poll(0)
    buttons.press(DOWN)
    assert sum(1 for p in frames(keys, range(20, 20000, 20)) if p & DOWN) == 1


def test_down_five_times_on_a_stalling_host_moves_five_rows(tmp_path):
    """Each press held two frames, as the terminal simulator holds a key, with every frame stalled 600 ms."""
    app, runner = boot(tmp_path)
    runner.run(script.parse("press A\n"))  # the main menu
    app.keys.delay_ms = 400
    clock = app.profile.clock
    for _ in range(5):
        app.profile.buttons.press(DOWN)
        for _ in range(2):
            clock.now += 600
            app.step(clock.now)
        app.profile.buttons.release(DOWN)
        clock.now += 600
        app.step(clock.now)
    assert app.screen.menu.cursor == 5 % len(app.screen.menu.items)


def test_a_press_while_the_next_screen_is_built_counts_on_it(tmp_path):
    app, runner = boot(tmp_path)
    real_show = app.show

    def slow_show(screen):
        app.profile.buttons.press(DOWN)  # pressed and released while the screen was being built
        app.profile.buttons.release(DOWN)
        real_show(screen)

    app.show = slow_show
    runner.run(script.parse("press A\n"))  # the title's A opens the main menu
    app.show = real_show
    assert type(app.screen).__name__ == "MainMenu" and app.screen.menu.cursor == 1


def test_a_key_held_into_the_next_screen_presses_there_once_and_the_opening_key_does_not(tmp_path):
    app, runner = boot(tmp_path)
    real_show = app.show

    def show_and_hold(screen):
        app.profile.buttons.press(DOWN)  # pressed while the screen was built, and held
        real_show(screen)

    app.show = show_and_hold
    runner.run(script.parse("press A\n"))
    app.show = real_show
    runner.run(script.parse("wait 200\n"))  # A is released; DOWN stays held, under the repeat delay
    app.profile.buttons.release(DOWN)
    runner.run(script.parse("wait 100\n"))
    assert type(app.screen).__name__ == "MainMenu" and app.screen.menu.cursor == 1


def test_a_direction_held_across_a_screen_change_neither_presses_nor_repeats_there(tmp_path):
    app, runner = boot(tmp_path)
    runner.run(script.parse("press A\n"))  # the main menu
    app.profile.buttons.press(DOWN)
    runner.run(script.parse("wait 100\n"))
    assert app.screen.menu.cursor == 1
    app.go("main_menu.MainMenu")  # a screen change while DOWN is held
    runner.run(script.parse("wait 1000\n"))
    assert app.screen.menu.cursor == 0
    app.profile.buttons.release(DOWN)
    runner.run(script.parse("press DOWN\n"))
    assert app.screen.menu.cursor == 1
