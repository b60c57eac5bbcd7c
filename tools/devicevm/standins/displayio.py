# SPDX-License-Identifier: MIT
"""displayio for the device VM: objects that hold what CircuitPython's hold on the heap, and draw nothing.

A Bitmap allocates its pixels as CircuitPython does (rows of 32-bit words, the bits a value rounded up to a power of
two), a TileGrid its tile indices when it has more than one tile, a Palette a word a colour and a Group a list of its
layers. The objects themselves are Python instances, whose attribute tables are about as large as the C structs
they stand for (40 to 130 bytes): the firmware's heap runs (tools/mpfirmware.py) count the display this way instead
of holding a guessed reserve for it. Pixels are stored and read back, so a view that reads its bitmap works."""


def _bits_for(value_count):
    bits = 1
    while (1 << bits) < value_count:
        bits <<= 1
    return bits


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self._bits = _bits_for(value_count)
        self._stride = (width * self._bits + 31) // 32 * 4  # bytes a row, whole 32-bit words as on the device
        self._data = bytearray(self._stride * height)

    def _at(self, index):
        if isinstance(index, tuple):
            return index[0], index[1]
        return index % self.width, index // self.width

    def __setitem__(self, index, value):
        x, y = self._at(index)
        bit = y * self._stride * 8 + x * self._bits
        mask = (1 << self._bits) - 1
        if self._bits >= 8:
            for i in range(self._bits // 8):
                self._data[bit // 8 + i] = (value >> (8 * i)) & 0xFF
            return
        shift = bit & 7
        byte = self._data[bit >> 3]
        self._data[bit >> 3] = (byte & ~(mask << shift)) | ((value & mask) << shift)

    def __getitem__(self, index):
        x, y = self._at(index)
        bit = y * self._stride * 8 + x * self._bits
        if self._bits >= 8:
            value = 0
            for i in range(self._bits // 8):
                value |= self._data[bit // 8 + i] << (8 * i)
            return value
        return (self._data[bit >> 3] >> (bit & 7)) & ((1 << self._bits) - 1)

    def fill(self, value):
        for y in range(self.height):
            for x in range(self.width):
                self[x, y] = value


class Palette:
    def __init__(self, color_count, *, dither=False):
        self._colors = [0] * color_count
        self._transparent = 0  # a bit a colour

    def __len__(self):
        return len(self._colors)

    def __setitem__(self, index, color):
        self._colors[index] = color

    def __getitem__(self, index):
        return self._colors[index]

    def make_transparent(self, index):
        self._transparent |= 1 << index

    def make_opaque(self, index):
        self._transparent &= ~(1 << index)

    def is_transparent(self, index):
        return bool(self._transparent >> index & 1)


class TileGrid:
    hidden = False  # flags and sizes as class defaults and packed fields: the instance stays about the C struct's size
    flip_x = False
    flip_y = False
    transpose_xy = False

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        tile_width = bitmap.width if tile_width is None else tile_width
        tile_height = bitmap.height if tile_height is None else tile_height
        self._sizes = width | height << 7 | tile_width << 14 | tile_height << 22
        # more than one tile: CircuitPython allocates the tile indices apart from the object
        self._tiles = bytearray([default_tile] * (width * height)) if width * height > 1 else default_tile
        # the rest of CircuitPython's 84-byte struct (its scroll origin and three dirty areas): 10 fields make this
        # instance 96 bytes, as the device's is in its 16-byte heap blocks
        self._top_left = 0
        self._dirty_area = 0
        self._previous_area = 0
        self._current_area = 0

    @property
    def width(self):
        return self._sizes & 0x7F

    @property
    def height(self):
        return self._sizes >> 7 & 0x7F

    @property
    def tile_width(self):
        return self._sizes >> 14 & 0xFF

    @property
    def tile_height(self):
        return self._sizes >> 22 & 0xFF

    def __setitem__(self, index, tile):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        if isinstance(self._tiles, bytearray):
            self._tiles[index] = tile
        else:
            self._tiles = tile

    def __getitem__(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        return self._tiles[index] if isinstance(self._tiles, bytearray) else self._tiles


class Group:
    hidden = False

    def __init__(self, *, scale=1, x=0, y=0):
        self._layers = []
        self._scale = scale  # not through the property: a subclass (a Label) has its own, which reads its fields
        self.x = x
        self.y = y

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, value):
        self._scale = value

    def append(self, layer):
        self._layers.append(layer)

    def insert(self, index, layer):
        self._layers.insert(index, layer)

    def remove(self, layer):
        self._layers.remove(layer)

    def pop(self, index=-1):
        return self._layers.pop(index)

    def index(self, layer):
        return self._layers.index(layer)

    def __len__(self):
        return len(self._layers)

    def __getitem__(self, index):
        return self._layers[index]

    def __setitem__(self, index, layer):
        self._layers[index] = layer

    def __delitem__(self, index):
        del self._layers[index]

    def __contains__(self, layer):
        return layer in self._layers
