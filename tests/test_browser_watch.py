"""The read-only link in headless Chromium: a watching phone at 390×844 sees an entry made at the table
without a reload (the example game's `ENTRY`) and has no control that writes; its token put where a game's
id goes opens nothing and stores nothing; the big-screen form fills a 1920×1080 screen. (Coal Baron's race
on a watching phone: test_browser_coal_baron_race.py.) Screenshots land in artifacts/."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from apptest import put, stored, tr
from browser import CHROMIUM, LIVE, SHOTS, look, opened, phone, screen, server, settle
from builders import BY_GAME, EXAMPLE
from schichtbuch.store import SQLiteStore

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
FOUR = ["Anna", "Ben", "Cleo", "Dirk"]
MAIN = "[data-testid='stMain']"


def shown(page: Page) -> str:
    """Everything the page shows, as text."""
    return page.locator(MAIN).inner_text()


def test_a_watcher_sees_the_table_live_and_cannot_write(tmp_path: Path, browser) -> None:
    entry, entries = BY_GAME[EXAMPLE].ENTRY, BY_GAME[EXAMPLE].ENTRIES
    store = tmp_path / "games.sqlite3"
    game_id = put(store, entries.start(FOUR))
    token = SQLiteStore(str(store)).watch_token(game_id)
    with server(store) as url:
        table, watcher = phone(browser), phone(browser)
        opened(table, url, f"{EXAMPLE}_{entry.page}", game_id)
        watcher.goto(f"{url}/watch?watch={token}&lang=en")
        settle(watcher)
        standings = tr("en", "standings.so_far")
        expect(watcher.get_by_text(standings)).to_be_visible()
        assert watcher.get_by_role("button").count() == 0
        assert watcher.get_by_role("textbox").count() == watcher.get_by_role("spinbutton").count() == 0

        before = shown(watcher)
        entry.tap(table, FOUR, "Ben", 0, "en")
        expect(table.get_by_text(entry.saved("en", FOUR, "Ben", 0))).to_be_visible(timeout=LIVE)
        assert entries.made(stored(store, game_id), "Ben") == [0]
        watcher.wait_for_function(f"() => document.querySelector({MAIN!r}).innerText !== {before!r}", timeout=LIVE)
        look(watcher, "watch-phone")

        versions = SQLiteStore(str(store)).version(game_id)
        forged = phone(browser)
        forged.goto(f"{url}/{EXAMPLE}_{entry.page}?game={token}&lang=en")
        settle(forged)
        expect(forged.get_by_text(tr("en", "error.unknown_game"))).to_be_visible()
        assert forged.get_by_role("button").count() == 0
        assert SQLiteStore(str(store)).version(game_id) == versions

        tv = screen(browser, 1920, 1080)
        tv.goto(f"{url}/watch?watch={token}&lang=en&view=tv")
        expect(tv.get_by_text(standings)).to_be_visible(timeout=15_000)
        tv.wait_for_timeout(500)
        tv.screenshot(path=str(SHOTS / "watch-tv.png"))
