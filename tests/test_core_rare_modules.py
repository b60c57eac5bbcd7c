# SPDX-License-Identifier: MIT
"""With release_rare_modules on (the firmware turns it on), an engine's refusal reasons and state checks leave the
interpreter after each use and work again the next time; off, they stay."""

import sys

import pytest

from core import games
from core.game import move_buffer, release_rare_modules

RARE = {"pave-the-way": ("checks", "invariants"), "pawns-crossing": ("checks",), "clear-a-path": ("checks",)}


@pytest.fixture
def released():
    release_rare_modules()
    yield
    release_rare_modules(False)


def _forget(package):
    for name in [name for name in sys.modules if name.startswith(package + ".") and name.rsplit(".", 1)[1] in
                 ("checks", "invariants")]:
        del sys.modules[name]
        delattr(sys.modules[package], name.rsplit(".", 1)[1])


@pytest.mark.parametrize("name", sorted(RARE))
def test_a_refusal_and_a_decode_load_the_rare_modules_only_for_the_call(released, name):
    rules = games.load(name, "rules")
    package = games.package(name)
    _forget(package)
    game = rules.Game()
    buf = move_buffer(rules.Game.MAX_MOVES)
    count = game.legal_moves(buf)
    unlisted = max(buf[i] for i in range(count)) + 1
    for _ in range(2):  # and again, once forgotten
        assert game.reason(unlisted)
        assert rules.Game.decode(game.encode()).encode() == game.encode()
        for part in RARE[name]:
            assert package + "." + part not in sys.modules and not hasattr(sys.modules[package], part)


def test_off_they_stay_loaded():
    rules = games.load("pave-the-way", "rules")
    _forget("core.pave_the_way")
    game = rules.Game()
    rules.Game.decode(game.encode())
    assert "core.pave_the_way.invariants" in sys.modules
