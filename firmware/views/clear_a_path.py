# SPDX-License-Identifier: MIT
"""Clear a Path on the device: the grid of the player to move, the dice, and a die-first way to choose moves.

Up/down pick a die (the dice panel lists every die with its value and where it is); A opens the uses of that die
(mark, its actions with their targets, draft, discard) and A again plays one; B backs out of a choice. SELECT
shows the next player's grid. The LED grid shows the same 6x6 sheet in rows and columns 1-6, the row colours in
column 0, the blocked columns in row 0, the columns of the mover's held dice in row 7, the rows of the dice
still in the pool in column 7 (while new dice tumble, each also flickers across its row), the selected die's cell
in yellow-green, and the cell the last move changed blinking white.
"""

import displayio

from core.clear_a_path import notation, rules
from core.game import move_buffer
from core.prng import Prng
from firmware import ui
from firmware.views import base

CELL = 9
ROLL_MS = 600  # the dice panel tumbles this long when a round's dice are rolled
ROLL_STEP_MS = 60
# Stand-ins where a colour would not show (black on the TFT's background, black and grey on LEDs): the names are
# on screen too, so no player depends on hue alone.
ROW_COLORS = (0xE02020, 0x2060FF, 0xE0D000, 0x9050D0, 0xF0F0F0, 0x909090)
# Full-strength colours: the profile's brightness cap and the Settings level dim the whole grid.
LED_ROWS = (0xC00000, 0x0000D0, 0xA0A000, 0x7000B0, 0x707070, 0x282828)
LED_MARK = 0xD0D0D0
LED_BARRIER = 0xFF3000
LED_BLOCKED = 0x900000
LED_CURSOR = 0xA0FF00
LED_HELD = 0x00B040
LED_LAST = 0xFFFFFF
BLINK_MS = 400  # the cell the last move changed blinks on the grid


class View(base.View):
    PRIVATE = False  # Clear a Path has no hidden information (decisions.md 3.5)

    def __init__(self, app, session, x, y, width, height):
        super().__init__(app, session, x, y, width, height)
        self.moves = move_buffer(rules.Game.MAX_MOVES)
        self.count = 0
        self.shown_player = 0
        self.group = displayio.Group(x=x, y=y)
        size = 6 * CELL + 1
        self.cells = displayio.Bitmap(size, size, 4)
        palette = displayio.Palette(4)
        palette[0] = 0x101820  # empty
        palette[1] = 0xF0F0F0  # mark
        palette[2] = 0xC03020  # barrier
        palette[3] = 0x405060  # grid lines and blocked-column hatching
        self.group.append(displayio.TileGrid(self.cells, pixel_shader=palette, x=10, y=12))
        for i in range(7):
            for k in range(size):
                self.cells[i * CELL, k] = 3
                self.cells[k, i * CELL] = 3
        for row in range(6):
            marker = ui.Rect(2, 12 + row * CELL + 2, 6, CELL - 3, ROW_COLORS[row])
            self.group.append(marker.shape)
        self.group.append(ui.text_label("123456", 12, 0, ui.DIM))
        self.owner = ui.text_label("", 2, 12 + size + 2, ui.DIM)
        self.group.append(self.owner)
        self.blocked = ui.text_label("", 2, 12 + size + 2 + ui.LINE_HEIGHT, ui.WARNING)
        self.group.append(self.blocked)
        self.dice = ui.Menu(70, 0, width - 70, height // ui.LINE_HEIGHT, [])
        self.group.append(self.dice.group)
        self.uses = ui.Menu(70, 0, width - 70, height // ui.LINE_HEIGHT, [])
        self.use_moves = []
        self.die_rows = []  # the die (or -1 for "done") on each dice-menu row
        self.choosing = False
        self.drawn = bytearray(36)  # what each cell shows + 1 (0: not drawn)
        self.drawn_player = -1
        self.round = -1
        self.rolling_until = 0
        self.next_tumble = 0
        self.faces = Prng(app.now & 0x3FFFFFFF)  # for the animation only, never the game's own generator
        self.sheets = bytearray(6 * 36)  # every grid's cells at the last refresh
        self._changed_cell(session.game)
        self.last_cell = -1  # player * 36 + cell the last move changed, or -1
        self.blink = False
        self.refresh()

    def _changed_cell(self, game):
        """Remember every grid's cells; return ``player * 36 + cell`` of the last that changed, or -1."""
        changed = -1
        for player in range(game.players):
            for cell in range(36):
                i = player * 36 + cell
                content = game.cell(player, cell // 6, cell % 6)
                if self.sheets[i] != content:
                    self.sheets[i] = content
                    changed = i
        return changed

    # -- drawing -------------------------------------------------------------------------------------------------
    def refresh(self):
        game = self.session.game
        changed = self._changed_cell(game)
        if changed >= 0:
            self.last_cell = changed
        if game.round_number() != self.round:
            if self.round >= 0:
                self.rolling_until = self.app.now + ROLL_MS  # new dice: tumble before showing them
            self.round = game.round_number()
        self.count = game.legal_moves(self.moves)
        player = game.current_player()
        if player >= 0:
            self.shown_player = player
        self._draw_grid()
        items = []
        self.die_rows = []
        for die in range(game.dice):
            zone = game.zone(die)
            if zone == rules.POOL:
                where = "pool"
            elif zone == rules.UNDRAFTED:
                where = "barrier"  # an undrafted solo die drops a barrier at the end of the round
            else:
                where = "P{}".format(zone)
            items.append("{} {} {}".format(notation.die_name(die), game.value(die), where))
            self.die_rows.append(die)
        if game.solo and game.phase() == rules.PHASE_ACTION:
            items.append("Done")
            self.die_rows.append(-1)
        enabled = [self._moves_for(row) != [] for row in self.die_rows]
        if not any(enabled):
            enabled = [True] * len(items)
        self.dice.set_items(items, enabled, self.dice.cursor)
        self._close_uses()

    def rolling(self):
        return bool(self.rolling_until)

    def tick(self, now):
        """Tumble the dice panel while a roll is shown, then settle on the real values; blink the last change.
        True when the LED picture changed."""
        blinked = self.last_cell >= 0 and (now // BLINK_MS) % 2 != self.blink
        if blinked:
            self.blink = not self.blink
        if not self.rolling_until:
            return blinked
        if now >= self.rolling_until:
            self.rolling_until = 0
            self.refresh()
            return True
        if now >= self.next_tumble and not self.choosing:
            self.next_tumble = now + ROLL_STEP_MS
            game = self.session.game
            for row in range(min(self.dice.rows, game.dice)):
                die = self.dice.top + row
                if die < game.dice:
                    ui.set_text(self.dice.labels[row], "{} {}".format(notation.die_name(die), 1 + self.faces.below(6)))
            return True
        return blinked

    def _draw_grid(self):
        game = self.session.game
        player = self.shown_player
        if player != self.drawn_player:
            self.drawn_player = player
            for i in range(36):
                self.drawn[i] = 0  # another player's grid: every cell is drawn again
        for row in range(6):
            for col in range(6):
                content = game.cell(player, row, col)
                index = row * 6 + col
                if self.drawn[index] == content + 1:
                    continue
                self.drawn[index] = content + 1
                x0 = col * CELL + 1
                y0 = row * CELL + 1
                for dx in range(CELL - 1):
                    for dy in range(CELL - 1):
                        self.cells[x0 + dx, y0 + dy] = content
        ui.set_text(self.owner, "P{} grid".format(player + 1))
        blocked = ",".join(str(c + 1) for c in range(6) if game.blocked(c))
        ui.set_text(self.blocked, "block " + blocked if blocked else "")

    # -- choosing ----------------------------------------------------------------------------------------------
    def _moves_for(self, die):
        """The legal moves that use ``die`` (draft, mark, actions, discard), or 'done' for -1."""
        found = []
        for i in range(self.count):
            move = self.moves[i]
            kind = rules.move_kind(move)
            if die < 0 and kind == rules.DONE:
                found.append(move)
            elif die >= 0 and kind != rules.DONE and rules.move_die(move) == die:
                found.append(move)
        return found

    def _close_uses(self):
        if self.choosing:
            self.group.remove(self.uses.group)
            self.group.append(self.dice.group)
            self.choosing = False

    def cancel(self):
        self._close_uses()

    def key(self, pressed):
        profile = self.app.profile
        if pressed & profile.K_SELECT:
            game = self.session.game
            self.shown_player = (self.shown_player + 1) % game.players
            self._draw_grid()
            self.draw_leds(self.app.grid)
            return None
        menu = self.uses if self.choosing else self.dice
        if menu.navigate(pressed, profile.K_UP, profile.K_DOWN):
            self.draw_leds(self.app.grid)
            return None
        if not pressed & profile.K_A:
            return None
        if self.choosing:
            move = self.use_moves[self.uses.cursor]
            self._close_uses()
            return move
        moves = self._moves_for(self.die_rows[self.dice.cursor])
        if len(moves) == 1:
            return moves[0]
        if moves:
            game = self.session.game
            self.use_moves = moves
            self.uses.set_items([notation.format_move(game, m) for m in moves])
            self.group.remove(self.dice.group)
            self.group.append(self.uses.group)
            self.choosing = True
        return None

    def draw_leds(self, grid):
        game = self.session.game
        grid.clear()
        player = self.shown_player
        for row in range(6):
            grid.set(0, row + 1, LED_ROWS[row])
            for col in range(6):
                content = game.cell(player, row, col)
                if content == rules.MARKED:
                    grid.set(col + 1, row + 1, LED_MARK)
                elif content == rules.BARRIER:
                    grid.set(col + 1, row + 1, LED_BARRIER)
        for col in range(6):
            if game.blocked(col):
                grid.set(col + 1, 0, LED_BLOCKED)
        # indicators: bottom row, the columns the mover's held dice show; right column, the rows of pool dice
        mover = game.current_player()
        for die in range(game.dice):
            zone = game.zone(die)
            if mover >= 0 and zone == mover + 1:
                grid.set(game.value(die), 7, LED_HELD)
            elif zone == rules.POOL and game.phase() == rules.PHASE_DRAFT:
                grid.set(7, (die % 6) + 1, LED_ROWS[die % 6])
                if self.rolling_until:  # the roll tumbles across the die's row
                    grid.set(1 + self.faces.below(6), (die % 6) + 1, LED_ROWS[die % 6])
        if self.blink and self.last_cell // 36 == player:
            grid.set(self.last_cell % 6 + 1, (self.last_cell % 36) // 6 + 1, LED_LAST)
        if self.dice.items and not self.choosing and not self.rolling_until:
            die = self.die_rows[self.dice.cursor]
            if die >= 0:
                grid.set(game.value(die), (die % 6) + 1, LED_CURSOR)
