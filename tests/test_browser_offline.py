"""A phone whose connection drops, in headless Chromium at 390×844: every tap made meanwhile ends stored as
the phone showed it or visibly refused, never stored as something else.

Two kinds of gap, each 25 s and 3 min long, on Coal Baron's shift page, MINE!'s round page and
Schichtwechsel's round page at once (a phone each):
- **The phone knows** (the browser is offline, as Playwright's `set_offline` makes it): the page says so in
  a banner and greys its controls; a tap meanwhile is not sent and the banner says so; once back, the
  banner goes and the next tap is stored.
- **The phone does not know** (weak Wi-Fi: the browser still believes it is online and its checks of the
  server seem answered): a choice made meanwhile (a transport, a part of the round, a round to correct)
  is drawn at once, the controls under it stay the old ones, and the tap on one of them reaches the server
  with the new choice once the connection is back. It is refused with a message and nothing is stored; a
  card tapped with only the player changed is stored for that player, as shown.
And the choices survive a reload."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from apptest import tr
from browser import CHROMIUM, LIVE, chromium, keyed, look, opened, part, phone, server, settle
from builders.coal_baron import card_text
from schichtbuch.session.page import widget_key
from schichtbuch.store import SQLiteStore
from scoring import coal_baron as cb, mine, schichtwechsel as sw
from scoring.coal_baron import Transport

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
TWO = ["Anna", "Ben"]
WHEELBARROW = cb.cards(Transport.WHEELBARROW)[0]
UNAWARE = """
addEventListener("offline", (event) => event.stopImmediatePropagation(), true);
const fetched = window.fetch;
window.fetch = (url, options) => String(url).includes("_stcore/health") ? Promise.resolve(new Response("ok")) : fetched(url, options);
"""
"""A browser on weak Wi-Fi: it does not know it is offline, and the page's checks of the server seem
answered."""


def radio(page: Page, group: str, option: str) -> None:
    """Tap an option of a row of buttons without waiting for the run it asks for (there is none offline)."""
    page.get_by_role("radiogroup", name=group, exact=True).get_by_role("radio", name=option, exact=False).click()


@dataclass(frozen=True)
class Scene:
    """One phone's part: the game it opens on which page, what it does while the connection is gone
    (`offline`: choices and a tap, none waiting for a run), what the store holds afterwards if the tap
    is refused (`untouched`), and the line the page shows when the tap is refused for a choice."""

    doc: Callable[[], dict[str, Any]]
    page: str
    prepare: Callable[[Page], None]
    offline: Callable[[Page], None]
    untouched: Callable[[dict[str, Any]], bool]
    pick: str


def sw_two_rounds() -> dict[str, Any]:
    doc = sw.new_record(TWO, {}, "Anna")
    for number in (1, 2):
        doc = sw.add_round(doc, number, f"Karte {number}", {"Anna": number, "Ben": 0})
    return doc


def nothing(page: Page) -> None:
    """No preparation."""


def sw_correcting(page: Page) -> None:
    page.get_by_text(tr("en", "schichtwechsel.round.correct"), exact=True).click()
    settle(page)


def cb_offline(page: Page) -> None:
    radio(page, "Player", "Ben")
    radio(page, "Transport", "Train")
    page.get_by_role("button", name=card_text(WHEELBARROW), exact=True).click()


def mine_offline(page: Page) -> None:
    page.locator("[class*='st-key-mine_events_1_Anna_'] input").fill("1")
    radio(page, tr("en", "mine.round.phase"), tr("en", "mine.phase.expedition"))
    page.get_by_test_id("stForm").filter(has=page.locator("[class*='st-key-mine_events_1_']")).get_by_role(
        "button", name="Save").click()


def sw_offline(page: Page) -> None:
    keyed(page, widget_key("round_points", "fix", 2, "Ben")).locator("input").fill("5")
    radio(page, tr("en", "schichtwechsel.round.which"), "1")
    page.get_by_role("button", name=tr("en", "schichtwechsel.round.save_fix", round=2), exact=True).click()


SCENES = {
    "coal_baron": Scene(lambda: cb.new_record(TWO, {}, "Anna"), "coal_baron_shift", nothing, cb_offline,
                        lambda doc: not any(doc["current_shift"].values()), "Transport: Wheelbarrow"),
    "mine": Scene(lambda: mine.new_record(TWO, {}, "Anna"), "mine_round", nothing, mine_offline,
                  lambda doc: "events" not in (doc.get("current") or {}),
                  f"{tr('en', 'mine.round.phase')}: {tr('en', 'mine.phase.events')}"),
    "schichtwechsel": Scene(sw_two_rounds, "schichtwechsel_round", sw_correcting, sw_offline,
                            lambda doc: [r["points"]["Ben"] for r in doc["rounds"]] == [0, 0],
                            f"{tr('en', 'schichtwechsel.round.which')}: 2"),
}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as opened_browser:
        yield opened_browser


def stored(path: Path, game_id: str) -> dict[str, Any]:
    return SQLiteStore(str(path)).load(game_id).doc


def banner(page: Page) -> Any:
    return page.locator(".schichtbuch-offline")


LONG = os.environ.get("SCHICHTBUCH_LONG_TESTS") == "1"
"""Whether to run the variants that take minutes each (a three-minute gap), left out of the default run."""


@pytest.mark.parametrize("gap_s", [25, pytest.param(180, marks=pytest.mark.skipif(
    not LONG, reason="a three-minute connection gap: SCHICHTBUCH_LONG_TESTS=1 runs it"))])
def test_every_tap_made_in_a_connection_gap_ends_stored_as_shown_or_visibly_refused(
        browser: Browser, tmp_path: Path, gap_s: int) -> None:
    path = tmp_path / "games.sqlite3"
    store = SQLiteStore(str(path))
    phones: dict[tuple[str, bool], tuple[Page, str]] = {}
    with server(path) as url:
        for game, scene in SCENES.items():
            for knows in (True, False):
                page = phone(browser)
                if not knows:
                    page.context.add_init_script(UNAWARE)
                game_id = store.create(scene.doc(), {"key": "change.start"}).id
                opened(page, url, scene.page, game_id)
                scene.prepare(page)
                phones[game, knows] = page, game_id
        only_player = phone(browser)  # a card tapped with only the player changed: stored as shown
        only_player.context.add_init_script(UNAWARE)
        player_game = store.create(cb.new_record(TWO, {}, "Anna"), {"key": "change.start"}).id
        opened(only_player, url, "coal_baron_shift", player_game)

        for page, _ in [*phones.values(), (only_player, "")]:
            page.context.set_offline(True)
        for (game, knows), (page, _) in phones.items():
            if knows:
                expect(banner(page)).to_have_text(tr("en", "connection.lost"))
            SCENES[game].offline(page)
        radio(only_player, "Player", "Ben")
        only_player.get_by_role("button", name=card_text(WHEELBARROW), exact=True).click()
        for (game, knows), (page, _) in phones.items():
            if knows:
                expect(banner(page)).to_have_text(tr("en", "connection.unsent"))
                look(page, f"offline-{game}")
        phones["coal_baron", True][0].wait_for_timeout(gap_s * 1000)

        for page, _ in [*phones.values(), (only_player, "")]:
            page.context.set_offline(False)
        for (game, knows), (page, game_id) in phones.items():
            expect(banner(page)).to_be_hidden(timeout=LIVE * 3)
            settle(page)
            assert SCENES[game].untouched(stored(path, game_id)), (game, knows)
            if not knows:
                expect(page.get_by_text(tr("en", "error.pick_unseen", pick=SCENES[game].pick))).to_be_visible(timeout=LIVE)
                look(page, f"back-online-{game}")
        expect(only_player.get_by_text(f"Saved: Ben · Wheelbarrow {cb.symbols(WHEELBARROW.coal)} · 2 VP")).to_be_visible(
            timeout=LIVE)
        assert cb.read(stored(path, player_game)).current_shift == {"Anna": (), "Ben": (WHEELBARROW,)}

        page, game_id = phones["coal_baron", True]  # back online, a tap is stored as before
        page.get_by_role("button", name=card_text(WHEELBARROW), exact=True).click()
        expect(page.get_by_text(f"Saved: Anna · Wheelbarrow {cb.symbols(WHEELBARROW.coal)} · 2 VP")).to_be_visible(
            timeout=LIVE)


def test_the_player_transport_and_part_of_a_round_survive_a_reload(browser: Browser, tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = SQLiteStore(str(path))
    coal_baron = store.create(cb.new_record(TWO, {}, "Anna"), {"key": "change.start"}).id
    mine_game = store.create(mine.new_record(TWO, {}, "Anna"), {"key": "change.start"}).id
    with server(path) as url:
        page = phone(browser)
        opened(page, url, "coal_baron_shift", coal_baron)
        for group, option in (("Player", "Ben"), ("Transport", "Train")):
            radio(page, group, option)
            settle(page)
        page.reload()
        settle(page)
        for group, option in (("Player", "Ben"), ("Transport", "Train")):
            picked = page.get_by_role("radiogroup", name=group, exact=True).get_by_role("radio", name=option, exact=False)
            expect(picked).to_have_attribute("aria-checked", "true")
        expect(page.get_by_role("button", name=card_text(cb.cards(Transport.TRAIN)[0]), exact=True)).to_be_visible()
        opened(page, url, "mine_round", mine_game)
        part(page, tr("en", "mine.phase.looting"))
        page.reload()
        settle(page)
        expect(page.get_by_role("radio", name=tr("en", "mine.phase.looting"), exact=True)).to_have_attribute(
            "aria-checked", "true")
