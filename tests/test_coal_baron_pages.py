"""Coal Baron's pages under AppTest: an imported game asking for its start player; logging, removing and
undoing orders on the shift page (also after another phone changed the game or closed the shift, and
correcting a scored shift); ticking the setup, scoring shifts I and III with their confirmation, and
entering the end values. The harness is in apptest.py, the games in builders/coal_baron.py; every page ×
language × stage runs in test_pages.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from apptest import PAGE_FIXTURES, app, failure, is_standings, page_shown, position, put, standings_table, stored, tr
from builders import example
from builders.coal_baron import card_text, created, deliveries, finished, in_shift_one, shift_three_scored
from schichtbuch.shell.nav import page_path
from schichtbuch.store import SQLiteStore
from scoring import coal_baron as cb
from scoring.coal_baron import END_FIELDS, SHIFTS, Transport
from setup.coal_baron import checklist

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
SHIFT_PAGE = page_path("coal_baron", "shift")
SETUP_PAGE = page_path("coal_baron", "setup")
SCORING_PAGE = page_path("coal_baron", "scoring")
END_PAGE = page_path("coal_baron", "end")


def test_imported_game_asks_for_the_start_player(store_path: Path):
    doc = example("coal_baron_2p")
    game_id = put(store_path, doc)
    at = app(SETUP_PAGE, "en", game_id)
    assert [w.value for w in at.warning] == [tr("en", "coal_baron.ask_start", shift="I")]
    at.selectbox(key="ask_player").select(doc["players"][1])
    at.button(key="ask_player_save").click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["start_players"][0] == doc["players"][1]
    assert not at.warning


# --- the shift page: logging orders and undo ------------------------------------------------------------

def card_buttons(at: AppTest) -> list[Any]:
    return [b for b in at.button if b.key and b.key.startswith("shift_card_")]


def card_button(at: AppTest, order: cb.Order) -> Any:
    """The button of one card, found by its label among the card buttons."""
    label = card_text(order)
    return next(b for b in card_buttons(at) if b.label == label)


def remove_buttons(at: AppTest, name: str, players: list[str]) -> list[Any]:
    """The ✕ buttons of one player's logged orders, in list order (one expander per player, in seating)."""
    return [b for b in at.expander[players.index(name)].button if b.key and b.key.startswith("shift_remove_")]


def test_shift_card_adds_order_and_undo_removes_it(store_path: Path):
    players = ["Anna", "Ben", "Cleo"]
    game_id = put(store_path, created(players))
    at = app(SHIFT_PAGE, "en", game_id)
    assert len(card_buttons(at)) == len(cb.cards(Transport.WHEELBARROW))
    card_buttons(at)[0].click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, game_id)
    assert doc["current_shift"]["Anna"] == [cb.cards(Transport.WHEELBARROW)[0].to_dict()]
    assert doc["current_shift"]["Ben"] == doc["current_shift"]["Cleo"] == []
    assert len(remove_buttons(at, "Anna", players)) == 1

    change = tr("en", "change.deliver", player="Anna", transport="Wheelbarrow", coal="🟡", vp=2)
    assert at.button(key="shift_undo").label == tr("en", "action.undo", change=change)
    at.button(key="shift_undo").click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["current_shift"] == {"Anna": [], "Ben": [], "Cleo": []}
    assert remove_buttons(at, "Anna", players) == []
    assert [s.value for s in at.success] == [tr("en", "undo.done", change=change)]
    assert at.button(key="shift_undo").label == tr("en", "action.nothing_to_undo")
    assert at.button(key="shift_undo").disabled


@pytest.mark.parametrize("gone_by", ["undo", "remove"])
def test_the_saved_line_of_a_card_goes_once_another_phone_takes_the_entry_back(store_path: Path, gone_by: str):
    """The line that says a card was saved ("Saved: Anna · Wheelbarrow 🟡 · 2 VP", in place of the toast that
    covered the cards) stays through other phones' entries, and goes once its entry is undone or taken back
    on another phone; no toast is shown."""
    players = ["Anna", "Ben"]
    game_id = put(store_path, created(players))
    at = app(SHIFT_PAGE, "en", game_id)
    card_buttons(at)[0].click().run()
    saved = tr("en", "undo.saved", change=tr("en", "change.deliver", player="Anna", transport="Wheelbarrow", coal="🟡", vp=2))
    assert [s.value for s in at.success] == [saved] and not at.get("toast")
    other = SQLiteStore(str(store_path))
    other.change(game_id, lambda d: cb.deliver(d, 1, "Ben", cb.cards(Transport.TRAIN)[0]), {"key": "change.deliver"})
    at.run()
    assert [s.value for s in at.success] == [saved]
    if gone_by == "undo":
        other.undo(game_id, other.load(game_id).version)  # Ben's card
        other.undo(game_id, other.load(game_id).version)  # Anna's
    else:
        other.change(game_id, lambda d: cb.remove_order(d, 1, "Anna", 0, cb.cards(Transport.WHEELBARROW)[0]),
                     {"key": "change.remove"})
    at.run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["current_shift"]["Anna"] == []
    assert not at.success
    at.run()
    assert not at.success


def test_shift_card_for_other_player_and_transport(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(SHIFT_PAGE, "en", game_id)
    at.button_group(key="shift_player").set_value("Ben").run()
    at.button_group(key="shift_transport").set_value(Transport.TRAIN).run()
    train = cb.cards(Transport.TRAIN)
    assert sorted(b.label for b in card_buttons(at)) == sorted(
        card_text(o) for o in train)
    card_button(at, train[3]).click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, game_id)
    assert doc["current_shift"] == {"Anna": [], "Ben": [train[3].to_dict()]}


def three_trucks_for_anna(store_path: Path) -> tuple[str, AppTest, tuple[cb.Order, ...]]:
    """A 2-player game in which Anna delivered three truck orders, open on the shift page."""
    doc = created(["Anna", "Ben"])
    trucks = cb.cards(Transport.TRUCK)[:3]
    for order in trucks:
        doc = cb.deliver(doc, 1, "Anna", order)
    game_id = put(store_path, doc)
    return game_id, app(SHIFT_PAGE, "en", game_id), trucks


def test_shift_remove_order(store_path: Path):
    game_id, at, trucks = three_trucks_for_anna(store_path)
    remove_buttons(at, "Anna", ["Anna", "Ben"])[1].click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["current_shift"]["Anna"] == [trucks[0].to_dict(), trucks[2].to_dict()]


def test_undo_twice_walks_back(store_path: Path):
    doc = created(["Anna", "Ben"])
    game_id = put(store_path, doc)
    at = app(SHIFT_PAGE, "en", game_id)
    card_buttons(at)[0].click().run()
    card_buttons(at)[1].click().run()
    assert len(stored(store_path, game_id)["current_shift"]["Anna"]) == 2
    at.button(key="shift_undo").click().run()
    at.button(key="shift_undo").click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id) == doc


# Another phone changes the game between this phone's last run and its tap. A real phone is rerun within
# refresh.CHECK_SECONDS of the change, so the window is short but real; in AppTest the tree of the last run is what the phone
# shows, and the store is changed behind it.

def test_undo_after_another_phone_changed_the_game(store_path: Path):
    wheelbarrow = cb.cards(Transport.WHEELBARROW)[0]
    game_id = put(store_path, created(["Anna", "Ben"]))
    SQLiteStore(str(store_path)).change(game_id, lambda d: cb.deliver(d, 1, "Anna", wheelbarrow), {"key": "change.deliver"})
    at = app(SHIFT_PAGE, "en", game_id)
    train = cb.cards(Transport.TRAIN)[0]
    SQLiteStore(str(store_path)).change(game_id, lambda d: cb.deliver(d, 1, "Ben", train), {"key": "change.deliver"})
    at.button(key="shift_undo").click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["current_shift"]["Ben"] == [train.to_dict()], "undid the other phone's entry"
    assert [w.value for w in at.warning] == [tr("en", "error.undo_conflict")]


def test_remove_after_another_phone_removed_an_order(store_path: Path):
    game_id, at, trucks = three_trucks_for_anna(store_path)
    SQLiteStore(str(store_path)).change(game_id, lambda d: cb.remove_order(d, 1, "Anna", 0), {"key": "change.remove"})
    remove_buttons(at, "Anna", ["Anna", "Ben"])[1].click().run()  # the phone shows trucks[1] there
    assert not at.exception, failure(at)
    left = stored(store_path, game_id)["current_shift"]["Anna"]
    assert trucks[2].to_dict() in left, "removed an order the player did not tap"


def test_card_tap_after_another_phone_closed_the_shift(store_path: Path):
    """A tap on a card of shift I after another phone scored it is not logged into shift II."""
    game_id = put(store_path, in_shift_one(["Anna", "Ben"]))
    at = app(SHIFT_PAGE, "en", game_id)
    SQLiteStore(str(store_path)).change(
        game_id, lambda d: cb.close_shift(d, 1, factory={"Anna": 1, "Ben": 0}), {"key": "change.close_shift"})
    card_buttons(at)[0].click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["current_shift"] == {"Anna": [], "Ben": []}
    assert confirmation(at)[0] == tr("en", "coal_baron.scoring.scored_elsewhere", shift="I")
    assert len(at.error) == 1 and tr("en", "problem.shift_closed", shift="I") in at.error[0].value


def save_button(at: AppTest):
    return next(b for b in at.button if b.label == tr("en", "action.save"))


def test_end_items_entered_on_another_phone_are_not_overwritten(store_path: Path):
    game_id = put(store_path, shift_three_scored(["Anna", "Ben"]))
    at = app(END_PAGE, "en", game_id)
    theirs = dict.fromkeys(END_FIELDS, 9)
    SQLiteStore(str(store_path)).change(game_id, lambda d: cb.set_end(d, "Anna", theirs, None), {"key": "change.end"})
    at.number_input(key="end_Anna_money").set_value(5)
    save_button(at).click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["end_draft"]["Anna"] == theirs
    assert len(at.error) == 1 and tr("en", "problem.changed_elsewhere") in at.error[0].value
    assert at.number_input(key="end_Anna_money").value == 9, "the other phone's values are shown"
    at.number_input(key="end_Anna_money").set_value(5)
    save_button(at).click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["end_draft"]["Anna"] == theirs | {"money": 5}


# --- setup, scoring and end pages -------------------------------------------------------------------------

def test_setup_tick_is_saved(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben", "Cleo"]))
    at = app(SETUP_PAGE, "en", game_id)
    boxes = [c for c in at.checkbox if c.key and c.key.startswith("setup_")]
    assert len(boxes) == len(checklist(["Anna", "Ben", "Cleo"], "Anna"))
    boxes[0].check().run()
    assert not at.exception, failure(at)
    first = checklist(["Anna", "Ben", "Cleo"], "Anna")[0].id
    assert stored(store_path, game_id)["setup_ticks"] == [first]
    assert at.checkbox(key=f"setup_{first}_True").value is True


def test_scoring_closes_shift_one(store_path: Path):
    names = ["Anna", "Ben", "Cleo"]
    game_id = put(store_path, in_shift_one(names))
    at = app(SCORING_PAGE, "en", game_id)
    at.number_input(key="scoring_factory_1_Ben").set_value(2).run()
    assert tr("en", "coal_baron.scoring.next_start_is", player="Ben") in [i.value for i in at.info]
    next(b for b in at.button if b.label == tr("en", "coal_baron.scoring.close", shift="I")).click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, game_id)
    assert len(doc["shifts"]) == 1
    assert doc["start_players"] == ["Anna", "Ben"]
    assert doc["factory_workers"] == [{"Anna": 0, "Ben": 2, "Cleo": 0}]
    assert all(orders == [] for orders in doc["current_shift"].values())
    gained = cb.score(doc).progress[0]
    assert confirmation(at) == (tr("en", "coal_baron.scoring.scored", shift="I"), [
        tr("en", "coal_baron.scoring.done_points", points=", ".join(f"{p} {gained[p]:+d}" for p in names)),
        tr("en", "coal_baron.scoring.done_start", shift="II", player="Ben")])
    assert tr("en", "coal_baron.scoring.title", shift="II") not in [s.value for s in at.subheader]
    assert [b.label for b in at.button if b.proto.type == "primary"] == [tr("en", "coal_baron.scoring.play", shift="II")]
    at.run()  # a rerun (another phone's entry, the live refresh) keeps the confirmation
    assert confirmation(at)[0] == tr("en", "coal_baron.scoring.scored", shift="I")
    next(b for b in at.button if b.label == tr("en", "coal_baron.scoring.play", shift="II")).click().run()
    assert not at.exception, failure(at)
    assert tr("en", "coal_baron.shift.title", shift="II") in [s.value for s in at.subheader]
    at.switch_page(SCORING_PAGE).run()
    assert not at.success and tr("en", "coal_baron.scoring.title", shift="II") in [s.value for s in at.subheader]


def confirmation(at: AppTest) -> tuple[str, list[str]]:
    """The title and lines of the confirmation a close shows."""
    assert len(at.success) == 1, [s.value for s in at.success]
    return at.success[0].proto.title, at.success[0].value.split("  \n")


def test_the_confirmation_of_a_shift_stays_until_put_away_though_the_next_is_played(store_path: Path):
    names = ["Anna", "Ben"]
    game_id = put(store_path, in_shift_one(names))
    at = app(SCORING_PAGE, "en", game_id)
    next(b for b in at.button if b.label == tr("en", "coal_baron.scoring.close", shift="I")).click().run()
    assert confirmation(at)[0] == tr("en", "coal_baron.scoring.scored", shift="I")
    SQLiteStore(str(store_path)).change(game_id, lambda d: cb.deliver(d, 2, "Ben", cb.cards(Transport.TRAIN)[0]),
                                        {"key": "change.deliver"})
    at.run()
    assert confirmation(at)[0] == tr("en", "coal_baron.scoring.scored", shift="I")
    next(b for b in at.button if b.label == tr("en", "coal_baron.scoring.play", shift="II")).click().run()
    assert page_shown(at) == "pages/coal_baron_shift.py" and not at.success


def test_a_shift_another_phone_scored_first_is_explained_not_confirmed(store_path: Path):
    names = ["Anna", "Ben"]
    game_id = put(store_path, in_shift_one(names))
    at = app(SCORING_PAGE, "en", game_id)
    SQLiteStore(str(store_path)).change(game_id, lambda d: cb.close_shift(d, 1, factory=dict.fromkeys(names, 0)),
                                        {"key": "change.close_shift"})
    next(b for b in at.button if b.label == tr("en", "coal_baron.scoring.close", shift="I")).click().run()
    assert not at.exception, failure(at)
    assert len(at.error) == 1 and tr("en", "problem.shift_closed", shift="I") in at.error[0].value
    assert confirmation(at)[0] == tr("en", "coal_baron.scoring.scored_elsewhere", shift="I")
    assert tr("en", "coal_baron.scoring.close", shift="II") not in [b.label for b in at.button]
    assert len(stored(store_path, game_id)["shifts"]) == 1


@pytest.mark.parametrize("shift", [1, 2, 3])
def test_the_score_button_of_every_shift_comes_before_its_preview(store_path: Path, shift: int):
    """"Score shift N" comes right after what the table enters for the close (factory workers; in shift III
    the empty minecarts), before the preview's element tables (12 in shift III), as in shifts I and II."""
    names = ["Anna", "Ben", "Cleo", "Dirk"]
    doc = in_shift_one(names)
    for done in range(1, shift):
        doc = deliveries(cb.close_shift(doc, done, factory=dict.fromkeys(names, 0)), done + 1)
    at = app(SCORING_PAGE, "en", put(store_path, doc))
    assert not at.exception, failure(at)
    close = next(b for b in at.button if b.label == tr("en", "coal_baron.scoring.close", shift=cb.SHIFT_NAMES[shift - 1]))
    preview = next(e for e in at.expander if e.label == tr("en", "coal_baron.scoring.preview"))
    assert position(at, lambda n: n is close) < position(at, lambda n: n is preview)
    assert len(cb.shift_scoring(cb.read(doc), shift)) == (4, 8, 12)[shift - 1]


def test_scoring_closes_shift_three(store_path: Path):
    names = ["Anna", "Ben"]
    doc = cb.close_shift(in_shift_one(names), 1, factory={"Anna": 0, "Ben": 1})
    doc = deliveries(cb.close_shift(deliveries(doc, 2), 2, factory={"Anna": 3, "Ben": 1}), 3)
    game_id = put(store_path, doc)
    at = app(SCORING_PAGE, "en", game_id)
    at.number_input(key="carts_Anna_yellow").set_value(1)
    save_button(at).click().run()
    assert not at.exception, failure(at)
    assert [i.value for i in at.info] == [tr("en", "entry.waiting", players="Ben")]
    at.button_group(key="carts_player").set_value("Ben").run()
    at.number_input(key="carts_Ben_black").set_value(2)
    save_button(at).click().run()
    assert not at.exception, failure(at)
    next(b for b in at.button if b.label == tr("en", "coal_baron.scoring.close", shift="III")).click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, game_id)
    assert len(doc["shifts"]) == SHIFTS
    assert doc["empty_carts"] == {"Anna": {"yellow": 1, "brown": 0, "grey": 0, "black": 0},
                                  "Ben": {"yellow": 0, "brown": 0, "grey": 0, "black": 2}}
    assert confirmation(at)[0] == tr("en", "coal_baron.scoring.scored", shift="III")
    next(b for b in at.button if b.label == tr("en", "coal_baron.scoring.to_end")).click().run()
    assert not at.exception, failure(at)
    assert tr("en", "coal_baron.end.title") in [s.value for s in at.subheader]


def test_end_items_finish_the_game(store_path: Path):
    game_id = put(store_path, shift_three_scored(["Anna", "Ben"]))
    at = app(END_PAGE, "en", game_id)
    at.number_input(key="end_Anna_money").set_value(12)
    save_button(at).click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["end_draft"]["Anna"]["money"] == 12
    assert [i.value for i in at.info] == [tr("en", "entry.waiting", players="Ben"), tr("en", "standings.pending", players="Ben")]
    table = standings_table(at)
    assert table.loc[next(i for i in table.index if i.endswith("Anna")), tr("en", "coal_baron.cat.money.short")] == 2
    at.button_group(key="end_player").set_value("Ben").run()
    at.number_input(key="end_Ben_cubes").set_value(7)
    save_button(at).click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, game_id)
    assert "end_draft" not in doc and doc["end"]["Ben"]["cubes"] == 7 and doc["end"]["Anna"]["money"] == 12
    assert tr("en", "standings.final") in [s.value for s in at.subheader]


def test_the_end_page_of_a_finished_game_opens_with_the_winner(store_path: Path):
    """Once every player's end values are in, the standings come first, the winner named above them, and
    the entry form is folded away below."""
    doc = finished(["Anna", "Ben", "Cleo"])
    at = app(END_PAGE, "en", put(store_path, doc))
    assert not at.exception, failure(at)
    winner = cb.score(doc).standings[0]
    assert [s.value for s in at.subheader][0] == tr("en", "standings.final")
    assert at.success[0].value == tr("en", "standings.winner", player=winner.player, score=f"{winner.total} VP")
    folded = next(e for e in at.expander if e.label == tr("en", "standings.correct"))
    assert len(folded.number_input) == len(at.number_input) == len(END_FIELDS)
    assert position(at, is_standings) < position(at, lambda n: n is folded)


def test_the_end_page_counts_end_values_as_they_come_in(store_path: Path):
    """Before every player has entered theirs, those entered count and the others are named."""
    doc = cb.set_end(shift_three_scored(["Anna", "Ben", "Cleo"]), "Ben", dict(zip(END_FIELDS, (25, 6, 0, 1, 1))), None)
    at = app(END_PAGE, "en", put(store_path, doc))
    assert not at.exception, failure(at)
    assert tr("en", "standings.pending", players="Anna and Cleo") in [i.value for i in at.info]
    table = standings_table(at)
    ben = next(i for i in table.index if i.endswith("Ben"))
    assert [table.loc[ben, tr("en", f"coal_baron.cat.{c}.short")] for c in ("money", "cubes")] == [5, 2]
    assert position(at, lambda n: n.type == "number_input") < position(at, is_standings)


def test_correcting_a_scored_shift_from_the_shift_page(store_path: Path):
    """In shift II, choosing shift I shows its orders with a warning; a tap adds to shift I, not II."""
    players = ["Anna", "Ben", "Cleo"]
    game_id = put(store_path, cb.close_shift(in_shift_one(players), 1, factory={"Anna": 2, "Ben": 0, "Cleo": 0}))
    at = app(SHIFT_PAGE, "en", game_id)
    assert not at.warning
    at.segmented_control(key="shift_view_2").set_value(1).run()
    assert [w.value for w in at.warning] == [tr("en", "coal_baron.shift.correcting", shift="I")]
    before = stored(store_path, game_id)["shifts"][0]["Anna"]
    card_buttons(at)[0].click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, game_id)
    assert doc["shifts"][0]["Anna"] == before + [cb.cards(Transport.WHEELBARROW)[0].to_dict()]
    assert doc["current_shift"]["Anna"] == []
