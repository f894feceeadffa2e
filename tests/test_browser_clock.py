"""The table clock in headless Chromium at 390×844, on the example game's page: one phone pauses it, the
other sees it paused without a reload and starts it again, and the first sees it running; a running
clock counts on by itself; after a server restart mid-game, the first taps on the clock and on an entry
(the game's `ENTRY`) are stored."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from apptest import put, tr
from browser import CHROMIUM, LIVE, free_port, look, opened, phone, server, tap
from builders import BY_GAME, EXAMPLE
from schichtbuch.store import SQLiteStore
from scoring.app_fields import with_start
from scoring.registry import page_at_stage

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
ENTRY, ENTRIES = BY_GAME[EXAMPLE].ENTRY, BY_GAME[EXAMPLE].ENTRIES


def started(names: list[str], minutes_ago: int) -> dict:
    """A game of the example game started `minutes_ago`, in which the players make their entries."""
    return with_start(ENTRIES.start(names), time.time() - minutes_ago * 60)


def stage_page(doc: dict) -> str:
    """The page the table is on, as its link names it."""
    return f"{doc['game']}_{page_at_stage(doc)}"


def test_the_clock_paused_on_one_phone_and_resumed_on_another(tmp_path: Path, browser) -> None:
    store = tmp_path / "games.sqlite3"
    doc = started(["Anna", "Ben", "Cleo", "Dirk"], 25)
    game_id = put(store, doc)
    with server(store) as url:
        pausing, resuming = phone(browser), phone(browser)
        for page in (pausing, resuming):
            opened(page, url, stage_page(doc), game_id)
            expect(page.get_by_text(tr("en", "clock.running", minutes=25))).to_be_visible()
        tap(pausing, tr("en", "clock.pause"))
        paused = tr("en", "clock.paused", minutes=25)
        expect(resuming.get_by_text(paused)).to_be_visible(timeout=LIVE)
        look(resuming, "clock-paused")
        tap(resuming, tr("en", "clock.resume"))
        expect(pausing.get_by_role("button", name=tr("en", "clock.pause"), exact=True)).to_be_visible(timeout=LIVE)
        expect(pausing.get_by_text(paused)).to_have_count(0)


def test_a_running_clock_counts_on_by_itself_without_a_run(tmp_path: Path, browser) -> None:
    """Nobody taps for three minutes of the browser's clock: the minutes move on in the browser (the
    header's script), in the page's language, with no run of the page (which would count by the server's
    clock, three minutes behind)."""
    store = tmp_path / "games.sqlite3"
    doc = started(["Anna", "Ben", "Cleo"], 25)
    game_id = put(store, doc)
    with server(store) as url:
        page = phone(browser)
        page.clock.install()
        opened(page, url, stage_page(doc), game_id, lang="de")
        expect(page.get_by_text(tr("de", "clock.running", minutes=25))).to_be_visible()
        page.clock.run_for(3 * 60 * 1000)
        expect(page.get_by_text(tr("de", "clock.running", minutes=28))).to_be_visible()
        look(page, "clock-ticked")


def test_after_a_restart_the_clock_and_an_entry_still_take_their_taps(tmp_path: Path, browser) -> None:
    """The server restarted mid-game: one phone's pause and the other's entry, each the first tap of a new
    session, are stored and shown. (The race's switch of Coal Baron: test_browser_coal_baron_race.py.)"""
    names = ["Anna", "Ben", "Cleo"]
    store, port = tmp_path / "games.sqlite3", free_port()
    game_id = put(store, started(names, 5))
    phones = [phone(browser), phone(browser)]
    with server(store, port) as url:
        for page in phones:
            opened(page, url, f"{EXAMPLE}_{ENTRY.page}", game_id)
    with server(store, port):
        pause = phones[0].get_by_role("button", name=tr("en", "clock.pause"), exact=True)
        expect(pause).to_be_enabled(timeout=LIVE * 5)  # greyed out, and deaf to taps, while the phone reconnects
        pause.click()
        ENTRY.tap(phones[1], names, "Ben", 0, "en")
        expect(phones[0].get_by_text(tr("en", "clock.paused", minutes=5))).to_be_visible(timeout=LIVE * 3)
        expect(phones[1].get_by_text(ENTRY.saved("en", names, "Ben", 0))).to_be_visible(timeout=LIVE * 3)
    doc = SQLiteStore(str(store)).load(game_id).doc
    assert ENTRIES.made(doc, "Ben") == [0] and doc["pauses"][0][1] is None
