"""Full tables at a full table, in headless Chromium at 390×844: games with 6 and 5 MINE! seats and 4
Schichtwechsel players, stored before the pages are opened, show every player's name and total inside
the visible table (no cell cut off by the page), the per-player tables of the round pages fit the same
way, and a finished game's end page opens with the winner and every total on the first screen.
Screenshots land in artifacts/."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from apptest import put, tr
from browser import CHROMIUM, PHONE, assert_inside, box, look, phone, server, settle
from builders.mine import created as mine_game
from builders.mine import resolve
from builders.schichtwechsel import played
from scoring import mine

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
SIX = ["Anna-Lena Schmidt-Weber", "Benedikt", "Cleo", "Dirk Oberhausen", "Emilia", "Robo"]
"""Six seats, two of the names long (a name may have 24 characters), the last one the dummy."""
FIVE = ["Anna", "Ben", "Cleo", "Dirk", "Rob"]


def six_seats_in_round_three() -> dict:
    doc = mine_game(SIX, dummy="Robo")
    for number in (1, 2):
        doc = resolve(doc, {p: (i + number) % 2 for i, p in enumerate(SIX)}, mined=dict.fromkeys(SIX, 2))
    return doc


def five_seats_finished() -> dict:
    doc = mine_game(FIVE)
    for number in range(1, mine.ROUNDS + 1):
        doc = resolve(doc, {p: (i * number) % 2 for i, p in enumerate(FIVE)}, mined=dict.fromkeys(FIVE, 2))
    for i, who in enumerate(FIVE):
        doc = mine.set_items(doc, who, {"coal": i, "cards": 5}, None)
    return doc


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    store = tmp_path_factory.mktemp("store") / "games.sqlite3"
    ids = {"six": put(store, six_seats_in_round_three()), "five": put(store, five_seats_finished()),
           "sw": put(store, played(["Anna-Lena", "Benedikt", "Cleopatra", "Dirk"], 4))}
    with server(store) as url:
        yield url, ids


def open_page(page: Page, url: str, file: str, game_id: str) -> None:
    page.goto(f"{url}/{file}?game={game_id}&lang=en")
    settle(page)


def assert_rows_fit(table: Locator, container: Locator, players: list[str], columns: int) -> None:
    """Every player has a row whose first `columns` cells (name, total…) are visible in the table."""
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(len(players))
    names = [rows.nth(i).locator("th, td").first.inner_text() for i in range(rows.count())]
    assert sorted(n.split(". ", 1)[-1].replace("🎲", "").replace("🤖", "").replace("(dummy)", "").strip() for n in names) == sorted(players)
    for i in range(rows.count()):
        for cell in rows.nth(i).locator("th, td").all()[:columns]:
            assert_inside(cell, container)


def test_six_seats_round_page_shows_every_total(games: tuple[str, dict[str, str]], browser) -> None:
    url, ids = games
    page = phone(browser)
    open_page(page, url, "mine_round", ids["six"])
    standings = page.locator(".st-key-standings").get_by_test_id("stMarkdownContainer")
    assert_rows_fit(standings.locator("table"), standings, SIX, columns=2)
    coal = page.get_by_test_id("stMarkdownContainer").filter(has=page.locator("table")).first
    assert_rows_fit(coal.locator("table"), coal, SIX, columns=4)
    look(page, "layout-mine-6-round")


def test_five_seats_end_page_opens_with_the_winner_and_every_total(games: tuple[str, dict[str, str]], browser) -> None:
    """The end of a finished game: the winner and every seat's total on the first screen, no scrolling."""
    url, ids = games
    page = phone(browser)
    open_page(page, url, "mine_end", ids["five"])
    standings = page.locator(".st-key-standings").get_by_test_id("stMarkdownContainer")
    assert_rows_fit(standings.locator("table"), standings, FIVE, columns=2)
    winner = page.get_by_test_id("stAlertContentSuccess")
    expect(winner).to_contain_text("wins with")
    totals = standings.locator("tbody tr td:nth-child(2)")
    for shown in (winner, *(totals.nth(i) for i in range(len(FIVE)))):
        assert box(shown)["y"] + box(shown)["height"] <= PHONE["height"], f"{shown.inner_text()!r} is below the fold"
    expect(page.get_by_text("Correct the end values")).to_be_visible()
    expect(page.get_by_role("spinbutton", name="Coal in stock")).to_be_hidden()
    look(page, "layout-mine-5-end")


@pytest.mark.parametrize("lang", ["de", "en", "fr", "ja"])
def test_the_swipe_hint_shows_exactly_when_the_standings_scroll_sideways(games: tuple[str, dict[str, str]], browser,
                                                                        lang: str) -> None:
    url, ids = games
    page = phone(browser)
    for file, game in (("mine_end", "five"), ("schichtwechsel_end", "sw")):
        page.goto(f"{url}/{file}?game={ids[game]}&lang={lang}")
        settle(page)
        scrolls = page.locator(".st-key-standings table").evaluate("t => t.parentElement.scrollWidth > t.parentElement.clientWidth")
        hint = page.get_by_text(tr(lang, "standings.swipe"))
        if scrolls:
            expect(hint).to_be_visible()
        else:
            expect(hint).to_be_hidden()


def test_four_players_round_cards_fit(games: tuple[str, dict[str, str]], browser) -> None:
    url, ids = games
    page = phone(browser)
    open_page(page, url, "schichtwechsel_round", ids["sw"])
    totals = page.get_by_test_id("stMarkdownContainer").filter(has=page.locator("table")).last
    assert_rows_fit(totals.locator("table"), totals, ["Anna-Lena", "Benedikt", "Cleopatra", "Dirk"], columns=6)
    look(page, "layout-sw-4-round")
