"""Coal Baron's race in headless Chromium at 390×844: with 4, 3 and 2 players, a card tapped on one phone
moves the race on another phone (and on a phone watching by the read-only link) without a reload, every
cell of the race stays inside the screen, and the switch that hides it hides it on the other phone too,
also as the first tap after a server restart. Screenshots land in artifacts/."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from apptest import put, tr
from browser import CHROMIUM, LIVE, assert_inside, choose, free_port, look, opened, phone, server, settle, tap
from builders.coal_baron import card_text, created
from schichtbuch.store import SQLiteStore
from scoring.app_fields import with_start
from scoring import coal_baron as cb
from scoring.coal_baron import Kind, Transport

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
FOUR = ["Anna-Lena", "Benedikt", "Cleopatra", "Dirk"]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[Any, str]]]:
    """The games by their player count, and `watched` (four players) with its read-only token (`token`)."""
    store = tmp_path_factory.mktemp("store") / "games.sqlite3"
    four = cb.close_shift(created(FOUR), 1, factory={"Anna-Lena": 2, "Benedikt": 0, "Cleopatra": 1, "Dirk": 0})
    ids = {4: put(store, four), 3: put(store, created(FOUR[:3])), 2: put(store, created(["Anna", "Ben"])),
           "watched": put(store, created(["Anna", "Ben", "Cleo", "Dirk"]))}
    ids["token"] = SQLiteStore(str(store)).watch_token(ids["watched"])
    with server(store) as url:
        yield url, ids


def race(page: Page, shift: str) -> Locator:
    """The race's table."""
    title = tr("en", "coal_baron.race.title", shift=shift)
    return page.get_by_test_id("stMarkdownContainer").filter(has_text=title).locator("table")


def cell(table: Locator, element: str, column: int) -> Locator:
    """One player's cell (`column` in seating order) of one element's row."""
    element_cell = table.page.get_by_role("cell", name=element, exact=True)
    return table.locator("tr").filter(has=element_cell).locator("td").nth(column + 1)


def assert_fits(table: Locator) -> None:
    for cell in table.locator("th, td").all():
        assert_inside(cell, table)


def deliver(page: Page, player: str, transport: Transport, order: cb.Order) -> None:
    choose(page, tr("en", "coal_baron.shift.player"), player)
    choose(page, tr("en", "coal_baron.shift.transport"), tr("en", f"transport.{transport}"), exact=False)
    tap(page, card_text(order))


@pytest.mark.parametrize("players", [4, 3, 2])
def test_a_card_on_one_phone_moves_the_race_on_another(games: tuple[str, dict[Any, str]], browser, players: int) -> None:
    url, ids = games
    shift = "II" if players == 4 else "I"
    tapping, watching = phone(browser), phone(browser)
    for page in (tapping, watching):
        opened(page, url, "coal_baron_shift", ids[players])
    table = race(watching, shift)
    expect(table).to_be_visible()
    assert_fits(table)
    who = FOUR[2] if players > 2 else "Ben"
    train = cb.cards(Transport.TRAIN)[0]
    deliver(tapping, who, Transport.TRAIN, train)
    colour = train.coal[0]
    first = next(e.first for e in cb.ELEMENTS if e.kind is Kind.COAL and e.name == colour)
    seat = FOUR.index(who) if players > 2 else 1
    expect(cell(race(watching, shift), cb.symbols((colour,)), seat)).to_have_text(
        f"{train.coal.count(colour)} 🥇{first}", timeout=LIVE)
    assert_fits(race(watching, shift))
    look(watching, f"race-{players}p")


def test_hiding_the_race_hides_it_on_the_other_phone(games: tuple[str, dict[Any, str]], browser) -> None:
    url, ids = games
    hiding, other = phone(browser), phone(browser)
    for page in (hiding, other):
        opened(page, url, "coal_baron_shift", ids[2])
    hiding.get_by_text(tr("en", "coal_baron.race.hide"), exact=True).click()
    settle(hiding)
    expect(other.get_by_text(tr("en", "coal_baron.race.hidden"))).to_be_visible(timeout=LIVE)
    expect(race(other, "I")).to_have_count(0)
    other.get_by_text(tr("en", "coal_baron.race.hide"), exact=True).click()
    settle(other)
    expect(race(hiding, "I")).to_be_visible(timeout=LIVE)


def test_a_watcher_sees_the_race_move(games: tuple[str, dict[Any, str]], browser) -> None:
    """A card tapped at the table moves the race on the read-only link's page, without a reload."""
    url, ids = games
    table, watcher = phone(browser), phone(browser)
    opened(table, url, "coal_baron_shift", ids["watched"])
    watcher.goto(f"{url}/watch?watch={ids['token']}&lang=en")
    settle(watcher)
    title = tr("en", "coal_baron.race.title", shift="I")
    expect(watcher.get_by_text(title)).to_be_visible()
    yellow = cb.cards(Transport.WHEELBARROW)[0]
    deliver(table, "Ben", Transport.WHEELBARROW, yellow)
    race = watcher.get_by_test_id("stMarkdownContainer").filter(has_text=title).locator("table")
    expect(race.locator("tr").nth(1).locator("td").nth(2)).to_have_text("1 🥇2", timeout=LIVE)
    look(watcher, "watch-race")


def test_after_a_restart_the_race_switch_takes_its_tap(tmp_path: Path, browser) -> None:
    """The server restarted mid-game: a phone's tap on the race's switch, the first of a new session, is
    stored and shown."""
    store, port = tmp_path / "games.sqlite3", free_port()
    game_id = put(store, with_start(created(["Anna", "Ben", "Cleo"]), time.time() - 5 * 60))
    page = phone(browser)
    with server(store, port) as url:
        opened(page, url, "coal_baron_shift", game_id)
    with server(store, port):
        switch = page.get_by_role("switch", name=tr("en", "coal_baron.race.hide"), exact=True)
        expect(switch).to_be_enabled(timeout=LIVE * 5)  # greyed out, and deaf to taps, while the phone reconnects
        page.get_by_text(tr("en", "coal_baron.race.hide"), exact=True).click()
        expect(page.get_by_text(tr("en", "coal_baron.race.hidden"))).to_be_visible(timeout=LIVE * 3)
    assert SQLiteStore(str(store)).load(game_id).doc["race_hidden"] is True
