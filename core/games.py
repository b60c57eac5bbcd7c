# SPDX-License-Identifier: MIT
"""The games there are: one record per game, read by the menus, the saves, the views and the tools.

A record holds what a screen needs before the engine is loaded: the console name, the package, the id that begins
a saved game, the title, the seats' names and the largest team a seat may hold. Each package
(``core/<game>/``) has ``rules`` (the Game subclass, named ``Game``), ``notation`` (move and position text), ``ai``
(the computer player, class ``Ai``) and ``howto`` (the rules in plain words). Modules are imported only when
asked for, so the device loads one game at a time.

To add a game: write its package (``tests/fixtures/race.py`` implements the whole protocol in one file, and
docs/game-interface.md documents it), then add its record here.
"""


class GameInfo:
    """One game's record. ``seat_names`` maps a player count to the seats' names, or is one string of names, spaced,
    for every count (the first N in a game of N: one string, where a tuple would intern a name each on the device);
    None: "Player N". The one player of a solo game is "You"."""

    def __init__(self, name, package, game_id, title, seat_names=None, team_limit=1):
        self.name = name
        self.package = package
        self.game_id = game_id
        self.title = title
        self.seat_names = seat_names
        self.team_limit = team_limit  # people who may share a human seat, taking its turns in rotation

    def seat_name(self, seat, players):
        """The name a player sees for ``seat`` in a game of ``players``."""
        names = self.seat_names
        if players == 1:
            return "You"
        if type(names) is str:
            return names.split()[seat]
        names = names.get(players) if names else None
        return names[seat] if names else "Player {}".format(seat + 1)


# In menu order. Pawns Crossing's seats are their colours (decisions 2.1; a balancing game may deal them otherwise,
# and its view says so), Pave the Way's its sides, played by teams of up to three. Clear a Path's players are
# colours no die has (the dice are red, blue, yellow, black, white and grey); its view draws them in this order.
GAMES = (
    GameInfo("pave-the-way", "core.pave_the_way", 1, "Pave the Way", {2: ("South", "North")}, team_limit=3),
    GameInfo("pawns-crossing", "core.pawns_crossing", 2, "Pawns Crossing",
             {2: ("Red-Black", "Blue-Green"), 3: ("Red", "Green", "Blue"), 4: ("Red", "Black", "Blue", "Green")}),
    GameInfo("clear-a-path", "core.clear_a_path", 3, "Clear a Path", "Green Violet Orange Cyan Pink Brown"),
)


def names():
    return tuple(info.name for info in GAMES)


def info(name):
    """The record of the game called ``name``; KeyError if there is none."""
    for record in GAMES:
        if record.name == name:
            return record
    raise KeyError(name)


def by_id(game_id):
    """The record whose saves begin with ``game_id``, or None."""
    for record in GAMES:
        if record.game_id == game_id:
            return record
    return None


def package(name):
    return info(name).package


def load(name, part):
    """Import and return ``<package>.<part>`` for the game called ``name`` (part: rules, notation, ai, howto)."""
    path = package(name) + "." + part
    module = __import__(path)
    for attr in path.split(".")[1:]:
        module = getattr(module, attr)
    return module
