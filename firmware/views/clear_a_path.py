# SPDX-License-Identifier: MIT
"""Clear a Path on the device: the grid, the dice and every player's progress, played with the board cursor
(cursor.py).

Drawing. The left shows a 6x6 grid (rows the die colours red, blue, yellow, black, white, grey, marked on the left;
columns the values 1-6, numbered on top, a blocked column's number in red and its cells tinted): marks white,
barriers red-brown. The panel on the right shows the dice as faces with pips, in their colours: the pool on top
(each die in its own slot, a used die hollow; in solo after the draft the undrafted dice stay there), then a strip
per player: a badge in the player's colour with the initial of its name, the dice they hold, a small map of their
grid and the First Player token ("1st"); a bar in the accent colour beside a badge marks the player to move (solo,
the strip says "You", in the accent colour while you play). Lines under the grid (or under the panel) say whose grid
is shown (the name in that player's colour), what SELECT shows next ("SELECT: Violet"), and how many marks the
closest opponent and you still need ("Orange needs 2", "You need 4"; solo: your path and the barriers' path); an
opponent close to a path shows in red. Each text fits the 160-pixel screen's lines whole, the longest names too.

Names. Players are called by the colours core/games.py names them, colours no die has (Green, Violet, Orange,
Cyan, Pink, Brown; SEATS holds them in the same order), everywhere: here, the status line, the recap ("Violet used
the red 1 to re-roll your grey die: 3 became 2"), the result ("Orange wins!"), the setup. Solo, the player is
"You": "You cleared a path!" or "The barriers closed the grid" ("Barriers closed the grid" on the 160-pixel screen).

Playing. The d-pad jumps between the dice you can use. Draft: A on a pool die drafts it. Actions: A on a die you
hold selects it and lights its targets (its cell for a mark; other dice for re-roll, +1, -1; a column number for
a block; the First Player token; solo, a barrier to erase), the d-pad jumps between them, and the board previews
the move under the cursor: the mark or the erased barrier as an outline on the grid, the die's new value ("?"
for a re-roll), the blocked column, the token; the message line names the effect ("+1: blue 4 becomes 5"). Where
one target allows two moves (a blue 5 gives +1 or -1 to the same die), SELECT cycles them. A plays, B steps back.
So no die acts before its effect is shown. Moves without a place are in the action menu (RIGHT past the last
die): solo "Done", and "Discard" when none of your dice has a use (CAP-C1; the menu then opens by itself). A on a
die of yours with no use says the engine's reason. While browsing, SELECT shows the next player's grid (B or
selecting a die brings yours back). Solo, the grid shows where the undrafted dice will drop their barriers and
where your dice will mark at the end of the round, as outlines, and a previewed action updates that forecast.

The dice tumble when a round's dice are rolled; the cells the last move changed have a corner mark and blink on
the LED grid; at the end the shown grid is the winner's, with the path in gold, and nothing is highlighted.

LED grid: the same 6x6 sheet in rows and columns 1-6, the row colours in column 0, the blocked columns in row 0,
the columns of the mover's held dice in row 7, the rows of the dice still in the pool in column 7 (while new dice
tumble, each also flickers across its row); the cursor yellow-green, the lit targets dim yellow, a refused place
flashing red, and the cells the last move changed blinking white.
"""

import displayio

from core.clear_a_path import rules
from core.prng import Prng
from firmware import ui
from firmware.views.cursor import AIM, BROWSE, MENU, NOWHERE, BoardView
from core.compat import const

ROLL_MS = const(600)  # the pool tumbles this long when a round's dice are rolled
ROLL_STEP_MS = const(60)
BLINK_MS = const(400)  # the cells the last move changed blink on the LED grid
COLOURS = ("red", "blue", "yellow", "black", "white", "grey")
# palette indices, one palette for the grid and the panel
BG, EMPTY, LINE, MARK, BARRIER, BLOCKED, TARGET, GOLD, DARK, EDGE, RED, BLUE, YELLOW, BLACK, GREY = range(15)
PALETTE = (ui.BACKGROUND, 0x101820, 0x405060, 0xF0F0F0, 0xC04818, 0x401818, 0xF0E040, ui.ACCENT, 0x101010, 0x707880,
           0xE02020, 0x2060FF, 0xE0D000, 0x303030, 0x909090)
DIE_FILL = (RED, BLUE, YELLOW, BLACK, MARK, GREY)  # a die's body, by colour (white dice are the mark's white)
DIE_PIPS = (MARK, MARK, DARK, MARK, DARK, DARK)
# The players' colours, in seat order: their names are core/games.py's seat names (Green, Violet, Orange, Cyan, Pink,
# Brown), colours no die has, each bright enough on the background for its badge's dark initial.
SEATS = (0x40C040, 0x9868F0, 0xFF8C20, 0x30D0E0, 0xFF80C0, 0xB07840)
# Full-strength colours: the profile's brightness cap and the Settings level dim the whole grid.
LED_ROWS = (0xC00000, 0x0000D0, 0xA0A000, 0x7000B0, 0x707070, 0x282828)
LED_MARK = const(0xD0D0D0)
LED_BARRIER = const(0xFF3000)
LED_BLOCKED = const(0x900000)
LED_CURSOR = const(0xA0FF00)
LED_TARGET = const(0x303000)
LED_HELD = const(0x00B040)
LED_LAST = const(0xFFFFFF)
LED_REFUSED = const(0xFF0000)
# places: the dice 0..11, the grid's cells, the column numbers (block targets), the First Player token
CELLS = const(12)
HEADS = const(48)
TOKEN = const(54)
PLACES = const(55)
OFF = const(-300)  # where something waits when it is not shown: beyond any display
UNKNOWN = const(7)  # a die value shown as "?" (a re-roll previewed)
# what a path costs per cell (EMPTY, MARKED, BARRIER): marks to make, or barriers to fall (a mark is erased first)
MARK_COSTS = (1, 0, 255)
BARRIER_COSTS = (1, 2, 0)


class View(BoardView):
    PRIVATE = False  # Clear a Path has no hidden information (decisions.md 3.5)

    def __init__(self, app, session, x, y, width, height):
        BoardView.__init__(self, app, session, x, y, width, height)
        game = session.game
        self.players = game.player_count()
        self.solo = self.players == 1
        self.two_sets = game.zone(11) != rules.ABSENT
        self.shown = game.clone()  # the game as the last refresh saw it
        self.drawing = game.clone()  # scratch: the grid a previewed move (or solo, the round's end) leaves; captions
        # -- layout: the grid on the left, the panel (pool and player strips) on the right ------------------------
        u = 2 if height >= 160 else 1
        self.unit = u
        self.die = 5 * u + 4  # a die's face, pips of ``u`` px
        self.pitch = self.die + 2
        self.head = ui.LINE_HEIGHT - 2 + u  # the column numbers' line
        mini = 0 if self.solo else u + 1  # a cell of a player's small map
        lines = (2 if self.two_sets else 1) + self.players
        self.line = min(max(ui.LINE_HEIGHT, self.die + 2, 6 * mini + 1), (height - self.head) // lines)
        self.mini = min(mini, (self.line - 1) // 6)
        self.label_w = (3 if self.solo else 2) * ui.CHAR_WIDTH + 2
        self.map_w = 0 if self.solo else 6 * self.mini + 3
        token_w = 0 if self.solo else 3 * ui.CHAR_WIDTH + 2  # clear of a framed die beside it
        panel_w = max(6 * self.pitch, self.label_w + self.map_w + 3 * self.pitch + token_w)
        marker = 2 * u + 3
        c = min((height - self.head - ui.LINE_HEIGHT - 1) // 6, (width - panel_w - marker - 6) // 6)
        self.cell = c
        self.gx = marker + 1  # the grid's left edge
        grid_px = 6 * c + 1
        self.panel_x = width - panel_w
        self.pool_lines = 2 if self.two_sets else 1
        strips_h = lines * self.line
        self.group = displayio.Group(x=x, y=y)
        palette = displayio.Palette(len(PALETTE))
        for i, colour in enumerate(PALETTE):
            palette[i] = colour
        self.grid_bitmap = displayio.Bitmap(self.gx + grid_px, grid_px, len(PALETTE))
        self.group.append(displayio.TileGrid(self.grid_bitmap, pixel_shader=palette, x=0, y=self.head))
        self.panel = displayio.Bitmap(panel_w, strips_h, len(PALETTE))
        self.group.append(displayio.TileGrid(self.panel, pixel_shader=palette, x=self.panel_x, y=self.head))
        self._draw_frame_lines(marker)
        self.heads = [ui.text_label(str(col + 1), self.gx + col * c + (c - ui.CHAR_WIDTH) // 2 + 1, -1, ui.DIM)
                      for col in range(6)]
        self.pool_label = ui.text_label("Pool", self.panel_x, -1, ui.DIM)
        # each strip begins with a badge in its player's colour holding the initial of their name, and a bar beside
        # the badge marks the player to move (solo: "You", in the accent colour while you play)
        self.strip_labels = []
        badge = 8 + 2 * u  # a badge's height: a capital's 8 rows and a margin
        self.bar = ui.Rect(OFF, OFF, 2, badge, ui.ACCENT)
        for player in range(self.players):
            top = self._strip_y(player) + (self.line - 12) // 2
            text = self.player_name(player)
            x = self.panel_x
            if not self.solo:
                self.group.append(ui.Rect(x + 3, top + 2 - u, ui.CHAR_WIDTH + 1 + 2 * u, badge, SEATS[player]).shape)
                text = text[0]
                x += 4 + u
            self.strip_labels.append(ui.text_label(text, x, top, ui.BACKGROUND))
        self.token_label = ui.text_label("1st" if not self.solo else "", OFF, OFF, ui.ACCENT)
        self.ghost = ui.text_label("1st" if not self.solo else "", OFF, OFF, ui.TEXT)  # the token, previewed
        self.unknown = ui.text_label("?", OFF, OFF, ui.TEXT)  # on a die whose re-roll is previewed
        for widget in self.heads + [self.pool_label, self.token_label, self.ghost, self.bar.shape] + self.strip_labels:
            self.group.append(widget)
        self.group.append(self.unknown)
        # the information lines: under the grid, then under the panel's strips
        self.info = []
        top = self.head + grid_px + 1
        while top + ui.LINE_HEIGHT <= height:
            self.info.append(ui.Line(1, top, self.gx + grid_px, ui.TEXT))
            top += ui.LINE_HEIGHT
        top = self.head + strips_h + 2
        shift = 0 if self.solo else 2  # 2 px into the gap beside the grid: 14 characters for "Orange needs 2"
        while top + ui.LINE_HEIGHT <= height:
            self.info.append(ui.Line(self.panel_x - shift, top, panel_w + shift, ui.TEXT))
            top += ui.LINE_HEIGHT
        for line in self.info:
            self.group.append(line.label)
        self.frame = ui.Frame(ui.ACCENT)
        self.chosen = ui.Frame(0xFFFFFF)  # the selected die
        for shape in self.frame.shapes + self.chosen.shapes:
            self.group.append(shape)
        self.group.append(self.popup)
        # -- what is drawn, to redraw only what changed ----------------------------------------------------------
        self.die_x = [OFF] * 12  # each die's face, in view coordinates
        self.die_y = [OFF] * 12
        self.drawn_die = [-1] * 12  # each die's code as drawn (see _die_code), and where
        self.drawn_at = [(OFF, OFF)] * 12
        self.drawn_cell = [-1] * 36
        self.maps = bytearray(6 * 36)  # every small map as drawn, + 1 (0: not drawn)
        self.sheets = bytearray(6 * 36)  # every grid's cells at the last refresh
        self.last = bytearray(6 * 36)  # 1 on the cells the last grid-changing move changed
        self.win = bytearray(36)  # 1 on the shown grid's path at the end
        self.lit = bytearray(PLACES)
        self.need = bytearray(6)  # the marks each player still needs (solo: [0] yours)
        self.threat = 0  # solo: the barriers still needed to close the grid
        self._dist = bytearray(36)
        self._dist2 = bytearray(36)
        self._queued = bytearray(36)
        self._ring = bytearray(64)
        self._cells = bytearray(36)
        self.token_x = OFF
        self.token_y = OFF
        self.shown_player = 0
        self.previewed = None  # the move whose result the board shows
        self.future_key = None  # (move, refresh count) the scratch grid was worked out for
        self.future = False  # whether the scratch grid differs from the shown one
        for i in range(6 * 36):
            self.sheets[i] = game.cell(i // 36, (i % 36) // 6, i % 6) if i // 36 < self.players else 0
        self.marked = False
        self.blink = False
        self.round = game.round_number()
        self.rolling_until = 0
        self.next_tumble = 0
        self.faces = Prng(app.now & 0x3FFFFFFF)  # for the animation only, never the game's own generator
        self.refresh()

    def _strip_y(self, player):
        """The top of ``player``'s strip, in view coordinates."""
        return self.head + (self.pool_lines + player) * self.line

    def _draw_frame_lines(self, marker):
        """The grid's lines and the row colours, drawn once."""
        bitmap = self.grid_bitmap
        c = self.cell
        bitmap.fill(BG)
        size = 6 * c + 1
        for i in range(7):
            ui.fill(bitmap, self.gx + i * c, 0, 1, size, LINE)
            ui.fill(bitmap, self.gx, i * c, size, 1, LINE)
        for row in range(6):
            y0 = row * c + 2
            ui.fill(bitmap, 0, y0, marker, c - 3, EDGE if row == rules.BLACK else DIE_FILL[row])
            if row == rules.BLACK:
                ui.fill(bitmap, 1, y0 + 1, marker - 2, c - 5, BLACK)

    # -- places -----------------------------------------------------------------------------------------------------
    def place_count(self):
        return PLACES

    def place_rect(self, place):
        c = self.cell
        if place < CELLS:  # a pixel clear of the die, so that the frame shows on a die of its colour
            return self.die_x[place] - 2, self.die_y[place] - 2, self.die + 4, self.die + 4
        if place < HEADS:
            cell = place - CELLS
            return self.gx + (cell % 6) * c, self.head + (cell // 6) * c, c + 1, c + 1
        if place < TOKEN:
            return self.gx + (place - HEADS) * c, 0, c + 1, self.head
        return self.token_x - 1, self.token_y, 3 * ui.CHAR_WIDTH + 2, self.line

    def place_xy(self, place):
        x, y, w, h = self.place_rect(place)
        return x + w // 2, y + h // 2

    def place_occupied(self, place):
        """Your own dice: A on one without a use says why."""
        game = self.shown
        me = game.current_player()
        return place < CELLS and me >= 0 and game.holder(place) == me

    def locate(self, move):
        kind = rules.move_kind(move)
        die = rules.move_die(move)
        if kind == rules.DRAFT:
            return die, NOWHERE
        if kind == rules.MARK:
            return die, CELLS + (die % 6) * 6 + self.shown.value(die) - 1
        if kind != rules.ACTION:
            return NOWHERE, NOWHERE  # discard, done: the action menu
        action = rules.move_action(move)
        if action == rules.BLACK:
            return die, HEADS + self.shown.value(die) - 1
        if action == rules.YELLOW:
            if self.solo:  # the barrier to erase: its row of the die's column
                return die, CELLS + rules.move_target(move) * 6 + self.shown.value(die) - 1
            return die, TOKEN
        return die, rules.move_target(move)

    def menu_name(self, move):
        if rules.move_kind(move) == rules.DONE:
            return "Done: barriers fall"
        return "Discard " + self._die_name(rules.move_die(move))

    def option_name(self, move):
        return self.effect(move)

    def probe(self, subject, place):
        """A die of yours with no use: the engine says why, asked as its mark (the draft is on, its cell is marked,
        its column is blocked; solo, dice mark at the end of the round)."""
        game = self.game
        if subject == NOWHERE and place < CELLS and game.holder(place) == game.current_player():
            return rules.make_move(rules.MARK, 0, place, 0)
        return None

    def nothing_here(self, place):
        return "Nothing to do there"

    # -- words --------------------------------------------------------------------------------------------------
    def _die_name(self, die, value=-1):
        """'red 4' (the second set: '2nd red 4')."""
        return "{}{} {}".format("2nd " if die >= 6 else "", COLOURS[die % 6],
                                self.shown.value(die) if value < 0 else value)

    def _deed(self, game, move, actor, after=None):
        """What an action does, as a verb phrase: 'give +1 to Orange's blue die: 4 becomes 5'; ``after`` (the
        game after it) for the past: 'became'."""
        action = rules.move_action(move)
        target = rules.move_target(move)
        value = game.value(rules.move_die(move))
        if action == rules.BLACK:
            return "block column {}".format(value)
        if action == rules.YELLOW:
            if self.solo:
                return "erase the barrier at {}, column {}".format(COLOURS[target], value)
            return "take the First Player token"
        holder = game.holder(target)
        if self.solo and action == rules.RED:
            whose = "the undrafted"
        elif self.solo or holder == self._viewer():
            whose = "your"
        elif holder == actor:
            whose = "their"
        else:
            whose = self.player_name(holder) + "'s"
        was = game.value(target)
        step = 1 if action == rules.BLUE else -1 if action == rules.WHITE else 0
        text = "{} {} {}{} die: {} ".format("re-roll" if not step else "give {:+d} to".format(step), whose,
                                             "2nd " if target >= 6 else "", COLOURS[target % 6], was)
        if after is None:
            return text + "becomes {}".format(was + step if step else "?")
        if after.round_number() != game.round_number():
            return text[:-2 - len(str(was))] + " (it showed {})".format(was)  # the round ended: the dice were rolled
        return text + "became {}".format(after.value(target))

    def effect(self, move):
        """What a move of the player to move does, in a few plain words, for the message line."""
        game = self.shown
        kind = rules.move_kind(move)
        die = rules.move_die(move)
        if kind == rules.DONE:
            text = "Done: the barriers fall, your dice mark"
        elif kind == rules.DISCARD:
            text = "Discard the {}: no effect".format(self._die_name(die))
        elif kind == rules.MARK:
            text = "Mark {}, column {}".format(COLOURS[die % 6], game.value(die))
        elif kind == rules.DRAFT:
            text = "Draft the " + self._die_name(die)
        else:
            text = self._deed(game, move, game.current_player())
            action = rules.move_action(move)
            if action == rules.BLACK:
                text += ": no marks{} this round".format(" or barriers" if self.solo else "")
            elif action == rules.YELLOW and not self.solo:
                text += " (yours already)" if game.token() == game.current_player() else ": first next round"
            text = text[0].upper() + text[1:]
        if self.future_key is not None and self.future_key[0] == move and self.drawing.is_over():
            won = self.drawing.result() >= 0
            text += ": you clear a path!" if won and self.solo else ": you win!" if won else \
                ": the barriers close the grid!"
        return text

    def caption(self, before, move):
        """The move in plain words: 'Violet used the red 1 to re-roll your grey die: 3 became 2'."""
        actor = before.current_player()
        who = self.player_name(actor)
        kind = rules.move_kind(move)
        die = self._die_name(rules.move_die(move), before.value(rules.move_die(move)))
        after = self.drawing  # the previews' scratch game: worked out again when next drawn
        self.future_key = None
        after.copy_from(before)
        after.apply_legal(move)
        if kind == rules.DRAFT:
            return "{} drafted the {}".format(who, die)
        if kind == rules.DISCARD:
            return "{} discarded the {}: it had no use".format(who, die)
        if kind == rules.MARK:
            text = "{} marked {}, column {}".format(who, die[:-2], before.value(rules.move_die(move)))
            return text + " and cleared a path" if after.result() == actor else text
        text = "" if kind == rules.DONE else "{} used the {} to {}".format(who, die, self._deed(before, move, actor,
                                                                                               after))
        if self.solo and (kind == rules.DONE or after.round_number() != before.round_number() or after.is_over()):
            text = self._fallen(before, after, text + "; " if text else "")
        return text

    def _fallen(self, before, after, text):
        """The end of a solo round in words: where barriers fell, marks went and what came of it."""
        lists = ([], [], [])  # barriers fallen, marks erased, marks made
        for cell in range(36):
            was = before.cell(0, cell // 6, cell % 6)
            now = after.cell(0, cell // 6, cell % 6)
            kind = 0 if now == rules.BARRIER != was else 1 if was == rules.MARKED != now else \
                2 if now == rules.MARKED != was else -1
            if kind >= 0:
                lists[kind].append("{} {}".format(COLOURS[cell // 6], cell % 6 + 1))
        parts = []
        for k, words in enumerate(("barriers fell on ", "erased your mark on ", "your dice marked ")):
            names = lists[k]
            if names:
                parts.append(words + (", ".join(names[:-1]) + " and " if len(names) > 1 else "") + names[-1])
            elif not k:
                parts.append("no barrier fell")
        text += ", ".join(parts)
        if after.is_over():
            text += ": you cleared a path!" if after.result() >= 0 else ": the barriers closed the grid"
        return text[0].upper() + text[1:]

    def result_text(self, result):
        """Solo: 'You cleared a path!' or 'The barriers closed the grid' (or the rounds ran out, CAP-A28)."""
        if not self.solo:
            return "Draw: out of rounds" if result < 0 else BoardView.result_text(self, result)
        if result >= 0:
            return "You cleared a path!"
        if not any(self.win):
            return "Out of rounds: you lost"
        return "The barriers closed the grid" if 28 * ui.CHAR_WIDTH <= self.width - 4 else "Barriers closed the grid"

    # -- the state shown ----------------------------------------------------------------------------------------
    def refresh(self):
        game = self.game
        self.shown.copy_from(game)
        self._note_changes(game)
        mover = game.current_player()
        if mover >= 0:
            self.shown_player = mover
        elif game.result() >= 0:
            self.shown_player = game.result()  # the winner's grid, with the path
        for cell in range(36):
            self.win[cell] = 0
        if game.is_over():
            kind = rules.BARRIER if game.result() < 0 and self.solo else rules.MARKED
            self._path_cells(game, self.shown_player, kind)
        if game.round_number() != self.round:
            self.round = game.round_number()
            self.rolling_until = self.app.now + ROLL_MS  # new dice: tumble before showing them
        self._place_dice()
        self._progress(game)
        self.previewed = None
        BoardView.refresh(self)

    def _note_changes(self, game):
        """Remember every grid's cells; the cells that changed are the last move's (kept until the next change)."""
        changed = False
        for i in range(self.players * 36):
            content = game.cell(i // 36, (i % 36) // 6, i % 6)
            if self.sheets[i] != content:
                changed = True
        if not changed:
            return
        for i in range(self.players * 36):
            content = game.cell(i // 36, (i % 36) // 6, i % 6)
            self.last[i] = 1 if self.sheets[i] != content else 0
            self.sheets[i] = content
        self.marked = True

    def _place_dice(self):
        """Where each die is drawn: the pool slot of its colour (set 2 on a second line), or its holder's strip."""
        game = self.shown
        held = [0] * self.players
        for die in range(12):
            zone = game.zone(die)
            holder = game.holder(die)
            if zone == rules.ABSENT:
                self.die_x[die] = OFF
                self.die_y[die] = OFF
            elif holder < 0:
                self.die_x[die] = self.panel_x + (die % 6) * self.pitch + 1
                self.die_y[die] = self.head + (die // 6) * self.line + (self.line - self.die) // 2
            else:
                self.die_x[die] = self._dice_x0() + held[holder] * self.pitch + 1
                self.die_y[die] = self._strip_y(holder) + (self.line - self.die) // 2
                held[holder] += 1
        self._place_token(game.token() if not self.solo else -1)

    def _dice_x0(self):
        return self.panel_x + self.label_w + self.map_w

    def _place_token(self, holder):
        if holder < 0:
            self.token_x = self.token_y = OFF
        else:
            self.token_x = self._dice_x0() + 3 * self.pitch + 2
            self.token_y = self._strip_y(holder)
        at = (self.token_x, self.token_y + (self.line - 12) // 2)
        if self.token_label.anchored_position != at:
            self.token_label.anchored_position = at

    def _progress(self, game):
        """How many marks each player still needs, and solo, how many barriers would close the grid."""
        for player in range(self.players):
            self.need[player] = self._distance(game, player, MARK_COSTS)
        if self.solo:
            self.threat = self._distance(game, 0, BARRIER_COSTS)

    def _distance(self, game, player, costs):
        """The cheapest path joining opposite sides (either axis), a cell costing ``costs[content]``."""
        best = 255
        for side, end in ((0, 30), (2, 5)):  # top to bottom, left to right
            self._flood(game, player, costs, side, self._dist)
            for k in range(6):
                best = min(best, self._dist[end + k * (1 if side == 0 else 6)])
        return best

    def _path_cells(self, game, player, kind):
        """Light ``self.win`` on every ``kind`` cell of a group that joins two opposite sides."""
        costs = [255, 255, 255]
        costs[kind] = 0
        for side in (0, 2):
            self._flood(game, player, costs, side, self._dist)
            self._flood(game, player, costs, side + 1, self._dist2)
            for i in range(36):
                if self._dist[i] == 0 == self._dist2[i]:
                    self.win[i] = 1

    def _flood(self, game, player, costs, side, dist):
        """The cheapest cost of reaching each cell of ``player``'s grid from a side (0 top, 1 bottom, 2 left,
        3 right), each cell costing ``costs[its content]`` (255: no way through)."""
        cells = self._cells
        queued = self._queued
        ring = self._ring
        for i in range(36):
            cells[i] = costs[game.cell(player, i // 6, i % 6)]
            dist[i] = 255
            queued[i] = 0
        tail = 0
        for k in range(6):
            cell = k * 6 + 5 * (side & 1) if side & 2 else k + 30 * side
            if cells[cell] < 255:
                dist[cell] = cells[cell]
                ring[tail] = cell
                queued[cell] = 1
                tail += 1
        head = 0
        while head != tail:
            cell = ring[head & 63]
            head += 1
            queued[cell] = 0
            row, col = divmod(cell, 6)
            for near, ok in ((cell - 6, row > 0), (cell + 1, col < 5), (cell + 6, row < 5), (cell - 1, col > 0)):
                if ok and dist[cell] + cells[near] < dist[near]:
                    dist[near] = dist[cell] + cells[near]
                    if not queued[near]:
                        queued[near] = 1
                        ring[tail & 63] = near
                        tail += 1

    # -- previews -----------------------------------------------------------------------------------------------
    def preview(self, move):
        """Remember the move to show: redraw() draws it."""
        self.previewed = move

    def _shown_move(self):
        """The move the board shows now: the option under the cursor, or the menu's highlighted entry."""
        if not self.active():
            return None
        if self.mode == MENU and self.menu_moves:
            return self.menu_moves[self.menu.cursor]
        return self.previewed

    def _work_out_future(self, move):
        """The grid ``move`` leaves in ``drawing`` (solo: after the round's barriers and marks too). A re-roll's
        outcome is never shown: its grid stays as it is. Returns whether the scratch grid is to be drawn."""
        key = (move, self.refreshes)
        if key == self.future_key:
            return self.future
        self.future_key = key
        game = self.shown
        drawing = self.drawing
        drawing.copy_from(game)
        if move is not None:
            if rules.move_kind(move) == rules.ACTION and rules.move_action(move) in (rules.RED, rules.GREY):
                self.future = False
                return False
            drawing.apply_legal(move)
        if self.solo and not drawing.is_over() and drawing.phase() == rules.PHASE_ACTION and \
                drawing.round_number() == game.round_number():
            done = self._done_move()
            if done is not None:
                drawing.apply_legal(done)  # the forecast of the round's end: barriers, then marks
        self.future = move is not None or (self.solo and game.phase() == rules.PHASE_ACTION)
        return self.future

    def _done_move(self):
        moves = self.legal_moves()
        for i in range(self.count):
            if rules.move_kind(moves[i]) == rules.DONE:
                return moves[i]
        return None

    # -- drawing ------------------------------------------------------------------------------------------------
    def redraw(self):
        game = self.shown
        mover = game.current_player()
        active = self.active()
        if self.mode == AIM and self.shown_player != mover:
            self.shown_player = mover  # a die is being used: on its player's grid
        for place in range(PLACES):
            self.lit[place] = 0
        if active and self.mode == AIM:
            for place in self.targets():
                self.lit[place] = 1
        move = self._shown_move()
        future = self._work_out_future(move) and self.shown_player == mover
        self._draw_grid(future, move)
        self._draw_dice(move)
        self._draw_maps()
        self._draw_labels(move)
        self.outline(self.frame, self.cursor if self.mode != MENU and active else NOWHERE)
        self.outline(self.chosen, self.subject if self.mode == AIM and active else NOWHERE)
        self.draw_leds(self.app.grid)

    def _draw_grid(self, future, move):
        game = self.shown
        player = self.shown_player
        blocked = 0
        for col in range(6):
            blocked |= game.blocked(col) << col
        if move is not None and rules.move_kind(move) == rules.ACTION and rules.move_action(move) == rules.BLACK:
            blocked |= 1 << (game.value(rules.move_die(move)) - 1)
        for cell in range(36):
            row = cell // 6
            col = cell % 6
            base = game.cell(player, row, col)
            fut = self.drawing.cell(player, row, col) if future else base
            code = base | fut << 2 | (blocked >> col & 1) << 4 | self.lit[CELLS + cell] << 5 | \
                self.last[player * 36 + cell] << 6 | self.win[cell] << 7
            if self.drawn_cell[cell] != code:
                self.drawn_cell[cell] = code
                self._draw_cell(cell, base, fut, blocked >> col & 1, self.lit[CELLS + cell],
                                self.last[player * 36 + cell], self.win[cell])
        for col in range(6):
            colour = ui.WARNING if blocked >> col & 1 else ui.DIM
            if self.lit[HEADS + col]:
                colour = PALETTE[TARGET]
            if self.heads[col].color != colour:
                self.heads[col].color = colour

    def _draw_cell(self, cell, base, fut, blocked, lit, last, win):
        bitmap = self.grid_bitmap
        c = self.cell
        size = c - 1
        x0 = self.gx + (cell % 6) * c + 1
        y0 = (cell // 6) * c + 1
        ui.fill(bitmap, x0, y0, size, size, BLOCKED if blocked else EMPTY)
        inset = max(1, c // 8)
        colours = (EMPTY, GOLD if win else MARK, GOLD if win else BARRIER)
        if base == fut:
            if base != rules.EMPTY:
                ui.fill(bitmap, x0 + inset, y0 + inset, size - 2 * inset, size - 2 * inset, colours[base])
        else:
            if base != rules.EMPTY:  # what goes away: shrunk to its centre
                small = max(2, size // 3)
                ui.fill(bitmap, x0 + (size - small) // 2, y0 + (size - small) // 2, small, small, colours[base])
            if fut != rules.EMPTY:  # what comes: an outline
                w = max(1, c // 10)
                inner = size - 2 * inset
                for x, y, width, height in ((0, 0, inner, w), (0, inner - w, inner, w), (0, 0, w, inner),
                                            (inner - w, 0, w, inner)):
                    ui.fill(bitmap, x0 + inset + x, y0 + inset + y, width, height, colours[fut])
        if lit and base == fut:
            m = max(2, c // 5)
            ui.fill(bitmap, x0 + (size - m) // 2, y0 + (size - m) // 2, m, m, TARGET)
        if last:
            ui.fill(bitmap, x0, y0 + size - 2, 2, 2, GOLD)

    def _die_value(self, die, move):
        """The value a die shows: its own, the previewed +1/-1, UNKNOWN for a previewed re-roll."""
        value = self.shown.value(die)
        if move is not None and rules.move_kind(move) == rules.ACTION and rules.move_target(move) == die:
            action = rules.move_action(move)
            if action == rules.BLUE:
                return value + 1
            if action == rules.WHITE:
                return value - 1
            if action == rules.RED or action == rules.GREY:
                return UNKNOWN
        return value

    def _die_code(self, die, move):
        game = self.shown
        if self.die_x[die] == OFF:
            return -1
        used = game.holder(die) < 0 and game.zone(die) == rules.POOL and game.phase() != rules.PHASE_DRAFT
        tumbling = self.rolling_until and game.holder(die) < 0
        return self._die_value(die, move) | used << 3 | self.lit[die] << 4 | tumbling << 5

    def _draw_dice(self, move):
        """Two passes: clear the dice that changed or moved, then draw them where they are now."""
        changed = []
        for die in range(12):
            code = self._die_code(die, move)
            at = (self.die_x[die], self.die_y[die])
            if code != self.drawn_die[die] or at != self.drawn_at[die]:
                old = self.drawn_at[die]
                if old[0] != OFF:
                    ui.fill(self.panel, old[0] - 1 - self.panel_x, old[1] - 1 - self.head, self.die + 2,
                            self.die + 2, BG)
                changed.append(die)
        for die in changed:
            code = self._die_code(die, move)
            self.drawn_die[die] = code
            self.drawn_at[die] = (self.die_x[die], self.die_y[die])
            if code >= 0:
                self._draw_die(die, code & 7 if not code & 32 else 1 + self.faces.below(6), code >> 3 & 1,
                               code >> 4 & 1)
        at = (OFF, OFF)
        for die in range(12):
            if self.drawn_die[die] >= 0 and self.drawn_die[die] & 7 == UNKNOWN:
                if self.unknown.color != PALETTE[DIE_PIPS[die % 6]]:
                    self.unknown.color = PALETTE[DIE_PIPS[die % 6]]
                at = (self.die_x[die] + (self.die - ui.CHAR_WIDTH) // 2 + 1, self.die_y[die] + (self.die - 12) // 2)
        if self.unknown.anchored_position != at:
            self.unknown.anchored_position = at

    def _draw_die(self, die, value, used, lit):
        bitmap = self.panel
        d = self.die
        x = self.die_x[die] - self.panel_x
        y = self.die_y[die] - self.head
        colour = DIE_FILL[die % 6]
        if lit:
            ui.fill(bitmap, x - 1, y - 1, d + 2, d + 2, TARGET)
        if used:  # back in the pool: hollow
            ui.fill(bitmap, x, y, d, d, colour if colour != BLACK else EDGE)
            ui.fill(bitmap, x + 1, y + 1, d - 2, d - 2, BG)
            pips = EDGE
        else:
            ui.fill(bitmap, x, y, d, d, EDGE if colour == BLACK else colour)
            if colour == BLACK:
                ui.fill(bitmap, x + 1, y + 1, d - 2, d - 2, BLACK)
            pips = DIE_PIPS[die % 6]
        if value != UNKNOWN:
            ui.pips(bitmap, x + 2, y + 2, value, self.unit, pips)

    def _draw_maps(self):
        """Each player's grid in small, beside their dice (not solo: the grid is always yours)."""
        if not self.mini:
            return
        m = self.mini
        for player in range(self.players):
            x0 = self.label_w + 1
            y0 = self._strip_y(player) - self.head + (self.line - 6 * m) // 2
            for cell in range(36):
                content = self.sheets[player * 36 + cell]
                if self.maps[player * 36 + cell] != content + 1:
                    self.maps[player * 36 + cell] = content + 1
                    ui.fill(self.panel, x0 + (cell % 6) * m, y0 + (cell // 6) * m, m, m,
                            MARK if content == rules.MARKED else EMPTY)

    def _draw_labels(self, move):
        game = self.shown
        mover = game.current_player()
        if self.solo:
            colour = ui.ACCENT if mover == 0 else ui.DIM
            if self.strip_labels[0].color != colour:
                self.strip_labels[0].color = colour
        else:  # the bar beside the mover's badge
            self.bar.move(self.panel_x if mover >= 0 else OFF, self._strip_y(mover) + (self.line - 12) // 2 + 2 -
                          self.unit if mover >= 0 else OFF)
        ghost = (OFF, OFF)
        if move is not None and rules.move_kind(move) == rules.ACTION and rules.move_action(move) == rules.YELLOW \
                and not self.solo and game.token() != mover:
            ghost = (self.token_x, self._strip_y(mover) + (self.line - 12) // 2)  # the token previewed as yours
        if self.ghost.anchored_position != ghost:
            self.ghost.anchored_position = ghost
        colour = PALETTE[TARGET] if self.lit[TOKEN] else ui.ACCENT
        if self.token_label.color != colour:
            self.token_label.color = colour
        ui.set_text(self.pool_label, "Undrafted" if self.solo and game.phase() == rules.PHASE_ACTION else "Pool")
        self._write_info(game, mover)

    def _write_info(self, game, mover):
        """The information lines, in order of importance, as many as there are lines (a line scrolls what does
        not fit)."""
        texts = []  # (text, colour)
        if self.solo:
            texts.append(("Round {}".format(game.round_number() + 1), ui.TEXT))
            warn = ui.WARNING if self.threat <= 2 else ui.TEXT
            open_path = self.need[0] <= 36  # else barriers cut every way across: no mark path is left
            if len(self.info) > 1 and self.info[1].room >= 21:
                texts.append(("Your path: {} to go".format(self.need[0]) if open_path else "Your path: blocked",
                              ui.TEXT))
                texts.append(("Barrier path: {} to go".format(self.threat), warn))
            else:  # narrow lines: a heading, then the two figures
                texts.append(("To go:", ui.DIM))
                texts.append(("your path {}".format(self.need[0]) if open_path else "path blocked", ui.TEXT))
                texts.append(("barriers {}".format(self.threat), warn))
        else:
            viewer = self._viewer()
            texts.append((self.player_name(self.shown_player), SEATS[self.shown_player]))  # the grid's caption
            browsing = self.active() and self.mode == BROWSE
            texts.append(("SELECT: " + self.player_name((self.shown_player + 1) % self.players) if browsing else "",
                          ui.DIM))
            best = -1
            for player in range(self.players):
                if player != viewer and (best < 0 or self.need[player] < self.need[best]):
                    best = player
            if not game.is_over():  # at the end the status line names the winner and the end menu covers these
                texts.append(("{} needs {}".format(self.player_name(best), self.need[best]),
                              ui.WARNING if self.need[best] <= 2 else ui.TEXT))
                if viewer >= 0:
                    texts.append(("You need {}".format(self.need[viewer]), ui.TEXT))
        for k, line in enumerate(self.info):
            text, colour = texts[k] if k < len(texts) else ("", ui.TEXT)
            line.set(text, self.app.now)
            if line.label.color != colour:
                line.label.color = colour

    def _viewer(self):
        """The player the device speaks to: the human to move, else the only human, else nobody (-1)."""
        mover = self.shown.current_player()
        if mover >= 0 and self.session.seats[mover] == 0:
            return mover
        humans = [p for p in range(self.players) if self.session.seats[p] == 0]
        return humans[0] if len(humans) == 1 else -1

    def place_shown(self, place):
        return place != NOWHERE and not (place < CELLS and self.die_x[place] == OFF or
                                         place == TOKEN and self.token_x == OFF)

    # -- keys and words ---------------------------------------------------------------------------------------
    def key(self, pressed):
        profile = self.app.profile
        if pressed & profile.K_SELECT and self.mode == BROWSE and self.players > 1:
            self.shown_player = (self.shown_player + 1) % self.players  # the next player's grid
            self.cursor_moved()
            return None
        return BoardView.key(self, pressed)

    def cancel(self):
        """B: back to the mover's grid when another is shown, else drop the selection."""
        mover = self.shown.current_player()
        if self.mode == BROWSE and mover >= 0 and self.shown_player != mover:
            self.shown_player = mover
            self.cursor_moved()
            return
        BoardView.cancel(self)

    def message_line(self):
        if self.message:
            return self.message
        if not self.active():
            return ""
        if self.mode == MENU:
            move = self.menu_moves[self.menu.cursor]
            if rules.move_kind(move) == rules.DISCARD:
                return "None of your dice has a use: discard one"
            return self.effect(move)
        if self.mode == AIM:
            if self.options:
                text = self.effect(self.options[self.option])
                if len(self.options) > 1:
                    text += " - SELECT: other use ({}/{})".format(self.option + 1, len(self.options))
                return text + "; A: play"
            return "The {}: choose a lit target; B: back".format(self._die_name(self.subject))
        place = self.cursor
        if place < CELLS and self.has_subject(place):
            if self.shown.phase() == rules.PHASE_DRAFT:
                return "A: draft the " + self._die_name(place)
            return "The {}: A to use it".format(self._die_name(place))
        if place < CELLS and self.die_x[place] != OFF:
            return "The {}: no use now".format(self._die_name(place))
        return ""

    def rolling(self):
        return bool(self.rolling_until)

    # -- animation and the LED grid -----------------------------------------------------------------------------
    def tick(self, now):
        """Tumble the pool while a roll is shown, flash a refusal, blink the last change, scroll the information
        lines. True when the LED picture changed."""
        changed = BoardView.tick(self, now)
        for line in self.info:
            line.tick(now)
        if self.marked and (now // BLINK_MS) % 2 != self.blink:
            self.blink = not self.blink
            changed = True
        if self.rolling_until:
            if now >= self.rolling_until:
                self.rolling_until = 0
                self.redraw()
                return True
            if now >= self.next_tumble:
                self.next_tumble = now + ROLL_STEP_MS
                for die in range(12):
                    if self.die_x[die] != OFF and self.shown.holder(die) < 0:
                        self.drawn_die[die] = -1  # drawn again with a random face
                self._draw_dice(None)
                changed = True
        if changed:
            self.draw_leds(self.app.grid)
        return changed

    def _led_of(self, place):
        """The LED of a place: (x, y), or None."""
        game = self.shown
        if CELLS <= place < HEADS:
            return (place - CELLS) % 6 + 1, (place - CELLS) // 6 + 1
        if HEADS <= place < TOKEN:
            return place - HEADS + 1, 0
        if 0 <= place < CELLS and game.zone(place) != rules.ABSENT:
            if game.holder(place) >= 0 and game.holder(place) == game.current_player():
                return game.value(place), 7
            if game.holder(place) < 0:
                return 7, place % 6 + 1
        return None

    def draw_leds(self, grid):
        game = self.shown
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
        mover = game.current_player()
        for die in range(12):
            zone = game.zone(die)
            if zone == rules.ABSENT:
                continue
            if mover >= 0 and game.holder(die) == mover:
                grid.set(game.value(die), 7, LED_HELD)
            elif zone == rules.POOL and game.phase() == rules.PHASE_DRAFT:
                grid.set(7, die % 6 + 1, LED_ROWS[die % 6])
                if self.rolling_until:  # the roll tumbles across the die's row
                    grid.set(1 + self.faces.below(6), die % 6 + 1, LED_ROWS[die % 6])
        if self.blink:
            for cell in range(36):
                if self.last[player * 36 + cell]:
                    grid.set(cell % 6 + 1, cell // 6 + 1, LED_LAST)
        if not self.active():
            return
        for place in range(PLACES):
            if self.lit[place]:
                led = self._led_of(place)
                if led is not None:
                    grid.set(led[0], led[1], LED_TARGET)
        if self.mode != MENU:
            led = self._led_of(self.cursor)
            if led is not None:
                grid.set(led[0], led[1], LED_CURSOR)
        if self.flash_on(self.app.now):
            led = self._led_of(self.flash_place)
            if led is not None:
                grid.set(led[0], led[1], LED_REFUSED)

