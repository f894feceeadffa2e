"""MINE!'s pages under AppTest: starting a game with the variant and a dummy seat, the setup checklist, the
round assistant (die holder and cap, attacks resolved with their reasons, sales over the cap refused
with the field named and what was entered kept, the mine taking from the supply, closing a round), the
dummy's cards, and the end with the tie-break chain and the die roll. The harness is in apptest.py,
the games in builders/mine.py; every page × language × stage runs in test_pages.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from apptest import (APP, HOME, PAGE_FIXTURES, app, failure, group_app, is_standings, new_session, position, put,
                     standings_table, stored, texts, tr, untapped, version)
from builders.mine import SIX, THREE, created, dummy_ahead, finished, mid_round, resolve
from schichtbuch.store import SQLiteStore
from schichtbuch.texts.words import md
from scoring import mine
from setup.mine import checklist
from unchecked import any_document

SETUP = "pages/mine_setup.py"
ROUND = "pages/mine_round.py"
END = "pages/mine_end.py"

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]


def button(at: AppTest, key: str, **params: Any):
    return next(b for b in at.button if b.label == tr("en", key, **params))


def close(at: AppTest, number: int) -> AppTest:
    """Tap "Close round", and if nothing of the round was entered, answer the question with "close it anyway"."""
    button(at, "mine.round.close", round=number).click().run()
    anyway = [b for b in at.button if b.label == tr("en", "mine.round.anyway", round=number)]
    return anyway[0].click().run() if anyway else at


def save_form(at: AppTest, field: str, number: int) -> AppTest:
    return next(b for b in at.button if b.id and f"mine_{field}_{number}" in b.id).click().run()


FIELD_PHASE = {"events": "events", "defense": "looting", "sold": "expedition", "mined": "mine", "recruited": "recruitment",
               "start": "correct", "supply": "correct"}
"""The part of the round page (`panels.mine.PHASES` and the corrections) in which each field is entered."""


def show(at: AppTest, number: int, part: str) -> AppTest:
    """Show a part of round `number` on its page, which shows one part at a time."""
    return at.button_group(key=f"mine_phase_{number}").set_value(part).run()


def fill(at: AppTest, field: str, number: int, values: dict[str, int]) -> None:
    show(at, number, FIELD_PHASE[field])
    for who, value in values.items():
        next(w for w in at.number_input if w.key.startswith(f"mine_{field}_{number}_{who}_")).set_value(value)


# --- starting and setting up ---------------------------------------------------------------------------

def test_home_starts_a_six_seat_variant_game_with_a_dummy_and_asks_who_touched_coal(store_path: Path):
    at = app(HOME, "en")
    at.selectbox(key="home_game").select("mine").run()
    at.button_group(key="home_count_mine").set_value(6).run()
    for seat, name in enumerate(SIX):
        at.text_input(key=f"home_name_{seat}").input(name)
    assert not [t for t in at.toggle if t.key == "home_draw"]  # the rules name the start player
    at.toggle(key="home_variant_mine").set_value(True)
    at.selectbox(key="home_dummy_mine").set_value(5)
    at.radio(key="home_start").set_value(2).run()
    button(at, "home.start").click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, at.query_params["game"])
    assert (doc["players"], doc["variant"], doc["dummy"], doc["start_player"]) == (SIX, True, "Bot", "Cleo")


@pytest.mark.parametrize(("variant", "dummy"), [(False, None), (True, "Bot")])
def test_setup_lists_every_step_and_saves_ticks(variant: bool, dummy: str | None, store_path: Path):
    game_id = put(store_path, created(SIX, variant, dummy))
    at = app(SETUP, "en", game_id)
    steps = checklist(SIX, "Anna", variant, dummy)
    boxes = [c for c in at.checkbox if c.key and c.key.startswith("setup_")]
    assert [b.label for b in boxes] == [tr("en", s.key, **s.params) for s in steps]
    boxes[2].check().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["setup_ticks"] == [steps[2].id]


# --- the round assistant ---------------------------------------------------------------------------------

def test_round_shows_die_holder_cap_and_the_resolved_attack(store_path: Path):
    game_id = put(store_path, mid_round(THREE))
    at = show(app(ROUND, "en", game_id), 2, "looting")
    assert not at.exception, failure(at)
    shown = texts(at)
    assert tr("en", "mine.round.die", player="Ben", cap=2) in shown
    assert tr("en", "mine.loot.took", attacker="Ben", target="Anna", points=3, defense=0, coal=3) in shown


def test_defence_entered_changes_the_outcome(store_path: Path):
    game_id = put(store_path, mid_round(THREE))
    at = app(ROUND, "en", game_id)
    fill(at, "defense", 2, {"Anna": 3})
    save_form(at, "defense", 2)
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["current"]["defense"] == {"Anna": 3, "Ben": 0, "Cleo": 0}
    assert tr("en", "mine.loot.held", attacker="Ben", target="Anna", points=3, defense=3, coal=0) in texts(at)


def test_an_attack_is_added_and_removed(store_path: Path):
    game_id = put(store_path, created(THREE))
    at = show(app(ROUND, "en", game_id), 1, "looting")
    at.selectbox(key="mine_attacker_1").select("Cleo")
    at.selectbox(key="mine_target_1").select("Ben")
    at.number_input(key="mine_points_1").set_value(5)
    button(at, "mine.loot.add").click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["current"]["attacks"] == [{"attacker": "Cleo", "target": "Ben", "points": 5}]
    assert tr("en", "mine.loot.stock", attacker="Cleo", target="Ben", points=5, defense=0, coal=2) in texts(at)
    next(b for b in at.button if b.key and b.key.startswith("mine_attack_remove_1_0")).click().run()
    assert stored(store_path, game_id)["current"]["attacks"] == []


def attack_typed(at: AppTest, attacker: str, target: str, points: int) -> AppTest:
    at.selectbox(key="mine_attacker_1").select(attacker)
    at.selectbox(key="mine_target_1").select(target)
    at.number_input(key="mine_points_1").set_value(points)
    return at


def test_the_same_attack_added_on_two_phones_at_once_is_stored_once_and_the_second_told(store_path: Path):
    """Both phones showed no attack when they tapped; the second is told next to its form, and a tap once
    its page shows the first attack adds a second identical one (two stacks, the same helmets)."""
    game_id = put(store_path, created(THREE))
    first, second = (attack_typed(show(app(ROUND, "en", game_id), 1, "looting"), "Cleo", "Ben", 5) for _ in range(2))
    attack = {"attacker": "Cleo", "target": "Ben", "points": 5}
    button(first, "mine.loot.add").click().run()
    button(second, "mine.loot.add").click().run()
    assert not second.exception, failure(second)
    assert stored(store_path, game_id)["current"]["attacks"] == [attack]
    assert [e.value for e in second.error] == [tr("en", "error.refused", field="This round › Attack",
                                                  problem=tr("en", "problem.attack_entered"))]
    assert len(first.success) == 1 and not first.error
    button(second, "mine.loot.add").click().run()
    assert stored(store_path, game_id)["current"]["attacks"] == [attack, attack] and not second.error


def test_an_attack_on_oneself_is_refused_naming_the_field(store_path: Path):
    game_id = put(store_path, created(THREE))
    at = show(app(ROUND, "en", game_id), 1, "looting")
    at.selectbox(key="mine_attacker_1").select("Ben")
    at.selectbox(key="mine_target_1").select("Ben")
    button(at, "mine.loot.add").click().run()
    assert [e.value for e in at.error] == [tr("en", "error.refused", field="This round › Attack › 1 › Target",
                                              problem=tr("en", "problem.attack_self"))]
    assert "attacks" not in (stored(store_path, game_id).get("current") or {})


def test_a_sale_is_bounded_by_the_cap_and_one_over_the_stock_is_refused_keeping_what_was_entered(store_path: Path):
    game_id = put(store_path, mine.enter_round(created(THREE), 1, "events", {"Anna": -2}, None))
    at = app(ROUND, "en", game_id)
    fill(at, "sold", 1, {"Anna": 0, "Cleo": 2})
    save_form(at, "sold", 1)
    assert [e.value for e in at.error] == [tr("en", "error.refused", field="This round › Coal sold › Cleo",
                                              problem=tr("en", "problem.over_cap", value=2, cap=1))]
    fill(at, "sold", 1, {"Anna": 1, "Cleo": 0})
    save_form(at, "sold", 1)
    assert [e.value for e in at.error] == [tr("en", "error.refused", field="This round › Coal sold › Anna",
                                              problem=tr("en", "problem.over_stock", value=1, stock=0))]
    assert next(w for w in at.number_input if w.key.startswith("mine_sold_1_Anna_")).value == 1
    assert "sold" not in (stored(store_path, game_id).get("current") or {})


def test_mine_takes_from_the_supply_in_turn_and_closing_carries_the_coal(store_path: Path):
    doc = mine.enter_round(created(THREE), 1, "supply", 3, None)
    game_id = put(store_path, doc)
    at = app(ROUND, "en", game_id)
    fill(at, "mined", 1, {"Anna": 2, "Ben": 2, "Cleo": 2})
    save_form(at, "mined", 1)
    assert not at.exception, failure(at)
    shown = texts(at)
    assert [tr("en", "mine.round.helmets", player=p, got=g) in shown for p, g in (("Anna", 2), ("Ben", 1), ("Cleo", 0))] == [True] * 3
    assert tr("en", "mine.round.supply_left", supply=0) in shown
    button(at, "mine.round.close", round=1).click().run()
    assert not at.exception, failure(at)
    record = mine.read(stored(store_path, game_id))
    assert (len(record.rounds), record.current.start) == (1, {"Anna": 4, "Ben": 3, "Cleo": 2})
    button(at, "mine.round.play", round=2).click().run()
    assert tr("en", "mine.round.title", round=2, rounds=6) in [s.value for s in at.subheader]


def confirmation(at: AppTest) -> tuple[str, list[str]]:
    assert len(at.success) == 1, [s.value for s in at.success]
    return at.success[0].proto.title, at.success[0].value.split("  \n")


def test_a_refusal_before_another_phone_closed_the_round_goes_once_the_page_says_so(store_path: Path) -> None:
    """A "Not saved" this phone was told before the close would read as the close's cause above the news;
    a tap on the round's form after the close is told there, with the news."""
    game_id = put(store_path, mine.enter_round(created(THREE), 1, "events", {"Anna": -2}, None))
    at = app(ROUND, "en", game_id)
    fill(at, "sold", 1, {"Anna": 0, "Cleo": 2})
    save_form(at, "sold", 1)
    assert len(at.error) == 1
    SQLiteStore(str(store_path)).change(game_id, lambda d: mine.close_round(d, 1), {"key": "change.other"})
    at.run()
    assert not at.exception, failure(at)
    assert (confirmation(at)[0], at.error) == (tr("en", "mine.round.done_elsewhere", round=1), [])
    at.run()
    assert not at.error


def test_a_tap_on_the_round_after_another_phone_closed_it_is_told_with_the_news(store_path: Path) -> None:
    game_id = put(store_path, mine.enter_round(created(THREE), 1, "events", {"Anna": -2}, None))
    at = app(ROUND, "en", game_id)
    fill(at, "sold", 1, {"Anna": 0, "Cleo": 1})
    SQLiteStore(str(store_path)).change(game_id, lambda d: mine.close_round(d, 1), {"key": "change.other"})
    save_form(at, "sold", 1)
    assert confirmation(at)[0] == tr("en", "mine.round.done_elsewhere", round=1)
    assert [e.value for e in at.error] == [tr("en", "error.refused", field="Round › 1 › Coal sold",
                                              problem=tr("en", "problem.changed_elsewhere"))]
    at.run()
    assert len(at.error) == 1


def test_closing_a_round_confirms_its_points_and_the_next_die_then_goes_on(store_path: Path):
    doc = mine.enter_round(created(THREE), 1, "sold", {"Anna": 1, "Ben": 0, "Cleo": 1}, None)
    game_id = put(store_path, doc)
    at = app(ROUND, "en", game_id)
    assert button(at, "mine.round.close", round=1).proto.type == "primary"
    button(at, "mine.round.close", round=1).click().run()
    assert not at.exception, failure(at)
    assert confirmation(at) == (tr("en", "mine.round.done", round=1), [
        tr("en", "mine.round.done_points", points="Anna +1, Ben +0, Cleo +1"),
        tr("en", "mine.round.die", player="Ben", cap=2)])
    assert [b.label for b in at.button if b.proto.type == "primary"] == [tr("en", "mine.round.play", round=2)]
    assert tr("en", "mine.round.title", round=2, rounds=6) not in [s.value for s in at.subheader]
    at.run()
    assert confirmation(at)[0] == tr("en", "mine.round.done", round=1)
    button(at, "mine.round.play", round=2).click().run()
    assert not at.success and tr("en", "mine.round.title", round=2, rounds=6) in [s.value for s in at.subheader]


def test_closing_the_last_round_leads_to_the_end(store_path: Path):
    doc = created(THREE)
    for _ in range(mine.ROUNDS - 1):
        doc = resolve(doc, dict.fromkeys(THREE, 1), mined=dict.fromkeys(THREE, 2))
    game_id = put(store_path, doc)
    at = close(app(ROUND, "en", game_id), 6)
    assert not at.exception, failure(at)
    assert confirmation(at)[1][-1] == tr("en", "mine.round.over", target=mine.TARGET, rounds=mine.ROUNDS)
    button(at, "mine.round.to_end").click().run()
    assert not at.exception, failure(at)
    assert tr("en", "mine.end.title") in [s.value for s in at.subheader]


def test_a_second_phone_closing_the_round_first_is_explained(store_path: Path):
    game_id = put(store_path, mine.enter_round(created(THREE), 1, "sold", {"Anna": 1, "Ben": 0, "Cleo": 0}, None))
    at = app(ROUND, "en", game_id)
    SQLiteStore(str(store_path)).change(game_id, lambda d: mine.close_round(d, 1), {"key": "change.mine_close"})
    button(at, "mine.round.close", round=1).click().run()
    assert [e.value for e in at.error] == [tr("en", "error.refused", field="Round › 1",
                                              problem=tr("en", "problem.round_entered", round=1))]
    assert confirmation(at)[0] == tr("en", "mine.round.done_elsewhere", round=1)
    assert len(stored(store_path, game_id)["rounds"]) == 1


def test_variant_asks_for_the_die_card_and_caps_the_sale(store_path: Path):
    game_id = put(store_path, created(THREE, variant=True))
    at = app(ROUND, "de", game_id)
    assert tr("de", "mine.round.die_variant", player="Anna") in texts(at)
    next(w for w in at.number_input if w.key.startswith("mine_cap_1_")).set_value(4).run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["current"]["cap"] == 4
    assert tr("de", "mine.round.die", player="Anna", cap=4) in texts(at)


def test_the_cap_where_the_page_drew_it_saves_nothing(store_path: Path):
    """Streamlit may run the cap field's callback though it was not touched (`untapped`): the cap the page
    drew is no change."""
    game_id = put(store_path, created(THREE, variant=True))
    at = app(ROUND, "en", game_id)
    next(w for w in at.number_input if w.key.startswith("mine_cap_1_")).set_value(4).run()
    before = version(store_path, game_id)
    untapped(at, next(w for w in at.number_input if w.key.startswith("mine_cap_1_")), 4)
    assert not at.exception, failure(at)
    assert version(store_path, game_id) == before


def test_dummy_cards_are_the_same_on_every_phone(store_path: Path):
    game_id = put(store_path, created(SIX, dummy="Bot"))
    first, second = (app(ROUND, "en", game_id) for _ in range(2))
    title = tr("en", "mine.dummy.title", player="Bot")
    shown = [m.value for m in first.markdown if m.value.startswith(f"**{title}**")]
    assert shown and shown == [m.value for m in second.markdown if m.value.startswith(f"**{title}**")]
    assert tr("en", "mine.dummy.watchtower", cards=1) in shown[0] and tr("en", "mine.dummy.recruitment", cards=1) in shown[0]


def test_six_seats_standings_have_a_row_per_seat_and_the_legend_names_everyone(store_path: Path):
    names = ["Anna-Lena Schmidt-Weber", "Benedikt", "Cleo", "Dirk Oberhausen", "Emilia", "Bot"]
    doc = created(names, dummy="Bot")
    for _ in range(2):
        doc = resolve(doc, dict.fromkeys(names, 1), mined=dict.fromkeys(names, 2))
    at = app(ROUND, "en", put(store_path, doc))
    assert not at.exception, failure(at)
    table = standings_table(at)
    assert list(table.index) == [md(f"1. {p}") for p in names[:-1]] + [md("1. ") + "Bot (dummy)"]
    assert list(table.columns) == [tr("en", "col.total"), *(tr("en", f"mine.cat.round_{n}.short") for n in range(1, 7))]
    assert list(table[tr("en", "col.total")]) == [2] * 6
    colour = json.loads(at.get("vega_lite_chart")[0].proto.spec)["encoding"]["color"]
    assert colour["scale"]["domain"] == [*names[:-1], "Bot (dummy)"] and colour["legend"]["columns"] == 1


# --- the end ---------------------------------------------------------------------------------------------

def test_end_names_the_deciding_rule_and_rolls_for_the_still_tied(store_path: Path):
    game_id = put(store_path, finished(THREE))
    at = app(END, "en", game_id)
    assert not at.exception, failure(at)
    assert f"Anna: {tr('en', 'mine.tiebreak.cards', value=6)}" in texts(at)
    assert tr("en", "mine.end.still_tied", players="Ben and Cleo") in texts(at)
    next(b for b in at.button if b.key == "mine_roll_Ben_Cleo").click().run()
    assert not at.exception, failure(at)
    rolls = stored(store_path, game_id)["die_roll"]
    assert set(rolls) == {"Ben", "Cleo"} and all(1 <= v <= 6 for v in rolls.values())


def test_finished_end_page_opens_with_the_roll_still_needed_and_the_standings(store_path: Path):
    """All counts in: the die roll the tie still needs and the standings come first, the counts folded away."""
    game_id = put(store_path, finished(THREE))
    at = app(END, "en", game_id)
    assert not at.exception, failure(at)
    roll = next(b for b in at.button if b.key == "mine_roll_Ben_Cleo")
    folded = next(e for e in at.expander if e.label == tr("en", "standings.correct"))
    assert len(folded.number_input) == len(at.number_input) == 2
    assert position(at, lambda n: n is roll) < position(at, is_standings) < position(at, lambda n: n is folded)
    assert at.success[0].value == tr("en", "standings.winner", player="Anna", score="6 points")  # 6 cards break the tie


@pytest.mark.parametrize("lang", ["de", "en", "fr", "ja"])
def test_the_dummy_seat_first_is_marked_and_not_called_the_winner(lang: str, store_path: Path):
    """No rule says whether the dummy can win (rules/mine.md: UNVERIFIED): its points are named with that
    caveat, the first of the players at the table after it; its name is marked wherever it stands."""
    names = ["Anna", "Ben", "Robo"]
    doc = dummy_ahead(names, "Robo")
    assert mine.score(doc).standings[0].player == "Robo" and mine.score(doc).dummy == "Robo"
    at = app(END, lang, put(store_path, doc))
    assert not at.exception, failure(at)
    marked = tr(lang, "standings.dummy", player="Robo")
    totals = {s.player: s.total for s in mine.score(doc).standings}
    assert [i.value for i in at.info] == [tr(lang, "standings.dummy_first", player=marked,
                                              score=tr(lang, "mine.score", count=totals["Robo"]))]
    assert [s.value for s in at.success] == [tr(lang, "standings.best_player", players="Ben",
                                                 score=tr(lang, "mine.score", count=totals["Ben"]))]  # more cards than Anna
    assert not [s for s in at.success if "Robo" in s.value]
    assert list(standings_table(at, lang).index)[0] == md("1. ") + marked
    colour = json.loads(at.get("vega_lite_chart")[0].proto.spec)["encoding"]["color"]
    assert marked in colour["scale"]["domain"] and "Robo" not in colour["scale"]["domain"]


def test_the_dummy_seat_behind_leaves_the_winner_line_as_it_is_and_is_marked_in_the_table(store_path: Path):
    doc = {**dummy_ahead(["Anna", "Ben", "Robo"], "Robo"), "dummy": "Anna"}  # Robo ahead, a person this time
    at = app(END, "en", put(store_path, doc))
    assert not at.exception, failure(at)
    score = tr("en", "mine.score", count=mine.score(doc).standings[0].total)
    assert [s.value for s in at.success] == [tr("en", "standings.winner", player="Robo", score=score)]
    assert not at.info
    assert list(standings_table(at).index)[-1] == md("3. ") + "Anna (dummy)"


@pytest.mark.parametrize(("lang", "score"), [("en", "1 point"), ("de", "1 Punkt")])
def test_a_winner_with_one_point_is_named_in_the_singular(lang: str, score: str, store_path: Path):
    doc = resolve(created(THREE), {"Anna": 1, "Ben": 0, "Cleo": 0})
    for _ in range(mine.ROUNDS - 1):
        doc = resolve(doc, dict.fromkeys(THREE, 0))
    for who in THREE:
        doc = mine.set_items(doc, who, {"coal": 0, "cards": 0}, None)
    at = app(END, lang, put(store_path, doc))
    assert at.success[0].value == tr(lang, "standings.winner", player="Anna", score=score)


def test_two_tied_groups_with_underscored_names_each_get_their_own_die_button(store_path: Path):
    names = ["A", "B_C", "A_B", "C"]
    doc = created(names)
    for _ in range(mine.ROUNDS):
        doc = resolve(doc, {p: 1 for p in names}, mined={p: 2 for p in names})
    for who, cards in zip(names, (5, 5, 4, 4)):
        doc = mine.set_items(doc, who, {"coal": 2, "cards": cards}, None)
    game_id = put(store_path, doc)
    at = app(END, "en", game_id)
    assert not at.exception, failure(at)
    rolls = [b for b in at.button if b.key and b.key.startswith("mine_roll_")]
    assert len(rolls) == 2 and len({b.key for b in rolls}) == 2
    rolls[1].click().run()
    assert not at.exception, failure(at)
    assert set(stored(store_path, game_id)["die_roll"]) == {"A_B", "C"}


def test_a_stored_game_that_no_longer_reads_shows_why_and_can_be_undone(store_path: Path):
    store = SQLiteStore(str(store_path), gate=any_document)  # as stored before the rules got stricter
    game_id = store.create(created(THREE), {"key": "change.start"}).id
    store.change(game_id, lambda d: d | {"current": {"start": {"Anna": 999, "Ben": 2, "Cleo": 2}}}, {"key": "x"})
    home = AppTest.from_file(str(APP), default_timeout=30)
    home.session_state["recent"] = [game_id]
    home.run()
    assert not home.exception, failure(home)
    assert not [p for p in home.page_link if game_id in str(p.proto.query_string)]
    at = app(ROUND, "en", game_id)
    assert not at.exception, failure(at)
    assert at.error and tr("en", "problem.too_big", value=999, limit=20) in at.error[0].value
    at.button(key="unreadable_undo").click().run()
    assert not at.exception, failure(at)
    assert "current" not in stored(store_path, game_id)
    assert tr("en", "mine.round.title", round=1, rounds=6) in [s.value for s in at.subheader]


def test_end_before_the_game_is_over_points_back_to_the_round(store_path: Path):
    game_id = put(store_path, mid_round(THREE))
    at = app(END, "en", game_id)
    assert tr("en", "mine.end.not_yet", target=21, rounds=6) in [i.value for i in at.info]


def test_end_counts_start_from_the_coal_the_app_tracked(store_path: Path):
    doc = created(THREE)
    for _ in range(mine.ROUNDS):
        doc = resolve(doc, {"Anna": 1, "Ben": 0, "Cleo": 1}, mined={"Anna": 3, "Ben": 1, "Cleo": 2})
    tracked = mine.read(doc).rounds[-1].coal
    assert tracked["Anna"] > 0
    game_id = put(store_path, doc)
    at = app(END, "en", game_id)
    assert at.number_input(key="end_items_Anna_coal").value == tracked["Anna"]


def test_variant_round_is_not_closed_without_the_die_card(store_path: Path):
    game_id = put(store_path, created(THREE, variant=True))
    at = close(app(ROUND, "en", game_id), 1)
    assert [e.value for e in at.error] == [tr("en", "error.refused", field="This round › Die card",
                                              problem=tr("en", "problem.missing"))]
    assert stored(store_path, game_id)["rounds"] == []


# --- the progress chart ------------------------------------------------------------------------------------

def test_tied_lines_of_the_chart_differ_in_point_shape_and_dash_as_well_as_colour(store_path: Path):
    """Players tied at 0 all game draw one line over another: each has its own hollow point shape and
    stroke dash, in one legend with its colour."""
    names = ["Anna", "Ben", "Cleo", "Dirk", "Emil", "Bot"]
    doc = created(names)
    for _ in range(3):
        doc = resolve(doc, dict.fromkeys(names, 0))
    at = app(ROUND, "en", put(store_path, doc))
    spec = json.loads(at.get("vega_lite_chart")[0].proto.spec)
    line, points = spec["layer"]
    assert points["mark"]["filled"] is False
    encoding = {**spec["encoding"], **line["encoding"], **points["encoding"]}
    for channel in ("color", "shape", "strokeDash", "size"):
        assert encoding[channel]["field"] == "player" and encoding[channel]["scale"]["domain"] == names
        assert encoding[channel]["legend"] == encoding["color"]["legend"]
        ranges = [json.dumps(r) for r in encoding[channel]["scale"]["range"]]
        assert len(set(ranges)) == len(names), channel


# --- taps said next to their control, choices kept in the link ------------------------------------------

def test_closing_a_mine_round_with_nothing_entered_asks_first(store_path: Path) -> None:
    game_id = put(store_path, created(THREE))
    at = app(ROUND, "en", game_id)
    button(at, "mine.round.close", round=1).click().run()
    assert tr("en", "mine.round.empty", round=1) in [w.value for w in at.warning]
    assert stored(store_path, game_id)["rounds"] == []
    button(at, "mine.round.anyway", round=1).click().run()
    assert len(stored(store_path, game_id)["rounds"]) == 1 and confirmation(at)[0] == tr("en", "mine.round.done", round=1)


def test_attacks_are_added_one_after_another_the_form_keeping_its_last_values(store_path: Path) -> None:
    game_id = put(store_path, created(THREE))
    at = app(ROUND, "en", game_id).button_group(key="mine_phase_1").set_value("looting").run()
    at.selectbox(key="mine_attacker_1").set_value("Ben")
    at.selectbox(key="mine_target_1").set_value("Anna")
    button(at, "mine.loot.add").click().run()
    assert at.selectbox(key="mine_attacker_1").value == "Ben"
    at.selectbox(key="mine_attacker_1").set_value("Cleo")
    button(at, "mine.loot.add").click().run()
    assert not at.exception, failure(at)
    assert [(a["attacker"], a["target"]) for a in stored(store_path, game_id)["current"]["attacks"]] == [
        ("Ben", "Anna"), ("Cleo", "Anna")]
    assert not at.error


def test_a_saved_entry_is_said_next_to_its_save(store_path: Path) -> None:
    game_id = put(store_path, created(THREE))
    at = app(ROUND, "en", game_id).button_group(key="mine_phase_1").set_value("expedition").run()
    next(w for w in at.number_input if w.key.startswith("mine_sold_1_Anna_")).set_value(1)
    next(b for b in at.button if b.id and "mine_sold_1" in b.id).click().run()
    change = tr("en", "change.mine_entry", round=1, field=tr("en", "field.sold"))
    assert [s.value for s in at.success] == [tr("en", "undo.saved", change=change)]


def test_the_part_of_a_mine_round_goes_into_the_link_and_a_reload_shows_it(store_path: Path) -> None:
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(ROUND, "en", game_id)
    at.button_group(key="mine_phase_1").set_value("looting").run()
    assert at.query_params["mine_phase_1"] == "looting"
    reloaded = new_session(ROUND, "en", game_id)
    reloaded.query_params["mine_phase_1"] = "looting"
    reloaded.run()
    assert reloaded.button_group(key="mine_phase_1").value == "looting"
    assert any(b.label == tr("en", "mine.loot.add") for b in reloaded.button)


# --- the group's history ---------------------------------------------------------------------------------

def test_history_marks_the_dummy_seat_where_it_ends_first_and_names_a_player_at_the_table_the_winner(
        store_path: Path):
    s = SQLiteStore(str(store_path))
    group = s.create_group("Donnerstagsrunde", ["Anna", "Ben"])
    s.create(dummy_ahead(["Anna", "Ben", "Robo"], "Robo"), {"key": "change.start"}, group=group.id)
    at = group_app("pages/history.py", "en", group.id)
    assert not at.exception, failure(at)
    (line,) = [p.proto.label for p in at.get("page_link") if p.proto.label.startswith("MINE")]
    assert line.startswith("MINE!\\: Robo (dummy) ")
    won = [c.value for c in at.caption if "won by" in c.value]
    assert len(won) == 1 and "Robo" not in won[0]
