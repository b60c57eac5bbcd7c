# SPDX-License-Identifier: MIT
"""The error classes every engine, parser and tool uses. All are ValueErrors."""


class NotationError(ValueError):
    """Text that does not parse. ``line`` (1-based) and ``field`` say where, when known."""

    def __init__(self, message, line=0, field=""):
        where = ""
        if line:
            where = "line {}: ".format(line)
        if field:
            where = where + field + ": "
        super().__init__(where + message)
        self.line = line
        self.field = field


class IllegalMove(ValueError):
    """A well-formed move that the rules do not allow now; the message says why."""


class CorruptState(ValueError):
    """Encoded bytes that are not a valid state of this game and format version."""
