# SPDX-License-Identifier: MIT
"""The state gate's contract, checked on one game (portable: runs under MicroPython too).

A state that ``Game.decode`` or the position parser accepts must play on without error. ``check_plays_on`` asks
everything of it that the firmware and the console would: the legal moves (at least one while the game runs,
none after), each listed move applied to a copy and the result validated, the move texts, ``view`` and its
position text for every seat, the binary and text round trips, and a short seeded random playout with
``validate()`` after every move. Any exception other than an AssertionError is a crash the gate let through.

``tools.fuzz_states`` and the engines' gate tests call it on mutated encodings and mutated position texts.
"""

from core.game import move_buffer, ONGOING, NOBODY
from core.notation import format_position, parse_position
from core.prng import Prng


def check_plays_on(rules, notation, game, seed=1, playout_steps=25, move_sample=48, buf=None):
    """Raise AssertionError (or the crash itself) unless ``game`` is a state that plays on soundly. ``buf``, a
    legal-move buffer to reuse, spares a small heap the allocation of one per call."""
    names = lambda name: (rules, notation) if name == rules.Game.NAME else None
    buf = buf or move_buffer(rules.Game.MAX_MOVES)
    scratch = rules.Game(game.config, 0)
    chooser = Prng(seed)
    game.validate()
    encoded = game.encode()
    assert rules.Game.decode(encoded).encode() == encoded, "encode/decode round trip"
    text = format_position(game, notation)
    assert parse_position(text, names).encode() == encoded, "position text round trip:\n" + text
    for seat in range(game.player_count()):
        game.view(seat, scratch)
        format_position(scratch, notation)
    assert game.encode() == encoded, "view changed the game"
    count = game.legal_moves(buf)
    _check_list(game, buf, count)
    # every listed move when few, else an even sample: each applies, validates and round-trips as text
    stride = 1 if count <= move_sample else count // move_sample + 1
    for i in range(0, count, stride):
        move = buf[i]
        assert notation.parse_move(game, notation.format_move(game, move)) == move, "move text round trip"
        scratch.copy_from(game)
        scratch.apply_legal(move)
        scratch.validate()
        scratch.legal_moves(buf)
        game.legal_moves(buf)
    game = game.clone()
    for _ in range(playout_steps):
        count = game.legal_moves(buf)
        _check_list(game, buf, count)
        if not count:
            break
        move = buf[chooser.below(count)]
        notation.format_move(game, move)
        game.apply_legal(move)
        game.validate()
    encoded = game.encode()
    assert rules.Game.decode(encoded).encode() == encoded, "encode/decode round trip after the playout"


def _check_list(game, buf, count):
    if game.result() == ONGOING:
        assert count > 0, "a running game with no legal move"
        assert game.current_player() != NOBODY, "a running game with nobody to move"
    else:
        assert count == 0, "legal moves after the end"
        assert game.current_player() == NOBODY, "a player to move after the end"
    for i in range(1, count):
        assert buf[i - 1] < buf[i], "legal moves not strictly ascending"
