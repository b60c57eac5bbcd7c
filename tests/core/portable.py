# SPDX-License-Identifier: MIT
"""Helpers for tests that run unchanged under pytest and under MicroPython (``tests/mprun.py``).

Portable test modules live in ``tests/core/``: plain ``test_*`` functions with ``assert``, importing only
``core``, this module and ``tests.fixtures``. A module may set ``HEAP_KB = N`` to change the heap cap the
MicroPython run gives it. A cap keeps at least 32 KB and 15% over the largest heap the module fails in (tried in
8 KB steps from 64 KB): these runs compile from source on a 64-bit heap, where fragmentation makes the need jump
about (pave_the_way.test_rules failed at 256 and 272 KB but passed at 240, 248 and 264; a longer checkout path was
enough to move it), so the device's own figures come from the device VM (``docs/device.md``), not from these caps.
"""


def raises(exc_type, fn, *args):
    """Call ``fn(*args)``; return the exception if it is an ``exc_type``, fail if nothing was raised."""
    try:
        fn(*args)
    except exc_type as err:
        return err
    raise AssertionError("expected {} from {}".format(exc_type.__name__, fn))
