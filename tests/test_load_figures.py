"""The load test's bookkeeping, without a server: which process serves each phone of a table, the
propagation of a tap told apart by whether the phone that shows it shares the tapping phone's process,
and the knee search given made-up measurements."""

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).with_name("load")))
from measure import KNEE_MS, Knee, Step, knee, knee_line, tap_p95  # noqa: E402
from phones import Figures, Table, Tap, figures  # noqa: E402

pytestmark = pytest.mark.pure

PROCESSES = ("http://127.0.0.1:9001", "http://127.0.0.1:9002")


def test_a_tables_phones_connect_to_the_processes_in_turn() -> None:
    table = Table(PROCESSES, "g", ["play"] * 4, ("play",))
    assert [p.url for p in table.phones] == [*PROCESSES, *PROCESSES]


def test_propagation_is_split_by_the_tapping_phones_process() -> None:
    table = Table(PROCESSES, "g", ["play"] * 4, ("play",))
    tapper, other, same, other_too = table.phones
    table.taps.append(Tap(tapper, 10.0, {other, same, other_too}))
    table.shown(same, 10.1)
    table.shown(other, 10.4)
    measured = figures([table], 0.0)
    assert (measured.servers, measured.unseen) == (2, 1)
    assert measured.same_process == pytest.approx([0.1])
    assert measured.other_process == pytest.approx([0.4])
    assert sorted(measured.propagations) == pytest.approx([0.1, 0.4])


def test_phones_behind_one_url_are_one_server() -> None:
    """Behind a proxy (or on one process) every phone is the tapping phone's: nothing to tell apart."""
    table = Table(["http://127.0.0.1:8500"], "g", ["play"] * 4, ("play",))
    tapper, *others = table.phones
    table.taps.append(Tap(tapper, 10.0, set(others)))
    for phone in others:
        table.shown(phone, 10.2)
    measured = figures([table], 0.0)
    assert (measured.servers, len(measured.same_process), measured.other_process) == (1, 3, [])


def searched(p95_at: dict[int, float] | None = None, per_table: float = 0.0, start: int = 32, step: int = 32,
             cap: int = 256) -> tuple[Knee, list[int]]:
    """The knee search over made-up p95s (`p95_at`, else `per_table` ms a table), and the counts it measured."""
    measured: list[int] = []

    def p95(tables: int) -> float:
        measured.append(tables)
        return p95_at[tables] if p95_at else per_table * tables

    return knee(p95, start, step, cap), measured


def test_the_knee_is_stepped_up_to_then_bisected_to_eight_tables() -> None:
    """At 2 ms a table the p95 reaches 300 ms at 150 tables: 160 is the first step past it, then 144 and
    152 bracket it."""
    found, measured = searched(per_table=2.0)
    assert measured == [32, 64, 96, 128, 160, 144, 152]
    assert found == Knee(Step(144, 288.0), Step(152, 304.0))
    assert knee_line(2, found, 256) == "knee: 2 process(es): between 144 tables (p95 288 ms) and 152 tables (p95 304 ms)"


def test_a_knee_beyond_the_cap_is_not_reached() -> None:
    found, measured = searched(per_table=1.0, start=2, step=2, cap=5)
    assert measured == [2, 4, 5]
    assert found == Knee(Step(5, 5.0), None)
    assert knee_line(1, found, 5) == "knee: 1 process(es): not reached up to 5 tables (p95 5 ms)"


def test_a_start_past_the_knee_is_bisected_from_no_tables() -> None:
    found, measured = searched(per_table=KNEE_MS)
    assert measured == [32, 16, 8]
    assert found == Knee(None, Step(8, 8 * KNEE_MS))
    assert knee_line(1, found, 256).startswith("knee: 1 process(es): below 8 tables (p95 2400 ms)")


def test_a_count_with_no_tap_measured_counts_as_past_the_knee() -> None:
    found, _ = searched({32: 100.0, 64: math.nan, 48: 200.0, 56: 250.0})
    assert found.good == Step(56, 250.0) and found.bad is not None and found.bad.tables == 64


def test_a_tap_never_answered_is_slower_than_any() -> None:
    """Of 20 taps the 19th slowest is the p95: with two unanswered, it is one of them."""
    assert tap_p95(Figures(latencies=[0.1] * 19, unanswered=1)) == pytest.approx(100.0)
    assert tap_p95(Figures(latencies=[0.1] * 18, unanswered=2)) == math.inf
    assert math.isnan(tap_p95(Figures()))
