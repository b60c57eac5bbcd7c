# SPDX-License-Identifier: MIT
"""The firmware's house rules: screens reach each other through the router, nothing imports the app back, the game
registry agrees with the engines, and a view is a documented base class."""

import ast
from pathlib import Path

from core import games
from firmware.views import base

ROOT = Path(__file__).resolve().parent.parent


def imported(path):
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
    return names


BASE_CLASSES = {"tutorial.py": "firmware.screens.play"}  # a tutorial is a play screen: it extends, never routes


def test_no_screen_imports_another_screen_or_the_app():
    for path in sorted((ROOT / "firmware" / "screens").glob("*.py")):
        for name in imported(path):
            if BASE_CLASSES.get(path.name) == name:
                continue
            assert not name.startswith("firmware.screens") and name != "firmware.app", "{} imports {}".format(
                path.name, name)


def test_every_registry_record_agrees_with_its_engine_and_has_a_howto():
    seen = set()
    for record in games.GAMES:
        rules = games.load(record.name, "rules")
        assert rules.Game.GAME_ID == record.game_id and rules.Game.NAME == record.name
        assert games.by_id(record.game_id) is record and record.game_id not in seen
        seen.add(record.game_id)
        assert games.load(record.name, "howto").SUMMARY
        game = rules.Game(None, 0)
        names = [record.seat_name(seat, game.player_count()) for seat in range(game.player_count())]
        assert len(set(names)) == len(names)
    assert games.by_id(99) is None
    assert games.info("pave-the-way").seat_name(1, 2) == "North"
    assert games.info("clear-a-path").seat_name(2, 3) == "Orange"  # a colour no die has
    assert games.info("clear-a-path").seat_name(0, 1) == "You"  # solo


def test_views_subclass_the_documented_base():
    for name in games.names():
        module = __import__("firmware.views." + name.replace("-", "_"), None, None, ["View"])
        assert issubclass(module.View, base.View)
    from firmware.views import moves

    assert issubclass(moves.View, base.View)
