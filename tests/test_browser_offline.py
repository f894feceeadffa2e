"""A phone whose connection drops, in headless Chromium at 390×844: every tap made meanwhile ends stored as
the phone showed it or visibly refused, never stored as something else.

Two kinds of gap, each 25 s and 3 min long, on a page of every game at once (a phone each, with the
scenario of its builder's `PICKED`: Coal Baron's shift page, MINE!'s round page, Schichtwechsel's
corrections of a round):
- **The phone knows** (the browser is offline, as Playwright's `set_offline` makes it): the page says so in
  a banner and greys its controls; a tap meanwhile is not sent and the banner says so; once back, the
  banner goes and the next tap is stored.
- **The phone does not know** (weak Wi-Fi: the browser still believes it is online and its checks of the
  server seem answered): a choice made meanwhile (a transport, a part of the round, a round to correct)
  is drawn at once, the controls under it stay the old ones, and the tap on one of them reaches the server
  with the new choice once the connection is back. It is refused with a message and nothing is stored; a
  tap on a control as drawn (a card tapped with only the player changed) is stored as shown.
(The choices surviving a reload: in each game's own browser tests.)"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from apptest import stored, tr
from browser import CHROMIUM, LIVE, look, opened, phone, server, settle
from builders import BY_GAME
from schichtbuch.store import SQLiteStore
from scoring.registry import GAMES

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
UNAWARE = """
addEventListener("offline", (event) => event.stopImmediatePropagation(), true);
const fetched = window.fetch;
window.fetch = (url, options) => String(url).includes("_stcore/health") ? Promise.resolve(new Response("ok")) : fetched(url, options);
"""
"""A browser on weak Wi-Fi: it does not know it is offline, and the page's checks of the server seem
answered."""


def banner(page: Page) -> Any:
    return page.locator(".schichtbuch-offline")


def scene(browser: Browser, url: str, store: SQLiteStore, game: str, knows: bool) -> tuple[Page, str]:
    """A phone on the page of a game's `PICKED` scenario, prepared, aware or not of a gap to come."""
    picked = BY_GAME[game].PICKED
    page = phone(browser)
    if not knows:
        page.context.add_init_script(UNAWARE)
    game_id = store.create(picked.start(), {"key": "change.start"}).id
    opened(page, url, f"{game}_{picked.page}", game_id)
    picked.prepare(page)
    return page, game_id


LONG = os.environ.get("SCHICHTBUCH_LONG_TESTS") == "1"
"""Whether to run the variants that take minutes each (a three-minute gap), left out of the default run."""


@pytest.mark.parametrize("gap_s", [25, pytest.param(180, marks=pytest.mark.skipif(
    not LONG, reason="a three-minute connection gap: SCHICHTBUCH_LONG_TESTS=1 runs it"))])
def test_every_tap_made_in_a_connection_gap_ends_stored_as_shown_or_visibly_refused(
        browser: Browser, tmp_path: Path, gap_s: int) -> None:
    """Per game: a phone that knows of the gap and one that does not tap after a pick that redraws the
    controls (refused); a third that does not know taps on a control as drawn (stored as shown). Back
    online, the phone that knew taps again on its page, opened anew: stored."""
    path = tmp_path / "games.sqlite3"
    store = SQLiteStore(str(path))
    with server(path) as url:
        phones = {(game, knows): scene(browser, url, store, game, knows) for game in GAMES for knows in (True, False)}
        kept = {game: scene(browser, url, store, game, False) for game in GAMES}
        every = [*phones.values(), *kept.values()]

        for page, _ in every:
            page.context.set_offline(True)
        for (game, knows), (page, _) in phones.items():
            if knows:
                expect(banner(page)).to_have_text(tr("en", "connection.lost"))
            BY_GAME[game].PICKED.offline(page)
        for game, (page, _) in kept.items():
            BY_GAME[game].PICKED.kept(page)
        for (game, knows), (page, _) in phones.items():
            if knows:
                expect(banner(page)).to_have_text(tr("en", "connection.unsent"))
                look(page, f"offline-{game}")
        every[0][0].wait_for_timeout(gap_s * 1000)

        for page, _ in every:
            page.context.set_offline(False)
        for (game, knows), (page, game_id) in phones.items():
            picked = BY_GAME[game].PICKED
            expect(banner(page)).to_be_hidden(timeout=LIVE * 3)
            settle(page)
            assert picked.untouched(stored(path, game_id)), (game, knows)
            if not knows:
                expect(page.get_by_text(tr("en", "error.pick_unseen", pick=picked.pick))).to_be_visible(timeout=LIVE)
                look(page, f"back-online-{game}")
        for game, (page, game_id) in kept.items():
            picked = BY_GAME[game].PICKED
            expect(page.get_by_text(picked.kept_said)).to_be_visible(timeout=LIVE)
            assert picked.kept_stored(stored(path, game_id)), game

        for game in GAMES:  # back online, a tap is stored as before
            picked, (page, game_id) = BY_GAME[game].PICKED, phones[game, True]
            opened(page, url, f"{game}_{picked.page}", game_id)
            picked.prepare(page)
            picked.kept(page)
            expect(page.get_by_text(picked.kept_said)).to_be_visible(timeout=LIVE)
            assert picked.kept_stored(stored(path, game_id)), game
