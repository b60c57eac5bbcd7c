# SPDX-License-Identifier: MIT
"""Pawns Crossing: rules engine (``rules``), text forms (``notation``) and computer player (``ai``).

The board geometry is in ``board``, token reachability in ``paths``; ``checks`` (state validation) and the
reasons for refusing a move are loaded only when needed.
"""

# every module of the package needs the rules: loading them first, and collecting what compiling them left, lets
# the larger modules compile from source within a small heap (MicroPython compiles a whole module before it runs)
import gc  # noqa: E402

from core.pawns_crossing import rules  # noqa: E402,F401

gc.collect()
