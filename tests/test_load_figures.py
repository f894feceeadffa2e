"""The load test's bookkeeping, without a server: which process serves each phone of a table, and the
propagation of a tap told apart by whether the phone that shows it shares the tapping phone's process."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).with_name("load")))
from phones import Table, Tap, figures  # noqa: E402

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
