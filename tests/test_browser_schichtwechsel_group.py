"""A group in headless Chromium at 390×844, in German, on two phones, every entry tapped or typed: one
phone creates the group, the other joins it by its link; two 2-player Schichtwechsel games are started
inside the group (one on each phone, the second with a member added on the fly), their five rounds and
end items entered on both phones; both games show up in the history and the statistics of both phones,
and the second phone finds the group again from its home page, without the link."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from browser import (
    CHROMIUM, LIVE, choose, chromium, look, phone, select, server, settle, sideways_overflow, tap, to_page,
    visit,
)
from builders.schichtwechsel import enter_round

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
FIRST = {"seats": ("Anna", "Ben"), "rounds": [{"Anna": 3, "Ben": 1}, {"Anna": 2, "Ben": 2}, {"Anna": 4, "Ben": 0},
                                              {"Anna": 1, "Ben": 3}, {"Anna": 2, "Ben": 1}], "houses": {"Anna": 6, "Ben": 2}}
SECOND = {"seats": ("Ben", "Cleo"), "rounds": [{"Ben": 4, "Cleo": 1}, {"Ben": 0, "Cleo": 2}, {"Ben": 3, "Cleo": 3},
                                               {"Ben": 2, "Cleo": 0}, {"Ben": 1, "Cleo": 1}], "houses": {"Ben": 5, "Cleo": 3}}
HOUSES = "SP der Zechenhäuser"


def pick_seats(page: Page, *names: str) -> None:
    box = page.get_by_role("combobox", name="Mitspielende in Sitzreihenfolge", exact=False)
    for name in names:
        box.click()
        page.get_by_role("option", name=name, exact=True).click()
        settle(page)
    page.keyboard.press("Escape")


def start_in_group(page: Page, members: tuple[str, ...], new: str | None = None) -> None:
    """Start a Schichtwechsel game with the members picked, and a new member added on the fly (who takes
    the next seat)."""
    select(page, "Spiel", "Schichtwechsel")
    pick_seats(page, *members)
    if new is not None:
        page.get_by_label("Neues Mitglied", exact=True).fill(new)
        tap(page, "Mitglied hinzufügen", exact=False)
    tap(page, "Spiel starten", exact=False)
    expect(page.get_by_text("Aufbau für 2 Spieler")).to_be_visible()


def share_game(starter: Page, other: Page, name: str) -> None:
    """The other phone opens the game by the link on the starter's share page."""
    visit(starter, "📱 Teilen", name)
    other.goto(starter.get_by_test_id("stCode").first.inner_text().strip())
    settle(other)


def play(starter: Page, other: Page, game: dict, name: str) -> None:
    """The five rounds, taken in turn by the two phones, then each phone enters one player's end items."""
    visit(starter, "Runde", f"{name}-round")
    visit(other, "Runde", f"{name}-round-other")
    for number, points in enumerate(game["rounds"], start=1):
        page, watching = (other, starter) if number % 2 == 0 else (starter, other)
        expect(page.get_by_role("heading", name=f"Runde {number} von 5")).to_be_visible(timeout=LIVE)
        enter_round(page, number, f"Karte {number}", points)
        expect(watching.get_by_text(f"Runde {number} wurde auf einem anderen Handy eingetragen")).to_be_visible(timeout=LIVE)
        if number < 5:
            for both in (page, watching):
                tap(both, f"Runde {number + 1} spielen", exact=False)
    for page, who in zip((starter, other), game["seats"]):
        to_page(page, "Ende")
        settle(page)
        choose(page, "Spieler", who)
        page.get_by_role("spinbutton", name=HOUSES, exact=True).fill(str(game["houses"][who]))
        tap(page, "Speichern")
    for page in (starter, other):
        expect(page.get_by_text("Endstand")).to_be_visible(timeout=LIVE)
    look(starter, f"{name}-standings")


def test_a_group_plays_two_games_on_two_phones(tmp_path: Path) -> None:
    with server(tmp_path / "games.sqlite3") as url, chromium() as browser:
        host, guest = phone(browser, locale="de-DE"), phone(browser, locale="de-DE")  # a German table
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
        guest.goto(host.get_by_test_id("stCode").first.inner_text().strip())
        settle(guest)
        expect(guest.get_by_role("heading", name="Donnerstagsrunde")).to_be_visible()
        look(host, "group-page")

        start_in_group(host, FIRST["seats"])
        share_game(host, guest, "group-share-first")
        play(host, guest, FIRST, "group-first")

        guest.goto(f"{url}/?lang=de")
        settle(guest)
        expect(guest.get_by_role("heading", name="Deine Runden auf diesem Handy")).to_be_visible()
        look(guest, "group-home-remembered")
        guest.get_by_role("link", name="Donnerstagsrunde", exact=True).click()
        settle(guest)
        look(guest, "group-new-game-guest")
        assert sideways_overflow(guest) == 0
        start_in_group(guest, ("Ben",), new="Cleo")
        share_game(guest, host, "group-share-second")
        play(guest, host, SECOND, "group-second")

        for page, name in ((host, "host"), (guest, "guest")):
            visit(page, "📜 Verlauf", f"group-history-{name}")
            expect(page.get_by_text("2 Spiele, 2 beendet")).to_be_visible()
            expect(page.get_by_role("link", name="Schichtwechsel", exact=False)).to_have_count(2)
            expect(page.get_by_text("gewonnen von Anna", exact=False)).to_be_visible()
            expect(page.get_by_text("gewonnen von Ben", exact=False)).to_be_visible()
        host.get_by_role("link", name="Schichtwechsel: Anna", exact=False).first.click()
        settle(host)
        expect(host.get_by_role("link", name="An BG Stats senden")).to_be_visible()
        look(host, "group-history-read-only")

        for page, name in ((host, "host"), (guest, "guest")):
            visit(page, "📈 Statistik", f"group-stats-{name}")
            page.get_by_role("radiogroup", name="Spiel").get_by_text("Schichtwechsel", exact=True).click()
            settle(page)
            expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(2)
            expect(page.get_by_text("1 gemeinsames Spiel:", exact=False)).to_be_visible()
            look(page, f"group-stats-sw-{name}")
