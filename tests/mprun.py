# SPDX-License-Identifier: MIT
"""Run portable test modules under MicroPython: ``micropython -X heapsize=96k tests/mprun.py tests.core.test_prng``.

Imports each named module, runs its ``test_*`` functions in name order and prints one line per test and a
closing ``N passed, N failed`` line; exits 1 if any failed. It runs under CPython too, which is how its own
behaviour is tested.
"""

import sys

sys.path.insert(0, ".")


def _run_module(name):
    module = __import__(name)
    for part in name.split(".")[1:]:
        module = getattr(module, part)
    passed = 0
    failed = 0
    names = [n for n in dir(module) if n.startswith("test_")]
    names.sort()
    for test_name in names:
        test = getattr(module, test_name)
        try:
            test()
        except Exception as err:  # report and go on: one run lists every failure
            failed += 1
            print("FAIL {}.{}: {}: {}".format(name, test_name, type(err).__name__, err))
            if hasattr(sys, "print_exception"):
                sys.print_exception(err)
            else:
                import traceback

                traceback.print_exc()
        else:
            passed += 1
            print("ok   {}.{}".format(name, test_name))
    return passed, failed


def main(names):
    passed = 0
    failed = 0
    for name in names:
        p, f = _run_module(name)
        passed += p
        failed += f
    print("{} passed, {} failed".format(passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
