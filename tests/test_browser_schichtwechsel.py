"""A whole 4-player Schichtwechsel game in headless Chromium at 390×844, in German, on two phones that
share one game: setup, five rounds with their round cards, the start-player marker, arrivals at the end
fields tapped in order, every player's board, and the final standings (the example game of
tests/games/schichtwechsel_4p.json)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser import (
    CHROMIUM, LIVE, ROOT, assert_rows_fit, choose, chromium, keyed, look, phone, select, served, server, settle,
    standings, tap, type_into, visit,
)
from builders.schichtwechsel import enter_round, played

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
GAME = json.loads((ROOT / "tests" / "games" / "schichtwechsel_4p.json").read_text(encoding="utf-8"))
NAMES = GAME["players"]
ITEMS = {"track_points": "SP überquerter Streckenschwellen", "houses": "SP der Zechenhäuser",
         "coke": "SP unter den verkauften Koks-Paaren", "vp_chips": "Siegpunkt-Chips (Nennwert)",
         "tools": "Werkzeugplättchen (je −2)"}


def test_four_players_two_phones_whole_game(tmp_path: Path) -> None:
    with server(tmp_path / "games.sqlite3") as url, chromium() as browser:
        host, guest = phone(browser, locale="de-DE"), phone(browser, locale="de-DE")  # a German table
        host.goto(f"{url}/?lang=de")
        settle(host)
        select(host, "Spiel", "Schichtwechsel")
        choose(host, "Spieler", "4")
        for seat, name in enumerate(NAMES, start=1):
            type_into(host, f"Spieler {seat}", name)
        host.get_by_text("Startspieler von der App auslosen").click()
        settle(host)
        host.get_by_role("radiogroup", name="Startspieler").get_by_text("Anna", exact=True).click()
        settle(host)
        look(host, "sw-home")
        tap(host, "Spiel starten", exact=False)
        expect(host.get_by_text("Aufbau für 4 Spieler")).to_be_visible()
        host.get_by_text("Spielplan auslegen.").click()
        settle(host)
        look(host, "sw-setup")

        visit(host, "📱 Teilen", "sw-share")
        guest.goto(host.get_by_test_id("stCode").first.inner_text().strip())
        settle(guest)
        visit(guest, "Runde", "sw-round-guest")
        visit(host, "Runde", "sw-round-1")
        expect(host.get_by_text("Anna zieht 12 Klötzchen", exact=False)).to_be_visible()

        for number, entry in enumerate(GAME["rounds"], start=1):
            page, other = (guest, host) if number == 3 else (host, guest)
            expect(page.get_by_role("heading", name=f"Runde {number} von 5")).to_be_visible(timeout=LIVE)
            enter_round(page, number, entry["card"], entry["points"])
            expect(page.get_by_text(f"Runde {number} eingetragen", exact=True)).to_be_visible()
            expect(other.get_by_text(f"Runde {number} wurde auf einem anderen Handy eingetragen")).to_be_visible(timeout=LIVE)
            if number == 1:
                look(host, "sw-round-1-entered")
                look(guest, "sw-round-1-told")
            if number < 5:
                for both in (page, other):
                    tap(both, f"Runde {number + 1} spielen", exact=False)
            if number == 1:
                look(host, "sw-round-2")
                choose(guest, "Startspieler (tippen, wenn die Startspielerkarte genommen wird)", "Ben")
                expect(host.get_by_text("Ben zieht 12 Klötzchen", exact=False)).to_be_visible(timeout=LIVE)

        visit(host, "Ende", "sw-end")
        visit(guest, "Ende", "sw-end-guest")
        end = GAME["end"]
        finish = {"miner": end["miner_finish"], **end["track_finish"]}
        for field, order in finish.items():
            for place, who in enumerate(order):
                keyed(host, f"end_arrive_{field}_{who}").locator("button").first.click()
                settle(host)
        expect(guest.get_by_text("2. Anna · 5 SP")).to_be_visible(timeout=LIVE)
        for who, items in end["players"].items():
            page = guest if who == "Dirk" else host
            choose(page, "Spieler", who)
            for item, value in items.items():
                page.get_by_role("spinbutton", name=ITEMS[item], exact=True).fill(str(value))
            tap(page, "Speichern")
        expect(host.get_by_text("Endstand")).to_be_visible(timeout=LIVE)
        expect(guest.get_by_text("Endstand")).to_be_visible(timeout=LIVE)
        look(host, "sw-standings")

        table = standings(host)
        assert table == standings(guest)
        expected = GAME["expected"]
        assert table[0][1] == "Summe"
        assert [row[:2] for row in table[1:]] == [[f"{e['rank']}. {who}", str(e["total"])] for who, e in expected.items()]


def test_four_players_round_cards_fit(tmp_path: Path, browser) -> None:
    """Four players, one of the names long, four rounds in: the running totals show every player's name
    and every round's VP inside the visible table."""
    names = ["Anna-Lena", "Benedikt", "Cleopatra", "Dirk"]
    with served(tmp_path, played(names, 4), browser, "schichtwechsel_round") as page:
        totals = page.get_by_test_id("stMarkdownContainer").filter(has=page.locator("table")).last
        assert_rows_fit(totals.locator("table"), totals, names, columns=6)
        look(page, "layout-sw-4-round")
