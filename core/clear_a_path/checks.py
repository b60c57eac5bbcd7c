# SPDX-License-Identifier: MIT
"""Clear a Path: why a move is refused, and the state's invariants.

Kept apart from the rules so the device loads them only when a move is refused or a saved state is checked.
"""

from core.errors import CorruptState
from core.clear_a_path.board import (
    ABSENT, BARRIER, BLACK, BLUE, DISCARD, DONE, DRAFT, MARK, MARKED, MAX_DICE, PHASE_ACTION, PHASE_DRAFT, PHASE_OVER,
    POOL, RED, RESULT_DRAW, RESULT_LOSS, UNDRAFTED, WHITE, YELLOW, GREY, S_BLOCKED, S_GRID, S_PHASE, S_PICKS,
    S_RESULT, S_ROUND, S_ROUND_FIRST, S_TO_MOVE, S_TOKEN, S_VALUE, S_ZONE, move_action, move_die, move_kind,
    move_target,
)

def reason(game, move):
    s = game.state
    kind = move_kind(move)
    die = move_die(move)
    action = move_action(move)
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
    if action in (BLUE, WHITE, GREY) and move_target(move) == die:
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

def _dealt(offset, start, end, players):
    """How many of the turns start .. end - 1 of a straight rotation fall to the player ``offset`` seats from
    the first: the draft hands die j to offset j % N, and the action turns follow the same order (CAP-A3, A4)."""
    return (end - offset + players - 1) // players - (start - offset + players - 1) // players


def _bits(mask):
    count = 0
    while mask:
        count += mask & 1
        mask >>= 1
    return count


def validate(game):
    """Refuse a state the rules cannot reach: every check is an invariant that every move keeps.

    A state that passes plays on: the mover has a legal move, the round counter stays in its two bytes, and the
    result agrees with the grids. Bytes no rule writes (spare bytes, the absent second set, absent players' grids)
    must hold the engine's fixed values, so a state has one encoding and round-trips through its text.
    """
    s = game.state
    players = game.players
    solo = game.solo
    phase = s[S_PHASE]
    if phase > PHASE_OVER:
        raise CorruptState("unknown phase")
    for at in range(S_ROUND + 2, S_VALUE):
        if s[at]:
            raise CorruptState("unused state bytes are not zero")
    if s[S_TO_MOVE] >= players or s[S_ROUND_FIRST] >= players or s[S_TOKEN] >= players:
        raise CorruptState("player index out of range")
    rounds = game.round_number()
    if rounds > game.round_cap:
        raise CorruptState("more rounds than the round cap allows")
    held = 0
    undrafted = 0
    black_used = 0  # black dice back in the pool: only they block a column other than 4
    all_ones = True
    for die in range(MAX_DICE):
        z = s[S_ZONE + die]
        value = s[S_VALUE + die]
        if die >= game.dice:
            if z != ABSENT or value != 1:
                raise CorruptState("a die of a set not in play")
            continue
        if not 1 <= value <= 6:
            raise CorruptState("die value out of 1..6")
        if value != 1:
            all_ones = False
        if z == POOL:
            if die % 6 == BLACK:
                black_used += 1
        elif z <= players:
            held += 1
        elif z == UNDRAFTED and solo:
            undrafted += 1
        else:
            raise CorruptState("die zone out of range")
    for player in range(6):
        for cell in range(36):
            v = s[S_GRID + player * 36 + cell]
            if v > BARRIER or (v == BARRIER and not solo) or (v and player >= players):
                raise CorruptState("grid cell out of range")
    r = s[S_RESULT]
    if (r != 0) != (phase == PHASE_OVER):
        raise CorruptState("result and phase disagree")
    if r and not ((r == RESULT_LOSS and solo) or (r == RESULT_DRAW and not solo) or r <= players):
        raise CorruptState("result out of range")
    picks = s[S_PICKS]
    blocked = s[S_BLOCKED]
    if blocked > 63:
        raise CorruptState("blocked columns out of range")
    first = s[S_ROUND_FIRST]
    if phase == PHASE_DRAFT:
        if picks >= game.picks_per_round or held != picks or undrafted or blocked:
            raise CorruptState("the draft's picks, held dice and blocks disagree")
        if not solo and first != s[S_TOKEN]:
            raise CorruptState("the draft does not start with the token holder")
        start = 0
        end = picks
        turn = picks
    elif solo and phase == PHASE_OVER and picks == 0:
        _setup_loss(game, rounds, held, all_ones, blocked)
        return
    else:
        if picks != game.picks_per_round:
            raise CorruptState("the draft is not complete")
        if solo:
            if undrafted != 3 or (phase == PHASE_ACTION and not held):
                raise CorruptState("the solo round needs 3 undrafted dice and a held die to act")
            start = 3 - held
        else:
            start = game.picks_per_round - held
            if start < 0 or (phase == PHASE_ACTION and not held):
                raise CorruptState("the player to act holds no die")
            if phase == PHASE_OVER and not start:
                raise CorruptState("a game over before anyone used a die")
        if _bits(blocked) > start or _bits(blocked & ~8) > black_used:
            raise CorruptState("more blocked columns than dice used to block them")
        end = game.picks_per_round
        turn = start if phase == PHASE_ACTION else start - 1  # over: the last die was used by the mover
    if not solo:
        if s[S_TO_MOVE] != (first + turn) % players:
            raise CorruptState("the player to move is not next in the rotation")
        for player in range(players):
            count = 0
            for die in range(game.dice):
                if s[S_ZONE + die] == player + 1:
                    count += 1
            if count != _dealt((player - first) % players, start, end, players):
                raise CorruptState("a player holds more or fewer dice than the rotation gives")
    _check_result(game, r, rounds, held)


def _check_result(game, r, rounds, held):
    """The result agrees with the grids and the round counter (CAP-A14, A27, A28; the engine's round cap)."""
    capped = rounds == game.round_cap
    if r == 0:
        if capped:
            raise CorruptState("a running game at the round cap")
        winner = -1
    elif r == RESULT_DRAW or (r == RESULT_LOSS and capped):
        if not capped:
            raise CorruptState("a draw comes only at the round cap")
        if held:
            raise CorruptState("the round cap ends a round with no die held")
        winner = -1
    elif capped:
        raise CorruptState("a game that ended at the round cap is a {}".format("loss" if game.solo else "draw"))
    else:
        winner = r - 1  # a solo loss (r = 254) names nobody; the barrier path is checked below
    if game.solo:
        barriers = game._path(0, BARRIER)
        if barriers != (r == RESULT_LOSS and not capped):
            raise CorruptState("a barrier path and the result disagree")
        if game._path(0, MARKED) != (winner == 0):
            raise CorruptState("a path of marks and the result disagree")
        return
    if winner >= 0 and game.state[S_TO_MOVE] != winner:
        raise CorruptState("the winner did not make the last move")
    for player in range(game.players):
        if game._path(player, MARKED) != (player == winner):
            raise CorruptState("a path of marks and the result disagree")


def _setup_loss(game, rounds, held, all_ones, blocked):
    """A solo setup that is already a barrier path (CAP-A16): one barrier a row, the dice as the setup left them."""
    s = game.state
    if s[S_RESULT] != RESULT_LOSS or rounds or held or not all_ones or blocked or game.reroll_losing_setup:
        raise CorruptState("a solo game over before its first round is a setup loss")
    for row in range(6):
        count = 0
        for col in range(6):
            v = s[S_GRID + row * 6 + col]
            if v == MARKED:
                raise CorruptState("a solo setup has no mark")
            if v == BARRIER:
                count += 1
        if count != 1:
            raise CorruptState("a solo setup has one barrier a row and no mark")
    if not game._path(0, BARRIER):
        raise CorruptState("a setup loss needs a barrier path")
