# SPDX-License-Identifier: MIT
"""Pawns Crossing: the way a token goes (``Game.token_path``), checked against the legal-path rule of decisions.md
2.5 (PC-A2 .. PC-A6, PC-A9, PC-A10, PC-A22, PC-A32) by a checker written here from the board's tables, which does
not call core/pawns_crossing/paths.py. Portable: pytest and MicroPython run this module.

Board B of helpers.py around the holes the scenarios use: x00: h00s 5, h10n 2, v00e 2, v01w 4; x10: h10s 0,
h20n 3, v10e 1, v11w 5; v00w 4, v10w 5, h00n 5.
"""

from core.game import move_buffer
from core.prng import Prng
from core.pawns_crossing import ai, notation, rules
from core.pawns_crossing.board import (
    DOMINO_PIPS, HALF_HOLE, HOLE_HALVES, NO_HOLE, NONE, PUSHER_HALF, TILE_SLOTS, pusher_tile,
)
from tests.core.pawns_crossing.helpers import TOKENS_2P, position, replace_token

HEAP_KB = 256  # compiled from source, beside a computer player

PATH_BYTES = 51  # any path: at most the 50 halves and a tile


# -- the independent checker: the rule as decisions.md 2.2 and 2.5 state it, over positional spaces ----------------
def tile_halves(game, pos):
    """The positional halves touching tile position ``pos`` (2.2: both halves of each domino beside it, and the
    pusher's once it lies against this tile, PC-A22)."""
    found = []
    for k in range(4):
        slot = TILE_SLOTS[pos * 4 + k]
        if slot != NONE:
            found.append(2 * slot)
            found.append(2 * slot + 1)
    place = game.pusher_place()
    if place != NONE and pusher_tile(place) == pos:
        found.append(PUSHER_HALF)
        found.append(PUSHER_HALF + 1)
    return found


def blocked(game, hole, colour):
    """PC-A9: a hole holding a pawn of another colour (the mover's own other colour included)."""
    for other in range(4):
        if other != colour and game.pawn(other) == hole:
            return True
    return False


def adjacent(game, a, b, colour):
    """Whether one step joins positional spaces ``a`` and ``b`` for a token of ``colour`` (PC-A1, PC-A10)."""
    if a < 16 and b < 16:
        return False  # tiles never touch each other
    if a < 16 or b < 16:
        tile, half = (a, b - 16) if a < 16 else (b, a - 16)
        return half in tile_halves(game, tile)
    a -= 16
    b -= 16
    if a ^ 1 == b:
        return True  # the two halves of one domino, the pusher's too
    if a >= PUSHER_HALF or b >= PUSHER_HALF:
        return False  # the pusher touches no hole (PC-A22)
    hole = HALF_HOLE[a]
    if hole == NO_HOLE or HALF_HOLE[b] != hole:
        return False
    assert a in HOLE_HALVES[hole * 4:hole * 4 + 4] and b in HOLE_HALVES[hole * 4:hole * 4 + 4]
    return not blocked(game, hole, colour)


def occupants(game):
    """Per positional space, 1 + the token on it if it is a half (a half holds one token at most), else 0."""
    found = bytearray(16 + PUSHER_HALF + 2)
    for t in range(16):
        piece = game.token_at(t)
        if piece < rules.SPACES and game.space_of(piece) >= 16:
            found[game.space_of(piece)] = 1 + t
    return found


def covered(occupied, space, token):
    """Whether a token other than ``token`` lies on the half at positional space ``space``."""
    return occupied[space] != 0 and occupied[space] != 1 + token


def value(game, occupied, space, token):
    """2.5: a half's value is its pips, or 0 under another token (PC-A6)."""
    if covered(occupied, space, token):
        return 0
    return DOMINO_PIPS[game.piece_at(space) - 16]


def check_path(game, occupied, move, path, n):
    """Fail unless ``path[:n]`` is a legal path for ``move`` by the letter of decisions 2.5; return the start."""
    token = rules.move_token(move)
    colour = token >> 2
    die = game.die(colour)
    start = game.space_of(game.token_at(token))
    dest = game.space_of(rules.move_destination(move))
    assert n > 0, "no path for a legal move"
    assert path[n - 1] == dest, "the path does not end on the destination"
    spaces = [start] + [path[i] for i in range(n)]
    transitions = 0
    for i in range(1, len(spaces)):
        assert spaces[i] not in spaces[:i], "a space visited twice"
        assert adjacent(game, spaces[i - 1], spaces[i], colour), "a step between spaces that do not touch"
        if (spaces[i - 1] < 16) != (spaces[i] < 16):
            transitions += 1
    assert transitions <= 1, "more than one tile/half transition (PC-A4, PC-A5)"
    for i in range(1, len(spaces) - 1):
        assert spaces[i] >= 16, "a tile passed (PC-A4, PC-A32)"
        assert value(game, occupied, spaces[i], token) < die, "a half passed at or above the die (PC-A2)"
    if dest >= 16:
        assert not covered(occupied, dest, token), "a stop on another token (PC-A6)"
    if game.counts_steps:
        assert n <= die, "more spaces than the die under the PC-A2 flag"
    if game.strict_entry and start < 16:
        assert not covered(occupied, spaces[1], token), "leaving a tile onto a token under the PC-A6 flag"
    return start


def fewest_steps(game, occupied, token, dest):
    """The checker's own breadth-first search: the fewest spaces a legal path of ``token`` to positional space
    ``dest`` enters, or 0 if there is none (so also whether the engine's legal moves are the rule's)."""
    colour = token >> 2
    die = game.die(colour)
    start = game.space_of(game.token_at(token))
    depth = {start: 0}
    frontier = [start]
    while frontier:
        here = frontier.pop(0)
        if here != start and (here < 16 or value(game, occupied, here, token) >= die):
            continue  # a stop only: a tile, or a half at or above the die
        if game.counts_steps and depth[here] >= die:
            continue
        for there in range(16 + PUSHER_HALF + 2):
            if there in depth or not adjacent(game, here, there, colour):
                continue
            if there < 16 and start < 16:
                continue  # one transition only
            if game.strict_entry and here == start and start < 16 and covered(occupied, there, token):
                continue
            depth[there] = depth[here] + 1
            frontier.append(there)
    if dest in depth and dest != start and (dest < 16 or not covered(occupied, dest, token)):
        return depth[dest]
    return 0


def check_position(game, buf, path, stats, shortest=True):
    """Every legal TOKEN move of ``game`` has a path the checker accepts (and, with ``shortest``, of the fewest
    spaces the checker's own search finds)."""
    count = game.legal_moves(buf)
    occupied = occupants(game)
    for i in range(count):
        move = buf[i]
        if rules.move_kind(move) != rules.TOKEN:
            continue
        n = game.token_path(move, path)
        start = check_path(game, occupied, move, path, n)
        if shortest:
            token = rules.move_token(move)
            assert n == fewest_steps(game, occupied, token, path[n - 1]), "not a shortest path"
        stats[0] += 1
        stats[1] = max(stats[1], n)
        if path[n - 1] < 16:
            stats[2] += 1  # from a half onto a tile
        for k in range(n - 1):
            if covered(occupied, path[k], rules.move_token(move)):
                stats[3] += 1  # a token passed (PC-A6)
        if start >= 16 + PUSHER_HALF or path[0] >= 16 + PUSHER_HALF:
            stats[4] += 1  # on or off the pusher (PC-A22)


def where(config, seed, step, game, move=None):
    text = "config '{}' seed {} step {}".format(config, seed, step)
    if move is not None:
        text += " move " + notation.format_move(game, move)
    return text


# -- properties over seeded playouts --------------------------------------------------------------------------------
def check_playout(config, seed, steps, choose, every, stats):
    """Play up to ``steps`` moves (``choose(game)`` picks each), checking the paths of every position's token moves,
    and that they are shortest every ``every`` steps."""
    buf = move_buffer(rules.Game.MAX_MOVES)
    path = bytearray(PATH_BYTES)
    game = rules.Game(config, seed)
    step = 0
    while not game.is_over() and step < steps:
        try:
            check_position(game, buf, path, stats, shortest=step % every == 0)
        except AssertionError as err:
            raise AssertionError(where(config, seed, step, game) + ": " + str(err))
        game.apply(choose(game))
        step += 1


def test_every_legal_token_move_has_a_shortest_path_the_rule_accepts_in_random_playouts():
    moves = move_buffer(rules.Game.MAX_MOVES)
    stats = [0, 0, 0, 0, 0]
    configs = ("players=2", "players=3", "players=4", "players=2 strictentry=1 fixedpusher=1",
               "players=4 diecountssteps=1", "players=3 strictentry=1 diecountssteps=1")
    for config in configs:
        for seed in (3, 11):
            chooser = Prng(seed * 7 + len(config))
            check_playout(config, seed, 160, lambda game: moves[chooser.below(game.legal_moves(moves))], 3, stats)
    assert stats[0] > 1000, stats
    assert stats[1] >= 5, stats  # some long paths
    assert stats[2] and stats[3] and stats[4], stats  # onto tiles, over tokens, by the pusher


def test_every_legal_token_move_has_a_path_the_rule_accepts_in_computer_games():
    stats = [0, 0, 0, 0, 0]
    for players, seed in ((2, 5), (4, 8)):
        seats = [ai.Ai("easy" if seat % 2 else "normal", 40 + seat) for seat in range(players)]
        check_playout("players={}".format(players), seed, 120,
                      lambda game: seats[game.current_player()].choose(game), 2, stats)
    assert stats[0] > 100, stats


def test_the_path_is_the_same_every_time_and_allocates_nothing():
    import gc

    game = rules.Game("players=4", 2)
    buf = move_buffer(rules.Game.MAX_MOVES)
    path = bytearray(PATH_BYTES)
    again = bytearray(PATH_BYTES)
    chooser = Prng(99)
    checked = 0
    for step in range(200):
        count = game.legal_moves(buf)
        for i in range(count):
            move = buf[i]
            if rules.move_kind(move) == rules.TOKEN:
                n = game.token_path(move, path)
                twin = game.clone()
                assert twin.token_path(move, again) == n and path[:n] == again[:n]
                if hasattr(gc, "mem_alloc"):
                    gc.collect()
                    before = gc.mem_alloc()
                    game.token_path(move, again)
                    assert gc.mem_alloc() == before, "token_path allocated"
                checked += 1
        game.apply(buf[chooser.below(count)])
    assert checked > 50


# -- scenarios on board B -----------------------------------------------------------------------------------------
def moving(die, token="red-a", where="h10s", tokens=TOKENS_2P, **kw):
    """Player 0 has rolled ``die`` on red and has moved nothing yet."""
    return position(phase="move", dice="red:{}".format(die), rolled="red,black", left="red",
                    tokens=replace_token(tokens, token, where), **kw)


def way(game, text):
    """The path of the legal move ``text`` ('red-a redA') as space names."""
    return names(game, notation.parse_move(game, text))


def names(game, move):
    """The path of a TOKEN move as space names, [] when it has none."""
    path = bytearray(PATH_BYTES)
    n = game.token_path(move, path)
    found = []
    for i in range(n):
        space = path[i]
        found.append(notation.piece_name(game, game.piece_at(space)))
    return found


def token_move(game, token, dest):
    """The TOKEN move code of ``token`` (a name) to the space named ``dest``, legal or not."""
    colour, label = token.split("-")
    t = ("red", "black", "blue", "green").index(colour) * 4 + "abcd".index(label)
    for piece in range(rules.SPACES):
        if game.space_of(piece) != 255 and notation.piece_name(game, piece) == dest:
            return rules.make_move(rules.TOKEN, t, piece)
    raise KeyError(dest)


def test_pc_a2_a_3_passes_the_2s_by_the_fewest_spaces():
    # h10s to redA with a 3: h10n (2) and v00e (2) through x00; h00s (5) would stop it
    assert way(moving(3), "red-a redA") == ["h10n", "v00e", "redA"]
    # a 2 goes through v10e (1) and stops beyond it
    assert way(moving(2), "red-a v10w") == ["v10e", "v10w"]
    assert way(moving(2), "red-a blueA") == ["v10e", "blueA"]


def test_pc_a2_flag_the_path_has_no_more_spaces_than_the_die():
    counted = moving(3, config="diecountssteps=1")
    assert way(counted, "red-a v00w") == ["h10n", "v00e", "v00w"]
    assert names(moving(2, config="diecountssteps=1"), token_move(counted, "red-a", "v00w")) == []


def test_pc_a3_the_start_and_the_stop_do_not_count():
    # from a 4 with a 1, onto a 5: one step, nothing passed
    assert way(moving(1, where="v01w"), "red-a h00s") == ["h00s"]
    assert way(moving(1, where="v01w"), "red-a red2") == ["red2"]


def test_pc_a4_a5_a32_a_path_from_a_tile_enters_only_halves():
    game = moving(5, where="blackA")
    path = bytearray(PATH_BYTES)
    buf = move_buffer(rules.Game.MAX_MOVES)
    for i in range(game.legal_moves(buf)):
        if rules.move_kind(buf[i]) == rules.TOKEN:
            n = game.token_path(buf[i], path)
            assert n and all(path[k] >= 16 for k in range(n))
    # and a tile is never reached from a tile: no path, as no move
    assert names(game, token_move(game, "red-a", "redA")) == []


def test_pc_a6_a_token_is_passed_as_zero_but_never_stopped_on():
    tokens = replace_token(TOKENS_2P, "blue-a", "h10n")
    game = moving(1, tokens=tokens)
    assert way(game, "red-a h00s") == ["h10n", "h00s"]  # over blue-a's 2 as if it were 0
    assert names(game, token_move(game, "red-a", "h10n")) == []


def test_pc_a6_flag_strict_entry_leaves_a_tile_only_onto_an_empty_half():
    tokens = replace_token(TOKENS_2P, "blue-a", "v00e")
    free = moving(1, where="redA", tokens=tokens)
    assert way(free, "red-a h10n") == ["v00e", "h10n"]
    strict = moving(1, where="redA", tokens=tokens, config="strictentry=1")
    assert names(strict, token_move(strict, "red-a", "h10n")) == []
    assert way(strict, "red-a h00s") == ["h00s"]


def test_pc_a9_a10_a_hole_with_a_pawn_of_another_colour_is_gone_around_or_not_crossed():
    # a 3 from h10s reaches redA through x00; the red player's own black pawn there closes it (PC-A9)
    open_hole = moving(3)
    assert way(open_hole, "red-a redA") == ["h10n", "v00e", "redA"]
    shut = moving(3, pawns="red:x11 black:x00 blue:x21 green:x22")
    assert names(shut, token_move(shut, "red-a", "redA")) == []
    # stopping beside the closed hole is fine (PC-A10): h10n is still one step away
    assert way(shut, "red-a h10n") == ["h10n"]
    # the mover's own colour does not close it
    own = moving(3, pawns="red:x00 black:x12 blue:x21 green:x22")
    assert way(own, "red-a redA") == ["h10n", "v00e", "redA"]


def test_pc_a22_the_pusher_is_a_space_touching_only_its_tile():
    game = moving(4, where="ps", pusher="63 row0-west")  # ps is the 3, against redA
    assert way(game, "red-a redA") == ["redA"]
    assert way(game, "red-a pn") == ["pn"]
    from_tile = moving(4, where="redA", pusher="63 row0-west")
    assert way(from_tile, "red-a ps") == ["ps"]
