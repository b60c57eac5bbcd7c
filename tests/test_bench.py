# SPDX-License-Identifier: MIT
"""The bench tool measures what it claims, on the race fixture: these check the measurements, not speed."""

import subprocess
import sys
from pathlib import Path

from tools import bench, refwork

ROOT = Path(__file__).resolve().parent.parent
KEYS = {
    "alloc_bytes_per_move", "alloc_bytes_per_decision_max", "min_heap_kb", "decision_ms_unix_median",
    "decision_ms_unix_p95", "device_factor", "decision_s_device_median", "decision_s_device_p95",
    "playouts_per_s_cpython", "playouts_per_s_micropython", "winrates", "turn_ms_unix_median", "turn_ms_unix_p95",
    "turn_s_device_median", "turn_s_device_p95", "alloc_bytes_per_turn_max",
}


def test_report_has_every_key_and_the_fixture_allocates_nothing():
    report = bench.run("tests.fixtures.race", "tests.fixtures.race", games_count=10, seeds=3)
    assert KEYS <= set(report)
    assert report["alloc_bytes_per_move"] == 0 and report["alloc_bytes_per_decision_max"] == 0
    assert report["alloc_bytes_per_turn_max"] == 0
    assert report["turn_ms_unix_median"] >= report["decision_ms_unix_median"]  # a turn is one decision or more
    assert 8 < report["min_heap_kb"] < 1024
    assert report["device_factor"] > 0 and report["playouts_per_s_micropython"] > 0
    assert report["winrates"]["normal_vs_random"]["games"] == 10


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


def test_cli_rejects_an_unknown_game():
    done = subprocess.run([sys.executable, "-m", "tools.bench", "chess"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2
