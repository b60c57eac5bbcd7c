# SPDX-License-Identifier: MIT
"""The engines read moves through their own decoders (docs/game-interface.md, "Queries") everywhere but in the
decoders themselves and the computer players' hot loops: no bit field of a move is taken out by hand in the
rules, their split-out modules, the text or the checks."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# where the decoders live, and the computer players (their hot loops may keep inlined fields)
EXEMPT = ("board.py", "ai.py", "aibeam.py", "aicand.py", "aieval.py", "aisiege.py", "aisimple.py", "aiterms.py",
          "aiwin.py", "distance.py")
MOVE_NAMES = ("move", "m", "m2", "probe")


def hand_decoded(source):
    """Lines where a shift or mask is applied to a move variable itself (not to a decoder's result)."""
    found = []
    tree = ast.parse(source)
    decoders = set()  # the bodies of the decoders and encoders themselves (Pawns Crossing keeps them in rules.py)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and (node.name.startswith("move_") or node.name == "make_move"):
            decoders.update(id(sub) for sub in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in decoders:
            continue
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.RShift, ast.BitAnd)):
            calls = set(id(call.func) for call in ast.walk(node.left) if isinstance(call, ast.Call))
            names = [n.id for n in ast.walk(node.left) if isinstance(n, ast.Name) and id(n) not in calls]
            if any(name in MOVE_NAMES for name in names) and not any(
                    isinstance(call, ast.Call) for call in ast.walk(node.left)):
                found.append(node.lineno)
    return sorted(set(found))


def test_engine_modules_read_moves_through_their_decoders():
    offences = []
    for path in sorted((ROOT / "core").glob("*/*.py")):
        if path.name in EXEMPT:
            continue
        for line in hand_decoded(path.read_text()):
            offences.append("{}:{}".format(path.relative_to(ROOT), line))
    assert not offences, "use the engine's move decoders (board.py / rules.py):\n" + "\n".join(offences)


def test_the_check_tells_a_decoder_from_a_hand_decoding():
    assert hand_decoded("a = (move >> 15) & 63\nb = move & 3\n") == [1, 2]
    assert hand_decoded("a = move_orientation(move) & 1\nb = rules.move_die(move)\nc = moved & 1\n") == []
    assert hand_decoded("def move_die(move):\n    return (move >> 4) & 15\n") == []
