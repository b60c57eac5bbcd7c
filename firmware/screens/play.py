# SPDX-License-Identifier: MIT
"""Playing a game: the game's view, whose turn it is, computer turns, hand-over, the pause menu, saving.

The game is saved when a human's turn ends (another seat is to move), every few actions within a long turn
(``Session.save_due``; on the drive only: ``App.autosave``), on "Save and quit", and once when it ends: a record
that says no game is saved. A
computer's moves are not saved: a resumed game replays them move for move (firmware/session.py). A power cut
therefore loses at most the human turn in progress (docs/device.md). In the title's attract mode (``attract`` =
1 + the game's index) nothing is saved, any key goes back to the title, and each finished game is followed by
the next game.

Hint, in the pause menu, asks the ``normal`` computer level in slices (B stops it; ``hard`` would take up to twice
as long) and enters its move on the board
up to the last press: the board shows the move, the message line says it in the view's words ("Hint: A: play road
3|2 on g1"), and A plays it.
"""

import gc

from core import games
from core.errors import IllegalMove
from core.game import DRAW, LOSS
from firmware import sound, ui
from core.compat import const

PLAYING = const(0)
HANDOVER = const(1)
PAUSED = const(2)
OVER = const(3)
THINKING = const(4)
HINTING = const(5)
RECAP = const(6)

RESUME = "Resume"
RULES = "How to play"
UNDO = "Undo my last action"
HINT = "Hint"
LAST_TURN = "Last turn"
SAVE_QUIT = "Save and quit"
REMATCH = "Rematch"
NEW_GAME = "New game"
MAIN_MENU = "Main menu"
END_ITEMS = (REMATCH, NEW_GAME, MAIN_MENU)
END_MENU_CHARS = max(len(item) for item in END_ITEMS)
RESULT_HOLD_MS = const(1000)  # the result stays this long before a key is taken: mashing A does not skip it
PAUSE_ITEMS = (RESUME, RULES, UNDO, HINT, LAST_TURN, SAVE_QUIT)  # always in this order: the same presses, the same
RECAP_DEPTH = const(12)  # the most moves a recap replays (the latest)
RECAP_MS = const(1800)  # each replayed move shows this long unless A goes on
THINK_COLORS = (0x000040, 0x000080, 0x0000C0, 0x000080)
END_MS = const(3000)  # the end-of-game animation's length
END_COLORS = {DRAW: 0x0040C0, LOSS: 0xC00000}  # a win sweeps gold


def load_view(name):
    """The game's own board view if it has one, else the move list."""
    try:
        module = __import__("firmware.views." + name.replace("-", "_"), None, None, ["View"])
    except ImportError:
        from firmware.views import moves as module
    return module.View


class PlayScreen(ui.Screen):
    def __init__(self, app, session, attract=0):
        super().__init__(app)
        self.session = session
        self.attract = attract
        self.status = ui.text_label("", 2, 1, ui.ACCENT)
        self.keys_hint = ui.text_label("", 0, 1, ui.DIM)  # the key legend, top right, where the status leaves room
        self.message = ui.Line(2, app.height - ui.LINE_HEIGHT - 1, app.width - 4, ui.DIM)
        self.note = ""  # the play screen's own message (thinking, a hint, a refusal); else the view's
        top = ui.LINE_HEIGHT + 2
        view = load_view(session.name)
        gc.collect()  # the view's import leaves garbage where its board bitmap (4.6 KB in Pave the Way) could go
        self.view = view(app, session, 0, top, app.width, app.height - 2 * top)
        self.group.append(self.view.group)
        self.group.append(self.status)
        self.group.append(self.keys_hint)
        self.group.append(self.message.label)
        # the pause menu and its box: made when it opens and dropped when it closes, so that their 2.3 KB of the
        # device's heap are free for the search of a hint chosen in it
        self.pause = None
        self.pause_box = None
        self.end_menu = None  # Rematch, New game, Main menu: made when the game ends
        self.stats_line = None  # and the line of this game's statistics beside it
        self.cover = ui.text_label("", 8, app.height // 2 - 12, ui.TEXT)
        self.mode = PLAYING
        self.last_human = -1
        self.think_phase = 0
        self.steps = None  # the computer's decision (or a hint) in progress: a generator, one slice a frame
        self.over_at = 0
        # The latest moves, for the recap: (player, move), the latest last, and a copy of the game before the first.
        # A recap replays them on copies of the game, so it keeps three games, not one per move (the device's heap).
        # (player, None) marks where a player's recap was shown: the next one starts after it.
        self.history = []
        self.history_base = None
        self.recap = []  # the moves the recap replays (kept for "Last turn"), from the game in recap_start
        self.recap_start = None
        self.recap_shown = None  # the recap's game as the move it shows left it
        self.recap_step = 0
        self.recap_at = 0
        self._after_move(None)

    # -- state changes ---------------------------------------------------------------------------------------------
    def _player_name(self, player):
        return self.view.player_name(player)

    def _after_move(self, previous_player, human=False):
        """After a move by ``previous_player`` (None: the screen opens); ``human``: a human's action or undo."""
        session = self.session
        game = session.game
        self.note = ""  # a hint or a refusal was about the game before
        self.view.refresh()
        if game.is_over():
            self.mode = OVER
            self.over_at = self.app.now
            result = game.result()
            if not self.attract:
                from firmware import stats

                line = stats.record(self.app.settings, game.GAME_ID, session.seats, result)
                self.app.save_game(None)  # one write: a newer record with no game in it, the statistics counted
            self.set_status(self.view.result_text(result), "")
            if not self.attract:  # a small menu in the bottom right corner, over the panel: the board stays in view
                height = len(END_ITEMS) * ui.LINE_HEIGHT
                width = END_MENU_CHARS * ui.CHAR_WIDTH + 8
                x = self.app.width - width - 2
                self.end_menu = ui.Menu(x, self.app.height - height - 4, width, len(END_ITEMS), END_ITEMS)
                self.group.append(ui.Rect(x - 2, self.app.height - height - 6, width + 4, height + 6,
                                          ui.PANEL).shape)
                # the statistics on the message line, left of the menu (scrolled when longer)
                self.stats_line = ui.Line(2, self.app.height - ui.LINE_HEIGHT - 1, x - 4, ui.ACCENT)
                self.stats_line.set(line, self.app.now)
                self.group.append(self.stats_line.label)
                self.group.append(self.end_menu.group)
            self.draw_leds(self.app.grid)
            humans = [p for p in range(len(session.seats)) if session.seats[p] == 0]
            self._sound(sound.DRAW if result == DRAW else
                        sound.WIN if result in humans or not humans else sound.LOSS)
            return
        if previous_player is not None:
            self._sound(sound.ROLL if self.view.rolling() else sound.MOVE)
        player = game.current_player()
        if human and not self.attract and session.save_due(previous_player):
            self.app.autosave(session)
        self.set_status("{} to play".format(self._player_name(player)))
        humans = sum(1 for seat in session.seats if seat == 0)
        if (not session.computer_to_move() and self.view.PRIVATE and humans > 1 and player != self.last_human):
            self._cover("Pass to {},\nthen press A".format(self._player_name(player)))
            self.mode = HANDOVER
        elif session.computer_to_move():
            self.mode = THINKING
            self.note = "Demo: press a key" if self.attract else "Computer is thinking..."
        else:
            self.mode = PLAYING
            self._start_recap(player)
            self.last_human = player
        self.draw_leds(self.app.grid)

    def set_status(self, text, keys="START:menu"):
        """The status line, and at its right the key legend ``keys`` when both fit the width."""
        ui.set_text(self.status, text)
        room = self.app.width // ui.CHAR_WIDTH - len(text) - 1
        shown = keys if keys and len(keys) <= room else ""
        ui.set_text(self.keys_hint, shown)
        self.keys_hint.x = self.app.width - len(shown) * ui.CHAR_WIDTH - 2

    def _sound(self, tune):
        if not self.attract:  # the demo on the title plays silently
            self.app.sound.play(tune, self.app.now)

    def _cover(self, text):
        """Hide the board behind a message (hand-over)."""
        self.view.group.hidden = True
        ui.set_text(self.cover, text)
        if self.cover not in self.group:
            self.group.append(self.cover)

    def _uncover(self):
        self.view.group.hidden = False
        if self.cover in self.group:
            self.group.remove(self.cover)

    def _open_pause(self):
        enabled = [item != UNDO or self.session.can_undo() for item in PAUSE_ITEMS]
        enabled[PAUSE_ITEMS.index(LAST_TURN)] = bool(self.recap)
        width = self.app.width
        self.pause_box = ui.Rect(16, 26, width - 32, len(PAUSE_ITEMS) * ui.LINE_HEIGHT + 8, ui.PANEL)
        self.pause = ui.Menu(20, 30, width - 40, len(PAUSE_ITEMS), [])
        self.pause.skip_disabled = False
        self.pause.set_items(PAUSE_ITEMS, enabled)
        self.group.append(self.pause_box.shape)
        self.group.append(self.pause.group)
        self.resume_mode = self.mode
        self.mode = PAUSED

    def _close_pause(self):
        self.group.remove(self.pause.group)
        self.group.remove(self.pause_box.shape)
        self.pause = self.pause_box = None
        self.mode = self.resume_mode

    # -- frame hooks -----------------------------------------------------------------------------------------------
    def tick(self, now):
        self.message.set(self.note or (self.view.message_line() if self.mode == PLAYING else ""), now)
        self.message.tick(now)
        if self.stats_line is not None:
            self.stats_line.tick(now)
        # the view's own animations (dice rolls, the last move blinking); the end sweep and a hand-over own the grid
        if self.view.tick(now) and self.mode != OVER:
            self.draw_leds(self.app.grid)
        if self.mode == RECAP and now - self.recap_at >= RECAP_MS:
            self._recap_next()
        if self.mode == OVER:
            self._end_animation(now)
            if self.attract and now - self.over_at > END_MS + 2000:
                self.app.go("play.AttractScreen", self.attract)  # the next game
            return
        if self.mode != THINKING and self.mode != HINTING:
            return
        # One slice of the decision a frame, with the thinking light between: the device never looks frozen.
        self.think_phase += 1
        self.app.grid.set(7, 7, THINK_COLORS[self.think_phase % len(THINK_COLORS)])
        if self.steps is None:
            if self.mode == HINTING:
                return
            self.steps = self.session.computer_thinking()
            return  # let this frame show the animation before the decision starts
        try:
            next(self.steps)
            return
        except StopIteration as done:
            move = done.value
        self.steps = None
        game = self.session.game
        if self.mode == HINTING:
            self.mode = PLAYING
            self.note = "Hint: " + self._point_at(move)
            self.view.draw_leds(self.app.grid)
            return
        player = game.current_player()
        self._remember(move)
        self.session.play_computer(move)
        self.note = ""
        self._after_move(player, human=False)

    # -- the recap of the other players' moves -------------------------------------------------------------------
    def _remember(self, move):
        """Note ``move``, about to be played, for the recap; never a move played in secret (the view is private then:
        Pave the Way's guard placement), and the recap starts after one."""
        if self.attract:
            return
        if self.view.PRIVATE:
            self.history = []
            return
        game = self.session.game
        if self.history_base is None:
            self.history_base = game.clone()
        elif not self.history:
            self.history_base.copy_from(game)
        self.history.append((game.current_player(), move))
        if len(self.history) > RECAP_DEPTH:
            oldest = self.history.pop(0)[1]
            if oldest is not None:
                self.history_base.apply(oldest)

    def _forget_last(self):
        """An undo took the latest move back: the history follows."""
        for i in range(len(self.history) - 1, -1, -1):
            if self.history[i][1] is not None:
                self.history.pop(i)
                return

    def _start_recap(self, player):
        """When ``player``'s turn begins, replay the moves the others made since this player last moved or saw a
        recap."""
        first = 0
        for i in range(len(self.history)):
            if self.history[i][0] == player:
                first = i + 1
        moves = [entry for entry in self.history[first:] if entry[1] is not None]
        if not moves:
            return
        if self.recap_start is None:
            self.recap_start = self.history_base.clone()
            self.recap_shown = self.history_base.clone()
        self.recap_start.copy_from(self.history_base)
        for entry in self.history[:first]:
            if entry[1] is not None:
                self.recap_start.apply(entry[1])
        self.history.append((player, None))
        self.recap = moves
        self._show_recap(0)

    def _show_recap(self, step):
        """Show the game as the recap's move ``step`` left it, with that move's caption (the view marks what the
        move changed, as it does for any move)."""
        self.mode = RECAP
        self.recap_step = step
        self.recap_at = self.app.now
        shown = self.recap_shown
        if step == 0:  # the state before the first move, so that the view sees the first move's changes
            shown.copy_from(self.recap_start)
            self.view.replay = shown
            self.view.refresh()
        move = self.recap[step][1]
        self.note = self.view.caption(shown, move)  # from the game before the move: no third copy for it
        shown.apply(move)
        self.view.refresh()
        self.set_status("Last turn {}/{}".format(step + 1, len(self.recap)), "A:next")
        self.draw_leds(self.app.grid)

    def _recap_next(self, skip=False):
        step = len(self.recap) if skip else self.recap_step + 1
        if step < len(self.recap):
            self._show_recap(step)
            return
        self.note = ""
        self.mode = PLAYING
        self.view.replay = None
        self.view.refresh()
        self.set_status("{} to play".format(self._player_name(self.session.game.current_player())))
        self.draw_leds(self.app.grid)

    def _end_animation(self, now):
        """A diagonal sweep across the LED grid, gold for a win, red for a loss, blue for a draw; then the board."""
        elapsed = now - self.over_at
        grid = self.app.grid
        if elapsed > END_MS:
            if elapsed - END_MS < 40:
                self.view.draw_leds(grid)
            return
        color = END_COLORS.get(self.session.game.result(), 0xC08000)
        front = (elapsed // 60) % 16
        for y in range(8):
            for x in range(8):
                grid.set(x, y, color if x + y == front or x + y == front - 1 else 0)

    def key(self, pressed):
        profile = self.app.profile
        if self.attract:
            self.app.go("title.TitleScreen")
        elif self.mode == OVER:
            if self.app.now - self.over_at >= RESULT_HOLD_MS:
                self._end_key(pressed)
        elif self.mode == PAUSED:
            self._pause_key(pressed)
        elif self.mode == RECAP:
            if pressed & profile.K_A:
                self._recap_next()
            elif pressed & (profile.K_B | profile.K_START):
                self._recap_next(skip=True)
                if pressed & profile.K_START:
                    self._open_pause()
        elif self.mode == HINTING:
            if pressed & profile.K_B:
                self.steps = None
                self.mode = PLAYING
                self.note = ""
                self.view.draw_leds(self.app.grid)
        elif pressed & profile.K_START:
            self._open_pause()
        elif self.mode == HANDOVER:
            if pressed & profile.K_A:
                self._uncover()
                self.mode = PLAYING
                player = self.session.game.current_player()
                self._start_recap(player)
                self.last_human = player
                self.draw_leds(self.app.grid)
        elif self.mode == PLAYING:
            self.note = ""  # a hint or a refusal is read by the next key
            if pressed & profile.K_B:
                self.view.cancel()
                return
            move = self.view.key(pressed)
            if move is not None:
                player = self.session.game.current_player()
                if self.session.game.reason(move) is None:
                    self._remember(move)
                try:
                    self.session.human_move(move)
                except IllegalMove as err:
                    self.note = str(err)
                    self._sound(sound.REFUSED)
                    return
                self._after_move(player, human=True)

    def _pause_key(self, pressed):
        profile = self.app.profile
        if self.pause.navigate(pressed, profile.K_UP, profile.K_DOWN):
            return
        if pressed & (profile.K_B | profile.K_START):
            self._close_pause()
        elif pressed & profile.K_A:
            choice = self.pause.choice
            if not self.pause.enabled[self.pause.cursor]:
                self.note = "Nothing to undo now" if choice == UNDO else "No turn to replay yet"
                return
            self._close_pause()
            if choice == UNDO:
                self.session.undo()
                self._forget_last()
                self._after_move(self.session.to_move(), human=True)  # an undo counts as an action
            elif choice == HINT:
                self._start_hint()
            elif choice == LAST_TURN:
                self._show_recap(0)
            elif choice == SAVE_QUIT:
                self.app.save_game(self.session.encode())
                self.session.saved()
                self._to_menu()
            elif choice == RULES:
                self.app.go("howto.HowToScreen", back=self, game=self.session.name, paused=self.session)

    def _end_key(self, pressed):
        profile = self.app.profile
        if self.end_menu.navigate(pressed, profile.K_UP, profile.K_DOWN) or not pressed & profile.K_A:
            return
        choice = self.end_menu.choice
        if choice == REMATCH:
            from firmware.session import Session

            session = self.session
            self.app.play(Session.new(session.name, session.game.config, session.seats,
                                      self.app.profile.random_seed(), session.teams))
        elif choice == NEW_GAME:
            self.app.go("new_game.GameChoice")
        else:
            self._to_menu()

    def _start_hint(self):
        """Ask the ``normal`` computer level what it would play here, in slices; B drops the question."""
        from firmware.session import thinking

        session = self.session
        ai = session.ai_module.Ai("normal", session.seed)
        self.steps = thinking(ai, session.game)
        self.mode = HINTING
        self.note = "Thinking of a hint... B: stop"

    def _point_at(self, move):
        """Enter every press of ``move`` but the last on the board view, from the start of the choice, so that the
        board shows the move and A plays it; return what the message line says of it then. A view without a cursor
        names the move."""
        view = self.view
        keys = None
        if hasattr(view, "keys_for"):
            view.refresh()
            keys = view.keys_for(move)
        if not keys:
            return view.caption(self.session.game, move)
        for name in keys[:-1]:
            if name == "B":  # as key() passes B on
                view.cancel()
            else:
                view.key(getattr(self.app.profile, "K_" + name))
        return view.message_line()

    def _to_menu(self):
        self.app.go("main_menu.MainMenu")

    def draw_leds(self, grid):
        self.view.draw_leds(grid)
        if self.mode == HANDOVER:
            grid.clear()


class AttractScreen(PlayScreen):
    """The title's demo: the ``index``-th game (wrapping) in its default two-seat setup, computers in both seats,
    shown and never saved."""

    def __init__(self, app, index):
        from firmware.session import Session

        names = games.names()
        name = names[index % len(names)]
        normal = 1 + games.load(name, "ai").Ai.LEVELS.index("normal")  # not hard: a demo that keeps moving
        session = Session.new(name, None, [normal, normal], app.profile.random_seed())
        super().__init__(app, session, attract=index + 1)
