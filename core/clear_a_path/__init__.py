# SPDX-License-Identifier: MIT
"""Clear a Path (Dave Myers): roll-and-write dice drafting on a 6x6 grid; multiplayer 2-6 and solo.

``rules`` is the engine, ``notation`` its text forms, ``ai`` the computer player. docs/clear-a-path.md has the
rules as implemented, with the decisions.md ids (CAP-A1 .. CAP-A30, CAP-C1, CAP-C2).
"""

# every module of the package needs the rules: loading them first, and collecting what compiling them left, lets
# the larger modules compile from source within a small heap (MicroPython compiles a whole module before it runs)
import gc  # noqa: E402

from core.clear_a_path import rules  # noqa: E402,F401

gc.collect()
