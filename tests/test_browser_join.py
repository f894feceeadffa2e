"""Joining a game at a real table, in headless Chromium at 390×844: the server started with the README's
one command, the host at `localhost` starting the home page's game (the registry's first); a second phone
follows the join link (built from the computer's network address) and lands in the game, a third types
the short code the host reads out; each makes an entry (the game's `ENTRY`) the host sees."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect
from streamlit import net_util

from apptest import stored, tr
from browser import CHROMIUM, LIVE, chromium, look, phone, server, settle, tap, to_page, type_into
from builders import BY_GAME, at
from scoring.registry import GAMES

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
ON_A_NETWORK = not net_util.get_internal_ip().startswith("127.")
"""Whether this machine has an address other phones could reach (a CI box may have none)."""
TWO = ["Anna", "Ben"]
GAME = next(iter(GAMES))
"""The game the home page starts unless another is picked."""
ENTRY = BY_GAME[GAME].ENTRY


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory):
    """The server, and its store."""
    store = tmp_path_factory.mktemp("store") / "games.sqlite3"
    with server(store, as_readme=True) as url:
        yield url, store


def stage(lang: str) -> str:
    """How the header names the stage of a new game."""
    key, numbers = GAMES[GAME].status(at(GAME, TWO, "created"))
    return tr(lang, key, **numbers)


def start_game(host: Page, url: str) -> str:
    """Start a game of two on the home page and open its share page; its id."""
    host.goto(f"{url}/?lang=en")
    settle(host)
    for seat, name in enumerate(TWO, start=1):
        type_into(host, f"Player {seat}", name)
    tap(host, "Start game", exact=False)
    expect(host.get_by_text(BY_GAME[GAME].setup_title("en", TWO))).to_be_visible()
    to_page(host, "📱 Share")
    settle(host)
    return parse_qs(urlsplit(host.url).query)["game"][0]


def seen_by_the_host(guest: Page, host: Page, store: Path, game_id: str, who: str, lang: str) -> None:
    """The guest makes `who`'s first entry, in its language; the host, gone from its share page to the
    game, sees it (in English)."""
    ENTRY.tap(guest, TWO, who, 0, lang)
    expect(guest.get_by_text(ENTRY.saved(lang, TWO, who, 0))).to_be_visible(timeout=LIVE)
    host.get_by_role("link", name="Go to the game").click()
    settle(host)
    ENTRY.show(host, "en")
    expect(host.get_by_text(ENTRY.shown("en", stored(store, game_id), who, 0))).to_be_visible(timeout=LIVE)


def test_join_link_opens_the_game_where_the_table_is(app: tuple[str, Path]) -> None:
    url, store = app
    with chromium() as browser:
        host, guest = phone(browser), phone(browser)
        game_id = start_game(host, url)
        expect(host.get_by_role("link", name="Go to the game")).to_be_in_viewport()
        look(host, "join-share")
        link = host.get_by_test_id("stCode").first.inner_text().strip()
        if ON_A_NETWORK:
            assert link.startswith(f"http://{net_util.get_internal_ip()}:"), link
            expect(host.get_by_text("SCHICHTBUCH_BASE_URL", exact=False)).to_have_count(0)
        else:
            expect(host.get_by_text("SCHICHTBUCH_BASE_URL", exact=False)).to_be_visible()

        guest.goto(link)
        settle(guest)
        expect(guest.get_by_text("This phone has joined the game.")).to_be_in_viewport()
        expect(guest.get_by_text(stage("en"), exact=True).first).to_be_visible()
        look(guest, "join-landed")
        seen_by_the_host(guest, host, store, game_id, "Anna", "en")


def test_join_by_short_code_typed_on_a_second_phone(app: tuple[str, Path]) -> None:
    url, store = app
    with chromium() as browser:
        host, guest = phone(browser), phone(browser)
        game_id = start_game(host, url)
        code = host.get_by_test_id("stMetricValue").inner_text().strip()

        guest.goto(f"{url}/?lang=de")
        settle(guest)
        type_into(guest, "Code oder Beitrittslink", "hxk4 9mrt" if code.upper() != "HXK4-9MRT" else "hxk4 9mrc")
        expect(guest.get_by_text("Kein Spiel hat den Code HXK4-9MR", exact=False)).to_be_visible()
        look(guest, "join-wrong-code")
        type_into(guest, "Code oder Beitrittslink", code.lower().replace("-", " "))
        expect(guest.get_by_text("Dieses Handy ist dem Spiel beigetreten.")).to_be_visible()
        expect(guest.get_by_text(stage("de"), exact=True).first).to_be_visible()
        look(guest, "join-by-code")
        seen_by_the_host(guest, host, store, game_id, "Ben", "de")

        to_page(guest, "🏠 Start")
        settle(guest)
        expect(guest.get_by_text(f"{stage('de')} · {tr('de', 'home.recent_playing')}", exact=False)).to_be_visible()
        look(guest, "join-recent")
