# SPDX-License-Identifier: MIT
"""Which games exist, by console name, and the modules that make each one.

Each package (``core/<game>/``) has ``rules`` (the Game subclass, named ``Game``), ``notation`` (move and position
text) and ``ai`` (the computer player, class ``Ai``). Modules are imported only when asked for, so the device loads
one game at a time.
"""

# (console name, package path), in menu order. An engine adds its line here when it lands.
GAMES = (("pave-the-way", "core.pave_the_way"), ("pawns-crossing", "core.pawns_crossing"),
         ("clear-a-path", "core.clear_a_path"))


def names():
    return tuple(entry[0] for entry in GAMES)


def package(name):
    for entry in GAMES:
        if entry[0] == name:
            return entry[1]
    raise KeyError(name)


def load(name, part):
    """Import and return ``<package>.<part>`` for the game called ``name`` (part: rules, notation, ai)."""
    path = package(name) + "." + part
    module = __import__(path)
    for attr in path.split(".")[1:]:
        module = getattr(module, attr)
    return module
