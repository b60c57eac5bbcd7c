# SPDX-License-Identifier: MIT
"""Pawns Crossing scenarios, one per decisions.md resolution (PC-A1 .. PC-A32), slides and the no-undo rule.
Portable: pytest and MicroPython run this module.

Most scenarios use board B of helpers.py. Around the holes the tests use, the pips are:
x00: h00s 5, h10n 2, v00e 2, v01w 4;  x10: h10s 0, h20n 3, v10e 1, v11w 5;  v00w 4, v10w 5, h00n 5.
"""

from core.game import NOBODY
from core.pawns_crossing import paths, rules
from core.pawns_crossing.rules import Game
from tests.core.pawns_crossing.helpers import (
    TOKENS_2P, position, replace_token, legal, destinations, play, body, tokens_for, ScriptedRng,
)
from tests.core.portable import raises

HEAP_KB = 256  # compiling this long module from source needs the room


def moving(die, token="red-a", where="h10s", tokens=TOKENS_2P, **kw):
    """Player 0 has rolled ``die`` on red and has moved nothing yet."""
    return position(phase="move", dice="red:{}".format(die), rolled="red,black", left="red",
                    tokens=replace_token(tokens, token, where), **kw)


def test_pc_a1_dominoes_lie_along_the_gap_both_halves_touch_both_tiles():
    game = moving(1, where="redA")
    assert destinations(game, "red-a") == ["h00n", "h00s", "v00e", "v00w"]
    # from a half, both tiles beside its domino are one step away
    assert "redA" in destinations(moving(1, where="h00n"), "red-a")
    assert "red2" in destinations(moving(1, where="h00n"), "red-a")


def test_pc_a2_the_die_is_a_threshold_for_every_space_passed():
    assert destinations(moving(1), "red-a") == ["black2", "blackA", "h10n", "h20n", "v10e", "v11w"]
    two = destinations(moving(2), "red-a")
    assert "v10w" in two and "blueA" in two  # through v10e (1 < 2)
    assert "redA" not in two  # h10n (2) and v00e (2) stop a 2
    three = destinations(moving(3), "red-a")
    assert "redA" in three and "v00w" in three  # a 3 passes the 2s
    assert "h00n" not in three  # only through h00s (5) or the tile redA


def test_pc_a2_flag_the_die_also_counts_spaces():
    free = destinations(moving(3), "red-a")
    counted = destinations(moving(3, config="diecountssteps=1"), "red-a")
    assert set(counted) <= set(free)
    assert "v00w" in free and "v00w" in counted  # h10n, v00e, v00w: 3 spaces
    far = destinations(moving(1, config="diecountssteps=1"), "red-a")
    assert far == ["black2", "blackA", "h10n", "h20n", "v10e", "v11w"]


def test_pc_a3_the_start_and_the_stop_do_not_count():
    # starting on a 4 with a 1: every neighbour, even a 5, is a legal stop
    assert destinations(moving(1, where="v01w"), "red-a") == ["black2", "h00s", "h10n", "red2", "v00e", "v01e"]


def test_pc_a4_a5_tiles_end_a_move_and_are_never_passed():
    for die in range(1, 6):
        from_tile = destinations(moving(die, where="blackA"), "red-a")
        assert from_tile and all(name[0] in "hvp" for name in from_tile)
    three = destinations(moving(3), "red-a")
    assert "redA" in three and "h00n" not in three  # h00n touches redA but the move may not cross the tile


def test_pc_a6_a_token_on_a_half_is_passed_as_zero_but_never_stopped_on():
    tokens = replace_token(TOKENS_2P, "blue-a", "h10n")
    blocked = destinations(moving(1, tokens=tokens), "red-a")
    assert "h10n" not in blocked
    assert "h00s" in blocked and "v01w" in blocked  # through the occupied 2 as if it were 0


def test_pc_a6_flag_strict_entry_leaves_a_tile_only_onto_an_empty_half():
    tokens = replace_token(TOKENS_2P, "blue-a", "v00e")
    assert destinations(moving(1, where="redA", tokens=tokens), "red-a") == ["h00n", "h00s", "h10n", "v00w", "v01w"]
    strict = moving(1, where="redA", tokens=tokens, config="strictentry=1")
    assert destinations(strict, "red-a") == ["h00n", "h00s", "v00w"]


def test_pc_a7_die_faces_are_blank_and_one_to_five_uniform():
    game = Game("players=4", 3)
    seen = [0] * 6
    for _ in range(600):
        seen[game.rng.below(6)] += 1
    assert all(count > 60 for count in seen)
    game = position(players=4)
    game.rng = ScriptedRng([5])
    play(game, "roll")
    assert game.state[rules.S_DICE + 0] == 5


def test_pc_a8_a_blank_forces_the_pawn_to_another_open_hole_first():
    game = position(players=3)
    game.rng = ScriptedRng([0])
    play(game, "roll")
    assert game.phase() == rules.FORCED
    moves = legal(game)
    assert len(moves) == 6 and all(m.startswith("pawn red ") for m in moves)  # 9 holes less red, blue, green
    assert "pawn red x11" not in moves
    assert raises(Exception, play, game, "red-a h00n")
    play(game, "pawn red x00")
    assert game.pawn(rules.RED) == 0 and game.current_player() == 1  # no number rolled: the turn is over


def test_pc_a9_pawns_block_by_colour_your_own_other_colour_too():
    black_there = "red:x11 black:x10 blue:x21 green:x22"
    assert destinations(moving(1, pawns=black_there), "red-a") == ["black2", "blackA", "h10n"]
    red_there = "red:x10 black:x12 blue:x21 green:x22"
    assert destinations(moving(1, pawns=red_there), "red-a") == destinations(moving(1), "red-a")


def test_pc_a10_a_blocked_hole_stops_crossing_and_turning_but_not_stopping_beside_it():
    game = moving(5, where="redA", pawns="red:x11 black:x12 blue:x00 green:x22")
    reach = destinations(game, "red-a")
    assert "h00s" in reach and "v00e" in reach  # beside the blocked hole
    assert "h10n" not in reach and "v01w" not in reach  # across it


def test_pc_a11_two_players_move_one_token_of_each_colour_in_any_order():
    game = position()
    game.rng = ScriptedRng([3, 2])
    play(game, "roll")
    moves = legal(game)
    assert any(m.startswith("red-") for m in moves) and any(m.startswith("black-") for m in moves)
    assert not any(m.startswith("blue-") for m in moves)
    play(game, "black-a v10w")
    assert not any(m.startswith("black-") for m in legal(game))  # the black die is spent
    play(game, "red-b h00n")
    assert game.current_player() == 1  # both dice used: the turn ends


def test_pc_a12_moving_after_a_roll_is_optional():
    game = position()
    game.rng = ScriptedRng([3, 2])
    play(game, "roll")
    assert legal(game)[-1] == "end"
    play(game, "end")
    assert game.current_player() == 1 and game.phase() == rules.START


def test_pc_a13_the_last_to_place_moves_first_then_seat_order():
    game = Game("players=4", 21)
    order = [game.state[rules.S_ORDER + i] for i in range(4)]
    placers = []
    while game.phase() == rules.PLACE:
        placers.append(game.current_player())
        play(game, legal(game)[0])
    assert placers == order
    first = order[-1]
    seen = []
    for _ in range(6):
        seen.append(game.current_player())
        play(game, "slide row{} east".format(len(seen) % 4))
    assert seen == [(first + k) % 4 for k in range(6)]


def test_pc_a14_blank_is_zero_and_only_tied_players_reroll():
    game = Game("players=3", 0)
    game.rng = ScriptedRng([3, 3, 1, 4, 2])
    game._starting_roll()
    assert [game.state[rules.S_ORDER + i] for i in range(3)] == [0, 1, 2]
    game.rng = ScriptedRng([3, 3, 1, 2, 5])
    game._starting_roll()
    assert [game.state[rules.S_ORDER + i] for i in range(3)] == [1, 0, 2]
    game.rng = ScriptedRng([0, 2, 1, 0])  # two dice summed: 2 against 1
    two = Game("players=2", 0)
    two.rng = game.rng
    two._starting_roll()
    assert [two.state[rules.S_ORDER + i] for i in range(2)] == [0, 1]


def test_pc_a15_ending_on_the_matching_tile_delivers_at_once():
    tokens = replace_token(replace_token(TOKENS_2P, "red-b", "h01n"), "red-a", "h02n")
    game = position(phase="move", dice="red:1 black:2", rolled="red,black", left="red,black", tokens=tokens)
    play(game, "red-b red3")  # value 3 on red3
    assert game.token_at(4 * 0 + 1) == rules.DELIVERED
    game = position(phase="move", dice="red:1", rolled="red,black", left="red", tokens=tokens)
    play(game, "red-a red3")  # value 2 on red3: it just stands there
    assert game.token_at(0) < rules.SPACES and "red-a:red3:2" in body(game, "tokens")


def test_pc_a16_a_null_is_delivered_on_any_own_2_3_or_4_but_not_the_ace():
    tokens = replace_token(tokens_for(4), "red-d", "h01n")
    game = position(players=4, phase="move", dice="red:1", rolled="red", left="red", tokens=tokens)
    play(game, "red-d red3")
    assert game.token_at(3) == rules.DELIVERED
    game = position(players=4, phase="move", dice="red:1", rolled="red", left="red",
                    tokens=replace_token(tokens_for(4), "red-d", "h00n"))
    play(game, "red-d redA")
    assert game.token_at(3) < rules.SPACES


def endgame_tokens():
    tokens = TOKENS_2P
    for name in ("red-b", "red-c", "black-a", "black-b"):
        tokens = replace_token(tokens, name, "delivered")
    return replace_token(tokens, "red-a", "h01n")  # the 2, beside red2


def test_pc_a17_the_trigger_counts_every_colour_of_a_player():
    # player 0 keeps red-a (the 2, on h01n) and black-c; delivering red-a leaves one: endgame for everyone
    tokens = endgame_tokens()
    game = position(phase="move", dice="red:1", rolled="red,black", left="red", tokens=tokens)
    assert not game.state[rules.S_ENDGAME]
    play(game, "red-a red2")
    assert game.state[rules.S_ENDGAME] == 1
    assert game.current_player() == 1
    assert not any(m.startswith("pawn") for m in legal(game))  # player 1 may not move a pawn by choice


def test_pc_a18_a_forced_pawn_in_the_endgame_leaves_the_board():
    tokens = replace_token(endgame_tokens(), "black-c", "delivered")
    tokens = replace_token(tokens, "red-a", "redA")
    game = position(endgame=1, tokens=tokens)
    game.rng = ScriptedRng([4, 0])  # red 4, black blank: the black pawn goes off though black has no tokens
    play(game, "roll")
    assert game.pawn(rules.BLACK) == rules.OFF
    assert "black:off" in body(game, "pawns")
    play(game, "end")
    play(game, "slide row3 east")  # player 1
    game.rng = ScriptedRng([0, 0])
    play(game, "roll")  # both blank: red goes off, black is already off
    assert game.pawn(rules.RED) == rules.OFF and game.current_player() == 1


def test_pc_a19_sixteen_slides_each_with_the_pusher_either_way_up():
    slides = [m for m in legal(position()) if m.startswith("slide")]
    assert len(slides) == 32
    assert len(set(m.replace(" flip", "") for m in slides)) == 16
    fixed = [m for m in legal(position(config="fixedpusher=1")) if m.startswith("slide")]
    assert len(fixed) == 16 and not any("flip" in m for m in fixed)
    double = [m for m in legal(position(pusher="33 off", across="55 10 11 / 20 21 22 / 30 31 32 / 63 40 41"))
              if m.startswith("slide")]
    assert len(double) == 16  # a double looks the same either way up


def test_pc_a20_a24_a_slide_moves_the_line_and_what_rides_on_it():
    tokens = replace_token(replace_token(TOKENS_2P, "blue-a", "h02n"), "black-a", "v00e")
    game = position(tokens=tokens)
    play(game, "slide row0 east")
    assert body(game, "tiles").startswith("red4 redA red2 red3 / blackA")
    assert body(game, "across").startswith("63 55 10 / 20 21 22")
    assert body(game, "down") == "42 43 44 50 / 51 52 53 54 / 00 60 61 62"  # crossing dominoes stay
    assert body(game, "pusher") == "11 row0-east"
    assert body(game, "pawns") == "red:x11 black:x12 blue:x21 green:x22"
    assert "blue-a:pn:2" in body(game, "tokens")  # rode out on the 1|1, which is now the pusher
    assert "black-a:v00e:2" in body(game, "tokens")
    assert "red-a:redA:2" in body(game, "tokens")  # the ace tile moved, the tokens with it
    # PC-A24: a token on the pusher goes into the line with it
    play(game, "slide row0 east")  # player 1, same line, same direction
    assert body(game, "across").startswith("11 63 55")
    assert "blue-a:h00n:2" in body(game, "tokens")


def test_pc_a21_the_pusher_goes_in_the_way_up_the_player_chooses():
    game = play(position(), "slide col0 south flip")
    assert body(game, "down").split(" / ")[0].split()[0] == "36"
    game = play(position(), "slide col0 south")
    assert body(game, "down").split(" / ")[0].split()[0] == "63"
    assert body(game, "pusher") == "00 col0-south"


def test_pc_a22_the_pusher_is_a_space_only_after_the_first_slide():
    game = moving(5, where="red4")
    assert not any(d.startswith("p") for d in destinations(game, "red-a"))
    game = position()
    play(game, "slide row0 west")  # pusher 55 (from H(0,0)) now lies at the west end, against red2
    game.state[rules.S_PLAYER] = 0
    game.state[rules.S_LAST_SLIDE] = 0
    game.state[rules.S_PHASE] = rules.MOVE
    game.state[rules.S_ROLLED] = 3
    game.state[rules.S_LEFT] = 1
    game.state[rules.S_DICE] = 1
    tokens = body(game, "tokens")
    assert "red-a:redA" in tokens
    moved = play(game.clone(), "red-a h02s")  # redA is at (0,3) now
    assert "red-a:h02s" in body(moved, "tokens")
    game.state[rules.S_TOKEN_AT] = 1  # red-a onto red2, the tile the pusher lies against
    reach = destinations(game, "red-a")
    assert "pn" in reach and "ps" in reach
    game.state[rules.S_DICE] = 5
    game.state[rules.S_TOKEN_AT] = 16 + 2 * 20  # a half of 5|5 (domino 20), the pusher
    assert destinations(game, "red-a") == ["ps", "red2"]  # the other half and its one tile: no hole


def test_pc_a23_the_next_player_may_not_push_the_line_straight_back():
    game = position(players=3)
    play(game, "slide row1 east")
    moves = legal(game)
    assert "slide row1 west" not in moves and "slide row1 west flip" not in moves
    assert "slide row1 east" in moves
    assert "undo" in str(raises(Exception, play, game, "slide row1 west"))
    play(game, "slide col2 north")
    assert "slide row1 west" in legal(game)  # the player after may undo, once a turn came between
    game = position(players=3)
    play(game, "slide row1 east")
    game.rng = ScriptedRng([5])
    play(game, "roll", "end")
    assert game.current_player() == 2 and "slide row1 west" in legal(game)


def test_pc_a25_balancing_variant_the_roll_winner_takes_a_pair():
    game = Game("players=2 balance=1", 8)
    assert game.phase() == rules.CHOOSE
    sums = paths.tile_distance_sums(game)
    longest = max(range(4), key=lambda c: (sums[c], c))
    shortest = min(range(4), key=lambda c: (sums[c], c))
    if longest == shortest:
        longest = 3
    pair = (1 << longest) | (1 << shortest)
    masks = sorted([pair, 15 & ~pair])
    expected = ["take " + "+".join(n for c, n in enumerate(("red", "black", "blue", "green")) if m & (1 << c))
                for m in masks]
    assert legal(game) == expected
    chooser = game.current_player()
    play(game, expected[1])
    assert game.colours_of(chooser) == masks[1] and game.colours_of(1 - chooser) == masks[0]
    assert game.phase() == rules.PLACE and game.current_player() == chooser
    assert Game("players=2", 8).phase() == rules.PLACE


def test_pc_a26_three_players_leave_black_out_but_its_tiles_in():
    game = Game("players=3", 5)
    assert "black-" not in body(game, "tokens")
    assert "black:-" in body(game, "pawns") and "black:-" in body(game, "owners")
    assert "blackA" in body(game, "tiles")
    assert game.colours_of(0) == 1 and game.colours_of(1) == 8 and game.colours_of(2) == 4


def test_pc_a27_each_player_sees_only_their_own_values():
    game = Game("players=3", 5)
    view = game.view(1, game.clone())
    tokens = body(view, "tokens").split()
    assert all(t.endswith("?") for t in tokens if not t.startswith("green"))
    assert not any(t.endswith("?") for t in tokens if t.startswith("green"))
    assert "?" not in body(game, "tokens")


def test_pc_a28_delivered_values_are_public_and_nothing_else_reveals_one():
    tokens = replace_token(endgame_tokens(), "black-c", "blackA")
    game = position(phase="move", dice="red:1", rolled="red,black", left="red", tokens=tokens)
    view = game.view(1, game.clone())
    shown = body(view, "tokens")
    assert "red-b:delivered:3" in shown and "red-a:h01n:?" in shown


def test_pc_a29_two_blanks_both_pawns_move_in_the_order_the_player_likes():
    game = position()
    game.rng = ScriptedRng([0, 0])
    play(game, "roll")
    moves = legal(game)
    assert any(m.startswith("pawn red") for m in moves) and any(m.startswith("pawn black") for m in moves)
    play(game, "pawn black x00")
    assert all(m.startswith("pawn red") for m in legal(game))
    play(game, "pawn red x01")
    assert game.current_player() == 1


def test_pc_a30_a_pawn_always_has_an_open_hole():
    game = position(players=4)
    pawn_moves = [m for m in legal(game) if m.startswith("pawn")]
    assert len(pawn_moves) == 5  # player 0 moves red: 9 holes, 4 taken


def test_pc_a31_delivering_the_last_token_wins_and_ends_the_game():
    tokens = replace_token(endgame_tokens(), "black-c", "delivered")
    game = position(phase="move", dice="red:1", rolled="red,black", left="red", tokens=tokens, endgame=1)
    play(game, "red-a red2")
    assert game.result() == 0 and game.current_player() == NOBODY and legal(game) == []
    assert body(game, "result") == "0"


def test_pc_a32_no_move_goes_tile_to_tile_so_never_ace_to_goal():
    for seed in range(12):
        game = Game("players={}".format(2 + seed % 3), seed)
        paths.sync(game)
        for colour in range(4):
            if game.owner(colour) == 255:
                continue
            for start in range(16):
                for die in range(1, 6):
                    paths.reach(game, start, die, colour)
                    assert not any(game.reach[t] for t in range(16)), (seed, start, die)


def test_refused_moves_say_why():
    game = position(players=3)
    assert "roll" in str(raises(Exception, play, game, "red-a h00n"))
    game = moving(1, where="h10s")
    assert "below" in str(raises(Exception, play, game, "red-a redA"))
    assert "tile to tile" in str(raises(Exception, play, moving(5, where="blackA"), "red-a redA"))
    assert "not yours" in str(raises(Exception, play, game, "blue-a h00n"))
