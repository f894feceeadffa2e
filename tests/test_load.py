"""The load test's smoke test, so that it cannot rot: one table of two phones on the shift page and two
on the end page for a few seconds; every tap is answered, lands in the store and reaches the other
phones. No timing is asserted here: figures come from `python tests/load/measure.py`."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).with_name("load")))
from measure import Load, measure_app  # noqa: E402

pytestmark = pytest.mark.load


def test_taps_are_answered_and_reach_the_other_phones() -> None:
    result = measure_app(Load(tables=1, standings=2, warmup=1, seconds=10))
    figures = result.figures
    assert figures.taps >= 2
    assert (figures.unanswered, figures.unseen, figures.errors) == (0, 0, 0)
    assert result.landed == figures.taps
    assert len(figures.propagations) == 3 * figures.taps
