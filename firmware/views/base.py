# SPDX-License-Identifier: MIT
"""The interface of a game's view: what the play screen asks of the board area, with the optional hooks' defaults.

``firmware/screens/play.py`` loads ``firmware/views/<game>.py`` by the game's name (``load_view``), or the move
list (``firmware/views/moves.py``) for a game without a board view of its own, and talks to it only through these
methods:

- ``View(app, session, x, y, width, height)``: ``group`` holds what it draws in that area;
- ``refresh()`` after the game changed (``legal_moves()`` lists its legal moves), ``key(pressed)`` returns a
  move when the human completes one (else None), ``cancel()`` drops a partial choice (B), ``draw_leds(grid)``
  paints the LED grid;
- ``PRIVATE``: True while a human's turn shows what the other players must not see (a hand-over screen comes
  first when several humans play);
- ``tick(now)``: animate; True when the LED picture changed;
- ``player_name(player)``: what a seat is called on screen;
- ``rolling()``: True when the move just shown rolled dice (the roll sound instead of the move click);
- ``message_line()``: what the message line says while a human chooses (what the cursor is on, why a move was
  refused), unless the play screen has a note of its own;
- ``caption(before, move)``: one line in plain words saying what ``move`` did, played in the game ``before``
  (a copy of the game before it), for the recap of the other side's turn: "North shoved your guard from c5 to
  c4". The default names the player and the move's notation.
- ``result_text(result)``: the end of the game in a line, ``result`` as ``Game.result()`` gives it.
"""

from core import games
from core.game import DRAW, LOSS


class View:
    PRIVATE = False
    replay = None  # set by the play screen while its recap shows an earlier state of the game: nothing to choose

    def __init__(self, app, session, x, y, width, height):
        self.app = app
        self.session = session

    @property
    def game(self):
        """The game to draw: the session's, or the earlier state the recap shows (the session keeps its game, so
        nothing that saves or plays can see the replayed one)."""
        return self.session.game if self.replay is None else self.replay

    def legal_moves(self):
        """The legal moves of the shown game, written into its engine's check buffer (``Game.check_buffer``) and
        counted in ``self.count``. A view generates them again wherever it needs the moves themselves (a press of
        A; each step of the board cursor while aiming, at most about 2 M instructions in Pave the Way) rather than
        keeping a copy, which costs 4 KB of the device's heap in Pave the Way; the buffer is any check's or
        computer player's scratch in between. The game does not change between two refreshes, and the same game
        lists the same moves in the same order, so the i-th is the i-th of the last refresh."""
        game = self.game
        moves = game.check_buffer()
        self.count = game.legal_moves(moves)
        return moves

    def refresh(self):
        pass

    def key(self, pressed):
        return None

    def cancel(self):
        pass

    def draw_leds(self, grid):
        grid.clear()

    def tick(self, now):
        return False

    def player_name(self, player):
        return games.info(self.session.name).seat_name(player, self.game.player_count())

    def rolling(self):
        return False

    def message_line(self):
        return ""

    def result_text(self, result):
        if result == DRAW:
            return "Draw."
        if result == LOSS:
            return "You lost."
        return "{} wins!".format(self.player_name(result))

    def caption(self, before, move):
        notation = games.load(self.session.name, "notation")
        return "{}: {}".format(self.player_name(before.current_player()), notation.format_move(before, move))
