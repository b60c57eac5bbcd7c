# SPDX-License-Identifier: MIT
"""Short sounds on the board's speaker: a tune is a tuple of (frequency in Hz, milliseconds) notes, 0 Hz a rest.

The profile's ``speaker`` (or None where the board has none) only starts and stops a tone; :meth:`Sound.tick`
moves through the notes between frames, so a tune never blocks the game. A new tune replaces the one playing.
"""

MOVE = ((880, 25),)
ROLL = ((523, 18), (0, 18), (659, 18), (0, 18), (784, 18), (0, 18), (1047, 30))
REFUSED = ((196, 90),)
WIN = ((523, 100), (659, 100), (784, 100), (1047, 260))
LOSS = ((392, 140), (330, 140), (262, 300))
DRAW = ((440, 120), (0, 60), (440, 120))


class Sound:
    def __init__(self, speaker):
        self.speaker = speaker
        self.enabled = True
        self.tune = ()
        self.note = 0
        self.note_ends = 0

    def play(self, tune, now):
        if self.speaker is None or not self.enabled:
            return
        self.tune = tune
        self.note = -1
        self.note_ends = now  # the first note starts at this frame's tick

    def tick(self, now):
        if not self.tune or now < self.note_ends:
            return
        self.note += 1
        if self.note >= len(self.tune):
            self.tune = ()
            self.speaker.tone(0)
            return
        frequency, length = self.tune[self.note]
        self.speaker.tone(frequency)
        self.note_ends = now + length

    def stop(self):
        if self.tune:
            self.tune = ()
            self.speaker.tone(0)
