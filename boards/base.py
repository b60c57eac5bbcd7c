# SPDX-License-Identifier: MIT
"""Hardware helpers the board profiles share (imported only on a real board)."""

import keypad
import os
import time


class ShiftRegisterButtons:
    """Buttons on a keypad scanner, as a bitmask of keys held now or pressed since the last call.

    Key number n is bit 1 << n. ``stick`` is an optional callable returning extra direction bits.
    """

    def __init__(self, scanner, stick=None):
        self._keys = scanner
        self._event = keypad.Event()  # refilled with get_into: polling allocates nothing
        self._held = 0
        self._stick = stick

    def get_pressed(self):
        tapped = 0
        while self._keys.events.get_into(self._event):
            bit = 1 << self._event.key_number
            if self._event.pressed:
                self._held |= bit
                tapped |= bit
            else:
                self._held &= ~bit
        if self._stick is None:
            return self._held | tapped
        return self._held | tapped | self._stick()


def grid_pixels(pin_name, brightness):
    """The 8x8 NeoPixel grid on the named pin, written by show() only."""
    import board
    import neopixel

    return neopixel.NeoPixel(getattr(board, pin_name), 64, brightness=brightness, auto_write=False)


def grid_indexer(serpentine):
    """led_index(x, y) for a grid wired row-major, or serpentine (every other row reversed)."""

    def led_index(x, y):
        if serpentine and y & 1:
            return y * 8 + 7 - x
        return y * 8 + x

    return led_index


class Speaker:
    """The board's speaker as one looped sine period whose sample rate sets the pitch (the pattern of
    adafruit_pybadger's start_tone). ``tone(hz)`` starts or changes a tone; ``tone(0)`` silences it."""

    SAMPLES = 32
    VOLUME = 6000  # of 32767: quiet enough for a pocket device

    def __init__(self, pin_name, enable_name):
        import array
        import math

        import audiocore
        import audioio
        import board
        import digitalio

        wave = array.array("H", [0] * self.SAMPLES)
        for i in range(self.SAMPLES):
            wave[i] = 32768 + int(self.VOLUME * math.sin(2 * math.pi * i / self.SAMPLES))
        self._wave = audiocore.RawSample(wave)
        self._out = audioio.AudioOut(getattr(board, pin_name))
        self._enable = digitalio.DigitalInOut(getattr(board, enable_name))
        self._enable.switch_to_output(value=False)

    def tone(self, frequency):
        if self._out.playing:
            self._out.stop()
        if frequency <= 0:
            self._enable.value = False
            return
        self._enable.value = True
        self._wave.sample_rate = self.SAMPLES * frequency
        self._out.play(self._wave, loop=True)


def reload():
    """Restart code.py (the firmware opens a game this way, on a fresh heap)."""
    import supervisor

    supervisor.reload()


def monotonic_ms():
    return time.monotonic_ns() // 1000000


def random_seed():
    """An int in 0..2**30-1 from os.urandom (the board's hardware entropy where it has it)."""
    data = os.urandom(4)
    return data[0] | (data[1] << 8) | (data[2] << 16) | ((data[3] & 0x3F) << 24)
