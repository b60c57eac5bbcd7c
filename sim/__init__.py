# SPDX-License-Identifier: MIT
"""The desktop simulator: runs firmware/ and core/ unchanged on a simulated board (see docs/simulator.md)."""

from sim import font

font.install()  # before any firmware module reads terminalio.FONT
