"""Full tables at a full table, in headless Chromium at 390×844: every game's finished game at its most
seats, two of the names long (a name may have 24 characters), and at five seats (or its most, if fewer),
stored before the pages are opened: the end page shows every player's name and total inside the visible
table (no cell cut off by the page), opens with the winner and every total on the first screen, and says
to swipe exactly when its standings scroll sideways. (Each game's own tables, such as MINE!'s coal and
Schichtwechsel's round cards: its own browser tests.) Screenshots land in artifacts/."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from apptest import put, tr
from browser import CHROMIUM, PHONE, assert_rows_fit, box, look, phone, server, settle
from builders import at
from scoring.registry import GAMES, page_at_stage

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
LONG = ["Anna-Lena Schmidt-Weber", "Benedikt", "Cleo", "Dirk Oberhausen", "Emilia", "Robo"]
"""Up to six seats, two of the names long (a name may have 24 characters)."""
FIVE = ["Anna", "Ben", "Cleo", "Dirk", "Rob"]


def seated(game: str, names: list[str]) -> list[str]:
    """As many of these names as the game seats."""
    return names[:GAMES[game].players[-1]]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[tuple[str, str], str]]]:
    """Per game, a finished game of the long names (`long`) and of the five (`five`), stored: the server's
    URL and each game's link (its end page and id)."""
    store = tmp_path_factory.mktemp("store") / "games.sqlite3"
    links = {}
    for g in GAMES:
        for kind, names in (("long", LONG), ("five", FIVE)):
            doc = at(g, seated(g, names), "finished")
            links[g, kind] = f"{g}_{page_at_stage(doc)}?game={put(store, doc)}"
    with server(store) as url:
        yield url, links


@pytest.mark.parametrize("game", GAMES)
def test_the_end_page_of_the_most_seats_shows_every_total(games: tuple[str, dict[tuple[str, str], str]], browser,
                                                          game: str) -> None:
    url, links = games
    page = phone(browser)
    page.goto(f"{url}/{links[game, 'long']}&lang=en")
    settle(page)
    standings = page.locator(".st-key-standings").get_by_test_id("stMarkdownContainer")
    assert_rows_fit(standings.locator("table"), standings, seated(game, LONG), columns=2)
    look(page, f"layout-{game}-most-seats-end")


@pytest.mark.parametrize("game", GAMES)
def test_the_end_page_opens_with_the_winner_and_every_total(games: tuple[str, dict[tuple[str, str], str]], browser,
                                                            game: str) -> None:
    """The end of a finished game: the winner and every seat's total on the first screen, no scrolling;
    the end values folded away below."""
    url, links = games
    names = seated(game, FIVE)
    page = phone(browser)
    page.goto(f"{url}/{links[game, 'five']}&lang=en")
    settle(page)
    standings = page.locator(".st-key-standings").get_by_test_id("stMarkdownContainer")
    assert_rows_fit(standings.locator("table"), standings, names, columns=2)
    winner = page.get_by_test_id("stAlertContentSuccess")
    expect(winner).to_contain_text("wins with")
    totals = standings.locator("tbody tr td:nth-child(2)")
    for shown in (winner, *(totals.nth(i) for i in range(len(names)))):
        assert box(shown)["y"] + box(shown)["height"] <= PHONE["height"], f"{shown.inner_text()!r} is below the fold"
    expect(page.get_by_text(tr("en", "standings.correct"))).to_be_visible()
    expect(page.get_by_role("spinbutton")).to_have_count(0)
    look(page, f"layout-{game}-five-end")


@pytest.mark.parametrize("lang", ["de", "en", "fr", "ja"])
def test_the_swipe_hint_shows_exactly_when_the_standings_scroll_sideways(games: tuple[str, dict[tuple[str, str], str]],
                                                                        browser, lang: str) -> None:
    url, links = games
    page = phone(browser)
    for link in links.values():
        page.goto(f"{url}/{link}&lang={lang}")
        settle(page)
        scrolls = page.locator(".st-key-standings table").evaluate("t => t.parentElement.scrollWidth > t.parentElement.clientWidth")
        hint = page.get_by_text(tr(lang, "standings.swipe"))
        if scrolls:
            expect(hint).to_be_visible()
        else:
            expect(hint).to_be_hidden()
