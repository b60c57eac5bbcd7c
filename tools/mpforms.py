# SPDX-License-Identifier: MIT
"""The form screens' heap on the device VM, with and without adafruit_displayio_layout (tools/formheap.py runs it).

    mpforms.mpy BUILT_INS menu-screens      the menus, then the menu screens the budget test leaves out
    mpforms.mpy BUILT_INS forms             the menus, then GridLayout's import and a form screen built four ways

BUILT_INS as for tools/mpfirmware.py (imported before the first reading: the device builds them in). It is a script
of its own, not a mode of mpfirmware.py, because the script's own code shares the heap of mpfirmware's game runs.
Prints JSON lines of heap in use after a collection, in bytes above the built-ins:

- ``before_game``: the board profile and the menus as tools/mpfirmware.py ``menus`` imports them (near the budget
  test's figure, not equal: what a script interns before the first reading moves where the string table's pools
  fill, by some hundred bytes);
- ``menu_screens`` (``menu-screens``): with the menu screens that ``menus`` leaves out imported too
  (``OTHER_MENU_SCREENS``), as the menu program holds them once they were opened;
- ``forms``, with adafruit_displayio_layout on the path: ``grid_import`` the bytes importing GridLayout holds, and
  for one form of ``FORM_ROWS`` built as the menus build it (``menu``: ui.Menu, one "name: value" text a row), as
  name and value texts in a plain group (``pairs``), and as the same texts in a GridLayout laid out once (``grid``)
  or on every add (``grid_each``), the bytes the form holds and (``*_instr``) the instructions its building took.
"""

import gc
import sys

try:
    from devicevm import TICK
except ImportError:
    TICK = 0

OTHER_MENU_SCREENS = ("settings", "howto", "error")
# The new-game setup of Pawns Crossing, 2 players, whole (firmware/screens/new_game.py shows 6 of its rows at a
# time on the PyBadge): 8 rows, under a title and above the key legend.
FORM_ROWS = (("Players", "2"), ("Red-Black", "Human"), ("Blue-Green", "Computer normal"),
             ("Balanced colours", "off"), ("No passing tokens", "off"), ("Fixed pusher", "off"),
             ("Die counts steps", "off"), ("Start", ""))


def _used():
    gc.collect()
    return gc.mem_alloc()


def _ticks():
    """The VM's instruction counter in ticks (a small int: reading it allocates nothing), or 0 off the VM."""
    try:
        import devicevm

        return devicevm.ticks()
    except ImportError:
        return 0


def _form(ui, kind, GridLayout):
    """A form screen's group: the title, the rows as ``kind`` builds them, and the key legend."""
    group = ui.displayio.Group()
    group.append(ui.text_label("New game", 4, 4, ui.ACCENT))
    top = 20
    if kind == "menu":
        group.append(ui.Menu(0, top, 160, len(FORM_ROWS), ["{}: {}".format(n, v) for n, v in FORM_ROWS]).group)
    elif kind == "pairs":
        for row, (name, value) in enumerate(FORM_ROWS):
            group.append(ui.text_label(name, 4, top + row * ui.LINE_HEIGHT))
            group.append(ui.text_label(value, 82, top + row * ui.LINE_HEIGHT))
    else:
        each = kind == "grid_each"
        grid = GridLayout(4, top, 156, len(FORM_ROWS) * ui.LINE_HEIGHT, (2, len(FORM_ROWS)))
        for row, (name, value) in enumerate(FORM_ROWS):
            grid.add_content(ui.text_label(name, 0, 0), (0, row), (1, 1), layout_cells=each)
            grid.add_content(ui.text_label(value, 0, 0), (1, row), (1, 1), layout_cells=each)
        if not each:
            grid.layout_cells()
        group.append(grid)
    group.append(ui.text_label("<> change  A start  B back", 4, 114, ui.DIM))
    return group


def forms():
    from firmware import ui

    figures = {}
    kept = []
    before = _used()
    from adafruit_displayio_layout.layouts.grid_layout import GridLayout

    figures["grid_import"] = _used() - before
    for kind in ("menu", "pairs", "grid", "grid_each"):
        before = _used()
        start = _ticks()
        kept.append(_form(ui, kind, GridLayout))
        ticks = _ticks() - start
        figures[kind] = _used() - before
        figures[kind + "_instr"] = ticks * TICK
    return figures


def _load_profile():
    """The PyBadge's profile, loaded as code.py loads it: nothing keeps boards.select once this returns."""
    from boards.select import load

    return load("pybadge")


def main(argv):
    gc.collect()
    for module in argv[0].split(","):
        __import__(module)
    base = _used()
    _load_profile()
    # as tools/mpfirmware.py's menus()
    import firmware.app  # noqa: F401
    import firmware.screens.main_menu  # noqa: F401
    import firmware.screens.new_game  # noqa: F401
    import firmware.screens.title  # noqa: F401

    print('{"before_game": %d}' % (_used() - base))
    if argv[1] == "menu-screens":
        for name in OTHER_MENU_SCREENS:
            __import__("firmware.screens." + name)
        print('{"menu_screens": %d}' % (_used() - base))
    elif argv[1] == "forms":
        print("{" + ", ".join('"%s": %d' % item for item in sorted(forms().items())) + "}")


main(sys.argv[1:])
