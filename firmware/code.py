# SPDX-License-Identifier: MIT
"""Device entry point (copied to the CIRCUITPY root): run the application on this board's profile."""

import board_profile
from firmware.app import App

App(board_profile).run()
