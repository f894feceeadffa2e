"""A player's profile in headless Chromium at 390×844: on a group's statistics page, a tap on a player's
name opens the profile (plays and wins, head to head, ratings), every control on it at least 44 px wide
and tall and nothing scrolling sideways; in Japanese its tables' first column keeps its words whole; the
screenshots land in artifacts/."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, expect

from apptest import tr
from browser import CHROMIUM, ROOT, look, phone, server, settle, small
from builders import EXAMPLE, dummy_ahead, finished_examples
from schichtbuch.store import SQLiteStore
from scoring.registry import GAMES

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
PLAYED = [finished_examples(g)[0] for g in GAMES] + finished_examples(EXAMPLE)[1:]
"""Each game's finished example game, then the example game's others (as `test_player_pages`)."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server with a group that has finished the example games twice over and a game the dummy seat
    leads; yields its URL and the group's id."""
    path = tmp_path_factory.mktemp("store") / "games.sqlite3"
    store = SQLiteStore(str(path))
    group = store.create_group("Donnerstagsrunde", ["Anna", "Ben", "Cleo"])
    games = [json.loads((ROOT / "tests" / "games" / f"{n}.json").read_text(encoding="utf-8")) for n in PLAYED * 2]
    for hour, game in enumerate([*games, dummy_ahead(["Anna", "Ben", "Robo"], "Robo")]):
        store.create({**game, "started": 1_700_000_000 + 3600 * hour}, {"key": "change.start"}, group=group.id)
    with server(path) as url:
        yield url, group.id


def test_a_tap_on_a_name_on_the_statistics_page_opens_the_profile(app: tuple[str, str], browser: Browser) -> None:
    url, group_id = app
    page = phone(browser)
    page.goto(f"{url}/stats?group={group_id}&lang=en")
    settle(page)
    look(page, "player-stats")
    links = page.locator(".st-key-player_links").get_by_role("link")
    expect(links).to_have_count(3)
    assert [text.split()[-1] for text in links.all_inner_texts()] == ["Anna", "Ben", "Cleo"]
    links.first.click()
    settle(page)
    expect(page.get_by_role("heading", name="👤 Anna")).to_be_visible()
    assert "player=Anna" in page.url
    expect(page.get_by_text(tr("en", "player.beaten", rival="Ben", player="Anna", count=6, games=9)
                            .replace("**", ""))).to_be_visible()
    expect(page.get_by_text(tr("en", "rating.explain"))).to_be_visible()
    assert small(page) == []
    look(page, "player-profile")
    page.context.close()


def test_in_japanese_the_first_column_of_the_profiles_tables_keeps_its_words_whole(tmp_path: Path,
                                                                                  browser: Browser) -> None:
    """A group of one game with its times: the by-game table is wider than the screen, and the browser broke
    "ゲーム" and the game's name a character a line to make room (Japanese breaks anywhere)."""
    path = tmp_path / "games.sqlite3"
    store = SQLiteStore(str(path))
    group = store.create_group("木曜会", ["Anna", "Ben", "Cleo"])
    for hour, name in enumerate(finished_examples(EXAMPLE) * 2):
        start = 1_700_000_000 + 3600 * hour
        game = json.loads((ROOT / "tests" / "games" / f"{name}.json").read_text(encoding="utf-8"))
        store.create({**game, "started": start, "ended": start + 5400}, {"key": "change.start"}, group=group.id)
    with server(path) as url:
        page = phone(browser)
        page.goto(f"{url}/player?group={group.id}&lang=ja&player=Anna")
        settle(page)
        look(page, "player-profile-ja")
        first = page.locator("table").first
        header, name = first.locator("th").first, first.locator("tbody td").first
        assert (header.inner_text(), name.inner_text()) == (tr("ja", "stats.game"), GAMES[EXAMPLE].names["ja"])
        assert [lines(header), lines(name)] == [1, 1]
        page.context.close()


def lines(cell: Locator) -> int:
    """How many lines the text of a table cell takes."""
    return int(cell.evaluate("cell => { const r = document.createRange(); r.selectNodeContents(cell); "
                             "return new Set([...r.getClientRects()].map(line => Math.round(line.top))).size; }"))
