"""A group in headless Chromium at 390×844, in German, on two phones: one phone creates the group, the
other joins it by its link and sees a member added on the fly; a Schichtwechsel game started inside the
group has its five rounds entered on both phones; a Coal Baron game is started inside it too; both show
up in the history and the statistics of both phones.

What the phones do not tap here: the end values of the two games (the Schichtwechsel end page and the
three Coal Baron shifts have browser tests of their own); they are written to the store with the games'
example records, as a phone's end entries would be."""

from __future__ import annotations

import json
import os
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from browser import CHROMIUM, ROOT, chromium, phone, select, server, settle, sideways_overflow, tap
from test_browser import LIVE, look, visit
from test_browser_schichtwechsel import enter_round
from schichtbuch.store import SQLiteStore

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

COAL_BARON = json.loads((ROOT / "tests" / "games" / "coal_baron_2p.json").read_text(encoding="utf-8"))
ROUNDS = [{"Anna": 2, "Ben": 1, "Cleo": 0}, {"Anna": 4, "Ben": 1, "Cleo": 3}, {"Anna": 0, "Ben": 5, "Cleo": 1},
          {"Anna": 3, "Ben": 0, "Cleo": 2}, {"Anna": 1, "Ben": 2, "Cleo": 2}]
ITEMS = {"track_points": 5, "houses": 6, "coke": 4, "vp_chips": 3, "tools": 1}
END = {"miner_finish": ["Ben"], "track_finish": {"rail": [], "road": ["Anna"], "canal": []}, "start_player": "Cleo",
       "players": {n: ITEMS for n in ("Anna", "Ben", "Cleo")}}


def pick_seats(page: Page, *names: str) -> None:
    box = page.get_by_role("combobox", name="Mitspielende in Sitzreihenfolge", exact=False)
    for name in names:
        box.click()
        page.get_by_role("option", name=name, exact=True).click()
        settle(page)
    page.keyboard.press("Escape")


def game_of(page: Page) -> str:
    return parse_qs(urlsplit(page.url).query)["game"][0]


def test_a_group_plays_two_games_on_two_phones(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with server(path) as url, chromium() as browser:
        host, guest = phone(browser), phone(browser)
        host.goto(f"{url}/?lang=de")
        settle(host)
        host.get_by_role("link", name="Runden: Verlauf", exact=False).click()
        settle(host)
        host.get_by_label("Name der Runde", exact=True).fill("Donnerstagsrunde")
        host.get_by_label("Mitglieder, eines pro Zeile", exact=True).fill("Anna\nBen\nAnna")
        tap(host, "Runde anlegen", exact=False)
        expect(host.get_by_text("Die Runde hat schon ein Mitglied namens Anna.")).to_be_visible()
        host.get_by_label("Mitglieder, eines pro Zeile", exact=True).fill("Anna\nBen")
        tap(host, "Runde anlegen", exact=False)
        expect(host.get_by_role("heading", name="Donnerstagsrunde")).to_be_visible()

        host.get_by_text("Einladen: QR-Code und Link der Runde").click()
        settle(host)
        guest.goto(host.get_by_test_id("stCode").inner_text().strip())
        settle(guest)
        expect(guest.get_by_role("heading", name="Donnerstagsrunde")).to_be_visible()

        select(host, "Spiel", "Schichtwechsel")
        pick_seats(host, "Anna", "Ben")
        host.get_by_label("Neues Mitglied", exact=True).fill("Cleo")
        tap(host, "Mitglied hinzufügen", exact=False)
        expect(guest.get_by_text("Mitglieder: Anna, Ben, Cleo")).to_be_visible(timeout=LIVE)
        look(host, "group-new-game")
        assert sideways_overflow(host) == 0
        tap(host, "Spiel starten", exact=False)
        first = game_of(host)

        visit(host, "📱 Teilen", "group-share-game")
        guest.goto(host.get_by_test_id("stCode").inner_text().strip())
        settle(guest)
        visit(host, "Runde", "group-sw-round")
        visit(guest, "Runde", "group-sw-round-guest")
        for number, points in enumerate(ROUNDS, start=1):
            page, other = (guest, host) if number % 2 == 0 else (host, guest)
            expect(page.get_by_role("heading", name=f"Runde {number} von 5")).to_be_visible(timeout=LIVE)
            enter_round(page, number, f"Karte {number}", points)
            expect(other.get_by_text(f"Runde {number + 1} von 5" if number < 5 else "Alle 5 Runden", exact=False).first
                   ).to_be_visible(timeout=LIVE)
            if number < 5:
                tap(page, f"Runde {number + 1} spielen", exact=False)
        SQLiteStore(str(path)).change(first, lambda d: {**d, "end": END}, {"key": "change.end_items"})

        visit(host, "📜 Verlauf", "group-history-one")
        visit(host, "👥 Runde", "group-page")
        select(host, "Spiel", "Glück Auf")
        pick_seats(host, "Anna", "Ben")
        tap(host, "Spiel starten", exact=False)
        second = game_of(host)
        fields = {k: COAL_BARON[k] for k in ("shifts", "empty_carts", "end")}
        SQLiteStore(str(path)).change(second, lambda d: {**{k: v for k, v in d.items() if k != "current_shift"}, **fields},
                                      {"key": "change.end_items"})

        for page, name in ((host, "host"), (guest, "guest")):
            page.goto(f"{url}/history?group={group_id(path)}&lang=de")
            settle(page)
            expect(page.get_by_text("2 Spiele, 2 beendet")).to_be_visible()
            expect(page.get_by_role("link", name="Glück Auf", exact=False)).to_be_visible()
            expect(page.get_by_role("link", name="Schichtwechsel", exact=False)).to_be_visible()
            look(page, f"group-history-{name}")
            assert sideways_overflow(page) == 0
        host.get_by_role("link", name="Glück Auf", exact=False).first.click()
        settle(host)
        expect(host.get_by_text("Anna gewinnt", exact=False).first).to_be_visible()
        expect(host.get_by_role("link", name="An BG Stats senden")).to_be_visible()
        look(host, "group-history-read-only")

        for page, name in ((host, "host"), (guest, "guest")):
            visit(page, "📈 Statistik", f"group-stats-{name}")
            page.get_by_role("radiogroup", name="Spiel").get_by_text("Schichtwechsel", exact=True).click()
            settle(page)
            expect(page.get_by_text("1 gemeinsame Spiele", exact=False)).to_be_visible()
            look(page, f"group-stats-sw-{name}")
            assert sideways_overflow(page) == 0


def group_id(path: Path) -> str:
    store = SQLiteStore(str(path))
    return str(store._db.execute("SELECT id FROM groups").fetchone()[0])
