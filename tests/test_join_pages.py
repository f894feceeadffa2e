"""Joining a game under AppTest: a join link lands on the page the table is on (every game, every stage)
with a note that this phone has joined; the share page puts the way into the game first, builds the link
from the machine's network address when the app only knows `localhost`, and shows the short code; the
home page joins by short code, by game id or by link, says in one line why a code does not work, and
stops a phone (and the server) after too many wrong codes; recent games show date, stage and state.
The harness is in apptest.py, the pure parts in test_join.py."""

from __future__ import annotations

import sqlite3
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
import streamlit.net_util
from streamlit.testing.v1 import AppTest

from apptest import APP, HOME, PAGE_FIXTURES, app, failure, page_shown, put, tr
from builders import EXAMPLE, LANDS_ON, STAGES, at as game_at
from schichtbuch.sharing import share
from schichtbuch.shell.nav import page_path
from schichtbuch.store import SQLiteStore, codes
from schichtbuch.store.codes import CODE_TTL_SECONDS, Limit
from schichtbuch.texts import i18n
from schichtbuch.session.settings import BASE_URL
from schichtbuch.texts.words import md
from scoring.registry import GAMES, page_at_stage

SHARE = page_path(None, "share")
LAN_IP = "192.168.1.20"
NAME = GAMES[EXAMPLE].names["en"]
"""The example game's name, as the home page's recent games say it."""


def created(names: list[str]) -> dict[str, Any]:
    """A new game of the example game."""
    return game_at(EXAMPLE, names, "created")


def playing(names: list[str]) -> dict[str, Any]:
    """A game of the example game being played."""
    return game_at(EXAMPLE, names, "playing")


def finished(names: list[str]) -> dict[str, Any]:
    """A finished game of the example game."""
    return game_at(EXAMPLE, names, "finished")


def lands(doc: dict[str, Any]) -> str:
    """The page a join link to this game lands on: the one the table is on."""
    return page_path(doc["game"], page_at_stage(doc))

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]


@pytest.fixture(autouse=True)
def lan(monkeypatch: pytest.MonkeyPatch):
    """This machine is on a Wi-Fi at LAN_IP (tests that want no network patch it again)."""
    monkeypatch.setattr(streamlit.net_util, "get_internal_ip", lambda: LAN_IP)


def follow(link: str, locale: str = "en-US") -> AppTest:
    """Open a join link as the phone that scanned it would (at the app's root), its browser set to `locale`."""
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.query_params.update({k: v for k, v in (p.split("=") for p in link.split("?", 1)[1].split("&"))})
    at.context["locale"] = locale
    return at.run()


def join_field(at: AppTest, typed: str) -> AppTest:
    at.text_input(key="home_code").input(typed)
    return next(b for b in at.button if b.label == tr(at.session_state["lang"], "home.join_button")).click().run()


def assert_joined(at: AppTest, game_id: str, page: str, lang: str = "en") -> None:
    assert not at.exception, failure(at)
    assert page_shown(at) == page
    assert at.query_params == {"game": game_id, "lang": lang}, "the join marker is not kept in the URL"
    shown = [s.value for s in at.success]  # the note comes first, above a finished game's winner
    assert shown[:1] == [tr(lang, "share.joined")] and shown.count(tr(lang, "share.joined")) == 1
    assert not at.error


# --- a join link lands where the table is ---------------------------------------------------------------

@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("stage", list(LANDS_ON))
def test_join_link_lands_on_the_page_the_table_is_on(stage: str, lang: str, store_path: Path):
    build = STAGES[stage]
    assert build is not None
    doc = build()
    game_id = put(store_path, doc)
    at = follow(share.join_url(f"http://{LAN_IP}:8501", game_id), lang)
    assert_joined(at, game_id, page_path(doc["game"], LANDS_ON[stage]), lang)
    at.run()
    assert tr(lang, "share.joined") not in [s.value for s in at.success], "the note is shown once"
    assert page_shown(at) == page_path(doc["game"], LANDS_ON[stage])


def test_a_join_link_remembers_the_game_on_the_landing_page(store_path: Path):
    game_id = put(store_path, playing(["Anna", "Ben"]))
    at = follow(share.join_url("http://x", game_id))
    assert at.session_state["recent"] == [game_id]
    at.switch_page(HOME).run()
    assert md(f"{NAME}: Anna, Ben") in [link.value for link in at.page_link]


@pytest.mark.parametrize(("sharer", "locale", "shown"), [("fr", "ja-JP", "ja"), ("ja", "fr-FR", "fr"), ("de", "en-GB", "en")])
def test_a_join_link_opens_in_the_joining_phones_language(store_path: Path, sharer: str, locale: str, shown: str):
    """The link on a French phone's share page opens in Japanese on a phone whose browser speaks Japanese;
    the French phone stays French."""
    doc = playing(["Anna", "Ben"])
    game_id = put(store_path, doc)
    host = app(SHARE, sharer, game_id)
    link = next(c.value for c in host.code if "join=1" in c.value)
    assert host.query_params["lang"] == sharer
    assert_joined(follow(link, locale), game_id, lands(doc), shown)


def test_a_join_link_to_an_unknown_game_says_so(store_path: Path):
    put(store_path, created(["Anna", "Ben"]))
    at = follow(share.join_url("http://x", "x" * 22))
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr("en", "error.unknown_game")]
    assert page_shown(at) == HOME


# --- the share page ---------------------------------------------------------------------------------------

def in_order(at: AppTest) -> list[str]:
    """The main area's elements in page order (the header's first, then the page's): their type, and
    for a page link its label."""
    found: list[str] = []

    def walk(node: Any) -> None:
        for child in getattr(node, "children", {}).values():
            found.append(child.value if child.type == "page_link" else child.type)
            walk(child)

    walk(at.main)
    return found


def test_share_page_puts_the_way_into_the_game_before_the_qr_code(store_path: Path):
    doc = finished(["Anna", "Ben", "Cleo"])
    game_id = put(store_path, doc)
    at = app(SHARE, "en", game_id)
    assert not at.exception, failure(at)
    go = next(link for link in at.page_link if link.value == tr("en", "share.continue"))
    assert go.proto.page == lands(doc).removeprefix("pages/").removesuffix(".py"), "to the page the table is on, not the setup"
    shown = in_order(at)
    assert shown.index("subheader") + 1 == shown.index(tr("en", "share.continue")) < shown.index("image")


def test_share_link_uses_the_network_address_when_the_app_knows_only_localhost(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(SHARE, "en", game_id)  # AppTest: st.context.url is None, as for a browser at localhost
    assert not at.exception, failure(at)
    assert [c.value for c in at.code if "join=1" in c.value] == [f"http://{LAN_IP}:8501/?game={game_id}&join=1"]
    assert not at.warning


def test_share_link_uses_the_server_port(store_path: Path, monkeypatch: pytest.MonkeyPatch):
    get_option = st.get_option
    monkeypatch.setattr(st, "get_option", lambda key: 8600 if key == "server.port" else get_option(key))
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(SHARE, "en", game_id)
    assert [c.value for c in at.code if "join=1" in c.value] == [f"http://{LAN_IP}:8600/?game={game_id}&join=1"]


def test_configured_base_url_overrides_the_network_address(store_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(BASE_URL, "https://spiel.example.org/")
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(SHARE, "de", game_id)
    assert [c.value for c in at.code if "join=1" in c.value] == [f"https://spiel.example.org/?game={game_id}&join=1"]
    assert not at.warning


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_without_a_network_the_operator_is_told_what_to_set(lang: str, store_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(streamlit.net_util, "get_internal_ip", lambda: "127.0.0.1")
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(SHARE, lang, game_id)
    assert [w.value for w in at.warning] == [tr(lang, "share.local", variable=BASE_URL)]
    assert [c.value for c in at.code if "join=1" in c.value] == [f"http://localhost:8501/?game={game_id}&join=1"]


@pytest.mark.parametrize("address", ["127.0.0.1", "localhost"])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_server_listening_on_this_computer_only_says_the_other_phones_cannot_reach_it(
        lang: str, address: str, store_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(streamlit.net_util, "get_internal_ip", lambda: LAN_IP)
    option = st.get_option
    monkeypatch.setattr(st, "get_option", lambda name: address if name == "server.address" else option(name))
    at = app(SHARE, lang, put(store_path, created(["Anna", "Ben"])))
    assert [w.value for w in at.warning] == [tr(lang, "share.loopback", option="--server.address")]
    assert not any(LAN_IP in c.value for c in at.code)


def test_share_page_shows_the_games_short_code(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(SHARE, "en", game_id)
    code = SQLiteStore(str(store_path)).join_code(game_id)
    assert [(m.label, m.value) for m in at.metric] == [(tr("en", "share.code"), codes.shown(code))]


# --- joining on the home page -------------------------------------------------------------------------------

def short_code(store_path: Path, game_id: str) -> str:
    return codes.shown(SQLiteStore(str(store_path)).join_code(game_id))


@pytest.mark.parametrize("typed", [
    lambda code: code,
    lambda code: code.lower(),
    lambda code: f"  {code.replace('-', ' ').lower()} ",
    lambda code: code.replace("-", ""),
], ids=["as_shown", "lower_case", "spaces", "no_dash"])
def test_join_by_short_code_lands_on_the_game(typed: Any, store_path: Path):
    doc = playing(["Anna", "Ben", "Cleo"])
    game_id = put(store_path, doc)
    at = join_field(app(HOME, "en"), typed(short_code(store_path, game_id)))
    assert_joined(at, game_id, lands(doc))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_join_by_game_id_or_link(lang: str, store_path: Path):
    doc = finished(["Anna", "Ben"])
    game_id = put(store_path, doc)
    for typed in (game_id, share.join_url("http://192.168.1.20:8501", game_id)):
        at = join_field(app(HOME, lang), typed)
        assert_joined(at, game_id, lands(doc), lang)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize(("typed", "key"), [
    ("HXK4-9MRT", "error.wrong_code"),
    ("hxk4 9mrt", "error.wrong_code"),
    ("not a code", "error.bad_code"),
    ("HXK4-9MR0", "error.bad_code"),
    ("x" * 22, "error.unknown_game"),
], ids=["wrong_code", "wrong_code_typed", "no_code", "zero", "unknown_id"])
def test_a_bad_code_gets_one_clear_line(typed: str, key: str, lang: str, store_path: Path):
    put(store_path, created(["Anna", "Ben"]))
    at = join_field(app(HOME, lang), typed)
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr(lang, key, code="HXK4-9MRT")]
    assert page_shown(at) == HOME and "game" not in at.query_params
    assert at.text_input(key="home_code").value == typed, "what was typed stays, to be corrected"


def test_an_expired_code_gets_the_same_line(store_path: Path):
    """A game last changed, and its code last shown, a day and a minute ago."""
    game_id = put(store_path, created(["Anna", "Ben"]))
    then = time.time() - CODE_TTL_SECONDS - 60
    code = SQLiteStore(str(store_path)).join_code(game_id, now=then)
    with sqlite3.connect(store_path) as db:
        db.execute("UPDATE games SET updated = ? WHERE id = ?", (then, game_id))
    at = join_field(app(HOME, "en"), code)
    assert [e.value for e in at.error] == [tr("en", "error.wrong_code", code=codes.shown(code))]


def test_too_many_wrong_codes_stop_this_phone(store_path: Path):
    doc = created(["Anna", "Ben"])
    game_id = put(store_path, doc)
    at = app(HOME, "en")
    for _ in range(codes.SESSION_LIMIT.count):
        join_field(at, "HXK4-9MRT")
        assert [e.value for e in at.error] == [tr("en", "error.wrong_code", code="HXK4-9MRT")]
    join_field(at, short_code(store_path, game_id))
    assert [e.value for e in at.error] == [tr("en", "error.too_many_codes")]
    assert page_shown(at) == HOME
    assert_joined(join_field(at, game_id), game_id, lands(doc))  # a link still works
    other_phone = join_field(app(HOME, "en"), short_code(store_path, game_id))
    assert_joined(other_phone, game_id, lands(doc))


def test_too_many_wrong_codes_on_the_server_stop_every_phone(store_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(codes, "SERVER_LIMIT", Limit(3, 60))
    game_id = put(store_path, created(["Anna", "Ben"]))
    for _ in range(3):
        join_field(app(HOME, "en"), "HXK4-9MRT")  # each a new phone: the phone's own limit never applies
    at = join_field(app(HOME, "en"), short_code(store_path, game_id))
    assert [e.value for e in at.error] == [tr("en", "error.too_many_codes")]


# --- recent games -----------------------------------------------------------------------------------------

def test_recent_games_show_date_stage_and_whether_over(store_path: Path):
    store = SQLiteStore(str(store_path))
    ongoing, over = (store.load(put(store_path, build(["Anna", "Ben", "Cleo"]))) for build in (playing, finished))
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.session_state["recent"] = [ongoing.id, over.id]
    at.query_params["lang"] = "de"
    at.switch_page(HOME).run()
    assert not at.exception, failure(at)
    g = GAMES[EXAMPLE]

    def line(saved: Any, state: str) -> str:
        key, numbers = g.status(saved.doc)
        when = i18n.moment("de", datetime.fromtimestamp(saved.updated))
        return tr("de", "home.recent_state", when=when, stage=tr("de", key, **numbers), state=tr("de", state))

    captions = [c.value for c in at.caption]
    assert captions[-2:] == [line(over, "home.recent_over"), line(ongoing, "home.recent_playing")]
    key, numbers = g.status(ongoing.doc)
    assert tr("de", key, **numbers) in captions[-1] and tr("de", "home.recent_over") in captions[-2]
    links = [(link.value, link.proto.page) for link in at.page_link][-2:]
    assert [label for label, _ in links] == [md(f"{g.names['de']}: Anna, Ben, Cleo")] * 2
    assert [page.rsplit("/", 1)[-1] for _, page in links] == [
        lands(d).removeprefix("pages/").removesuffix(".py") for d in (over.doc, ongoing.doc)]
