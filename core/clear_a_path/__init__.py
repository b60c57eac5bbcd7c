# SPDX-License-Identifier: MIT
"""Clear a Path (Dave Myers): roll-and-write dice drafting on a 6x6 grid; multiplayer 2-6 and solo.

``rules`` is the engine, ``notation`` its text forms, ``ai`` the computer player. docs/clear-a-path.md has the
rules as implemented, with the decisions.md ids (CAP-A1 .. CAP-A30, CAP-C1, CAP-C2).
"""
