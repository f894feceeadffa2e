"""A whole Coal Baron game in headless Chromium at 390×844, on two phones that share one game; and the
player and transport picked surviving a reload."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser import (
    CHROMIUM, LIVE, choose, chromium, look, phone, radio, served, server, settle, standings, tap, type_into, visit,
)
from builders.coal_baron import card_text, created
from scoring import coal_baron as cb
from scoring.coal_baron import Transport

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory):
    with server(tmp_path_factory.mktemp("store") / "games.sqlite3") as url:
        yield url


def test_three_players_two_phones_whole_game(app: str) -> None:
    with chromium() as browser:
        host, guest = phone(browser), phone(browser)
        host.goto(f"{app}/?lang=en")
        settle(host)
        look(host, "home")
        choose(host, "Players", "3")
        for seat, name in enumerate(["Anna", "Ben", "Cleo"], start=1):
            type_into(host, f"Player {seat}", name)
        tap(host, "Start game", exact=False)
        expect(host.get_by_text("Setup for 3 players")).to_be_visible()
        look(host, "setup")
        host.get_by_text("Lay out the game board.").click()
        settle(host)

        visit(host, "📱 Share", "share")
        link = host.get_by_test_id("stCode").first.inner_text().strip()
        guest.goto(link)
        settle(guest)
        expect(guest.get_by_text("This phone has joined the game.")).to_be_visible()
        visit(guest, "Setup", "setup-guest")
        expect(guest.get_by_role("checkbox", name="Lay out the game board.")).to_be_checked()

        visit(host, "Shift", "shift")
        visit(guest, "Shift", "shift-guest")
        tap(host, card_text(cb.Order(Transport.WHEELBARROW, ("black", "black"))))
        choose(guest, "Player", "Ben")
        tap(guest, card_text(cb.Order(Transport.WHEELBARROW, ("yellow",))))
        expect(guest.get_by_text("Anna: 1 order, 9 VP this shift")).to_be_visible(timeout=LIVE)
        expect(host.get_by_text("Ben: 1 order, 2 VP this shift")).to_be_visible(timeout=LIVE)

        for shift in ("I", "II", "III"):
            visit(host, "Score", f"scoring-{shift}")
            if shift == "III":
                for page, player in ((host, "Anna"), (host, "Ben"), (guest, "Cleo")):
                    if page is guest:  # on the shift page since shift I: told of what the host scored first
                        expect(guest.get_by_text("Shift II was scored on another phone")).to_be_visible(timeout=LIVE)
                        tap(guest, "Play shift III", exact=False)
                        visit(guest, "Score", "scoring-III-guest")
                    choose(page, "Player", player)
                    tap(page, "Save")
                expect(host.get_by_text("Still to enter theirs")).to_have_count(0, timeout=LIVE)
            tap(host, f"Score shift {shift}")
            if shift == "III":  # nobody delivered an order in shift III: asked first
                expect(host.get_by_text("No order was logged in shift III. Score it anyway?")).to_be_visible()
                tap(host, "Score shift III without orders", exact=False)
            expect(host.get_by_test_id("stAlertContentSuccess").get_by_text(f"Shift {shift} scored")).to_be_visible()
            look(host, f"scored-{shift}")
            if shift == "I":
                tap(host, "Play shift II", exact=False)
                look(host, "shift-II")
                choose(host, "Transport", "Train", exact=False)
                tap(host, card_text(cb.Order(Transport.TRAIN, ("brown",) * 3)))
            elif shift == "II":
                tap(host, "Play shift III", exact=False)

        tap(host, "Enter the end values", exact=False)
        look(host, "end")
        visit(guest, "End", "end-guest")
        for page, player, money in ((host, "Anna", "12"), (host, "Ben", "9"), (guest, "Cleo", "3")):
            choose(page, "Player", player)
            page.get_by_role("spinbutton", name="Money (Marks)").fill(money)
            tap(page, "Save")
        expect(host.get_by_text("Final standings")).to_be_visible(timeout=LIVE)
        expect(guest.get_by_text("Final standings")).to_be_visible(timeout=LIVE)
        look(host, "standings")
        # Anna: orders 9 + 7; shift I black 5; shifts II and III each brown 3 + black 5 + wheelbarrow 6 (2 symbols
        # to Ben's 1) + train 9; 12 Marks → 2. Ben: order 2; yellow 2 in each shift, wheelbarrow 2nd 3 in II
        # and III; 9 Marks → 1. Cleo: nothing.
        table = standings(host)
        assert table == standings(guest)
        assert [row[:2] for row in table[1:]] == [["1. Anna", "69"], ["2. Ben", "15"], ["3. Cleo", "0"]]

        for link, shot in (("💾 Record", "record"), ("🏠 Home", "home-after")):
            visit(host, link, f"page-{shot}")


def test_the_player_and_transport_picked_survive_a_reload(tmp_path: Path, browser) -> None:
    picks = (("Player", "Ben"), ("Transport", "Train"))
    with served(tmp_path, created(["Anna", "Ben"]), browser, "coal_baron_shift") as page:
        for group, option in picks:
            radio(page, group, option)
            settle(page)
        page.reload()
        settle(page)
        for group, option in picks:
            picked = page.get_by_role("radiogroup", name=group, exact=True).get_by_role("radio", name=option, exact=False)
            expect(picked).to_have_attribute("aria-checked", "true")
        expect(page.get_by_role("button", name=card_text(cb.cards(Transport.TRAIN)[0]), exact=True)).to_be_visible()
