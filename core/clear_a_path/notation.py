# SPDX-License-Identifier: MIT
"""Clear a Path text: moves and positions (docs/clear-a-path.md has the full description and examples).

Moves, verb first: ``draft red``, ``mark blue``, ``discard grey``, ``done`` (solo), and actions
``VERB DIE [TARGET]`` where VERB names the action (red/1 ``reroll``, blue/2 ``plus``, yellow/3 ``first`` or in
solo ``erase``, black/4 ``block``, white/5 ``minus``, grey/6 ``reroll-own``). Dice are named by colour; the
second set (4-6 players) adds ``2``: ``red2``. A solo ``erase`` names the barrier's row colour:
``erase yellow black`` (the yellow die clears the barrier in row black of its value's column).

Position body::

    round 3 phase action turn 1 first 0 token 1 picks 6 blocked 4
    dice red:5:p0 blue:2:pool yellow:3:p1 ...
    grid 0 ...X.. / ...... / ...
    grid 1 ...

Zones are ``pool``, ``pN`` (held by player N, 0-based) and ``undrafted`` (solo). ``blocked`` lists the blocked
columns 1-6 (``-`` when none). Grid rows run red to grey, separated by ``/``; ``.`` empty, ``X`` mark, ``B``
barrier (solo).
"""

from core.errors import NotationError
from core.game import DRAW, LOSS, ONGOING
from core.notation import parse_fields, parse_int
from core.clear_a_path.board import (
    make_move, move_kind, move_action, move_die, move_target, DRAFT, MARK, ACTION, DISCARD, DONE,
    S_PHASE, S_TO_MOVE, S_ROUND_FIRST, S_TOKEN, S_PICKS, S_BLOCKED, S_RESULT, S_ROUND, S_VALUE, S_ZONE, S_GRID,
    POOL, UNDRAFTED, PHASE_OVER, YELLOW, BLACK, RESULT_LOSS, RESULT_DRAW,
)

COLOURS = ("red", "blue", "yellow", "black", "white", "grey")
VERBS = ("reroll", "plus", "first", "block", "minus", "reroll-own")
SOLO_YELLOW = "erase"
PHASES = ("draft", "action", "over")
CELLS = ".XB"  # "#" would start a comment in a position file


def die_name(die):
    return COLOURS[die % 6] + ("2" if die >= 6 else "")


def parse_die(game, text, line=0):
    set_two = text.endswith("2")
    colour = text[:-1] if set_two else text
    if colour not in COLOURS:
        raise NotationError("unknown die '{}' (dice are {})".format(text, ", ".join(COLOURS)), line, "die")
    die = COLOURS.index(colour) + (6 if set_two else 0)
    if die >= game.dice:
        raise NotationError("there is no second set of dice with {} players".format(game.players), line, "die")
    return die


def _verb(game, action):
    if action == YELLOW and game.solo:
        return SOLO_YELLOW
    return VERBS[action]


def format_move(game, move):
    kind = move_kind(move)
    die = move_die(move)
    if kind == DRAFT:
        return "draft " + die_name(die)
    if kind == MARK:
        return "mark " + die_name(die)
    if kind == DISCARD:
        return "discard " + die_name(die)
    if kind == DONE:
        return "done"
    action = move_action(move)
    text = _verb(game, action) + " " + die_name(die)
    if action == YELLOW and game.solo:
        return text + " " + COLOURS[move_target(move)]
    if action in (YELLOW, BLACK):
        return text
    return text + " " + die_name(move_target(move))


def parse_move(game, text):
    words = text.split()
    if not words:
        raise NotationError("empty move", field="move")
    verb = words[0]
    if verb == "done":
        if len(words) != 1:
            raise NotationError("'done' takes nothing after it", field="move")
        return make_move(DONE, 0, 0, 0)
    simple = {"draft": DRAFT, "mark": MARK, "discard": DISCARD}
    if verb in simple:
        if len(words) != 2:
            raise NotationError("expected '{} DIE'".format(verb), field="move")
        return make_move(simple[verb], 0, parse_die(game, words[1]), 0)
    if verb == SOLO_YELLOW and game.solo:
        action = YELLOW
    elif verb in VERBS and not (verb == "first" and game.solo):
        action = VERBS.index(verb)
    else:
        raise NotationError("unknown move '{}' (draft, mark, discard, {}, {}, done)".format(
            verb, ", ".join(VERBS), SOLO_YELLOW), field="move")
    if action in (YELLOW, BLACK) and not (action == YELLOW and game.solo):
        if len(words) != 2:
            raise NotationError("expected '{} DIE'".format(verb), field="move")
        return make_move(ACTION, action, parse_die(game, words[1]), 0)
    if len(words) != 3:
        raise NotationError("expected '{} DIE {}'".format(verb, "ROW" if action == YELLOW else "TARGET"),
                            field="move")
    die = parse_die(game, words[1])
    if action == YELLOW:
        if words[2] not in COLOURS:
            raise NotationError("expected a row colour, got '{}'".format(words[2]), field="move")
        return make_move(ACTION, action, die, COLOURS.index(words[2]))
    return make_move(ACTION, action, die, parse_die(game, words[2]))


def _zone_name(zone):
    if zone == POOL:
        return "pool"
    if zone == UNDRAFTED:
        return "undrafted"
    return "p{}".format(zone - 1)


def format_body(game):
    s = game.state
    blocked = [str(c + 1) for c in range(6) if (s[S_BLOCKED] >> c) & 1]
    lines = ["round {} phase {} turn {} first {} token {} picks {} blocked {}".format(
        game.round_number(), PHASES[s[S_PHASE]], s[S_TO_MOVE], s[S_ROUND_FIRST], s[S_TOKEN], s[S_PICKS],
        ",".join(blocked) or "-")]
    lines.append("dice " + " ".join("{}:{}:{}".format(die_name(d), s[S_VALUE + d], _zone_name(s[S_ZONE + d]))
                                    for d in range(game.dice)))
    for player in range(game.players):
        rows = []
        for row in range(6):
            rows.append("".join(CELLS[s[S_GRID + player * 36 + row * 6 + col]] for col in range(6)))
        lines.append("grid {} {}".format(player, " / ".join(rows)))
    result = game.result()
    if result != ONGOING:
        lines.append("result {}".format({LOSS: "loss", DRAW: "draw"}.get(result, result)))
    return lines


def parse_body(game, lines):
    s = game.state
    expected = 2 + game.players
    if len(lines) not in (expected, expected + 1):
        last = lines[-1][0] if lines else 0
        raise NotationError("expected a round line, a dice line and {} grid lines".format(game.players), last)
    number, text = lines[0]
    f = parse_fields(text, number, ("round", "phase", "turn", "first", "token", "picks", "blocked"))
    done = parse_int(f["round"], number, "round", 0, game.round_cap)  # the cap ends the game (CAP-A28)
    s[S_ROUND] = done & 0xFF
    s[S_ROUND + 1] = done >> 8
    if f["phase"] not in PHASES:
        raise NotationError("phase is one of {}".format(", ".join(PHASES)), number, "phase")
    s[S_PHASE] = PHASES.index(f["phase"])
    s[S_TO_MOVE] = parse_int(f["turn"], number, "turn", 0, game.players - 1)
    s[S_ROUND_FIRST] = parse_int(f["first"], number, "first", 0, game.players - 1)
    s[S_TOKEN] = parse_int(f["token"], number, "token", 0, game.players - 1)
    s[S_PICKS] = parse_int(f["picks"], number, "picks", 0, game.picks_per_round)
    blocked = 0
    if f["blocked"] != "-":
        for item in f["blocked"].split(","):
            blocked |= 1 << (parse_int(item, number, "blocked", 1, 6) - 1)
    s[S_BLOCKED] = blocked
    number, text = lines[1]
    words = text.split()
    if not words or words[0] != "dice" or len(words) != 1 + game.dice:
        raise NotationError("expected 'dice' and {} dice as COLOUR:VALUE:ZONE".format(game.dice), number, "dice")
    for index, item in enumerate(words[1:]):
        parts = item.split(":")
        if len(parts) != 3:
            raise NotationError("expected COLOUR:VALUE:ZONE, got '{}'".format(item), number, "dice")
        die = parse_die(game, parts[0], number)
        if die != index:
            raise NotationError("dice are listed in order: {} expected".format(die_name(index)), number, "dice")
        s[S_VALUE + die] = parse_int(parts[1], number, "dice", 1, 6)
        zone = parts[2]
        if zone == "pool":
            s[S_ZONE + die] = POOL
        elif zone == "undrafted":
            s[S_ZONE + die] = UNDRAFTED
        elif zone.startswith("p"):
            s[S_ZONE + die] = 1 + parse_int(zone[1:], number, "dice", 0, game.players - 1)
        else:
            raise NotationError("zone is pool, undrafted or pN, got '{}'".format(zone), number, "dice")
    for player in range(game.players):
        number, text = lines[2 + player]
        words = text.split(None, 2)
        if len(words) != 3 or words[0] != "grid" or words[1] != str(player):
            raise NotationError("expected 'grid {} ROW / ROW / ...'".format(player), number, "grid")
        rows = [row.strip() for row in words[2].split("/")]
        if len(rows) != 6 or any(len(row) != 6 for row in rows):
            raise NotationError("a grid is 6 rows of 6 cells", number, "grid")
        for r in range(6):
            for c in range(6):
                ch = rows[r][c]
                if ch not in CELLS:
                    raise NotationError("cells are '.', 'X' or 'B', got '{}'".format(ch), number, "grid")
                s[S_GRID + player * 36 + r * 6 + c] = CELLS.index(ch)
    s[S_RESULT] = 0
    if len(lines) == expected + 1:
        number, text = lines[expected]
        words = text.split()
        if len(words) != 2 or words[0] != "result":
            raise NotationError("expected 'result WINNER|loss|draw'", number, "result")
        if words[1] == "loss":
            s[S_RESULT] = RESULT_LOSS
        elif words[1] == "draw":
            s[S_RESULT] = RESULT_DRAW
        else:
            s[S_RESULT] = 1 + parse_int(words[1], number, "result", 0, game.players - 1)
    if (s[S_RESULT] != 0) != (s[S_PHASE] == PHASE_OVER):
        raise NotationError("a finished game has phase over and a result line", number, "result")
