"""Coal Baron's taps mean what the phone showed, or say why not (AppTest; the shared contract for every game
is in test_taps.py and test_picks.py): a phone on the shift page told that another phone scored the
shift, a late score tap that scores nothing more, a shift with no order scored only when asked twice, the
next shift's start player starting fresh, numbers out of range named next to their Save, a refusal that
stays through other phones' entries and names the card in the player's language, a card tapped on a page
a new session never drew, the card grid keeping every card in its place, quick taps on one list; and the
choices a card means (the transport, the player, the shift corrected) kept in the link, a card of the
transport shown before the phone picked another refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from streamlit.testing.v1 import AppTest

from apptest import PAGE_FIXTURES, app, failure, new_session, page_shown, put, stored, tr
from builders import save_of
from builders.coal_baron import card_text
from schichtbuch.session.page import widget_key
from schichtbuch.shell.nav import page_path
from schichtbuch.store import SQLiteStore
from scoring import coal_baron as cb
from scoring.coal_baron import Transport

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
SHIFT = page_path("coal_baron", "shift")
SCORING = page_path("coal_baron", "scoring")
END = page_path("coal_baron", "end")
TWO = ["Anna", "Ben"]
THREE = ["Anna", "Ben", "Cleo"]
WHEELBARROWS = cb.cards(Transport.WHEELBARROW)


def button(at: AppTest, key: str, **params: Any) -> Any:
    return next(b for b in at.button if b.label == tr("en", key, **params))


def labels(at: AppTest) -> list[str]:
    return [b.label for b in at.button]


def news(at: AppTest) -> str:
    """The title of the one confirmation on the page (what was closed, and where)."""
    assert len(at.success) == 1, [s.value for s in at.success]
    return str(at.success[0].proto.title)


def other_phone(store_path: Path, game_id: str, edit: Any) -> None:
    SQLiteStore(str(store_path)).change(game_id, edit, {"key": "change.other"})


def delivered(names: list[str]) -> dict[str, Any]:
    return cb.deliver(cb.new_record(names, {}, names[0]), 1, names[0], WHEELBARROWS[0])


def card(at: AppTest, order: cb.Order) -> Any:
    return next(b for b in at.button if b.label == card_text(order))


def said_unseen(at: AppTest, pick: str) -> bool:
    """The page says the tap was refused because it was drawn for `pick` ("Transport: Wheelbarrow")."""
    return tr("en", "error.pick_unseen", pick=pick) in [w.value for w in at.warning]


def test_a_phone_on_the_shift_page_is_told_another_phone_scored_the_shift(store_path: Path) -> None:
    game_id = put(store_path, delivered(THREE))
    at = app(SHIFT, "en", game_id)
    other_phone(store_path, game_id, lambda d: cb.close_shift(d, 1, factory={"Anna": 0, "Ben": 2, "Cleo": 1}))
    at.run()
    assert not at.exception, failure(at)
    assert page_shown(at) == SCORING and news(at) == tr("en", "coal_baron.scoring.scored_elsewhere", shift="I")
    assert tr("en", "coal_baron.scoring.done_start", shift="II", player="Ben") in at.success[0].value
    assert tr("en", "coal_baron.scoring.close", shift="II") not in labels(at)
    button(at, "coal_baron.scoring.play", shift="II").click().run()
    assert page_shown(at) == SHIFT and tr("en", "coal_baron.shift.title", shift="II") in [s.value for s in at.subheader]
    assert not at.success


def test_a_late_score_tap_scores_nothing_more_and_says_why(store_path: Path) -> None:
    game_id = put(store_path, delivered(THREE))
    at = app(SCORING, "en", game_id)
    other_phone(store_path, game_id, lambda d: cb.close_shift(d, 1, factory={"Anna": 0, "Ben": 2, "Cleo": 1}))
    other_phone(store_path, game_id, lambda d: cb.deliver(d, 2, "Cleo", WHEELBARROWS[1]))
    button(at, "coal_baron.scoring.close", shift="I").click().run()
    assert not at.exception, failure(at)
    assert len(stored(store_path, game_id)["shifts"]) == 1
    assert [e.value for e in at.error] == [tr("en", "error.refused", field=tr("en", "field.shift"),
                                              problem=tr("en", "problem.shift_closed", shift="I"))]
    assert news(at) == tr("en", "coal_baron.scoring.scored_elsewhere", shift="I")


def test_an_undo_elsewhere_puts_the_phone_back_without_news(store_path: Path) -> None:
    game_id = put(store_path, delivered(TWO))
    at = app(SCORING, "en", game_id)
    button(at, "coal_baron.scoring.close", shift="I").click().run()
    assert news(at) == tr("en", "coal_baron.scoring.scored", shift="I")
    SQLiteStore(str(store_path)).undo(game_id, SQLiteStore(str(store_path)).version(game_id))
    at.run()
    assert not at.success and tr("en", "coal_baron.scoring.title", shift="I") in [s.value for s in at.subheader]


def test_scoring_a_shift_with_no_order_asks_first(store_path: Path) -> None:
    game_id = put(store_path, cb.new_record(TWO, {}, "Anna"))
    at = app(SCORING, "en", game_id)
    question = tr("en", "coal_baron.scoring.empty", shift="I")
    button(at, "coal_baron.scoring.close", shift="I").click().run()
    assert question in [w.value for w in at.warning]
    assert stored(store_path, game_id)["shifts"] == []
    button(at, "action.back").click().run()
    assert question not in [w.value for w in at.warning]
    assert tr("en", "coal_baron.scoring.close", shift="I") in labels(at)
    button(at, "coal_baron.scoring.close", shift="I").click().run()
    button(at, "coal_baron.scoring.anyway", shift="I").click().run()
    assert not at.exception, failure(at)
    assert len(stored(store_path, game_id)["shifts"]) == 1
    assert news(at) == tr("en", "coal_baron.scoring.scored", shift="I")


def test_the_next_shifts_start_player_choice_starts_fresh(store_path: Path) -> None:
    """Nobody in the factory leaves the start player to the table: a choice made for shift I is not what
    shift II's form offers."""
    doc = cb.deliver(cb.close_shift(delivered(THREE), 1, factory=dict.fromkeys(THREE, 0)), 2, "Ben", WHEELBARROWS[1])
    game_id = put(store_path, delivered(THREE))
    at = app(SCORING, "en", game_id)
    at.selectbox(key="scoring_next_1").set_value("Anna").run()
    SQLiteStore(str(store_path)).change(game_id, lambda d: doc, {"key": "change.other"})
    at.run()
    button(at, "coal_baron.scoring.play", shift="II").click().run()
    at.switch_page(SCORING).run()
    assert at.selectbox(key="scoring_next_2").value == "Cleo"  # clockwise after Ben, who started shift II


def test_a_negative_sum_of_money_is_named_next_to_save_and_kept(store_path: Path) -> None:
    doc = cb.close_shift(cb.close_shift(cb.close_shift(delivered(TWO), 1, factory={"Anna": 1, "Ben": 0}), 2,
                                        factory={"Anna": 1, "Ben": 0}), 3,
                         empty_carts={p: dict.fromkeys(cb.COLOURS, 0) for p in TWO})
    game_id = put(store_path, doc)
    at = app(END, "en", game_id)
    at.number_input(key="end_Anna_money").set_value(-5)
    at.number_input(key="end_Anna_cubes").set_value(4)
    next(b for b in at.button if b.label == tr("en", "action.save")).click().run()
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr("en", "error.refused", field=" › ".join(
        [tr("en", "field.end"), "Anna", tr("en", "field.money")]), problem=tr("en", "problem.negative", value=-5))]
    assert (at.number_input(key="end_Anna_money").value, at.number_input(key="end_Anna_cubes").value) == (-5, 4)
    assert "end_draft" not in stored(store_path, game_id)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_too_many_workers_in_the_factory_are_named_and_nothing_is_scored(store_path: Path, lang: str) -> None:
    """The refusal names the shift as the table names it ("Workers in the factory › Shift I › Ben"), not by a
    number that reads as a count of workers."""
    game_id = put(store_path, delivered(TWO))
    at = app(SCORING, lang, game_id)
    at.number_input(key="scoring_factory_1_Ben").set_value(cb.WORKERS[2] + 1).run()
    next(b for b in at.button if b.label == tr(lang, "coal_baron.scoring.close", shift="I")).click().run()
    assert not at.exception, failure(at)
    field = " › ".join([tr(lang, "field.factory_workers"), tr(lang, "coal_baron.shift.title", shift="I"), "Ben"])
    assert len(at.error) == 1 and field in at.error[0].value and stored(store_path, game_id)["shifts"] == []


def test_a_refusal_stays_through_other_phones_entries_and_goes_with_the_next_save(store_path: Path) -> None:
    game_id = put(store_path, delivered(TWO))
    at = app(SHIFT, "en", game_id)
    other_phone(store_path, game_id, lambda d: cb.deliver(d, 1, "Ben", WHEELBARROWS[1]))
    at.button(key=widget_key("shift_card", "play", 1, Transport.WHEELBARROW, "brown")).click().run()
    refusal = [e.value for e in at.error]
    named = tr("en", "problem.delivered_twice", transport=tr("en", "transport.wheelbarrow"), coal=tr("en", "coal.brown"))
    assert len(refusal) == 1 and named in refusal[0]
    other_phone(store_path, game_id, lambda d: cb.deliver(d, 1, "Ben", WHEELBARROWS[2]))
    at.run()  # another phone's entry reaches this one
    at.button_group(key="shift_player").set_value("Ben").run()  # a tap that saves nothing
    assert [e.value for e in at.error] == refusal
    at.button(key=widget_key("shift_card", "play", 1, Transport.WHEELBARROW, "grey")).click().run()
    assert not at.error
    assert [s.value for s in at.success] == [tr("en", "undo.saved", change=tr(
        "en", "change.deliver", player="Ben", transport="Wheelbarrow", coal="⚪", vp=4))]


@pytest.mark.parametrize("stopped", [False, True], ids=["received", "received by a stopped run"])
def test_a_card_tapped_on_a_page_a_new_session_never_drew_is_delivered_once(store_path: Path, stopped: bool) -> None:
    """The tap reaches a session that has not drawn the card's button: taken in that run, or, when a
    newer request stopped the run that received it, in the run that request starts."""
    game_id = put(store_path, cb.new_record(TWO, {}, "Anna"))
    key = widget_key("shift_card", "play", 1, Transport.WHEELBARROW, *WHEELBARROWS[3].coal)
    tap = WidgetState(id=app(SHIFT, "en", game_id).button(key=key).id, trigger_value=True)
    at = new_session(SHIFT, "en", game_id)  # the server restarted
    if stopped:
        at.session_state["taps_unclaimed"] = {tap.id: tap}
        at.run()
    else:
        at._run(WidgetStates(widgets=[tap]))
    assert not at.exception, failure(at)
    delivered = cb.deliver(cb.new_record(TWO, {}, "Anna"), 1, "Anna", WHEELBARROWS[3])["current_shift"]
    assert stored(store_path, game_id)["current_shift"] == delivered
    at.run()
    assert stored(store_path, game_id)["current_shift"] == delivered


def test_the_card_grid_keeps_every_card_in_its_place_a_delivered_one_marked_and_answered(store_path: Path) -> None:
    game_id = put(store_path, cb.new_record(TWO, {}, "Anna"))
    at = app(SHIFT, "en", game_id)
    before = [b.key for b in at.button if b.key and b.key.startswith("shift_card_")]
    tapped = widget_key("shift_card", "play", 1, Transport.WHEELBARROW, *WHEELBARROWS[3].coal)
    at.button(key=tapped).click().run()
    cards = [b for b in at.button if b.key and b.key.startswith("shift_card_")]
    assert [b.key for b in cards] == before and len(cards) == len(WHEELBARROWS) and not any(b.disabled for b in cards)
    shown = card_text(WHEELBARROWS[3])
    assert at.button(key=tapped).label == tr("en", "coal_baron.card_taken", card=shown)
    at.button(key=tapped).click().run()  # a tap on a card already delivered is answered
    assert len(at.error) == 1 and tr("en", "transport.wheelbarrow") in at.error[0].value
    assert len(stored(store_path, game_id)["current_shift"]["Anna"]) == 1


def test_quick_taps_on_the_same_list_take_back_the_cards_tapped(store_path: Path) -> None:
    """Two ✕ taps sent from one view of Anna's orders (the second before the first's rerun reached the
    phone) take back the two cards shown, not a card that moved into the tapped row."""
    doc = cb.new_record(TWO, {}, "Anna")
    for order in WHEELBARROWS[:3]:
        doc = cb.deliver(doc, 1, "Anna", order)
    game_id = put(store_path, doc)
    at = app(SHIFT, "en", game_id)
    first, second, _ = (b for b in at.expander[0].button if b.key and b.key.startswith("shift_remove_"))
    first.click().run()
    second.click().run()  # the button of the view before the first tap's rerun
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["current_shift"]["Anna"] == [WHEELBARROWS[2].to_dict()]


def test_a_number_the_rules_refuse_is_said_at_once_even_with_nothing_logged(store_path: Path) -> None:
    game_id = put(store_path, cb.new_record(TWO, {}, "Anna"))
    at = app(SCORING, "en", game_id)
    at.number_input(key="scoring_factory_1_Ben").set_value(cb.WORKERS[2] + 1).run()
    button(at, "coal_baron.scoring.close", shift="I").click().run()
    assert len(at.error) == 1 and "Ben" in at.error[0].value
    assert tr("en", "coal_baron.scoring.empty", shift="I") not in [w.value for w in at.warning]


def test_a_refusal_names_the_card_in_the_players_language(store_path: Path) -> None:
    game_id = put(store_path, delivered(TWO))
    at = app(SHIFT, "de", game_id)
    other_phone(store_path, game_id, lambda d: cb.deliver(d, 1, "Ben", WHEELBARROWS[1]))
    at.button(key=widget_key("shift_card", "play", 1, Transport.WHEELBARROW, "brown")).click().run()
    problem = tr("de", "problem.delivered_twice", transport=tr("de", "transport.wheelbarrow"), coal=tr("de", "coal.brown"))
    assert len(at.error) == 1 and at.error[0].value.endswith(problem)
    assert "wheelbarrow" not in at.error[0].value and "brown" not in at.error[0].value


def test_quick_taps_handled_in_one_run_each_keep_their_line(store_path: Path) -> None:
    """Two cards tapped before the page answered reach the server in one run: the first, which another
    phone's entry had just taken, is refused, and the second is stored; the phone says both, the graver
    first in kind (no "Saved" in place of the refusal)."""
    game_id = put(store_path, delivered(TWO))
    at = app(SHIFT, "en", game_id)
    other_phone(store_path, game_id, lambda d: cb.deliver(d, 1, "Ben", WHEELBARROWS[1]))
    at.button(key=widget_key("shift_card", "play", 1, Transport.WHEELBARROW, *WHEELBARROWS[1].coal)).click()
    at.button(key=widget_key("shift_card", "play", 1, Transport.WHEELBARROW, *WHEELBARROWS[2].coal)).click()
    at.run()
    assert not at.exception, failure(at)
    assert cb.read(stored(store_path, game_id)).current_shift["Anna"] == (WHEELBARROWS[0], WHEELBARROWS[2])
    [said] = [e.value for e in at.error]
    refusal, saved = said.split("  \n")
    assert refusal.startswith(tr("en", "error.refused", field="|", problem="").split("|")[0])
    assert saved == tr("en", "undo.saved", change=tr("en", "change.deliver", player="Anna", transport="Wheelbarrow",
                                                     coal=cb.symbols(WHEELBARROWS[2].coal), vp=WHEELBARROWS[2].vp))
    at.button(key=widget_key("shift_card", "play", 1, Transport.WHEELBARROW, *WHEELBARROWS[3].coal)).click().run()
    assert not at.error and len(at.success) == 1  # the next tap's run: what the earlier taps said is over


# --- the choices a card means ---------------------------------------------------------------------------

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
