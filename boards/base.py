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


def reload(entry=None):
    """Restart code.py (the firmware opens a game this way, on a fresh heap); with ``entry``, run that file once
    instead and then code.py again (a tutorial's entry file, written by tools/build.py)."""
    import supervisor

    if entry is not None:
        supervisor.set_next_code_file(entry)  # not sticky: the restart after this one runs code.py
    supervisor.reload()


def monotonic_ms():
    return time.monotonic_ns() // 1000000


def random_seed():
    """An int in 0..2**30-1 from os.urandom (the board's hardware entropy where it has it)."""
    data = os.urandom(4)
    return data[0] | (data[1] << 8) | (data[2] << 16) | ((data[3] & 0x3F) << 24)


def relaunched():
    """Whether this run of code.py was started by :func:`reload` (the firmware opening a game on a fresh heap):
    supervisor.reload() leaves ``run_reason`` SUPERVISOR_RELOAD (CircuitPython 7 and later), so no flash write is
    needed to pass the intent across the restart."""
    import supervisor

    return supervisor.runtime.run_reason == supervisor.RunReason.SUPERVISOR_RELOAD


# The save slots on the CIRCUITPY drive (docs/device.md, "Saves and settings"): a folder per slot, each holding one
# preallocated file whose first bytes are the slot's record. A save rewrites them in place: no file grows, so the
# FAT is never written, and each write rewrites only that slot's data and its own folder's directory entry.
SAVE_ROOT = "/saves"
_PAD_BYTES = 4096  # a flash sector: keeps the slots' sectors apart from the files around them


def _slot_path(index):
    return "{}/{:02d}/s".format(SAVE_ROOT, index)


class SaveFiles:
    """The firmware's save slots on the drive. ``writable``: boot.py gave the drive to the firmware and the slots
    exist (else the firmware keeps its saves in nvm alone)."""

    def __init__(self, slots, record_bytes):
        self.slots = slots
        self.record_bytes = record_bytes
        self.writable = False
        try:
            with open(_slot_path(slots - 1), "r+b"):  # opening for writing writes nothing; a read-only drive refuses
                self.writable = True
        except OSError:
            pass

    def read(self, index):
        """The slot's first ``record_bytes`` bytes, or None when the slot cannot be read."""
        try:
            with open(_slot_path(index), "rb") as handle:
                return handle.read(self.record_bytes)
        except OSError:
            return None

    def write(self, index, data):
        """Overwrite the slot's record in place; raises OSError if the drive refuses."""
        with open(_slot_path(index), "r+b") as handle:
            handle.write(data)


def _fill(path, size):
    import os

    try:
        if os.stat(path)[6] == size:
            return
    except OSError:
        pass
    block = bytes(512)
    with open(path, "wb") as handle:
        for _ in range(size // 512):
            handle.write(block)


def _mkdir(path):
    import os

    try:
        os.mkdir(path)
    except OSError:  # it exists (an interrupted first layout goes on where it stopped)
        pass


def make_save_files(slots, file_bytes):
    """Lay out the save slots, once, from boot.py with the drive writable: the folder, a pad, then each slot's
    folder and its zero-filled file, then a closing pad. FatFs gives new clusters in order from the last one it
    gave, so on a drive without gaps this lays them out one after another and each slot's record lies in flash
    sectors no other slot's writes touch (docs/device.md). Returns True if it wrote anything."""
    import os

    end = SAVE_ROOT + "/end"
    try:
        os.stat(end)
        return False
    except OSError:
        pass
    _mkdir(SAVE_ROOT)
    _fill(SAVE_ROOT + "/pad", _PAD_BYTES)
    for index in range(slots):
        _mkdir("{}/{:02d}".format(SAVE_ROOT, index))
        _fill(_slot_path(index), file_bytes)
    _fill(end, _PAD_BYTES)  # written last: its presence says the layout is complete
    return True
