# SPDX-License-Identifier: MIT
"""Pawns Crossing random-playout properties over 1,000 seeded games (2, 3 and 4 players), checked every step.

After every move: pieces are conserved (16 tiles, 25 dominoes, each token on exactly one space or delivered, no two
on one half), encode/decode and the move and position text round-trip, listed moves apply (all of them, or an even
sample of 40 when more are listed; the results validated every fourth step), a sample of unlisted codes is refused
with a reason and changes nothing, no move goes tile to tile (PC-A32), token destinations agree with an independent
reading of the path rule, legal moves are the same in every player's view (they never depend on hidden values), and
no view shows another player's undelivered values. A failure names the seed and step.
"""

import pytest

from core.game import move_buffer
from core.notation import format_position, parse_position
from core.pawns_crossing import notation, paths, rules
from core.pawns_crossing.board import DOMINO_PIPS
from core.pawns_crossing.rules import (
    S_TILES, S_SLOTS, S_PUSHER, S_PUSHER_AT, S_TOKEN_AT, S_VALUE, S_OWNER, S_PAWN, S_DICE, TOKEN, UNKNOWN,
    DELIVERED, UNUSED, SPACES, move_kind, move_a, move_b,
)
from core.prng import Prng
from tests.core.playout import check_refused

GAMES = 1000
SAMPLE = 40


def oracle_space_names():
    """Every space of the board by its notation name, from decisions.md 2.2 directly (not board.py)."""
    names = []
    for r in range(4):
        for c in range(3):
            names += ["h{}{}n".format(r, c), "h{}{}s".format(r, c)]
    for r in range(3):
        for c in range(4):
            names += ["v{}{}w".format(r, c), "v{}{}e".format(r, c)]
    return names


def oracle_neighbours(game, name, colour, tiles_at):
    """Spaces one step from ``name`` (a half's name or ('tile', r, c)), per decisions.md 2.2."""
    pawns = {game.state[S_PAWN + k]: k for k in range(4) if game.state[S_PAWN + k] < 9}
    out = []
    if isinstance(name, tuple):
        _, r, c = name
        for rr, cc, kind in ((r, c - 1, "h"), (r, c, "h"), (r - 1, c, "v"), (r, c, "v")):
            if kind == "h" and 0 <= rr <= 3 and 0 <= cc <= 2:
                out += ["h{}{}n".format(rr, cc), "h{}{}s".format(rr, cc)]
            if kind == "v" and 0 <= rr <= 2 and 0 <= cc <= 3:
                out += ["v{}{}w".format(rr, cc), "v{}{}e".format(rr, cc)]
        at = game.state[S_PUSHER_AT]
        if at != 255:
            line, end = at >> 1, at & 1
            tile = (line, 3 * end) if line < 4 else (3 * end, line - 4)
            if tile == (r, c):
                out += ["pn", "ps"] if line < 4 else ["pw", "pe"]
        return out
    if name[0] == "p":
        at = game.state[S_PUSHER_AT]
        line, end = at >> 1, at & 1
        tile = (line, 3 * end) if line < 4 else (3 * end, line - 4)
        other = {"pn": "ps", "ps": "pn", "pw": "pe", "pe": "pw"}[name]
        return [other, ("tile",) + tile]
    kind, r, c, end = name[0], int(name[1]), int(name[2]), name[3]
    other = {"n": "s", "s": "n", "w": "e", "e": "w"}[end]
    out.append(name[:3] + other)
    if kind == "h":
        out += [("tile", r, c), ("tile", r, c + 1)]
        hole = (r - 1, c) if end == "n" else (r, c)
    else:
        out += [("tile", r, c), ("tile", r + 1, c)]
        hole = (r, c - 1) if end == "w" else (r, c)
    hr, hc = hole
    if 0 <= hr <= 2 and 0 <= hc <= 2:
        index = hr * 3 + hc
        if index not in pawns or pawns[index] == colour:
            ring = ["h{}{}s".format(hr, hc), "h{}{}n".format(hr + 1, hc), "v{}{}e".format(hr, hc),
                    "v{}{}w".format(hr, hc + 1)]
            out += [h for h in ring if h != name]
    return out


def oracle_destinations(game, token):
    """The legal destinations of ``token`` by the formal path rule of decisions.md 2.5, by name."""
    paths.sync(game)
    colour = token >> 2
    die = game.state[S_DICE + colour]
    start_piece = game.state[S_TOKEN_AT + token]
    tiles_at = {}
    occupied = set()
    for t in range(16):
        piece = game.state[S_TOKEN_AT + t]
        if 16 <= piece < SPACES and t != token:
            occupied.add(notation.piece_name(game, piece))

    def name_of(piece):
        if piece < 16:
            pos = game.tile_pos[piece]
            return ("tile", pos // 4, pos % 4)
        return notation.piece_name(game, piece)

    def value(half):
        if half in occupied:
            return 0
        for piece in range(16, SPACES):
            if paths.space_of(game, piece) != paths.FAR and notation.piece_name(game, piece) == half:
                return DOMINO_PIPS[piece - 16]
        raise AssertionError(half)

    start = name_of(start_piece)
    found = set()
    frontier = [start]
    seen = {start}
    while frontier:
        here = frontier.pop()
        for nxt in oracle_neighbours(game, here, colour, tiles_at):
            is_tile = isinstance(nxt, tuple)
            if here == start and isinstance(start, tuple) and nxt in occupied and game.strict_entry:
                continue  # PC-A6 flag: leaving a tile needs an empty half
            if is_tile and (isinstance(start, tuple) or nxt == start):
                continue  # a second transition
            if not is_tile and nxt not in occupied and nxt != start:
                found.add(nxt)
            if is_tile:
                found.add(nxt)
                continue
            if nxt not in seen and value(nxt) < die:
                seen.add(nxt)
                frontier.append(nxt)
    names = set()
    for item in found:
        if isinstance(item, tuple):
            names.add(notation.tile_name(game.state[S_TILES + item[1] * 4 + item[2]]))
        else:
            names.add(item)
    return names


def check_pieces(game, where):
    s = game.state
    assert sorted(s[S_TILES:S_TILES + 16]) == list(range(16)), where
    assert sorted([c >> 1 for c in s[S_SLOTS:S_SLOTS + 24]] + [s[S_PUSHER] >> 1]) == list(range(25)), where
    per = 3 if game.players == 2 else 4
    halves = []
    for colour in range(4):
        used = s[S_OWNER + colour] != 255
        on = [s[S_TOKEN_AT + colour * 4 + k] for k in range(4)]
        if not used:
            assert on == [UNUSED] * 4, where
            continue
        assert on[per:] == [UNUSED] * (4 - per), where
        for piece in on[:per]:
            assert piece < SPACES or piece == DELIVERED, where
            if 16 <= piece < SPACES:
                halves.append(piece)
    assert len(halves) == len(set(halves)), where


def check_views(game, buf, view, where):
    count = game.legal_moves(buf)
    listed = [buf[i] for i in range(count)]
    for player in range(game.players):
        game.view(player, view)
        s = view.state
        for t in range(16):
            owner = s[S_OWNER + (t >> 2)]
            if owner != 255 and owner != player and s[S_TOKEN_AT + t] < SPACES:
                assert s[S_VALUE + t] == UNKNOWN, where + ": view {} shows token {}".format(player, t)
        assert [buf[i] for i in range(view.legal_moves(buf))] == listed, where + ": legality depends on values"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("part", range(4))
def test_random_games_keep_every_invariant(players, part):
    names = lambda name: (rules, notation) if name == rules.Game.NAME else None
    buf = move_buffer(rules.Game.MAX_MOVES)
    results = {}
    seeds = [seed for seed in range(GAMES) if seed % 3 == players - 2 and (seed // 3) % 4 == part]
    for seed in seeds:
        config = "players={} turncap=60".format(players)
        if seed % 7 == 6:
            config += " strictentry=1 fixedpusher=1" + (" balance=1" if players == 2 else "")
        game = rules.Game(config, seed)
        scratch = rules.Game(config, seed)
        view = rules.Game(config, seed)
        chooser = Prng(seed * 11 + players)
        step = 0
        while not game.is_over():
            where = "players {} seed {} step {}".format(players, seed, step)
            check_pieces(game, where)
            count = game.legal_moves(buf)
            assert count > 0, where
            listed = [buf[i] for i in range(count)]
            encoded = game.encode()
            stride = max(1, count // SAMPLE)
            for candidate in listed[::stride] + [listed[-1]]:
                scratch.copy_from(game)
                scratch.apply_legal(candidate)  # listed, so apply() would take it: see what it leads to
                if step % 4 == 0:
                    scratch.validate()
                assert notation.parse_move(game, notation.format_move(game, candidate)) == candidate, where
            tokens = {}
            for move in listed:
                if move_kind(move) == TOKEN:
                    start = game.state[S_TOKEN_AT + move_a(move)]
                    assert not (start < 16 and move_b(move) < 16), where + ": tile to tile"
                    paths.sync(game)
                    tokens.setdefault(move_a(move), set()).add(notation.piece_name(game, move_b(move)))
            if tokens and step % 5 == 0:
                for token, dests in tokens.items():
                    assert dests == oracle_destinations(game, token), where + " token {}".format(token)
            check_refused(game, [chooser.below(7 << 12) for _ in range(3)], set(listed), where)
            if step % 4 == 0:
                check_views(game, buf, view, where)
                assert parse_position(format_position(game, notation), names).encode() == encoded, where
            move = listed[chooser.below(count)]
            game.apply(move)
            assert rules.Game.decode(game.encode()).encode() == game.encode(), where
            step += 1
        results[game.result()] = results.get(game.result(), 0) + 1
    assert sum(results.values()) == len(seeds)
