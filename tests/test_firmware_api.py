# SPDX-License-Identifier: MIT
"""The firmware reaches the engines only through their documented interface (docs/game-interface.md): no state
offsets (``rules.S_*``), no reads of ``game.state``, and no bit fields taken out of a move by hand."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def back_doors(source):
    """(line, what) for each way ``source`` goes around the engines' query interface."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and (node.attr.startswith("S_") or node.attr in ("state", "KIND_SHIFT")):
            found.append((node.lineno, "." + node.attr))
        elif isinstance(node, ast.Name) and node.id.startswith("S_"):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.RShift, ast.BitAnd)):
            names = [n.id for n in ast.walk(node.left) if isinstance(n, ast.Name)]
            if any("move" in name for name in names):
                found.append((node.lineno, "a bit field of a move"))
    return sorted(set(found))


def test_no_firmware_module_reads_engine_state_or_move_bits():
    offences = []
    for path in sorted((ROOT / "firmware").rglob("*.py")):
        for line, what in back_doors(path.read_text()):
            offences.append("{}:{}: {}".format(path.relative_to(ROOT), line, what))
    assert not offences, "use the engine's queries and move decoders instead:\n" + "\n".join(offences)


def test_the_check_finds_each_kind_of_back_door():
    source = "a = game.state[rules.S_GRID + 3]\nb = (move >> 15) & 63\nc = move & 7\nd = S_PHASE\n"
    kinds = [what for _, what in back_doors(source)]
    assert ".state" in kinds and ".S_GRID" in kinds and "S_PHASE" in kinds
    assert kinds.count("a bit field of a move") >= 2
    assert back_doors("x = game.cell(0, 1, 2)\ny = rules.move_die(move)\n") == []
