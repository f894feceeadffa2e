"""Joining a game at a real table, in headless Chromium at 390×844: the server started with the README's
one command, the host at `localhost`; a second phone follows the join link (built from the computer's
network address) and lands in the game, a third types the short code the host reads out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from streamlit import net_util

from browser import CHROMIUM, LIVE, choose, chromium, look, phone, server, settle, tap, to_page, type_into
from builders.coal_baron import card_text
from scoring import coal_baron as cb
from scoring.coal_baron import Transport

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
ON_A_NETWORK = not net_util.get_internal_ip().startswith("127.")
"""Whether this machine has an address other phones could reach (a CI box may have none)."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory):
    with server(tmp_path_factory.mktemp("store") / "games.sqlite3", as_readme=True) as url:
        yield url


def start_coal_baron(host: Page, app: str) -> None:
    host.goto(f"{app}/?lang=en")
    settle(host)
    for seat, name in enumerate(["Anna", "Ben"], start=1):
        type_into(host, f"Player {seat}", name)
    tap(host, "Start game", exact=False)
    expect(host.get_by_text("Setup for 2 players")).to_be_visible()
    to_page(host, "📱 Share")
    settle(host)


def test_join_link_opens_the_game_where_the_table_is(app: str) -> None:
    with chromium() as browser:
        host, guest = phone(browser), phone(browser)
        start_coal_baron(host, app)
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
        expect(guest.get_by_text("Shift I", exact=True).first).to_be_visible()
        look(guest, "join-landed")
        tap(guest, card_text(cb.Order(Transport.WHEELBARROW, ("black", "black"))))
        host.get_by_role("link", name="Go to the game").click()
        settle(host)
        expect(host.get_by_text("Anna: 1 order, 9 VP this shift")).to_be_visible(timeout=LIVE)


def test_join_by_short_code_typed_on_a_second_phone(app: str) -> None:
    with chromium() as browser:
        host, guest = phone(browser), phone(browser)
        start_coal_baron(host, app)
        code = host.get_by_test_id("stMetricValue").inner_text().strip()

        guest.goto(f"{app}/?lang=de")
        settle(guest)
        type_into(guest, "Code oder Beitrittslink", "hxk4 9mrt" if code.upper() != "HXK4-9MRT" else "hxk4 9mrc")
        expect(guest.get_by_text("Kein Spiel hat den Code HXK4-9MR", exact=False)).to_be_visible()
        look(guest, "join-wrong-code")
        type_into(guest, "Code oder Beitrittslink", code.lower().replace("-", " "))
        expect(guest.get_by_text("Dieses Handy ist dem Spiel beigetreten.")).to_be_visible()
        expect(guest.get_by_text("Schicht I", exact=True).first).to_be_visible()
        look(guest, "join-by-code")
        choose(guest, "Spieler", "Ben")
        tap(guest, card_text(cb.Order(Transport.WHEELBARROW, ("yellow",)), "de"))
        host.get_by_role("link", name="Go to the game").click()
        settle(host)
        expect(host.get_by_text("Ben: 1 order, 2 VP this shift")).to_be_visible(timeout=LIVE)

        to_page(guest, "🏠 Start")
        settle(guest)
        expect(guest.get_by_text("Schicht I · läuft", exact=False)).to_be_visible()
        look(guest, "join-recent")
