# SPDX-License-Identifier: MIT
"""Pawns Crossing's computer player leaves a position it has seen twice at the start of its turn (issue 22) and
carries the positions it has seen in a save; ``hard`` counts what a slide costs the others, within its work budget.
Portable: pytest and MicroPython run this module."""

from core.pawns_crossing import ai, paths, rules
from core.pawns_crossing.rules import (
    ROLL, SLIDE, SPACES, START, S_DICE, S_LAST_SLIDE, S_PUSHER, S_PUSHER_AT, S_TILES, S_TURN, S_VALUE, make_move,
    move_kind,
)
from tests.core.pawns_crossing.test_playouts import shuffled_hidden_values

HEAP_KB = 256  # compiled from source, as in test_playouts

# Four normal computers seated as the firmware seats them (session.py): in seed 4 every player slides row 1 east
# from turn 8 on, and four slides bring the row back, so each turn start is the one four turns before. Without the
# rule they did so to the 1000-turn cap; player 3 is the first to be back, at turn 15 (the slide before turn 8 was
# not the same).
SEED = 4
BACK_AT = 15
ROLL_MOVE = make_move(ROLL, 0, 0)


def _seated(seed):
    return [ai.Ai("normal", (seed + 7919 * (seat + 1)) & 0x3FFFFFFF) for seat in range(4)]


def _board(game):
    """Everything at a turn start that the moves to come depend on, in full (the player keeps a hash of it)."""
    s = game.state
    return bytes(s[S_TILES:S_VALUE]) + bytes([s[S_PUSHER], s[S_PUSHER_AT], s[S_LAST_SLIDE]])


def _play_to(game, players, turn, seen=None):
    """Play on to the start of turn ``turn``; with ``seen``, note each turn start's board and the turns it came at."""
    while game.turns() < turn or game.phase() != START:
        if seen is not None and game.phase() == START:
            board = _board(game)
            seen[board] = seen.get(board, []) + [game.turns()]
        game.apply(players[game.current_player()].choose(game))


def test_a_slide_that_came_back_round_is_not_made_again():
    game = rules.Game("players=4", SEED)
    players = _seated(SEED)
    seen = {}
    _play_to(game, players, BACK_AT, seen)
    assert game.current_player() == 3 and seen[_board(game)] == [BACK_AT - 4]
    # a player with no memory of turn 11 slides again, as player 3 did then, and the board comes round once more
    assert move_kind(ai.Ai("normal", 1).choose(game)) == SLIDE
    forgetful = game.clone()
    while forgetful.turns() < BACK_AT + 4 or forgetful.phase() != START:
        forgetful.apply(ai.Ai("normal", 1).choose(forgetful))
    assert _board(forgetful) == _board(game)
    # player 3 remembers it and rolls instead
    assert players[3].choose(game) == ROLL_MOVE


def test_every_turn_start_seen_before_is_left_by_rolling_and_the_game_is_won():
    game = rules.Game("players=4", SEED)
    players = _seated(SEED)
    seen = [{} for _ in range(4)]
    left = 0
    while not game.is_over():
        me = game.current_player()
        again = False
        if game.phase() == START:
            board = _board(game)
            again = board in seen[me]
            seen[me][board] = True
        move = players[me].choose(game)
        if again:
            assert move == ROLL_MOVE, game.turns()
            left += 1
        game.apply(move)
    assert left >= 1 and game.result() >= 0 and game.turns() < 100, (left, game.result(), game.turns())


def test_the_positions_seen_are_carried_and_a_restored_player_leaves_as_the_original():
    game = rules.Game("players=4", SEED)
    players = _seated(SEED)
    _play_to(game, players, BACK_AT)
    buf = bytearray(ai.Ai.CARRY_BYTES + 3)
    players[3].carry_into(buf, 3)
    assert any(buf[3 + 8 :])  # the memory, behind the generator
    restored = ai.Ai("normal", 999)
    restored.carry_from(buf, 3)
    again = bytearray(ai.Ai.CARRY_BYTES + 3)
    restored.carry_into(again, 3)
    assert again == buf
    assert restored.choose(game) == ROLL_MOVE
    assert move_kind(ai.Ai("normal", (SEED + 7919 * 4) & 0x3FFFFFFF).choose(game)) == SLIDE  # the seed alone


def _refused(player, buf):
    kept = bytearray(ai.Ai.CARRY_BYTES)
    player.carry_into(kept)
    try:
        player.carry_from(buf)
    except ValueError:
        after = bytearray(ai.Ai.CARRY_BYTES)
        player.carry_into(after)
        return after == kept  # and nothing of it was taken
    return False


def test_a_memory_that_cannot_be_is_refused():
    game = rules.Game("players=4", SEED)
    players = _seated(SEED)
    _play_to(game, players, BACK_AT)
    good = bytearray(ai.Ai.CARRY_BYTES)
    players[3].carry_into(good)
    above = bytearray(good)
    above[8] = 0xFF
    above[9] = 0xFF  # 65535: above every hash
    assert _refused(ai.Ai("normal", 5), above)
    gap = bytearray(good)
    gap[8] = gap[9] = 0  # an empty place before a filled one: the memory fills from the front
    assert _refused(ai.Ai("normal", 5), gap)


def test_the_position_remembered_is_only_what_the_player_sees():
    for at in ai._POSITION:
        assert not (S_VALUE <= at < S_VALUE + 16 or S_DICE <= at < S_DICE + 4 or S_TURN <= at < S_TURN + 2), at
    game = rules.Game("players=4", SEED)
    _play_to(game, _seated(SEED), 8)
    me = game.current_player()
    seen = ai._position_hash(game.view(me, game.clone()).state)
    assert 0 < seen <= 65521
    assert ai._position_hash(shuffled_hidden_values(game, me).view(me, game.clone()).state) == seen


class _RankingByItsOwnGainOnly(ai.Ai):
    """``hard`` ranking slides by its own tile-step gain alone (a measured slide still counts the others' loss)."""

    def _rough_distance(self, game, me, mine=True):
        return ai.Ai._rough_distance(self, game, me, mine) if mine else 0


class _HardForItselfOnly(_RankingByItsOwnGainOnly):
    """``hard`` without the other players' loss in a slide's ranking or value (as it was before it counted it)."""

    def _distance(self, game, me, mine=True):
        return ai.Ai._distance(self, game, me, mine) if mine else 0


def _two_player_turn(seed, turn):
    """A two-player game of two normal players (seeds 13 and 14) at the start of turn ``turn``."""
    game = rules.Game("players=2", seed)
    _play_to(game, [ai.Ai("normal", 13), ai.Ai("normal", 14)], turn)
    return game


def test_hard_slides_where_its_own_gain_alone_would_roll_when_the_slide_sets_the_other_player_back():
    # seed 6, the first turn (player 0): one slide gains it too little to beat rolling, but moves the other player's
    # tokens away from their goals; hard counts half of that loss
    game = _two_player_turn(6, 0)
    assert game.current_player() == 0
    assert move_kind(ai.Ai("hard", 5).choose(game)) == SLIDE
    assert _HardForItselfOnly("hard", 5).choose(game) == ROLL_MOVE
    assert ai.Ai("normal", 5).choose(game) == ROLL_MOVE


def test_hard_measures_a_slide_it_ranks_up_for_what_the_slide_costs_the_other_player():
    # seed 1, turn 5 (player 1): ranked by its own tile-step gain alone, the slide hard makes is not among those
    # measured, and it rolls
    game = _two_player_turn(1, 5)
    assert game.current_player() == 1
    assert move_kind(ai.Ai("hard", 5).choose(game)) == SLIDE
    assert _RankingByItsOwnGainOnly("hard", 5).choose(game) == ROLL_MOVE


class _CountingSlides(ai.Ai):
    """A player that counts the slides it measures properly, and the work done from the first measuring on."""

    measured = 0
    measuring_from = -1

    def _distance(self, game, me, mine=True):
        if self.measuring_from < 0:
            self.measuring_from = self.distances.work
        if mine:
            self.measured += 1
        return ai.Ai._distance(self, game, me, mine)


def test_hard_stops_measuring_slides_once_its_work_budget_is_spent():
    # seed 1, the first turn, two players: the rough ranking lists 8 slides, and each measured slide takes about 700
    # units of the distance tables' work (its own tokens and the other player's), so 3 fit in the budget
    game = _two_player_turn(1, 0)
    player = _CountingSlides("hard", 5)
    player.choose(game)
    assert all(player.shortlist[k] for k in range(len(player.shortlist)))
    assert 1 < player.measured < len(player.shortlist)
    assert player.distances.work - player.measuring_from <= ai.HARD_WORK


def test_a_colours_distance_is_each_tokens_own_search_whatever_the_order_of_their_goals():
    # red's first and third tokens share their goals and the second's lie between them: the whole table filled for
    # the first must not be read for the third once the second's search has overwritten it
    game = rules.Game("players=4", SEED)
    _play_to(game, _seated(SEED), 4)
    for token, value in enumerate((2, 3, 2, 4)):
        game.state[S_VALUE + token] = value
    player = ai.Ai("hard", 1)
    player._prepare(game)
    red = game.owner(0)
    paths.sync(game)
    player.distances.prepare(game, 0)
    expected = 0
    for token in range(4):
        assert game.token_at(token) < SPACES
        goals = player._goals(game, token)
        expected += player.distances.table(player.probe, goals, paths.space_of(game, game.token_at(token)))
    assert player._goals(game, 0) == player._goals(game, 2) != player._goals(game, 1)
    assert player._distance(game, red) == expected
