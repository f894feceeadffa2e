"""Coal Baron's race on the shift page under AppTest: the table follows every tap (this phone's and
another's), names the ties, says there is no 2nd place with 2 players, and a table that hides it hides
it on every phone until the shift is scored."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from apptest import PAGE_FIXTURES, app, failure, put, stored, texts, tr, untapped, version, watching
from builders.coal_baron import BL, G, WB, card, created, in_shift_one
from schichtbuch.store import SQLiteStore
from scoring import coal_baron as cb
from scoring.coal_baron import Transport

SHIFT = "pages/coal_baron_shift.py"
pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]


def race_table(at: AppTest) -> dict[str, list[str]]:
    """The race's rows: the first cell (the element) → the players' cells, the total row last."""
    title = tr("en", "coal_baron.race.title", shift="I")
    block = next(m.value for m in at.markdown if m.value.startswith(f"**{title}**"))
    rows = [line.strip("| ").split(" | ") for line in block.splitlines() if line.startswith("| ")]
    return {row[0]: row[1:] for row in rows[1:]}


def hide(at: AppTest, hidden: bool) -> AppTest:
    return next(t for t in at.toggle if t.label == tr("en", "coal_baron.race.hide")).set_value(hidden).run()


def test_the_race_follows_the_taps_of_this_phone_and_another(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben", "Cleo"]))
    at = app(SHIFT, "en", game_id)
    assert race_table(at)["⚫"] == ["0 +1"] * 3
    yellow = cb.cards(Transport.WHEELBARROW)[0]
    assert yellow.coal == ("yellow",)
    next(b for b in at.button if b.key and b.key.startswith("shift_card_")).click().run()
    assert not at.exception, failure(at)
    assert race_table(at)["🟡"] == ["**1** 🥇2", "0 +2", "0 +2"]
    assert race_table(at)[tr("en", "coal_baron.race.total")] == ["2", "0", "0"]

    SQLiteStore(str(store_path)).change(game_id, lambda d: cb.deliver(d, 1, "Ben", cb.card(card(WB, "yellow", "yellow"))),
                                        {"key": "change.deliver"})
    at.run()
    assert race_table(at)["🟡"] == ["1 🥈1 +2", "**2** 🥇2", "0 +3"]


def test_the_race_names_its_ties(store_path: Path):
    doc = created(["Anna", "Ben", "Cleo"])
    for name, order in (("Anna", card(WB, BL, BL)), ("Ben", card("train", BL, BL)), ("Cleo", card(WB, G))):
        doc = cb.deliver(doc, 1, name, cb.card(order))
    at = app(SHIFT, "en", put(store_path, doc))
    assert race_table(at)["⚫"] == ["2 🥇5 +1", "2 🥇5 +1", "0 +3"]
    shown = texts(at)
    note = tr("en", "coal_baron.race.tie", element="⚫", players="Anna and Ben", place=tr("en", "place.tied_first"))
    assert any(note in s for s in shown)
    assert not any(tr("en", "place.no_second_two_players") in s for s in shown)


def test_two_players_are_told_there_is_no_second_place(store_path: Path):
    at = app(SHIFT, "en", put(store_path, created(["Anna", "Ben"])))
    assert any(tr("en", "place.no_second_two_players") in c.value for c in at.caption)


def test_a_hidden_race_is_hidden_on_every_phone_until_shown_again(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben"]))
    at, other = app(SHIFT, "en", game_id), app(SHIFT, "en", game_id)
    hide(at, True)
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["race_hidden"] is True
    assert tr("en", "undo.saved", change=tr("en", "change.race_hide")) in texts(at)
    other.run()
    assert any(tr("en", "coal_baron.race.hidden") in m.value for m in other.markdown)
    assert not [m for m in other.markdown if m.value.startswith("**") and "| " in m.value]
    hide(other, False)
    at.run()
    assert race_table(at)["🟡"] == ["0 +1", "0 +1"]


@pytest.mark.parametrize("hidden", [False, True])
def test_the_switch_where_the_page_drew_it_saves_nothing(store_path: Path, hidden: bool):
    """Streamlit may run the switch's callback though the switch was not tapped (`untapped`): a switch
    where the page drew it is no change, so nothing is saved."""
    game_id = put(store_path, cb.hide_race(created(["Anna", "Ben"]), hidden))
    at = app(SHIFT, "en", game_id)
    before = version(store_path, game_id)
    untapped(at, next(t for t in at.toggle if t.label == tr("en", "coal_baron.race.hide")), hidden)
    assert not at.exception, failure(at)
    assert version(store_path, game_id) == before


def test_no_race_while_a_scored_shift_is_corrected(store_path: Path):
    doc = cb.close_shift(created(["Anna", "Ben"]), 1, factory={"Anna": 1, "Ben": 0})
    at = app(SHIFT, "en", put(store_path, doc))
    assert any(m.value.startswith(f"**{tr('en', 'coal_baron.race.title', shift='II')}**") for m in at.markdown)
    at.button_group(key="shift_view_2").set_value(1).run()
    assert not any(tr("en", "coal_baron.race.hide") == t.label for t in at.toggle)


# --- the read-only link -----------------------------------------------------------------------------------

def test_the_watch_page_shows_the_race(store_path: Path):
    game_id = put(store_path, in_shift_one(["Anna", "Ben", "Cleo"]))
    for view in ({}, {"view": "tv"}):
        at = watching(SQLiteStore(str(store_path)).watch_token(game_id), **view)
        assert not at.exception, failure(at)
        shown = [m.value for m in at.markdown]
        assert any(m.startswith(f"**{tr('en', 'coal_baron.race.title', shift='I')}**") for m in shown), view


def test_a_hidden_race_stays_hidden_to_watchers(store_path: Path):
    game_id = put(store_path, cb.hide_race(in_shift_one(["Anna", "Ben"]), True))
    at = watching(SQLiteStore(str(store_path)).watch_token(game_id))
    assert any(tr("en", "coal_baron.race.hidden") in m.value for m in at.markdown)
    assert not [m for m in at.markdown if "| " in m.value and "🟡" in m.value]
