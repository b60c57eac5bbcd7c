# SPDX-License-Identifier: MIT
"""New game: pick a game, then players, who sits in each seat (human or computer level) and the rules variants.

Everything is read from the engine (``CONFIG_SCHEMA``, ``Ai.LEVELS``), so a new engine option appears here by
itself. Left/right change the value under the cursor; A on Start begins; B goes back.
"""

from core import games
from core.config import Config
from firmware import ui
from firmware.saved import title

from firmware.session import HUMAN
from firmware.settings import SETUP


class GameChoice(ui.Screen):
    def __init__(self, app):
        super().__init__(app)
        self.group.append(ui.text_label("New game", 4, 4, ui.ACCENT))
        self.names = games.names()
        items = [games.info(n).title for n in self.names] or ["No games installed"]
        self.menu = ui.Menu(0, 24, app.width, 6, items, [bool(self.names)] * len(items))
        self.group.append(self.menu.group)
        self.group.append(ui.text_label("A choose  B back", 4, app.height - 14, ui.DIM))

    def key(self, pressed):
        profile = self.app.profile
        if self.menu.navigate(pressed, profile.K_UP, profile.K_DOWN):
            return
        if pressed & profile.K_A and self.names:
            self.app.go("new_game.Setup", self.names[self.menu.cursor])
        elif pressed & profile.K_B:
            self.app.go("main_menu.MainMenu")


class Setup(ui.Screen):
    def __init__(self, app, name):
        super().__init__(app)
        self.name = name
        rules = games.load(name, "rules")
        self.levels = games.load(name, "ai").Ai.LEVELS
        self.schema = rules.Game.CONFIG_SCHEMA
        self.config = Config(self.schema)
        self.has_players = "players" in [field[0] for field in self.schema]
        self.flags = [field for field in self.schema if field[2] == 0 and field[3] == 1]
        # seat 1 human, the rest computers at the level chosen in Settings
        computer = 1 + min(app.settings.level, len(self.levels) - 1)
        self.seats = [HUMAN] + [computer] * 5
        self.teams = [1] * 6
        self.info = games.info(name)
        self.team_max = self.info.team_limit
        self._recall(app.settings.blocks.get(SETUP | self.info.game_id))
        self.group.append(ui.text_label(self.info.title, 4, 4, ui.ACCENT))
        self.options = {field: (short, line) for field, short, line in games.load(name, "howto").OPTIONS}
        self.menu = ui.Menu(0, 20, app.width, (app.height - 48) // ui.LINE_HEIGHT, self._items())
        self.group.append(self.menu.group)
        self.explain = ui.Line(4, app.height - 27, app.width - 8, ui.TEXT)  # the highlighted option, in a line
        self.group.append(self.explain.label)
        self.group.append(ui.text_label("<> change  A start  B back", 4, app.height - 14, ui.DIM))
        self._explain()

    def player_count(self):
        return self.config.get("players") if self.has_players else 2

    def _rows(self):
        """The rows as (kind, index) pairs, in screen order."""
        rows = []
        if self.has_players:
            rows.append(("players", 0))
        for seat in range(self.player_count()):
            rows.append(("seat", seat))
        for seat in range(self.player_count()):
            if self.team_max > 1 and self.seats[seat] == HUMAN:
                rows.append(("team", seat))
        for index in range(len(self.flags)):
            rows.append(("flag", index))
        rows.append(("start", 0))
        return rows

    def _seat_name(self, seat):
        return self.info.seat_name(seat, self.player_count())

    def _seat_text(self, seat):
        value = self.seats[seat]
        return "Human" if value == HUMAN else "Computer " + self.levels[value - 1]

    def _items(self):
        items = []
        for kind, index in self._rows():
            if kind == "players":
                count = self.config.get("players")
                items.append("Players: " + ("solo" if count == 1 else str(count)))
            elif kind == "seat":
                items.append("{}: {}".format(self._seat_name(index), self._seat_text(index)))
            elif kind == "team":
                team = self.teams[index]
                items.append("{} team: {}".format(self._seat_name(index), "no" if team == 1 else team))
            elif kind == "flag":
                field = self.flags[index][0]
                items.append("{}: {}".format(self.options[field][0], "on" if self.config.get(field) else "off"))
            else:
                items.append("Start")
        return items

    def _change(self, kind, index, step):
        if kind == "players":
            field = [f for f in self.schema if f[0] == "players"][0]
            count = self.config.get("players") + step
            self.config.set("players", min(field[3], max(field[2], count)))
        elif kind == "seat":
            self.seats[index] = (self.seats[index] + step) % (len(self.levels) + 1)
        elif kind == "team":
            self.teams[index] = (self.teams[index] - 1 + step) % self.team_max + 1
        elif kind == "flag":
            name = self.flags[index][0]
            self.config.set(name, 1 - self.config.get(name))

    def _explain(self):
        kind, index = self._rows()[self.menu.cursor]
        self.explain.set(self.options[self.flags[index][0]][1] if kind == "flag" else "", self.app.now)

    def tick(self, now):
        self.explain.tick(now)

    def key(self, pressed):
        profile = self.app.profile
        kind, index = self._rows()[self.menu.cursor]
        if self.menu.navigate(pressed, profile.K_UP, profile.K_DOWN):
            self._explain()
            return
        if pressed & (profile.K_LEFT | profile.K_RIGHT) and kind != "start":
            self._change(kind, index, 1 if pressed & profile.K_RIGHT else -1)
            self.menu.set_items(self._items(), cursor=self.menu.cursor)
            self._explain()
        elif pressed & profile.K_A:  # on any row, as the footer says: mashing A starts with what is shown
            self.start()
        elif pressed & profile.K_B:
            self.app.go("new_game.GameChoice")

    def _recall(self, data):
        """Start from the last setup of this game (``players | seat + 16 * team, six | flag bits``), where it still
        fits the engine: a value out of range keeps the default."""
        if not data or len(data) < 7:
            return
        for field in self.schema:
            if field[0] == "players" and field[2] <= data[0] <= field[3]:
                self.config.set("players", data[0])
        for seat in range(6):
            if data[1 + seat] & 15 <= len(self.levels):
                self.seats[seat] = data[1 + seat] & 15
            if 1 <= data[1 + seat] >> 4 <= self.team_max:
                self.teams[seat] = data[1 + seat] >> 4
        for index in range(len(self.flags)):
            if 7 + index // 8 < len(data):
                self.config.set(self.flags[index][0], (data[7 + index // 8] >> (index % 8)) & 1)

    def start(self):
        from firmware.session import Session

        count = self.player_count()
        seats = self.seats[:count]
        teams = [self.teams[p] if seats[p] == HUMAN else 1 for p in range(count)]
        memo = bytearray([count] + [self.seats[p] + 16 * self.teams[p] for p in range(6)] + [0] * (
            (len(self.flags) + 7) // 8))
        for index in range(len(self.flags)):
            memo[7 + index // 8] |= self.config.get(self.flags[index][0]) << (index % 8)
        self.app.settings.blocks[SETUP | self.info.game_id] = bytes(memo)  # saved with the game as it opens
        session = Session.new(self.name, self.config, seats, self.app.profile.random_seed(), teams)
        saved = title(self.app, True)
        if saved is None:
            self.app.play(session)
            return
        text = "A new game replaces your saved game ({}). Start it anyway?".format(saved)
        self.app.go("notice.NoticeScreen", "New game", text, lambda: self.app.play(session),
                    back=lambda: self.app.show(self))
