"""The load test's smoke test, so that it cannot rot: one table of two phones on the shift page and two
on the end page for a few seconds; every tap is answered, lands in the store and reaches the other
phones. No timing is asserted here: figures come from `python tests/load/measure.py`."""

import sys
from collections import Counter
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

sys.path.insert(0, str(Path(__file__).with_name("load")))
from costs import kind  # noqa: E402
from floor import CARDS  # noqa: E402
from measure import Load, measure_app  # noqa: E402
from runs import ELEMENTS, PAGES  # noqa: E402

from apptest import app, put  # noqa: E402

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


def kinds(node: object, found: Counter[str] | None = None) -> Counter[str]:
    """How many elements and blocks of each kind a run drew under `node`."""
    found = Counter() if found is None else found
    for child in getattr(node, "children", {}).values():
        found[child.type] += 1
        kinds(child, found)
    return found


@pytest.mark.parametrize(("yardstick", "page"), ELEMENTS.items())
def test_the_element_yardsticks_draw_what_the_pages_draw(store_path: Path, yardstick: str, page: str) -> None:
    """Each element yardstick (`elements.py`) draws as many elements of each kind as the app's page does for
    `runs.py`'s game (under AppTest the app's page also polls, in a container of its own)."""
    drawn = kinds(app(f"pages/{PAGES[page].file}.py", "en", put(store_path, PAGES[page].build()))._tree[0])
    drawn["flex_container"] -= 1
    assert kinds(AppTest.from_file(str(PAGES[yardstick].script)).run()._tree[0]) == drawn


RUN = "Thread._bootstrap (threading.py:1002);ScriptRunner._run_script (streamlit/runtime/scriptrunner/script_runner.py:961)"


@pytest.mark.parametrize(("stack", "who"), [
    ("_run_module_as_main (<frozen runpy>:198);_SelectorSocketTransport.write (asyncio/selector_events.py:1068)",
     "the server (event loop)"),
    (f"{RUN};SessionState.on_script_will_rerun (streamlit/runtime/state/session_state.py:920)", "Streamlit's script runner"),
    (f"{RUN};<module> (app.py:14);header (schichtbuch/shell/header.py:69);HtmlMixin.html (streamlit/elements/html.py:162)",
     "Streamlit's elements and widgets"),
    (f"{RUN};<module> (history.py:20);summary (scoring/registry.py:80);loads (json/__init__.py:346)",
     "the app's own Python"),
    (f"{RUN};<module> (app.py:13);current (schichtbuch/shell/nav.py:114);SQLiteStore._read_only (schichtbuch/store/sqlite.py:81)",
     "the store"),
    (f"{RUN};<module> (app.py:13);CachedFunc.__call__ (streamlit/runtime/caching/cache_utils.py:762)", "Streamlit's caches"),
    ("_current_form (streamlit/elements/lib/form_utils.py:44)", "not known (py-spy read only part of the stack)"),
])
def test_costs_tell_who_spends_a_sample(stack: str, who: str) -> None:
    assert kind(stack.split(";")) == who
