"""The read-only link in headless Chromium: a watching phone at 390×844 sees a card tapped at the table
without a reload and has no control that writes; its token put where a game's id goes opens nothing and
stores nothing; the big-screen form fills a 1920×1080 screen. Screenshots land in artifacts/."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from apptest import put, tr
from browser import CHROMIUM, LIVE, choose, look, opened, phone, screen, server, settle, tap
from builders.coal_baron import card_text, created
from schichtbuch.store import SQLiteStore
from scoring import coal_baron as cb
from scoring.coal_baron import Transport

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser


def test_a_watcher_sees_the_table_live_and_cannot_write(tmp_path: Path, browser) -> None:
    store = tmp_path / "games.sqlite3"
    game_id = put(store, created(["Anna", "Ben", "Cleo", "Dirk"]))
    token = SQLiteStore(str(store)).watch_token(game_id)
    with server(store) as url:
        table, watcher = phone(browser), phone(browser)
        opened(table, url, "coal_baron_shift", game_id)
        watcher.goto(f"{url}/watch?watch={token}&lang=en")
        settle(watcher)
        title = tr("en", "coal_baron.race.title", shift="I")
        expect(watcher.get_by_text(title)).to_be_visible()
        assert watcher.get_by_role("button").count() == 0
        assert watcher.get_by_role("textbox").count() == watcher.get_by_role("spinbutton").count() == 0

        choose(table, tr("en", "coal_baron.shift.player"), "Ben")
        yellow = cb.cards(Transport.WHEELBARROW)[0]
        tap(table, card_text(yellow))
        race = watcher.get_by_test_id("stMarkdownContainer").filter(has_text=title).locator("table")
        expect(race.locator("tr").nth(1).locator("td").nth(2)).to_have_text("1 🥇2", timeout=LIVE)
        look(watcher, "watch-phone")

        versions = SQLiteStore(str(store)).version(game_id)
        forged = phone(browser)
        forged.goto(f"{url}/coal_baron_shift?game={token}&lang=en")
        settle(forged)
        expect(forged.get_by_text(tr("en", "error.unknown_game"))).to_be_visible()
        assert forged.get_by_role("button", name=card_text(yellow)).count() == 0
        assert SQLiteStore(str(store)).version(game_id) == versions

        tv = screen(browser, 1920, 1080)
        tv.goto(f"{url}/watch?watch={token}&lang=en&view=tv")
        expect(tv.get_by_text(title)).to_be_visible(timeout=15_000)
        tv.wait_for_timeout(500)
        tv.screenshot(path=str(Path(__file__).resolve().parent.parent / "artifacts" / "watch-tv.png"))
