# SPDX-License-Identifier: MIT
"""Rules engines and computer players: pure Python that CPython, MicroPython and CircuitPython all run.

See ``docs/game-interface.md`` for the protocol every engine implements.
"""
