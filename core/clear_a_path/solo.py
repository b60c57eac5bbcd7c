# SPDX-License-Identifier: MIT
"""Clear a Path's solo game: setup barriers, solo actions, and the end of a round (barriers, cascades, marks).

Functions of the game, kept apart from the multiplayer rules so that neither module is large to load.
"""

from core.clear_a_path.board import (
    BARRIER, BLACK, BLUE, EMPTY, MARKED, PHASE_OVER, POOL, RED, RESULT_LOSS, S_BLOCKED, S_GRID, S_PHASE, S_RESULT,
    S_VALUE, S_ZONE, UNDRAFTED, WHITE, YELLOW, ACTION, make_move,
)
from core.game import sort_moves


def setup(game):
    """One barrier per die's cell; a setup that is already a barrier path loses (CAP-A16) unless re-rolled."""
    s = game.state
    while True:
        for cell in range(36):
            s[S_GRID + cell] = EMPTY
        for die in range(6):
            s[S_GRID + die * 6 + game._roll() - 1] = BARRIER
        if not game._path(0, BARRIER):
            return
        if not game.reroll_losing_setup:
            s[S_RESULT] = RESULT_LOSS
            s[S_PHASE] = PHASE_OVER
            return


def actions(game, buf):
    s = game.state
    count = 0
    for die in range(6):
        if s[S_ZONE + die] != 1:
            continue
        value = s[S_VALUE + die]
        count = _action(game, buf, count, die, die)
        if value - 1 != die:
            count = _action(game, buf, count, die, value - 1)
    sort_moves(buf, count)
    return count


def _action(game, buf, count, die, action):
    s = game.state
    if action == BLACK:  # column v: no marks and no barriers this round (CAP-A22, CAP-A23)
        buf[count] = make_move(ACTION, BLACK, die, 0)
        return count + 1
    if action == YELLOW:  # erase one barrier in column v = this die's value (CAP-A24, CAP-C2)
        col = s[S_VALUE + die] - 1
        for row in range(6):
            if s[S_GRID + row * 6 + col] == BARRIER:
                buf[count] = make_move(ACTION, YELLOW, die, row)
                count += 1
        return count
    for target in range(6):
        if target == die:
            continue
        z = s[S_ZONE + target]
        if action == RED:
            ok = z == UNDRAFTED  # CAP-A25: red re-rolls undrafted dice only
        elif z != 1:
            ok = False  # the others act on drafted dice still held
        elif action == BLUE:
            ok = s[S_VALUE + target] <= 5
        elif action == WHITE:
            ok = s[S_VALUE + target] >= 2
        else:
            ok = True
        if ok:
            buf[count] = make_move(ACTION, action, die, target)
            count += 1
    return count


def resolve(game):
    """Barriers from the undrafted dice in row order, then marks (CAP-A17, A18, A27)."""
    s = game.state
    for die in range(6):  # canonical order red -> grey (CAP-A18)
        if s[S_ZONE + die] == UNDRAFTED:
            _place_barrier(game, die, s[S_VALUE + die] - 1)
            if game._path(0, BARRIER):  # a loss, before any mark is placed (CAP-A27)
                s[S_RESULT] = RESULT_LOSS
                s[S_PHASE] = PHASE_OVER
                return
    for die in range(6):
        if s[S_ZONE + die] == 1:
            s[S_ZONE + die] = POOL
            col = s[S_VALUE + die] - 1
            cell = S_GRID + die * 6 + col
            if s[cell] == EMPTY and not (s[S_BLOCKED] >> col) & 1:  # CAP-A26: else no effect
                s[cell] = MARKED
                if game._path(0, MARKED):
                    s[S_RESULT] = 1
                    s[S_PHASE] = PHASE_OVER
                    return
    game._end_round()


def _place_barrier(game, row, col):
    s = game.state
    blocked = s[S_BLOCKED]
    if (blocked >> col) & 1 and not game.block_only_placement:
        return  # CAP-A23: the die is ignored entirely
    cell = S_GRID + row * 6 + col
    content = s[cell]
    if content != BARRIER:
        if (blocked >> col) & 1:
            return  # blockonlyplacement: nothing is placed or erased in a blocked column
        s[cell] = EMPTY if content == MARKED else BARRIER  # a mark is erased, no barrier
        return
    # cascade: the original cell's neighbours up, right, down, left (CAP-A19, CAP-A20)
    for step in range(4):
        r = row
        c = col
        if step == 0:
            r -= 1
        elif step == 1:
            c += 1
        elif step == 2:
            r += 1
        else:
            c -= 1
        if r < 0 or r > 5 or c < 0 or c > 5 or (blocked >> c) & 1:
            continue
        target = S_GRID + r * 6 + c
        if s[target] == BARRIER:
            continue
        if s[target] == MARKED and not game.cascade_overwrites:
            s[target] = EMPTY  # CAP-A21: erase the mark, no barrier
        else:
            s[target] = BARRIER
        return
