# SPDX-License-Identifier: MIT
"""core/ stays in the shared subset: the static check passes on it and rejects each forbidden construct."""

from pathlib import Path

import pytest

from tools.subset import check_source, check_tree

ROOT = Path(__file__).resolve().parent.parent


def test_core_is_in_the_shared_subset():
    assert check_tree(ROOT / "core") == []


def test_firmware_is_in_the_subset_circuitpython_runs():
    assert check_tree(ROOT / "firmware", "firmware") == []
    assert check_source("import pygame\n", "f.py", "firmware")
    assert check_source("x = 'a'.ljust(3)\n", "f.py", "firmware")
    assert check_source("x = 0.5 / 2\nimport displayio\n", "f.py", "firmware") == []


@pytest.mark.parametrize(
    "source,expected",
    [
        ("import typing\n", "typing"),
        ("from dataclasses import dataclass\n", "dataclasses"),
        ("import enum\n", "enum"),
        ("from abc import ABC\n", "abc"),
        ("import functools\n", "functools"),
        ("from itertools import count\n", "itertools"),
        ("from __future__ import annotations\n", "__future__"),
        ("import random\n", "only core and CircuitPython"),
        ("from firmware import app\n", "only core and CircuitPython"),
        ("from .rules import Game\n", "relative import"),
        ("x = 0.5\n", "float literal"),
        ("x = 7 / 2\n", "'/' makes a float"),
        ("x = 8\nx /= 2\n", "'/=' makes a float"),
        ("y = 1073741824\n", ">= 2**30"),
        ("x = 1 << 40\n", ">= 2**30"),
        ("x = 32768 * 32768\n", ">= 2**30"),
        ("async def f():\n    pass\n", "async def"),
        ("b = bytearray(4)[::2]\n", "slice with a step"),
        ("s = 'a'.ljust(3)\n", "ljust"),
        ("s = 'a'.zfill(3)\n", "zfill"),
        ("s = 'a b'.title()\n", "title"),
        ("ok = 'a'.isalnum()\n", "isalnum"),
        ("match 1:\n    case 1:\n        pass\n", "match"),
        ("x = f'{1!a}'\n", "!a"),
    ],
)
def test_each_forbidden_construct_is_reported(source, expected):
    problems = check_source(source)
    assert problems and expected in problems[0], problems


def test_allowed_constructs_pass():
    source = (
        "from core.compat import const\nimport gc\nfrom array import array\nfrom micropython import const\n"
        "X = const(1 << 29)\nb = bytearray(8)[2:6]\ns = '{:>5}'.format(3)\nq = 7 // 2\n"
    )
    assert check_source(source) == []
