"""The table clock in headless Chromium at 390×844: one phone pauses it, the other sees it paused without a
reload and starts it again, and the first sees it running; the header keeps to the screen's width."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from apptest import put, tr
from browser import CHROMIUM, LIVE, look, opened, phone, server, tap
from builders.coal_baron import created
from scoring.app_fields import with_start

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser


def test_the_clock_paused_on_one_phone_and_resumed_on_another(tmp_path: Path, browser) -> None:
    store = tmp_path / "games.sqlite3"
    game_id = put(store, with_start(created(["Anna", "Ben", "Cleo", "Dirk"]), time.time() - 25 * 60))
    with server(store) as url:
        pausing, resuming = phone(browser), phone(browser)
        for page in (pausing, resuming):
            opened(page, url, "coal_baron_shift", game_id)
            expect(page.get_by_text(tr("en", "clock.running", minutes=25))).to_be_visible()
        tap(pausing, tr("en", "clock.pause"))
        paused = tr("en", "clock.paused", minutes=25)
        expect(resuming.get_by_text(paused)).to_be_visible(timeout=LIVE)
        look(resuming, "clock-paused")
        tap(resuming, tr("en", "clock.resume"))
        expect(pausing.get_by_role("button", name=tr("en", "clock.pause"), exact=True)).to_be_visible(timeout=LIVE)
        expect(pausing.get_by_text(paused)).to_have_count(0)
