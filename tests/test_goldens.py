# SPDX-License-Identifier: MIT
"""The engines' text goldens (tools/goldens.py): perft counts and seeded playthroughs match the files, and the
check itself reports the first differing line."""

import pytest

from tools import goldens

EXPECTED = goldens.expected_files()


@pytest.mark.parametrize("path", sorted(EXPECTED), ids=lambda p: "{}/{}".format(p.parent.name, p.name))
def test_engine_goldens_are_unchanged(path):
    assert path.exists(), "{} is missing: python -m tools.goldens --write".format(path)
    difference = goldens.first_difference(EXPECTED[path], path.read_text())
    assert difference is None, "{} changed ({}); if intended: python -m tools.goldens --write".format(
        path.name, difference)


def test_the_first_difference_names_the_line_and_both_texts():
    assert goldens.first_difference("a\nb\nc\n", "a\nb\nc\n") is None
    report = goldens.first_difference("a\nB\nc\n", "a\nb\nc\n")
    assert report.startswith("line 2:") and "golden: b" in report and "now:    B" in report
    assert "<end of file>" in goldens.first_difference("a\nb\n", "a\n")
