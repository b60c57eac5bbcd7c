# SPDX-License-Identifier: MIT
"""The rules console: play and inspect any game's engine from the command line.

    python -m tools.rules GAME new [--players N] [--solo] [--seed S] [--set NAME=VALUE ...]
    python -m tools.rules GAME moves FILE
    python -m tools.rules GAME apply FILE MOVE...
    python -m tools.rules GAME play --seed S [--players N] [--solo] [--level L] [--set NAME=VALUE ...]
    python -m tools.rules GAME replay RECORD

new, apply and replay take ``--view SEAT``: print what that seat knows (``game.view``: other players' hidden
values as '?', Pave the Way's guards of the other side while placement is secret), seats counted from 0 in the
engine's order (Pave the Way: 0 South, 1 North).

FILE is a position file and RECORD a game record (formats in docs/game-interface.md); '-' reads standard input.
Any malformed input or illegal move exits with status 2 and a message naming the line and field; never a
traceback.
"""

import argparse
import contextlib
import sys

from core import games
from core.config import Config
from core.errors import CorruptState, IllegalMove, NotationError
from core.game import move_buffer, ONGOING
from core.notation import format_position, format_record, parse_position, replay_record

EXIT_USAGE = 2
# A computer-vs-computer game that has not ended after this many moves is reported, not looped on.
PLAY_MOVE_LIMIT = 100000
# A record of PLAY_MOVE_LIMIT moves of about 15 characters each fits well within this.
MAX_INPUT_BYTES = 4 << 20


class Registry:
    """Maps console names to a game's (rules, notation, ai) modules; tests pass their own."""

    def names(self):
        return games.names()

    def modules(self, name):
        return games.load(name, "rules"), games.load(name, "notation"), games.load(name, "ai")


class ConsoleError(Exception):
    """A user error: printed as 'error: ...' with exit status 2."""


def _read(path, stdin):
    """The text of a file or of standard input: UTF-8, at most MAX_INPUT_BYTES (no device file reads forever)."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            data = getattr(stdin, "buffer", stdin).read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as err:
        raise ConsoleError("{}: cannot read: {}".format(name, err.strerror))
    if len(data) > MAX_INPUT_BYTES:
        raise ConsoleError("{}: longer than {} bytes: not a position or record".format(name, MAX_INPUT_BYTES))
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ConsoleError("{}: not a text file".format(name))


def _config_from_options(rules, options):
    config = Config(rules.Game.CONFIG_SCHEMA)
    fields = [field[0] for field in rules.Game.CONFIG_SCHEMA]
    for item in options.set or ():
        config.parse(item)
    if options.solo:
        if "players" not in fields or rules.Game.CONFIG_SCHEMA[fields.index("players")][2] > 1:
            raise ConsoleError("{} has no solo mode".format(rules.Game.NAME))
        config.set("players", 1)
    if options.players is not None:
        if "players" not in fields:
            raise ConsoleError("{} has a fixed number of players".format(rules.Game.NAME))
        config.set("players", options.players)
    return config


def _parser(names):
    parser = argparse.ArgumentParser(prog="python -m tools.rules", description="Rules console for the games' engines.")
    parser.add_argument("game", choices=names, help="which game")
    commands = parser.add_subparsers(dest="command", required=True)

    def config_options(sub):
        sub.add_argument("--players", type=int, help="number of players")
        sub.add_argument("--solo", action="store_true", help="the solo mode, where the game has one")
        sub.add_argument("--set", action="append", metavar="NAME=VALUE", help="a rules option (repeatable)")
        sub.add_argument("--seed", type=int, default=0, help="0..2**30-1; all chance comes from it")

    def view_option(sub):
        sub.add_argument("--view", type=int, metavar="SEAT", help="print what this seat knows (0 = first seat)")

    new = commands.add_parser("new", help="print the initial position")
    config_options(new)
    view_option(new)
    moves = commands.add_parser("moves", help="list the legal moves of a position, one per line")
    moves.add_argument("file")
    apply = commands.add_parser("apply", help="apply moves to a position and print the result")
    apply.add_argument("file")
    apply.add_argument("moves", nargs="+", metavar="MOVE")
    view_option(apply)
    play = commands.add_parser("play", help="print a computer-vs-computer game record")
    config_options(play)
    play.add_argument("--level", default=None, help="computer level for every seat")
    replay = commands.add_parser("replay", help="validate a game record and print the final position")
    replay.add_argument("record")
    view_option(replay)
    return parser


def _shown(game, options):
    """The game, or the view of the seat ``--view`` names."""
    seat = getattr(options, "view", None)
    if seat is None:
        return game
    if not 0 <= seat < game.player_count():
        raise ConsoleError("--view must be a seat from 0 to {}".format(game.player_count() - 1))
    return game.view(seat, game.clone())


def _run(options, registry, stdin, out):
    rules, notation, ai = registry.modules(options.game)

    def name_to_modules(name):
        return (rules, notation) if name == options.game else None

    if options.command == "new":
        game = rules.Game(_config_from_options(rules, options), _seed(options.seed))
        out(format_position(_shown(game, options), notation))
    elif options.command == "moves":
        game = parse_position(_read(options.file, stdin), name_to_modules)
        buf = move_buffer(rules.Game.MAX_MOVES)
        for i in range(game.legal_moves(buf)):
            out(notation.format_move(game, buf[i]) + "\n")
    elif options.command == "apply":
        game = parse_position(_read(options.file, stdin), name_to_modules)
        for index, text in enumerate(options.moves, 1):
            where = "move {} '{}'".format(index, text)
            try:
                game.apply(notation.parse_move(game, text))
            except NotationError as err:
                raise ConsoleError("{}: {}".format(where, err))
            except IllegalMove as err:
                raise ConsoleError("{}: illegal: {}".format(where, err))
        out(format_position(_shown(game, options), notation))
    elif options.command == "play":
        out(_play(rules, notation, ai, options))
    elif options.command == "replay":
        game, _ = replay_record(_read(options.record, stdin), name_to_modules)
        out(format_position(_shown(game, options), notation))


def _seed(seed):
    if seed < 0 or seed > 0x3FFFFFFF:
        raise ConsoleError("--seed must be from 0 to 1073741823")
    return seed


def _play(rules, notation, ai, options):
    seed = _seed(options.seed)
    game = rules.Game(_config_from_options(rules, options), seed)
    level = options.level or ai.Ai.LEVELS[-1]
    if level not in ai.Ai.LEVELS:
        raise ConsoleError("--level must be one of: {}".format(", ".join(ai.Ai.LEVELS)))
    players = {}
    texts = []
    while game.result() == ONGOING:
        if len(texts) >= PLAY_MOVE_LIMIT:
            raise ConsoleError("no result after {} moves".format(PLAY_MOVE_LIMIT))
        seat = game.current_player()
        if seat not in players:
            # Each seat's computer gets its own stream, derived from the game seed so the record replays.
            players[seat] = ai.Ai(level, (seed + 7919 * (seat + 1)) & 0x3FFFFFFF)
        move = players[seat].choose(game)
        texts.append(notation.format_move(game, move))
        game.apply(move)
    return format_record(rules.Game.NAME, game.config, seed, texts, game.result())


def main(argv=None, registry=None, stdin=None, stdout=None, stderr=None):
    registry = registry or Registry()
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    parser = _parser(registry.names())
    try:
        with contextlib.redirect_stderr(stderr):
            options = parser.parse_args(argv)
    except SystemExit as exit:
        return exit.code
    try:
        _run(options, registry, stdin, stdout.write)
    except (ConsoleError, NotationError, CorruptState) as err:
        source = getattr(options, "file", None) or getattr(options, "record", None)
        prefix = "{}: ".format(source) if isinstance(err, (NotationError, CorruptState)) and source else ""
        stderr.write("error: {}{}\n".format(prefix, err))
        return EXIT_USAGE
    except BrokenPipeError:  # the reader went away (moves FILE | head): nothing left to say
        if stdout is sys.stdout:  # and nothing for the interpreter to flush at exit either
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
