# SPDX-License-Identifier: MIT
"""Building Pawns Crossing positions from text for the scenario tests (portable)."""

from core.game import move_buffer
from core.notation import parse_position
from core.pawns_crossing import notation, rules

# Tiles in colour rows: red across the top, green along the bottom.
TILES = "redA red2 red3 red4 / blackA black2 black3 black4 / blueA blue2 blue3 blue4 / greenA green2 green3 green4"
# Board B: H(0,0) is 5|5, so the hole x00 is bordered by h00s = 5, h10n = 2, v00e = 2, v01w = 4.
ACROSS = "55 10 11 / 20 21 22 / 30 31 32 / 33 40 41"
DOWN = "42 43 44 50 / 51 52 53 54 / 00 60 61 62"
PUSHER = "63 off"
TOKENS_2P = ("red-a:redA:2 red-b:redA:3 red-c:redA:4 black-a:blackA:2 black-b:blackA:3 black-c:blackA:4 "
             "blue-a:blueA:2 blue-b:blueA:3 blue-c:blueA:4 green-a:greenA:2 green-b:greenA:3 green-c:greenA:4")
OWNERS = {2: "red:0 black:0 blue:1 green:1", 3: "red:0 black:- blue:2 green:1", 4: "red:0 black:1 blue:2 green:3"}
PAWNS = {2: "red:x11 black:x12 blue:x21 green:x22", 3: "red:x11 black:- blue:x21 green:x22",
         4: "red:x11 black:x12 blue:x21 green:x22"}


def modules(name):
    return (rules, notation) if name == "pawns-crossing" else None


def tokens_for(players):
    if players == 2:
        return TOKENS_2P
    items = []
    for colour in ("red", "black", "blue", "green"):
        if players == 3 and colour == "black":
            continue
        for label, value in zip("abcd", ("2", "3", "4", "null")):
            items.append("{}-{}:{}A:{}".format(colour, label, colour, value))
    return " ".join(items)


def position(players=2, player=0, phase="start", endgame=0, last="-", dice="", rolled="-", left="-",
             forced="-", pawnsmoved="-", tiles=TILES, across=ACROSS, down=DOWN, pusher=PUSHER, pawns=None,
             tokens=None, config="", result=None, turn=None):
    """A game from its parts; ``dice`` like 'red:3 blue:0' (unnamed dice show 0).

    The starting order is seat order, so the last seat played first (PC-A13): by default ``turn`` is the first
    one at which ``player`` is to move.
    """
    if turn is None:
        turn = 0 if phase in ("place", "choose") else (player + 1) % players
    faces = {"red": "0", "black": "0", "blue": "0", "green": "0"}
    for item in dice.split():
        name, face = item.split(":")
        faces[name] = face
    order = " ".join(str(p) for p in range(players))
    lines = [
        "game pawns-crossing",
        "config players={} {}".format(players, config),
        "rng 1 1",
        "turn {} player {} phase {} endgame {} last {}".format(turn, player, phase, endgame, last),
        "order {} rolls {}".format(order, " ".join("3" for _ in range(players))),
        "owners " + OWNERS[players],
        "dice {} rolled {} left {} forced {} pawnsmoved {}".format(
            " ".join("{}:{}".format(c, faces[c]) for c in ("red", "black", "blue", "green")), rolled, left, forced,
            pawnsmoved),
        "tiles " + tiles,
        "across " + across,
        "down " + down,
        "pusher " + pusher,
        "pawns " + (pawns or PAWNS[players]),
        "tokens " + (tokens or tokens_for(players)),
    ]
    if result is not None:
        lines.append("result " + result)
    return parse_position("\n".join(lines) + "\n", modules)


def replace_token(tokens, name, where, value=None):
    """The token list with one token moved (and optionally its value changed)."""
    items = []
    for item in tokens.split():
        parts = item.split(":")
        if parts[0] == name:
            parts[1] = where
            if value is not None:
                parts[2] = value
        items.append(":".join(parts))
    return " ".join(items)


def legal(game):
    buf = move_buffer(rules.Game.MAX_MOVES)
    return [notation.format_move(game, buf[i]) for i in range(game.legal_moves(buf))]


def destinations(game, token):
    """The spaces a token may move to now, by name, sorted."""
    prefix = token + " "
    return sorted(text[len(prefix):] for text in legal(game) if text.startswith(prefix))


def play(game, *texts):
    for text in texts:
        game.apply(notation.parse_move(game, text))
    return game


def body(game, key):
    """The position line starting with ``key``, without the key."""
    for line in notation.format_body(game):
        if line.startswith(key + " "):
            return line[len(key) + 1:]
    raise KeyError(key)


class ScriptedRng:
    """Stands in for the generator: ``below(n)`` returns the scripted values in order (die faces 0-5)."""

    def __init__(self, values):
        self.values = list(values)

    def below(self, n):
        value = self.values.pop(0)
        assert 0 <= value < n
        return value
