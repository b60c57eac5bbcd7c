# SPDX-License-Identifier: MIT
"""The choose-then-aim panel the board views share: the legal moves grouped by subject (a piece, a token, the
slides...), one menu row a subject; A on a subject with several moves opens its choices, A again plays one, B
backs out.

A view using it has ``moves`` and ``count`` (the legal moves), the menus ``subjects`` and ``choices``, a
``group`` holding one of them, and gives ``_subject(move)`` (equal for moves chosen together),
``_subject_name(move)``, ``_choice_name(move)`` and ``_aim()`` (mark what the cursor points at).
"""


class SubjectPanel:
    subject_moves = ()  # (first legal-move index, count) of each subject
    choice_moves = ()
    choosing = False

    def _list_subjects(self):
        """Group the legal moves (equal subjects are adjacent in the engine's order) into the subjects menu."""
        items = []
        self.subject_moves = []
        i = 0
        while i < self.count:
            first = i
            key = self._subject(self.moves[i])
            while i < self.count and self._subject(self.moves[i]) == key:
                i += 1
            self.subject_moves.append((first, i - first))
            items.append(self._subject_name(self.moves[first]))
        self._close_choices()
        if not items:
            items.append("Game over")
        self.subjects.set_items(items, None, min(self.subjects.cursor, len(items) - 1))

    def _close_choices(self):
        if self.choosing:
            self.group.remove(self.choices.group)
            self.group.append(self.subjects.group)
            self.choosing = False

    def _panel_key(self, pressed):
        """Up/down move the cursor, A opens a subject or plays a choice: the move chosen, or None."""
        profile = self.app.profile
        menu = self.choices if self.choosing else self.subjects
        if menu.navigate(pressed, profile.K_UP, profile.K_DOWN):
            self._aim()
            self.draw_leds(self.app.grid)
            return None
        if not pressed & profile.K_A or not self.count:
            return None
        if self.choosing:
            move = self.choice_moves[self.choices.cursor]
            self._close_choices()
            return move
        first, count = self.subject_moves[self.subjects.cursor]
        if count == 1:
            return self.moves[first]
        self.choice_moves = [self.moves[first + k] for k in range(count)]
        self.choices.set_items([self._choice_name(m) for m in self.choice_moves])
        self.group.remove(self.subjects.group)
        self.group.append(self.choices.group)
        self.choosing = True
        self._aim()
        return None
