# SPDX-License-Identifier: MIT
"""Pawns Crossing: the product owner's reproductions, and the state gate (decode and position text) letting no
broken state through. Portable: pytest and MicroPython run this module.
"""

from core.errors import CorruptState, NotationError
from core.game import move_buffer
from core.notation import format_position, parse_position
from core.pawns_crossing import ai, notation, paths, rules
from core.pawns_crossing.rules import Game
from tests.core.pawns_crossing.helpers import (
    TILES, TOKENS_2P, modules, position, replace_token, legal, play, body, ScriptedRng,
)
from tests.core.portable import raises
from tests.core.soundness import check_plays_on

HEAP_KB = 256  # compiled from source, with the soundness checker and a computer player

# The product owner's 4-player endgame: green's token on black4, next to the pusher, rolls a 5 with every 5- and
# 6-pip half under a token and no pawn in the way.
CROWDED_ENDGAME = """game pawns-crossing
config players=4 balance=0 strictentry=0 fixedpusher=0 diecountssteps=0 turncap=1000
rng 109489 328467
turn 5 player 0 phase start endgame 1 last -
order 0 1 2 3 rolls 5 5 5 5
owners red:0 black:1 blue:2 green:3
dice red:0 black:0 blue:0 green:0 rolled - left - forced - pawnsmoved -
tiles redA blue2 black3 green4 / green3 red2 blueA black4 / red3 blue4 blackA green2 / red4 blue3 black2 greenA
across 01 11 22 / 00 20 12 / 34 13 44 / 55 14 23
down 60 03 04 05 / 15 16 24 25 / 26 35 36 45
pusher 33 row1-east
pawns red:x00 black:x01 blue:x02 green:x22
tokens red-a:delivered:2 red-b:delivered:3 red-c:delivered:4 red-d:h30n:null black-a:h30s:2 black-b:v00w:3 \
black-c:v03e:4 black-d:v10e:null blue-a:v11e:2 blue-b:v13e:3 blue-c:v20e:4 blue-d:v21e:null green-a:black4:4 \
green-b:redA:null green-c:v22e:2 green-d:v23e:3
"""


def parse(text):
    return parse_position(text, modules)


def roll_with(game, *faces):
    """Each player in turn rolls and gets the scripted face; the game's own generator is kept."""
    kept = game.rng
    game.rng = ScriptedRng(faces)
    for _ in faces:
        play(game, "roll")
    game.rng = kept
    return game


def placed(config, seed):
    """A new game after its pawns are placed: the first turn, before any slide."""
    game = Game(config, seed)
    while game.phase() == rules.PLACE:
        play(game, legal(game)[0])
    return game


def edited(text, old, new):
    assert old in text, old
    return text.replace(old, new)


def test_a_token_beside_the_pusher_rolling_five_past_crowded_halves_does_not_overflow_the_search():
    game = parse(CROWDED_ENDGAME)
    play(game, "roll", "roll", "roll", "roll")  # red, black and blue roll blanks (their pawns go off), green a 5
    assert game.current_player() == 3 and body(game, "pawns") == "red:off black:off blue:off green:x22"
    moves = legal(game)
    # the pusher's halves (pn, ps) border black4 and are entered once each: both free halves are listed
    assert "green-a pn" in moves and "green-a ps" in moves and moves[-1] == "end"
    check_plays_on(rules, notation, game)


def test_a_game_won_by_a_delivery_reads_back_from_its_encoding_and_its_text():
    game = Game("players=2", 1)
    players = [ai.Ai("easy", 11), ai.Ai("easy", 12)]
    while not game.is_over():
        game.apply(players[game.current_player()].choose(game))
    assert game.result() >= 0
    assert Game.decode(game.encode()).encode() == game.encode()
    again = parse(format_position(game, notation))
    assert again.encode() == game.encode() and legal(again) == []
    assert "left -" in body(game, "dice")  # nothing pending once the game is over


def test_a_pawn_taken_off_in_the_endgame_is_written_and_read_as_off():
    game = roll_with(parse(CROWDED_ENDGAME), 0)
    text = format_position(game, notation)
    assert "red:off" in text
    assert parse(text).encode() == game.encode()


def test_pc_c1_the_balancing_pairs_are_first_and_last_of_the_sorted_totals():
    # decisions.md 5, PC-C1's worked example: red 6, black 4, blue 4, green 6 give {black, green} / {blue, red}
    tiles = "redA red2 red3 red4 / black2 blackA black3 black4 / blue2 blueA blue3 blue4 / greenA green2 green3 green4"
    game = position(phase="choose", config="balance=1", pawns="red:unplaced black:unplaced blue:unplaced "
                    "green:unplaced", tiles=tiles)
    sums = paths.tile_distance_sums(game)
    assert list(sums) == [6, 4, 4, 6]
    assert legal(game) == ["take red+blue", "take black+green"]
    # all equal: colour order alone, red and green against black and blue
    game = position(phase="choose", config="balance=1", pawns="red:unplaced black:unplaced blue:unplaced "
                    "green:unplaced", tiles=TILES)
    assert legal(game) == ["take black+blue", "take red+green"]


# -- the gate: decode ------------------------------------------------------------------------------------------

def saved(game, at, value):
    data = bytearray(game.encode())
    data[len(data) - Game.STATE_BYTES + at] = value
    return bytes(data)


def test_decode_refuses_a_token_on_the_pusher_before_the_first_slide():
    game = placed("players=2", 3)
    pusher = game.state[rules.S_PUSHER] >> 1
    err = raises(CorruptState, Game.decode, saved(game, rules.S_TOKEN_AT, 16 + pusher * 2))
    assert "pusher" in str(err)


def test_decode_refuses_bytes_that_must_be_zero():
    game = Game("players=3", 3)
    for at in (29, 30, 31, rules.S_ORDER + 3, rules.S_START_ROLL + 3, rules.S_DICE + rules.BLACK):
        raises(CorruptState, Game.decode, saved(game, at, 1))


def test_decode_refuses_a_turn_at_or_past_the_turn_cap():
    game = placed("players=2 turncap=10", 3)
    data = bytearray(saved(game, rules.S_TURN, 0xFF))
    data[len(data) - Game.STATE_BYTES + rules.S_TURN + 1] = 0xFF
    assert "turn cap" in str(raises(CorruptState, Game.decode, bytes(data)))


def test_decode_refuses_an_endgame_flag_other_than_zero_or_one():
    raises(CorruptState, Game.decode, saved(Game("players=2", 3), rules.S_ENDGAME, 34))


# -- the gate: position text -------------------------------------------------------------------------------------

def started_text():
    game = parse(CROWDED_ENDGAME)
    return format_position(game, notation)


def test_text_refuses_an_owner_or_die_item_with_a_third_part():
    text = started_text()
    raises(NotationError, parse, edited(text, "owners red:0 ", "owners red:0:0 "))
    raises(NotationError, parse, edited(text, "dice red:0 ", "dice red:0:0 "))
    raises(NotationError, parse, edited(text, "pawns red:x00 ", "pawns red:unplaced:x "))


def test_text_refuses_a_duplicated_pusher_domino_with_tokens_on_halves():
    err = raises(NotationError, parse, edited(started_text(), "pusher 33 row1-east", "pusher 55 row1-east"))
    assert "dominoes" in str(err)


def test_decode_refuses_a_placer_other_than_the_first_in_starting_order_with_a_pawn_to_place():
    game = Game("players=4", 3)
    first = game.state[rules.S_ORDER]
    other = game.state[rules.S_ORDER + 1]
    assert game.current_player() == first
    err = raises(CorruptState, Game.decode, saved(game, rules.S_PLAYER, other))
    assert "starting order" in str(err)


def test_text_refuses_the_colour_choice_phase_mid_game():
    err = raises(NotationError, parse, edited(started_text(), "phase start", "phase choose"))
    assert "line" in str(err)


def test_text_refuses_a_turn_the_turn_cap_makes_unreachable():
    text = edited(started_text(), "turn 5 ", "turn 65535 ")
    assert "turn cap" in str(raises(NotationError, parse, text))
    text = edited(started_text(), "turn 5 ", "turn 65536 ")
    assert "turn" in str(raises(NotationError, parse, text))


def test_text_refuses_a_value_only_a_view_may_hide():
    text = edited(started_text(), "green-c:v22e:2", "green-c:v22e:?")
    assert "value" in str(raises(NotationError, parse, text))


def test_text_refuses_numbers_that_are_not_plain_ascii_digits():
    for number in ("4_2", "\u0664\u0662", "\uff14\uff12", "+5", "0x5"):
        raises(NotationError, parse, edited(started_text(), "turn 5 ", "turn {} ".format(number)))
    raises(NotationError, parse, edited(started_text(), "v22e", "v\u00b22e"))


def test_text_refuses_an_undelivered_token_lying_on_its_own_destination():
    text = edited(started_text(), "green-c:v22e:2", "green-c:green2:2")
    assert "destination" in str(raises(NotationError, parse, text))


def test_text_refuses_a_running_game_whose_turn_has_nothing_left_to_move():
    # red's tokens sit on redA, whose four halves hold other tokens; under PC-A6's strict flag none can leave
    tokens = TOKENS_2P
    for name, half in (("black-a", "h00n"), ("black-b", "h00s"), ("black-c", "v00w"), ("blue-a", "v00e")):
        tokens = replace_token(tokens, name, half)
    parts = dict(phase="move", dice="red:3", rolled="red,black", left="red", tokens=tokens)
    assert "red-a v10w" in legal(position(**parts))  # passing the occupied halves, PC-A6
    err = raises(NotationError, lambda: position(config="strictentry=1", **parts))
    assert "turn would have ended" in str(err)


def test_text_refuses_the_endgame_flag_without_a_player_down_to_one_token():
    text = format_position(placed("players=3", 4), notation)
    for phase_line in [line for line in text.splitlines() if line.startswith("turn ")]:
        text = text.replace(phase_line, phase_line.replace("endgame 0", "endgame 1"))
    assert "endgame" in str(raises(NotationError, parse, text))


# -- denser starts: crowded positions play on --------------------------------------------------------------------

def test_crowded_positions_built_from_text_play_on():
    check_plays_on(rules, notation, parse(CROWDED_ENDGAME), 3, playout_steps=60)
    for die in range(1, 6):
        game = roll_with(parse(CROWDED_ENDGAME), 0, 0, 0, die)
        check_plays_on(rules, notation, game, die, playout_steps=60)


def test_three_and_four_player_games_whose_pawns_go_off_round_trip_at_every_step():
    offs = 0
    buf = move_buffer(Game.MAX_MOVES)
    for seed in range(6):
        players = 3 + seed % 2
        game = Game("players={}".format(players), 40 + seed)
        seats = [ai.Ai("normal", seed * 10 + seat) for seat in range(players)]
        while not game.is_over():
            game.apply(seats[game.current_player()].choose(game))
            encoded = game.encode()
            assert Game.decode(encoded).encode() == encoded
            if game.state[rules.S_ENDGAME]:
                assert parse(format_position(game, notation)).encode() == encoded
        offs += body(game, "pawns").count("off")
        assert game.legal_moves(buf) == 0
    assert offs > 0  # the endgame was reached and blanks took pawns off
