# SPDX-License-Identifier: MIT
"""The shared protocol code (core.game, core.config, core.notation), exercised through the race fixture."""

import gc

from core.config import Config
from core.errors import CorruptState, IllegalMove, NotationError
from core.game import move_buffer, sort_moves, ONGOING, DRAW, NOBODY
from core.notation import format_position, parse_position, format_record, replay_record, result_text
from tests.core.playout import play_and_check
from tests.core.portable import raises
from tests.fixtures import race

MODULES = lambda name: (race, race) if name == "race" else None


def test_config_text_round_trip_and_errors():
    cfg = Config(race.Game.CONFIG_SCHEMA, "goal=20 players=3")
    assert cfg.text() == "players=3 goal=20 turncap=100"
    assert Config(race.Game.CONFIG_SCHEMA, cfg.text()).values == cfg.values
    err = raises(NotationError, cfg.parse, "players=9", 4)
    assert "line 4" in str(err) and "players" in str(err)
    err = raises(NotationError, cfg.parse, "colour=red")
    assert err.field == "colour"
    assert "integer" in str(raises(NotationError, cfg.parse, "goal=ten"))
    assert "name=value" in str(raises(NotationError, cfg.parse, "goal"))


def test_sort_moves_sorts_prefix_only():
    buf = move_buffer(6)
    for i, v in enumerate((5, 3, 9, 1, 7, 0)):
        buf[i] = v
    sort_moves(buf, 5)
    assert list(buf) == [1, 3, 5, 7, 9, 0]


def test_illegal_move_raises_reason_and_changes_nothing():
    game = race.Game("players=2", 1)
    before = game.encode()
    err = raises(IllegalMove, game.apply, 7)
    assert "step" in str(err)
    assert game.encode() == before


def test_finished_game_refuses_moves():
    game = race.Game("players=2 goal=5", 1)
    while not game.is_over():
        game.apply(race.STEP)
    assert game.current_player() == NOBODY
    assert "over" in str(raises(IllegalMove, game.apply, race.STEP))


def test_encode_decode_round_trip_and_corruption_is_detected():
    game = race.Game("players=4", 11)
    game.apply(race.ROLL)
    data = game.encode()
    again = race.Game.decode(data)
    assert again.encode() == data
    assert again.rng.next30() == game.rng.next30()
    raises(CorruptState, race.Game.decode, data[:-1])
    wrong_version = bytearray(data)
    wrong_version[1] = 99
    assert "version" in str(raises(CorruptState, race.Game.decode, bytes(wrong_version)))
    wrong_game = bytearray(data)
    wrong_game[0] = 1
    raises(CorruptState, race.Game.decode, bytes(wrong_game))
    bad_state = bytearray(data)
    bad_state[-11] = 9  # player to move beyond the player count
    raises(CorruptState, race.Game.decode, bytes(bad_state))


def test_copy_from_and_clone_are_exact_and_independent():
    game = race.Game("players=3", 8)
    game.apply(race.ROLL)
    copy = game.clone()
    assert copy.encode() == game.encode()
    copy.apply(race.ROLL)
    assert copy.encode() != game.encode()
    copy.copy_from(game)
    assert copy.encode() == game.encode()
    other_config = race.Game("players=2 goal=9", 0)
    other_config.copy_from(game)
    assert other_config.players == 3 and other_config.encode() == game.encode()


def test_view_hides_others_secrets_and_the_future():
    game = race.Game("players=3", 21)
    seen = game.view(1, race.Game("players=3", 0))
    assert seen.state[race.SECRET + 1] == game.state[race.SECRET + 1]
    assert seen.state[race.SECRET] == race.UNKNOWN and seen.state[race.SECRET + 2] == race.UNKNOWN
    assert (seen.rng.z1, seen.rng.z2) != (game.rng.z1, game.rng.z2)


def test_same_seed_and_moves_replay_exactly():
    a = race.Game("players=2", 77)
    b = race.Game("players=2", 77)
    for move in (1, 1, 0, 1, 1, 1):
        if a.is_over():
            break
        a.apply(move)
        b.apply(move)
    assert a.encode() == b.encode()


def test_position_text_round_trip_and_errors_name_line_and_field():
    game = race.Game("players=3", 4)
    game.apply(race.ROLL)
    text = format_position(game, race)
    assert parse_position(text, MODULES).encode() == game.encode()
    err = raises(NotationError, parse_position, text.replace("game race", "game chess"), MODULES)
    assert err.line == 1 and err.field == "game"
    err = raises(NotationError, parse_position, text.replace("rng ", "rng x"), MODULES)
    assert err.line == 3 and err.field == "rng"
    err = raises(NotationError, parse_position, text.replace("rng {}".format(game.rng.z1), "rng 0"), MODULES)
    assert err.field == "rng"
    err = raises(NotationError, parse_position, text.replace("players=3", "players=3 speed=2"), MODULES)
    assert err.line == 2 and err.field == "speed"


def test_record_replays_and_checks_result():
    game = race.Game("players=2 goal=8", 5)
    texts = []
    while not game.is_over():
        texts.append("roll")
        game.apply(race.ROLL)
    record = format_record("race", game.config, 5, texts, game.result())
    again, moves = replay_record(record, MODULES)
    assert again.encode() == game.encode() and len(moves) == len(texts)
    wrong = record.replace("result " + result_text(game.result()), "result draw")
    err = raises(NotationError, replay_record, wrong, MODULES)
    assert err.field == "result"
    bad_move = record.replace("move roll", "move jump", 1)
    err = raises(NotationError, replay_record, bad_move, MODULES)
    assert err.line == 4 and err.field == "move"
    assert "nothing may follow" in str(raises(NotationError, replay_record, record + "move roll\n", MODULES))


def test_random_playouts_keep_the_protocol_invariants():
    for seed in range(20):
        result, steps = play_and_check(race, race, "players={}".format(2 + seed % 3), seed, 200)
        assert result != ONGOING and steps > 0
    assert play_and_check(race, race, "goal=60 turncap=10", 3, 20)[0] == DRAW


def test_apply_legal_and_legal_moves_allocate_nothing():
    if not hasattr(gc, "mem_alloc"):
        return
    game = race.Game("players=2 goal=60 turncap=250", 9)
    buf = move_buffer(race.Game.MAX_MOVES)
    game.legal_moves(buf)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(50):
        game.legal_moves(buf)
        game.apply_legal(race.ROLL)
    after = gc.mem_alloc()
    gc.enable()
    assert after - before == 0, after - before
