# SPDX-License-Identifier: MIT
"""The few names that differ between CPython and the microcontroller VMs.

``from core.compat import const`` gives MicroPython's ``const`` where it exists and an identity function on
CPython. MicroPython's compiler recognises ``const(...)`` by name, so constants are still folded on the device.
"""

try:
    from micropython import const
except ImportError:

    def const(value):
        return value
