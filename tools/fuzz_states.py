# SPDX-License-Identifier: MIT
"""Fuzz the state gate: mutated saves and mutated position texts must be refused cleanly or play on.

    python -m tools.fuzz_states GAME [--bytes N] [--text N] [--seed S] [--json]

Samples are real states: seeded games of every player count the game has, played by random moves and by the
computer, kept at every phase and at the end (a finished game included). Then:

* **bytes**: each case changes one byte of a sample's encoding to another value (half the cases), one byte to a
  value engines give meaning to or to its neighbour (a quarter), or several bytes at random, and decodes it;
* **text**: each case edits a sample's position text, or (one case in four) a sample game's record, at the word
  level: a word swapped for another word of the game's vocabulary (taken from every sample), an item duplicated or
  dropped, a ``:part`` added, a number pushed to its field's maximum and beyond, a line repeated or dropped.

A case passes when it is refused with ``CorruptState`` (bytes) or ``NotationError`` (text), or when the game it
yields passes ``tests.core.soundness.check_plays_on``. Anything else is a failure, printed with the input that
shows it. Exits 1 on a failure. ``tests/test_fuzz_states.py`` runs a bounded slice in ``make test``.
"""

import argparse
import json
import sys

from core import games
from core.errors import CorruptState, NotationError
from core.game import move_buffer, ONGOING
from core.notation import format_position, format_record, parse_position, replay_record
from core.prng import Prng
from tests.core.soundness import check_plays_on

# (config, games) per game: every player count and mode, a few rules flags, and short caps so games end.
SAMPLE_CONFIGS = {
    "pave-the-way": (("", 4), ("sequentialplacement=1 allowsplit=1", 2), ("turncap=30", 2)),
    "pawns-crossing": (("players=2", 3), ("players=3", 3), ("players=4", 3), ("players=2 balance=1", 2),
                       ("players=4 strictentry=1 diecountssteps=1", 2)),
    "clear-a-path": (("players=1", 4), ("players=2", 3), ("players=3", 2), ("players=4", 2), ("players=5", 1),
                     ("players=6", 1), ("players=5 unevendraft=1", 1), ("players=1 cascadeoverwritesmark=1", 2)),
}
KEEP_EVERY = 9  # a sample every this many moves of a game, besides its first and last states
MOVE_LIMIT = 4000


def samples(name, seed=0):
    """Real games of every configuration: (rules, notation), a list of games, and each whole game as a record."""
    rules = games.load(name, "rules")
    notation = games.load(name, "notation")
    ai = games.load(name, "ai")
    found = []
    records = []
    buf = move_buffer(rules.Game.MAX_MOVES)
    chooser = Prng(seed + 1)
    for config, count in SAMPLE_CONFIGS[name]:
        for g in range(count):
            game_seed = seed * 1000 + g
            game = rules.Game(config, game_seed)
            players = [ai.Ai("easy" if g % 2 else ai.Ai.LEVELS[-1], game_seed + seat) for seat in range(8)]
            computer = g % 3 != 0  # every third game random moves, the others computer players
            texts = []
            while game.result() == ONGOING and len(texts) < MOVE_LIMIT:
                if len(texts) % KEEP_EVERY == 0:
                    found.append(game.clone())
                if computer:
                    move = players[game.current_player()].choose(game)
                else:
                    move = buf[chooser.below(game.legal_moves(buf))]
                texts.append(notation.format_move(game, move))
                game.apply_legal(move)
            found.append(game.clone())
            records.append(format_record(name, game.config, game_seed, texts, game.result()))
    return (rules, notation), found, records


def _verdict(rules, notation, make, refused, seed):
    """'refused', 'accepted' or ('failure', message) for one mutated input."""
    try:
        game = make()
    except refused:
        return "refused"
    except Exception as err:  # a crash in the gate itself
        return ("failure", "the gate raised {}: {}".format(type(err).__name__, err))
    try:
        check_plays_on(rules, notation, game, seed)
    except Exception as err:
        return ("failure", "accepted, then {}: {}".format(type(err).__name__, err))
    return "accepted"


# values engines give meaning to (small counts, 2**k boundaries, the 253-255 codes for unknown, hidden, none)
SPECIAL = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 27, 28, 31, 32, 63, 64, 65, 66, 127, 128, 191, 192,
           200, 252, 253, 254, 255)


def mutate_bytes(data, rng):
    data = bytearray(data)
    kind = rng.below(4)
    if kind < 2:
        at = rng.below(len(data))
        data[at] = (data[at] + 1 + rng.below(255)) & 0xFF
    elif kind == 2:  # one byte to a value with a meaning, or next to its own value
        at = rng.below(len(data))
        choice = rng.below(len(SPECIAL) + 2)
        value = SPECIAL[choice] if choice < len(SPECIAL) else data[at] + (1 if choice == len(SPECIAL) else 255)
        data[at] = value & 0xFF
    else:
        for _ in range(2 + rng.below(6)):
            at = rng.below(len(data))
            data[at] = rng.below(256) if rng.below(3) else (0, 255, data[at] ^ 1, data[at] + 1 & 0xFF)[rng.below(4)]
    return bytes(data)


def fuzz_bytes(name, cases, seed=0, found=None):
    (rules, notation), found, _ = found or samples(name, seed)
    encodings = [game.encode() for game in found]
    rng = Prng(seed + 7)
    tally = {"cases": 0, "refused": 0, "accepted": 0, "failures": []}
    for case in range(cases):
        data = mutate_bytes(encodings[rng.below(len(encodings))], rng)
        verdict = _verdict(rules, notation, lambda: rules.Game.decode(data), CorruptState, case)
        _count(tally, verdict, data.hex())
    return tally


def _vocabulary(texts):
    words = set()
    for text in texts:
        for line in text.splitlines()[3:]:
            for word in line.split():
                words.add(word)
                for part in word.split(":"):
                    words.add(part)
    return sorted(words)


def mutate_text(text, vocabulary, rng):
    lines = text.splitlines()
    for _ in range(1 + rng.below(3)):
        i = 1 + rng.below(len(lines) - 1)
        words = lines[i].split()
        if not words:
            continue
        j = rng.below(len(words))
        kind = rng.below(8)
        if kind == 0:
            words[j] = vocabulary[rng.below(len(vocabulary))]
        elif kind == 1:
            words.insert(j, words[j])
        elif kind == 2 and len(words) > 1:
            del words[j]
        elif kind == 3:
            words[j] = words[j] + ":" + vocabulary[rng.below(len(vocabulary))]
        elif kind == 4:
            parts = words[j].split(":")
            k = rng.below(len(parts))
            parts[k] = vocabulary[rng.below(len(vocabulary))]
            words[j] = ":".join(parts)
        elif kind == 5:
            words[j] = _bigger_number(words[j], rng)
        elif kind == 6:
            lines.insert(i, lines[i])
            continue
        else:
            del lines[i]
            continue
        lines[i] = " ".join(words)
    return "\n".join(lines) + "\n"


def _bigger_number(word, rng):
    """Numbers in a word (rng values, turns, config fields) pushed to a boundary or past it."""
    choices = ("0", "1", "255", "256", "65535", "65536", "1073741823", "1073741824", "-1", "99999999999")
    out = ""
    digits = ""
    for ch in word + " ":
        if "0" <= ch <= "9":
            digits += ch
            continue
        if digits:
            out += choices[rng.below(len(choices))]
            digits = ""
        out += ch
    return out[:-1] if out != word else word + choices[rng.below(len(choices))]


def fuzz_text(name, cases, seed=0, found=None):
    (rules, notation), found, records = found or samples(name, seed)
    texts = [format_position(game, notation) for game in found]
    vocabulary = _vocabulary(texts + records)
    names = lambda game_name: (rules, notation) if game_name == rules.Game.NAME else None
    rng = Prng(seed + 11)
    tally = {"cases": 0, "refused": 0, "accepted": 0, "failures": []}
    for case in range(cases):
        # one case in four is a record: its moves replay to a state, or it is refused
        if case % 4 == 3:
            text = mutate_text(records[rng.below(len(records))], vocabulary, rng)
            make = lambda: replay_record(text, names)[0]
        else:
            text = mutate_text(texts[rng.below(len(texts))], vocabulary, rng)
            make = lambda: parse_position(text, names)
        verdict = _verdict(rules, notation, make, NotationError, case)
        _count(tally, verdict, text)
    return tally


def _count(tally, verdict, shown):
    tally["cases"] += 1
    if verdict in ("refused", "accepted"):
        tally[verdict] += 1
    else:
        tally["failures"].append((verdict[1], shown))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.fuzz_states", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--bytes", type=int, default=10000, help="mutated encodings to try")
    parser.add_argument("--text", type=int, default=2000, help="mutated position texts to try")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the counts as one JSON object")
    options = parser.parse_args(argv)
    found = samples(options.game, options.seed)
    report = {"game": options.game, "samples": len(found[1]), "records": len(found[2]), "seed": options.seed}
    failures = []
    for kind, run, cases in (("bytes", fuzz_bytes, options.bytes), ("text", fuzz_text, options.text)):
        tally = run(options.game, cases, options.seed, found)
        failures += [(kind,) + f for f in tally["failures"]]
        report[kind] = {"cases": tally["cases"], "refused": tally["refused"], "accepted": tally["accepted"],
                        "failures": len(tally["failures"])}
    if options.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for kind in ("bytes", "text"):
            r = report[kind]
            print("{} {}: {} cases, {} refused, {} accepted and played on, {} failures".format(
                options.game, kind, r["cases"], r["refused"], r["accepted"], r["failures"]))
    seen = set()
    for kind, message, shown in failures:
        if message not in seen and len(seen) < 10:
            seen.add(message)
            print("FAIL {}: {}\n{}".format(kind, message, shown), file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
