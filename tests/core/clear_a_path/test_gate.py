# SPDX-License-Identifier: MIT
"""Clear a Path's state gate: what ``Game.decode`` and the position parser refuse, and the reachable states they
must accept (portable: pytest and MicroPython run this module).

Each refusal is a case the product owner or ``tools.fuzz_states`` found: decode raises CorruptState, the text
parser NotationError naming the line and the field. Each accepted state goes through ``check_plays_on``.
"""

from core.clear_a_path import ai, notation, rules
from core.clear_a_path.rules import Game, S_GRID, S_RESULT, S_ROUND, S_VALUE, S_ZONE, STATE_SIZE
from core.errors import CorruptState, NotationError
from core.game import DRAW, LOSS, ONGOING, move_buffer
from core.notation import format_position, parse_position
from core.prng import Prng
from tests.core.clear_a_path.helpers import modules, play, position
from tests.core.portable import raises
from tests.core.soundness import check_plays_on

# one seeded solo game with the computer player ("normal") is the one heavy part
HEAP_KB = 160

DRAFT_2P = "round 3 phase draft turn 1 first 1 token 1 picks 0 blocked -"
ACTION_2P = "round 3 phase action turn 1 first 1 token 1 picks 6 blocked -"
SOLO_DRAFT = "round 2 phase draft turn 0 first 0 token 0 picks 0 blocked -"
SOLO_ACTION = "round 2 phase action turn 0 first 0 token 0 picks 3 blocked -"
POOL_6 = "red:1:pool blue:2:pool yellow:3:pool black:4:pool white:5:pool grey:6:pool"
HELD_2P = "red:1:p1 blue:2:p0 yellow:3:p1 black:4:p0 white:5:p1 grey:6:p0"  # player 1 drafted first
SOLO_HELD = "red:1:p0 blue:2:p0 yellow:3:p0 black:6:undrafted white:6:undrafted grey:6:undrafted"
WIN_COLUMN = " / ".join(["X....."] * 6)
BARRIER_COLUMN = " / ".join(["B....."] * 6)
EMPTY = " / ".join(["......"] * 6)


def dice_text(zones, values=None):
    """The dice line's items for ``zones`` (one word per die), values ``values`` or all 6."""
    return " ".join("{}:{}:{}".format(notation.die_name(d), values[d] if values else 6, zones[d])
                    for d in range(len(zones)))


def refused_text(*args, **kwargs):
    """The NotationError a position refuses with; it names a line and a field."""
    err = raises(NotationError, lambda: position(*args, **kwargs))
    assert err.line > 0 and err.field, err
    return err


def refused_bytes(game, *changes):
    """Write (state offset, value) pairs into ``game``'s encoding; decoding it must raise CorruptState."""
    data = bytearray(game.encode())
    base = len(data) - STATE_SIZE
    for offset, value in changes:
        data[base + offset] = value
    return raises(CorruptState, Game.decode, bytes(data))


def plays_on(game, seeds=(1, 2)):
    for seed in seeds:
        check_plays_on(rules, notation, game, seed)
    return game


# -- the round counter -------------------------------------------------------------------------------------------
def test_a_round_beyond_the_cap_is_refused_in_text_and_bytes():
    err = refused_text(2, DRAFT_2P.replace("round 3", "round 65535"), POOL_6)
    assert err.line == 4 and err.field == "round"
    refused_text(2, DRAFT_2P.replace("round 3", "round 201"), POOL_6)
    refused_text(2, DRAFT_2P.replace("round 3", "round 11"), POOL_6, config="roundcap=10")
    game = position(2, DRAFT_2P, POOL_6)
    refused_bytes(game, (S_ROUND, 0xFF), (S_ROUND + 1, 0xFF))
    refused_bytes(game, (S_ROUND, 201))
    # the cap itself is only the end of a game: a running game there would never finish its round
    assert refused_text(2, DRAFT_2P.replace("round 3", "round 200"), POOL_6).field == "position"
    refused_bytes(game, (S_ROUND, 200))


def test_the_last_round_below_the_cap_ends_in_a_draw_or_a_solo_loss():
    last_die = "round {} phase action turn 0 first 1 token 1 picks 6 blocked -"
    for config, cap in (("", 200), ("roundcap=1000", 1000)):  # 1000 rounds still fit the two-byte counter
        game = position(2, last_die.format(cap - 1), "red:1:p0 " + POOL_6.split(" ", 1)[1], config=config)
        play(game, "mark red")
        assert game.result() == DRAW and game.round_number() == cap
        plays_on(game)
    solo = position(1, SOLO_ACTION.replace("round 2", "round 199"), SOLO_HELD)
    play(solo, "done")
    assert solo.result() == LOSS and solo.round_number() == 200
    plays_on(solo)


# -- states with no legal move -----------------------------------------------------------------------------------
def test_a_draft_with_every_die_held_is_refused():
    refused_text(2, DRAFT_2P.replace("picks 0", "picks 6"), HELD_2P)
    game = position(2, DRAFT_2P, POOL_6)
    changes = [(rules.S_PICKS, 6)] + [(S_ZONE + d, 1 + (d + 1) % 2) for d in range(6)]
    refused_bytes(game, *changes)
    held_12 = dice_text(["p{}".format(d % 4) for d in range(12)])
    refused_text(4, "round 0 phase draft turn 0 first 0 token 0 picks 12 blocked -", held_12)


def test_a_solo_draft_with_every_die_undrafted_is_refused():
    refused_text(1, SOLO_DRAFT, dice_text(["undrafted"] * 6))
    game = position(1, SOLO_DRAFT, POOL_6)
    refused_bytes(game, *[(S_ZONE + d, rules.UNDRAFTED) for d in range(6)])
    # undrafted dice appear only when the draft is complete: three of them, with the picks
    refused_text(1, SOLO_DRAFT.replace("picks 0", "picks 2"),
                 "red:1:p0 blue:2:p0 yellow:3:undrafted black:6:pool white:6:pool grey:6:pool")
    refused_text(1, SOLO_ACTION, "red:1:p0 blue:2:p0 yellow:3:pool black:6:undrafted white:6:undrafted grey:6:pool")


def test_an_action_turn_without_a_held_die_is_refused():
    refused_text(1, SOLO_ACTION, "red:1:pool blue:2:pool yellow:3:pool black:6:undrafted white:6:undrafted "
                                 "grey:6:undrafted")
    refused_text(2, ACTION_2P, POOL_6)


# -- the rotation: held dice and the player to move ---------------------------------------------------------------
def test_held_dice_and_the_player_to_move_follow_the_rotation():
    plays_on(position(2, DRAFT_2P.replace("picks 0", "picks 3").replace("turn 1", "turn 0"),
                      "red:1:p1 blue:2:p0 yellow:3:p1 black:4:pool white:5:pool grey:6:pool"))
    # the same draft with the wrong drafter to move, or with the dice in the wrong hands
    refused_text(2, DRAFT_2P.replace("picks 0", "picks 3"),
                 "red:1:p1 blue:2:p0 yellow:3:p1 black:4:pool white:5:pool grey:6:pool")
    refused_text(2, DRAFT_2P.replace("picks 0", "picks 3").replace("turn 1", "turn 0"),
                 "red:1:p0 blue:2:p0 yellow:3:p1 black:4:pool white:5:pool grey:6:pool")
    # the draft starts with the token holder (CAP-A9)
    refused_text(2, DRAFT_2P.replace("token 1", "token 0"), POOL_6)
    # a player holding 4 dice would also overflow the legal-move buffer's bound
    refused_text(2, ACTION_2P, "red:1:p1 blue:2:p1 yellow:3:p1 black:4:p1 white:5:p0 grey:6:p0")
    refused_text(2, ACTION_2P.replace("turn 1", "turn 0"), HELD_2P)
    plays_on(position(2, ACTION_2P, HELD_2P))


def test_blocked_columns_need_dice_used_to_block_them():
    refused_text(2, DRAFT_2P.replace("blocked -", "blocked 4"), POOL_6)  # blocks come after the draft
    refused_text(2, ACTION_2P.replace("blocked -", "blocked 4"), HELD_2P)  # nobody has used a die yet
    after_one = "red:1:p1 blue:2:p0 yellow:3:p1 black:4:p0 white:4:pool grey:6:p0"  # player 1's white 4 blocked
    plays_on(position(2, ACTION_2P.replace("turn 1", "turn 0").replace("blocked -", "blocked 4"), after_one))
    # column 2 can only have been blocked by the black die showing 2, and it is still held
    refused_text(2, ACTION_2P.replace("turn 1", "turn 0").replace("blocked -", "blocked 2"), after_one)
    refused_text(2, ACTION_2P.replace("turn 1", "turn 0").replace("blocked -", "blocked 4,5"), after_one)


# -- results that contradict the grids ------------------------------------------------------------------------------
def test_a_running_game_whose_grid_holds_a_path_is_refused():
    refused_text(2, ACTION_2P, HELD_2P, {0: WIN_COLUMN})
    refused_text(2, DRAFT_2P, POOL_6, {1: WIN_COLUMN.replace("X.....", ".....X")})
    refused_text(1, SOLO_ACTION, SOLO_HELD, {0: WIN_COLUMN.replace("X.....", ".X....")})
    refused_text(1, SOLO_DRAFT, POOL_6, {0: BARRIER_COLUMN})
    game = position(2, DRAFT_2P, POOL_6)
    refused_bytes(game, *[(S_GRID + 36 + row * 6, 1) for row in range(6)])


def test_a_finished_game_needs_the_path_its_result_claims():
    over = "round 3 phase over turn 1 first 1 token 1 picks 6 blocked -"
    last_mark = "red:1:p1 blue:2:p0 yellow:3:p1 black:4:p0 white:1:pool grey:6:p0"  # player 1 marked white 1
    refused_text(2, over, last_mark, result="1")  # empty grids
    refused_text(2, over, last_mark, result="0", grids={1: WIN_COLUMN})  # the path is player 1's
    plays_on(position(2, over, last_mark, result="1", grids={1: WIN_COLUMN}))
    # the winner made the last move: player 0 cannot have won on player 1's turn
    refused_text(2, over, last_mark, result="0", grids={0: WIN_COLUMN})
    solo_over = SOLO_ACTION.replace("action", "over")
    refused_text(1, solo_over, SOLO_HELD, result="0")  # a solo win without a path of marks
    refused_text(1, solo_over, SOLO_HELD, result="loss")  # a loss below the cap without a barrier path
    plays_on(position(1, solo_over, SOLO_HELD, {0: BARRIER_COLUMN}, result="loss"))
    plays_on(position(1, solo_over, SOLO_HELD.replace("red:1:p0", "red:1:pool"), {0: WIN_COLUMN}, result="0"))
    game = position(2, over, last_mark, result="1", grids={1: WIN_COLUMN})
    refused_bytes(game, (S_RESULT, 1))  # the byte says player 0


def test_no_game_ends_with_two_paths():
    # multiplayer wins are immediate and moves are sequential (CAP-A14)
    over = "round 3 phase over turn 1 first 1 token 1 picks 6 blocked -"
    last_mark = "red:1:p1 blue:2:p0 yellow:3:p1 black:4:p0 white:1:pool grey:6:p0"
    refused_text(2, over, last_mark, result="1", grids={0: WIN_COLUMN, 1: WIN_COLUMN})
    # solo barriers come first and a barrier path ends the round before any mark (CAP-A27)
    both = "B....X / B....X / B....X / B....X / B....X / B....X"
    refused_text(1, SOLO_ACTION.replace("action", "over"), SOLO_HELD, {0: both}, result="loss")
    refused_text(1, SOLO_ACTION.replace("action", "over"), SOLO_HELD, {0: both}, result="0")


def test_draws_and_losses_come_only_as_the_rules_end_a_game():
    over = "round {} phase over turn 0 first 1 token 1 picks 6 blocked -"
    refused_text(2, over.format(3), POOL_6, result="draw")  # a draw only at the round cap
    plays_on(position(2, over.format(200), POOL_6, result="draw"))
    refused_text(2, over.format(200), POOL_6, result="loss")  # nobody loses a multiplayer game
    refused_text(2, over.format(200), POOL_6, result="0", grids={0: WIN_COLUMN})  # the cap came first
    # the cap ends a round: no die is left to play
    refused_text(2, over.format(200).replace("turn 0", "turn 1"), "red:1:p0 " + POOL_6.split(" ", 1)[1],
                 result="draw")
    solo_cap = "round 200 phase over turn 0 first 0 token 0 picks 3 blocked -"
    pooled = "red:1:pool blue:2:pool yellow:3:pool black:6:undrafted white:6:undrafted grey:6:undrafted"
    plays_on(position(1, solo_cap, pooled, result="loss"))
    refused_text(1, solo_cap, pooled, result="draw")  # a solo game is won or lost
    refused_text(1, solo_cap, pooled, {0: BARRIER_COLUMN}, result="loss")  # the barrier path came first
    game = position(1, solo_cap, pooled, result="loss")
    refused_bytes(game, (S_RESULT, rules.RESULT_DRAW))
    refused_bytes(position(2, over.format(200), POOL_6, result="draw"), (S_RESULT, rules.RESULT_LOSS))


def test_a_solo_game_over_before_its_first_round_is_a_setup_loss():
    setup = "round 0 phase over turn 0 first 0 token 0 picks 0 blocked -"
    ones = dice_text(["pool"] * 6, [1] * 6)
    plays_on(position(1, setup, ones, {0: BARRIER_COLUMN}, result="loss"))
    game = Game("players=1", 3512)  # the first seed whose setup is a barrier path (CAP-A16, 1 in 7776)
    assert game.result() == LOSS
    plays_on(game)
    refused_text(1, setup, ones, {0: BARRIER_COLUMN}, result="loss", config="rerolllosingsetup=1")
    refused_text(1, setup, ones, {0: BARRIER_COLUMN.replace("B.....", "BX....", 1)}, result="loss")
    refused_text(1, setup, ones, {0: BARRIER_COLUMN.replace("B.....", "BB....", 1)}, result="loss")
    refused_text(1, setup, ones.replace("red:1", "red:2"), {0: BARRIER_COLUMN}, result="loss")
    refused_text(1, setup.replace("round 0", "round 1"), ones, {0: BARRIER_COLUMN}, result="loss")


# -- bytes that no rule writes --------------------------------------------------------------------------------------
def test_bytes_no_rule_writes_must_hold_the_engines_values():
    for players in (1, 2, 3):
        game = Game("players={}".format(players), 4)
        Game.decode(game.encode())
        for offset in range(S_ROUND + 2, S_VALUE):  # spare bytes
            refused_bytes(game, (offset, 1))
        for die in range(6, 12):  # the second set, absent with one set: value 1, zone absent
            refused_bytes(game, (S_VALUE + die, 2))
            refused_bytes(game, (S_ZONE + die, rules.POOL))
        for player in range(players, 6):  # grids of absent players
            refused_bytes(game, (S_GRID + player * 36 + 7, 1))
    game = Game("players=6", 4)
    refused_bytes(game, (S_ROUND + 2, 255))


# -- reachable states round-trip and play on ------------------------------------------------------------------------
def _finish(config, seed, level=None):
    game = Game(config, seed)
    buf = move_buffer(Game.MAX_MOVES)
    chooser = Prng(seed)
    player = ai.Ai(level, seed) if level else None
    while game.result() == ONGOING:
        if player:
            game.apply_legal(player.choose(game))
        else:
            game.apply_legal(buf[chooser.below(game.legal_moves(buf))])
    return game


def test_finished_seeded_games_round_trip():
    # (config, seed, computer level or None for random moves, result): a solo win and loss, multiplayer
    # wins, and games the round cap ends
    cases = (("players=1", 6, "normal", 0), ("players=1", 0, None, LOSS), ("players=2", 1, None, 0),
             ("players=6", 2, None, 4), ("players=3 roundcap=2", 0, None, DRAW),
             ("players=1 roundcap=2", 0, None, LOSS))
    for config, seed, level, result in cases:
        game = _finish(config, seed, level)
        assert game.result() == result, (config, seed, game.result())
        assert (game.round_number() == 2) == ("roundcap=2" in config)
        text = format_position(game, notation)
        assert parse_position(text, modules).encode() == game.encode()
        assert Game.decode(game.encode()).encode() == game.encode()
        plays_on(game, (seed,))


def test_denser_starts_play_on():
    # marks everywhere but one diagonal: no path yet (each half touches two adjacent sides only)
    upper = " / ".join("".join("X" if c != r else "." for c in range(6)) for r in range(6))
    lower = " / ".join("".join("X" if c != 5 - r else "." for c in range(6)) for r in range(6))
    plays_on(position(2, DRAFT_2P, POOL_6, {0: upper, 1: lower}), (1, 2, 3))
    plays_on(position(2, ACTION_2P, HELD_2P, {0: upper, 1: lower}), (1, 2, 3))
    # solo: barriers above the diagonal, marks below; and a full checkerboard of both (CAP-A28)
    split = " / ".join("".join("B" if c > r else "X" if c < r else "." for c in range(6)) for r in range(6))
    checker = " / ".join("".join("BX"[(r + c) % 2] for c in range(6)) for r in range(6))
    for grid in (split, checker):
        plays_on(position(1, SOLO_DRAFT, POOL_6, {0: grid}), (1, 2, 3))
        plays_on(position(1, SOLO_ACTION, SOLO_HELD, {0: grid}), (1, 2, 3))
        plays_on(position(1, SOLO_ACTION, SOLO_HELD, {0: grid}, config="cascadeoverwritesmark=1 blockonlyplacement=1"))
    # six players with both sets, mid-draft (player 2 began: five picks, player 1 next) and acting
    grids = {p: (upper, lower, EMPTY)[p % 3] for p in range(6)}
    zones = ["pool"] * 12
    for pick in range(5):
        zones[pick * 2] = "p{}".format((2 + pick) % 6)
    plays_on(position(6, "round 30 phase draft turn 1 first 2 token 2 picks 5 blocked -", dice_text(zones), grids))
    zones = ["p{}".format(d % 6) for d in range(12)]
    plays_on(position(6, "round 30 phase action turn 2 first 2 token 0 picks 12 blocked -", dice_text(zones), grids))
    # five players drafting all 12 dice: the first two drafters hold three
    zones = ["p{}".format(d % 5) for d in range(12)]
    plays_on(position(5, "round 9 phase action turn 0 first 0 token 3 picks 12 blocked -", dice_text(zones), grids,
                      config="unevendraft=1"))
