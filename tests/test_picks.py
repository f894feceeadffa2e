"""A tap means what the phone showed: a choice made on a weak connection is drawn at once in the browser,
while the controls under it stay as the server drew them, so the tap arrives with the new choice on a
control of the old one (streamlit.md). Such a tap is refused with a message and nothing is stored; the
choices the meaning hangs on (player, transport, the part of a round) are kept in the link, so a reload or
a new session shows them as the phone had them. AppTest sets the choice and taps the control in one run,
as the phone's request carries both once the connection is back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from apptest import PAGE_FIXTURES, app, failure, new_session, put, stored, tr
from builders.coal_baron import card_text
from schichtbuch.session.page import widget_key
from schichtbuch.shell.nav import page_path
from scoring import coal_baron as cb, mine, schichtwechsel as sw
from scoring.coal_baron import Transport

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
SHIFT = page_path("coal_baron", "shift")
SCORING = page_path("coal_baron", "scoring")
MINE_ROUND = page_path("mine", "round")
SW_ROUND = page_path("schichtwechsel", "round")
TWO = ["Anna", "Ben"]


def card(at: AppTest, order: cb.Order) -> Any:
    return next(b for b in at.button if b.label == card_text(order))


def said_unseen(at: AppTest, pick: str) -> bool:
    """The page says the tap was refused because it was drawn for `pick` ("Transport: Wheelbarrow")."""
    return tr("en", "error.pick_unseen", pick=pick) in [w.value for w in at.warning]


def save_of(at: AppTest, key_part: str) -> Any:
    """The Save button of the form whose fields' keys contain `key_part`."""
    return next(b for b in at.button if key_part in str(b.proto.form_id))


# --- a tap on a control drawn for another choice ---------------------------------------------------------

@pytest.mark.parametrize(("picked", "shown"), [(Transport.TRAIN, "Wheelbarrow"), (Transport.TRUCK, "Wheelbarrow")])
def test_a_card_of_the_transport_shown_before_the_phone_picked_another_is_refused(
        store_path: Path, picked: Transport, shown: str) -> None:
    game_id = put(store_path, cb.new_record(TWO, {}, "Anna"))
    at = app(SHIFT, "en", game_id)
    wheelbarrow = cb.cards(Transport.WHEELBARROW)[0]
    old_card = card(at, wheelbarrow)
    at.button_group(key="shift_player").set_value("Ben")
    at.button_group(key="shift_transport").set_value(picked)
    old_card.click().run()
    assert not at.exception, failure(at)
    assert said_unseen(at, f"Transport: {shown}")
    assert cb.read(stored(store_path, game_id)).current_shift == {"Anna": (), "Ben": ()}
    assert {b.label for b in at.button if b.key and b.key.startswith("shift_card_")} == {
        card_text(o) for o in cb.cards(picked)}


def test_a_card_of_the_transport_shown_is_stored_for_the_player_picked_with_it(store_path: Path) -> None:
    """The player picked does not change the cards shown: a card tapped with a new player is that player's."""
    game_id = put(store_path, cb.new_record(TWO, {}, "Anna"))
    at = app(SHIFT, "en", game_id)
    order = cb.cards(Transport.WHEELBARROW)[2]
    old_card = card(at, order)
    at.button_group(key="shift_player").set_value("Ben")
    old_card.click().run()
    assert cb.read(stored(store_path, game_id)).current_shift == {"Anna": (), "Ben": (order,)}
    assert not at.warning


def test_a_logged_order_of_the_shift_shown_before_another_shift_was_picked_is_not_taken_back(store_path: Path) -> None:
    doc = cb.deliver(cb.new_record(TWO, {}, "Anna"), 1, "Anna", cb.cards(Transport.WHEELBARROW)[0])
    doc = cb.close_shift(doc, 1, factory={"Anna": 1, "Ben": 0})
    doc = cb.deliver(doc, 2, "Anna", cb.cards(Transport.TRAIN)[0])
    game_id = put(store_path, doc)
    at = app(SHIFT, "en", game_id)
    remove = next(b for b in at.button if b.key and b.key.startswith("shift_remove_play_2_Anna"))
    at.button_group(key="shift_view_2").set_value(1)
    remove.click().run()
    assert said_unseen(at, "Shift: II")
    assert stored(store_path, game_id)["current_shift"]["Anna"]


def test_a_form_of_the_player_shown_before_the_phone_picked_another_is_not_saved(store_path: Path) -> None:
    """Shift III's empty minecarts: one player's form at a time."""
    doc = cb.new_record(TWO, {}, "Anna")
    for shift in (1, 2):
        doc = cb.close_shift(doc, shift, factory={"Anna": 1, "Ben": 0})
    game_id = put(store_path, doc)
    at = app(SCORING, "en", game_id)
    save = save_of(at, "carts_form")
    at.number_input(key=widget_key("carts", "Anna", cb.COLOURS[0])).set_value(2)
    at.button_group(key="carts_player").set_value("Ben")
    save.click().run()
    assert not at.exception, failure(at)
    assert said_unseen(at, "Player: Anna")
    assert not stored(store_path, game_id).get("carts_draft")


def test_a_mine_form_of_the_part_shown_before_the_phone_picked_another_is_not_saved(store_path: Path) -> None:
    game_id = put(store_path, mine.new_record(TWO, {}, "Anna"))
    at = app(MINE_ROUND, "en", game_id)
    save = save_of(at, "mine_events_1")
    at.number_input(key=widget_key("mine_events_1", "Anna", 0)).set_value(1)
    at.button_group(key="mine_phase_1").set_value("expedition")
    save.click().run()
    assert not at.exception, failure(at)
    assert said_unseen(at, f"{tr('en', 'mine.round.phase')}: {tr('en', 'mine.phase.events')}")
    assert "events" not in (stored(store_path, game_id).get("current") or {})


def test_a_schichtwechsel_correction_of_the_round_shown_before_another_was_picked_is_not_saved(store_path: Path) -> None:
    doc = sw.new_record(TWO, {}, "Anna")
    for number in (1, 2):
        doc = sw.add_round(doc, number, f"Karte {number}", {"Anna": number, "Ben": 0})
    game_id = put(store_path, doc)
    at = app(SW_ROUND, "en", game_id)
    save = next(b for b in at.button if b.label == tr("en", "schichtwechsel.round.save_fix", round=2))
    at.number_input(key=widget_key("round_points", "fix", 2, "Ben")).set_value(5)
    at.button_group(key="round_fix").set_value(1)
    save.click().run()
    assert not at.exception, failure(at)
    assert said_unseen(at, f"{tr('en', 'schichtwechsel.round.which')}: 2")
    assert [r["points"]["Ben"] for r in stored(store_path, game_id)["rounds"]] == [0, 0]


# --- the choices in the link -----------------------------------------------------------------------------

def test_the_player_and_transport_picked_go_into_the_link_and_a_new_session_starts_at_them(store_path: Path) -> None:
    game_id = put(store_path, cb.new_record(TWO, {}, "Anna"))
    at = app(SHIFT, "en", game_id)
    at.button_group(key="shift_player").set_value("Ben").run()
    at.button_group(key="shift_transport").set_value(Transport.TRAIN).run()
    assert (at.query_params["shift_player"], at.query_params["shift_transport"]) == ("Ben", "train")
    reloaded = new_session(SHIFT, "en", game_id)
    reloaded.query_params.update(shift_player="Ben", shift_transport="train")
    reloaded.run()
    assert (reloaded.button_group(key="shift_player").value, reloaded.button_group(key="shift_transport").value) == (
        "Ben", Transport.TRAIN)
    card(reloaded, cb.cards(Transport.TRAIN)[0]).click().run()
    assert cb.read(stored(store_path, game_id)).current_shift["Ben"] == (cb.cards(Transport.TRAIN)[0],)


@pytest.mark.parametrize("named", ["nobody", "", "Transport.TRAIN"])
def test_a_link_naming_no_such_choice_starts_at_the_first(store_path: Path, named: str) -> None:
    game_id = put(store_path, cb.new_record(TWO, {}, "Anna"))
    at = new_session(SHIFT, "en", game_id)
    at.query_params.update(shift_player=named, shift_transport=named)
    at.run()
    assert not at.exception, failure(at)
    assert (at.button_group(key="shift_player").value, at.button_group(key="shift_transport").value) == (
        "Anna", Transport.WHEELBARROW)


def test_the_part_of_a_mine_round_goes_into_the_link_and_a_reload_shows_it(store_path: Path) -> None:
    game_id = put(store_path, mine.new_record(TWO, {}, "Anna"))
    at = app(MINE_ROUND, "en", game_id)
    at.button_group(key="mine_phase_1").set_value("looting").run()
    assert at.query_params["mine_phase_1"] == "looting"
    reloaded = new_session(MINE_ROUND, "en", game_id)
    reloaded.query_params["mine_phase_1"] = "looting"
    reloaded.run()
    assert reloaded.button_group(key="mine_phase_1").value == "looting"
    assert any(b.label == tr("en", "mine.loot.add") for b in reloaded.button)
