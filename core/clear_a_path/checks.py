# SPDX-License-Identifier: MIT
"""Clear a Path: why a move is refused, and the state's invariants.

Kept apart from the rules so the device loads them only when a move is refused or a saved state is checked.
"""

from core.errors import CorruptState
from core.clear_a_path.rules import (
    ABSENT, BARRIER, BLUE, DISCARD, DONE, DRAFT, MARK, MAX_DICE, PHASE_ACTION, PHASE_DRAFT, PHASE_OVER, RED, RESULT_DRAW,
    RESULT_LOSS, UNDRAFTED, WHITE, YELLOW, GREY, S_BLOCKED, S_GRID, S_PHASE, S_PICKS, S_RESULT, S_ROUND_FIRST, S_TO_MOVE, S_TOKEN, S_VALUE,
    S_ZONE,
)

def reason(game, move):
    s = game.state
    kind = move >> 12
    die = (move >> 4) & 15
    action = (move >> 8) & 15
    if move < 0 or kind > DONE or die >= game.dice:
        return "not a Clear a Path move"
    phase = s[S_PHASE]
    if phase == PHASE_DRAFT:
        if kind != DRAFT:
            return "the dice are being drafted: draft a die from the pool"
        return "that die is not in the pool"
    if kind == DRAFT:
        return "the draft is over"
    if kind == DONE:
        return "only the solo game ends its actions with 'done'"
    player = s[S_TO_MOVE]
    if s[S_ZONE + die] != player + 1:
        return "you do not hold that die"
    if kind == MARK:
        if game.solo:
            return "in the solo game drafted dice mark at the end of the round"
        col = s[S_VALUE + die] - 1
        if (s[S_BLOCKED] >> col) & 1:
            return "column {} is blocked this round".format(col + 1)
        return "that cell is already marked"
    if kind == DISCARD:
        return "a die may be discarded only when none of your dice has a legal use"
    if action != die % 6 and action != s[S_VALUE + die] - 1:
        return "this die triggers only its colour's and its value's actions"
    if action in (BLUE, WHITE, GREY) and move & 15 == die:
        return "a die cannot target itself"
    if action == BLUE:
        return "+1 needs another die you hold showing 5 or less"
    if action == WHITE:
        return "-1 needs another die you hold showing 2 or more"
    if action == RED:
        return "re-roll needs an undrafted die" if game.solo else "re-roll needs a die an opponent holds"
    if action == YELLOW and game.solo:
        return "there is no barrier at that row of column {}".format(s[S_VALUE + die])
    return "that target is not allowed"

def validate(game):
    s = game.state
    if s[S_PHASE] > PHASE_OVER:
        raise CorruptState("unknown phase")
    for p in (S_TO_MOVE, S_ROUND_FIRST, S_TOKEN):
        if s[p] >= game.players:
            raise CorruptState("player index out of range")
    held = 0
    for die in range(MAX_DICE):
        z = s[S_ZONE + die]
        if die >= game.dice:
            if z != ABSENT:
                raise CorruptState("a die of a set not in play")
            continue
        if not 1 <= s[S_VALUE + die] <= 6:
            raise CorruptState("die value out of 1..6")
        if z == ABSENT or (z > game.players and z != UNDRAFTED) or (z == UNDRAFTED and not game.solo):
            raise CorruptState("die zone out of range")
        if 1 <= z <= 6:
            held += 1
    if s[S_PHASE] == PHASE_DRAFT and held != s[S_PICKS]:
        raise CorruptState("held dice do not match the picks made")
    if s[S_PICKS] > game.picks_per_round or s[S_BLOCKED] > 63:
        raise CorruptState("draft or blocked columns out of range")
    if s[S_PHASE] == PHASE_ACTION and not game.solo:
        mover = s[S_TO_MOVE] + 1
        if not [die for die in range(game.dice) if s[S_ZONE + die] == mover]:
            raise CorruptState("the player to act holds no die")
    for player in range(6):
        for cell in range(36):
            v = s[S_GRID + player * 36 + cell]
            if v > BARRIER or (v == BARRIER and not game.solo) or (v and player >= game.players):
                raise CorruptState("grid cell out of range")
    r = s[S_RESULT]
    if r and r not in (RESULT_LOSS, RESULT_DRAW) and r > game.players:
        raise CorruptState("winner out of range")
    if (r != 0) != (s[S_PHASE] == PHASE_OVER):
        raise CorruptState("result and phase disagree")
