# SPDX-License-Identifier: MIT
"""Pave the Way through the simulated board: whole games with human and computer sides, and secret guard
placement (PTW-A32) with a hand-over between two humans and nothing of the other side's guards on screen or LEDs."""

import pytest

from core import games
from core.pave_the_way import notation, rules
from core.pave_the_way.ai import Ai
from firmware.app import App
from firmware.leds import LedGrid
from firmware.views.pave_the_way import LED_LAST, LED_ROAD, LED_SIDES
from sim import script
from sim.board import make_profile

RECORDS = {record.name: record for record in games.GAMES}  # before any test narrows the registry

PLAYING, HANDOVER, RECAP = 0, 1, 6


@pytest.fixture(autouse=True)
def only_pave_the_way(monkeypatch):
    monkeypatch.setattr(games, "GAMES", (RECORDS["pave-the-way"],))


def boot(tmp_path, seed=5):
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=seed)
    app = App(profile)
    app.start()
    return app, script.Runner(app, profile)


def run(runner, text):
    runner.run(script.parse(text))


def start(runner, humans):
    """New game from the title; the sides in ``humans`` human, the other the computer. The setup screen has
    no player count for Pave the Way: its rows start with the two sides."""
    text = "press A\npress A\npress A\n"
    # the seats cycle Human, easy, normal, hard: two steps from Human to normal, or from normal to Human
    if 0 not in humans:
        text += "press LEFT 2\n"
    if 1 in humans:
        text += "press DOWN\npress RIGHT 2\npress UP\n"
    run(runner, text + "press UP\npress A\n")


def act(runner, app, player=None):
    """One step of the game as a player would take it: pass a hand-over with A; on a human's turn enter a move with
    the keys the view gives for it (``player``'s choice, else the first legal move); else let the computer play."""
    screen = app.screen
    if screen.mode == HANDOVER:
        run(runner, "press A\n")
        return
    game = screen.session.game
    if screen.mode != PLAYING or game.is_over():
        run(runner, "wait 100\n")
        return
    if player is not None:
        move = player.choose(game)
    else:
        move = screen.view.legal_moves()[0]
    run(runner, "".join("press {}\n".format(key) for key in screen.view.keys_for(move)))


def south_in_play(tmp_path):
    """South (human) against the computer, at South's first turn of play."""
    app, runner = boot(tmp_path)
    start(runner, (0,))
    screen = app.screen
    for _ in range(100):
        if screen.mode == PLAYING and screen.session.game.phase() == rules.PH_PLAY:
            break
        act(runner, app)
    return app, runner, screen


def check_leds(app):
    board = LedGrid(None, None, 0)
    app.screen.view.draw_leds(board)
    assert app.grid.frame == board.frame


@pytest.mark.parametrize("humans", [(0,), (1,)])
def test_whole_games_against_the_computer_through_the_board_view(tmp_path, humans):
    app, runner = boot(tmp_path)
    start(runner, humans)
    session = app.screen.session
    assert type(app.screen.view).__module__.endswith("pave_the_way")
    assert [seat == 0 for seat in session.seats] == [p in humans for p in range(2)]
    game = session.game
    player = Ai("easy", 3)
    for _ in range(4000):
        if game.is_over():
            break
        act(runner, app, player)
        if app.screen.mode == PLAYING:
            check_leds(app)
    assert game.is_over() and app.screen.mode == 3
    assert app.screen.status.text in ("South wins!", "North wins!", "Draw.")
    road = app.screen.view.road  # the winning road, framed in gold (issue 25: draw the winning road)
    winner = game.result()
    if winner < 0:
        assert not any(road)
        return
    ranks = {sq >> 3 for sq in range(64) if road[sq]}
    assert {0, 7} <= ranks and all(game.side_on(sq) == winner for sq in range(64) if road[sq])
    grid = LedGrid(None, None, 0)
    app.screen.view.draw_leds(grid)
    assert all(grid.frame[(7 - (sq >> 3)) * 8 + (sq & 7)] == LED_ROAD for sq in range(64) if road[sq])


def test_secret_placement_hands_over_and_hides_the_other_sides_guards(tmp_path):
    app, runner = boot(tmp_path)
    start(runner, (0, 1))
    screen = app.screen
    game = screen.session.game
    for _ in range(200):
        if game.phase() == rules.PH_PLACE:
            break
        act(runner, app)
    assert game.phase() == rules.PH_PLACE
    if screen.mode == HANDOVER:
        run(runner, "press A\n")
    first = game.current_player()
    while game.current_player() == first and game.phase() == rules.PH_PLACE:
        act(runner, app)
    assert game.phase() == rules.PH_PLACE and screen.mode == HANDOVER  # pass the device before placing
    assert screen.view.group.hidden
    run(runner, "press A\n")
    second = game.current_player()
    shown = screen.view.shown.state
    for sq in range(64):
        assert shown[rules.S_OWN + sq] != first + 1 or shown[rules.S_NR + sq], "a hidden guard is drawn"
    # the first side has only guards on the board at setup: none of its colours may light
    assert not set(app.grid.frame) & set(LED_SIDES[first])
    while game.phase() == rules.PH_PLACE:
        act(runner, app)
    # both placed: every guard shows
    assert sum(screen.view.shown.state[rules.S_NG + sq] for sq in range(64)) == 12
    assert second != first


def contents(state):
    return [(state[rules.S_OWN + sq], state[rules.S_NG + sq], state[rules.S_NR + sq], state[rules.S_BASE + sq])
            for sq in range(64)]


def test_the_last_move_is_marked_on_screen_and_blinks_on_the_grid(tmp_path):
    app, runner = boot(tmp_path)
    start(runner, (0,))
    game = app.screen.session.game
    for _ in range(100):
        if game.phase() == rules.PH_PLAY and game.current_player() == 0 and app.screen.mode == PLAYING:
            break
        act(runner, app)
    view = app.screen.view
    before = contents(game.state)
    guard = [m for m in view.legal_moves()[:view.count] if rules.move_kind(m) == rules.GUARD][0]
    run(runner, "".join("press {}\n".format(key) for key in view.keys_for(guard)))  # a guard stack's move
    assert game.current_player() == 0 and game.state[rules.S_GMOVES] == 1
    changed = [sq for sq, now in enumerate(contents(game.state)) if now != before[sq]]
    assert len(changed) >= 2  # a guard leaves one square for another
    assert [sq for sq in range(64) if view.last[sq]] == changed
    sq = changed[0]
    lit = []
    for _ in range(4):
        run(runner, "wait 400\n")
        lit.append(app.grid.frame[(7 - (sq >> 3)) * 8 + (sq & 7)] == LED_LAST)
    assert True in lit and False in lit  # it blinks
    x, y = (sq & 7) * 12, (7 - (sq >> 3)) * 12 + 11
    assert view.bitmap[x, y] == 6  # the corner mark in the accent colour


def test_a_side_played_by_a_team_names_the_member_whose_turn_it_is_and_keeps_it_over_a_resume(tmp_path):
    from firmware.session import Session

    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\n")  # Pave the Way's setup: South human, North the computer
    items = app.screen.menu.items
    assert items[:3] == ["South: Human", "North: Computer normal", "South team: no"]
    run(runner, "press DOWN 2\npress RIGHT\n")  # South: a team of two
    assert app.screen.menu.items[2] == "South team: 2"
    run(runner, "press UP 3\npress A\n")  # wraps to Start
    session = app.screen.session
    assert session.teams == [2, 1]
    game = session.game
    names = set()
    for _ in range(400):
        if game.phase() == rules.PH_PLAY and app.screen.mode == PLAYING and game.current_player() == 0:
            status = app.screen.status.text
            assert status == "South {} to play".format(game.turns() // 2 % 2 + 1)
            names.add(status)
            if len(names) == 2:
                break
        act(runner, app)
    assert names == {"South 1 to play", "South 2 to play"}
    app.save_game(session.encode())  # as Save and quit does (the computer's turn since the last save is not saved)
    resumed = Session.decode(app.store.game)
    assert resumed.teams == [2, 1] and resumed.game.encode() == game.encode()


def test_a_save_of_the_first_format_still_loads_with_single_players(tmp_path):
    from firmware.session import Session

    session = Session.new("pave-the-way", "", [0, 2], 12345)
    record = bytearray(session.encode())
    from core.pave_the_way.ai import Ai

    old = bytes([1]) + bytes(record[1:9]) + bytes(record[11 + 2 + Ai.CARRY_BYTES :])  # version 1: no teams, carry
    loaded = Session.decode(old)
    assert loaded.teams == [1, 1] and loaded.seats == [0, 2] and loaded.game.encode() == session.game.encode()


def test_the_computers_turn_is_replayed_before_the_humans_and_again_from_the_pause_menu(tmp_path):
    app, runner = boot(tmp_path)
    start(runner, (0,))
    screen = app.screen
    game = screen.session.game
    player = Ai("easy", 3)
    for _ in range(400):  # until a turn of North's in play has been replayed
        if screen.mode == RECAP and game.phase() == rules.PH_PLAY:
            break
        act(runner, app, player)
    assert screen.mode == RECAP
    run(runner, "wait 40\n")
    assert screen.status.text.startswith("Last turn 1/") and screen.message.text.startswith("North ")
    count = len(screen.recap)
    from firmware.session import Session

    # an earlier state is shown, while the session keeps the game itself: a save now would save the real game
    assert screen.view.game is not game and screen.session.game is game
    assert screen.view.game.encode() != game.encode() and Session.decode(screen.session.encode()).game.encode() \
        == game.encode()
    run(runner, "press A\nwait 40\n")
    assert screen.mode == RECAP and screen.status.text.startswith("Last turn 2/") or count == 1
    run(runner, "press B\nwait 40\n")  # skip the rest
    assert screen.mode == PLAYING and screen.session.game is game and screen.status.text == "South to play"
    run(runner, "press START\n")
    assert screen.pause.items[4] == "Last turn" and screen.pause.enabled[4]
    run(runner, "press DOWN 4\npress A\nwait 40\n")
    assert screen.mode == RECAP and screen.status.text.startswith("Last turn 1/{}".format(count))
    run(runner, "press B\n")
    assert screen.mode == PLAYING and screen.session.game is game


def test_in_pass_and_play_the_next_side_sees_the_whole_turn_of_the_other_replayed_to_the_game_itself(tmp_path):
    app, runner = boot(tmp_path)
    start(runner, (0, 1))
    screen = app.screen
    game = screen.session.game
    chooser = Ai("easy", 7)
    entered = []  # (side, move) as the humans entered them
    for _ in range(600):
        if screen.mode == RECAP and game.phase() == rules.PH_PLAY and len(screen.recap) > 1:
            break
        if screen.mode == PLAYING and not game.is_over():
            entered.append((game.current_player(), chooser.choose(game)))
            run(runner, "".join("press {}\n".format(key) for key in screen.view.keys_for(entered[-1][1])))
        else:
            act(runner, app)
    assert screen.mode == RECAP
    side = game.current_player()
    last_turn = []
    for mover, move in reversed(entered):
        if mover == side:
            break
        last_turn.insert(0, (mover, move))
    assert screen.recap == last_turn  # every action of the other side's turn, not only its last
    real = game.encode()
    for step in range(1, len(screen.recap)):
        run(runner, "press A\nwait 40\n")
        assert screen.status.text.startswith("Last turn {}/".format(step + 1))
    assert screen.view.game.encode() == real  # the replay ends on the game itself
    run(runner, "press A\nwait 40\n")
    assert screen.mode == PLAYING and screen.session.game is game


def test_an_undo_clears_the_hint_given_for_the_game_before_it(tmp_path):
    app, runner, screen = south_in_play(tmp_path)
    guard = [screen.view.legal_moves()[i] for i in range(screen.view.count)
             if rules.move_kind(screen.view.legal_moves()[i]) == rules.GUARD][0]
    run(runner, "".join("press {}\n".format(key) for key in screen.view.keys_for(guard)))
    run(runner, "press START\npress DOWN 3\npress A\nwait 3000\n")  # Hint
    assert screen.message.text.startswith("Hint")
    run(runner, "press START\npress DOWN 2\npress A\nwait 40\n")  # Undo
    assert screen.mode == PLAYING and not screen.message.text.startswith("Hint")


def test_every_menu_entry_is_whole_and_distinct_and_so_are_the_choices_on_one_target(tmp_path):
    app, runner = boot(tmp_path)
    start(runner, (0, 1))
    screen = app.screen
    view = screen.view
    game = screen.session.game
    chooser = Ai("easy", 5)
    seen = set()
    shared = 0
    for _ in range(400):
        if game.is_over():
            break
        if screen.mode == PLAYING:
            names = [view.menu_name(m) for m in view.menu_moves]
            assert len(set(names)) == len(names) and all(names), names
            for name in names:
                assert len(name) * 6 + 8 <= view.width - 4 and "~" not in name, name
                seen.add(name)
            by_place = {}
            for i in range(view.count):
                by_place.setdefault(view.locate(view.legal_moves()[i]), []).append(view.legal_moves()[i])
            for moves in by_place.values():
                if len(moves) > 1 and rules.move_kind(moves[0]) in (rules.GUARD, rules.DISCARD):
                    shared += 1
                    options = [view.option_name(m) for m in moves]
                    assert len(set(options)) == len(options) and all(options), options
        act(runner, app, chooser)
    assert "End turn" in seen and shared > 0


def test_a_guard_that_has_moved_is_refused_with_the_engines_reason_and_its_square_flashes(tmp_path):
    from firmware.views.cursor import BROWSE
    from firmware.views.pave_the_way import LED_REFUSED

    app, runner, screen = south_in_play(tmp_path)
    view = screen.view
    game = screen.session.game
    guard = [m for m in view.legal_moves()[:view.count] if rules.move_kind(m) == rules.GUARD
             and not game.guard_count(rules.move_to(m)) and not game.road_count(rules.move_to(m))][0]
    run(runner, "".join("press {}\n".format(key) for key in view.keys_for(guard)))
    square = rules.move_to(guard)
    assert game.current_player() == 0 and not view.has_subject(square)  # PTW-A14: once per guard
    path, reached = view._path(view.cursor, square, BROWSE)
    assert reached == square
    before = game.encode()
    run(runner, "".join("press {}\n".format(key) for key in path) + "press A\n")
    assert game.encode() == before
    reason = game.reason(rules.guard_move(square, game.guard_count(square), 0))
    assert reason and view.message_line() == reason
    lit = []
    for _ in range(6):
        run(runner, "wait 150\n")
        lit.append(app.grid.frame[(7 - (square >> 3)) * 8 + (square & 7)] == LED_REFUSED)
    assert True in lit and False in lit  # it flashes


def test_the_pause_menu_keeps_its_items_in_place_whether_undo_is_possible_or_not(tmp_path):
    app, runner, screen = south_in_play(tmp_path)
    run(runner, "press START\n")
    first = list(screen.pause.items)
    undo = screen.pause.enabled[2]
    run(runner, "press B\n")
    guard = [screen.view.legal_moves()[i] for i in range(screen.view.count)
             if rules.move_kind(screen.view.legal_moves()[i]) == rules.GUARD][0]
    run(runner, "".join("press {}\n".format(key) for key in screen.view.keys_for(guard)))
    run(runner, "press START\n")
    assert screen.pause.items == first and screen.pause.enabled[2] != undo  # Undo turns on, nothing moves


def test_select_shows_a_square_large_with_its_whole_stack_and_the_next_key_brings_the_board_back(tmp_path):
    """Issue 24, legible pieces: the board draws only the top road piece of a stack; SELECT while browsing shows
    the square under the cursor over the whole board, every road piece (top first, as the message line reads
    them) and its guards."""
    app, runner, screen = south_in_play(tmp_path)
    view = screen.view
    game = screen.session.game
    # two of South's bag pieces under South's guards on a square: "at a1 S V0/1 H4/0 g0 g1" (bottom to top)
    lines = notation.format_body(game)
    bag = lines[4].split()
    assert bag[:2] == ["bag", "S"]
    (a, b), (c, d) = bag[2].split("-"), bag[3].split("-")
    at = [k for k, line in enumerate(lines) if line.startswith("at ") and line.split()[2] == "S"][0]
    name, guards = lines[at].split()[1], lines[at].split()[3:]
    lines[4] = " ".join(bag[:2] + bag[4:])
    lines[at] = "at {} S V{}/{} H{}/{} {}".format(name, a, b, d, c, " ".join(guards))
    guards = "{} guard{}".format(len(guards), "s" if len(guards) > 1 else "")
    notation.parse_body(game, [(k + 1, line) for k, line in enumerate(lines) if not line.startswith("#")])
    view.refresh()
    d2 = notation.parse_square(name, 0, "test")
    view.cursor = d2
    view.cursor_moved()
    board = [view.bitmap[x, y] for y in range(view.bitmap.height) for x in range(view.bitmap.width)]
    run(runner, "wait 40\n")
    assert screen.message.text.startswith(name + ": South road {}|{} on 1 more and {}".format(d, c, guards))
    run(runner, "press SELECT\nwait 40\n")
    assert view.close_up == d2
    assert screen.message.text.startswith(name + ": South road {}|{} on {}|{} and {}".format(d, c, a, b, guards))
    close_up = [view.bitmap[x, y] for y in range(view.bitmap.height) for x in range(view.bitmap.width)]
    assert close_up != board
    # the pieces drawn large: ivory bars and pips, no square of the board left
    from firmware.views.pave_the_way import DARK, IVORY, LIGHT
    assert close_up.count(IVORY) > 2 * board.count(IVORY) and LIGHT not in close_up and DARK not in close_up
    run(runner, "press RIGHT\nwait 40\n")  # the next key closes it, and does nothing else
    assert view.close_up < 0 and view.cursor == d2
    assert [view.bitmap[x, y] for y in range(view.bitmap.height) for x in range(view.bitmap.width)] == board
    run(runner, "press SELECT\nwait 40\npress B\nwait 40\n")
    assert view.close_up < 0 and view.mode == 0 and screen.mode == PLAYING
