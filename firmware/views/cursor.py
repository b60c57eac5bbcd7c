# SPDX-License-Identifier: MIT
"""Moves made on the board: a cursor over the game's places, legal targets lit, choices cycled in place.

A board view subclasses :class:`BoardView` and says where things are; this module does the rest the same way in
every game:

- **Places** are the spots the cursor can stand on (squares, tiles, halves, holes, hand pieces, dice...), numbered
  ``0 .. place_count() - 1``, each with a position ``place_xy(place)`` on a coarse lattice (for the d-pad).
- **Moves** are located by ``locate(move)``: ``(subject, target)``, each a place or NOWHERE. A move with a subject
  and a target is made by A on the subject, then A on the target (a guard and where it goes). A move with only a
  target is made by A on the target (a guard placed at setup); one with only a subject by A on the subject (a die
  drafted). A move with neither has no place: it is in the action menu (End turn, Roll...).
- **Browsing**, the d-pad jumps to the nearest place in that direction that holds a subject, a direct target or
  a piece worth inspecting (``place_occupied``); A selects the subject there. **Aiming**, after A on a subject,
  its targets light up and the d-pad jumps between them; the board previews the move under the cursor
  (``preview(move)``). Where one target allows several moves (a piece's orientation, a guard's path, a shove's
  direction) SELECT cycles them, previewed in place. A plays, B steps back.
- A where nothing can be done says why: the engine's reason (``Game.reason``) for the move the player seems to
  want (``probe(subject, place)``), on the message line, with the place flashing (``flash_on``).
- The action menu holds the moves without a place. It pops up over the bottom of the view when the d-pad goes
  RIGHT past the last place, or by itself when a choice has nothing else; B or LEFT closes it. The view puts
  ``popup`` (a displayio group) on top of its drawing.

``keys_for(move)`` returns the key presses that enter a move from the start of a choice, found by the same
cursor rules, so ``tools/presses.py`` can count and replay them.
"""

import displayio

from firmware import ui
from firmware.views import base
from core.compat import const

BROWSE = const(0)
AIM = const(1)
MENU = const(2)

FLASH_MS = const(1500)  # how long a refusal stays on the message line and flashes its place
NOWHERE = const(-1)
# what the legal moves of the last refresh do at a place (BoardView.place_flags)
SUBJECT = const(1)  # moves start here
DIRECT = const(2)  # a move without a subject goes here
TARGET = const(4)  # a move of the selected subject goes here


class BoardView(base.View):
    """The cursor, the selection and the action menu; subclasses draw and locate."""

    MENU_ROWS = 4

    def __init__(self, app, session, x, y, width, height):
        super().__init__(app, session, x, y, width, height)
        self.width = width
        self.height = height
        self.count = 0  # legal moves at the last refresh
        self.mode = BROWSE
        self.cursor = 0  # the place under the cursor
        self.subject = NOWHERE  # the selected subject while aiming
        self.options = []  # aiming: the moves of the subject whose target is under the cursor
        self.option = 0  # which of them SELECT has cycled to
        self.menu_moves = []  # the moves without a place, in the action menu's order
        self.flash_place = NOWHERE
        self.flash_until = 0
        self.message = ""
        # per place, what the legal moves do there (SUBJECT, DIRECT, TARGET), not per move: the device's heap cannot
        # spare a record of hundreds of moves (2 KB in Pave the Way), and the moves themselves are not kept either
        # (legal_moves); made at the first refresh, when the view knows its places
        self.place_flags = None
        self.refreshes = 0  # counts refreshes: a view's caches of what the moves allow say which refresh they are of
        self.popup = displayio.Group()
        self.popup.hidden = True
        self.popup_box = ui.Rect(0, 0, width, 1, ui.PANEL)
        self.popup.append(self.popup_box.shape)
        self.menu = ui.Menu(2, 2, width - 4, self.MENU_ROWS, [])
        self.popup.append(self.menu.group)

    # -- what a game view provides ----------------------------------------------------------------------------------
    def place_count(self):
        raise NotImplementedError

    def place_xy(self, place):
        """The place's column and row on the lattice the d-pad walks."""
        raise NotImplementedError

    def place_occupied(self, place):
        """Whether browsing stops here though nothing of the mover's acts from it (a piece worth inspecting)."""
        return False

    def locate(self, move):
        """(subject place, target place) of a legal move; NOWHERE where it has none."""
        raise NotImplementedError

    def option_name(self, move):
        """What distinguishes ``move`` among the moves of one subject onto one target (shown while cycling)."""
        return ""

    def menu_name(self, move):
        """A move without a place, for the action menu: whole plain words."""
        return ""

    def probe(self, subject, place):
        """The move the player seems to want by A on ``place`` (with ``subject`` selected, or NOWHERE), to ask the
        engine why it is not legal; None when there is nothing to ask."""
        return None

    def nothing_here(self, place):
        """What A on a place without a subject says when ``probe`` has nothing to ask."""
        return "Nothing to move here"

    def place_shown(self, place):
        """Whether ``place`` is on the screen now, so that a frame can mark it."""
        return place != NOWHERE

    def outline(self, frame, place):
        """Put ``frame`` (a ui.Frame) around ``place``, or off the screen when the place is not shown."""
        if self.place_shown(place):
            frame.show(*self.place_rect(place))
        else:
            frame.hide()

    def preview(self, move):
        """Show ``move``'s result on the board (None: show the board as it is)."""

    def redraw(self):
        """The cursor, the selection or the option changed: redraw the frame, the lit targets, the LED grid."""

    # -- the state of the choice -----------------------------------------------------------------------------------
    def refresh(self):
        moves = self.legal_moves()
        self.refreshes += 1
        if self.place_flags is None:
            self.place_flags = bytearray(self.place_count())
        flags = self.place_flags
        for place in range(len(flags)):
            flags[place] = 0
        self.menu_moves = []
        for i in range(self.count):
            subject, target = self.locate(moves[i])
            if subject != NOWHERE:
                flags[subject] |= SUBJECT
            elif target != NOWHERE:
                flags[target] |= DIRECT
            else:
                self.menu_moves.append(moves[i])
        self.mode = BROWSE
        self._select(NOWHERE)
        self.options = []
        names = [self.menu_name(m) for m in self.menu_moves]
        self.menu.set_items(names or [""])
        rows = min(self.MENU_ROWS, max(1, len(names)))
        widest = max([len(name) for name in names] + [8]) * ui.CHAR_WIDTH + 8
        self.menu.width = self.menu.bar.shape.width = min(self.width - 4, widest)
        self.popup_box.shape.width = self.menu.width + 4
        self.popup_box.shape.height = rows * ui.LINE_HEIGHT + 4
        self.popup.y = self.height - rows * ui.LINE_HEIGHT - 4
        if self.menu_moves and len(self.menu_moves) == self.count and self.active():
            self.mode = MENU  # nothing to do on the board: the menu is the choice
        if not (self.has_subject(self.cursor) or self.is_direct(self.cursor)):
            self.cursor = self.start_place()
        self.preview(None)
        self.cursor_moved()

    def active(self):
        """Whether a human chooses now: only then is there a cursor."""
        player = self.game.current_player()
        return player >= 0 and self.session.seats[player] == 0 and self.replay is None

    def start_place(self):
        """Where the cursor starts a choice: the place with something to do nearest to where it was."""
        x0, y0 = self.place_xy(self.cursor)
        best = 0
        best_distance = -1
        for place in range(self.place_count()):
            if self.has_subject(place) or self.is_direct(place):
                x, y = self.place_xy(place)
                distance = abs(x - x0) + abs(y - y0)
                if best_distance < 0 or distance < best_distance:
                    best = place
                    best_distance = distance
        return best

    def _flag(self, place, flag):
        flags = self.place_flags
        return 0 <= place < len(flags) and flags[place] & flag != 0

    def has_subject(self, place):
        """A on ``place`` selects it: moves start there."""
        return self._flag(place, SUBJECT)

    def is_direct(self, place):
        """A on ``place`` plays a move at once: a move with this target and no subject."""
        return self._flag(place, DIRECT)

    def _select(self, subject):
        """Make ``subject`` the selected place (NOWHERE: none) and flag the places its moves go to; return how
        many there are."""
        self.subject = subject
        flags = self.place_flags
        for place in range(len(flags)):
            flags[place] &= ~TARGET
        if subject == NOWHERE:
            return 0
        found = 0
        moves = self.legal_moves()
        for i in range(self.count):
            at, target = self.locate(moves[i])
            if at == subject and target != NOWHERE and not flags[target] & TARGET:
                flags[target] |= TARGET
                found += 1
        return found

    def targets(self):
        """The places the selected subject's moves go to."""
        return [place for place in range(len(self.place_flags)) if self.place_flags[place] & TARGET]

    def moves_at(self, subject, target):
        """The legal moves from ``subject`` to ``target`` (either may be NOWHERE), in the engine's order."""
        moves = self.legal_moves()
        return [moves[i] for i in range(self.count) if self.locate(moves[i]) == (subject, target)]

    def _is_stop(self, place):
        """Whether the d-pad stops on ``place`` in the current mode."""
        if place < 0 or place >= self.place_count():
            return False
        if self.mode == AIM:
            return place == self.subject or self._flag(place, TARGET)
        return self.has_subject(place) or self.is_direct(place) or self.place_occupied(place)

    def cursor_moved(self):
        """Show or hide the action menu, then let the view redraw."""
        self.popup.hidden = self.mode != MENU or not self.active()
        self.redraw()

    # -- keys ------------------------------------------------------------------------------------------------------
    def key(self, pressed):
        profile = self.app.profile
        if self.mode == MENU:
            return self._menu_key(pressed)
        for bit, dx, dy in ((profile.K_LEFT, -1, 0), (profile.K_RIGHT, 1, 0), (profile.K_UP, 0, -1),
                            (profile.K_DOWN, 0, 1)):
            if pressed & bit:
                self._step(dx, dy)
                return None
        if pressed & profile.K_SELECT and self.mode == AIM and len(self.options) > 1:
            self.option = (self.option + 1) % len(self.options)
            self.preview(self.options[self.option])
            self.cursor_moved()
            return None
        if pressed & profile.K_A:
            return self._press_a()
        return None

    def _step(self, dx, dy):
        place = self.next_place(self.cursor, dx, dy)
        if place == NOWHERE:
            if dx > 0 and self.menu_moves and self.mode == BROWSE:
                self.mode = MENU
                self.menu.set_items(self.menu.items, cursor=0)
                self.cursor_moved()
            return
        self.cursor = place
        self._aim_at(place)

    def next_place(self, place, dx, dy):
        """The nearest stop from ``place`` in direction (dx, dy): ahead of it, scored by distance ahead plus twice
        the distance aside, ties to the lower place. NOWHERE when there is none."""
        x0, y0 = self.place_xy(place)
        best = NOWHERE
        best_score = 0
        for other in range(self.place_count()):
            if other == place or not self._is_stop(other):
                continue
            x, y = self.place_xy(other)
            ahead = (x - x0) * dx + (y - y0) * dy
            if ahead <= 0:
                continue
            aside = abs((x - x0) * dy) + abs((y - y0) * dx)
            score = ahead + 2 * aside
            if best == NOWHERE or score < best_score:
                best = other
                best_score = score
        return best

    def _aim_at(self, place):
        if self.mode == AIM:
            self.options = self.moves_at(self.subject, place) if place != self.subject else []
            self.option = 0
            self.preview(self.options[0] if self.options else None)
        self.cursor_moved()

    def _press_a(self):
        place = self.cursor
        if self.mode == BROWSE:
            if self.has_subject(place):
                if self._select(place) == 0:  # a subject whose only move is its own (a die drafted): played at once
                    self._select(NOWHERE)
                    return self.moves_at(place, NOWHERE)[0]
                self.mode = AIM
                self._aim_at(place)
                return None
            direct = self.moves_at(NOWHERE, place)
            if direct:
                return direct[0]
            return self._refuse(NOWHERE, place)
        # aiming
        if place == self.subject:
            own = self.moves_at(place, NOWHERE)
            if own:
                return own[0]
            self.cancel()
            return None
        if self.options:
            return self.options[self.option]
        return self._refuse(self.subject, place)

    def _refuse(self, subject, place):
        move = self.probe(subject, place)
        reason = self.game.reason(move) if move is not None else None
        self.message = reason or self.nothing_here(place)
        self.flash_place = place
        self.flash_until = self.app.now + FLASH_MS
        self.cursor_moved()
        return None

    def cancel(self):
        """B: drop the selection, or close the menu (unless it is the only choice)."""
        if self.mode == MENU:
            if len(self.menu_moves) < self.count:
                self.mode = BROWSE
        elif self.mode == AIM:
            self.mode = BROWSE
            self.cursor = self.subject
            self._select(NOWHERE)
            self.options = []
            self.preview(None)
        self.cursor_moved()

    # -- the action menu -------------------------------------------------------------------------------------------
    def _menu_key(self, pressed):
        profile = self.app.profile
        if self.menu.navigate(pressed, profile.K_UP, profile.K_DOWN):
            self.cursor_moved()
            return None
        if pressed & profile.K_LEFT and len(self.menu_moves) < self.count:
            self.mode = BROWSE
            self.cursor_moved()
            return None
        if pressed & profile.K_A and self.menu_moves:
            return self.menu_moves[self.menu.cursor]
        return None

    # -- refusals ----------------------------------------------------------------------------------------------------
    def flash_on(self, now):
        """Whether a refused place shows lit now (it flashes for FLASH_MS)."""
        return self.flash_place != NOWHERE and now < self.flash_until and (now // 150) % 2 == 0

    def tick(self, now):
        """Flash a refused place, then forget the refusal; True while the LED picture changes."""
        if self.flash_place == NOWHERE:
            return False
        if now >= self.flash_until:
            self.flash_place = NOWHERE
            self.message = ""
            self.cursor_moved()
        return True

    def message_line(self):
        return self.message

    # -- counting presses ------------------------------------------------------------------------------------------
    def keys_for(self, move):
        """The presses that enter ``move`` from the current cursor with nothing selected (B first if a choice is
        open), as a list of key names ('LEFT', 'A', 'SELECT'...); None if the move is not legal now."""
        moves = self.legal_moves()
        for i in range(self.count):
            if moves[i] == move:
                break
        else:
            return None
        subject, target = self.locate(move)
        only_menu = len(self.menu_moves) == self.count
        keys = ["B"] if self.mode == AIM or (self.mode == MENU and not only_menu) else []
        place = self.cursor
        if subject == NOWHERE and target == NOWHERE:
            if not only_menu:
                keys += self._path(place, None, BROWSE)[0] or []
                keys.append("RIGHT")  # into the menu, its cursor on the first entry
            keys += ["DOWN"] * self.menu_moves.index(move) + ["A"]
            return keys
        first = subject if subject != NOWHERE else target
        path, place = self._path(place, first, BROWSE)
        keys += path + ["A"]
        if subject == NOWHERE or target == NOWHERE:
            return keys
        saved = (self.mode, self.subject)
        self.mode = AIM
        self._select(subject)
        path, place = self._path(subject, target, AIM)
        self.mode = saved[0]
        self._select(saved[1])
        keys += path
        keys += ["SELECT"] * self.moves_at(subject, target).index(move) + ["A"]
        return keys

    def _path(self, start, goal, mode):
        """Fewest d-pad presses from ``start`` to ``goal`` under ``mode``'s stops (goal None: to a place from which
        RIGHT opens the menu). Returns (keys, place reached); keys None when unreachable."""
        saved = self.mode
        self.mode = mode
        try:
            names = (("LEFT", -1, 0), ("RIGHT", 1, 0), ("UP", 0, -1), ("DOWN", 0, 1))
            previous = {start: None}
            frontier = [start]
            while frontier:
                place = frontier.pop(0)
                if place == goal or (goal is None and self.next_place(place, 1, 0) == NOWHERE):
                    reached = place
                    keys = []
                    while previous[place] is not None:
                        place, name = previous[place]
                        keys.insert(0, name)
                    return keys, reached
                for name, dx, dy in names:
                    other = self.next_place(place, dx, dy)
                    if other != NOWHERE and other not in previous:
                        previous[other] = (place, name)
                        frontier.append(other)
            return None, start
        finally:
            self.mode = saved
