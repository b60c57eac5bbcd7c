# SPDX-License-Identifier: MIT
"""Clear a Path scenarios, one per decisions.md resolution (CAP-A1 .. CAP-A30, CAP-C1, CAP-C2), and the seed's
example grids. Portable: pytest and MicroPython run this module."""

from core.clear_a_path import rules
from core.clear_a_path import solo as solo_rules
from core.clear_a_path.rules import Game
from core.errors import IllegalMove
from core.game import LOSS, DRAW, ONGOING
from tests.core.clear_a_path.helpers import position, legal, play, grid_text, ScriptedRng
from tests.core.portable import raises

WIN_1 = "...X.. / ...X.. / ..XX.. / .XX... / .X.... / .X...."
WIN_2 = "...... / ...XXX / .XXX.. / .X.... / XX.... / ......"
NOT_1 = "...... / ...XXX / ..X... / .X.... / X..... / ......"
NOT_2 = "...X.. / ...X.. / ..X... / .X.... / X..... / X....."
# Compiling this long module from source needs the room; the engine's own budget is checked by tools.verify.
HEAP_KB = 256
ACTION_2P = "round 0 phase action turn 0 first 0 token 0 picks 6 blocked -"
# player 0 acts with the round's last die: player 1 began the round (player 0 took the token since)
LAST_DIE_2P = "round 0 phase action turn 0 first 1 token 0 picks 6 blocked -"


def grid_game(grid):
    """A game whose grid 0 is ``grid``, written into the state directly: the path predicate on any grid, even
    one no running game has (the state gate refuses a running game whose grid already holds a path)."""
    game = Game("players=2", 1)
    rows = grid.split(" / ")
    for r in range(6):
        for c in range(6):
            game.state[rules.S_GRID + r * 6 + c] = ".XB".index(rows[r][c])
    return game


def test_seed_examples_two_winning_and_two_not():
    assert grid_game(WIN_1)._path(0, rules.MARKED)
    assert grid_game(WIN_2)._path(0, rules.MARKED)
    assert not grid_game(NOT_1)._path(0, rules.MARKED)
    assert not grid_game(NOT_2)._path(0, rules.MARKED)


def test_cap_a1_path_runs_on_either_axis():
    assert grid_game(" / ".join(["X....."] * 6))._path(0, rules.MARKED)
    assert grid_game("XXXXXX / ...... / ...... / ...... / ...... / ......")._path(0, rules.MARKED)
    assert not grid_game("XXXXX. / ...... / ...... / ...... / ...... / ......")._path(0, rules.MARKED)


def test_cap_a2_diagonal_contact_does_not_connect():
    assert not grid_game("X..... / .X.... / ..X... / ...X.. / ....X. / .....X")._path(0, rules.MARKED)


def test_cap_a3_two_players_draft_in_straight_rotation():
    game = Game("players=2", 4)
    first = game.current_player()
    order = []
    while game.phase() == rules.PHASE_DRAFT:
        order.append(game.current_player())
        play(game, legal(game)[0])
    assert order == [first, 1 - first] * 3


def test_cap_a4_one_die_per_turn_clockwise_skipping_empty_hands():
    game = position(3, "round 0 phase action turn 2 first 2 token 2 picks 6 blocked -",
                    "red:2:p0 blue:2:p2 yellow:3:p0 black:4:p1 white:5:p1 grey:6:p2")
    order = []
    while game.phase() == rules.PHASE_ACTION:
        order.append(game.current_player())
        play(game, legal(game)[0])  # a mark: marks sort before actions
    assert order == [2, 0, 1, 2, 0, 1] and game.round_number() == 1
    # five players drafting all 12 dice: the first two act a third time, the others are skipped
    uneven = position(5, "round 0 phase action turn 0 first 0 token 0 picks 12 blocked -",
                      "red:1:p0 blue:1:p1 yellow:1:pool black:1:pool white:1:pool grey:1:pool red2:1:pool "
                      "blue2:1:pool yellow2:1:pool black2:1:pool white2:1:pool grey2:1:pool", config="unevendraft=1")
    play(uneven, "mark red")
    assert uneven.current_player() == 1
    play(uneven, "mark blue")  # players 2, 3 and 4 hold nothing: the round ends
    assert uneven.phase() == rules.PHASE_DRAFT and uneven.round_number() == 1


def test_cap_a5_a_used_die_must_have_an_effect_and_no_double_marks():
    game = position(2, ACTION_2P, "red:2:p0 blue:2:p1 yellow:6:pool black:6:pool white:6:pool grey:6:pool",
                    {0: ".X.... / ...... / ...... / ...... / ...... / ......"})
    moves = legal(game)
    assert "mark red" not in moves and "discard red" not in moves
    assert "reroll red blue" in moves  # red's own action still has a target
    assert "already marked" in str(raises(IllegalMove, play, game, "mark red"))


def test_cap_a6_a_die_offers_its_colour_and_its_value_actions():
    game = position(2, ACTION_2P, "red:6:pool blue:5:p0 yellow:3:p0 black:6:p1 white:6:p1 grey:6:pool")
    moves = legal(game)
    assert "plus blue yellow" in moves and "minus blue yellow" in moves and "mark blue" in moves


def test_cap_a7_only_held_dice_are_targets_and_never_the_die_itself():
    game = position(2, ACTION_2P, "red:6:p0 blue:2:p0 yellow:3:pool black:6:p1 white:6:p1 grey:6:pool")
    moves = legal(game)
    assert "reroll-own red blue" in moves  # red shows 6: grey's action on another held die
    assert "reroll-own red yellow" not in moves and "reroll-own red red" not in moves
    game = position(2, ACTION_2P, "red:5:p0 blue:2:p0 yellow:3:pool black:6:p1 white:6:p1 grey:6:pool")
    moves = legal(game)
    assert "plus blue red" in moves and "plus blue yellow" not in moves and "plus blue blue" not in moves


def test_cap_a8_values_never_leave_1_to_6():
    game = position(2, ACTION_2P, "red:6:p0 blue:2:p0 yellow:1:p0 black:6:p1 white:5:p1 grey:6:p1")
    moves = legal(game)
    assert "plus blue red" not in moves and "plus blue yellow" in moves
    game2 = position(2, ACTION_2P, "red:6:p0 blue:1:p0 yellow:6:p1 black:6:p1 white:5:p0 grey:6:p1")
    moves2 = legal(game2)
    assert "minus white blue" not in moves2 and "minus white red" in moves2


def test_cap_a9_the_token_changes_hands_now_and_the_order_next_round():
    game = position(2, "round 0 phase action turn 1 first 0 token 0 picks 6 blocked -",
                    "red:6:pool blue:6:pool yellow:3:p1 black:6:pool white:6:pool grey:6:pool")
    play(game, "first yellow")
    assert game.token() == 1
    assert game.phase() == rules.PHASE_DRAFT and game.current_player() == 1  # the new round starts with them


def test_cap_a10_black_blocks_the_dies_value_column_for_everyone_until_the_round_ends():
    game = position(2, ACTION_2P, "red:5:p0 blue:5:p1 yellow:4:p0 black:5:p1 white:6:pool grey:6:pool")
    play(game, "block yellow")  # any die showing 4 blocks column 4
    assert game.blocked(3) and "block black" in legal(game)
    play(game, "block black")  # the black die blocks its value's column: 5
    assert game.blocked(4) and game.blocked(3)  # blocks accumulate
    moves = legal(game)
    assert "mark red" not in moves  # player 0 cannot mark column 5 either
    assert "blocked" in str(raises(IllegalMove, play, game, "mark red"))
    play(game, moves[0])
    play(game, legal(game)[0])  # the round ends
    assert game.phase() == rules.PHASE_DRAFT and not game.blocked(3) and not game.blocked(4)


def test_cap_a11_red_needs_a_die_held_by_an_opponent():
    game = position(2, LAST_DIE_2P, "red:6:p0 blue:6:pool yellow:6:pool black:6:pool white:6:pool grey:6:pool")
    assert not [m for m in legal(game) if m.startswith("reroll red")]
    assert "opponent" in str(raises(IllegalMove, play, game, "reroll red blue"))


def test_cap_a12_two_sets_give_floor_12_over_n_dice_each_and_leftovers_stay_in_the_pool():
    for players, each in ((4, 3), (5, 2), (6, 2)):
        game = Game("players={}".format(players), 1)
        assert game.dice == 12
        while game.phase() == rules.PHASE_DRAFT:
            play(game, legal(game)[0])
        held = [len([d for d in range(12) if game.holder(d) == p]) for p in range(players)]
        assert held == [each] * players
    game = Game("players=5 unevendraft=1", 1)
    while game.phase() == rules.PHASE_DRAFT:
        play(game, legal(game)[0])
    held = sorted(len([d for d in range(12) if game.holder(d) == p]) for p in range(5))
    assert held == [2, 2, 2, 3, 3]
    # a leftover pool die is never a target
    game = position(5, "round 0 phase action turn 0 first 0 token 0 picks 10 blocked -",
                    "red:6:p0 blue:2:p0 yellow:6:p1 black:6:p1 white:6:p2 grey:6:p2 red2:6:p3 blue2:6:p3 "
                    "yellow2:6:p4 black2:6:p4 white2:5:pool grey2:5:pool")
    assert not [m for m in legal(game) if m.endswith("white2") or m.endswith("grey2")]


def test_cap_a13_only_tied_players_roll_again_for_first_player():
    game = Game("players=3", 1)
    # rolls: p0 6+6, p1 6+6, p2 1+1 -> p0 and p1 tie and roll again: p0 1+1, p1 2+2 -> player 1 starts
    game.rng = ScriptedRng([6, 6, 6, 6, 1, 1, 1, 1, 2, 2])
    assert game._first_player_roll() == 1


def test_cap_a14_a_win_is_immediate_mid_round():
    game = position(2, ACTION_2P, "red:1:p0 blue:1:p1 yellow:1:p0 black:1:p1 white:1:p0 grey:1:p1",
                    {0: ". . . . . .".replace(" ", "") + " / X..... / X..... / X..... / X..... / X....."})
    play(game, "mark red")
    assert game.result() == 0 and game.is_over() and game.holder(1) == 1  # the other dice were not played
    assert legal(game) == []


def test_cap_a15_one_player_is_the_solo_game():
    assert Game("players=1", 3).solo and not Game("players=2", 3).solo


def test_cap_a16_a_setup_that_is_already_a_barrier_path_loses_unless_rerolled():
    game = Game("players=1", 1)
    game.rng = ScriptedRng([3] * 6 + [1, 2, 3, 4, 5, 6] * 3)
    game.state[rules.S_RESULT] = 0
    solo_rules.setup(game)
    assert game.result() == LOSS  # six barriers in column 3: a path (probability 1/7776)
    kind = Game("players=1 rerolllosingsetup=1", 1)
    kind.rng = ScriptedRng([3] * 6 + [1, 2, 3, 4, 5, 6])
    solo_rules.setup(kind)
    assert kind.result() == ONGOING and grid_text(kind, 0) == "B..... / .B.... / ..B... / ...B.. / ....B. / .....B"


SOLO_ACTION = "round 0 phase action turn 0 first 0 token 0 picks 3 blocked -"


def solo(dice, grid, header=SOLO_ACTION, config=""):
    return position(1, header, dice, {0: grid}, config)


def test_cap_a17_solo_actions_are_optional_then_the_rest_mark():
    game = solo("red:1:p0 blue:2:p0 yellow:3:p0 black:6:undrafted white:6:undrafted grey:6:undrafted",
                "...... / ...... / ...... / ...... / ...... / ......")
    assert "done" in legal(game)
    play(game, "plus blue red")  # an action consumes blue
    play(game, "done")  # red (now 2) and yellow mark
    assert grid_text(game, 0).startswith(".X.... / ...... / ..X...")


def test_cap_a18_undrafted_dice_place_barriers_in_row_order():
    # red and blue undrafted; blue's cell already holds a barrier and cascades up into red's row first;
    # red, placed first, took that cell, so blue cascades to the right instead.
    game = solo("red:2:undrafted blue:2:undrafted yellow:6:p0 black:6:p0 white:6:p0 grey:6:undrafted",
                "...... / .B.... / ...... / ...... / ...... / .....X")
    play(game, "done")
    assert grid_text(game, 0).startswith(".B.... / .BB...")


def test_cap_a19_a_cascade_tries_up_right_down_left_of_the_original_cell():
    game = solo("red:6:p0 blue:6:p0 yellow:3:undrafted black:6:p0 white:6:undrafted grey:6:undrafted",
                "...... / ..B... / ..BB.. / ..B... / ...... / BBBBB.")
    play(game, "done")
    # yellow 3 hits its barrier: up (blue 3) and right (yellow 4) hold barriers, so down is next: black 3 too,
    # then left: yellow 2
    assert grid_text(game, 0).split(" / ")[2] == ".BBB.."


def test_cap_a20_a_cascade_skips_off_grid_neighbours():
    game = solo("red:1:undrafted blue:6:p0 yellow:6:p0 black:6:p0 white:6:undrafted grey:6:undrafted",
                "B..... / ...... / ...... / ...... / ...... / ......")
    play(game, "done")
    assert grid_text(game, 0).startswith("BB....")  # up is off the grid: right


def test_cap_a21_a_cascade_onto_a_mark_erases_it_without_a_barrier():
    grid = "B.X... / .X.... / ...... / ...... / ...... / ......"
    dice = "red:1:undrafted blue:6:p0 yellow:6:p0 black:6:p0 white:6:undrafted grey:6:undrafted"
    game = solo(dice, grid.replace("B.X", "BX."))
    play(game, "done")
    assert grid_text(game, 0).startswith("B..... / .X")
    flagged = solo(dice, grid.replace("B.X", "BX."), config="cascadeoverwritesmark=1")
    play(flagged, "done")
    assert grid_text(flagged, 0).startswith("BB....")


def test_cap_a22_a23_solo_black_blocks_marks_and_barriers_in_its_column():
    dice = "red:6:undrafted blue:2:undrafted yellow:5:p0 black:2:p0 white:2:p0 grey:2:undrafted"
    game = solo(dice, "...... / ...... / ...... / ...... / ...... / ......")
    play(game, "block black")  # column 2: blue's and grey's barriers are ignored, white cannot mark
    play(game, "done")
    assert grid_text(game, 0) == ".....B / ...... / ....X. / ...... / ...... / ......"


def test_cap_a23_flag_block_only_placement_lets_a_cascade_leave_the_blocked_column():
    dice = "red:6:undrafted blue:2:undrafted yellow:5:p0 black:2:p0 white:6:p0 grey:6:undrafted"
    grid = "...... / .B.... / ...... / ...... / ...... / ......"
    game = solo(dice, grid)
    play(game, "block black")
    play(game, "done")
    assert grid_text(game, 0).split(" / ")[1] == ".B...."  # blue ignored entirely
    flagged = solo(dice, grid, config="blockonlyplacement=1")
    play(flagged, "block black")
    play(flagged, "done")
    assert grid_text(flagged, 0).split(" / ")[1] == ".BB..."  # blue's barrier cascades right


def test_cap_a24_solo_yellow_erases_one_barrier_in_its_value_column():
    game = solo("red:6:undrafted blue:6:p0 yellow:2:p0 black:6:p0 white:6:undrafted grey:6:undrafted",
                ".B.... / .B.... / ...... / ...... / ...... / ......")
    moves = legal(game)
    assert "erase yellow red" in moves and "erase yellow blue" in moves and "erase yellow yellow" not in moves
    play(game, "erase yellow blue")
    assert grid_text(game, 0).startswith(".B.... / ......")
    none = solo("red:6:undrafted blue:6:p0 yellow:4:p0 black:6:p0 white:6:undrafted grey:6:undrafted",
                ".B.... / ...... / ...... / ...... / ...... / ......")
    assert not [m for m in legal(none) if m.startswith("erase")]


def test_cap_a25_solo_red_rerolls_undrafted_dice_and_the_rest_act_on_held_ones():
    game = solo("red:6:p0 blue:2:p0 yellow:6:undrafted black:6:p0 white:6:undrafted grey:6:undrafted",
                "...... / ...... / ...... / ...... / ...... / ......")
    moves = legal(game)
    assert "reroll red yellow" in moves and "reroll red black" not in moves
    assert "plus blue black" not in moves and "plus blue red" not in moves  # both show 6
    assert "reroll-own red blue" in moves and "reroll-own red yellow" not in moves  # 6: grey's, on held dice


def test_cap_a26_solo_marks_on_a_barrier_or_a_mark_are_wasted():
    game = solo("red:1:p0 blue:1:p0 yellow:6:p0 black:6:undrafted white:6:undrafted grey:6:undrafted",
                "B..... / X..... / ...... / ...... / ...... / ......")
    play(game, "done")
    assert grid_text(game, 0).startswith("B..... / X..... / .....X")


def test_cap_a27_a_barrier_path_loses_before_marks_are_placed():
    game = solo("red:1:p0 blue:6:undrafted yellow:6:p0 black:6:p0 white:6:undrafted grey:6:undrafted",
                ".....B / ...... / .....B / .....B / ...... / .....B")
    play(game, "done")  # blue and white fill column 6: a barrier path
    assert game.result() == LOSS and grid_text(game, 0).startswith(".....B")  # red never marked


def test_cap_a28_the_solo_round_cap_is_a_loss():
    game = Game("players=1 roundcap=2 rerolllosingsetup=1", 5)
    while not game.is_over():
        play(game, legal(game)[-1] if game.phase() == rules.PHASE_ACTION else legal(game)[0])
    assert game.result() == LOSS and game.round_number() <= 2
    multi = Game("players=2 roundcap=1", 5)
    while not multi.is_over():
        play(multi, legal(multi)[-1])
    assert multi.result() in (DRAW, 0, 1)


def test_cap_a29_grey_rerolls_another_die_you_hold():
    game = position(2, ACTION_2P, "red:6:p0 blue:3:p0 yellow:6:p1 black:6:p1 white:6:pool grey:6:pool")
    moves = legal(game)
    assert "reroll-own red blue" in moves and "reroll-own red yellow" not in moves


def test_cap_a30_two_sets_give_up_to_six_grids():
    game = Game("players=6", 2)
    assert game.player_count() == 6 and len([line for line in legal(game)]) == 12


def test_cap_c1_yellow_and_black_are_always_legal_and_discard_only_without_uses():
    game = position(2, LAST_DIE_2P, "red:6:pool blue:6:pool yellow:6:p0 black:6:pool white:6:pool grey:6:pool",
                    {0: "...... / ...... / .....X / ...... / ...... / ......"})
    assert legal(game) == ["first yellow"]  # no effect when holding the token already, still legal
    stuck = position(2, LAST_DIE_2P, "red:6:pool blue:6:pool yellow:6:pool black:6:pool white:5:p0 grey:6:pool",
                     {0: "...... / ...... / ...... / ...... / ....X. / ......"})
    assert legal(stuck) == ["discard white"]


def test_cap_c2_solo_yellow_works_in_a_column_blocked_by_black():
    game = solo("red:6:undrafted blue:6:undrafted yellow:2:p0 black:2:p0 white:6:undrafted grey:6:p0",
                ".B.... / ...... / ...... / ...... / ...... / ......")
    play(game, "block black")
    assert "erase yellow red" in legal(game)
