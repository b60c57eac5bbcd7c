# SPDX-License-Identifier: MIT
"""The settings and the saved game, in records spread over flash erase units (docs/device.md, "Saves and settings").

Every write erases and reprograms a whole erase unit, so a copy that shares a unit with the copy being written is
no copy. A record holds the settings and the saved game together, and each save writes one whole record to one
place:

* On the drive (``profile.save_files``, when boot.py gave the drive to the firmware): a ring of slots, one file
  each, each in flash sectors of its own. Record number ``n`` goes to slot ``n % SLOTS``, so a save never touches
  the slot of the record before it, and the writes are spread over all the slots (flash wear).
* In nvm otherwise: two slots, alternately. nvm is one erase unit, so a power cut while it is written can lose
  both: the firmware says so in Settings.

Loading takes the newest valid record of all places. A record is::

    magic "PG" (2) | format (1) | flags (1) | number (4, little-endian, below 2**30) | length (2) | crc32 (4) |
    payload: settings length (1) | settings | saved game (the rest; absent when no game is saved)

The CRC covers the format, flags, number, length and payload, so a flipped bit anywhere invalidates the record
(a flipped magic does too).
Format 1 (a settings record and a game record in separate nvm slots) is still read, until the first save.
"""

from core.compat import const

try:
    from binascii import crc32
except ImportError:  # a build without binascii: the same CRC-32, bit by bit

    def crc32(data, crc=0):
        crc ^= 0xFFFFFFFF
        for byte in data:
            crc ^= byte
            for _ in range(8):
                crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
        return crc ^ 0xFFFFFFFF


MAGIC0 = const(0x50)  # "P"
MAGIC1 = const(0x47)  # "G"
FORMAT = const(2)
HEADER = const(14)
HAS_GAME = const(1)
NVM = const(-1)  # place of nvm's first slot; its second is -2 (file slots are 0 .. SLOTS - 1)
_NUMBER_MASK = const(0x3FFFFFFF)
# format 1, kept to read an older firmware's storage: settings slots at 0 and 64, game slots from 128
_OLD_HEADER = const(11)
_OLD_SETTINGS = ((0, 64), (64, 64))
_OLD_SAVE = const(128)


class StoreError(Exception):
    """A record that cannot be saved (too large for its slot)."""


def record(number, settings, game):
    """The bytes of one record."""
    game = game or b""
    length = 1 + len(settings) + len(game)
    data = bytearray(HEADER + length)
    data[0] = MAGIC0
    data[1] = MAGIC1
    data[2] = FORMAT
    data[3] = HAS_GAME if game else 0
    for k in range(4):
        data[4 + k] = (number >> (8 * k)) & 0xFF
    data[8] = length & 0xFF
    data[9] = length >> 8
    data[HEADER] = len(settings)
    data[HEADER + 1 : HEADER + 1 + len(settings)] = settings
    data[HEADER + 1 + len(settings) :] = game
    crc = _crc(data)
    for k in range(4):
        data[10 + k] = (crc >> (8 * k)) & 0xFF
    return data


def _crc(data):
    return crc32(data[HEADER:], crc32(data[2:10])) & 0xFFFFFFFF


def parse(data):
    """(number, settings, game or None) of a valid record at the start of ``data``, else None."""
    if data is None or len(data) < HEADER + 1 or data[0] != MAGIC0 or data[1] != MAGIC1 or data[2] != FORMAT:
        return None
    length = data[8] | (data[9] << 8)
    if HEADER + length > len(data) or data[7] > 0x3F or data[3] > HAS_GAME:
        return None
    crc = data[10] | (data[11] << 8) | (data[12] << 16) | (data[13] << 24)
    data = data[: HEADER + length]
    if _crc(data) != crc:
        return None
    size = data[HEADER]
    if 1 + size > length:
        return None
    number = data[4] | (data[5] << 8) | (data[6] << 16) | (data[7] << 24)
    game = bytes(data[HEADER + 1 + size :])
    if (len(game) > 0) != (data[3] == HAS_GAME):
        return None
    return number, bytes(data[HEADER + 1 : HEADER + 1 + size]), game or None


class Store:
    """The newest record's ``settings`` and ``game`` (bytes, or None), its ``number``, and ``save``.

    ``nvm`` is ``microcontroller.nvm`` (or the simulator's); ``files`` the profile's ``save_files`` or None."""

    def __init__(self, nvm, files=None):
        self.nvm = nvm
        self.files = files
        self.half = len(nvm) // 2
        self.settings = None
        self.game = None
        self.number = -1
        self.place = None
        self.damaged = False  # a record newer than the one loaded could not be read (said once: App.start)
        self.load()

    @property
    def on_drive(self):
        """Whether saves go to the drive's slots (else to nvm alone)."""
        return self.files is not None and self.files.writable

    @property
    def capacity(self):
        """The largest settings and game that fit a record where the next save goes."""
        room = self.files.record_bytes if self.on_drive else self.half
        return room - HEADER - 1

    # -- reading ---------------------------------------------------------------------------------------------------
    def _places(self):
        places = [NVM, NVM - 1]
        if self.files is not None:
            places += list(range(self.files.slots))
        return places

    def _read(self, place):
        if place >= 0:
            return self.files.read(place)
        start = (NVM - place) * self.half
        return bytes(self.nvm[start : start + self.half])

    def _found(self):
        """[(number, place)] of every valid record, newest first."""
        found = []
        self.unread = -1  # the number in the header of the newest record that fails its checks
        for place in self._places():
            data = self._read(place)
            parsed = parse(data)
            if parsed is not None:
                found.append((parsed[0], place))
            elif data is not None and len(data) > 8 and data[0] == MAGIC0 and data[1] == MAGIC1 and data[2] == FORMAT:
                self.unread = max(self.unread, data[4] | (data[5] << 8) | (data[6] << 16) | ((data[7] & 0x3F) << 24))
        found.sort(key=lambda item: -item[0])  # record numbers are unique, so the order is stable on every VM
        return found

    def load(self):
        """Read the newest valid record (or an older firmware's settings and save)."""
        found = self._found()
        newest = found[0][0] if found else -1
        # a damaged record newer than the newest that reads (by at most a ring of slots, as a real one would be):
        # say so, and number the next save after it
        self.damaged = newest < self.unread <= newest + 2 + (self.files.slots if self.files is not None else 0)
        if found:
            number, place = found[0]
            _, self.settings, self.game = parse(self._read(place))
            self.number = max(number, self.unread) if self.damaged else number
            self.place = place
            return
        if self.damaged:
            self.number = self.unread
            self.place = None
            self.settings = None
            self.game = None
            return
        self.number = -1
        self.place = None
        self.settings = _old_newest(self.nvm, _OLD_SETTINGS)
        size = (len(self.nvm) - _OLD_SAVE) // 2
        self.game = _old_newest(self.nvm, ((_OLD_SAVE, size), (_OLD_SAVE + size, size)))

    def older_games(self):
        """The saved games of the records before the newest, newest first, as far back as records go that hold a
        game (a record without one, such as the end of a game, is the start of the history that matters)."""
        first = True
        for number, place in self._found():
            if first:
                first = False
                continue
            parsed = parse(self._read(place))
            if parsed is None or parsed[2] is None:
                return
            yield parsed[2]

    # -- writing ---------------------------------------------------------------------------------------------------
    def save(self, settings, game):
        """Write one record of ``settings`` and ``game`` (None: no saved game) after the newest: to the drive's next
        slot, or to nvm's other slot when the drive is not the firmware's (or refuses the write)."""
        settings = bytes(settings)
        if 1 + len(settings) + (len(game) if game else 0) > self.capacity:
            raise StoreError("a record of {} bytes does not fit".format(len(settings) + len(game or b"")))
        number = (self.number + 1) & _NUMBER_MASK
        data = record(number, settings, game)
        place = None
        if self.on_drive:
            place = number % self.files.slots
            try:
                self.files.write(place, data)
            except OSError:
                self.files.writable = False  # the drive refused: nvm from now on, and Settings says so
                place = None
        if place is None:
            place = NVM - (number & 1)
            start = (NVM - place) * self.half
            self.nvm[start : start + len(data)] = data
        self.number = number
        self.place = place
        self.settings = settings
        self.game = bytes(game) if game else None

    def save_game(self, game):
        """Save ``game`` (None: no saved game, as when a game ends) with the settings of the newest record."""
        self.save(self.settings or b"", game)

    def save_settings(self, settings):
        """Save ``settings`` with the newest record's game."""
        self.save(settings, self.game)


def _old_newest(nvm, slots):
    """The newest valid payload of format-1 slots, or None."""
    best = None
    best_sequence = 0
    for start, size in slots:
        header = nvm[start : start + _OLD_HEADER]
        if header[0] != MAGIC0 or header[1] != MAGIC1 or header[2] != 1:
            continue
        sequence = header[3] | (header[4] << 8)
        length = header[5] | (header[6] << 8)
        if length > size - _OLD_HEADER:
            continue
        crc = header[7] | (header[8] << 8) | (header[9] << 16) | (header[10] << 24)
        payload = bytes(nvm[start + _OLD_HEADER : start + _OLD_HEADER + length])
        if crc32(payload, crc32(bytes(header[2:7]))) & 0xFFFFFFFF != crc:
            continue
        if best is None or (sequence != best_sequence and ((sequence - best_sequence) & 0xFFFF) < 0x8000):
            best = payload
            best_sequence = sequence
    return best
