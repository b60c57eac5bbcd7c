# SPDX-License-Identifier: MIT
"""The firmware's game flow, through the simulated board: new game, turns, computer play, pause, save, resume.

Driven with the race fixture registered as a game, so it runs before and independently of the real engines.
"""

import pytest

from core import games
from firmware.app import App
from sim import script
from sim.board import make_profile
from tests.fixtures import race

RECORDS = {record.name: record for record in games.GAMES}  # before any test narrows the registry


@pytest.fixture(autouse=True)
def race_registered(monkeypatch):
    monkeypatch.setattr(games, "GAMES", (race.INFO,))


def boot(tmp_path, name="nvm.bin"):
    profile = make_profile("pybadge", str(tmp_path / name), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    return app, script.Runner(app, profile)


def run(runner, text):
    runner.run(script.parse(text))


def screen_name(app):
    return type(app.screen).__name__


def test_new_game_against_the_computer_plays_to_the_end(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\n")  # title -> menu -> New game -> race
    assert screen_name(app) == "Setup"
    run(runner, "press DOWN 3\npress A\n")  # players, seat 1, seat 2 -> Start
    assert screen_name(app) == "PlayScreen"
    session = app.screen.session
    assert session.seats[0] == 0 and session.seats[1] > 0
    for _ in range(400):
        if session.game.is_over():
            break
        run(runner, "press DOWN\npress A\nwait 100\n")  # the human always rolls; the computer answers
    assert session.game.is_over()
    assert app.store.game is None  # a finished game leaves no save
    run(runner, "wait 1000\npress UP\npress A\n")  # the result's menu: Rematch, New game, Main menu
    assert screen_name(app) == "MainMenu"


def test_save_and_quit_then_continue_restores_the_game(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\npress DOWN\npress A\nwait 100\n")
    game = app.screen.session.game
    before = game.encode()
    run(runner, "press START\npress UP\npress A\n")  # the pause menu's last item: Save and quit
    assert screen_name(app) == "MainMenu"
    app2, runner2 = boot(tmp_path)  # a restart with the same storage
    run(runner2, "press A\n")
    assert app2.screen.menu.items[0] == "Continue: Race"
    run(runner2, "press A\n")
    assert screen_name(app2) == "PlayScreen" and app2.screen.session.game.encode() == before


def test_a_damaged_save_shows_the_error_screen_once_and_continue_is_no_longer_offered(tmp_path):
    app, runner = boot(tmp_path)
    app.store.save_game(b"\x01\x63garbage")
    run(runner, "press A\n")
    assert app.screen.menu.items[0] == "Continue: unknown game"
    run(runner, "press A\n")
    assert app.screen is app.error_screen
    assert "could not be loaded" in " ".join(line.text for line in app.error_screen.lines)
    run(runner, "press A\n")
    assert screen_name(app) == "TitleScreen"
    run(runner, "press A\n")
    # said once; the refused save is no longer offered
    assert not [item for item in app.screen.menu.items if item.startswith("Continue")]
    app2, _ = boot(tmp_path)
    assert app2.store.game is None


def test_pass_and_play_with_private_views_shows_a_hand_over(tmp_path, monkeypatch):
    from firmware.views import moves

    monkeypatch.setattr(moves.View, "PRIVATE", True)
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 2\npress LEFT 2\npress DOWN\npress A\n")  # seat 2 human
    screen = app.screen
    assert screen.session.seats == [0, 0]
    assert screen.mode == 1 and screen.view.group.hidden  # hand-over to player 1 first
    run(runner, "press A\n")
    assert screen.mode == 0 and not screen.view.group.hidden
    run(runner, "press A\n")  # player 1 moves: the device asks to pass it to player 2
    assert screen.mode == 1 and screen.view.group.hidden
    # the hand-over says whom to pass to and what to press (it once kept only the first line)
    assert screen.cover.text == "Pass to Player 2,\nthen press A"


def test_out_of_memory_shows_the_error_screen_and_keeps_the_save(tmp_path, monkeypatch):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\npress DOWN\npress A\nwait 100\n")
    saved = app.store.game
    assert saved is not None

    def exhausted(self, pressed):
        raise MemoryError

    monkeypatch.setattr(type(app.screen), "key", exhausted)
    run(runner, "press A\n")
    assert app.screen is app.error_screen and app.store.game == saved
    monkeypatch.undo()
    monkeypatch.setattr(games, "GAMES", (race.INFO,))
    app2, runner2 = boot(tmp_path)  # restart: the saved game resumes
    run(runner2, "press A\npress A\n")
    assert screen_name(app2) == "PlayScreen" and app2.screen.session.encode() == saved


def cap_start(runner, players):
    """A new Clear a Path game from the title: solo, or a human (player 1) against the computer."""
    run(runner, "press A\npress A\npress A\n" + ("press LEFT\n" if players == 1 else "") + "press UP\npress A\n")


def enter(runner, view, move):
    """Enter ``move`` with exactly the keys the view gives for it (the board cursor, firmware/views/cursor.py)."""
    keys = view.keys_for(move)
    assert keys is not None, move
    run(runner, "".join("press {}\n".format(key) for key in keys))
    return keys


def cap_act(runner, app, player, seen=None):
    """One step as a player would take it: the human's move (``player``'s choice) by the cursor; A through a recap
    of the computer's moves, noting each caption in ``seen``; else wait."""
    screen = app.screen
    game = screen.session.game
    if screen.mode == 6 and seen is not None:  # the recap (firmware/screens/play.py)
        seen.append((screen.status.text, screen.note))
        run(runner, "press A\n")
        return
    if screen.mode != 0 or game.is_over():
        run(runner, "wait 100\n")
        return
    enter(runner, screen.view, player.choose(game))


def cap_refuse(runner, app):
    """A on a die of your own while the dice are drafted: refused with the engine's reason, the game unchanged."""
    from core.clear_a_path import rules

    view = app.screen.view
    game = app.screen.session.game
    held = [die for die in range(12) if game.zone(die) != rules.ABSENT and game.holder(die) == game.current_player()]
    path, _ = view._path(view.cursor, held[0], 0)  # the cursor stops on your own dice too
    before = game.encode()
    run(runner, "".join("press {}\n".format(key) for key in path) + "press A\n")
    assert game.encode() == before
    assert view.message_line() == "the dice are being drafted: draft a die from the pool"
    run(runner, "press B\nwait 1600\n")  # the refusal fades


def cap_session(app, game, seats):
    from firmware.session import Session

    app.play(Session("clear-a-path", game, seats, 5))
    return app.screen.view


def led_frame(view):
    from firmware.leds import LedGrid

    board = LedGrid(None, None, 0)
    view.draw_leds(board)
    return board.frame


@pytest.mark.parametrize("players", [1, 2])
def test_a_whole_clear_a_path_game_through_the_board_cursor(tmp_path, monkeypatch, players):
    from core.clear_a_path.ai import Ai
    from firmware.views.clear_a_path import LED_CURSOR, LED_TARGET, OFF

    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    app, runner = boot(tmp_path)
    cap_start(runner, players)
    assert screen_name(app) == "PlayScreen" and type(app.screen.view).__module__.endswith("clear_a_path")
    view = app.screen.view
    game = app.screen.session.game
    assert app.screen.session.seats == ([0] if players == 1 else [0, 2])
    player = Ai("easy", 3)
    progress = set()
    seen = []
    refused = False
    for _ in range(3000):
        if game.is_over():
            break
        if not refused and app.screen.mode == 0 and game.phase() == 0 and \
                any(game.holder(die) == game.current_player() for die in range(6)):
            cap_refuse(runner, app)
            refused = True
        cap_act(runner, app, player, seen)
        if app.screen.mode == 0 and not game.is_over():
            if not view.rolling_until:  # (while new dice tumble, each flickers across its row at random)
                assert app.grid.frame == led_frame(view)  # the LED grid is the view's picture
            texts = [line.text for line in view.info]
            if players == 2:
                assert "Violet needs {}".format(view.need[1]) in texts  # the opponent's progress is always shown
                progress.add(view.need[1])
            else:
                assert any(text.startswith("Round ") for text in texts)
    assert game.is_over() and app.screen.mode == 3
    assert refused
    if players == 2:
        assert len(progress) > 2
        # the computer's moves were replayed before each of the human's turns, in words
        assert seen and all(status.startswith("Last turn ") for status, _ in seen)
        assert any(note.startswith("Violet drafted the ") for _, note in seen)
        assert any(note.startswith("Violet used the ") or note.startswith("Violet marked ") for _, note in seen)
    else:
        assert not seen  # solo: nobody else moves
        assert app.screen.status.text in ("You cleared a path!", "Barriers closed the grid", "Out of rounds: you lost")
    # the end: nothing of the turn stays highlighted (issue 25, bug 6), and the winner's path is drawn
    assert all(shape.x == OFF for shape in view.frame.shapes + view.chosen.shapes)
    assert not any(view.lit) and view.message_line() == ""
    assert LED_CURSOR not in led_frame(view) and LED_TARGET not in led_frame(view)
    if game.result() >= 0:
        assert view.shown_player == game.result() and sum(view.win) >= 6
    run(runner, "wait 200\n")
    sweep = 0xC08000 if game.result() >= 0 else 0xC00000
    assert sweep in app.grid.frame  # the end-of-game animation runs on the LED grid
    run(runner, "wait 3500\n")
    assert app.grid.frame == led_frame(view)  # then the final board comes back


def test_the_dice_tumble_when_a_clear_a_path_round_is_rolled(tmp_path, monkeypatch):
    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    app, runner = boot(tmp_path)
    cap_start(runner, 1)
    view = app.screen.view
    game = app.screen.session.game
    for _ in range(3):
        enter(runner, view, view.legal_moves()[0])  # draft three
    done = view.legal_moves()[view.count - 1]
    assert view.menu_name(done) == "Done: barriers fall"
    enter(runner, view, done)
    assert view.rolling_until > 0 or game.is_over()
    run(runner, "wait 1000\n")
    assert view.rolling_until == 0 or game.is_over()
    if not game.is_over():
        for die in range(6):  # the pool settles on the dice's real values
            assert view.drawn_die[die] & 7 == game.value(die)


def test_a_save_follows_each_human_turn_and_every_few_actions_of_a_long_one(tmp_path, monkeypatch):
    from firmware.session import SAVE_EVERY

    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    app, runner = boot(tmp_path)
    cap_start(runner, 1)  # solo: one seat moves all along
    session = app.screen.session
    view = app.screen.view
    writes = []
    real = app.store.save
    monkeypatch.setattr(app.store, "save", lambda settings, game: (writes.append(game), real(settings, game)))
    actions = 0
    while len(writes) < 3 and not session.game.is_over():
        before = session.game.encode()
        enter(runner, view, view.legal_moves()[0])
        assert session.game.encode() != before
        actions += 1
        assert len(writes) == actions // SAVE_EVERY  # a solo turn never passes: every SAVE_EVERY actions
        assert app.store.game == (session.encode() if actions % SAVE_EVERY == 0 else app.store.game)


def test_a_clear_a_path_die_with_one_use_shows_it_before_it_acts(tmp_path, monkeypatch):
    """Issue 25, bug 8: a yellow 3 whose cell is marked can only take the First Player token, which its player
    already holds. A on it once applied it at once, with nothing to see. Now A selects it, the token lights, and
    the message line says what it does; only A on the token plays it."""
    from firmware.views.clear_a_path import TOKEN
    from tests.core.clear_a_path.helpers import position

    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    app, runner = boot(tmp_path)
    game = position(2, "round 0 phase action turn 0 first 0 token 0 picks 6 blocked -",
                    "red:2:pool blue:5:pool yellow:3:p0 black:1:pool white:6:pool grey:2:p1",
                    {0: "...... / ...... / ..X... / ...... / ...... / ......"})
    view = cap_session(app, game, [0, 1])
    assert view.count == 1  # "first yellow" only
    move = view.legal_moves()[0]
    before = game.encode()
    keys = view.keys_for(move)
    assert keys[0] == "A" and keys[-1] == "A" and len(keys) >= 3
    run(runner, "press A\n")
    assert game.encode() == before and view.mode == 1 and view.lit[TOKEN]
    run(runner, "".join("press {}\n".format(key) for key in keys[1:-1]))
    assert game.encode() == before and view.cursor == TOKEN
    assert view.message_line().startswith("Take the First Player token (yours already)")
    run(runner, "press A\n")
    assert game.encode() != before and game.holder(2) == -1


def test_a_refused_clear_a_path_move_says_the_engines_reason_and_flashes(tmp_path, monkeypatch):
    from firmware.views.clear_a_path import LED_REFUSED

    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    app, runner = boot(tmp_path)
    cap_start(runner, 1)
    view = app.screen.view
    game = app.screen.session.game
    enter(runner, view, view.legal_moves()[0])  # draft the first die
    held = [die for die in range(6) if game.holder(die) == 0][0]
    path, _ = view._path(view.cursor, held, 0)  # the cursor stops on your own dice too
    before = game.encode()
    run(runner, "".join("press {}\n".format(key) for key in path) + "press A\n")
    reason = "the dice are being drafted: draft a die from the pool"
    assert game.encode() == before and view.message_line() == reason
    run(runner, "wait 20\n")
    assert app.screen.message.text == reason
    flashes = []
    for _ in range(8):
        run(runner, "wait 60\n")
        flashes.append(app.grid.frame[7 * 8 + game.value(held)] == LED_REFUSED)  # the held die's LED, row 7
    assert True in flashes and False in flashes
    run(runner, "wait 1500\n")
    assert view.message_line() != reason


def test_clear_a_paths_players_are_called_by_their_colours_from_the_setup_to_the_recap(tmp_path, monkeypatch):
    """The product owner's issue: "Red" or "South", never "Player 1". Clear a Path's seats are colours no die has,
    in the setup, the strips' badges, the status line and the recap; solo, "You"."""
    from core.clear_a_path import rules

    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress RIGHT\n")  # Clear a Path's setup, 3 players
    items = app.screen.menu.items
    assert items[0] == "Players: 3" and items[1] == "Green: Human"
    assert items[2].startswith("Violet: Computer ") and items[3].startswith("Orange: Computer ")
    run(runner, "press LEFT 2\n")
    assert app.screen.menu.items[:2] == ["Players: solo", "You: Human"]
    run(runner, "press RIGHT 2\npress A\n")
    view = app.screen.view
    game = app.screen.session.game
    assert [label.text for label in view.strip_labels] == ["G", "V", "O"]  # each on a badge of its colour
    seen = []
    picks = 0
    for _ in range(400):
        if app.screen.mode == 6:  # a recap of the computers' moves
            seen.append(app.screen.note)
            run(runner, "press A\n")
        elif app.screen.mode == 0 and game.current_player() == 0:
            assert app.screen.status.text == "Green to play"
            assert view._strip_y(0) <= view.bar.shape.y < view._strip_y(1)  # the bar beside the mover's badge
            if picks == 2:
                break
            enter(runner, view, [m for m in view.legal_moves()[:view.count] if rules.move_kind(m) == rules.DRAFT][0])
            picks += 1
        else:
            run(runner, "wait 100\n")
    assert picks == 2
    assert any(note.startswith("Violet drafted the ") for note in seen), seen
    assert any(note.startswith("Orange drafted the ") for note in seen), seen


def cap_actions(tmp_path, monkeypatch, grids):
    """A 2-player game in its first round's actions: Green, a human, to move with the red 4; Violet a computer."""
    from tests.core.clear_a_path.helpers import position

    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    app, runner = boot(tmp_path)
    game = position(2, "round 0 phase action turn 0 first 0 token 0 picks 6 blocked -",
                    "red:4:p0 blue:5:pool yellow:3:pool black:1:pool white:6:pool grey:2:p1", grids)
    return app, runner, cap_session(app, game, [0, 1])


def test_clear_a_paths_winner_is_named_by_colour(tmp_path, monkeypatch):
    from core.clear_a_path import rules

    app, runner, view = cap_actions(tmp_path, monkeypatch, {0: "XXX.XX / ...... / ...... / ...... / ...... / ......"})
    assert app.screen.status.text == "Green to play"
    enter(runner, view, [m for m in view.legal_moves()[:view.count] if rules.move_kind(m) == rules.MARK][0])
    assert app.screen.session.game.result() == 0
    assert app.screen.status.text == "Green wins!" and view.info[0].text == "Green"
    assert view.bar.shape.y < 0  # nobody to move: no bar


def test_select_shows_the_other_grids_and_says_so(tmp_path, monkeypatch):
    from firmware.views.clear_a_path import SEATS

    app, runner, view = cap_actions(tmp_path, monkeypatch, {1: "XXXX.. / ...... / ...... / ...... / ...... / ......"})
    texts = [line.text for line in view.info]
    assert texts[:4] == ["Green", "SELECT: Violet", "Violet needs 2", "You need 6"]
    assert view.info[texts.index("Violet needs 2")].label.color == 0xFF5040  # close to a path: in the warning red
    assert view.info[0].label.color == SEATS[0]  # the caption in its player's colour
    run(runner, "press SELECT\nwait 20\n")
    assert view.shown_player == 1 and view.info[0].text == "Violet" and view.info[1].text == "SELECT: Green"
    assert view.info[0].label.color == SEATS[1]
    assert app.grid.frame[1 * 8 + 1 : 1 * 8 + 5] == [0xD0D0D0] * 4  # Violet's red row on the LED grid
    run(runner, "press B\nwait 20\n")
    assert view.shown_player == 0 and view.info[0].text == "Green"
    run(runner, "press SELECT\npress A\n")  # selecting a die brings its player's grid back
    assert view.mode == 1 and view.shown_player == 0


def test_clear_a_path_menu_entries_and_choices_are_whole_and_distinct(tmp_path, monkeypatch):
    """Issue 24: no two entries alike ("minus black ~" twice) and none cut, on both screen sizes; nor the
    information lines, which name the players."""
    from core.clear_a_path import rules
    from core.clear_a_path.ai import Ai
    from firmware.session import Session

    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    seen = set()
    for board in ("pybadge", "picosystem"):
        profile = make_profile(board, str(tmp_path / (board + ".bin")), simulated_time=True, seed=3)
        app = App(profile)
        app.start()
        for players in (1, 2, 3, 5):
            session = Session.new("clear-a-path", "players={}".format(players), [0] * players, players)
            app.play(session)
            view = app.screen.view
            player = Ai("easy", players)
            for _ in range(120):
                if session.game.is_over():
                    break
                names = [view.menu_name(move) for move in view.menu_moves]
                assert len(set(names)) == len(names), names
                for name in names:
                    assert len(name) * 6 + 8 <= view.menu.width and "~" not in name
                moves = view.legal_moves()
                moves = [moves[i] for i in range(view.count)]
                for located in set(view.locate(move) for move in moves):  # the moves SELECT cycles
                    options = [view.option_name(m) for m in view.moves_at(*located)]
                    assert len(set(options)) == len(options), options
                for move in moves:
                    seen.add(rules.move_kind(move))
                    assert view.effect(move) and "~" not in view.effect(move)
                for line in view.info if players > 1 else ():  # "Orange needs 2", "SELECT: Violet": not scrolled
                    assert len(line.text) <= line.room, (board, players, line.text)
                session.human_move(player.choose(session.game))
                view.refresh()
    assert {rules.DRAFT, rules.MARK, rules.ACTION, rules.DONE} <= seen


@pytest.mark.parametrize("board", ["pybadge", "picosystem"])
def test_clear_a_path_solo_says_when_barriers_have_cut_every_path_of_marks(tmp_path, monkeypatch, board):
    """Barriers on the diagonal cut every path of marks, yet join no two sides (they touch only at corners): the
    game goes on, and the panel says the path is blocked, not a distance of 255."""
    from core.clear_a_path.board import BARRIER, EMPTY, S_GRID

    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    profile = make_profile(board, str(tmp_path / "nvm.bin"), simulated_time=True, seed=3)
    app = App(profile)
    app.start()
    runner = script.Runner(app, profile)
    cap_start(runner, 1)
    view = app.screen.view
    game = app.screen.session.game
    for cell in range(36):
        game.state[S_GRID + cell] = BARRIER if cell // 6 == cell % 6 else EMPTY
    assert not game.is_over()
    view.refresh()
    run(runner, "wait 40\n")
    lines = [line.text for line in view.info]
    assert any("blocked" in text for text in lines) and not any("255" in text for text in lines), lines


def test_clear_a_path_captions_say_each_move_in_plain_words(tmp_path, monkeypatch):
    import re

    from core.clear_a_path import rules
    from core.clear_a_path.ai import Ai
    from firmware.session import Session

    monkeypatch.setattr(games, "GAMES", (RECORDS["clear-a-path"],))
    app, _ = boot(tmp_path)
    said = {}
    for players, seed in ((1, 11), (2, 11), (3, 11), (2, 12), (3, 12)):  # enough games for every caption
        session = Session.new("clear-a-path", "players={}".format(players), [0] * players, seed)
        app.play(session)
        view = app.screen.view
        player = Ai("normal", 1)
        before = session.game.clone()
        while not session.game.is_over():
            move = player.choose(session.game)
            before.copy_from(session.game)
            text = view.caption(before, move)
            kind = rules.move_kind(move)
            key = (players == 1, kind, rules.move_action(move) if kind == rules.ACTION else -1)
            said.setdefault(key, text)
            assert text and "~" not in text
            assert text.startswith(("You ",) if players == 1 else ("Green ", "Violet ", "Orange ")) or \
                kind == rules.DONE
            session.human_move(move)
            view.refresh()
    who = "(Green|Violet|Orange)"  # the players are called by their colours, never "Player 2"
    assert re.fullmatch(who + r" drafted the (red|blue|yellow|black|white|grey) \d", said[(False, rules.DRAFT, -1)])
    assert re.fullmatch(r"You drafted the \w+ \d", said[(True, rules.DRAFT, -1)])
    assert re.fullmatch(who + r" marked \w+, column \d( and cleared a path)?", said[(False, rules.MARK, -1)])
    reroll = said[(False, rules.ACTION, rules.RED)]
    assert re.fullmatch(who + r" used the \w+ \d to re-roll " + who + r"'s \w+ die: \d became \d", reroll), reroll
    assert re.match(r"(Barriers fell on|No barrier fell)", said[(True, rules.DONE, -1)])
    block = said[(False, rules.ACTION, rules.BLACK)]
    assert re.fullmatch(who + r" used the \w+ \d to block column \d", block), block


def test_a_computer_turn_is_not_saved_and_each_human_turn_is(tmp_path, monkeypatch):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\n")  # the race: a human against the computer
    session = app.screen.session
    writes = []
    real = app.store.save
    monkeypatch.setattr(app.store, "save", lambda settings, game: (writes.append(game), real(settings, game)))
    turns = 0
    while not session.game.is_over():
        assert session.to_move() == 0
        run(runner, "press DOWN\npress A\n")  # the human rolls: the turn passes to the computer
        turns += 1
        assert len(writes) == turns
        if session.game.is_over():
            assert writes[-1] is None  # the end: one record that holds no game
            break
        assert writes[-1] == session.encode() == app.store.game
        run(runner, "wait 200\npress B\n")  # the computer answers (no save, unless it ends the game); B skips its recap
        assert len(writes) == turns + (1 if session.game.is_over() else 0)
    assert turns >= 2 and app.store.game is None


def test_the_title_left_alone_plays_demo_games_that_are_never_saved(tmp_path):
    from firmware.screens.title import ATTRACT_MS

    app, runner = boot(tmp_path)
    run(runner, "wait {}\n".format(ATTRACT_MS + 100))
    assert screen_name(app) == "AttractScreen" and app.screen.attract == 1
    assert all(seat != 0 for seat in app.screen.session.seats)
    first = app.screen
    run(runner, "wait 30000\n")  # the race game ends; the next demo game follows
    assert screen_name(app) == "AttractScreen" and app.screen is not first and app.screen.attract >= 2
    assert app.store.game is None and app.store.number == -1  # a demo never touches the player's save
    run(runner, "press B\n")
    assert screen_name(app) == "TitleScreen"


def test_settings_choose_the_computer_level_of_new_games(tmp_path):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress DOWN\npress A\npress DOWN 2\npress LEFT\npress B\n")  # Computer normal -> easy
    assert app.settings.level == 0
    run(runner, "press A\npress A\n")  # New game -> race
    assert screen_name(app) == "Setup" and "Computer easy" in app.screen.menu.items[2]
    app2, _ = boot(tmp_path)
    assert app2.settings.level == 0  # saved with the other settings


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_settings_and_the_new_game_menu_offer_hard_and_it_is_saved_and_played(tmp_path, monkeypatch, name):
    monkeypatch.setattr(games, "GAMES", (RECORDS[name],))
    app, runner = boot(tmp_path)
    run(runner, "press A\npress DOWN\npress A\npress DOWN 2\npress RIGHT\n")  # Computer normal -> hard
    assert "Computer hard" in app.screen.menu.items
    run(runner, "press B\n")
    assert app.settings.level == 2
    run(runner, "press A\npress A\n")  # New game -> the game's setup: its computer seats at hard
    setup = app.screen
    assert screen_name(app) == "Setup" and "hard" in setup.levels
    seat_rows = [item for item in setup.menu.items if item.endswith("Computer hard")]
    assert seat_rows, setup.menu.items
    start = setup.menu.items.index("Start")
    run(runner, "press DOWN {}\npress A\n".format(start) if start else "press A\n")
    session = app.screen.session
    assert max(session.seats) == 1 + games.load(name, "ai").Ai.LEVELS.index("hard")
    app2, _ = boot(tmp_path)
    assert app2.settings.level == 2  # saved with the other settings


def test_a_hint_is_worked_out_over_frames_and_b_drops_it(tmp_path, monkeypatch):
    monkeypatch.setattr(games, "GAMES", (RECORDS["pawns-crossing"],))
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress UP\npress A\n")  # 2 players: human against the computer
    screen = app.screen
    game = screen.session.game
    while screen.mode != 0 or game.phase() != 2:  # the human's first turn proper
        run(runner, "press A\nwait 40\n")
    before = game.encode()

    def ask():
        run(runner, "press START\n")
        screen.pause.move(screen.pause.items.index("Hint"))
        run(runner, "press A\n")

    ask()
    assert screen.mode == 5 and screen.steps is not None
    run(runner, "press B\n")
    assert screen.mode == 0 and screen.steps is None and "Hint" not in screen.message.text
    ask()
    run(runner, "wait 400\n")
    assert screen.mode == 0 and screen.message.text.startswith("Hint: ")
    assert game.encode() == before  # asking changes nothing


@pytest.mark.parametrize("name", ["pave-the-way", "pawns-crossing", "clear-a-path"])
def test_a_hint_is_shown_on_the_board_and_a_plays_it(tmp_path, monkeypatch, name):
    """The hint is the strongest computer's move, entered on the board up to its last press: the board shows it,
    the message line says it in the view's words, and A plays exactly that move."""
    monkeypatch.setattr(games, "GAMES", (RECORDS[name],))
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress UP\npress A\n")  # the default: a human against the computer
    screen = app.screen
    session = screen.session
    game = session.game
    for _ in range(200):  # the human's first decision in play, with a choice
        if screen.mode == 0 and not session.computer_to_move() and screen.view.count > 1 and \
                getattr(game, "turns", lambda: 1)() > 0:
            break
        run(runner, "press B\npress A\nwait 40\n")
    assert screen.mode == 0 and not session.computer_to_move()
    before = game.encode()
    hint = session.ai_module.Ai("normal", session.seed).choose(game.clone())  # hard would take twice as long
    run(runner, "press START\n")
    screen.pause.move(screen.pause.items.index("Hint"))
    run(runner, "press A\nwait 5000\n")
    assert screen.mode == 0 and screen.note == "Hint: " + screen.view.message_line()  # the view's own words
    assert game.encode() == before  # asking changes nothing
    played = []
    human_move = session.human_move
    monkeypatch.setattr(session, "human_move", lambda move: (played.append(move), human_move(move)))
    run(runner, "press A\n")
    assert played == [hint], "A after the hint plays the hinted move"


def test_a_computer_turn_takes_several_frames(tmp_path, monkeypatch):
    monkeypatch.setattr(games, "GAMES", (RECORDS["pawns-crossing"],))
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN\npress LEFT\npress UP 2\npress A\n")  # computers only
    screen = app.screen
    slices = []
    real = screen.session.computer_thinking

    def counted():
        steps = real()

        def counting():
            count = 0
            while True:
                try:
                    next(steps)
                    count += 1
                    yield
                except StopIteration as done:
                    slices.append(count)
                    return done.value

        return counting()

    screen.session.computer_thinking = counted
    run(runner, "wait 20000\n")
    assert len(slices) > 20 and max(slices) >= 3  # a slide-or-roll decision yields between its parts


def test_a_game_opens_after_a_restart_on_a_fresh_heap_where_the_board_can_restart(tmp_path):
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3, reloads=True)
    app = App(profile)
    app.start()
    runner = script.Runner(app, profile)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\n")  # a new race against the computer
    assert runner.reloads == 1 and runner.app is not app
    app = runner.app
    assert screen_name(app) == "PlayScreen" and app.screen.session.seats[1] > 0
    assert screen_name(boot(tmp_path)[0]) == "TitleScreen"  # a power-on (not a restart by the firmware): the title
    run(runner, "press START\npress UP\npress A\n")  # save and quit, then Continue: a restart again
    run(runner, "press A\n")
    assert runner.reloads == 2 and screen_name(runner.app) == "PlayScreen"


def test_a_restart_into_a_damaged_save_shows_the_error(tmp_path):
    app, runner = boot(tmp_path)
    app.store.save_game(b"\x02\x63garbage")
    profile = make_profile("pybadge", str(tmp_path / "nvm.bin"), simulated_time=True, seed=3, reloads=True)
    profile.mark_relaunch()  # as after the firmware's reload() into the saved game
    app2 = App(profile)
    app2.start()
    assert screen_name(app2) == "ErrorScreen"
    profile.mark_relaunch()
    app3 = App(profile)
    app3.start()
    assert screen_name(app3) == "TitleScreen"  # and only once


def test_the_device_loop_shows_any_error_on_screen_and_keeps_the_save(tmp_path, monkeypatch):
    app, runner = boot(tmp_path)
    run(runner, "press A\npress A\npress A\npress DOWN 3\npress A\npress DOWN\npress A\nwait 100\n")
    saved = app.store.game
    assert saved is not None
    frames = []

    def clock():
        frames.append(1)
        if len(frames) == 3:
            raise KeyboardInterrupt  # ends the otherwise endless loop of the test
        return len(frames) * 20

    def broken(pressed):
        raise ValueError("a bug")

    app.profile.monotonic_ms = clock
    monkeypatch.setattr(app, "start", lambda tutorial=None: None)  # run() from the game in progress
    monkeypatch.setattr(app.screen, "tick", broken)
    with pytest.raises(KeyboardInterrupt):
        app.run()
    assert app.screen is app.error_screen
    assert "ValueError: a bug" in " ".join(line.text for line in app.error_screen.lines)
    assert app.store.game == saved


@pytest.mark.parametrize("name", ["pawns-crossing", "clear-a-path"])
def test_how_to_play_from_a_games_pause_menu_opens_on_that_game(tmp_path, monkeypatch, name):
    monkeypatch.setattr(games, "GAMES", tuple(RECORDS.values()))
    app, runner = boot(tmp_path)
    from firmware.session import Session

    app.play(Session.new(name, None, [0, 1] if name == "pawns-crossing" else [0, 1], 5))
    run(runner, "press START\npress DOWN\npress A\n")  # Resume, How to play
    assert screen_name(app) == "HowToScreen"
    assert app.screen.title.text.startswith(RECORDS[name].title + " (")
    run(runner, "press B\n")
    assert screen_name(app) == "PlayScreen"


def test_how_to_play_offers_no_tutorial_for_a_game_without_a_lesson(tmp_path):
    # the race fixture has no lesson: its page says so by its keys, and A stays on the page (the fuzzer found A
    # opening a tutorial that does not exist)
    app, runner = boot(tmp_path)
    from firmware.session import Session

    app.play(Session.new("race", None, [0, 0], 5))
    run(runner, "press START\npress DOWN\npress A\n")  # Resume, How to play
    assert screen_name(app) == "HowToScreen"
    assert app.screen.keys.text == "<>game B back"
    run(runner, "press A\n")
    assert screen_name(app) == "HowToScreen" and runner.reloads == 0
