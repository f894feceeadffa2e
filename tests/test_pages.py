"""Every page of the app under Streamlit's AppTest: each page from the registry, in each language, with no
game open and with every game at each of its builder's stages (a game's pages turn away another game's
record); bad game links; starting a game on the home page; player names shown literally on every page;
the record page's downloads and import; the standings as the command line gives them. Each game's own
page tests are in `test_<game>_pages.py`.

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
from builders import BY_GAME, EXAMPLE, REPRESENTATIVE, STAGES
from schichtbuch.live import refresh
from schichtbuch.shell.nav import GENERAL_PAGES, page_path
from schichtbuch.texts import i18n
from schichtbuch.texts.words import md
from schichtbuch.widgets.scoreboard import LEGEND_CHAR, legend_layout
from scoring.fields import NAME_CHARS
from scoring.registry import GAMES, PALETTE, page_at_stage

LANGS = i18n.LANGUAGES
PAGES = [page_path(None, p) for p in GENERAL_PAGES] + [
    page_path(g.id, p) for g in GAMES.values() for p in g.pages
]
GAME_PAGES = [page_path(g.id, p) for g in GAMES.values() for p in g.pages]
TWO = ["Anna", "Ben"]
STAGE_PAGE = page_path(EXAMPLE, page_at_stage(builders.at(EXAMPLE, TWO, "created")))
"""The page the table is on in a new game of the example game (where a join lands)."""
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


# --- bad game links --------------------------------------------------------------------------------------

BAD_IDS = ["../etc", "x" * 22, "x" * 21, "a" * 21 + "/", "%00", "' OR 1=1 --"]


@pytest.mark.parametrize("game_id", BAD_IDS)
@pytest.mark.parametrize("page", [HOME, STAGE_PAGE, RECORD_PAGE])
def test_unknown_or_malformed_game_id(page: str, game_id: str, store_path: Path):
    put(store_path, builders.at(EXAMPLE, TWO, "created"))
    at = app(page, "en", game_id)
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr("en", "error.unknown_game")]
    assert [link.value for link in at.page_link] == [tr("en", "page.home")]
    assert not at.button, "the page should stop after the message"


@pytest.mark.parametrize("lang", LANGS)
def test_unknown_game_message_in_each_language(lang: str):
    at = app(STAGE_PAGE, lang, "x" * 22)
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
    assert GAMES[doc["game"]].first_player(doc) in doc["players"]
    # switched to the game's first page, which shows the checklist for 3 players
    assert at.query_params["lang"] == lang
    assert page_shown(at) == page_path(doc["game"], GAMES[doc["game"]].pages[0])
    assert BY_GAME[doc["game"]].setup_title(lang, doc["players"]) in [s.value for s in at.subheader]


def test_home_with_chosen_start_player(store_path: Path):
    at = app(HOME)
    fill_in(at, ["Anna", "Ben", "Cleo", "Dora"])
    at.toggle(key="home_draw").set_value(False).run()
    at.radio(key="home_start").set_value(2)
    start_button(at).click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, at.query_params["game"])
    assert doc["players"] == ["Anna", "Ben", "Cleo", "Dora"]
    assert GAMES[doc["game"]].first_player(doc) == "Cleo"


def test_home_join_with_bad_code(store_path: Path):
    at = app(HOME)
    at.text_input(key="home_code").input("not a code")  # typed into the join form: sent with the tap
    next(b for b in at.button if b.label == tr("en", "home.join_button")).click().run()
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr("en", "error.bad_code")]


def test_home_join_with_link(store_path: Path):
    game_id = put(store_path, builders.at(EXAMPLE, TWO, "created"))
    at = app(HOME)
    at.text_input(key="home_code").input(f"https://example.org/share?game={game_id}&lang=de")  # typed into the join form: sent with the tap
    next(b for b in at.button if b.label == tr("en", "home.join_button")).click().run()
    assert not at.exception, failure(at)
    assert at.query_params["game"] == game_id
    assert page_shown(at) == STAGE_PAGE, "a join lands on the page the table is on"
    assert [s.value for s in at.success] == [tr("en", "share.joined")]


# --- player names are shown as typed ----------------------------------------------------------------------

ODD_NAMES = ["**x**", "<img src=x>", "[a](http://b)"]
ESCAPED = {"**x**": r"\*\*x\*\*", "<img src=x>": r"\<img src=x\>", "[a](http://b)": r"\[a\](http\:"}


@pytest.mark.parametrize("game", GAMES)
def test_odd_names_escaped_on_the_page_of_a_game_being_played(game: str, store_path: Path):
    entries = BY_GAME[game].ENTRIES
    doc = entries.make(entries.start(ODD_NAMES), ODD_NAMES[1], 0)
    at = app(page_path(game, page_at_stage(doc)), "en", put(store_path, doc))
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
    """No page breaks on names that look like Markdown or HTML, and none shows them unescaped: a game's page
    with a game of its own, a general page with one of the example game."""
    game = next((g for g in GAMES if page.startswith(f"pages/{g}_")), EXAMPLE)
    doc = builders.at(game, ODD_NAMES, stage)
    at = app(page, "en", put(store_path, doc))
    assert not at.exception, failure(at)
    for name in ODD_NAMES:
        assert not any(name in s for s in texts(at)), (name, [s for s in texts(at) if name in s])


@pytest.mark.parametrize("game", GAMES)
def test_html_entities_in_names_shown_literally(game: str, store_path: Path):
    names = ["&lt;3", "a&amp;b"]
    doc = BY_GAME[game].ENTRIES.start(names)
    at = app(page_path(game, page_at_stage(doc)), "en", put(store_path, doc))
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


def test_recent_game_listed_on_home(store_path: Path):
    game_id = put(store_path, builders.at(EXAMPLE, ["Anna", "**Ben**"], "created"))
    at = app(STAGE_PAGE, "en", game_id)
    at.switch_page(HOME).run()
    assert not at.exception, failure(at)
    assert md(f"{GAMES[EXAMPLE].names['en']}: Anna, **Ben**") in [link.value for link in at.page_link]


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
    (json.dumps({"game": EXAMPLE, "players": ["A", "A"]}).encode(), "names_twice"),
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
    game_id = put(store_path, builders.at(EXAMPLE, TWO, "created"))
    at = AppTest.from_file(str(APP), default_timeout=5)
    at.query_params["game"] = game_id
    at.query_params["lang"] = "en"
    at.switch_page(page_path(None, "share"))
    at.run()
    assert not at.exception, failure(at)
    assert header_ran(at, "en")


@pytest.mark.parametrize("stage", ["playing", "ending", "finished"])
@pytest.mark.parametrize("game", GAMES)
def test_standings_shown_are_those_of_the_command_line(game: str, stage: str, store_path: Path, tmp_path: Path):
    """The standings table the game's end page shows (a row per player) and `python -m scoring score` on
    the exported record agree, cell by cell: ranks, players, totals and every category's points."""
    names = ["Anna", "Ben", "Cleo"]
    doc = builders.at(game, names, stage)
    end = page_at_stage(builders.at(game, names, "finished"))
    at = app(page_path(game, end), game=put(store_path, doc))
    shown = standings_table(at)
    record = tmp_path / "record.json"
    record.write_text(json.dumps(doc))
    out = subprocess.run([sys.executable, "-m", "scoring", "score", str(record)], cwd=APP.parent,
                         capture_output=True, text=True, check=True)
    standings = json.loads(out.stdout)["standings"]
    assert list(shown.index) == [md(f"{s['rank']}. {s['player']}") for s in standings]
    categories = GAMES[game].categories
    assert list(shown.columns) == [tr("en", "col.total"), *(tr("en", f"{game}.cat.{c}.short") for c in categories)]
    for (_, row), s in zip(shown.iterrows(), standings):
        assert list(row) == [s["total"], *(s["breakdown"][c] for c in categories)]


@pytest.mark.parametrize(("names", "columns"), [
    (["Anna", "Ben", "Cleo", "Dirk", "Emil", "Bot"], 3),
    (["Anna-Lena", "Benedikt"], 3),
    (["Benedikt Oberhausen", "Cleo"], 2),
    (["Anna-Lena Schmidt-Weber", "Ben"], 1),
])
def test_chart_legend_leaves_room_for_the_longest_name(names: list[str], columns: int):
    assert legend_layout(names)[0] == columns
    assert max(map(len, names)) * LEGEND_CHAR <= legend_layout(names)[1]


@pytest.mark.parametrize("game", GAMES)
def test_the_standings_carry_their_swipe_hint_for_the_browser_to_show_while_they_are_too_wide(game: str,
                                                                                            store_path: Path):
    """Whether the table is wider than the screen only the browser knows (fonts, names): the hint is in
    the standings' container, shown there only then (test_browser_layout.py)."""
    at = app(page_path(game, "end"), "fr", put(store_path, builders.at(game, ["Anna", "Ben"], "finished")))
    assert not at.exception, failure(at)
    assert [c.value for c in at.caption].count(tr("fr", "standings.swipe")) == 1
    assert position(at, is_standings) < position(at, lambda n: n.type == "caption" and n.value == tr("fr", "standings.swipe"))


