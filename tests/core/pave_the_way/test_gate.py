# SPDX-License-Identifier: MIT
"""Pave the Way's state gate: a state that ``Game.decode`` or the position parser accepts is one the rules can
reach, or at least one that plays on (``tests.core.soundness.check_plays_on``); anything else is refused with
CorruptState (bytes) or NotationError naming the line and field (text). One test per case the gate refuses or
must accept, the finished states of seeded games, and crowded starts built through the position text.
Portable: pytest and MicroPython run this module."""

from core.errors import CorruptState, NotationError
from core.game import DRAW, ONGOING, move_buffer
from core.notation import parse_position
from core.pave_the_way import ai, notation, rules
from core.pave_the_way.rules import Game
from core.prng import Prng
from tests.core.pave_the_way.helpers import ALL, B_FILE, modules, play, position, text
from tests.core.portable import raises
from tests.core.soundness import check_plays_on

# Compiling this module, the computer player and the soundness checker from source needs the room, and
# check_plays_on makes an 8 KB move buffer per call, which fragments the heap (192 and 256 KB ran out).
HEAP_KB = 384

BUF = move_buffer(Game.MAX_MOVES)  # made once: large blocks fragment MicroPython's heap
# N's road down file e from its home rank 8 to rank 2, and a bare N piece on d1 that fits e1 (V6/3: 6 north)
N_ROAD = ["e8 N V1/0", "e7 N V0/2", "e6 N V2/3", "e5 N V3/4", "e4 N V4/5", "e3 N V5/6", "e2 N V6/6"]


def refused(game, changes):
    """Decode ``game``'s encoding with state bytes changed (``(index, value), ...``); return the CorruptState."""
    data = bytearray(game.encode())
    base = len(data) - Game.STATE_BYTES
    for index, value in changes:
        data[base + index] = value
    return raises(CorruptState, Game.decode, bytes(data))


def decoded(game, changes):
    data = bytearray(game.encode())
    base = len(data) - Game.STATE_BYTES
    for index, value in changes:
        data[base + index] = value
    return Game.decode(bytes(data))


def parse_refused(text_):
    return raises(NotationError, parse_position, text_, modules)


def position_refused(squares, **fields):
    """The NotationError that building this position (helpers.position) raises."""
    try:
        position(squares, **fields)
    except NotationError as err:
        return err
    raise AssertionError("accepted: {} {}".format(squares, fields))


def advance(game, until):
    """Play the first legal move until ``until(game)`` holds."""
    while not until(game):
        game.legal_moves(BUF)
        game.apply_legal(BUF[0])
    return game


def at_phase(phase, seed=3, config=None):
    return advance(Game(config, seed), lambda g: g.phase() == phase)


def in_play(seed=3):
    """A real game some moves into play, the turn-start history filled."""
    game = at_phase(rules.PH_PLAY, seed)
    chooser = Prng(seed)
    while game.turns() < 6:
        count = game.legal_moves(BUF)
        game.apply_legal(BUF[chooser.below(count)])
    return game


def hidden_line(text_):
    lines = text_.split("\n")
    for i in range(len(lines)):
        if lines[i].startswith("hidden "):
            return i + 1, lines[i]
    return 0, ""


# -- the view-only code for hidden guards -------------------------------------------------------------------------
def test_a_view_hiding_the_placing_sides_guards_is_refused_as_text_naming_the_hidden_line():
    game = advance(at_phase(rules.PH_PLACE), lambda g: g.state[rules.S_GUARD + g.current_player() * 6] != 255)
    placer = game.current_player()
    view = game.view(1 - placer, Game(None, 0))
    shown = text(view)  # a view still prints: the console's --view
    number, line = hidden_line(shown)
    assert line == "hidden " + "SN"[placer]
    err = parse_refused(shown)
    assert err.line == number and err.field == "hidden", str(err)


def test_a_view_hiding_the_placing_sides_guards_is_refused_as_bytes():
    # accepted before, the next placement ran past the guard table (phases.place) into the rest of the state
    game = advance(at_phase(rules.PH_PLACE), lambda g: g.state[rules.S_GUARD + g.current_player() * 6] != 255)
    view = game.view(1 - game.current_player(), Game(None, 0))
    err = raises(CorruptState, Game.decode, view.encode())
    assert "hidden" in str(err)


def test_a_view_hiding_the_first_sides_guards_while_the_second_places_is_refused():
    game = advance(at_phase(rules.PH_PLACE), lambda g: g.current_player() != g.state[rules.S_FIRST])
    view = game.view(game.current_player(), Game(None, 0))
    assert hidden_line(text(view))[1] == "hidden " + "SN"[game.state[rules.S_FIRST]]
    raises(CorruptState, Game.decode, view.encode())
    assert parse_refused(text(view)).field == "hidden"


def test_a_view_with_open_placement_hides_nothing_and_is_a_full_position():
    game = at_phase(rules.PH_PLACE, 3, "sequentialplacement=1")
    seen = game.view(1 - game.current_player(), Game("sequentialplacement=1", 0))
    check_plays_on(rules, notation, Game.decode(seen.encode()), buf=BUF)


# -- bytes the engine always leaves zero ------------------------------------------------------------------------
def test_the_unused_state_bytes_must_be_zero():
    # byte 19 was ignored by decode and lost by the position text: a save whose text differed from it
    game = in_play()
    for index in (rules.S_SPARE, rules.S_SPARE + 1):
        assert "unused state bytes" in str(refused(game, ((index, 231),)))


def test_board_data_of_a_domino_off_the_board_must_be_zero():
    game = in_play()
    d = [d for d in range(28) if game.state[rules.S_DLOC + d] == rules.BAG][0]
    refused(game, ((rules.S_DINF + d, 0x20),))


def test_unused_history_entries_must_be_zero():
    game = in_play()
    n = game.state[rules.S_HISTN]
    assert 0 < n < rules.HISTORY
    refused(game, ((rules.S_HIST + 4 * n, 1),))


def test_history_hashes_must_be_ones_the_hash_can_give():
    game = in_play()
    assert game.state[rules.S_HISTN]
    refused(game, ((rules.S_HIST, 0xFF), (rules.S_HIST + 1, 0x7F)))  # low half 32767, past its modulus 32719


def test_a_road_stack_level_past_the_pieces_of_a_set_is_refused():
    game = position(B_FILE[:3])
    d = rules.domino(1, 0)
    refused(game, ((rules.S_DINF + d, 31),))


# -- counters near their byte limits -------------------------------------------------------------------------
def test_a_turn_count_past_the_turn_cap_is_refused_naming_the_turns_field():
    # 'turns 65535' was accepted; its next 'end' overflowed the count's two bytes (ValueError in phases.end_turn)
    err = position_refused([], turn="N", turns=65535)
    assert err.field == "turns" and err.line == 4, str(err)
    err = position_refused([], turn="N", turns=201)
    assert err.field == "turns", str(err)


def test_a_turn_count_at_the_turn_cap_in_a_running_game_is_refused():
    assert "draw rules" in str(position_refused([], turns=200))
    game = in_play()
    refused(game, ((rules.S_TURNS, 0xFF), (rules.S_TURNS + 1, 0xFF)))
    refused(game, ((rules.S_TURNS, 200 & 0xFF), (rules.S_TURNS + 1, 0)))


def test_the_last_turn_before_the_largest_turn_cap_plays_on_to_a_draw():
    game = position([], turn="N", turns=9999, config="turncap=10000")
    check_plays_on(rules, notation, game, buf=BUF)
    play(game, "end")
    assert game.result() == DRAW and game.turns() == 10000
    assert Game.decode(game.encode()).encode() == game.encode()
    check_plays_on(rules, notation, game, buf=BUF)


def full_board(idle, turns, turn, in_hand=0):
    """Every road piece on the board (S on ranks 1-4, N on ranks 8-5, so no road can finish) but S's first
    ``in_hand`` in its hand, the bags empty, the guards in 3-stacks on free squares."""
    squares = []
    for side, ranks in (("S", "1234"), ("N", "8765")):
        for k in range(in_hand if side == "S" else 0, 28):
            squares.append("{}{} {} V{}/{}".format("abcdefgh"[k % 8], ranks[k // 8], side, ALL[k][0], ALL[k][2]))
    squares += ["e4 S g g g", "f4 S g g g", "g5 N g g g", "h5 N g g g"]
    hands = {"S": " ".join(ALL[:in_hand]), "N": ""}
    empty = {"S": "", "N": ""}
    return position(squares, hands=hands, bags=empty, idle=idle, turns=turns, turn=turn, config="idleturns=10")


def test_an_idle_count_at_its_cap_is_refused_and_one_below_plays_on_to_a_draw():
    assert position_refused([], idle=11).field == "idle"
    full_board(9, 9, "N")
    raises(NotationError, full_board, 10, 10, "S")
    game = full_board(9, 9, "N")
    check_plays_on(rules, notation, game, buf=BUF)
    play(game, "end")
    assert game.result() == DRAW


def test_idle_turns_count_only_while_both_hands_and_bags_are_empty():
    position_refused([], idle=1, turns=1, turn="N")
    raises(NotationError, full_board, 5, 4, "S")  # more idle turns than turns


def test_the_side_to_move_follows_from_the_first_side_and_the_turns():
    assert "side to move" in str(position_refused([], turn="N", turns=4))
    position([], turn="N", turns=5)
    game = in_play()
    refused(game, ((rules.S_TO_MOVE, 1 - game.current_player()),))


def test_the_guard_moves_used_and_the_guards_moved_agree():
    position_refused(["c2 S g g g"], guards=1)
    position_refused(["c2 S g g g"], moved="g0")
    position(["c2 S g g g"], guards=1, moved="g0,g1,g2")


def test_a_hand_is_refilled_to_five_while_its_bag_lasts():
    position_refused([], hands={"S": "0-0 0-1 0-2 0-3"})
    check_plays_on(rules, notation, full_board(0, 0, "S", 4))  # four left in the hand, none in the bag


# -- results and phases ----------------------------------------------------------------------------------------
def test_a_result_needs_the_game_over_and_the_game_over_needs_a_result():
    game = in_play()
    refused(game, ((rules.S_RESULT, 1),))
    refused(game, ((rules.S_PHASE, rules.PH_OVER),))


def test_a_merged_stacks_second_guard_move_that_shoves_the_opponent_to_a_win_is_a_valid_finished_game():
    # reachable, and refused before: the merged square it left behind is empty, which the check of 'merged' took
    # for a corrupt save
    game = position(N_ROAD + ["d1 N V6/3", "c2 S g g g"], guards=1, moved="g2", merged="c2", turns=4)
    check_plays_on(rules, notation, game, buf=BUF)
    play(game, "c2-c1-d1>e1")
    assert game.result() == 1 and game.state[rules.S_MERGED] == notation.parse_square("c2")
    check_plays_on(rules, notation, game, buf=BUF)


def test_a_win_on_the_winners_own_turn_needs_a_road_move():
    assert "Road Move" in str(position_refused(B_FILE, phase="over", result="S"))
    position(B_FILE, phase="over", result="S", roads=1)


def test_a_win_on_the_opponents_turn_needs_a_shove():
    road = N_ROAD + ["e1 N V6/3"]
    assert "shove" in str(position_refused(road + ["c2 S g g g"], phase="over", result="N"))
    position(road + ["c1 S g", "d1 S g g"], phase="over", result="N", moved="g0,g1,g2")


def test_the_winner_and_only_the_winner_has_a_finished_road():
    position_refused(B_FILE[:7], phase="over", result="S", roads=1)
    both = B_FILE + [e.replace(" S ", " N ").replace("b", "e") for e in B_FILE]
    position_refused(both, phase="over", result="S", roads=1, park={"S": ["h1", "h2"], "N": ["a8", "a7"]})


def test_a_drawn_game_needs_a_draw_rule_and_no_finished_road():
    assert "no draw rule" in str(position_refused([], phase="over", result="draw", turns=10))
    position([], phase="over", result="draw", turns=200)
    assert "finished road" in str(position_refused(B_FILE, phase="over", result="draw", turns=200))


def test_a_drawn_game_ends_at_the_end_of_a_turn():
    position_refused([], phase="over", result="draw", turns=200, roads=1)
    position_refused(["c2 S g g g"], phase="over", result="draw", turns=200, guards=1, moved="g0,g1,g2")


def test_the_setup_phases_name_the_side_the_rules_ask():
    game = at_phase(rules.PH_FIRST)
    assert "more pips" in str(refused(game, ((rules.S_TO_MOVE, 1 - game.current_player()),)))
    game = at_phase(rules.PH_ROAD)
    assert "second side" in str(refused(game, ((rules.S_TO_MOVE, game.state[rules.S_FIRST]),)))
    game = advance(at_phase(rules.PH_PLACE), lambda g: g.current_player() != g.state[rules.S_FIRST])
    refused(game, ((rules.S_TO_MOVE, game.state[rules.S_FIRST]),))  # the first side has no guard left


# -- legal moves -------------------------------------------------------------------------------------------
def test_a_running_game_always_has_a_legal_move_and_states_without_one_are_refused():
    for seed in range(4):
        game = Game(None, seed)
        chooser = Prng(seed)
        while game.result() == ONGOING and game.turns() < 4:
            count = game.legal_moves(BUF)
            assert count > 0 and game.current_player() >= 0
            game.apply_legal(BUF[chooser.below(count)])
    # the second side's free road piece with its home rank full, and guard placement with no guard left
    full = ["{}1 S V0/0".format(f) for f in "a"] + ["{}1 S V{}/{}".format(f, i, i) for f, i in zip("bcdefgh",
                                                                                                  range(1, 7))]
    position_refused(full, phase="road", turn="S", first="N", hands={"S": "0-1 0-2 0-3 0-4 0-5"})
    position_refused(["a8 N g g", "b8 N g g", "c8 N g g", "c1 S g g", "d1 S g g", "e1 S g g", "a1 S V0/0"],
                     phase="place", turn="N", first="N")


# the squares of S's 23 road pieces (hand 4-5 5-6 1-5 1-4 4-4, bag empty) found by a search for many legal moves
CROWDED = ["a2 S V2/2", "a4 S V2/1", "a6 S V2/4", "b3 S H3/4", "b5 S H3/2", "b7 S H0/5", "c2 S H6/6", "c4 S V5/2",
           "c6 S V3/0", "d3 S V6/3", "d5 S H6/0", "d7 S H0/4", "d8 S H1/1", "e2 S V0/0", "e4 S H3/3", "e6 S V0/2",
           "f3 S H6/1", "f5 S H6/2", "f8 S H6/4", "g2 S V5/5", "g4 S V1/0", "g7 S H3/5", "h6 S V3/1"]
# the same on a checkerboard: every piece alone, so every piece may be relocated
CHECKERED = ["b1 S V0/5", "d1 S H0/6", "f1 S V1/1", "a2 S H1/2", "c2 S V1/3", "e2 S H1/4", "g2 S V1/5", "b3 S H1/6",
             "d3 S V2/2", "f3 S H2/3", "h3 S V2/4", "a4 S H2/5", "c4 S V2/6", "e4 S H3/3", "g4 S V3/4", "b5 S H3/5",
             "d5 S V3/6", "f5 S H4/4", "h5 S V4/5", "a6 S H4/6", "c6 S V5/5", "e6 S H5/6", "g6 S V6/6"]


def crowded(squares, hand):
    return position(squares, hands={"S": hand}, bags={"S": "", "N": " ".join(ALL[5:])},
                    park={"S": ["h1", "h2"], "N": ["a8", "b8"]})


def test_a_position_with_more_legal_moves_than_the_move_buffer_holds_is_refused():
    # accepted before, its legal moves ran past the move buffer (an IndexError in legal_moves)
    err = raises(NotationError, crowded, CROWDED, "1-4 1-5 4-4 4-5 5-6")
    assert "more legal moves" in str(err) and err.field == "position"


def test_a_position_with_more_legal_moves_than_half_the_buffer_is_refused_and_one_below_is_accepted():
    # the checkerboard lists over 1000 moves, within the buffer but far beyond any game (docs/pave-the-way.md)
    err = raises(NotationError, crowded, CHECKERED, "0-0 0-1 0-2 0-3 0-4")
    assert "more legal moves" in str(err)
    # 12 of those pieces, the rest in the bag: 393 moves, as many again as any game showed, and it plays on
    game = position(CHECKERED[:12], hands={"S": "0-0 0-1 0-2 0-3 0-4"}, park={"S": ["h1", "h2"], "N": ["a8", "b8"]})
    assert 300 < game.legal_moves(game.check_buffer()) <= Game.MAX_MOVES // 2
    check_plays_on(rules, notation, game, buf=BUF)


# -- finished games and crowded starts ----------------------------------------------------------------------
def test_the_finished_states_of_seeded_games_round_trip_and_play_on():
    results = []
    for config, seed in (("", 1), ("", 3), ("turncap=60", 3), ("allowsplit=1 sequentialplacement=1", 0)):
        game = Game(config, seed)
        player = ai.Ai("easy", seed)
        chooser = Prng(seed + 5)
        while not game.is_over():
            count = game.legal_moves(BUF)
            if game.current_player() == 0 and game.phase() == rules.PH_PLAY:
                move = player.choose(game)
            else:
                move = BUF[chooser.below(count)]
                if move == 0 and chooser.below(4):  # end turns less often, so roads get built
                    move = BUF[chooser.below(count)]
            game.apply_legal(move)
        player = None  # its scratch games are done with: the checks below have the device VM's heap without them
        encoded = game.encode()
        assert Game.decode(encoded).encode() == encoded
        assert parse_position(text(game), modules).encode() == encoded
        check_plays_on(rules, notation, game, buf=BUF)
        results.append(game.result())
    assert 0 in results and 1 in results and DRAW in results


def test_a_crowded_start_with_stacks_and_shoves_plays_on():
    squares = ["b1 S V1/1 V1/2", "c3 S V3/4 g g", "d4 S g g g", "g1 S H0/0 g", "c4 N g", "d5 N V5/5", "e4 N g g",
               "b5 N V6/6 V5/6", "f4 N H2/3 g", "h8 N g g"]
    for config in ("", "allowsplit=1 diagonalfallback=1", "guardsmaymovetwice=1 exactplusone=1"):
        game = position(squares, config=config)
        check_plays_on(rules, notation, game, 3, buf=BUF)
        game = position(squares, config=config, turn="N", turns=1)
        check_plays_on(rules, notation, game, 4, buf=BUF)


def test_crowded_starts_with_many_road_pieces_and_full_hands_play_on():
    # 23 road pieces a side, road stacks up to four high, bags empty
    squares = ["b6 S H0/6 V1/4", "c1 S V6/6 H3/5 g", "f3 S V5/5 V3/3 H0/3 g", "e5 S H1/0 H6/5", "g2 S V1/6",
               "c4 S V1/1", "b5 S H6/4", "a8 S H5/0", "d1 S V2/3 V5/2", "d7 S H2/2 g", "d5 S H4/3 g", "a2 S H6/3",
               "g7 S V5/1 g", "e8 S V0/2", "b3 S H0/4", "f4 S H2/4 g", "g8 S H4/4", "e1 N V2/5 V1/3 V2/0 V3/2",
               "g6 N H6/2 H0/1 g", "f2 N H1/1 V4/2 H1/4", "a4 N V4/4", "h1 N H6/1 g g", "d8 N H2/2",
               "a7 N V0/0 V0/5", "c7 N V5/5", "g5 N V3/0", "f1 N H4/5", "d3 N V2/1 g", "e2 N H3/3", "g4 N H6/3",
               "b8 N V0/6", "h6 N V0/4", "e6 N H3/5", "f5 N g g"]
    hands = {"S": "0-0 1-2 1-3 2-6 4-5", "N": "1-5 3-4 4-6 5-6 6-6"}
    game = position(squares, hands=hands, bags={"S": "", "N": ""})
    check_plays_on(rules, notation, game, 5, buf=BUF)
    # road and guard stacks, bags part full, with split units and diagonal fallbacks
    squares = ["f6 S H1/1 V3/5 V0/3", "d1 S V6/1", "b7 S V1/4 H6/6", "h5 S H2/0 V1/2", "g6 S V5/5 H0/1 H0/0 g g g",
               "e3 S H2/2", "e1 S V5/0", "g3 S V6/5", "d5 S H3/4", "h1 S g g", "d4 S g", "a6 N V6/1 g g",
               "h8 N V6/0 H1/4", "g2 N H1/2 V0/2", "c2 N H1/0", "g8 N V3/6", "g1 N H2/4 g", "b8 N H2/6", "f2 N V5/4",
               "e8 N g g", "b5 N g"]
    hands = {"S": "1-3 2-3 2-4 3-6 4-5", "N": "0-0 2-5 3-3 3-5 5-6"}
    bags = {"S": "0-4 0-6 1-5 2-5 2-6 3-3 4-4 4-6", "N": "0-3 0-4 0-5 1-1 1-3 1-5 2-2 2-3 3-4 4-4 4-6 5-5 6-6"}
    game = position(squares, hands=hands, bags=bags, config="allowsplit=1 diagonalfallback=1")
    check_plays_on(rules, notation, game, 6, buf=BUF)


def test_a_full_board_with_every_piece_placed_plays_on():
    game = full_board(0, 0, "S")
    check_plays_on(rules, notation, game, 7, buf=BUF)
