# SPDX-License-Identifier: MIT
"""Key presses from a board profile's button bitmask: new presses, plus auto-repeat on held directions.

A repeat is timed by the frames a direction is seen held, each counting its own length but at most FRAME_MAX_MS:
a stalled frame (a long computer slice, a loaded host) counts as one short frame, so a stall never repeats a key
by itself and a key held through it repeats at most once a frame. The buttons are read only by :meth:`poll`, so
a press that arrives while a screen is being built is not lost (the profiles report a tap between polls once).
"""

from core.compat import const

REPEAT_DELAY_MS = const(400)
REPEAT_EVERY_MS = const(120)
FRAME_MAX_MS = const(50)  # the most one frame counts towards a repeat
_NEVER = const(0x3FFFFFFF)


class Keys:
    """Call :meth:`poll` once a frame; it returns the bitmask of keys that count as pressed this frame."""

    def __init__(self, buttons, directions, delay_ms=REPEAT_DELAY_MS, every_ms=REPEAT_EVERY_MS):
        self._buttons = buttons
        self._directions = directions  # the bits that repeat while held
        self._held = 0
        self._wait = _NEVER  # frame time left before the next repeat
        self._last = None  # the previous poll's time
        self.delay_ms = delay_ms
        self.every_ms = every_ms

    def poll(self, now):
        down = self._buttons.get_pressed()
        frame = 0 if self._last is None else min(FRAME_MAX_MS, max(0, now - self._last))
        self._last = now
        fresh = down & ~self._held
        still = down & self._held & self._directions
        if fresh & self._directions:
            self._wait = self.delay_ms
        elif still:
            self._wait -= frame
            if self._wait <= 0:
                fresh |= still
                self._wait = self.every_ms
        # A tap reported between polls is down in this poll only; it must press once, not stay held.
        self._held = down
        return fresh

    def clear(self):
        """A screen change: the keys held at the last poll (the press that changed the screen) do not press or
        repeat again until released. The buttons are not read here: a press since the last poll counts next.
        Before the first poll, the keys held now are taken as held (the press that restarted the program)."""
        self._wait = _NEVER
        if self._last is None:
            self._held = self._buttons.get_pressed()
