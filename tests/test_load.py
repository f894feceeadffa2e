"""The load test's smoke test, so that it cannot rot: one table of two phones on the shift page and two
on the end page for a few seconds; every tap is answered, lands in the store and reaches the other
phones. No timing is asserted here: figures come from `python tests/load/measure.py`."""

import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

sys.path.insert(0, str(Path(__file__).with_name("load")))
from floor import CARDS  # noqa: E402
from measure import Load, measure_app  # noqa: E402

pytestmark = pytest.mark.load


def test_taps_are_answered_and_reach_the_other_phones() -> None:
    result = measure_app(Load(tables=1, standings=2, warmup=1, seconds=10))
    figures = result.figures
    assert figures.taps >= 2
    assert (figures.unanswered, figures.unseen, figures.errors) == (0, 0, 0)
    assert result.landed == figures.taps
    assert len(figures.propagations) == 3 * figures.taps


@pytest.mark.parametrize("yardstick", ["bare.py", "floor.py", "floor_cards.py"])
def test_the_yardsticks_draw_their_controls(yardstick: str) -> None:
    """The pages `runs.py` measures the app against run: the bare page's button, and the floor's cards (as
    buttons, or as one component) with the shift page's controls around them."""
    app = AppTest.from_file(str(Path(__file__).with_name("load") / yardstick)).run()
    assert not app.exception
    assert app.button(key="tap")
    if yardstick != "bare.py":
        assert [c.key for c in app.segmented_control] == ["lang", "shift", "player", "transport"]
        buttons = [b for b in app.button if b.key.startswith("card_")]
        assert (len(buttons), len(app.get("bidi_component"))) == ((CARDS, 0) if yardstick == "floor.py" else (0, 1))
