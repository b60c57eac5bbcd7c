# SPDX-License-Identifier: MIT
"""Building Pave the Way positions from text for the scenario tests (portable)."""

from core.game import move_buffer
from core.notation import format_position, parse_position
from core.pave_the_way import notation, rules
from core.pave_the_way.board import PLAY, RELOCATE, move_kind, move_to
from core.pave_the_way.rules import LO, HI

ALL = ["{}-{}".format(LO[d], HI[d]) for d in range(28)]
PARK = {"S": ["h1", "h2"], "N": ["a8", "a7"]}
# S's straight road up file b: each piece's north number is the next one's south number (V north/south)
# the first lines of a position recorded from a game played with the default options (then its rng, phase, ...)
RECORDED_HEADER = (
    "game pave-the-way\n"
    "config strictplacement=0 attachonlytorooted=0 allowsplit=0 guardsmaymovetwice=0 diagonalfallback=0 "
    "exactplusone=0 drawbeforereturn=0 sequentialplacement=0 repetition=3 idleturns=10 turncap=200\n"
)
B_FILE = ["b1 S V1/0", "b2 S V2/1", "b3 S V3/2", "b4 S V4/3", "b5 S V5/4", "b6 S V6/5", "b7 S V0/6", "b8 S V0/0"]


def modules(name):
    return (rules, notation) if name == "pave-the-way" else None


def _piece_domino(text):
    a = int(text[1])
    b = int(text[3])
    return "{}-{}".format(min(a, b), max(a, b))


def position(squares, turn="S", hands=None, phase="play", first="S", guards=0, roads=0, moved="-", merged="-",
             turns=0, idle=0, reveal="2-6 3-4", history="-", config="", park=None, bags=None, result=None):
    """A game from its squares: ``squares`` is a list of 'SQUARE SIDE PIECE ...' with road pieces like V3/5 and
    guards written ``g`` (numbered in order) or ``gN``. Guards not placed are parked three to a square on
    ``park`` (default h1, h2 for S and a8, a7 for N). Hands default to the lowest five dominoes not on the board;
    bags hold the rest unless ``bags`` names them; then every domino must be on the board, in a hand or in a bag."""
    park = park or PARK
    hands = dict(hands or {})
    used = {"S": set(), "N": set()}
    next_guard = {"S": 0, "N": 0}
    lines = []
    for entry in squares:
        words = entry.split()
        side = words[1]
        items = []
        for item in words[2:]:
            if item == "g":
                item = "g{}".format(next_guard[side])
                next_guard[side] += 1
            elif item[0] == "g":
                next_guard[side] = max(next_guard[side], int(item[1]) + 1)
            else:
                used[side].add(_piece_domino(item))
            items.append(item)
        lines.append((words[0], side, items))
    if phase in ("play", "over"):
        for side in "SN":
            n = next_guard[side]
            spots = list(park[side])
            while n < 6:
                sq = spots.pop(0)
                count = min(3, 6 - n)
                found = [line for line in lines if line[0] == sq]
                if found:
                    raise ValueError("park square {} is taken".format(sq))
                lines.append((sq, side, ["g{}".format(n + i) for i in range(count)]))
                n += count
    body = []
    for side in "SN":
        if side not in hands:
            hands[side] = " ".join([d for d in ALL if d not in used[side]][:5])
        used[side].update(hands[side].split())
    for side in "SN":
        body.append("hand {} {}".format(side, hands[side] or "-"))
    for side in "SN":
        rest = [d for d in ALL if d not in used[side]] if bags is None else bags[side].split()
        body.append("bag {} {}".format(side, " ".join(rest) or "-"))
    order = sorted(lines, key=lambda line: notation.parse_square(line[0]))
    text = ["game pave-the-way", "config " + config, "rng 1 1",
            "phase {} turn {} first {} guards {} roads {} moved {} merged {} turns {} idle {}".format(
                phase, turn, first, guards, roads, moved, merged, turns, idle),
            "reveal " + reveal]
    text.extend(body)
    for sq, side, items in order:
        text.append("at {} {} {}".format(sq, side, " ".join(items)))
    text.append("history " + history)
    if result is not None:
        text.append("result " + result)
    return parse_position("\n".join(text) + "\n", modules)


def legal(game):
    buf = move_buffer(rules.Game.MAX_MOVES)
    return [notation.format_move(game, buf[i]) for i in range(game.legal_moves(buf))]


def play(game, *texts):
    for text in texts:
        game.apply(notation.parse_move(game, text))
    return game


def at(game, square):
    """The square's stack as its position-line text ('S V3/5 g0'), or '' when empty."""
    for line in notation.format_body(game):
        if line.startswith("at {} ".format(square)):
            return line[len("at ") + 3:]
    return ""


def text(game):
    return format_position(game, notation)


def guard_moves(game):
    return [m for m in legal(game) if m[1] in "12345678" or m[1] == ":"]


class ScriptedRng:
    """Stands in for the generator: ``below(n)`` returns the scripted values in turn."""

    def __init__(self, values):
        self.values = list(values)

    def below(self, n):
        v = self.values.pop(0)
        assert 0 <= v < n, (v, n)
        return v


def play_turn(game, player):
    """Let ``player`` act until the turn passes or the game ends; the moves it made, as text."""
    seat = game.current_player()
    start = game.turns()
    made = []
    while not game.is_over() and game.current_player() == seat and game.turns() == start:
        move = player.choose(game)
        made.append(notation.format_move(game, move))
        game.apply(move)
    return made


def finishes_through(game, squares, buf):
    """Whether the side to move wins with at most two road moves (plays and relocations) onto ``squares``; ``buf``
    is a move buffer (one per test module: 8 KB blocks fragment MicroPython's heap)."""
    side = game.current_player()
    firsts = [m for m in buf[:game.legal_moves(buf)] if move_kind(m) in (PLAY, RELOCATE) and move_to(m) in squares]
    one = game.clone()
    two = game.clone()
    for first in firsts:
        one.copy_from(game)
        one.apply_legal(first)
        if one.result() == side:
            return True
        if one.current_player() != side:
            continue
        for j in range(one.legal_moves(buf)):
            second = buf[j]
            if move_kind(second) in (PLAY, RELOCATE) and move_to(second) in squares:
                two.copy_from(one)
                two.apply_legal(second)
                if two.result() == side:
                    return True
    return False


def player_carrying_a_siege(seed, stall, last_root):
    """A ``normal`` player as it stood in a recorded game: its road no shorter for ``stall`` turns (a siege from two,
    or one with the opponent near done), ``last_root`` quarters from done at the last turn's start."""
    from core.pave_the_way import ai  # here: most modules using these helpers never load the computer player

    player = ai.Ai("normal", seed)
    player._init_carried()
    player.stall = stall
    player.last_root = last_root
    return player
