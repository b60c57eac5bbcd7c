# SPDX-License-Identifier: MIT
"""Clear a Path's computer player values a re-roll as the mean over the die's six faces (issue 22), not the one
face a copy of the game happens to roll; ``hard`` looks at the next player's reply (portable)."""

from core.clear_a_path import ai, rules
from core.clear_a_path.board import (
    ACTION, DONE, GREY, PHASE_ACTION, RED, S_PHASE, S_VALUE, make_move, move_action, move_kind, move_target,
)
from core.game import LOSS, move_buffer

# Compiling the computer player (with its hard level) and the notation from source needs the room.
HEAP_KB = 128


def _is_reroll(move):
    return move_kind(move) == ACTION and (move_action(move) == RED or move_action(move) == GREY)


def _faces_lost_at_once(game, move, work):
    """Of six equally likely outcomes of ``move`` (the six faces of a re-roll, else one outcome six times), how
    many lose the solo game when the round ends right after it: an independent count, with the rules alone."""
    lost = 0
    for face in range(1, 7):
        work.copy_from(game)
        work.apply_legal(move)
        if _is_reroll(move):
            work.state[S_VALUE + move_target(move)] = face
        if work.state[S_PHASE] == PHASE_ACTION and move_kind(move) != DONE:
            work.apply_legal(make_move(DONE, 0, 0, 0))
        if work.result() == LOSS:
            lost += 1
    return lost


def test_solo_never_takes_a_chance_of_losing_at_once_when_a_move_runs_none():
    moves = move_buffer(rules.Game.MAX_MOVES)
    work = rules.Game("players=1", 0)
    checked = rerolls_refused = 0
    for seed in range(8):
        game = rules.Game("players=1", seed)
        player = ai.Ai("normal", 1000 + seed)
        while not game.is_over():
            move = player.choose(game)
            if game.state[S_PHASE] == PHASE_ACTION:
                count = game.legal_moves(moves)
                risks = [_faces_lost_at_once(game, moves[i], work) for i in range(count)]
                if min(risks) == 0:
                    checked += 1
                    assert _faces_lost_at_once(game, move, work) == 0, (seed, move, risks)
                    rerolls_refused += any(risks[i] and _is_reroll(moves[i]) for i in range(count))
            game.apply(move)
    assert checked > 20 and rerolls_refused > 0


def test_a_multiplayer_reroll_is_the_mean_of_the_full_evaluation_of_each_face():
    """The player computes the others' needs and gains once for the six faces; that must equal evaluating each
    face in full."""
    moves = move_buffer(rules.Game.MAX_MOVES)
    compared = 0
    for seed in range(4):
        game = rules.Game("players=3", seed)
        player = ai.Ai("normal", 50 + seed)
        full = ai.Ai("normal", 0)
        while not game.is_over() and compared < 40:
            me = game.current_player()
            view = game.view(me, game.clone())
            player._prepare(view)
            full._prepare(view)
            for i in range(view.legal_moves(moves)):
                if not _is_reroll(moves[i]):
                    continue
                total = 0
                for face in range(1, 7):
                    work = view.clone()
                    work.apply_legal(moves[i])
                    work.state[S_VALUE + move_target(moves[i])] = face
                    total += full._evaluate(work, me)
                assert player._score_move(view, moves[i], me) == total // 6, (seed, moves[i])
                compared += 1
            game.apply(player.choose(game))
    assert compared >= 10


# From a normal-vs-normal game (seed 5, round 8): Green (0) holds white 4 and grey 2, Violet (1) black 4, whose mark
# on column 4 (a4, black's row) completes Violet's path. Marking white closes nothing for Green, and Violet then
# wins; white's value 4 can instead block column 4 for the round.
BLOCK_THE_WIN = (
    "game clear-a-path\n"
    "config players=2 unevendraft=0 cascadeoverwritesmark=0 blockonlyplacement=0 rerolllosingsetup=0 roundcap=200\n"
    "rng 330056934 286329471\n"
    "round 8 phase action turn 0 first 1 token 1 picks 6 blocked -\n"
    "dice red:5:pool blue:5:pool yellow:5:pool black:4:p1 white:4:p0 grey:2:p0\n"
    "grid 0 .X.... / ..XXXX / .X..X. / ..XXXX / X..... / .X.XXX\n"
    "grid 1 XXX.X. / ....X. / X.XXXX / .X..X. / XXXX.X / ......\n"
)


def _hands_a_win(game, move, moves, work, reply):
    """Whether after ``move`` the next player has an action that wins at once."""
    work.copy_from(game)
    work.apply_legal(move)
    other = work.current_player()
    for i in range(work.legal_moves(moves)):
        reply.copy_from(work)
        reply.apply_legal(moves[i])
        if reply.result() == other:
            return True
    return False


def test_hard_looks_at_the_next_players_reply_and_blocks_the_win_normal_hands_over():
    from core.clear_a_path import notation
    from core.notation import parse_position
    from tests.core.clear_a_path.helpers import modules

    game = parse_position(BLOCK_THE_WIN, modules)
    moves = move_buffer(rules.Game.MAX_MOVES)
    work = game.clone()
    reply = game.clone()
    normal = ai.Ai("normal", 7).choose(game)
    hard = ai.Ai("hard", 7).choose(game)
    assert notation.format_move(game, normal) == "mark white"
    assert _hands_a_win(game, normal, moves, work, reply)
    assert not _hands_a_win(game, hard, moves, work, reply), notation.format_move(game, hard)
