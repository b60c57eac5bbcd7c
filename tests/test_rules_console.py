# SPDX-License-Identifier: MIT
"""The rules console's shared part, driven with the race fixture; each engine's tests add its own cases."""

import io
import subprocess
import sys
from pathlib import Path


from tests.fixtures import race
from tools import rules as console

ROOT = Path(__file__).resolve().parent.parent


class FixtureRegistry:
    def names(self):
        return ["race"]

    def modules(self, name):
        return race, race, race


def run(argv, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    code = console.main(argv, FixtureRegistry(), io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def new_position(tmp_path, *args):
    code, out, err = run(["race", "new"] + list(args))
    assert code == 0, err
    path = tmp_path / "pos.txt"
    path.write_text(out)
    return path


def test_new_prints_a_position_with_config_and_seed(tmp_path):
    code, out, _ = run(["race", "new", "--players", "3", "--seed", "9", "--set", "goal=20"])
    assert code == 0
    assert out.startswith("game race\nconfig players=3 goal=20 turncap=100\nrng ")
    assert run(["race", "new", "--players", "3", "--seed", "9", "--set", "goal=20"])[1] == out


def test_moves_lists_legal_moves_in_order(tmp_path):
    path = new_position(tmp_path)
    assert run(["race", "moves", str(path)]) == (0, "step\nroll\n", "")
    assert run(["race", "moves", "-"], path.read_text())[1] == "step\nroll\n"


def test_apply_prints_the_new_position_and_is_deterministic(tmp_path):
    path = new_position(tmp_path, "--seed", "4")
    code, out, _ = run(["race", "apply", str(path), "roll", "step"])
    assert code == 0 and "turn 0 moves 2" in out
    assert run(["race", "apply", str(path), "roll", "step"])[1] == out


def test_illegal_and_malformed_moves_exit_2_with_the_reason(tmp_path):
    path = new_position(tmp_path, "--set", "goal=5")
    code, out, err = run(["race", "apply", str(path), "step", "jump"])
    assert code == 2 and out == "" and "move 2 'jump'" in err and "expected 'step' or 'roll'" in err
    finished = run(["race", "apply", str(path)] + ["step"] * 9)[1]
    path.write_text(finished)
    code, _, err = run(["race", "apply", str(path), "step"])
    assert code == 2 and "illegal: the game is over" in err


def test_malformed_position_names_line_and_field(tmp_path):
    path = new_position(tmp_path)
    path.write_text(path.read_text().replace("config players=2", "config players=two"))
    code, _, err = run(["race", "moves", str(path)])
    assert code == 2 and "line 2" in err and "players" in err and str(path) in err
    code, _, err = run(["race", "moves", str(tmp_path / "missing.txt")])
    assert code == 2 and "cannot read" in err


def test_bad_options_exit_2_without_traceback():
    assert run(["race", "new", "--solo"])[0] == 2
    assert run(["race", "new", "--players", "9"])[0] == 2
    assert run(["race", "new", "--seed", "-1"])[0] == 2
    assert run(["race", "play", "--level", "grandmaster"])[0] == 2
    assert run(["chess", "new"])[0] == 2
    assert run(["race"])[0] == 2


def test_play_prints_a_record_that_replays(tmp_path):
    code, record, _ = run(["race", "play", "--seed", "12", "--players", "3"])
    assert code == 0 and record.startswith("game race\n") and "\nresult " in record
    assert run(["race", "play", "--seed", "12", "--players", "3"])[1] == record
    path = tmp_path / "game.rec"
    path.write_text(record)
    code, final, _ = run(["race", "replay", str(path)])
    assert code == 0 and final.startswith("game race\n")
    path.write_text(record.replace("move roll", "move hop", 1))
    code, _, err = run(["race", "replay", str(path)])
    assert code == 2 and "line 4" in err and "move" in err


def test_console_runs_as_a_module_and_exits_2_on_an_unknown_game():
    done = subprocess.run(
        [sys.executable, "-m", "tools.rules", "no-such-game", "new"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr and "invalid choice" in done.stderr


def test_clear_a_path_through_the_real_console(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tools.rules", "clear-a-path", "new", "--solo", "--seed", "7"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0 and "config players=1" in done.stdout
    path = tmp_path / "pos.txt"
    path.write_text(done.stdout)
    moves = subprocess.run([sys.executable, "-m", "tools.rules", "clear-a-path", "moves", str(path)],
                           cwd=ROOT, capture_output=True, text=True)
    assert moves.stdout.splitlines()[0] == "draft red"
    bad = subprocess.run([sys.executable, "-m", "tools.rules", "clear-a-path", "apply", str(path), "mark red"],
                         cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and "draft" in bad.stderr and "Traceback" not in bad.stderr
    record = subprocess.run([sys.executable, "-m", "tools.rules", "clear-a-path", "play", "--seed", "2",
                             "--players", "3"], cwd=ROOT, capture_output=True, text=True)
    (tmp_path / "g.rec").write_text(record.stdout)
    replay = subprocess.run([sys.executable, "-m", "tools.rules", "clear-a-path", "replay", str(tmp_path / "g.rec")],
                            cwd=ROOT, capture_output=True, text=True)
    assert replay.returncode == 0 and "phase over" in replay.stdout


def run_real(argv, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    code = console.main(argv, None, io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def test_view_prints_what_a_seat_knows_hidden_values_as_question_marks():
    code, full, _ = run_real(["pawns-crossing", "new", "--seed", "2"])
    assert code == 0 and "?" not in full.split("tokens", 1)[1].split("\n", 1)[0]
    code, seen, _ = run_real(["pawns-crossing", "new", "--seed", "2", "--view", "0"])
    tokens = seen.split("tokens", 1)[1].split("\n", 1)[0]
    assert code == 0 and "red-a:redA:" in tokens and "blue-a:blueA:?" in tokens
    code, _, err = run_real(["pawns-crossing", "new", "--view", "4"])
    assert code == 2 and "--view must be a seat from 0 to 1" in err


def test_view_hides_the_other_sides_guards_during_secret_placement(tmp_path):
    from core.game import move_buffer
    from core.notation import format_position
    from core.pave_the_way import notation, rules

    game = rules.Game("", 3)
    moves = move_buffer(rules.Game.MAX_MOVES)
    while game.phase() != rules.PH_PLACE:
        game.legal_moves(moves)
        game.apply(moves[0])
    placer = game.current_player()
    game.legal_moves(moves)
    game.apply(moves[0])  # the first side's first guard
    position = tmp_path / "placing.txt"
    position.write_text(format_position(game, notation))
    game.legal_moves(moves)
    move = notation.format_move(game, moves[0])
    side = "SN"[placer]
    code, full, _ = run_real(["pave-the-way", "apply", str(position), move])
    assert code == 0 and "\nat a1 {} g0 g1".format(side) in full  # two guards placed by the first side
    code, own, _ = run_real(["pave-the-way", "apply", str(position), move, "--view", str(placer)])
    assert code == 0 and "\nat a1 {} g0 g1".format(side) in own
    code, other, _ = run_real(["pave-the-way", "apply", str(position), move, "--view", str(1 - placer)])
    assert code == 0 and "\nat a1" not in other and "\nhidden {}".format(side) in other


def test_a_closed_pipe_ends_the_console_quietly():
    class ClosedPipe:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")  # what `moves FILE | head -1` meets

    err = io.StringIO()
    code = console.main(["race", "new"], FixtureRegistry(), io.StringIO(), ClosedPipe(), err)
    assert code == 0 and err.getvalue() == ""


def run_bytes(argv, data):
    """The console as a process, with raw bytes on standard input (a UTF-8 locale, as a terminal has)."""
    done = subprocess.run([sys.executable, "-m", "tools.rules"] + argv, cwd=ROOT, input=data, capture_output=True,
                          env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "PYTHONPATH": str(ROOT)})
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def test_binary_input_is_refused_as_not_text_without_a_traceback(tmp_path):
    for data in (bytes(range(256)), b"game pawns-crossing\n\xff\xfe\n", b"\x00" * 5000):
        code, _, err = run_bytes(["pawns-crossing", "moves", "-"], data)
        assert code == 2 and "Traceback" not in err, err
        assert "not a text file" in err or "line" in err
    path = tmp_path / "bin"
    path.write_bytes(bytes(range(256)))
    code, _, err = run(["race", "moves", str(path)])
    assert code == 2 and "not a text file" in err


def test_endless_or_huge_input_is_refused_by_size():
    for device in ("/dev/zero", "/dev/urandom"):
        code, _, err = run_bytes(["pawns-crossing", "moves", device], b"")
        assert code == 2 and "longer than" in err and "Traceback" not in err
    code, _, err = run(["race", "moves", "-"], "#" * (console.MAX_INPUT_BYTES + 1))
    assert code == 2 and "longer than" in err


def test_numbers_are_plain_ascii_digits_and_config_fields_appear_once(tmp_path):
    path = new_position(tmp_path)
    text = path.read_text()
    for bad in ("4_2", "\u0664\u0662", "\uff14\uff12", "+5", "1e3"):
        code, _, err = run(["race", "moves", "-"], text.replace("moves 0", "moves " + bad))
        assert code == 2 and "line 4: moves: not an integer" in err, (bad, err)
    code, _, err = run(["race", "moves", "-"], text.replace("config players=2", "config players=2 players=3"))
    assert code == 2 and "line 2: players: given twice" in err
    code, _, err = run(["race", "new", "--set", "goal=2_0"])
    assert code == 2 and "not an integer" in err
