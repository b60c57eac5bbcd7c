# SPDX-License-Identifier: MIT
"""Pave the Way scenarios, one per decisions.md resolution (PTW-A1 .. PTW-A40, PTW-C1, PTW-C2), the text's
minimum road of 8, the shove table and its fallbacks, and the engine's draw rules. Portable: pytest and
MicroPython run this module."""

from core.errors import IllegalMove, NotationError
from core.game import DRAW, ONGOING
from core.pave_the_way import notation, rules
from core.pave_the_way.rules import Game
from tests.core.pave_the_way.helpers import B_FILE, position, legal, play, at, guard_moves, ScriptedRng
from tests.core.portable import raises

# Compiling this long module from source needs the room; the engine's own budget is measured by the bench.
HEAP_KB = 384



def without(squares, square):
    return [e for e in squares if not e.startswith(square + " ")]


def steps(game, prefix, count=1):
    """The listed guard moves starting with ``prefix`` that take ``count`` steps."""
    return [m for m in guard_moves(game) if m.startswith(prefix) and m.count("-") == count]


ALL = ["{}-{}".format(a, b) for a in range(7) for b in range(a, 7)]


def spread(dominoes, ranks, side="S"):
    """Board entries putting each domino alone on its own square, filling ``ranks`` file by file."""
    out = []
    k = 0
    for d in dominoes:
        a, b = d.split("-")
        out.append("{}{} {} V{}/{}".format("abcdefgh"[k % 8], ranks[k // 8], side, a, b))
        k += 1
    return out


def test_minimum_road_is_eight_pieces_in_one_file():
    game = position(without(B_FILE, "b8"), hands={"S": "0-0 1-1 2-2 3-3 4-4"})
    assert game.result() == ONGOING and not game.wins(0)
    play(game, "play b8 V0/0")
    assert game.result() == 0 and game.is_over() and legal(game) == []
    # seven pieces from rank 1 cannot touch rank 8: every connection changes the rank by at most one
    assert len(B_FILE) == 8


def test_ptw_a1_a_road_piece_fills_one_square():
    game = position(without(B_FILE, "b8"), hands={"S": "0-0 1-1 2-2 3-3 4-4"})
    play(game, "play b8 V0/0")
    assert at(game, "b8") == "S V0/0" and at(game, "c8") == "" and at(game, "b7") == "S V0/6"


def test_ptw_a2_orientation_decides_which_numbers_face_where():
    # V3/5 shows 3 north and 5 south; only a piece showing 3 on its south end continues north in-line
    game = position(["d4 S V3/5"], hands={"S": "0-3 1-5 2-2 4-4 6-6"}, park={"S": ["h7", "h6"], "N": ["a8", "a7"]})
    moves = legal(game)
    assert "play d5 V0/3" in moves and "play d5 V3/0" not in moves
    assert "play d3 V5/1" in moves and "play d3 V1/5" not in moves
    # side-on to a V piece: an H piece whose facing end is either number (a branch)
    assert "play e4 H3/0" in moves and "play e4 H5/1" in moves and "play e4 H0/3" not in moves


def test_ptw_a3_the_starting_row_is_the_home_rank_nearest_the_side():
    game = position([], hands={"S": "0-0 1-1 2-2 3-3 4-4"}, park={"S": ["h7", "h6"], "N": ["a2", "a3"]})
    starts = [m for m in legal(game) if m.startswith("play")]
    assert starts and all(m.split()[1][1] == "1" for m in starts)  # S starts only on rank 1
    north = position([], turn="N", first="N", hands={"N": "0-0 1-1 2-2 3-3 4-4"},
                     park={"S": ["h7", "h6"], "N": ["a2", "a3"]})
    assert all(m.split()[1][1] == "8" for m in legal(north) if m.startswith("play"))
    # and a road wins only from the own home rank to the opponent's: N's pieces in file b do not win for N
    game = position([e.replace(" S ", " N ") for e in B_FILE[1:]], turn="N", first="N",
                    hands={"N": "1-1 2-2 3-3 4-4 5-5"})
    assert not game.wins(1)


def test_ptw_a4_every_link_must_match():
    broken = without(B_FILE, "b4") + ["b4 S V4/1"]  # its south 1 does not meet b3's north 3
    game = position(without(broken, "b8"), hands={"S": "0-0 1-1 2-2 3-3 5-5"})
    play(game, "play b8 V0/0")
    assert game.result() == ONGOING


def test_ptw_a5_t_cap_is_allowed_and_connections_are_symmetric():
    # d4 V3/5 has an open north end showing 3; an H piece across it that holds a 3 connects (T-cap)
    squares = ["d4 S V3/5"]
    hands = {"S": "1-3 0-0 2-2 4-4 6-6"}
    park = {"S": ["h7", "h6"], "N": ["a8", "a7"]}
    game = position(squares, hands=hands, park=park)
    assert "play d5 H1/3" in legal(game) and "play d5 H3/1" in legal(game)
    strict = position(squares, hands=hands, park=park, config="strictplacement=1")
    assert "play d5 H1/3" not in legal(strict) and "play d5 H3/1" not in legal(strict)
    # the same contact made by a shove or relocation still connects: connection is a property of the board
    assert rules.connected(0x80 | (2 << 5) | rules.domino(1, 3), 0x80 | rules.domino(3, 5), 2)
    assert rules.connected(0x80 | rules.domino(3, 5), 0x80 | (2 << 5) | rules.domino(1, 3), 0)


def test_ptw_a6_any_own_piece_qualifies_unless_attachonlytorooted():
    squares = ["d5 S V3/3"]  # cut off from S's home rank
    hands = {"S": "3-6 0-0 1-1 2-2 4-4"}
    park = {"S": ["h7", "h6"], "N": ["a8", "a7"]}
    assert "play d6 V6/3" in legal(position(squares, hands=hands, park=park))
    rooted = position(squares, hands=hands, park=park, config="attachonlytorooted=1")
    assert "play d6 V6/3" not in legal(rooted)
    assert "play d1 V6/3" in legal(rooted)  # the home rank still starts a road


def test_ptw_a7_mismatched_contacts_are_allowed():
    # e5 connects in-line to e4 (north 2), and also touches d5 (an H piece whose east end 6 does not match)
    squares = ["e4 S V2/4", "d5 S H1/6"]
    game = position(squares, hands={"S": "2-3 0-0 1-1 4-4 5-5"}, park={"S": ["h7", "h6"], "N": ["a8", "a7"]})
    assert "play e5 V3/2" in legal(game)


def test_ptw_a8_one_placement_joins_two_roads():
    road = without(B_FILE, "b5")  # b1-b4 rooted, b6-b8 reach rank 8; b5 joins them
    game = position(road, hands={"S": "4-5 0-2 1-1 2-2 3-3"})
    assert not game.wins(0)
    play(game, "play b5 V5/4")
    assert game.result() == 0


def test_ptw_a9_free_pieces_have_at_most_one_connection_or_top_a_road_stack():
    squares = ["c3 S V1/0", "c4 S V2/1", "d4 S H2/5"]  # c4 joins c3 (in-line) and d4 (branch): degree 2
    game = position(squares, hands={"S": "0-0 1-1 2-2 3-3 4-4"}, park={"S": ["h7", "h6"], "N": ["a8", "a7"]})
    game.state[rules.S_RMOVES] = 0
    assert game.degree(notation_sq("c4")) == 2 and not game.is_free(notation_sq("c4"), 0)
    assert game.is_free(notation_sq("c3"), 0) and game.is_free(notation_sq("d4"), 0)  # one connection each
    assert not [m for m in legal(game) if m.startswith("relocate c4")]
    assert [m for m in legal(game) if m.startswith("relocate d4")]
    assert "free" in str(raises(IllegalMove, play, game, "relocate c4 e6 V2/1"))


def notation_sq(name):
    return "abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1)


def test_ptw_a10_a_covered_or_guarded_piece_cannot_be_relocated():
    squares = ["c3 S V1/0 g", "e3 S V2/2 V3/3", "f6 S V3/1"]
    game = position(squares, hands={"S": "0-0 1-1 2-3 4-4 0-6"}, park={"S": ["h7", "h6"], "N": ["a8", "a7"]})
    moves = legal(game)
    assert not [m for m in moves if m.startswith("relocate c3")]  # a guard stands on it
    assert [m for m in moves if m.startswith("relocate e3")]  # only the top of the road stack moves
    assert all(m.split()[3] == "V3/3" or m.split()[3] == "H3/3" for m in moves if m.startswith("relocate e3"))
    assert [m for m in moves if m.startswith("relocate f6")]


def test_ptw_a11_stack_cap_counts_guards_in_play_and_pieces_at_setup():
    game = position(["c3 S V1/1 g g", "c4 S g"], park={"S": ["h7", "h6"], "N": ["a8", "a7"]})
    assert "c4-c3" in guard_moves(game)  # road + 3 guards: the road piece does not count in play
    game = position(["c3 S g g", "c4 S g g"], park={"S": ["h7", "h6"], "N": ["a8", "a7"]})
    assert "c4-c3" not in guard_moves(game)  # four guards never
    # setup: at most two pieces, road pieces included (PTW-A33 below has the free road piece)
    setup = Game(None, 5)
    while setup.phase() != rules.PH_PLACE:
        play(setup, legal(setup)[0])
    placer = setup.current_player()
    zone_square = "c2" if placer == 0 else "c7"
    play(setup, "guard " + zone_square, "guard " + zone_square)
    assert "guard " + zone_square not in legal(setup)


def test_ptw_a12_guards_may_step_off_a_road_piece_which_stays():
    game = position(["c3 S V1/0 g g"], park={"S": ["h7", "h6"], "N": ["a8", "a7"]})
    play(game, "c3-d3")
    assert at(game, "c3") == "S V1/0" and at(game, "d3") == "S g0 g1"


def test_ptw_a13_a_guard_move_moves_the_whole_stack_unless_allowsplit():
    park = {"S": ["h7", "h6"], "N": ["a8", "a7"]}
    game = position(["c3 S g g"], park=park)
    assert "c3-d3" in guard_moves(game)
    play(game, "c3-d3")
    assert at(game, "d3") == "S g0 g1" and at(game, "c3") == ""
    split = position(["c3 S g g"], park=park, config="allowsplit=1")
    moves = guard_moves(split)
    assert "1:c3-d3" in moves and "2:c3-d3" in moves
    play(split, "1:c3-d3")
    assert at(split, "c3") == "S g0" and at(split, "d3") == "S g1"  # the top guard moved


def test_ptw_a14_each_guard_moves_once_a_turn_except_the_new_stack():
    park = {"S": ["h7", "h6"], "N": ["a8", "a7"]}
    game = position(["c3 S g", "e3 S g"], park=park)
    play(game, "c3-c4")
    assert not [m for m in guard_moves(game) if m.startswith("c4-")]
    assert "already moved" in str(raises(IllegalMove, play, game, "c4-c5"))
    twice = position(["c3 S g", "e3 S g"], park=park, config="guardsmaymovetwice=1")
    play(twice, "c3-c4")
    assert [m for m in guard_moves(twice) if m.startswith("c4-")]


def test_ptw_a15_paths_are_straight_or_l_without_jumps_or_returns():
    park = {"S": ["h7", "h6"], "N": ["a8", "a7"]}
    game = position(["d4 S g", "d6 N g", "c5 S g"], park=park)
    moves = [m for m in guard_moves(game) if m.startswith("d4-")]
    assert "d4-d5" in moves and "d4-d3-d2" in moves and "d4-e4-e5" in moves and "d4-d5-e5" in moves
    assert "d4-d5-d6" not in moves  # a single guard cannot enter (shove) an opponent's square
    assert not [m for m in moves if m.endswith("-d4")]  # never back to the start
    assert "d4-c4-c5" in moves and not [m for m in moves if m.startswith("d4-c4-c5-")]
    game = position(["d4 S g", "c4 S g"], park=park)
    assert "d4-c4" in guard_moves(game) and not [m for m in guard_moves(game) if m.startswith("d4-c4-")]
    assert "ends the move" in str(raises(IllegalMove, play, game, "d4-c4-b4"))


def test_ptw_a16_a_shove_needs_strictly_more_and_exactplusone_is_a_flag():
    park = {"S": ["h7", "h6"], "N": ["a8", "a7"]}
    squares = ["d3 S g g g", "d4 N g"]
    assert "d3-d4>d5" in guard_moves(position(squares, park=park))  # 3 against 1
    exact = position(squares, park=park, config="exactplusone=1")
    assert not [m for m in guard_moves(exact) if m.startswith("d3-d4")]
    assert "exactly one more" in str(raises(IllegalMove, play, exact, "d3-d4>d5"))


def test_ptw_a17_only_stacks_shove():
    park = {"S": ["h7", "h6"], "N": ["a8", "a7"]}
    game = position(["d3 S g", "d4 N g"], park=park)
    assert not [m for m in guard_moves(game) if m.startswith("d3-d4")]
    assert "single guard" in str(raises(IllegalMove, play, game, "d3-d4>d5"))


def test_shove_table_by_mover_and_target():
    park = {"S": ["h7", "h6"], "N": ["a8", "a7"]}
    targets = {"single guard": "N g", "2-stack": "N g g", "bare road": "N V1/1", "road and guard": "N V1/1 g",
               "3-stack": "N g g g", "two road pieces": "N V1/1 V2/2"}
    expected = {1: (), 2: ("single guard",), 3: ("single guard", "2-stack", "bare road")}
    for size in (1, 2, 3):
        for name, content in targets.items():
            game = position(["d3 S" + " g" * size, "d4 " + content], park=park)
            can = [m for m in guard_moves(game) if m.startswith("d3-d4")] != []
            assert can == (name in expected[size]), (size, name)


def test_shove_fallbacks_straight_then_toward_owner_then_shovers_choice():
    park = {"S": ["h7", "h6"], "N": ["h1", "h2"]}
    # S 2-stack on c4 shoves N's guard on d4 east: straight on to e4
    game = position(["c4 S g g", "d4 N g"], park=park)
    assert steps(game, "c4-d4") == ["c4-d4>e4"]
    # e4 taken by S: toward N's home rank (north), d5
    game = position(["c4 S g g", "d4 N g", "e4 S g"], park=park)
    assert steps(game, "c4-d4") == ["c4-d4>d5"]
    # both taken: the shover picks among the other neighbours (only d3 is left, never c4)
    game = position(["c4 S g g", "d4 N g", "e4 S g", "d5 S g"], park=park)
    assert steps(game, "c4-d4") == ["c4-d4>d3"]
    # shoving north (toward N's home) makes straight and toward the same: then the two sides, shover's choice
    game = position(["d3 S g g", "d4 N g", "d5 S g"], park=park)
    assert steps(game, "d3-d4") == ["d3-d4>e4", "d3-d4>c4"]
    assert "straight on" in str(raises(IllegalMove, play, position(["c4 S g g", "d4 N g"], park=park),
                                       "c4-d4>d5"))


def test_ptw_a18_the_shove_goes_the_way_of_the_step_that_entered():
    park = {"S": ["h7", "h6"], "N": ["h1", "h2"]}
    game = position(["c3 S g g", "d4 N g"], park=park)
    moves = guard_moves(game)
    assert "c3-c4-d4>e4" in moves  # the L path's second step goes east: the guard goes east
    assert "c3-d3-d4>d5" in moves  # entered going north: north


def test_ptw_a19_toward_the_owner_skips_straight_and_the_from_square():
    park = {"S": ["h7", "h6"], "N": ["h1", "h2"]}
    # S shoves an N guard south (away from N's home): toward N is north, the from-square: unavailable
    game = position(["d5 S g g", "d4 N g", "d3 S g"], park=park)
    assert steps(game, "d5-d4") == ["d5-d4>e4", "d5-d4>c4"]


def test_ptw_a20_fallback_is_orthogonal_unless_diagonalfallback():
    park = {"S": ["h7", "h6"], "N": ["h1", "h2"]}
    squares = ["d3 S g g", "d4 N g", "d5 S g", "c4 S g", "e4 S g"]
    assert not [m for m in guard_moves(position(squares, park=park)) if m.startswith("d3-d4")]
    diagonal = position(squares, park=park, config="diagonalfallback=1")
    assert steps(diagonal, "d3-d4") == ["d3-d4>e5", "d3-d4>e3", "d3-d4>c3", "d3-d4>c5"]  # NE SE SW NW


def test_ptw_a21_available_squares_and_no_chain_pushes():
    park = {"S": ["h7", "h6"], "N": ["h1", "h2"]}
    # a road piece never lands on guards, but may stack on its owner's road pieces; guards respect the cap
    game = position(["c4 S g g g", "d4 N V1/1", "e4 N g", "d5 N V2/2", "d3 N g g g"], park=park)
    assert steps(game, "c4-d4") == ["c4-d4>d5"]
    play(game, "c4-d4>d5")
    assert at(game, "d5") == "N V2/2 V1/1"  # stacked on N's own road piece, orientation kept
    # a guard shoved next to its own 2-stack joins it (3), not a 3-stack (4); the shover's pieces never take it
    game = position(["c4 S g g", "d4 N g", "e4 N g g", "d5 S g", "d3 N g g g"], park=park)
    assert steps(game, "c4-d4") == ["c4-d4>e4"]
    game = position(["c4 S g g", "d4 N g", "e4 N g g g", "d5 S g", "d3 S g"], park=park)
    assert not [m for m in guard_moves(game) if m.startswith("c4-d4")]  # no chain push into e4


def test_ptw_a22_the_top_guard_stays_on_the_square_before_the_target():
    park = {"S": ["h7", "h6"], "N": ["h1", "h2"]}
    game = position(["c2 S g g g", "c3 N g", "f6 N g"], park=park)
    play(game, "c2-c3>c4-c4>c5")
    assert at(game, "c2") == "S g2" and at(game, "c3") == "S g1" and at(game, "c4") == "S g0"
    assert at(game, "c5") == "N g0"


def test_ptw_a23_a_unit_keeps_moving_after_a_shove():
    park = {"S": ["h7", "h6"], "N": ["h1", "h2"]}
    game = position(["c3 S g g", "c4 N g"], park=park)
    assert "c3-c4>c5-d4" in guard_moves(game)
    play(game, "c3-c4>c5-d4")
    assert at(game, "c3") == "S g1" and at(game, "d4") == "S g0" and at(game, "c4") == ""


def test_ptw_a24_and_c1_a_blocked_shove_is_stopped_or_redone():
    park = {"S": ["h7", "h6"], "N": ["h1", "h2"]}
    # first step blocked: nothing moved, so only "redo": the move is not listed at all
    game = position(["c3 S g g", "c4 N g", "c5 S g", "b4 S g", "d4 S g"], park=park)
    assert not [m for m in guard_moves(game) if m.startswith("c3-c4")]
    assert "nowhere to go" in str(raises(IllegalMove, play, game, "c3-c4>c5"))
    # second step blocked: stop on c4 (the one-step move) or choose another move (redo)
    game = position(["c3 S g g", "d4 N g", "e4 S g", "d5 S g", "d3 S g"], park=park)
    assert "c3-c4" in guard_moves(game) and not [m for m in guard_moves(game) if m.startswith("c3-c4-d4")]
    why = str(raises(IllegalMove, play, game, "c3-c4-d4>e4"))
    assert "stop on c4" in why and "c3-c4" in why and "PTW-C1" in why
    before = game.encode()
    assert game.encode() == before  # the refused move changed nothing (redo)
    play(game, "c3-c4")  # stop: the move is used and the guards count as moved
    assert game.state[rules.S_GMOVES] == 1 and game.state[rules.S_MOVED]


def test_ptw_c1_the_stop_named_after_a_first_shove_includes_where_that_piece_went():
    park = {"S": ["h7", "h6"], "N": ["h1", "h2"]}
    game = position(["c3 S g g g", "c4 N g", "d4 N g", "c5 S V1/1", "e4 S V2/2", "d5 S V3/3", "d3 S V4/4"],
                    park=park)
    why = str(raises(IllegalMove, play, game, "c3-c4>b4-d4>e4"))
    assert "(the move c3-c4>b4)" in why
    play(game, "c3-c4>b4")  # the move named is the legal stop
    assert at(game, "b4") == "N g0"


def test_relocating_from_a_square_without_your_road_piece_says_so():
    game = position(["c3 S g g", "a1 S V1/0"])
    err = raises(NotationError, notation.parse_move, game, "relocate c3 c4 V1/2")
    assert "no road piece on c3" in str(err)


def test_ptw_a25_road_stacks_grow_and_only_the_top_moves():
    park = {"S": ["h7", "h6"], "N": ["h1", "h2"]}
    game = position(["c4 S g g g", "d4 N V1/1", "d5 N V2/2 V3/3", "e4 S g", "g5 N V1/4"], park=park)
    play(game, "c4-d4>d5")
    assert at(game, "d5") == "N V2/2 V3/3 V1/1"
    play(game, "end")
    relocations = [m for m in legal(game) if m.startswith("relocate d5")]
    assert relocations and all(m.split()[3] in ("V1/1", "H1/1") for m in relocations)


def test_ptw_a26_and_a36_a_shoved_road_piece_keeps_its_numbers_and_can_hand_over_the_win():
    # N's road runs down file b except b5; N's piece on c5 (H4/5 - its west end 4) is one square off.
    # S's 3-stack on d5 shoves it west: straight on to b5, where as H4/5 it meets b6 (south 5 ... ) and b4.
    north = ["b8 N V0/0", "b7 N V0/6", "b6 N V6/5", "b4 N V4/2", "b3 N V2/1", "b2 N V1/0", "b1 N V0/4"]
    game = position(north + ["c5 N H4/5", "d5 S g g g"], park={"S": ["h7", "h6"], "N": ["h3", "h2"]},
                    hands={"N": "1-1 2-2 3-3 4-4 5-5"})
    assert not game.wins(1)
    play(game, "d5-c5>b5")
    assert at(game, "b5") == "N H4/5"  # orientation and end numbers kept
    assert game.result() == 1  # S's own shove completed N's road: N wins at once


def test_ptw_a27_opposing_pieces_block_placement():
    park = {"S": ["h7", "h6"], "N": ["h1", "h2"]}
    game = position(["d4 S V3/5", "d5 N g", "d3 N V5/5", "e4 N V1/1"], park=park,
                    hands={"S": "0-3 1-5 2-2 4-4 6-6"})
    targets = [m.split()[1] for m in legal(game) if m.startswith("play") and m.split()[1][1] != "1"]
    assert "d5" not in targets and "d3" not in targets and "e4" not in targets and "c4" in targets


def test_ptw_a28_an_empty_bag_stops_draws_and_discards_but_not_relocations():
    rest = [d for d in ALL if d not in ("0-1", "1-2", "3-3", "4-4")]
    game = position(["c1 S V1/0", "c2 S V2/1"] + spread(rest, "456"), hands={"S": "3-3 4-4"},
                    bags={"S": "", "N": " ".join(ALL[5:])}, park={"S": ["h7", "h8"], "N": ["g8", "f8"]})
    moves = legal(game)
    assert not [m for m in moves if m.startswith("discard")]
    assert [m for m in moves if m.startswith("relocate")]
    assert "bag is empty" in str(raises(IllegalMove, play, game, "discard 3-3"))
    play(game, "play d1 V3/3")
    assert game.state[rules.S_HANDN] == 1 and game.state[rules.S_BAGN] == 0  # no draw


def test_ptw_a29_discard_returns_then_draws_unless_drawbeforereturn():
    rest = [d for d in ALL if d not in ("0-0", "1-1", "2-2", "3-3", "4-4", "5-5")]
    for config, back in (("", "0-0"), ("drawbeforereturn=1", "5-5")):
        game = position(spread(rest, "3456"), hands={"S": "0-0 1-1 2-2 3-3 4-4"}, config=config,
                        bags={"S": "5-5", "N": " ".join(ALL[5:])}, park={"S": ["h7", "h8"], "N": ["g8", "f8"]})
        # the draw takes the bag's first piece (by id): 0-0 if it went back first, else 5-5
        game.rng = ScriptedRng([0])
        play(game, "discard 0-0")
        assert game.in_hand(0, rules.domino(*[int(x) for x in back.split("-")]))
        assert game.state[rules.S_HANDN] == 5 and game.state[rules.S_BAGN] == 1


def test_ptw_a30_the_hand_refills_at_once():
    game = position(["c1 S V1/0"], hands={"S": "1-2 2-2 3-3 4-4 5-5"}, park={"S": ["h7", "h6"], "N": ["h3", "h2"]})
    play(game, "play c2 V2/1")
    assert game.state[rules.S_HANDN] == 5 and game.state[rules.S_BAGN] == 28 - 2 - 5


def test_ptw_a31_first_player_ties_redraw_and_the_pieces_go_back():
    game = Game(None, 0)
    game.state[rules.S_PHASE] = rules.PH_HAND
    # S draws 1-2 (3 pips), N draws 0-3 (3 pips): a tie; then S 6-6 (12), N 0-0 (0): S chooses
    s_bag = [d for d in range(28) if game.state[rules.S_DLOC + d] == rules.BAG]
    n_bag = [d for d in range(28) if game.state[rules.S_DLOC + 28 + d] == rules.BAG]
    script = [s_bag.index(rules.domino(1, 2)), n_bag.index(rules.domino(0, 3)),
              s_bag.index(rules.domino(6, 6)), n_bag.index(rules.domino(0, 0))]
    game.rng = ScriptedRng(script)
    from core.pave_the_way import phases
    phases.first_draw(game)
    assert game.phase() == rules.PH_FIRST and game.current_player() == 0
    assert game.state[rules.S_REVEAL] == rules.domino(6, 6) and game.state[rules.S_REVEAL + 1] == rules.domino(0, 0)
    assert game.state[rules.S_BAGN] == 23 and game.state[rules.S_HANDN] == 5  # both went back
    assert legal(game) == ["first S", "first N"]
    play(game, "first N")
    assert game.current_player() == 0 and game.phase() == rules.PH_ROAD  # S is second: the free road piece


def test_ptw_a32_placement_is_secret_unless_sequentialplacement():
    game = Game(None, 3)
    while game.phase() != rules.PH_PLACE:
        play(game, legal(game)[0])
    first = game.current_player()
    for _ in range(6):
        play(game, legal(game)[0])
    second = game.current_player()
    assert second == 1 - first
    view = game.view(second, Game(None, 0))
    assert all(view.state[rules.S_GUARD + first * 6 + g] == rules.HIDDEN for g in range(6))
    assert sum(view.state[rules.S_NG + sq] for sq in range(64) if view.state[rules.S_OWN + sq] == first + 1) == 0
    assert legal(view) == legal(game)  # legality never depends on what is hidden
    mine = game.view(first, Game(None, 0))
    assert all(mine.state[rules.S_GUARD + first * 6 + g] != rules.HIDDEN for g in range(6))
    open_game = Game("sequentialplacement=1", 3)
    while open_game.phase() != rules.PH_PLACE:
        play(open_game, legal(open_game)[0])
    first = open_game.current_player()
    for _ in range(6):
        play(open_game, legal(open_game)[0])
    view = open_game.view(1 - first, Game("sequentialplacement=1", 0))
    assert view.encode()[-Game.STATE_BYTES:] == open_game.encode()[-Game.STATE_BYTES:]


def test_ptw_a33_one_guard_may_stand_on_the_free_road_piece_at_setup():
    game = Game(None, 2)
    while game.phase() != rules.PH_ROAD:
        play(game, legal(game)[0])
    second = game.current_player()
    road = [m for m in legal(game) if m.startswith("play")][0]
    play(game, road)
    square = road.split()[1]
    while game.current_player() != second:
        play(game, legal(game)[0])
    assert "guard " + square in legal(game)
    play(game, "guard " + square)
    assert "guard " + square not in legal(game)  # a road piece and one guard: two pieces


def test_ptw_a34_nothing_is_compulsory():
    game = position(["c1 S V1/0"], park={"S": ["h7", "h6"], "N": ["h3", "h2"]})
    assert legal(game)[0] == "end"
    play(game, "end")
    assert game.current_player() == 1 and legal(game)[0] == "end"


def test_ptw_a35_guard_and_road_moves_interleave_freely():
    game = position(["c1 S V1/0", "e3 S g"], hands={"S": "1-2 2-3 4-4 5-5 6-6"},
                    park={"S": ["h7", "h6"], "N": ["h3", "h2"]})
    play(game, "play c2 V2/1", "e3-e4", "play c3 V3/2", "h7-g7")
    assert game.state[rules.S_GMOVES] == 2 and game.state[rules.S_RMOVES] == 2
    assert legal(game) == ["end"]


def test_ptw_a36_a_win_ends_the_game_mid_turn():
    game = position(without(B_FILE, "b8"), hands={"S": "0-0 1-1 2-2 3-3 4-4"})
    play(game, "play b8 V0/0")
    assert game.result() == 0 and game.current_player() == -1
    assert "over" in str(raises(IllegalMove, play, game, "end"))


def test_ptw_a37_redrawing_a_pairless_hand_is_optional_and_repeats():
    game = Game(None, 0)
    s = game.state
    pairless = [rules.domino(0, 0), rules.domino(1, 1), rules.domino(2, 2), rules.domino(3, 4), rules.domino(5, 6)]
    for d in range(28):
        s[rules.S_DLOC + d] = rules.INHAND if d in pairless else rules.BAG
    s[rules.S_REVEAL] = rules.NONE
    s[rules.S_REVEAL + 1] = rules.NONE
    s[rules.S_FIRST] = rules.NONE
    for i in range(2, 8):
        s[i] = 0 if i != 7 else rules.NONE
    s[rules.S_HANDN] = 5
    s[rules.S_BAGN] = 23
    from core.pave_the_way import phases
    assert not phases.hand_valid(game, 0)
    phases.hand_check(game, 0)
    assert game.phase() == rules.PH_HAND and legal(game) == ["keep", "redraw"]
    kept = game.clone()
    play(kept, "keep")
    assert kept.phase() != rules.PH_HAND or kept.current_player() == 1
    assert [d for d in range(28) if kept.state[rules.S_DLOC + d] == rules.INHAND] == sorted(pairless)
    play(game, "redraw")
    assert phases.hand_valid(game, 0)


def test_ptw_a38_two_sides_whatever_the_team_size():
    game = Game(None, 1)
    assert game.player_count() == 2 and "players" not in [f[0] for f in Game.CONFIG_SCHEMA]


def test_ptw_a39_defaults_are_the_resolutions():
    game = Game(None, 1)
    for name, value in (("strictplacement", 0), ("attachonlytorooted", 0), ("allowsplit", 0),
                        ("guardsmaymovetwice", 0), ("diagonalfallback", 0), ("exactplusone", 0),
                        ("drawbeforereturn", 0), ("sequentialplacement", 0), ("repetition", 3), ("idleturns", 10),
                        ("turncap", 200)):
        assert game.config.get(name) == value, name


def test_ptw_a40_six_guards_and_28_dominoes_per_side():
    game = Game(None, 4)
    while game.phase() != rules.PH_PLAY:
        play(game, legal(game)[0])
    for side in range(2):
        guards = sum(game.state[rules.S_NG + sq] for sq in range(64) if game.state[rules.S_OWN + sq] == side + 1)
        assert guards == 6
        assert game.state[rules.S_HANDN + side] + game.state[rules.S_BAGN + side] + sum(
            1 for d in range(28) if game.state[rules.S_DLOC + side * 28 + d] < 64) == 28


def test_ptw_c2_only_a_merge_creates_the_stack_that_moves_again():
    park = {"S": ["h7", "h6"], "N": ["h3", "h2"]}
    game = position(["c3 S g", "c5 S g", "e3 S V1/0"], park=park)
    play(game, "c3-c4-c5")  # merges with c5's guard
    assert game.state[rules.S_MERGED] == notation_sq("c5")
    assert [m for m in guard_moves(game) if m.startswith("c5-")]
    game = position(["c3 S g", "e3 S V1/0"], park=park)
    play(game, "c3-d3-e3")  # onto its own bare road piece: no guard stack is created
    assert game.state[rules.S_MERGED] == rules.NONE and not [m for m in guard_moves(game) if m.startswith("e3-")]
    game = position(["c2 S g g", "c3 N g", "d3 S g"], park=park)
    play(game, "c2-c3>c4-d3")  # shoves, then ends on own guards: a stack is created
    assert game.state[rules.S_MERGED] == notation_sq("d3") and [m for m in guard_moves(game) if m.startswith("d3-")]
    assert not [m for m in guard_moves(game) if m.startswith("c2-")]  # the dropped guard moved


def test_a_turn_starts_hash_with_the_other_side_to_move_follows_from_it():
    # the computer player hashes each end position of its search once (aibeam.end_value): the position it hands the
    # opponent and the one the opponent's pass hands back differ only in the side to move
    from core.game import move_buffer
    from core.pave_the_way import phases
    from core.pave_the_way.board import S_TO_MOVE
    from core.prng import Prng

    buf = move_buffer(Game.MAX_MOVES)
    chooser = Prng(11)
    game = Game(None, 3)
    checked = 0
    while not game.is_over() and checked < 150:
        s = game.state
        side = s[S_TO_MOVE]
        h = phases.position_hash(game)
        s[S_TO_MOVE] = 1 - side
        assert phases.other_side_hash(h, side) == phases.position_hash(game)
        s[S_TO_MOVE] = side
        checked += 1
        game.apply(buf[chooser.below(game.legal_moves(buf))])
    assert checked == 150


def test_draw_by_repetition_exhaustion_and_turn_cap():
    park = {"S": ["h7", "h6"], "N": ["h3", "h2"]}
    game = position(["c1 S V1/0"], park=park)
    game.forget()
    from core.pave_the_way import phases
    phases.remember(game)
    for _ in range(4):
        play(game, "end")
    assert game.result() == DRAW  # the start position came back a third time with S to move
    capped = position(["c1 S V1/0"], park=park, config="turncap=3 repetition=0")
    play(capped, "end", "end")
    assert capped.result() == ONGOING
    play(capped, "end")
    assert capped.result() == DRAW
    # both hands and bags empty: idle turns without a road move end the game
    board = spread(ALL, "1234") + spread(ALL, "5678", "N") + ["e4 S g g g", "f4 S g g g", "e8 N g g g", "f8 N g g g"]
    game = position(board, hands={"S": "", "N": ""}, bags={"S": "", "N": ""}, config="idleturns=2")
    play(game, "end")
    assert game.result() == ONGOING and game.state[rules.S_IDLE] == 1
    play(game, "end")
    assert game.result() == DRAW
