"""Every page of the app under Streamlit's AppTest: each page from the registry, in each language, with no
game open and with a Coal Baron or Schichtwechsel game at several stages (a game's pages turn away the
other game's record); bad game links; starting a game on the home page;
player names shown literally; logging, removing and undoing orders; ticking the setup, scoring shifts,
entering the end items; the record page's downloads and import; and phones acting on a stale screen.

The harness (fixtures, opening a page) is in apptest.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest

from apptest import (APP, HOME, PAGE_FIXTURES, ROOT, app, failure, game_count, header_ran, is_standings, page_shown,
                     position, put, standings_table, stored, texts, tr)
from conftest import ORIGINAL_PAGES_MANAGER_INIT
import builders
from builders import REPRESENTATIVE, STAGES
from builders.mine import resolve as mine_resolve
from builders.coal_baron import card_text, created, deliveries, finished, in_shift_one, shift_three_scored
from schichtbuch.live import refresh
from schichtbuch.shell.nav import GENERAL_PAGES, page_path
from schichtbuch.store import SQLiteStore
from schichtbuch.texts import i18n
from schichtbuch.texts.words import md
from schichtbuch.widgets.scoreboard import LEGEND_CHAR, LEGEND_SYMBOL, LEGEND_WIDTH, legend_columns
from scoring import coal_baron as cb
from scoring.coal_baron import END_FIELDS, SHIFTS, Transport
from scoring.fields import NAME_CHARS
from scoring.registry import GAMES, PALETTE
from setup.coal_baron import checklist

LANGS = i18n.LANGUAGES
PAGES = [page_path(None, p) for p in GENERAL_PAGES] + [
    page_path(g.id, p) for g in GAMES.values() for p in g.pages
]
GAME_PAGES = [page_path(g.id, p) for g in GAMES.values() for p in g.pages]
SHIFT_PAGE = page_path("coal_baron", "shift")
SETUP_PAGE = page_path("coal_baron", "setup")
SCORING_PAGE = page_path("coal_baron", "scoring")
END_PAGE = page_path("coal_baron", "end")
RECORD_PAGE = page_path(None, "record")
EXAMPLE_GAMES = sorted((ROOT / "tests" / "games").glob("*.json"))

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
FULL_LANGS = ("de", "en")
"""Languages every page is run in at every stage; the others at one representative stage per page."""


def page_cases() -> list[tuple[str, str, str]]:
    """(page, language, stage): every stage in the full languages, and in the others each game's pages at
    its representative stage and the general pages with no game and with each game at that stage."""
    cases = [(page, lang, stage) for page in PAGES for lang in FULL_LANGS for stage in STAGES]
    for lang in (lang for lang in LANGS if lang not in FULL_LANGS):
        cases += [(page, lang, REPRESENTATIVE[g.id]) for g in GAMES.values() for page in GAME_PAGES
                  if page.startswith(f"pages/{g.id}_")]
        cases += [(page, lang, stage) for page in PAGES if page not in GAME_PAGES
                  for stage in ("no_game", *REPRESENTATIVE.values())]
    return cases


def test_registry_lists_pages():
    """The parametrisation below is built from the registry; make sure it is not empty by accident."""
    assert HOME in PAGES and RECORD_PAGE in PAGES
    assert GAME_PAGES and all((ROOT / p).is_file() for p in PAGES)


# --- every page × language × stage ---------------------------------------------------------------------

@pytest.mark.parametrize(("page", "lang", "stage"), page_cases())
def test_page_runs(page: str, lang: str, stage: str, store_path: Path, monkeypatch: pytest.MonkeyPatch):
    build = STAGES[stage]
    doc = None if build is None else build()
    game_id = None if doc is None else put(store_path, doc)
    followed: list[tuple[str, str, int]] = []
    monkeypatch.setattr(refresh, "follow", lambda table, item, version, read, gone: followed.append((table, item, version)))
    at = app(page, lang, game_id)
    assert not at.exception, failure(at)
    assert header_ran(at, lang), "app.py's header did not run"
    assert not at.error, [e.value for e in at.error]
    assert not [w.key for w in [*at.text_input, *at.text_area] if w.proto.max_chars], "a paste over max_chars empties the field"
    downloads = [d.label for d in at.get("download_button")]
    if game_id is not None:
        assert doc is not None and any(GAMES[doc["game"]].names[lang] in c.value for c in at.caption)
        assert at.query_params.get("game") == game_id
        assert followed == [("games", game_id, 1)], "the live refresh does not follow the game"
        if page == RECORD_PAGE:
            assert downloads == [tr(lang, "record.json"), tr(lang, "record.csv")]
    if game_id is None or page != RECORD_PAGE:
        assert not downloads
    if game_id is None and (page in GAME_PAGES or page == page_path(None, "share")):
        assert [i.value for i in at.info] == [tr(lang, "error.no_game")]
        assert [link.value for link in at.page_link] == [tr(lang, "page.home")]


@pytest.mark.parametrize("path", EXAMPLE_GAMES, ids=[p.stem for p in EXAMPLE_GAMES])
@pytest.mark.parametrize("page", [*GAME_PAGES, RECORD_PAGE])
def test_imported_example_game_pages_run(page: str, path: Path, store_path: Path):
    """Imported records (no start players, notes and expected numbers kept) open on every game page."""
    game_id = put(store_path, json.loads(path.read_text(encoding="utf-8")))
    at = app(page, "en", game_id)
    assert not at.exception, failure(at)
    assert not at.error, [e.value for e in at.error]


def test_imported_game_asks_for_the_start_player(store_path: Path):
    doc = json.loads((EXAMPLE_GAMES[0]).read_text(encoding="utf-8"))
    game_id = put(store_path, doc)
    at = app(SETUP_PAGE, "en", game_id)
    assert [w.value for w in at.warning] == [tr("en", "coal_baron.ask_start", shift="I")]
    at.selectbox(key="ask_player").select(doc["players"][1])
    at.button(key="ask_player_save").click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["start_players"][0] == doc["players"][1]
    assert not at.warning


# --- bad game links --------------------------------------------------------------------------------------

BAD_IDS = ["../etc", "x" * 22, "x" * 21, "a" * 21 + "/", "%00", "' OR 1=1 --"]


@pytest.mark.parametrize("game_id", BAD_IDS)
@pytest.mark.parametrize("page", [HOME, SHIFT_PAGE, RECORD_PAGE])
def test_unknown_or_malformed_game_id(page: str, game_id: str, store_path: Path):
    put(store_path, created(["Anna", "Ben"]))
    at = app(page, "en", game_id)
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr("en", "error.unknown_game")]
    assert [link.value for link in at.page_link] == [tr("en", "page.home")]
    assert not at.button, "the page should stop after the message"


@pytest.mark.parametrize("lang", LANGS)
def test_unknown_game_message_in_each_language(lang: str):
    at = app(SHIFT_PAGE, lang, "x" * 22)
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr(lang, "error.unknown_game")]
    assert [link.value for link in at.page_link] == [tr(lang, "page.home")]


# --- the home page: starting a game ---------------------------------------------------------------------

def fill_in(at: AppTest, names: list[str]) -> AppTest:
    """Choose the player count, then type the names."""
    game = GAMES[at.selectbox(key="home_game").value]
    at.button_group(key=f"home_count_{game.id}").set_value(len(names)).run()
    for seat, name in enumerate(names):
        at.text_input(key=f"home_name_{seat}").input(name)
    return at


def start_button(at: AppTest, lang: str = "en"):
    return next(b for b in at.button if b.label == tr(lang, "home.start"))


@pytest.mark.parametrize(("names", "message"), [
    (["", "Ben"], ("home.name_empty", {"seat": 1})),
    (["Anna", ""], ("home.name_empty", {"seat": 2})),
    (["Anna", "   "], ("home.name_empty", {"seat": 2})),
    (["Anna", "Ben", "Anna"], ("home.name_twice", {"seat": 3, "name": "Anna"})),
    (["Anna", "Ben", " Ben "], ("home.name_twice", {"seat": 3, "name": "Ben"})),
    (["Anna", "", "Anna", "Dora"], ("home.name_empty", {"seat": 2})),
    (["Anna", "Anna-Lena Schmidt-Weber von Hohenzollern"], ("home.name_long", {"seat": 2, "limit": NAME_CHARS})),
], ids=["first_empty", "second_empty", "blank", "twice", "twice_padded", "empty_before_twice", "too_long"])
@pytest.mark.parametrize("lang", LANGS)
def test_home_refuses_bad_names(names: list[str], message: tuple[str, dict[str, Any]], lang: str, store_path: Path):
    at = app(HOME, lang)
    fill_in(at, names)
    start_button(at, lang).click().run()
    assert not at.exception, failure(at)
    key, params = message
    assert [e.value for e in at.error] == [tr(lang, key, **params)]
    assert str(params["seat"]) in at.error[0].value
    assert game_count(store_path) == 0
    assert "game" not in at.query_params
    assert [at.text_input(key=f"home_name_{s}").value for s in range(len(names))] == names  # kept as typed


def test_a_name_longer_than_the_limit_is_kept_whole_to_be_shortened_then_starts(store_path: Path):
    """A pasted 37-character name stays in the field (a field with `max_chars` drops such a paste whole,
    leaving it empty): Start names the seat and the limit; shortened, it starts."""
    pasted = "Anna-Lena Schmidt-Weber von Hohenzollern"[:37]
    at = app(HOME)
    fill_in(at, ["Ben", pasted])
    assert all(w.proto.max_chars == 0 for w in at.text_input)
    start_button(at).click().run()
    assert [e.value for e in at.error] == [tr("en", "home.name_long", seat=2, limit=NAME_CHARS)]
    assert at.text_input(key="home_name_1").value == pasted and game_count(store_path) == 0
    at.text_input(key="home_name_1").input(pasted[:NAME_CHARS])
    start_button(at).click().run()
    assert stored(store_path, at.query_params["game"])["players"] == ["Ben", pasted[:NAME_CHARS].strip()]


@pytest.mark.parametrize("lang", LANGS)
def test_home_starts_a_three_player_game(lang: str, store_path: Path):
    at = app(HOME, lang)
    fill_in(at, ["Anna", "Ben", "Cleo"])
    start_button(at, lang).click().run()
    assert not at.exception, failure(at)
    assert game_count(store_path) == 1
    game_id = at.query_params["game"]
    doc = stored(store_path, game_id)
    assert doc["game"] == next(iter(GAMES))  # the home page's default game
    assert doc["players"] == ["Anna", "Ben", "Cleo"]
    assert doc["colours"] == {"Anna": PALETTE[0], "Ben": PALETTE[1], "Cleo": PALETTE[2]}
    assert doc["start_players"][0] in doc["players"]
    # switched to the game's first page, which shows the checklist for 3 players
    assert at.query_params["lang"] == lang
    assert tr(lang, "coal_baron.setup.title", players=3) in [s.value for s in at.subheader]


def test_home_with_chosen_start_player(store_path: Path):
    at = app(HOME)
    fill_in(at, ["Anna", "Ben", "Cleo", "Dora"])
    at.toggle(key="home_draw").set_value(False).run()
    at.radio(key="home_start").set_value(2)
    start_button(at).click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, at.query_params["game"])
    assert doc["players"] == ["Anna", "Ben", "Cleo", "Dora"]
    assert doc["start_players"] == ["Cleo"]


def test_home_join_with_bad_code(store_path: Path):
    at = app(HOME)
    at.text_input(key="home_code").input("not a code")  # typed into the join form: sent with the tap
    next(b for b in at.button if b.label == tr("en", "home.join_button")).click().run()
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr("en", "error.bad_code")]


def test_home_join_with_link(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(HOME)
    at.text_input(key="home_code").input(f"https://example.org/share?game={game_id}&lang=de")  # typed into the join form: sent with the tap
    next(b for b in at.button if b.label == tr("en", "home.join_button")).click().run()
    assert not at.exception, failure(at)
    assert at.query_params["game"] == game_id
    assert page_shown(at) == SHIFT_PAGE, "a join lands on the page the table is on"
    assert [s.value for s in at.success] == [tr("en", "share.joined")]


# --- player names are shown as typed ----------------------------------------------------------------------

ODD_NAMES = ["**x**", "<img src=x>", "[a](http://b)"]
ESCAPED = {"**x**": r"\*\*x\*\*", "<img src=x>": r"\<img src=x\>", "[a](http://b)": r"\[a\](http\:"}


def test_odd_names_escaped_on_shift_page(store_path: Path):
    doc = created(ODD_NAMES)
    doc = cb.deliver(doc, 1, ODD_NAMES[1], cb.cards(Transport.TRAIN)[0])
    at = app(SHIFT_PAGE, "en", put(store_path, doc))
    assert not at.exception, failure(at)
    shown = texts(at)
    markdown = [m.value for m in at.markdown] + [c.value for c in at.caption] + [e.label for e in at.expander]
    for name in ODD_NAMES:
        assert any(ESCAPED[name] in m for m in markdown), (name, markdown)
        assert any(md(name) in m for m in markdown), (name, markdown)
        assert not any(name in s for s in shown), (name, [s for s in shown if name in s])


@pytest.mark.parametrize("stage", ["created", "finished"])
@pytest.mark.parametrize("page", PAGES)
def test_odd_names_on_every_page(page: str, stage: str, store_path: Path):
    """No page breaks on names that look like Markdown or HTML, and none shows them unescaped."""
    doc = created(ODD_NAMES) if stage == "created" else finished(ODD_NAMES)
    at = app(page, "en", put(store_path, doc))
    assert not at.exception, failure(at)
    for name in ODD_NAMES:
        assert not any(name in s for s in texts(at)), (name, [s for s in texts(at) if name in s])


def test_html_entities_in_names_shown_literally(store_path: Path):
    names = ["&lt;3", "a&amp;b"]
    at = app(SHIFT_PAGE, "en", put(store_path, created(names)))
    assert not at.exception, failure(at)
    markdown = [m.value for m in at.markdown] + [c.value for c in at.caption] + [e.label for e in at.expander]
    for name in names:
        assert not any(re.search(r"(?<!\\)" + re.escape(name), m) for m in markdown), (name, markdown)
        literal = (name.replace("&", "\\&"), name.replace("&", "&amp;"))
        assert any(form in m for m in markdown for form in literal), (name, markdown)


def test_md_escapes_every_markdown_character():
    for name, escaped in ESCAPED.items():
        assert md(name).startswith(escaped)
    assert md("plain Name 42") == "plain Name 42"
    assert md("Maximilian-Alexander v. (rot)") == "Maximilian-Alexander v. (rot)"


@pytest.mark.parametrize(("name", "escaped"), [("- Anna", r"\- Anna"), ("1. Anna", r"1\. Anna"), ("# Ben", r"\# Ben"),
                                               ("+1", r"\+1"), ("a@b.de", r"a\@b.de"), ("www.x.de", r"www\.x.de")])
def test_md_escapes_a_list_or_heading_at_the_start_and_autolinks(name: str, escaped: str):
    assert md(name) == escaped


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
    assert tr("en", "standings.pending", players="Anna, Cleo") in [i.value for i in at.info]
    table = standings_table(at)
    ben = next(i for i in table.index if i.endswith("Ben"))
    assert [table.loc[ben, tr("en", f"coal_baron.cat.{c}.short")] for c in ("money", "cubes")] == [5, 2]
    assert position(at, lambda n: n.type == "number_input") < position(at, is_standings)

def test_recent_game_listed_on_home(store_path: Path):
    game_id = put(store_path, created(["Anna", "**Ben**"]))
    at = app(SHIFT_PAGE, "en", game_id)
    at.switch_page(HOME).run()
    assert not at.exception, failure(at)
    assert md("Coal Baron: Anna, **Ben**") in [link.value for link in at.page_link]


# --- the record page -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("stage", [s for s in STAGES if STAGES[s] is not None])
def test_record_downloads_when_a_game_is_open(stage: str, lang: str, store_path: Path):
    build = STAGES[stage]
    assert build is not None
    at = app(RECORD_PAGE, lang, put(store_path, build()))
    assert not at.exception, failure(at)
    assert [d.label for d in at.get("download_button")] == [tr(lang, "record.json"), tr(lang, "record.csv")]


def test_record_without_game_has_no_downloads():
    at = app(RECORD_PAGE, "en")
    assert not at.exception, failure(at)
    assert not at.get("download_button")
    assert len(at.get("file_uploader")) == 1


def test_record_import_opens_the_game(store_path: Path):
    path = EXAMPLE_GAMES[0]
    at = app(RECORD_PAGE, "en")
    at.get("file_uploader")[0].upload(path.name, path.read_bytes(), "application/json")
    at.run()
    next(b for b in at.button if b.label == tr("en", "record.open")).click().run()
    assert not at.exception, failure(at)
    assert game_count(store_path) == 1
    assert stored(store_path, at.query_params["game"])["players"] == json.loads(path.read_bytes())["players"]
    assert len(at.get("download_button")) == 2


@pytest.mark.parametrize(("content", "code"), [
    (b"{not json", "not_json"),
    (b'{"game": "chess", "players": ["A", "B"]}', "unknown_game"),
    (b'{"game": "coal_baron", "players": ["A", "A"]}', "names_twice"),
    (b"[1, 2]", "not_object"),
])
def test_record_import_refuses_bad_records(content: bytes, code: str, store_path: Path):
    at = app(RECORD_PAGE, "en")
    at.get("file_uploader")[0].upload("game.json", content, "application/json")
    at.run()
    next(b for b in at.button if b.label == tr("en", "record.open")).click().run()
    assert not at.exception, failure(at)
    assert len(at.error) == 1
    assert at.error[0].value.startswith(tr("en", "error.refused", field="", problem="").split(":")[0])
    assert game_count(store_path) == 0


# --- a real server's first request (suspected bug) -------------------------------------------------------

def test_deep_link_as_first_request_after_server_start(store_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(PagesManager, "__init__", ORIGINAL_PAGES_MANAGER_INIT)  # a fresh server process
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = AppTest.from_file(str(APP), default_timeout=5)
    at.query_params["game"] = game_id
    at.query_params["lang"] = "en"
    at.switch_page(page_path(None, "share"))
    at.run()
    assert not at.exception, failure(at)
    assert header_ran(at, "en")


@pytest.mark.parametrize("stage", ["shift_I_deliveries_3p", "shift_III_scored_4p", "finished_3p"])
def test_standings_shown_are_those_of_the_command_line(stage: str, store_path: Path, tmp_path: Path):
    """The standings table the app shows (a row per player) and `python -m scoring score` on the exported
    record agree, cell by cell: ranks, players, totals and every category's points."""
    doc = STAGES[stage]()
    at = app(page_path("coal_baron", "end"), game=put(store_path, doc))
    shown = standings_table(at)
    record = tmp_path / "record.json"
    record.write_text(json.dumps(doc))
    out = subprocess.run([sys.executable, "-m", "scoring", "score", str(record)], cwd=APP.parent,
                         capture_output=True, text=True, check=True)
    standings = json.loads(out.stdout)["standings"]
    assert list(shown.index) == [md(f"{s['rank']}. {s['player']}") for s in standings]
    assert list(shown.columns) == [tr("en", "col.total"), *(tr("en", f"coal_baron.cat.{c}.short") for c in cb.CATEGORIES)]
    for (_, row), s in zip(shown.iterrows(), standings):
        assert list(row) == [s["total"], *(s["breakdown"][c] for c in cb.CATEGORIES)]


@pytest.mark.parametrize(("names", "columns"), [
    (["Anna", "Ben", "Cleo", "Dirk", "Emil", "Bot"], 3),
    (["Anna-Lena", "Benedikt"], 3),
    (["Benedikt Oberhausen", "Cleo"], 2),
    (["Anna-Lena Schmidt-Weber", "Ben"], 1),
])
def test_chart_legend_leaves_room_for_the_longest_name(names: list[str], columns: int):
    assert legend_columns(names) == columns
    assert max(map(len, names)) * LEGEND_CHAR <= LEGEND_WIDTH // columns - LEGEND_SYMBOL


@pytest.mark.parametrize("game", GAMES)
def test_the_standings_carry_their_swipe_hint_for_the_browser_to_show_while_they_are_too_wide(game: str,
                                                                                            store_path: Path):
    """Whether the table is wider than the screen only the browser knows (fonts, names): the hint is in
    the standings' container, shown there only then (test_browser_layout.py)."""
    at = app(page_path(game, "end"), "fr", put(store_path, builders.at(game, ["Anna", "Ben"], "finished")))
    assert not at.exception, failure(at)
    assert [c.value for c in at.caption].count(tr("fr", "standings.swipe")) == 1
    assert position(at, is_standings) < position(at, lambda n: n.type == "caption" and n.value == tr("fr", "standings.swipe"))


def test_tied_lines_of_the_chart_differ_in_point_shape_and_dash_as_well_as_colour(store_path: Path):
    """Players tied at 0 all game draw one line over another: each has its own hollow point shape and
    stroke dash, in one legend with its colour."""
    names = ["Anna", "Ben", "Cleo", "Dirk", "Emil", "Bot"]
    doc = builders.at("mine", names, "created")
    for _ in range(3):
        doc = mine_resolve(doc, dict.fromkeys(names, 0))
    at = app(page_path("mine", "round"), "en", put(store_path, doc))
    spec = json.loads(at.get("vega_lite_chart")[0].proto.spec)
    line, points = spec["layer"]
    assert points["mark"]["filled"] is False
    encoding = {**spec["encoding"], **line["encoding"], **points["encoding"]}
    for channel in ("color", "shape", "strokeDash", "size"):
        assert encoding[channel]["field"] == "player" and encoding[channel]["scale"]["domain"] == names
        assert encoding[channel]["legend"] == encoding["color"]["legend"]
        ranges = [json.dumps(r) for r in encoding[channel]["scale"]["range"]]
        assert len(set(ranges)) == len(names), channel

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
