# SPDX-License-Identifier: MIT
"""Text forms shared by all games: position files and game records.

A **position** is the game's name, its config, the generator state and the engine's own lines::

    game clear-a-path
    config players=2 solo=0
    rng 123456789 987654321
    ...engine lines...

A **record** is a game from its start: config, seed, then one move per line, and optionally the result::

    game clear-a-path
    config players=2 solo=0
    seed 42
    move d3
    move m1
    result 0

Blank lines and text after ``#`` are ignored. Each engine's ``notation`` module provides
``format_move(game, move)``, ``parse_move(game, text)``, ``format_body(game)`` (a list of lines) and
``parse_body(game, lines)`` where ``lines`` are ``(line_number, text)`` pairs; both parsers raise NotationError.
"""

from core.config import Config, ascii_int
from core.errors import NotationError, CorruptState, IllegalMove
from core.game import DRAW, LOSS, ONGOING


def result_text(result):
    """A result as text: the winner's index, 'draw', 'loss' or 'ongoing'."""
    if result == DRAW:
        return "draw"
    if result == LOSS:
        return "loss"
    if result == ONGOING:
        return "ongoing"
    return str(result)


def parse_result(text, line):
    for value in (DRAW, LOSS, ONGOING):
        if text == result_text(value):
            return value
    try:
        value = ascii_int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise NotationError("expected a player index, draw, loss or ongoing, got '{}'".format(text), line, "result")
    return value


def _lines(text):
    """Yield (line number, stripped text) for each line that is not blank or a comment."""
    number = 0
    for raw in text.split("\n"):
        number += 1
        hash_at = raw.find("#")
        if hash_at >= 0:
            raw = raw[:hash_at]
        raw = raw.strip()
        if raw:
            yield number, raw


def _split_key(raw):
    space = raw.find(" ")
    if space < 0:
        return raw, ""
    return raw[:space], raw[space + 1 :].strip()


def _read_header(lines, name_to_modules, second_key):
    """Read the 'game', 'config' and ``second_key`` lines; return (rules, notation, config, (line, value))."""
    if len(lines) < 3:
        raise NotationError("expected lines 'game', 'config' and '{}'".format(second_key), lines[-1][0] if lines else 1)
    number, raw = lines[0]
    key, value = _split_key(raw)
    if key != "game":
        raise NotationError("expected 'game NAME', got '{}'".format(raw), number, "game")
    modules = name_to_modules(value)
    if modules is None:
        raise NotationError("unknown game '{}'".format(value), number, "game")
    rules, notation = modules
    number, raw = lines[1]
    key, value = _split_key(raw)
    if key != "config":
        raise NotationError("expected 'config name=value ...', got '{}'".format(raw), number, "config")
    config = Config(rules.Game.CONFIG_SCHEMA)
    config.parse(value, number)
    number, raw = lines[2]
    key, value = _split_key(raw)
    if key != second_key:
        raise NotationError("expected '{} ...', got '{}'".format(second_key, raw), number, second_key)
    return rules, notation, config, (number, value)


def parse_int(text, line, field, lowest, highest):
    """An int from text, in lowest..highest; NotationError naming the line and field otherwise.

    Engines' parse_body uses it for every number, so no malformed file reaches a bytearray or a traceback.
    """
    try:
        value = ascii_int(text)
    except ValueError:
        raise NotationError("not an integer: '{}'".format(text), line, field)
    if value < lowest or value > highest:
        raise NotationError("must be from {} to {}, got {}".format(lowest, highest, value), line, field)
    return value


def parse_fields(text, line, names):
    """Parse an engine's ``name value name value ...`` line into a dict, the names exactly ``names`` in that order;
    NotationError naming the line and the first name otherwise.

    >>> parse_fields("round 3 phase draft", 2, ("round", "phase"))["phase"]
    'draft'
    """
    words = text.split()
    if len(words) != 2 * len(names) or [words[i] for i in range(0, len(words), 2)] != list(names):
        raise NotationError("expected '{}'".format(" ".join(n + " ..." for n in names)), line, names[0])
    return {words[i]: words[i + 1] for i in range(0, len(words), 2)}


def _int_field(number, field, text, highest):
    return parse_int(text, number, field, 0, highest)


def format_position(game, notation):
    lines = ["game " + game.NAME, "config " + game.config.text(), "rng {} {}".format(game.rng.z1, game.rng.z2)]
    lines.extend(notation.format_body(game))
    return "\n".join(lines) + "\n"


def parse_position(text, name_to_modules):
    """Parse a position file. ``name_to_modules(name)`` returns (rules, notation) modules or None."""
    lines = list(_lines(text))
    rules, notation, config, (number, value) = _read_header(lines, name_to_modules, "rng")
    parts = value.split()
    if len(parts) != 2:
        raise NotationError("expected two integers", number, "rng")
    game = rules.Game(config, 0)
    game.rng.z1 = _int_field(number, "rng", parts[0], 0x3FFFFFFF)
    game.rng.z2 = _int_field(number, "rng", parts[1], 0x3FFFFFFF)
    state = bytearray(8)
    game.rng.save_into(state)
    try:
        game.rng.load_from(state)
    except ValueError as err:
        raise NotationError(str(err), number, "rng")
    notation.parse_body(game, lines[3:])
    try:
        game.validate()
    except CorruptState as err:
        raise NotationError("not a reachable position: {}".format(err), lines[-1][0], "position")
    return game


def format_record(game_name, config, seed, move_texts, result):
    lines = ["game " + game_name, "config " + config.text(), "seed {}".format(seed)]
    for text in move_texts:
        lines.append("move " + text)
    lines.append("result " + result_text(result))
    return "\n".join(lines) + "\n"


def replay_record(text, name_to_modules):
    """Replay a record move by move; return (game, moves list). Errors name the record's line."""
    lines = list(_lines(text))
    rules, notation, config, (number, value) = _read_header(lines, name_to_modules, "seed")
    seed = _int_field(number, "seed", value, 0x3FFFFFFF)
    game = rules.Game(config, seed)
    moves = []
    claimed = None
    for number, raw in lines[3:]:
        key, value = _split_key(raw)
        if claimed is not None:
            raise NotationError("nothing may follow the result", number, key)
        if key == "move":
            try:
                move = notation.parse_move(game, value)
                game.apply(move)
            except NotationError as err:
                raise NotationError(str(err), number, "move")
            except IllegalMove as err:
                raise NotationError("illegal move '{}': {}".format(value, err), number, "move")
            moves.append(move)
        elif key == "result":
            claimed = (number, parse_result(value, number))
        else:
            raise NotationError("expected 'move' or 'result', got '{}'".format(key), number, "record")
    if claimed is not None and claimed[1] != game.result():
        raise NotationError(
            "the record says {} but the moves give {}".format(result_text(claimed[1]), result_text(game.result())),
            claimed[0],
            "result",
        )
    return game, moves
