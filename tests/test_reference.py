# SPDX-License-Identifier: MIT
"""The reference searcher (tools/reference.py): it beats random play, decides from its own view only, and replays
from its seed. Small budgets keep these fast; the strength figures are measured by the bench (docs/reference.md)."""

from core import games
from core.game import ONGOING, move_buffer
from tools import bench, reference
from tools.reference import Reference


def _play(name, config, players, seed, limit=4000):
    """One game of ``players`` (seat order); returns the result."""
    game = games.load(name, "rules").Game(config, seed)
    moves = 0
    while not game.is_over() and moves < limit:
        game.apply(players[game.current_player()].choose(game))
        moves += 1
    return game.result()


def _wins_against_random(name, config, seeds, playouts, limit=4000):
    rules = games.load(name, "rules")
    wins = 0
    for i, seed in enumerate(seeds):
        me = i % 2
        players = [None, None]
        players[me] = Reference(name, playouts=playouts, seed=seed)
        players[1 - me] = bench.RandomPlayer(rules, seed + 100)
        wins += _play(name, config, players, seed, limit) == me
    return wins


def test_clear_a_path_solo_wins_where_random_play_never_does():
    solo = reference.play_solo("clear-a-path", 2, 0, lambda seed: Reference("clear-a-path", playouts=120, seed=seed))
    random_solo = reference.play_solo("clear-a-path", 2, 0, lambda seed: bench.RandomPlayer(
        games.load("clear-a-path", "rules"), seed))
    assert random_solo["wins"] == 0
    assert solo["wins"] >= 1


def test_clear_a_path_two_players_beats_random_play():
    assert _wins_against_random("clear-a-path", "players=2", range(4), 30) >= 4


def test_pawns_crossing_beats_random_play():
    assert _wins_against_random("pawns-crossing", "players=2 turncap=300", range(2), 12) == 2


def test_pave_the_way_beats_random_play():
    assert _wins_against_random("pave-the-way", "turncap=60", range(1), 6) == 1


def _midgame(seed=3, moves=60):
    """A two-player Pawns Crossing game after some seeded random moves, still running."""
    rules = games.load("pawns-crossing", "rules")
    game = rules.Game("players=2", seed)
    player = bench.RandomPlayer(rules, seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.apply(player.choose(game))
    assert game.result() == ONGOING
    return rules, game


def _swap_hidden(rules, game, me):
    """The same game with two of an opponent's undelivered values exchanged, where the public view allows it (a
    token on its own colour's tile of rank r cannot be worth r, nor a null when r >= 2)."""
    other = game.clone()
    for colour in range(4):
        if game.owner(colour) == me:
            continue
        tokens = [colour * 4 + k for k in range(3) if game.token_at(colour * 4 + k) < rules.SPACES]
        for a in tokens:
            for b in tokens:
                va, vb = game.value(a), game.value(b)
                if a < b and va != vb and _fits(rules, game, a, vb) and _fits(rules, game, b, va):
                    other.state[rules.S_VALUE + a] = vb
                    other.state[rules.S_VALUE + b] = va
                    return other
    return None


def _fits(rules, game, token, value):
    piece = game.token_at(token)
    if piece < 16 and piece >> 2 == token >> 2:
        rank = (piece & 3) + 1
        return value != rank and not (value == rules.NULL and rank >= 2)
    return True


def test_pawns_crossing_decides_from_its_view_alone():
    rules, game = _midgame()
    me = game.current_player()
    other = _swap_hidden(rules, game, me)
    assert other is not None and other.state != game.state
    view_a = game.view(me, game.clone())
    view_b = other.view(me, other.clone())
    assert view_a.state == view_b.state  # the two games look the same to ``me``
    for name, seed in (("a", 5), ("b", 6)):
        first = Reference("pawns-crossing", playouts=16, seed=seed)
        second = Reference("pawns-crossing", playouts=16, seed=seed)
        a, b = game.clone(), other.clone()
        for _ in range(4):  # the same decisions, move after move, while it is this player's turn
            if a.is_over() or a.current_player() != me:
                break
            move = first.choose(a)
            assert second.choose(b) == move, name
            a.apply(move)
            b.apply(move)


def test_pawns_crossing_fills_in_hidden_values_consistently():
    rules, game = _midgame()
    me = game.current_player()
    adapter = reference.PawnsCrossing(rules)
    rng = reference.Prng(9)
    view = game.view(me, game.clone())
    seen = set()
    for _ in range(30):
        guess = view.clone()
        adapter.determinize(guess, me, rng)
        for colour in range(4):
            values = sorted(guess.value(colour * 4 + k) for k in range(3))
            assert values == sorted(game.value(colour * 4 + k) for k in range(3))  # a permutation of the set
            for k in range(3):
                t = colour * 4 + k
                assert guess.value(t) != rules.UNKNOWN
                if game.owner(colour) == me:
                    assert guess.value(t) == game.value(t)
                elif game.token_at(t) < rules.SPACES:
                    assert _fits(rules, guess, t, guess.value(t))
        seen.add(bytes(guess.state))
    assert len(seen) > 1  # it samples, not one fixed guess


def test_same_seed_same_decisions():
    rules = games.load("clear-a-path", "rules")
    runs = []
    for _ in range(2):
        game = rules.Game("players=2", 11)
        players = [Reference("clear-a-path", playouts=20, seed=4), Reference("clear-a-path", playouts=20, seed=5)]
        moves = []
        for _ in range(12):
            move = players[game.current_player()].choose(game)
            moves.append(move)
            game.apply(move)
        runs.append(moves)
    assert runs[0] == runs[1]


def test_decisions_are_legal_and_leave_the_game_alone():
    rules = games.load("pave-the-way", "rules")
    game = rules.Game("", 2)
    player = Reference("pave-the-way", playouts=4, seed=1)
    buf = move_buffer(rules.Game.MAX_MOVES)
    for _ in range(30):
        before = game.encode()
        move = player.choose(game)
        assert game.encode() == before
        assert move in list(buf[:game.legal_moves(buf)])
        game.apply(move)


def test_wilson_interval():
    low, high = reference.wilson(35, 200)
    assert 0.128 < low < 0.130 and 0.233 < high < 0.235
    assert reference.wilson(0, 10)[0] == 0.0 and reference.wilson(10, 10)[1] == 1.0


def test_the_bench_reports_every_level_against_the_reference():
    rules = games.load("clear-a-path", "rules")
    ai = games.load("clear-a-path", "ai")
    rates = bench.reference_winrates(rules, ai, 1, playouts=8)
    assert {"solo_reference"} | {level + "_vs_reference" for level in ai.Ai.LEVELS} <= set(rates)
    record = rates["normal_vs_reference"]
    assert record["games"] == 1 and record["playouts"] == 8 and len(record["ci95"]) == 2
    from tests.fixtures import race

    assert bench.reference_winrates(race, race, 5) == {}  # a game the reference does not know
