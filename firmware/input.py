# SPDX-License-Identifier: MIT
"""Key presses from a board profile's button bitmask: new presses, plus auto-repeat on held directions."""

REPEAT_DELAY_MS = 400
REPEAT_EVERY_MS = 120


class Keys:
    """Call :meth:`poll` once a frame; it returns the bitmask of keys that count as pressed this frame."""

    def __init__(self, buttons, directions, delay_ms=REPEAT_DELAY_MS, every_ms=REPEAT_EVERY_MS):
        self._buttons = buttons
        self._directions = directions  # the bits that repeat while held
        self._held = 0
        self._next_repeat = 0
        self.delay_ms = delay_ms
        self.every_ms = every_ms

    def poll(self, now):
        down = self._buttons.get_pressed()
        fresh = down & ~self._held
        if fresh & self._directions:
            self._next_repeat = now + self.delay_ms
        elif down & self._held & self._directions and now >= self._next_repeat:
            fresh |= down & self._held & self._directions
            self._next_repeat = now + self.every_ms
        # A tap reported between polls is down in this poll only; it must press once, not stay held.
        self._held = down
        return fresh

    def clear(self):
        """Forget held keys, so a key held across a screen change does not press again on the new screen."""
        self._held = self._buttons.get_pressed()
        self._next_repeat = 0x3FFFFFFF
