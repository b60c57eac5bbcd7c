# SPDX-License-Identifier: MIT
"""Rules configuration: a fixed schema of small-int fields per game, with text and binary forms.

An engine declares its fields once, as ``(name, default, lowest, highest)`` tuples; flags are 0/1 fields.
The text form is ``name=value`` pairs separated by spaces, always written in schema order, so it is canonical.

>>> cfg = Config((("players", 2, 2, 6), ("solo", 0, 0, 1)))
>>> cfg.set("players", 3)
>>> cfg.text()
'players=3 solo=0'
"""

from core.errors import NotationError, CorruptState


def ascii_int(text):
    """The integer ``text`` spells in ASCII digits, with an optional leading '-'; ValueError otherwise.

    ``int()`` also takes '4_2', '٤٢', '４２' and surrounding spaces, which no file of ours holds; and at most 10
    digits, as every number in our files is below 2**30.
    """
    digits = text[1:] if text[:1] == "-" else text
    if not digits or len(digits) > 10:
        raise ValueError(text)
    for ch in digits:
        if ch < "0" or ch > "9":
            raise ValueError(text)
    return int(text)


class Config:
    """Values for a schema of ``(name, default, lowest, highest)`` fields, each 0..65535."""

    def __init__(self, schema, text=""):
        self.schema = schema
        self.values = [field[1] for field in schema]
        if text:
            self.parse(text)

    def _index(self, name):
        for i in range(len(self.schema)):
            if self.schema[i][0] == name:
                return i
        return -1

    def get(self, name):
        i = self._index(name)
        if i < 0:
            raise KeyError(name)
        return self.values[i]

    def set(self, name, value, line=0):
        """Set one field; raises NotationError naming the field if the name or value is out of the schema."""
        i = self._index(name)
        if i < 0:
            known = " ".join(field[0] for field in self.schema)
            raise NotationError("unknown option (known: {})".format(known), line, name)
        low = self.schema[i][2]
        high = self.schema[i][3]
        if not isinstance(value, int) or value < low or value > high:
            raise NotationError("must be an integer from {} to {}".format(low, high), line, name)
        self.values[i] = value

    def parse(self, text, line=0):
        """Apply ``name=value`` pairs, each name at most once; ``line`` is passed into errors for the caller's file."""
        named = []
        for item in text.split():
            eq = item.find("=")
            if eq <= 0:
                raise NotationError("expected name=value, got '{}'".format(item), line, "config")
            name = item[:eq]
            digits = item[eq + 1 :]
            if name in named:
                raise NotationError("given twice", line, name)
            named.append(name)
            try:
                value = ascii_int(digits)
            except ValueError:
                raise NotationError("not an integer: '{}'".format(digits), line, name)
            self.set(name, value, line)

    def text(self):
        return " ".join("{}={}".format(self.schema[i][0], self.values[i]) for i in range(len(self.schema)))

    def copy_from(self, other):
        for i in range(len(self.values)):
            self.values[i] = other.values[i]

    def encoded_size(self):
        return 2 * len(self.schema)

    def save_into(self, buf, offset):
        for i in range(len(self.values)):
            v = self.values[i]
            buf[offset + 2 * i] = v & 0xFF
            buf[offset + 2 * i + 1] = v >> 8

    def load_from(self, buf, offset):
        for i in range(len(self.schema)):
            v = buf[offset + 2 * i] | (buf[offset + 2 * i + 1] << 8)
            if v < self.schema[i][2] or v > self.schema[i][3]:
                raise CorruptState("option {} out of range: {}".format(self.schema[i][0], v))
            self.values[i] = v
