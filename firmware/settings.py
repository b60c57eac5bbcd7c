# SPDX-License-Identifier: MIT
"""The player's preferences: LED brightness, key repeat, the computer's level in new games, sound.

Stored as a few bytes in every save record (firmware/store.py). Version 4; versions 1-3 (without the level, the
sound; 3 with a launch mark now unused) still load.
"""

BRIGHTNESS_LEVELS = 5
LEVELS = ("easy", "normal")  # every engine's Ai.LEVELS starts with these


class Settings:
    def __init__(self):
        self.brightness = 3  # LED grid level 1..BRIGHTNESS_LEVELS
        self.key_repeat = 1  # 0 off, 1 on
        self.level = 1  # the computer seats' level in a new game, an index into LEVELS
        self.sound = 1  # 0 off, 1 on

    def encode(self):
        return bytes((4, self.brightness, self.key_repeat, self.level, self.sound))

    def decode(self, data):
        """Read any known version; a field an older version lacks keeps its default."""
        if data is None or (data[:1], len(data)) not in ((b"\x01", 3), (b"\x02", 4), (b"\x03", 6), (b"\x04", 5)):
            return
        if 1 <= data[1] <= BRIGHTNESS_LEVELS:
            self.brightness = data[1]
        if data[2] in (0, 1):
            self.key_repeat = data[2]
        if len(data) >= 4 and data[3] < len(LEVELS):
            self.level = data[3]
        if len(data) >= 5 and data[4] in (0, 1):
            self.sound = data[4]
