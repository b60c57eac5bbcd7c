# SPDX-License-Identifier: MIT
"""Pave the Way: two sides race to pave a connected domino road between their home rows on an 8x8 board, while
guards (stackable, able to shove) block and break the opponent's road.

``rules`` is the engine, ``notation`` its text forms, ``ai`` the computer player. docs/pave-the-way.md has the
rules as implemented, with the decisions.md ids (PTW-A1 .. PTW-A40, PTW-C1, PTW-C2).
"""

# every module of the package needs the rules: loading them first, and collecting what compiling them left, lets
# the larger modules compile from source within a small heap (MicroPython compiles a whole module before it runs)
import gc  # noqa: E402

from core.pave_the_way import rules  # noqa: E402,F401

gc.collect()
