# SPDX-License-Identifier: MIT
"""Malformed text never crashes the rules console: hypothesis mutates valid positions, records and moves.

Every game in the registry is fuzzed, and the race fixture stands in for the shared code. A rejected input must
exit with status 2 and a message that names the line (or the move), never a traceback.
"""

import functools
import io

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from core import games
from tests.fixtures import race
from tools import rules as console


class Registry(console.Registry):
    def names(self):
        return list(games.names()) + ["race"]

    def modules(self, name):
        if name == "race":
            return race, race, race
        return console.Registry.modules(self, name)


def run(argv, stdin):
    out, err = io.StringIO(), io.StringIO()
    code = console.main(argv, Registry(), io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


@functools.lru_cache(maxsize=None)
def samples(name):
    """A position after a few moves and a whole record, as text (one computer game per name and process)."""
    code, record, _ = run([name, "play", "--seed", "3"], "")
    assert code == 0
    lines = record.splitlines()
    moves = [line[5:] for line in lines if line.startswith("move ")]
    code, start, _ = run([name, "new", "--seed", "3"], "")
    code, position, _ = run([name, "apply", "-"] + moves[: min(6, len(moves))], start) if moves else (0, start, "")
    assert code == 0
    return position, record, moves


def mutate(text, edits):
    lines = text.splitlines()
    for kind, where, value in edits:
        if not lines:
            break
        i = where % len(lines)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, value)
        elif kind == 2:
            line = lines[i]
            j = (where // 7) % (len(line) + 1)
            lines[i] = line[:j] + value + line[j + 1 :]
        else:
            lines[i], lines[-1 - i] = lines[-1 - i], lines[i]
    return "\n".join(lines) + "\n"


EDITS = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10000), st.text(max_size=12)), min_size=1, max_size=4)
NAMES = list(games.names()) + ["race"]
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_rejection(code, err):
    assert code in (0, 2), err
    assert "Traceback" not in err
    if code == 2:
        assert err.startswith("error: ") and ("line " in err or "move " in err), err


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(edits=EDITS)
def test_mutated_positions_are_rejected_cleanly(name, edits):
    position, _, _ = samples(name)
    code, _, err = run([name, "moves", "-"], mutate(position, edits))
    check_rejection(code, err)


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(edits=EDITS)
def test_mutated_records_are_rejected_cleanly(name, edits):
    _, record, _ = samples(name)
    code, _, err = run([name, "replay", "-"], mutate(record, edits))
    check_rejection(code, err)


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(text=st.text(max_size=20))
def test_random_move_text_is_rejected_cleanly(name, text):
    position, _, _ = samples(name)
    code, _, err = run([name, "apply", "-", "--", text], position)
    check_rejection(code, err)


@SETTINGS
@given(text=st.text(max_size=300))
def test_arbitrary_text_as_a_position_is_rejected_cleanly(text):
    code, _, err = run(["race", "moves", "-"], text)
    check_rejection(code, err)


def run_bytes(argv, data):
    """The console with raw bytes on standard input, as a terminal or a pipe gives them."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    code = console.main(argv, Registry(), stdin, out, err)
    return code, err.getvalue()


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.binary(max_size=400), command=st.sampled_from(["moves", "replay", "apply"]),
       keep=st.integers(0, 4000))
def test_arbitrary_bytes_on_standard_input_exit_2_or_0_without_a_traceback(name, data, command, keep):
    position, record, moves = samples(name)
    # raw bytes alone, or spliced into a real file so that the parser gets past its first lines
    base = (record if command == "replay" else position).encode()
    cut = keep % (len(base) + 1)
    for payload in (data, base[:cut] + data + base[cut:]):
        argv = [name, command, "-"] + (moves[:1] if command == "apply" else [])
        code, err = run_bytes(argv, payload)
        assert code in (0, 2) and "Traceback" not in err, err
        if code == 2:
            assert err.startswith("error: "), err
