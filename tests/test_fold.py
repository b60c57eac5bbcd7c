# SPDX-License-Identifier: MIT
"""The device build's constant folding (tools/fold.py): what it folds, what it leaves, and that the folded engines
play exactly as their source does."""

import subprocess
import sys
from pathlib import Path

import pytest

from tools import fold

ROOT = Path(__file__).resolve().parent.parent


def test_imported_constants_and_module_attributes_become_literals_on_the_same_lines():
    source = (
        "from core.pave_the_way.board import S_OWN, NB, PLAY as P\n"
        "from core.pave_the_way import rules\n"
        "from core.game import DRAW\n"
        "\n"
        "def f(s, sq, move):\n"
        "    return s[S_OWN + sq], NB[sq], move >> rules.KIND_SHIFT == P, DRAW\n"
    )
    text, count = fold.fold(source, "x")
    assert count == 4
    assert text.splitlines()[5] == "    return s[144 + sq], NB[sq], move >> 22 == 2, (-2)"
    assert text.splitlines()[0] == "from core.pave_the_way.board import NB"  # the folded names are dropped
    assert text.splitlines()[2] == "pass"
    assert len(text.splitlines()) == len(source.splitlines())


def test_a_multi_line_import_keeps_its_line_count():
    source = "from core.pave_the_way.board import (\n    S_OWN,\n    S_NG,\n)\nx = S_OWN + S_NG\n"
    text, _ = fold.fold(source, "x")
    assert text.splitlines() == ["pass", "", "", "", "x = 144 + 208"]


def test_a_name_the_module_binds_itself_is_left_alone_and_one_in_an_f_string_comes_from_its_definer():
    shadowed = "from core.pave_the_way.board import S_OWN\n\ndef f(S_OWN):\n    return S_OWN\n"
    assert fold.fold(shadowed, "x") == (shadowed, 0)
    # rules only re-exports S_OWN: the device's rules has no such name, board (which defines it) has
    fstring = "from core.pave_the_way.rules import S_OWN, S_NG, Game\nx = f'{S_OWN}' + str(S_NG)\n"
    text, count = fold.fold(fstring, "x")
    assert count == 1 and text.splitlines() == [
        "from core.pave_the_way.rules import Game; from core.pave_the_way.board import S_OWN",
        "x = f'{S_OWN}' + str(208)"]


def test_imports_inside_functions_fold_too():
    source = ("def f(move):\n    from core.pave_the_way import rules\n    from core.game import DRAW\n"
              "    return rules.move_kind(move) == rules.GUARD, DRAW\n")
    assert fold.fold(source, "x")[0].splitlines()[1:] == [
        "    from core.pave_the_way import rules", "    pass", "    return rules.move_kind(move) == 1, (-2)"]


def test_a_folded_constant_read_through_anything_but_an_import_is_refused():
    with pytest.raises(fold.FoldError, match="GUARD"):
        fold.fold("def f(session):\n    return session.rules.GUARD\n", "x")
    assert fold.fold("def f(session):\n    return session.rules.GUARD\n", "x", strict=False)[1] == 0
    # an imported module's own attributes are fine, whatever their names
    assert fold.fold("from firmware import sound\nx = sound.DRAW\n", "x")[1] == 0


def test_the_constant_tables_follow_re_exports():
    board = "core.pave_the_way.board"
    assert fold.constants(board)["S_OWN"] == (144, board, "S_OWN")
    assert fold.constants("core.pave_the_way.rules")["S_OWN"] == (144, board, "S_OWN")  # re-exported
    assert fold.constants("core.game")["ONGOING"] == (-3, "core.game", "ONGOING")
    assert "NB" not in fold.constants("core.pave_the_way.board")  # a table, not a const()


def test_every_device_module_folds():
    for package in ("core", "firmware", "boards"):
        for path in sorted((ROOT / package).rglob("*.py")):
            text = fold.fold_file(path)
            compile(text, str(path), "exec")
            assert text.count("\n") == path.read_text().count("\n"), path


def test_the_folded_engines_replay_seeded_games_state_for_state(tmp_path):
    """Every engine's seeded random games (tests/core/trace.py) and a computer game of each, run from the folded
    sources, print exactly what the sources print."""
    for package in ("core", "tests"):
        for path in sorted((ROOT / package).rglob("*.py")):
            target = tmp_path / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(fold.fold_file(path) if package == "core" else path.read_text())
    games = ("from core import games\n"
             "for name in games.names():\n"
             "    rules = games.load(name, 'rules'); ai = games.load(name, 'ai')\n"
             "    game = rules.Game(None, 3); players = [ai.Ai(ai.Ai.LEVELS[-1], 5 + p) for p in range(2)]\n"
             "    for _ in range(80):\n"
             "        if not game.is_over():\n"
             "            game.apply(players[game.current_player()].choose(game))\n"
             "    print(name, game.encode().hex())\n")
    for args in (["tests/core/trace.py", "all", "3", "150"], ["-c", games]):
        source = subprocess.run([sys.executable] + args, cwd=ROOT, capture_output=True, text=True, check=True)
        folded = subprocess.run([sys.executable] + args, cwd=tmp_path, capture_output=True, text=True, check=True)
        assert folded.stdout == source.stdout and len(source.stdout.splitlines()) >= 3
