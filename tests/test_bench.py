# SPDX-License-Identifier: MIT
"""The bench tool measures what it claims, on the race fixture: these check the measurements, not speed."""

import subprocess
import sys
from pathlib import Path

from tools import bench, devicevm, refwork

ROOT = Path(__file__).resolve().parent.parent
KEYS = {
    "alloc_bytes_per_move", "alloc_bytes_per_decision_max", "alloc_bytes_per_turn_max", "min_heap_kb",
    "playouts_per_s_cpython", "playouts_per_s_micropython", "winrates", "device_vm",
} | set(bench.DEVICE_KEYS)


def test_report_has_every_key_and_the_fixture_allocates_nothing():
    report = bench.run("tests.fixtures.race", "tests.fixtures.race", games_count=10, seeds=3)
    assert KEYS <= set(report)
    assert not {"device_factor", "decision_s_device_median", "turn_s_device_median"} & set(report)
    assert report["alloc_bytes_per_move"] == 0 and report["alloc_bytes_per_decision_max"] == 0
    assert report["alloc_bytes_per_turn_max"] == 0
    assert 8 < report["min_heap_kb"] < 1024
    assert report["playouts_per_s_micropython"] > 0
    assert report["winrates"]["normal_vs_random"]["games"] == 10
    if devicevm.available():
        assert report["device_vm"] == "built"
        # a turn is one decision or more; the seconds are the instructions at the documented rate
        assert 0 < report["device_minstr_decision_median"] <= report["device_minstr_turn_median"]
        assert (report["device_minstr_turn_median"] <= report["device_minstr_turn_p95"]
                <= report["device_minstr_turn_max"])
        assert report["device_s_turn_max"] == round(
            report["device_minstr_turn_max"] * 1e6 / refwork.DEVICE_INSTRUCTIONS_PER_S, 3)
        assert report["device_turn_worst"][0][0] == report["device_minstr_turn_max"]
        assert 16 <= report["device_heap_min_kb"] < report["min_heap_kb"]  # 32-bit objects are smaller
        assert 0 < report["device_import_bytes"] and 0 < report["device_pystack_min_bytes"] <= 2048
        assert report["device_refwork_instr"] > 1000000
    else:
        assert report["device_minstr_turn_max"] is None and report["device_vm"] != "built"


def test_a_level_the_engine_lacks_is_refused_before_measuring():
    try:
        bench.run("tests.fixtures.race", "tests.fixtures.race", games_count=1, seeds=1, level="hard")
    except ValueError as err:
        assert "easy, normal" in str(err)
    else:
        raise AssertionError("the race fixture has no hard level")


def test_winrates_match_the_chosen_level_against_every_other():
    from tests.fixtures import race

    rates = bench.winrates(race, race, "easy", 2)
    assert {"easy_vs_random", "easy_vs_random-python", "easy_vs_normal"} <= set(rates) and "normal_vs_easy" not in rates


def test_the_matches_play_the_seeds_from_the_first_seed(monkeypatch):
    from tests.fixtures import race

    seeds = []

    def spy(rules, ai, config, level_a, level_b, games_count, first_seed=0, **options):
        seeds.append((games_count, first_seed))
        return {"won": 0}

    monkeypatch.setattr(bench, "play_match", spy)
    bench.winrates(race, race, "easy", 7, first_seed=400)
    assert seeds and set(seeds) == {(7, 400)}


def test_device_counts_repeat_exactly(device_tree):
    runs = [bench.device_job(device_tree, "turns", "tests.fixtures.race", "tests.fixtures.race", "", "0:2", "normal")
            for _ in range(2)]
    assert runs[0] is not None and runs[0] == runs[1]
    assert runs[0]["unit"] == "instr" and runs[0]["turns"] > 4


def test_allocation_per_move_is_seen():
    result = bench.micropython_job("alloc", "tests.fixtures.leaky", "tests.fixtures.leaky", "", "0:2")
    assert result["alloc_bytes_per_move"] > 0


def test_heap_search_finds_the_boundary(tmp_path):
    from tools.build import compile_packages
    from tools.verify import play_within

    compile_packages(["core", "tests"], tmp_path)
    kb = bench.min_heap_kb("tests.fixtures.race", "tests.fixtures.race", tmp_path)
    assert play_within(tmp_path, "tests.fixtures.race", "tests.fixtures.race", kb) is not None
    assert play_within(tmp_path, "tests.fixtures.race", "tests.fixtures.race", kb - 1) is None


def test_reference_workload_is_the_same_on_both_vms():
    mp = subprocess.run(
        [str(bench.MICROPYTHON), "-c", "import sys; sys.path.insert(0, '.'); from tools import refwork; "
         "print(refwork.workload(2))"], cwd=ROOT, capture_output=True, text=True, check=True,
    )
    assert int(mp.stdout) == refwork.workload(2)


def test_matches_alternate_seats_and_count_games():
    from tests.fixtures import race

    record = bench.play_match(race, race, "", "normal", bench.RANDOM, 6)
    assert record["games"] == 6 and 0 <= record["won"] <= 1


def test_the_two_random_players_draw_from_different_generators():
    from core.pave_the_way import rules

    def moves(level, seed):
        game = rules.Game("", 3)
        player = bench._player(rules, None, level, seed)
        made = []
        for _ in range(40):
            made.append(player.choose(game))
            game.apply(made[-1])  # apply() refuses an illegal move
        return made

    assert moves(bench.OTHER_RANDOM, 5) == moves(bench.OTHER_RANDOM, 5) != moves(bench.RANDOM, 5)


def test_cli_rejects_an_unknown_game():
    done = subprocess.run([sys.executable, "-m", "tools.bench", "chess"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2
