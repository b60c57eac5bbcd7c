# SPDX-License-Identifier: MIT
"""The player's preferences: LED brightness, key repeat, the computer's level in new games, sound; and, for each
game, the last setup started and the statistics (firmware/stats.py).

Stored as a few bytes in every save record (firmware/store.py). Version 5 is version 4's five bytes followed by
blocks of ``kind | game id | length | bytes``, in key order (the same settings give the same bytes: a save is
skipped when they are unchanged); a block of an unknown kind is kept as it is. Versions 1-4 (without the
blocks, the level, the sound; 3 with a launch mark now unused) still load.
"""

from core.compat import const

BRIGHTNESS_LEVELS = const(5)
LEVELS = ("easy", "normal", "hard")  # every engine's Ai.LEVELS is these (hard: up to twice normal's time a turn)
SETUP = const(0x100)  # block kinds, as keys of Settings.blocks: kind | game id
STATS = const(0x200)


class Settings:
    def __init__(self):
        self.brightness = 3  # LED grid level 1..BRIGHTNESS_LEVELS
        self.key_repeat = 1  # 0 off, 1 on
        self.level = 1  # the computer seats' level in a new game, an index into LEVELS
        self.sound = 1  # 0 off, 1 on
        self.blocks = {}  # kind | game id: bytes

    def encode(self):
        data = bytearray((5, self.brightness, self.key_repeat, self.level, self.sound))
        for key in sorted(self.blocks):
            block = self.blocks[key]
            data += bytes((key >> 8, key & 0xFF, len(block))) + block
        return bytes(data)

    def decode(self, data):
        """Read any known version; a field an older version lacks keeps its default."""
        if data is None or (data[:1], len(data)) not in ((b"\x01", 3), (b"\x02", 4), (b"\x03", 6), (b"\x04", 5)) \
                and (data[:1] != b"\x05" or len(data) < 5):
            return
        if 1 <= data[1] <= BRIGHTNESS_LEVELS:
            self.brightness = data[1]
        if data[2] in (0, 1):
            self.key_repeat = data[2]
        if len(data) >= 4 and data[3] < len(LEVELS):
            self.level = data[3]
        if len(data) >= 5 and data[4] in (0, 1):
            self.sound = data[4]
        at = 5
        while data[0] == 5 and at + 3 <= len(data) and at + 3 + data[at + 2] <= len(data):
            self.blocks[(data[at] << 8) | data[at + 1]] = bytes(data[at + 3 : at + 3 + data[at + 2]])
            at += 3 + data[at + 2]
