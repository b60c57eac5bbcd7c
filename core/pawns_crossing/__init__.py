# SPDX-License-Identifier: MIT
"""Pawns Crossing: rules engine (``rules``), text forms (``notation``) and computer player (``ai``).

The board geometry is in ``board``, token reachability in ``paths``; ``checks`` (state validation) and the
reasons for refusing a move are loaded only when needed.
"""
