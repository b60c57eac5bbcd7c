# SPDX-License-Identifier: MIT
"""terminalio for the device VM: FONT (the glyph bitmap is built at import, before the heap runs' first reading,
as the device keeps it in flash)."""

import displayio
import fontio

FONT = fontio.BuiltinFont(displayio.Bitmap(6 * 95, 12, 2))
