"""Schichtwechsel's pages under AppTest: starting a game, the setup checklist, the round guide, entering
and correcting round cards (names offered again, bad input kept, stale phones refused), the start-player
marker, arrivals at the end fields tapped in order, the end items, and standings that agree with
`python -m scoring score`. The harness is in apptest.py, the games in builders/schichtwechsel.py; every
page × language × stage runs in test_pages.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from builders import STAGES
from builders.schichtwechsel import FOUR, created, played
from apptest import (HOME, PAGE_FIXTURES, ROOT, app, failure, is_standings, position, put, standings_table, stored, texts,
                     tr, untapped, version)
from schichtbuch.session.page import widget_key
from schichtbuch.store import SQLiteStore
from schichtbuch.texts.words import md
from scoring import schichtwechsel as sw
from scoring.app_fields import tick
from setup.schichtwechsel import checklist, preparation

SETUP = "pages/schichtwechsel_setup.py"
ROUND = "pages/schichtwechsel_round.py"
END = "pages/schichtwechsel_end.py"

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]


def button(at: AppTest, key: str, **params: Any):
    return next(b for b in at.button if b.label == tr("en", key, **params))


# --- starting and setting up ---------------------------------------------------------------------------

def test_home_starts_a_four_player_game_with_the_chosen_start_player(store_path: Path):
    at = app(HOME, "en")
    at.selectbox(key="home_game").select("schichtwechsel").run()
    at.button_group(key="home_count_schichtwechsel").set_value(4).run()
    for seat, name in enumerate(FOUR):
        at.text_input(key=f"home_name_{seat}").input(name)
    at.toggle(key="home_draw").set_value(False).run()
    at.radio(key="home_start").set_value(2).run()
    button(at, "home.start").click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, at.query_params["game"])
    assert (doc["game"], doc["players"], doc["start_player"], doc["rounds"]) == ("schichtwechsel", FOUR, "Cleo", [])
    assert tr("en", "schichtwechsel.setup.title", players=4) in [s.value for s in at.subheader]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_setup_lists_every_step_and_saves_ticks(count: int, store_path: Path):
    names = FOUR[:count]
    game_id = put(store_path, created(names, start=names[-1]))
    at = app(SETUP, "en", game_id)
    steps = checklist(names, names[-1])
    boxes = [c for c in at.checkbox if c.key and c.key.startswith("setup_")]
    assert [b.label for b in boxes] == [tr("en", s.key, **s.params) for s in steps]
    boxes[-1].check().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["setup_ticks"] == [steps[-1].id]


@pytest.mark.parametrize("ticked", [False, True])
def test_a_tick_where_the_page_drew_it_changes_nothing(store_path: Path, ticked: bool):
    """Streamlit may run a box's callback though it was not tapped (`untapped`): the step stays as it is,
    ticked or not, rather than flipping."""
    step = checklist(FOUR, "Anna")[0].id
    game_id = put(store_path, tick(created(FOUR), step, ticked))
    at = app(SETUP, "en", game_id)
    untapped(at, next(c for c in at.checkbox if c.key and c.key.startswith(f"setup_{step}_")), ticked)
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["setup_ticks"] == ([step] if ticked else [])


def test_the_marker_where_the_page_drew_it_saves_nothing(store_path: Path):
    game_id = put(store_path, created(FOUR))
    at = app(ROUND, "en", game_id)
    before = version(store_path, game_id)
    untapped(at, at.button_group(key="marker_Anna"), "Anna")
    assert not at.exception, failure(at)
    assert version(store_path, game_id) == before


def test_imported_record_without_start_player_asks_for_it(store_path: Path):
    doc = {"game": "schichtwechsel", "players": ["Anna", "Ben"], "rounds": []}
    game_id = put(store_path, doc)
    at = app(ROUND, "en", game_id)
    assert [w.value for w in at.warning] == [tr("en", "schichtwechsel.ask_start")]
    at.selectbox(key="ask_player").select("Ben")
    at.button(key="ask_player_save").click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["start_player"] == "Ben"


# --- the round guide and the round cards -------------------------------------------------------------------

@pytest.mark.parametrize(("played_rounds", "steps"), [(0, 4), (1, 6), (4, 6)])
def test_round_guide_shows_the_preparation_of_the_round_with_the_start_player(played_rounds: int, steps: int,
                                                                               store_path: Path):
    game_id = put(store_path, played(FOUR, played_rounds))
    at = app(ROUND, "de", game_id)
    assert not at.exception, failure(at)
    number = played_rounds + 1
    assert tr("de", "schichtwechsel.round.title", round=number, rounds=5) in [s.value for s in at.subheader]
    guide = next(m.value for m in at.markdown if m.value.startswith("1. "))
    expected = preparation(number, FOUR, "Anna")
    assert len(expected) == steps and guide.count("\n") == steps - 1
    assert "Anna" in guide.split("\n")[0] and "12" in guide.split("\n")[0]


def enter_round(at: AppTest, number: int, card: str, points: dict[str, int], mode: str = "new") -> AppTest:
    at.text_input(key=f"round_card_{mode}_{number}").set_value(card)
    for who, vp in points.items():
        at.number_input(key=widget_key("round_points", mode, number, who)).set_value(vp)
    return button(at, f"schichtwechsel.round.save_{mode}", round=number).click().run()


def test_a_round_is_saved_for_players_whose_names_have_underscores_and_percent_signs(store_path: Path):
    game_id = put(store_path, created(["Jan_K", "50%", "Ben"]))
    at = app(ROUND, "en", game_id)
    enter_round(at, 1, "Koks", {"Jan_K": 4, "50%": 2, "Ben": 1})
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["rounds"] == [{"card": "Koks", "points": {"Jan_K": 4, "50%": 2, "Ben": 1}}]


def test_round_card_is_saved_and_running_totals_shown(store_path: Path):
    game_id = put(store_path, played(["Anna", "Ben"], 1))
    at = app(ROUND, "en", game_id)
    enter_round(at, 2, "Grubenwasser", {"Anna": 4, "Ben": 7})
    assert not at.exception, failure(at)
    doc = stored(store_path, game_id)
    assert doc["rounds"][1] == {"card": "Grubenwasser", "points": {"Anna": 4, "Ben": 7}}
    table = next(m.value for m in at.markdown if m.value.startswith("| "))
    assert table.splitlines()[0].endswith("| 1 | 2 |")
    assert table.splitlines()[2:] == ["| Anna | 5 | 1 | 4 |", "| Ben | 9 | 2 | 7 |"]  # round 1 gave Anna 1, Ben 2
    assert tr("en", "schichtwechsel.round.cards", cards="1. Karte 1 · 2. Grubenwasser") in texts(at)
    assert confirmation(at) == (tr("en", "schichtwechsel.round.done", round=2), [
        tr("en", "schichtwechsel.round.done_points", card="Grubenwasser", points="Anna +4, Ben +7"),
        tr("en", "schichtwechsel.round.done_start", round=3, player="Anna")])
    primary = [b.label for b in at.button if b.proto.type == "primary"]  # then the correction form, folded away
    assert primary[0] == tr("en", "schichtwechsel.round.play", round=3)
    assert [e.label for e in at.expander] == [tr("en", "schichtwechsel.round.correct")]
    button(at, "schichtwechsel.round.play", round=3).click().run()
    assert not at.success
    assert tr("en", "schichtwechsel.round.title", round=3, rounds=5) in [s.value for s in at.subheader]


def confirmation(at: AppTest) -> tuple[str, list[str]]:
    assert len(at.success) == 1, [s.value for s in at.success]
    return at.success[0].proto.title, at.success[0].value.split("  \n")


def test_the_last_round_card_leads_to_the_final_scoring(store_path: Path):
    game_id = put(store_path, played(["Anna", "Ben"], sw.ROUNDS - 1))
    at = app(ROUND, "en", game_id)
    enter_round(at, sw.ROUNDS, "Koks", {"Anna": 2, "Ben": 3})
    assert not at.exception, failure(at)
    assert confirmation(at)[0] == tr("en", "schichtwechsel.round.done", round=sw.ROUNDS)
    button(at, "schichtwechsel.round.to_end").click().run()
    assert not at.exception, failure(at)
    assert tr("en", "schichtwechsel.end.arrivals") in [s.value for s in at.subheader]


def test_card_names_used_at_this_table_are_offered_again(store_path: Path):
    earlier = put(store_path, played(["Anna", "Ben"], 2))
    game_id = put(store_path, played(["Anna", "Ben"], 1) | {"rounds": [{"card": "Koks", "points": {"Anna": 0, "Ben": 0}}]})
    at = app(ROUND, "en", earlier)  # this phone has seen the earlier game
    at.query_params["game"] = game_id
    at.switch_page(ROUND).run()
    assert not at.exception, failure(at)
    assert at.button_group(key="round_card_known_new_2").options == ["Karte 1", "Karte 2", "Koks"]
    at.button_group(key="round_card_known_new_2").set_value("Koks")
    at.number_input(key="round_points_new_2_Anna").set_value(1)
    button(at, "schichtwechsel.round.save_new", round=2).click().run()
    assert stored(store_path, game_id)["rounds"][1]["card"] == "Koks"


def test_round_without_card_name_is_refused_and_the_entry_kept(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(ROUND, "en", game_id)
    at.number_input(key="round_points_new_1_Ben").set_value(6)
    button(at, "schichtwechsel.round.save_new", round=1).click().run()
    assert not at.exception, failure(at)
    field = f"{tr('en', 'field.rounds')} › 1 › {tr('en', 'field.card')}"
    assert [e.value for e in at.error] == [tr("en", "error.refused", field=field, problem=tr("en", "problem.empty_name"))]
    assert stored(store_path, game_id)["rounds"] == []
    assert at.number_input(key="round_points_new_1_Ben").value == 6


def test_round_entered_on_another_phone_meanwhile_is_not_entered_twice(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(ROUND, "en", game_id)
    SQLiteStore(str(store_path)).change(game_id, lambda d: sw.add_round(d, 1, "Koks", {"Anna": 1, "Ben": 1}), {"key": "x"})
    enter_round(at, 1, "Bahn", {"Anna": 3, "Ben": 0})
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["rounds"] == [{"card": "Koks", "points": {"Anna": 1, "Ben": 1}}]
    assert len(at.error) == 1 and tr("en", "problem.round_entered", round=1) in at.error[0].value
    assert confirmation(at)[0] == tr("en", "schichtwechsel.round.done_elsewhere", round=1)
    assert tr("en", "schichtwechsel.round.cards", cards="1. Koks") in texts(at)
    button(at, "schichtwechsel.round.play", round=2).click().run()
    assert tr("en", "schichtwechsel.round.title", round=2, rounds=5) in [s.value for s in at.subheader]


def test_a_round_is_corrected_later(store_path: Path):
    game_id = put(store_path, played(["Anna", "Ben"], 3))
    at = app(ROUND, "en", game_id)
    at.button_group(key="round_fix").set_value(2).run()
    assert at.text_input(key="round_card_fix_2").value == "Karte 2"
    enter_round(at, 2, "Kanal", {"Anna": 9}, mode="fix")
    assert not at.exception, failure(at)
    rounds = stored(store_path, game_id)["rounds"]
    assert rounds[1] == {"card": "Kanal", "points": {"Anna": 9, "Ben": 3}}
    assert [r["card"] for r in rounds] == ["Karte 1", "Kanal", "Karte 3"]


def test_undo_takes_back_the_last_round(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(ROUND, "en", game_id)
    enter_round(at, 1, "Koks", {"Anna": 2})
    at.button(key="round_undo").click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["rounds"] == []


def test_start_player_marker_changes_with_one_tap(store_path: Path):
    game_id = put(store_path, created(FOUR))
    at = app(ROUND, "en", game_id)
    at.button_group(key="marker_Anna").set_value("Dirk").run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["start_player"] == "Dirk"
    assert any("Dirk" in m.value.split("\n")[0] for m in at.markdown if m.value.startswith("1. "))


def test_after_round_five_the_round_page_leads_to_the_end(store_path: Path):
    at = app(ROUND, "en", put(store_path, played(FOUR, 5)))
    assert not at.exception, failure(at)
    assert [s.value for s in at.success] == [tr("en", "schichtwechsel.round.all_played", rounds=5)]
    assert not [k for k in (b.key for b in at.button) if k and k.startswith("FormSubmitter:round_new")]


# --- final scoring -----------------------------------------------------------------------------------------

def test_arrivals_are_tapped_in_order(store_path: Path):
    game_id = put(store_path, played(["Anna", "Ben", "Cleo"], 3))
    at = app(END, "en", game_id)
    at.button(key="end_arrive_miner_Cleo").click().run()
    at.button(key="end_arrive_miner_Anna").click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["finish"]["miner"] == ["Cleo", "Anna"]
    shown = texts(at)
    assert tr("en", "schichtwechsel.end.arrived", place=1, player="Cleo", vp=8) in shown
    assert tr("en", "schichtwechsel.end.arrived", place=2, player="Anna", vp=5) in shown
    at.button(key="end_withdraw_miner_Cleo").click().run()
    assert stored(store_path, game_id)["finish"]["miner"] == ["Anna"]


@pytest.mark.parametrize(("lang", "arrived", "taken_back"), [
    ("en", "Saved: Cleo · End of the rail track", "Saved: Cleo · End of the rail track taken back"),
    ("de", "Gespeichert: Cleo · Ende der Bahnstrecke", "Gespeichert: Cleo · Ende der Bahnstrecke zurückgenommen"),
    ("fr", "Enregistré : arrivée de Cleo · Bout de la voie ferrée",
     "Enregistré : arrivée de Cleo retirée · Bout de la voie ferrée"),
    ("ja", "保存しました：Cleo · 鉄道のゴール", "保存しました：Cleo · 鉄道のゴールを取り消し"),
])
def test_an_arrival_is_said_with_its_end_field_named_once(store_path: Path, lang: str, arrived: str, taken_back: str):
    """The line after a tap names the player and the end field as the page heads it ("End of the rail
    track"), not wrapped in words that say the end again ("at the end of End of the rail track")."""
    game_id = put(store_path, played(["Anna", "Ben", "Cleo"], 3))
    at = app(END, lang, game_id)
    at.button(key="end_arrive_rail_Cleo").click().run()
    assert [s.value for s in at.success] == [arrived]
    at.button(key="end_withdraw_rail_Cleo").click().run()
    assert [s.value for s in at.success] == [taken_back]


def test_a_tap_on_a_stale_arrival_list_is_refused(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(END, "en", game_id)
    SQLiteStore(str(store_path)).change(game_id, lambda d: sw.arrive(d, "rail", "Ben", 0), {"key": "x"})
    at.button(key="end_arrive_rail_Anna").click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["finish"]["rail"] == ["Ben"]
    assert len(at.error) == 1 and tr("en", "problem.changed_elsewhere") in at.error[0].value


def test_end_items_wait_for_round_five(store_path: Path):
    at = app(END, "en", put(store_path, played(FOUR, 4)))
    assert [i.value for i in at.info] == [tr("en", "schichtwechsel.end.not_yet", rounds=5)]
    assert not at.number_input


def test_end_items_finish_the_game_with_a_shared_place(store_path: Path):
    doc = json.loads((ROOT / "tests" / "games" / "schichtwechsel_2p_tie.json").read_text(encoding="utf-8"))
    items = doc.pop("end")["players"]
    finish = {"miner": ["Ben"], "rail": [], "road": ["Anna", "Ben"], "canal": []}
    game_id = put(store_path, {k: v for k, v in doc.items() if k != "expected"} | {"finish": finish, "start_player": "Ben"})
    at = app(END, "en", game_id)
    for who in ("Anna", "Ben"):
        at.button_group(key="end_items_player").set_value(who).run()
        for item, value in items[who].items():
            at.number_input(key=widget_key("end_items", who, item)).set_value(value)
        button(at, "action.save").click().run()
        assert not at.exception, failure(at)
    assert stored(store_path, game_id)["end"]["players"] == items
    assert [s.value for s in at.subheader][0] == tr("en", "standings.final")
    total = sw.score(stored(store_path, game_id)).standings[0].total
    assert at.success[0].value == tr("en", "standings.winners", players="Anna and Ben", score=f"{total} VP")
    folded = next(e for e in at.expander if e.label == tr("en", "standings.correct"))
    assert position(at, is_standings) < position(at, lambda n: n is folded)
    assert len(folded.number_input) == len(at.number_input) and tr("en", "schichtwechsel.end.arrivals") in [
        s.value for s in folded.subheader]
    assert [c.value for c in at.caption if tr("en", "schichtwechsel.shared_place") in c.value] == [
        f"{who}: {tr('en', 'schichtwechsel.shared_place')}" for who in ("Anna", "Ben")]


@pytest.mark.parametrize("stage", ["sw_round_3_2p", "sw_arrivals_3p", "sw_finished_4p"])
def test_standings_shown_are_those_of_the_command_line(stage: str, store_path: Path, tmp_path: Path):
    doc = STAGES[stage]()
    at = app(END, "en", put(store_path, doc))
    shown = standings_table(at)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "scoring", "score", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    cli = json.loads(done.stdout)["standings"]
    assert list(shown.index) == [md(f"{s['rank']}. {s['player']}") for s in cli]
    for (_, row), s in zip(shown.iterrows(), cli):
        assert list(row) == [s["total"], *(s["breakdown"][c] for c in sw.CATEGORIES)]


# --- a round with no VP for anyone ---------------------------------------------------------------------

def test_a_schichtwechsel_round_with_no_vp_for_anyone_asks_first_keeping_the_card(store_path: Path) -> None:
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(ROUND, "en", game_id)
    at.text_input(key="round_card_new_1").input("Koks")
    button(at, "schichtwechsel.round.save_new", round=1).click().run()
    assert [w.value for w in at.warning] == [tr("en", "schichtwechsel.round.empty", round=1)]
    assert at.text_input(key="round_card_new_1").value == "Koks" and stored(store_path, game_id)["rounds"] == []
    button(at, "schichtwechsel.round.anyway", round=1).click().run()
    assert stored(store_path, game_id)["rounds"] == [{"card": "Koks", "points": {"Anna": 0, "Ben": 0}}]
