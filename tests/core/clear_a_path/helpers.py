# SPDX-License-Identifier: MIT
"""Building Clear a Path positions from text for the scenario tests (portable)."""

from core.clear_a_path import notation, rules
from core.game import move_buffer
from core.notation import parse_position

EMPTY_GRID = " / ".join(["......"] * 6)


def modules(name):
    return (rules, notation) if name == "clear-a-path" else None


def position(players, header, dice, grids=None, config="", result=None):
    """A game from its body lines; ``grids`` maps player -> 'ROW / ROW / ...' (default empty)."""
    grids = grids or {}
    lines = ["game clear-a-path", "config players={} {}".format(players, config), "rng 1 1", header,
             "dice " + dice]
    for p in range(players):
        lines.append("grid {} {}".format(p, grids.get(p, EMPTY_GRID)))
    if result is not None:
        lines.append("result " + result)
    return parse_position("\n".join(lines) + "\n", modules)


def legal(game):
    buf = move_buffer(rules.Game.MAX_MOVES)
    return [notation.format_move(game, buf[i]) for i in range(game.legal_moves(buf))]


def play(game, *texts):
    for text in texts:
        game.apply(notation.parse_move(game, text))
    return game


def grid_text(game, player):
    return notation.format_body(game)[2 + player].split(" ", 2)[2]


class ScriptedRng:
    """Stands in for the generator: ``below(n)`` returns the scripted values (die faces given 1-6)."""

    def __init__(self, faces):
        self.faces = list(faces)

    def below(self, n):
        return self.faces.pop(0) - 1
