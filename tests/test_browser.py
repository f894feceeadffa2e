"""A game lives in the store and the link, in headless Chromium at 390×844: after a reload, and after the
server is stopped and started again on the same store, the phone shows the same entries (the example
game's `ENTRY`, in German this time). Each game's whole game on two phones: `test_browser_<game>.py`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from apptest import put, stored
from browser import CHROMIUM, chromium, free_port, look, opened, phone, server, settle
from builders import BY_GAME, EXAMPLE

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
TWO = ["Anna", "Ben"]


def test_a_reload_and_a_server_restart_lose_nothing(tmp_path: Path) -> None:
    entry = BY_GAME[EXAMPLE].ENTRY
    store, port = tmp_path / "games.sqlite3", free_port()
    game_id = put(store, BY_GAME[EXAMPLE].ENTRIES.start(TWO))
    with chromium() as browser:
        table = phone(browser)
        with server(store, port) as url:
            opened(table, url, f"{EXAMPLE}_{entry.page}", game_id, "de")
            entry.show(table, "de")
            entry.tap(table, TWO, "Anna", 0, "de")
            expect(table.get_by_text(entry.saved("de", TWO, "Anna", 0))).to_be_visible()
            logged = table.get_by_text(entry.shown("de", stored(store, game_id), "Anna", 0))
            expect(logged).to_be_visible()
            table.reload()
            settle(table)
            entry.show(table, "de")
            expect(logged).to_be_visible()
        with server(store, port):
            table.reload()
            settle(table)
            entry.show(table, "de")
            expect(logged).to_be_visible()
            look(table, "entry-after-restart")
