# SPDX-License-Identifier: MIT
"""Clear a Path's computer player values a re-roll as the mean over the die's six faces (issue 22), not the one
face a copy of the game happens to roll; with opponents both levels look at the next player's reply (portable)."""

from core.clear_a_path import ai, rules
from core.clear_a_path.board import (
    ACTION, BARRIER, DONE, EMPTY, GREY, MARKED, PHASE_ACTION, POOL, RED, S_BLOCKED, S_GRID, S_PHASE, S_VALUE, S_ZONE,
    make_move, move_action, move_kind, move_target,
)
from core.game import LOSS, move_buffer
from core.prng import Prng

# Compiling the computer player (with its hard level) and the notation from source needs the room.
HEAP_KB = 160  # it failed at 120 KB (2026-11-30)


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


def _cells_to_mark(grid):
    """Fewest empty cells to mark for a path of marks joining two opposite sides of a 6x6 ``grid`` (row-major,
    MARKED or EMPTY)."""
    return _cheapest_path([0 if content == MARKED else 1 for content in grid])


def _cheapest_path(costs):
    """The cheapest path joining two opposite sides of a 6x6 grid of per-cell ``costs`` (row-major; None: no way
    through): Bellman-Ford over the cells, independent of the player's own search."""
    best = 99
    for vertical in (True, False):
        far = 99
        dist = [far] * 36
        for k in range(6):
            start = k if vertical else k * 6
            if costs[start] is not None:
                dist[start] = costs[start]
        changed = True
        while changed:
            changed = False
            for cell in range(36):
                if costs[cell] is None:
                    continue
                row, col = divmod(cell, 6)
                for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                    if 0 <= r < 6 and 0 <= c < 6:
                        step = dist[r * 6 + c] + costs[cell]
                        if step < dist[cell]:
                            dist[cell] = step
                            changed = True
        ends = [30 + k for k in range(6)] if vertical else [k * 6 + 5 for k in range(6)]
        best = min([best] + [dist[cell] for cell in ends])
    return best


FINISHES_CAP = 6  # ai._FINISHES_CAP, a const() that MicroPython keeps out of the module's attributes


def test_the_useful_cells_and_the_held_cut_agree_with_marking_them_on_random_grids():
    """With opponents a position is scored from each player's need, which cells one more mark would cut it on, how
    much its held dice cut it together and, one cell from a path, how many cells would finish it: all checked
    against marking the cells on a copy of the grid."""
    rng = Prng(11)
    player = ai.Ai("normal", 1)
    held_checked = 0
    finishes_checked = 0
    for trial in range(30):
        game = rules.Game("players=2", trial)
        state = game.state
        density = 10 + rng.below(50)
        for cell in range(36):
            state[S_GRID + cell] = MARKED if rng.below(100) < density else EMPTY
        grid = [state[S_GRID + cell] for cell in range(36)]
        held = [die for die in range(6) if rng.below(3) == 0][:3]  # player 0 holds them, mid-draft
        for die in range(6):
            state[S_ZONE + die] = 1 if die in held else POOL
        player._prepare(game)
        need = player._field(game, 0)
        assert need == _cells_to_mark(grid)
        with_held = list(grid)
        for die in held:
            with_held[(die % 6) * 6 + state[S_VALUE + die] - 1] = MARKED
        after = _cells_to_mark(with_held)
        assert player.gains[0] == need - after, trial
        held_checked += need - after != sum(
            grid[(die % 6) * 6 + state[S_VALUE + die] - 1] == EMPTY for die in held)  # not the sum of each die
        finishing = 0
        cutting = 0
        for cell in range(36):
            if with_held[cell] == EMPTY:
                with_held[cell] = MARKED
                assert bool(player.useful[cell]) == (_cells_to_mark(with_held) == after - 1), (trial, cell)
                finishing += _cells_to_mark(with_held) == 0
                cutting += _cells_to_mark(with_held) == after - 1
                with_held[cell] = EMPTY
            else:
                assert not player.useful[cell]
        assert player.on_paths[0] == cutting, trial
        if after == 0:
            finishing = FINISHES_CAP
        assert player.finishes[0] == min(finishing, FINISHES_CAP), trial
        finishes_checked += 1 < finishing < FINISHES_CAP and after == 1
        pool = sum(1 for die in range(6) if die not in held and player.useful[die * 6 + state[S_VALUE + die] - 1])
        assert player.pools[0] == pool
    assert held_checked > 0
    assert finishes_checked > 0


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


def test_both_levels_look_at_the_next_players_reply_and_block_the_win_one_action_ahead_hands_over():
    from core.clear_a_path import notation
    from core.notation import parse_position
    from tests.core.clear_a_path.helpers import modules

    game = parse_position(BLOCK_THE_WIN, modules)
    moves = move_buffer(rules.Game.MAX_MOVES)
    work = game.clone()
    reply = game.clone()
    scorer = ai.Ai("normal", 7)
    scorer._prepare(game)
    view = game.view(0, game.clone())
    count = view.legal_moves(moves)
    scores = [scorer._score_move(view, moves[i], 0) for i in range(count)]
    one_ahead = moves[scores.index(max(scores))]
    assert notation.format_move(game, one_ahead) == "mark white"
    assert _hands_a_win(game, one_ahead, moves, work, reply)
    for level in ("normal", "hard"):
        move = ai.Ai(level, 7).choose(game)
        assert not _hands_a_win(game, move, moves, work, reply), (level, notation.format_move(game, move))


def test_the_solo_score_orders_equal_positions_by_the_cells_on_their_shortest_paths():
    """Solo, the score breaks ties of need and threat: fewer empty cells where one more barrier would cut the threat
    and more where one more mark would cut the need is better, and never outweighs a cell of need. The cells are
    checked against placing a barrier on a copy of random grids (blocked columns let none through)."""
    rng = Prng(5)
    player = ai.Ai("normal", 1)
    seen = []
    barrier_cells = 0
    for trial in range(40):
        game = rules.Game("players=1", trial)
        state = game.state
        blocked = (1 << rng.below(6)) if rng.below(3) == 0 else 0
        state[S_BLOCKED] = blocked
        for cell in range(36):
            roll = rng.below(100)
            state[S_GRID + cell] = BARRIER if roll < 25 else (MARKED if roll < 45 else EMPTY)
        grid = [state[S_GRID + cell] for cell in range(36)]
        player._prepare(game)
        player._costs(game, 0, BARRIER)
        threat = player._shortest_cells()
        costs = [None if (blocked >> (cell % 6)) & 1 and content != BARRIER else
                 (0 if content == BARRIER else (1 if content == EMPTY else 2)) for cell, content in enumerate(grid)]
        assert threat == _cheapest_path(costs), trial
        barrier_cells_here = 0
        for cell in range(36):
            if costs[cell] == 1:
                costs[cell] = 0
                assert bool(player.useful[cell]) == (_cheapest_path(costs) == threat - 1), (trial, cell)
                barrier_cells_here += player.useful[cell]
                costs[cell] = 1
            else:
                assert not player.useful[cell], (trial, cell)
        marks = [0 if content == MARKED else (1 if content == EMPTY else None) for content in grid]
        need = _cheapest_path(marks)
        barrier_cells += barrier_cells_here
        if threat == 0 or need == 0:
            continue  # the game would be over
        spread = -barrier_cells_here
        for cell in range(36):
            if marks[cell] == 1:
                marks[cell] = 0
                spread += _cheapest_path(marks) == need - 1
                marks[cell] = 1
        seen.append((need, threat, spread, player._evaluate(game, 0)))
    assert barrier_cells > 0
    tied = beaten = 0
    for need, threat, spread, score in seen:
        for other_need, other_threat, other_spread, other_score in seen:
            if threat == other_threat and need < other_need:
                assert score > other_score  # the spread never outweighs a cell of need
                beaten += 1
            elif threat == other_threat and need == other_need and spread > other_spread:
                assert score > other_score
                tied += 1
    assert tied > 0 and beaten > 0


def test_the_score_with_opponents_orders_equal_positions_by_the_cells_on_the_own_shortest_paths():
    """With opponents, among positions of the same score the one with more empty cells where one more mark would
    cut its need is better (more dice can cut it), and those cells never outweigh a term of the score: a cell of
    need, or a useful die in the pool. Each position is player 0's random grid against the same opponent's, in the
    draft with every die in the pool, so the score changes only with player 0's need, its finishing cells and the
    useful dice in the pool of each; all of them are counted here by marking cells on a copy."""
    rng = Prng(17)
    player = ai.Ai("normal", 1)
    opponent = [MARKED if cell % 6 == 0 and cell < 24 else EMPTY for cell in range(36)]  # 2 cells to go
    seen = []
    for trial in range(80):
        game = rules.Game("players=2", 3)
        state = game.state
        for die in range(6):
            state[S_VALUE + die] = 1 + rng.below(6)
        density = 15 + rng.below(40)
        for cell in range(36):
            state[S_GRID + cell] = MARKED if rng.below(100) < density else EMPTY
            state[S_GRID + 36 + cell] = opponent[cell]
        grid = [state[S_GRID + cell] for cell in range(36)]
        need = _cells_to_mark(grid)
        if need == 0:
            continue
        cutting = finishing = 0
        for cell in range(36):
            if grid[cell] == EMPTY:
                grid[cell] = MARKED
                cutting += _cells_to_mark(grid) == need - 1
                finishing += _cells_to_mark(grid) == 0
                grid[cell] = EMPTY
        pool_lead = 0
        for die in range(6):
            cell = (die % 6) * 6 + state[S_VALUE + die] - 1
            for sign, cells, cells_need in ((1, grid, need), (-1, opponent, 2)):
                if cells[cell] == EMPTY:
                    cells[cell] = MARKED
                    pool_lead += sign * (_cells_to_mark(cells) == cells_need - 1)
                    cells[cell] = EMPTY
        player._prepare(game)
        seen.append((need, finishing, pool_lead, cutting, player._evaluate(game, 0)))
    tied = beaten = 0
    for need, finishing, pool_lead, cutting, score in seen:
        for other_need, other_finishing, other_lead, other_cutting, other_score in seen:
            if (need, finishing, pool_lead) == (other_need, other_finishing, other_lead):
                if cutting > other_cutting:
                    assert score > other_score
                    tied += 1
            elif need <= other_need and finishing >= other_finishing and pool_lead >= other_lead:
                assert score > other_score  # the cells never outweigh a term of the score
                beaten += cutting < other_cutting
    assert tied > 0 and beaten > 0
